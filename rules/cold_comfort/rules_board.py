"""Map geometry derived from the placed tiles: streets, placements, neighbourhoods (spec §5).

The map changes only when a tile is placed (at most 13 times a game), so a `Board` is computed once
per tile layout and cached; legal actions are asked for far more often than tiles are placed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rules.cold_comfort.rules_tiles import (
    ROTATIONS,
    footprint_size,
    placed_squares,
    printed_streets,
    public_count,
)
from rules.cold_comfort.state import PlacedTile

Square = tuple[int, int]
MAIN_STREET: tuple[Square, ...] = ((0, 0), (0, 1), (0, 2))
DIRECTIONS: tuple[Square, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
Layout = tuple[tuple[str, int, int, int], ...]


def neighbours(square: Square) -> Iterable[Square]:
    x, y = square
    return ((x + dx, y + dy) for dx, dy in DIRECTIONS)


def distance(a: Square, b: Square) -> int:
    """CC-26: walking distance, obstacles ignored."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@dataclass(frozen=True)
class Board:
    layout: Layout
    printed: dict[Square, int]  # every tile square → printed value; 0 = public building
    tile_of: dict[Square, int]  # square → tile order
    streets: frozenset[Square]
    building_of: dict[Square, Square]  # public square → its building's name (smallest square)
    neighbourhoods: tuple[tuple[int, ...], ...]  # tile orders, sorted by smallest order
    values: tuple[int, ...]  # each neighbourhood's value (CC-27)
    bounds: tuple[int, int, int, int]  # min x, min y, max x, max y of tile squares

    def is_lot(self, square: Square) -> bool:
        return self.printed.get(square, 0) > 0

    def adjacent(self, square: Square) -> list[Square]:
        """CC-25: tile squares sharing an edge with a tile square."""
        return [n for n in neighbours(square) if n in self.printed]

    def hood_index(self, tile_order: int) -> int:
        for i, hood in enumerate(self.neighbourhoods):
            if tile_order in hood:
                return i
        raise KeyError(tile_order)


def layout_of(tiles: Iterable[PlacedTile]) -> Layout:
    return tuple((t.tile_id, t.x, t.y, t.rotation) for t in tiles)


def board_of(tiles: Iterable[PlacedTile]) -> Board:
    return _board(layout_of(tiles))


@lru_cache(maxsize=512)
def _board(layout: Layout) -> Board:
    printed: dict[Square, int] = {}
    tile_of: dict[Square, int] = {}
    building_of: dict[Square, Square] = {}
    streets: set[Square] = set(MAIN_STREET)
    for order, (tile_id, x, y, r) in enumerate(layout):
        publics = []
        for square, value in placed_squares(tile_id, x, y, r):
            printed[square] = value
            tile_of[square] = order
            if value == 0:
                publics.append(square)
        for square in publics:
            building_of[square] = min(publics)
        streets.update(printed_streets(tile_id, x, y, r))
    # CC-22 rule 3: one-square gaps between tile squares.
    for square in list(printed):
        for n in neighbours(square):
            if n in printed or n in streets:
                continue
            nx, ny = n
            if ((nx - 1, ny) in printed and (nx + 1, ny) in printed) or (
                (nx, ny - 1) in printed and (nx, ny + 1) in printed
            ):
                streets.add(n)
    streets.difference_update(printed)
    # Neighbourhoods: connected components of tiles through adjacent squares.
    parent = list(range(len(layout)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for square, order in tile_of.items():
        for dx, dy in ((1, 0), (0, 1)):
            other = tile_of.get((square[0] + dx, square[1] + dy))
            if other is not None and other != order:
                parent[find(other)] = find(order)
    groups: dict[int, list[int]] = {}
    for order in range(len(layout)):
        groups.setdefault(find(order), []).append(order)
    hoods = tuple(sorted((tuple(sorted(g)) for g in groups.values()), key=lambda g: g[0]))
    values = tuple(sum(1 + public_count(layout[o][0]) for o in hood) for hood in hoods)
    xs = [s[0] for s in printed] or [0]
    ys = [s[1] for s in printed] or [0]
    return Board(
        layout=layout,
        printed=printed,
        tile_of=tile_of,
        streets=frozenset(streets),
        building_of=building_of,
        neighbourhoods=hoods,
        values=values,
        bounds=(min(xs), min(ys), max(xs), max(ys)),
    )


def placement_problem(board: Board, tile_id: str, x: int, y: int, rotation: int) -> str | None:
    """Why a placement breaks CC-23, in a player's words; None when it is legal."""
    if rotation not in ROTATIONS:
        return f"Rotation must be 0, 90, 180 or 270 degrees, not {rotation}."
    squares = [s for s, _ in placed_squares(tile_id, x, y, rotation)]
    for s in squares:
        if s in board.printed:
            return f"{tile_id} would cover {fmt(s)}, which is already part of a tile."
        if s in board.streets:
            return f"{tile_id} would cover {fmt(s)}, which is a street."
    for s in printed_streets(tile_id, x, y, rotation):
        if s in board.printed:
            return f"{tile_id}'s printed street edge would run over the tile square {fmt(s)}."
    for sx, sy in squares:
        for dx, dy in DIRECTIONS:
            one = (sx + dx, sy + dy)
            if one in board.printed:
                return None
            if (sx + 2 * dx, sy + 2 * dy) in board.printed:
                return None
    return f"{tile_id} at {fmt((x, y))} would neither touch the map nor sit one street away."


_SHAPES: dict[int, tuple[Square, ...]] = {  # rotation → its footprint's offsets from the anchor
    r: tuple((dx, dy) for dx in range(footprint_size(r)[0]) for dy in range(footprint_size(r)[1]))
    for r in ROTATIONS
}


@lru_cache(maxsize=64)
def _free_anchors(layout: Layout, shape: tuple[Square, ...]) -> frozenset[Square]:
    """Anchors whose footprint `shape` covers no tile square or street and has a square that
    touches the map or sits one street away: CC-23 but for the printed street edges, which alone
    depend on the tile. Only anchors reaching such a square are candidates, not the whole bounding
    box of the map."""
    board = _board(layout)
    printed = board.printed
    blocked = printed.keys() | board.streets
    reach = {  # free squares from which a tile touches the map or sits one street away
        (px - k * dx, py - k * dy) for px, py in printed for dx, dy in DIRECTIONS for k in (1, 2)
    }
    reach.difference_update(blocked)
    near = {(sx - ox, sy - oy) for sx, sy in reach for ox, oy in shape}
    near.difference_update({(bx - ox, by - oy) for bx, by in blocked for ox, oy in shape})
    return frozenset(near)


@lru_cache(maxsize=512)
def _placements(layout: Layout, tile_id: str) -> tuple[tuple[int, int, int], ...]:
    """The same test as `placement_problem`, by sets of anchors: the free anchors of each
    rotation's footprint less those whose printed street edge would run over a tile square."""
    printed = _board(layout).printed
    found: list[tuple[int, int, int]] = []
    for r in ROTATIONS:
        anchors = _free_anchors(layout, _SHAPES[r])
        edge = printed_streets(tile_id, 0, 0, r)
        if edge:
            anchors = anchors - {(px - ex, py - ey) for px, py in printed for ex, ey in edge}
        found.extend((x, y, r) for x, y in anchors)
    found.sort()
    return tuple(found)


def legal_placements(board: Board, tile_id: str) -> tuple[tuple[int, int, int], ...]:
    """CC-23: every legal (x, y, rotation) of `tile_id`, sorted by field values."""
    return _placements(board.layout, tile_id)


def fmt(square: Square) -> str:
    return f"({square[0]},{square[1]})"


@lru_cache(maxsize=512)
def lots(layout: Layout) -> tuple[tuple[int, int, int], ...]:
    """Every lot of a map (a square with a printed value, not a public building) as
    (value, x, y), sorted: the order builds are listed in."""
    return tuple(sorted((v, x, y) for (x, y), v in _board(layout).printed.items() if v > 0))

"""Map geometry derived from the placed tiles: streets, placements, neighbourhoods (spec §5).

The map changes only when a tile is placed (at most 13 times a game), so a `Board` is computed once
per tile layout, from the board without the last tile, and cached; legal actions are asked for far
more often than tiles are placed. Legal placements are computed on bit sets of the map (`_Grid`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from rules.cold_comfort.rules_tiles import (
    ROTATIONS,
    footprint_size,
    placed_squares,
    printed_streets,
    public_count,
)
from rules.cold_comfort.state import PlacedTile
from rules.lazy_lists import MadeByIndex

Square = tuple[int, int]
MAIN_STREET: tuple[Square, ...] = ((0, 0), (0, 1), (0, 2))
DIRECTIONS: tuple[Square, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
Layout = tuple[tuple[str, int, int, int], ...]


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
        x, y = square
        printed = self.printed
        return [n for n in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)) if n in printed]

    @cached_property
    def lots(self) -> tuple[tuple[int, int, int], ...]:
        """Every lot (a square with a printed value, not a public building) as (value, x, y),
        sorted: the order builds are listed in."""
        return tuple(sorted([(v, x, y) for (x, y), v in self.printed.items() if v > 0]))

    @cached_property
    def hood_tiles(self) -> tuple[tuple[str, ...], ...]:
        """Each neighbourhood's tile ids, by tile order."""
        return tuple(tuple(self.layout[o][0] for o in hood) for hood in self.neighbourhoods)

    @cached_property
    def hood_of(self) -> tuple[int, ...]:
        """Tile order → the index of its neighbourhood."""
        out = [0] * len(self.layout)
        for i, hood in enumerate(self.neighbourhoods):
            for order in hood:
                out[order] = i
        return tuple(out)

    @cached_property
    def hood_at(self) -> dict[Square, int]:
        """Tile square → the index of its neighbourhood."""
        hood_of = self.hood_of
        return {square: hood_of[order] for square, order in self.tile_of.items()}

    @cached_property
    def lots_of_value(self) -> dict[int, tuple[Square, ...]]:
        """Value (1 to 6) → the lots printed with it, sorted: `lots` grouped by value. A board
        grown by `_added` gets it there, from the smaller board's and the new tile's lots."""
        out: dict[int, list[Square]] = {v: [] for v in range(1, 7)}
        for value, x, y in self.lots:
            out[value].append((x, y))
        return {v: tuple(squares) for v, squares in out.items()}

    def hood_index(self, tile_order: int) -> int:
        for i, hood in enumerate(self.neighbourhoods):
            if tile_order in hood:
                return i
        raise KeyError(tile_order)


def layout_of(tiles: Iterable[PlacedTile]) -> Layout:
    return tuple((t.tile_id, t.x, t.y, t.rotation) for t in tiles)


def board_of(tiles: tuple[PlacedTile, ...]) -> Board:
    """The board of a map. Successive states share their `tiles` tuple until a tile is placed, so
    the last one asked for is remembered by identity (it is held here, so its id is not reused),
    sparing the layout's key and hash on most calls."""
    seen, board = _last[0]
    if seen is tiles:
        return board
    board = _board(layout_of(tiles))
    _last[0] = (tiles, board)
    return board


_EMPTY = Board(
    layout=(),
    printed={},
    tile_of={},
    streets=frozenset(MAIN_STREET),
    building_of={},
    neighbourhoods=(),
    values=(),
    bounds=(0, 0, 0, 0),
)


@lru_cache(maxsize=512)
def _board(layout: Layout) -> Board:
    """The board of a layout: that of the layout without its last tile, which is cached too (a
    map grows one tile at a time), with the last tile added."""
    if not layout:
        return _EMPTY
    return _added(_board(layout[:-1]), layout[-1])


def _added(board: Board, tile: tuple[str, int, int, int]) -> Board:
    """`board` with one more tile, each derived field updated for the new squares only."""
    tile_id, x, y, r = tile
    order = len(board.layout)
    printed = dict(board.printed)
    tile_of = dict(board.tile_of)
    building_of = dict(board.building_of)
    squares = placed_squares(tile_id, x, y, r)
    publics = [square for square, value in squares if value == 0]
    for square, value in squares:
        printed[square] = value
        tile_of[square] = order
    for square in publics:
        building_of[square] = min(publics)
    streets = set(board.streets)
    streets.update(s for s in printed_streets(tile_id, x, y, r) if s not in printed)
    # CC-22 rule 3: one-square gaps between tile squares; a new gap touches the new tile.
    touched: set[int] = set()  # the tiles the new one shares an edge with
    for (sx, sy), _ in squares:
        for n in ((sx, sy + 1), (sx + 1, sy), (sx, sy - 1), (sx - 1, sy)):  # its neighbours
            other = tile_of.get(n)
            if other is not None:
                if other != order:
                    touched.add(other)
                continue
            if n in streets:
                continue
            nx, ny = n
            if ((nx - 1, ny) in printed and (nx + 1, ny) in printed) or (
                (nx, ny - 1) in printed and (nx, ny + 1) in printed
            ):
                streets.add(n)
    streets.difference_update(s for s, _ in squares)
    # Neighbourhoods: the new tile joins every neighbourhood it touches into one.
    kept: list[tuple[tuple[int, ...], int]] = []  # (tile orders, value) of the others
    merged, value = [order], 1 + public_count(tile_id)
    for hood, hood_value in zip(board.neighbourhoods, board.values, strict=True):
        if touched.isdisjoint(hood):
            kept.append((hood, hood_value))
        else:
            merged.extend(hood)
            value += hood_value
    kept.append((tuple(sorted(merged)), value))
    kept.sort(key=lambda hood: hood[0][0])
    hoods = tuple(hood for hood, _ in kept)
    values = tuple(value for _, value in kept)
    layout = (*board.layout, tile)
    xs = [s[0] for s, _ in squares]
    ys = [s[1] for s, _ in squares]
    if board.layout:
        minx, miny, maxx, maxy = board.bounds
        xs += (minx, maxx)
        ys += (miny, maxy)
    grown = Board(
        layout=layout,
        printed=printed,
        tile_of=tile_of,
        streets=frozenset(streets),
        building_of=building_of,
        neighbourhoods=hoods,
        values=values,
        bounds=(min(xs), min(ys), max(xs), max(ys)),
    )
    lots = dict(board.lots_of_value)  # the new tile's lots merged into the smaller board's
    for value, squares_of_value in _by_value(squares).items():
        lots[value] = tuple(sorted((*lots[value], *squares_of_value)))
    grown.__dict__["lots_of_value"] = lots  # what the cached property would compute
    return grown


def _by_value(squares: Iterable[tuple[Square, int]]) -> dict[int, list[Square]]:
    """A tile's lots (value > 0) by value."""
    out: dict[int, list[Square]] = {}
    for square, value in squares:
        if value:
            out.setdefault(value, []).append(square)
    return out


_last: list[tuple[tuple[PlacedTile, ...], Board]] = [((), _board(()))]  # see `board_of`


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
_MARGIN = 8  # columns and rows around the map in a `_Grid`: more than any anchor's offset
_LANES = len(ROTATIONS)


def _shifted(bits: int, delta: int) -> int:
    """The set `bits` with every index less `delta`."""
    return bits >> delta if delta >= 0 else bits << -delta


@dataclass(frozen=True)
class _Grid:
    """A map's squares as bit sets: square (x, y) is bit ((x - x0) · width + y - y0) · 4, so
    moving a whole set by (dx, dy) is one shift by (dx · width + dy) · 4, and ascending bits run by
    (x, y). The 4 bits of a square are one per rotation (`ROTATIONS`), so that anchors of every
    rotation in one set come out by (x, y, rotation). The margins keep every square within 4 of the
    map on the grid without wrapping a column."""

    x0: int
    y0: int
    width: int
    printed: int  # tile squares, rotation bit 0
    free: tuple[int, ...]  # per rotation, on its own bit: CC-23 but for the printed street edges

    def delta(self, dx: int, dy: int) -> int:
        return (dx * self.width + dy) * _LANES

    def anchors(self, bits: int) -> list[tuple[int, int, int]]:
        """The (x, y, rotation) of a set, sorted."""
        x0, y0, width = self.x0, self.y0, self.width
        text = bin(bits)[:1:-1]  # text[i] is bit i
        out: list[tuple[int, int, int]] = []
        i = text.find("1")
        while i >= 0:
            square, lane = divmod(i, _LANES)
            col, row = divmod(square, width)
            out.append((x0 + col, y0 + row, ROTATIONS[lane]))
            i = text.find("1", i + 1)
        return out


@lru_cache(maxsize=64)
def _grid(layout: Layout) -> _Grid:
    """Anchors whose footprint covers no tile square or street and has a square that touches the
    map or sits one street away (CC-23 but for the printed street edges, which alone depend on the
    tile), for every rotation, as bit sets shifted whole rather than square by square."""
    board = _board(layout)
    minx, miny, maxx, maxy = board.bounds
    for x, y in MAIN_STREET:  # other streets lie beside tile squares, the main street may not
        minx, miny, maxx, maxy = min(minx, x), min(miny, y), max(maxx, x), max(maxy, y)
    x0, y0, width = minx - _MARGIN, miny - _MARGIN, maxy - miny + 1 + 2 * _MARGIN

    def bits(squares: Iterable[Square]) -> int:
        raw = bytearray((width * (maxx - x0 + 1 + _MARGIN) * _LANES) // 8 + 1)
        for x, y in squares:
            i = ((x - x0) * width + y - y0) * _LANES
            raw[i >> 3] |= 1 << (i & 7)
        return int.from_bytes(raw, "little")

    grid = _Grid(x0=x0, y0=y0, width=width, printed=bits(board.printed), free=())
    blocked = grid.printed | bits(board.streets)
    reach = 0  # free squares from which a tile touches the map or sits one street away
    for dx, dy in DIRECTIONS:
        for k in (1, 2):
            reach |= _shifted(grid.printed, grid.delta(k * dx, k * dy))
    reach &= ~blocked
    free: list[int] = []
    for lane, r in enumerate(ROTATIONS):
        if r >= 180:  # the same footprint as r - 180
            free.append(free[lane - 2] << 2)
            continue
        near = covered = 0
        for ox, oy in _SHAPES[r]:
            near |= _shifted(reach, grid.delta(ox, oy))
            covered |= _shifted(blocked, grid.delta(ox, oy))
        free.append((near & ~covered) << lane)
    return _Grid(x0=x0, y0=y0, width=width, printed=grid.printed, free=tuple(free))


def _anchor_bits(layout: Layout, tile_id: str) -> tuple[_Grid, int]:
    """The same test as `placement_problem`, on bit sets of anchors: the free anchors of each
    rotation's footprint less those whose printed street edge would run over a tile square."""
    grid = _grid(layout)
    anchors = 0
    for lane, r in enumerate(ROTATIONS):
        printed = grid.printed << lane
        crossed = 0  # anchors whose printed street edge would run over a tile square
        for ex, ey in printed_streets(tile_id, 0, 0, r):
            crossed |= _shifted(printed, grid.delta(ex, ey))
        ok = grid.free[lane]
        anchors |= ok ^ (ok & crossed)  # ok less crossed, without a negative int
    return grid, anchors


@lru_cache(maxsize=512)
def _placements(layout: Layout, tile_id: str) -> tuple[tuple[int, int, int], ...]:
    grid, anchors = _anchor_bits(layout, tile_id)
    return tuple(grid.anchors(anchors))


class Placements(MadeByIndex[tuple[int, int, int]]):
    """`legal_placements` as a sequence read on demand: its length is the number of anchors, and
    the i-th placement is found by halving the bit set on counts of bits, without listing the
    others. A playout picks one placement of a few hundred."""

    def __init__(self, board: Board, tile_id: str) -> None:
        self._grid, self._bits = _anchor_bits(board.layout, tile_id)
        self._len = self._bits.bit_count()

    def __len__(self) -> int:
        return self._len

    def _whole(self) -> list[tuple[int, int, int]]:
        return [self._at(i) for i in range(self._len)]

    def _at(self, index: int) -> tuple[int, int, int]:
        bits, low, size = self._bits, 0, self._bits.bit_length()
        while size > 1:  # the wanted bit is bit `index` of those set in `bits`, bit 0 at `low`
            half = size // 2
            below = bits & ((1 << half) - 1)
            count = below.bit_count()
            if count > index:
                bits, size = below, half
            else:
                bits, size, low, index = bits >> half, size - half, low + half, index - count
        return self._grid.anchors(1 << low)[0]


def legal_placements(board: Board, tile_id: str) -> tuple[tuple[int, int, int], ...]:
    """CC-23: every legal (x, y, rotation) of `tile_id`, sorted by field values."""
    return _placements(board.layout, tile_id)


def fmt(square: Square) -> str:
    return f"({square[0]},{square[1]})"


def lots(layout: Layout) -> tuple[tuple[int, int, int], ...]:
    """Every lot of a map as (value, x, y), sorted: `Board.lots`."""
    return _board(layout).lots

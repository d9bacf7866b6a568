"""The board of a map is built one tile at a time from the board without its last tile
(`rules_board._board`). Here it is checked against the whole map recomputed from scratch, as the
rules describe it, for every map of seeded random games."""

from __future__ import annotations

import random

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.rules_board import MAIN_STREET, Board, Layout, board_of, layout_of
from rules.cold_comfort.rules_tiles import placed_squares, printed_streets, public_count
from rules.cold_comfort.state import PlacedTile
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)
Square = tuple[int, int]


def from_scratch(layout: Layout) -> Board:
    """Every field from all the tiles at once (CC-22, CC-25, CC-27)."""
    printed: dict[Square, int] = {}
    tile_of: dict[Square, int] = {}
    building_of: dict[Square, Square] = {}
    streets: set[Square] = set(MAIN_STREET)
    for order, (tile_id, x, y, r) in enumerate(layout):
        publics = [s for s, v in placed_squares(tile_id, x, y, r) if v == 0]
        for square, value in placed_squares(tile_id, x, y, r):
            printed[square] = value
            tile_of[square] = order
        for square in publics:
            building_of[square] = min(publics)
        streets.update(printed_streets(tile_id, x, y, r))
    for sx, sy in list(printed):
        for nx, ny in ((sx, sy + 1), (sx + 1, sy), (sx, sy - 1), (sx - 1, sy)):
            if (nx, ny) in printed:
                continue
            if ((nx - 1, ny) in printed and (nx + 1, ny) in printed) or (
                (nx, ny - 1) in printed and (nx, ny + 1) in printed
            ):
                streets.add((nx, ny))
    streets.difference_update(printed)
    hood_of = list(range(len(layout)))  # flood the tiles through shared edges
    changed = True
    while changed:
        changed = False
        for (x, y), order in tile_of.items():
            for n in ((x + 1, y), (x, y + 1)):
                other = tile_of.get(n)
                if other is not None and hood_of[other] != hood_of[order]:
                    low = min(hood_of[other], hood_of[order])
                    hood_of[other] = hood_of[order] = low
                    changed = True
    groups: dict[int, list[int]] = {}
    for order, hood in enumerate(hood_of):
        groups.setdefault(hood, []).append(order)
    hoods = tuple(sorted((tuple(sorted(g)) for g in groups.values()), key=lambda g: g[0]))
    xs = [s[0] for s in printed] or [0]
    ys = [s[1] for s in printed] or [0]
    return Board(
        layout=layout,
        printed=printed,
        tile_of=tile_of,
        streets=frozenset(streets),
        building_of=building_of,
        neighbourhoods=hoods,
        values=tuple(sum(1 + public_count(layout[o][0]) for o in h) for h in hoods),
        bounds=(min(xs), min(ys), max(xs), max(ys)),
    )


def final_layout(players: int, seed: int) -> Layout:
    state = ENGINE.setup(players, None, seed)
    rng = random.Random(seed)
    ply = 0
    while (seat := next_actor(GAME, state)) is not None:
        ply += 1
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
    return layout_of(state.tiles)


@pytest.mark.parametrize("seed", range(10))
def test_a_board_grown_tile_by_tile_equals_the_map_recomputed_from_scratch(seed: int) -> None:
    layout = final_layout(2 + seed % 5, seed)
    assert len(layout) >= 8
    for n in range(len(layout) + 1):
        tiles = tuple(
            PlacedTile(tile_id=t, x=x, y=y, rotation=r, order=o)
            for o, (t, x, y, r) in enumerate(layout[:n])
        )
        grown, scratch = board_of(tiles), from_scratch(layout[:n])
        assert grown == scratch
        # derived fields: those a grown board gets from the smaller one against their definition
        assert grown.lots_of_value == scratch.lots_of_value
        assert grown.lots == scratch.lots == tuple(sorted(scratch.lots))
        assert grown.hood_at == scratch.hood_at
        assert list(grown.printed) == list(scratch.printed)  # the same order of squares too

"""The observation's extras for the city picture (issue 8 §3): the renderer reads footprints, the
drawn tile's rotations and its legal placements from the observation, never from the rules."""

from __future__ import annotations

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import Grow
from tests.rules.cold_comfort.helpers import cx1
from tests.rules.cold_comfort.test_turns import cx3


def test_every_placed_tile_has_its_footprint_two_by_three_upright_and_three_by_two_turned() -> None:
    obs = GAME.observe(cx1(), None)
    assert set(obs.tile_sizes) == {t.tile_id for t in obs.tiles}
    for tile in obs.tiles:
        upright = tile.rotation in (0, 180)
        assert obs.tile_sizes[tile.tile_id] == ((2, 3) if upright else (3, 2))


def test_the_drawn_tiles_placements_are_exactly_the_legal_grow_actions() -> None:
    state = cx3()
    assert state.drawn_tile is not None
    obs = GAME.observe(state, None)
    grows = [a for a in GAME.legal_actions(state, state.active_seat) if isinstance(a, Grow)]
    assert grows
    assert sorted(obs.drawn_placements) == sorted((a.x, a.y, a.rotation) for a in grows)
    assert [r.rotation for r in obs.drawn_rotations] == [0, 90, 180, 270]
    for turned in obs.drawn_rotations:
        assert len(turned.squares) == 6
        assert {(x, y) for x, y, _ in turned.squares} == {
            (x, y) for x in range(turned.width) for y in range(turned.height)
        }


def test_without_a_drawn_tile_there_is_nothing_to_place() -> None:
    obs = GAME.observe(cx1(), None)
    assert obs.drawn_tile is None
    assert obs.drawn_rotations == [] and obs.drawn_placements == []

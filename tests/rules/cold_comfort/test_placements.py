"""`legal_placements` (sets of anchors) against `placement_problem` (one placement at a time, the
message a player gets) on the maps of seeded random games: the two must name the same placements,
and the list must stay sorted."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.rules_board import (
    Placements,
    board_of,
    legal_placements,
    placement_problem,
)
from rules.cold_comfort.rules_legal import legal_actions, legal_view
from rules.cold_comfort.state import ColdComfortState
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


def grow_states(players: int, seed: int) -> Iterator[ColdComfortState]:
    """Every state of a seeded random game in which a drawn tile waits to be placed."""
    state = ENGINE.setup(players, None, seed)
    rng = random.Random(seed)
    ply = 0
    while (seat := next_actor(GAME, state)) is not None:
        if state.phase == "grow":
            yield state
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state


@pytest.mark.parametrize("seed", range(12))
def test_legal_placements_are_exactly_those_placement_problem_accepts(seed: int) -> None:
    grown = 0
    for state in grow_states(2 + seed % 5, seed):
        assert state.drawn_tile is not None
        board = board_of(state.tiles)
        listed = legal_placements(board, state.drawn_tile)
        assert list(listed) == sorted(set(listed))
        minx, miny, maxx, maxy = board.bounds
        accepted = [
            (x, y, r)
            for x in range(minx - 6, maxx + 7)
            for y in range(miny - 6, maxy + 7)
            for r in (0, 90, 180, 270)
            if placement_problem(board, state.drawn_tile, x, y, r) is None
        ]
        assert listed == tuple(accepted)
        grown += 1
    assert grown >= 3


@pytest.mark.parametrize("seed", range(12, 18))
def test_the_playout_view_lists_the_same_actions_in_the_same_order(seed: int) -> None:
    for state in grow_states(2 + seed % 5, seed):
        assert state.drawn_tile is not None
        board = board_of(state.tiles)
        listed = legal_placements(board, state.drawn_tile)
        view = Placements(board, state.drawn_tile)
        assert len(view) == len(listed)
        assert [view[i] for i in range(len(view))] == list(listed)
        assert view[-1] == listed[-1] and view[3:9] == list(listed[3:9])
        with pytest.raises(IndexError):
            view[len(view)]
        seat = state.active_seat
        assert list(legal_view(state, seat)) == legal_actions(state, seat)

"""The expert's rollout agents read their observation straight from the rollout's state dict
(`expert.rollout_view`): it must be the observation the game gives of the frozen state, for every
seat at every move of seeded games (co-op and standard, heuristic players), so a search plays
the same moves as before, only sooner."""

from __future__ import annotations

import random

import pytest

from rules.dead_of_winter import GAME
from rules.dead_of_winter.expert import TUNING, rollout_view
from rules.playout import MoveRng


@pytest.mark.parametrize(("seats", "mode"), [(1, "coop"), (4, "coop"), (3, "standard")])
def test_dw_the_rollout_view_is_the_games_observation_at_every_move(seats: int, mode: str) -> None:
    options = GAME.options_model(mode=mode)
    state = GAME.setup(seats, options, random.Random(seats)).state
    work = GAME.working(state)
    agents = [GAME.agents["heuristic"]() for _ in range(seats)]
    rng = MoveRng()
    checked = 0
    for ply in range(1, 400):
        if work.outcome() is not None:
            break
        for seat in range(seats):
            assert rollout_view(work, seat) == GAME.observe(work.freeze(), seat)
            checked += 1
        seat = min(work.awaiting() or work.to_act())
        rng.at("view", ply)
        work.apply(seat, agents[seat].choose(work.observe(seat), work.legal(seat), rng), "v", ply)
    assert checked > 50
    assert TUNING.observe is rollout_view  # what the expert's rollouts use

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


def test_dw_the_co_op_expert_asks_more_to_leave_the_heuristics_pick_at_every_seat_count() -> None:
    from rules.dead_of_winter.expert import CONFIDENCE, COOP_CONFIDENCE, confidence
    from rules.engine import Engine

    def asked(mode: str) -> dict[int, float]:
        return {
            seats: confidence(GAME.observe(Engine(GAME).setup(seats, {"mode": mode}, "c"), 0))
            for seats in range(1 if mode == "coop" else 3, 6)  # two players always co-operate
        }

    assert asked("coop") == dict.fromkeys(range(1, 6), COOP_CONFIDENCE)
    assert set(asked("standard").values()) == {CONFIDENCE}  # measured at 1.0: kept
    assert CONFIDENCE == 1.0 and COOP_CONFIDENCE == 2.0
    assert TUNING.confidence_at is confidence

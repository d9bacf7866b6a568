"""The playout's working copy (`game.Playing`) applies moves without writing log lines and, when
frozen, replays its last move with a log. Stepped beside the engine on seeded random games, its
frozen state must equal the engine's after every move (log included); with an observing agent
(the heuristic), it logs every move, and fast playouts must equal plain ones."""

from __future__ import annotations

import random

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.game import Playing
from rules.engine import Engine
from rules.playout import next_actor, play_out

ENGINE = Engine(GAME)


@pytest.mark.parametrize("every", [3, 0])  # freeze every 3 moves, or only at the end
@pytest.mark.parametrize("seed", range(6))
def test_the_working_copy_frozen_after_each_move_equals_the_engine_state(
    seed: int, every: int
) -> None:
    state = ENGINE.setup(2 + seed % 5, None, seed)
    work = GAME.working(state)
    assert isinstance(work, Playing) and work.freeze() == state
    rng = random.Random(seed)
    ply = 0
    while (seat := next_actor(GAME, state)) is not None:
        action = rng.choice(list(GAME.legal_actions(state, seat)))
        ply += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
        work.apply(seat, action, seed, ply)
        if not every or ply % every:  # unfrozen moves must not leave their lines behind
            continue
        frozen = work.freeze()
        assert frozen == state and frozen.log == state.log and frozen.log, (seed, ply)
        assert work.freeze() == state  # frozen twice: the same
    assert work.quiet and work.freeze() == state and work.outcome() is not None


@pytest.mark.parametrize("seed", range(4))
def test_playouts_with_an_observing_agent_play_the_same_on_both_paths(seed: int) -> None:
    seats = 3 + seed % 3
    agents = [GAME.agents["heuristic" if s == seed % seats else "random"]() for s in range(seats)]
    fast = play_out(GAME, seats, f"obs/{seed}", agents, fast=True)
    plain = play_out(GAME, seats, f"obs/{seed}", agents, fast=False)
    assert fast.log == plain.log and fast.outcome == plain.outcome and fast.state == plain.state

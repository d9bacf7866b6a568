"""Seeded games for the tests that walk through every state of a game their agents play."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.core import Agent, BaseGame
from rules.engine import Engine
from rules.playout import next_actor


def seeded_states(
    game: BaseGame[Any, Any, Any], seed: int, agents: Sequence[Agent]
) -> Iterator[Any]:
    """Every state of a seeded game, seat `s` played by `agents[s]`, each move checked."""
    engine = Engine(game)
    state = engine.setup(len(agents), None, seed)
    ply = 0
    while True:
        yield state
        seat = next_actor(game, state)
        if seat is None:
            return
        legal = engine.legal(state, seat)
        action = agents[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng(seed, ply + 1, seat)
        )
        ply += 1
        state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state

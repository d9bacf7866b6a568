"""Seeded games for the tests that walk through every state of a game their agents play."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rules.core import Agent, BaseGame, Step
from rules.engine import Engine
from rules.playout import next_actor


def seeded_steps(
    game: BaseGame[Any, Any, Any], seed: int | str, agents: Sequence[Agent]
) -> Iterator[Step[Any]]:
    """Every move of a seeded game, as the engine's step (its new state and events), seat `s`
    played by `agents[s]`, each move checked."""
    engine = Engine(game)
    state = engine.setup(len(agents), None, seed)
    ply = 0
    while (seat := next_actor(game, state)) is not None:
        legal = engine.legal(state, seat)
        action = agents[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng(seed, ply + 1, seat)
        )
        ply += 1
        step = engine.act(state, seat, action, seed=seed, ply=ply, checked=True)
        yield step
        state = step.state


def seeded_states(
    game: BaseGame[Any, Any, Any], seed: int | str, agents: Sequence[Agent]
) -> Iterator[Any]:
    """Every state of a seeded game (the first one too), as `seeded_steps` plays it."""
    yield Engine(game).setup(len(agents), None, seed)
    for step in seeded_steps(game, seed, agents):
        yield step.state

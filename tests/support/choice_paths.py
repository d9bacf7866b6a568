"""Helpers for the choice-path tests of every game: a path's labels, the path of one legal move,
the plain-words rules of a step, and the decisions along a seeded game of random moves."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from rules.choices import MAX_DETAIL, Path, build, check
from rules.core import BaseGame
from rules.engine import Engine
from rules.playout import next_actor


def labels_of(path: Path | None) -> list[str]:
    """The labels of a path's steps, top first (the path must exist)."""
    assert path is not None
    return [step.label for step in path]


def path_among(paths: Sequence[Path | None], legal: Sequence[Any], action: Any) -> Path:
    """The path offered for `action`, one of the `legal` moves `paths` stand for, in order."""
    found = paths[list(legal).index(action)]
    assert found is not None
    return found


def assert_plain_steps(path: Path) -> None:
    """Every step says what it does, briefly, in player words (no seat number, no identifier)."""
    for step in path:
        assert step.detail, f"{step.label} says nothing about what it does"
        assert len(step.detail) <= MAX_DETAIL
        assert "seat" not in step.label.lower() + step.detail.lower()
        assert "_" not in step.label + step.detail


def checked_paths(game: BaseGame[Any, Any, Any], state: Any, seat: int) -> list[Path | None]:
    """The game's path for each of `seat`'s legal moves, in order, checked to make a panel whose
    every step stays within the game's depth and width."""
    legal = game.legal_actions(state, seat)
    paths = list(game.choice_paths(state, seat, legal))
    assert len(paths) == len(legal)
    assert not check(build(paths), len(legal), game.max_choice_depth)
    return paths


def random_decisions(
    engine: Engine[Any, Any, Any], seats: int, options: Any, seed: str, plies: int
) -> Iterator[tuple[int, Any, int]]:
    """(ply, state, seat) for each seat asked to act along a seeded game of random moves, until
    the game ends or `plies` moves are played."""
    state = engine.setup(seats, options, seed)
    rng = random.Random(seed)
    for ply in range(1, plies):
        if engine.game.outcome(state) is not None:
            return
        for seat in sorted(engine.game.to_act(state)):
            yield ply, state, seat
        state = random_step(engine, state, rng, seed, ply)


def random_step(
    engine: Engine[Any, Any, Any], state: Any, rng: random.Random, seed: str, ply: int
) -> Any:
    """The state after the next seat to act plays one of its legal moves at random."""
    actor = next_actor(engine.game, state)
    assert actor is not None
    legal = engine.game.legal_actions(state, actor)
    return engine.act(state, actor, legal[rng.randrange(len(legal))], seed=seed, ply=ply).state

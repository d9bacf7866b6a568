"""Agents playing whole games against each other: used by `simulate`, the benchmarks and tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Agent, Game, Outcome, Seat, reads_observation
from rules.engine import Engine, TracedRandom


class PlayoutStuck(RuntimeError):
    """A game that neither ended nor let anyone act, or ran past its ply budget."""


@dataclass
class Playout:
    state: Any
    outcome: Outcome | None
    log: list[tuple[Seat, Any]] = field(default_factory=list)

    @property
    def plies(self) -> int:
        return len(self.log)


MoveRng = TracedRandom
"""The rng of one move in a playout, for a game's working copy (`Working.apply`): made once, then
`at(seed, ply)` names each move; exactly `rng_for(seed, ply)`, but seeded only when the move first
draws from it, so the moves that draw nothing (most of them) skip making it. Each seat's agent
has one too, named `at(f"{seed}/agent{seat}", ply)`: exactly `Engine.agent_rng(seed, ply, seat)`,
and not seeded when the agent's choice is forced (one legal action; seeding costs about 5 µs)."""


def next_actor(game: Game[Any, Any, Any], state: Any) -> Seat | None:
    """Who an all-AI table lets act next: the lowest awaited seat, else the lowest in to_act."""
    awaited = game.awaiting(state)
    if awaited:
        return min(awaited)
    acting = game.to_act(state)
    return min(acting) if acting else None


def play_out(
    game: Game[Any, Any, Any],
    seats: int,
    seed: str | int,
    agents: Sequence[Agent] | Agent,
    *,
    options: Mapping[str, Any] | None = None,
    max_plies: int = 50_000,
    state: Any = None,
    fast: bool = True,
) -> Playout:
    """Play a game to its end with `agents` (one per seat, or one for every seat).

    The fast path plays on the game's working copy (`BaseGame.working`), hands an observation
    only to agents that read one, and does not re-check an action taken from the legal list.
    `fast=False` is the plain path through frozen states and `Engine.act` (each move checked,
    every agent observing): the same game move for move, kept as the tests' and the benchmark's
    reference.
    """
    engine = Engine(game)
    if state is None:
        state = engine.setup(seats, options, seed)
    per_seat = list(agents) if isinstance(agents, Sequence) else [agents] * seats
    if not fast:
        return _play_plain(game, engine, state, seed, per_seat, max_plies)
    observing = [reads_observation(a) for a in per_seat]
    rngs = [MoveRng() for _ in per_seat]
    names = [f"{seed}/agent{seat}" for seat in range(len(per_seat))]
    work = game.working(state)
    log: list[tuple[Seat, Any]] = []
    # the loop's lookups bound once: a Coldest Night playout makes about 30 moves in a millisecond
    ended, awaiting, to_act, legal_of = work.outcome, work.awaiting, work.to_act, work.legal
    apply, add, ply = work.apply, log.append, 0
    while (outcome := ended()) is None:
        awaited = awaiting() or to_act()
        if not awaited:
            raise PlayoutStuck(f"{game.key}: no seat may act but the game has no outcome")
        if ply >= max_plies:
            raise PlayoutStuck(f"{game.key}: still going after {max_plies} plies (seed {seed})")
        seat = min(awaited)
        legal = legal_of(seat)
        ply += 1
        view = work.observe(seat) if observing[seat] else None
        rng = rngs[seat]
        rng.at(names[seat], ply)
        action = per_seat[seat].choose(view, legal, rng)
        apply(seat, action, seed, ply)
        add((seat, action))
    return Playout(state=work.freeze(), outcome=outcome, log=log)


def _play_plain(
    game: Game[Any, Any, Any],
    engine: Engine[Any, Any, Any],
    state: Any,
    seed: str | int,
    per_seat: list[Agent],
    max_plies: int,
) -> Playout:
    log: list[tuple[Seat, Any]] = []
    while (outcome := game.outcome(state)) is None:
        seat = next_actor(game, state)
        if seat is None:
            raise PlayoutStuck(f"{game.key}: no seat may act but the game has no outcome")
        if len(log) >= max_plies:
            raise PlayoutStuck(f"{game.key}: still going after {max_plies} plies (seed {seed})")
        legal = game.legal_actions(state, seat)
        ply = len(log) + 1
        action = per_seat[seat].choose(
            game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
        )
        state = engine.act(state, seat, action, seed=seed, ply=ply).state
        log.append((seat, action))
    return Playout(state=state, outcome=outcome, log=log)

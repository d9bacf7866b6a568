"""The expert never reads another seat's secrets (issue 33 §1).

For every game whose agents include `expert` (taken from the registry, so each game joins when
it gets one), seeded games are played by heuristic players; at some of a seat's decisions the
hidden cards are swapped for others consistent with that seat's observation (a world the game
deals from the observation, checked to show the seat the very same observation and to differ
from the real state), and the expert, given the same generator, must make the same choice in the
real game and in the swapped one.

A control shows the test has teeth: a search agent that plays out the real state instead of
worlds dealt from its view changes its choice when the hidden cards are swapped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules import GAMES
from rules.core import BaseGame, Seat
from rules.engine import Engine
from rules.playout import next_actor
from rules.search import SearchAgent

EXPERT_GAMES = sorted(key for key, game in GAMES.items() if "expert" in game.agents)
ITERATIONS = 8
DECISIONS = 4  # checked a game
SEEDS = 6


def small(agent: Any) -> Any:
    """The expert with a small fixed budget (a search agent's rollouts; others as they are)."""
    if hasattr(agent, "iterations"):
        agent.iterations = ITERATIONS
    return agent


def swapped_decisions(
    game: BaseGame[Any, Any, Any], seed: int
) -> Iterator[tuple[Any, Any, Seat, list[Any]]]:
    """(real state, swapped state, seat, legal) at decisions of seeded heuristic games where the
    seat has a choice and the swapped world really differs."""
    seats = min(max(game.min_seats, 2), game.max_seats)
    engine = Engine(game)
    agents = [game.agents["heuristic"]() for _ in range(seats)]
    state = engine.setup(seats, None, seed)
    ply = 0
    while (seat := next_actor(game, state)) is not None:
        legal = list(engine.legal(state, seat))
        obs = game.observe(state, seat)
        if len(legal) > 1:
            swapped = game.determinize(obs, seat, random.Random(f"swap/{seed}/{ply}"))
            if swapped is not None and swapped != state:
                assert game.observe(swapped, seat) == obs  # the seat cannot tell them apart
                assert list(game.legal_actions(swapped, seat)) == legal
                yield state, swapped, seat, legal
        ply += 1
        action = agents[seat].choose(obs, legal, engine.agent_rng(seed, ply, seat))
        state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state


@pytest.mark.parametrize("key", EXPERT_GAMES)
def test_issue_33_the_experts_choice_does_not_change_when_the_hidden_cards_are_swapped(
    key: str,
) -> None:
    game = GAMES[key]
    checked = 0
    for seed in range(SEEDS):
        for n, (state, swapped, seat, legal) in enumerate(swapped_decisions(game, seed)):
            if n >= DECISIONS:
                break
            rng = f"secrecy/{seed}/{n}"
            real = small(game.agents["expert"]()).choose(
                game.observe(state, seat), legal, random.Random(rng)
            )
            other = small(game.agents["expert"]()).choose(
                game.observe(swapped, seat), legal, random.Random(rng)
            )
            assert real == other, f"{key} seed {seed}: the choice moved with the hidden cards"
            checked += 1
    assert checked >= SEEDS  # every game with an expert samples worlds to swap


class _Peeking:
    """A game that hands its search agent the real state instead of a dealt world."""

    def __init__(self, game: BaseGame[Any, Any, Any]) -> None:
        self._game = game
        self.truth: Any = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def determinize(self, observation: Any, seat: Seat, rng: random.Random) -> Any:
        return self.truth


def test_the_swap_test_catches_a_search_that_plays_out_the_real_cards() -> None:
    game = GAMES["coldest_night"]
    expert = game.agents["expert"]()
    assert isinstance(expert, SearchAgent)
    peeking = _Peeking(game)
    cheat = SearchAgent(peeking, tuning=expert.tuning, iterations=ITERATIONS)  # type: ignore[arg-type]
    moved = 0
    for seed in range(SEEDS):
        for n, (state, swapped, seat, legal) in enumerate(swapped_decisions(game, seed)):
            if n >= 2 * DECISIONS:
                break
            rng = f"cheat/{seed}/{n}"
            peeking.truth = state
            real = cheat.choose(game.observe(state, seat), legal, random.Random(rng))
            peeking.truth = swapped
            other = cheat.choose(game.observe(swapped, seat), legal, random.Random(rng))
            moved += real != other
    assert moved > 0

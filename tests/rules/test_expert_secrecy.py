"""The expert never reads another seat's secrets (issue 33 §1).

For every game whose agents include `expert` (taken from the registry, so each game joins when
it gets one), seeded games are played by heuristic players; at some of a seat's decisions the
hidden cards are swapped for others consistent with that seat's observation (a world the game
deals from the observation, checked to show the seat the very same observation and to differ
from the real state), and the expert, given the same generator, must make the same choice in the
real game and in the swapped one.

Dead of Winter plays twice: its co-operative game at two seats, and the standard game at three,
where the other seats' secret objectives (and maybe a betrayer) are among what is swapped. A game
whose worlds read the seat's legal list too (`Tuning.world`) is swapped with that.

A control shows the test has teeth: a search agent that plays out the real state instead of
worlds dealt from its view changes its choice when the hidden cards are swapped.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from rules import GAMES
from rules.core import BaseGame, Seat
from rules.engine import Engine
from rules.playout import next_actor
from rules.search import SearchAgent

EXPERT_GAMES = sorted(key for key, game in GAMES.items() if "expert" in game.agents)
ITERATIONS = 8
MAX_PLIES = 30  # a rollout's length in this test: the secrecy does not depend on it
DECISIONS = 4  # checked a game
SEEDS = 6
SLOW = {"dead_of_winter"}  # a rollout's move costs ten times another game's: fewer decisions
TABLES: list[tuple[str, int | None, dict[str, Any] | None]] = [
    (key, None, None) for key in EXPERT_GAMES
]
if "dead_of_winter" in EXPERT_GAMES:  # its standard game hides objectives and maybe a betrayer
    TABLES.append(("dead_of_winter", 3, {"mode": "standard"}))


def small(agent: Any) -> Any:
    """The expert with a small fixed budget (a search agent's rollouts, cut short; others as
    they are)."""
    if hasattr(agent, "iterations"):
        agent.iterations = ITERATIONS
    if isinstance(agent, SearchAgent):
        slow = agent.game.key in SLOW
        agent.iterations = ITERATIONS // 2 if slow else ITERATIONS
        agent.tuning = dataclasses.replace(
            agent.tuning,
            max_plies=MAX_PLIES // 3 if slow else MAX_PLIES,
            max_candidates=min(agent.tuning.max_candidates, 3 if slow else 12),
        )
    return agent


def deal(
    game: BaseGame[Any, Any, Any], obs: Any, seat: Seat, rng: random.Random, legal: Sequence[Any]
) -> Any:
    """A world from the seat's view, as the game's expert deals it."""
    expert = game.agents["expert"]()
    world = getattr(getattr(expert, "tuning", None), "world", None)
    return game.determinize(obs, seat, rng) if world is None else world(obs, seat, rng, legal)


def swapped_decisions(
    game: BaseGame[Any, Any, Any],
    seed: int,
    seats: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Iterator[tuple[Any, Any, Seat, list[Any]]]:
    """(real state, swapped state, seat, legal) at decisions of seeded heuristic games where the
    seat has a choice and the swapped world really differs."""
    seats = seats or min(max(game.min_seats, 2), game.max_seats)
    engine = Engine(game)
    agents = [game.agents["heuristic"]() for _ in range(seats)]
    state = engine.setup(seats, options, seed)
    ply = 0
    while (seat := next_actor(game, state)) is not None:
        legal = list(engine.legal(state, seat))
        obs = game.observe(state, seat)
        if len(legal) > 1:
            swapped = deal(game, obs, seat, random.Random(f"swap/{seed}/{ply}"), legal)
            if swapped is not None and swapped != state:
                assert game.observe(swapped, seat) == obs  # the seat cannot tell them apart
                assert list(game.legal_actions(swapped, seat)) == legal
                yield state, swapped, seat, legal
        ply += 1
        action = agents[seat].choose(obs, legal, engine.agent_rng(seed, ply, seat))
        state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state


@pytest.mark.parametrize(("key", "seats", "options"), TABLES)
def test_issue_33_the_experts_choice_does_not_change_when_the_hidden_cards_are_swapped(
    key: str, seats: int | None, options: dict[str, Any] | None
) -> None:
    game = GAMES[key]
    checked = 0
    # a slow game: one decision a seed, well into the game (every 10th that has a world)
    seeds, decisions, stride = (3, 1, 10) if key in SLOW else (SEEDS, DECISIONS, 1)
    for seed in range(seeds):
        found = swapped_decisions(game, seed, seats, options)
        for n, (state, swapped, seat, legal) in enumerate(found):
            if n >= decisions * stride:
                break
            if n % stride != stride - 1:
                continue
            rng = f"secrecy/{seed}/{n}"
            real = small(game.agents["expert"]()).choose(
                game.observe(state, seat), legal, random.Random(rng)
            )
            other = small(game.agents["expert"]()).choose(
                game.observe(swapped, seat), legal, random.Random(rng)
            )
            assert real == other, f"{key} seed {seed}: the choice moved with the hidden cards"
            checked += 1
    assert checked >= seeds  # every game with an expert samples worlds to swap


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

"""The playout fast path plays exactly the games the plain path plays.

`play_out` plays on each game's working copy (`BaseGame.working`: the game's optional fast path,
`fast`, else the default `Working`), hands no observation to an agent that reads none, and does not
re-check an action taken from the legal list; `fast=False` is the plain path through frozen states
and `Engine.act`. For every registered game that has a fast path, 100 seeded random games across
every seat count give the same log, the same outcome and the same final state both ways.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import GAMES
from rules.agents import RandomAgent
from rules.core import Working, reads_observation
from rules.playout import play_out

GAMES_PER_GAME = 100
FEW_GAMES = 8  # one or two of every seat count
FAST = sorted(key for key, game in GAMES.items() if game.fast is not None)
"""Every registered game with a fast path: none is listed by hand."""


def same_both_ways(key: str, games: int) -> None:
    """`games` seeded random games of `key`, across its seat counts, on both paths."""
    game = GAMES[key]
    counts = list(range(game.min_seats, game.max_seats + 1))
    for n in range(games):
        seats = counts[n % len(counts)]
        seed = f"fast/{n}"
        agents = [game.agents["random"]() for _ in range(seats)]
        fast = play_out(game, seats, seed, agents, fast=True)
        plain = play_out(game, seats, seed, agents, fast=False)
        assert fast.log == plain.log, f"{key} seed {seed}"
        assert fast.outcome == plain.outcome, f"{key} seed {seed}"
        assert fast.state == plain.state, f"{key} seed {seed}"


@pytest.mark.parametrize("key", FAST)
def test_a_hundred_seeded_games_play_the_same_on_the_fast_path_as_on_the_plain_one(
    key: str,
) -> None:
    same_both_ways(key, GAMES_PER_GAME)


@pytest.mark.parametrize("key", FAST)
def test_every_fast_path_plays_its_first_seeded_games_as_the_plain_path_does(key: str) -> None:
    """Each game's fast path is its own code: the fast suite, which may leave the hundred games
    of most games to the long one, still plays a few seeded games of every one both ways."""
    same_both_ways(key, FEW_GAMES)


def test_a_random_agent_says_it_reads_no_observation_and_a_heuristic_one_reads_its_own() -> None:
    assert not reads_observation(RandomAgent())
    for game in GAMES.values():
        assert not reads_observation(game.agents["random"]())
        assert reads_observation(game.agents["heuristic"]())


class _Counting(RandomAgent):
    """A random agent that says it reads observations, and counts the ones it is given."""

    reads_observation = True

    def __init__(self) -> None:
        self.seen = 0

    def choose(self, observation: Any, legal_actions: Any, rng: Any) -> Any:
        self.seen += observation is not None
        return super().choose(observation, legal_actions, rng)


def test_only_agents_that_read_observations_are_given_one_and_the_game_is_unchanged() -> None:
    game = GAMES["coldest_night"]
    reader, blind = _Counting(), RandomAgent()
    both = play_out(game, 2, "eyes", [reader, blind])
    assert reader.seen == sum(1 for seat, _ in both.log if seat == 0) > 0
    alone = play_out(game, 2, "eyes", [RandomAgent(), RandomAgent()])
    assert alone.log == both.log


def test_a_game_without_a_fast_path_plays_on_the_default_working_copy_through_its_own_apply() -> (
    None
):
    """The fast path is optional: a game that registers none (`fast = None`) still plays every
    playout, on `Working` (frozen states through the game's own `apply`), the same game."""
    game = GAMES["coldest_night"]

    class Plain(type(game)):  # type: ignore[misc]
        fast = None

    plain_game = Plain()
    assert type(plain_game.working(game.setup(2, None, random.Random(1)))) is Working
    ours = play_out(plain_game, 3, "default", RandomAgent())
    theirs = play_out(game, 3, "default", RandomAgent(), fast=False)
    assert ours.log == theirs.log and ours.state == theirs.state

"""Checks shared by the expert tests of games whose only secret is the deck's order (Winter
WI-23, Cold Comfort CC-30): the positions where a seat has a choice, a world dealt from an
observation that must not depend on the real deck order, an expert whose choice must not either,
and a suggestion that must say its reason in plain words."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from rules.core import BaseGame, Suggestion

# what a player must never read in a reason: a code identifier, a seat number, key=value
NOT_PLAIN = re.compile(r"\b[a-z]+_[a-z_]+\b|seat \d|=")


def choices_along(
    game: BaseGame[Any, Any, Any], states: Iterable[Any], every: int
) -> Iterator[tuple[int, Any, int, list[Any]]]:
    """(ply, state, seat, legal) at every `every`-th ply of a game still going on, where the
    first seat to act has a choice of two moves or more."""
    for ply, state in enumerate(states):
        if game.outcome(state) is not None or ply % every:
            continue
        seat = min(game.to_act(state))
        legal = list(game.legal_actions(state, seat))
        if len(legal) >= 2:
            yield ply, state, seat, legal


def dealt_world(
    game: BaseGame[Any, Any, Any],
    state: Any,
    seat: int,
    rng: random.Random,
    unseen: Callable[[Any], Sequence[Any]],
) -> Any:
    """A world dealt for `seat` from its observation, checked: it shows that very observation,
    and its deck holds the real deck's cards, every one of them unseen by the seat."""
    obs = game.observe(state, seat)
    world = game.determinize(obs, seat, rng)
    assert world is not None
    assert game.observe(world, seat) == obs
    assert sorted(world.deck) == sorted(state.deck)
    assert set(world.deck) <= set(unseen(obs))
    return world


def reversed_deck(state: Any) -> Any:
    """The same state with its deck in the opposite order: what no seat may tell apart."""
    return state.model_copy(update={"deck": tuple(reversed(state.deck))})


def world_whatever_the_deck_order(
    game: BaseGame[Any, Any, Any], state: Any, seat: int, seed: int
) -> Any:
    """The world dealt for `seat` from `state`, checked to be the very world dealt (same rng)
    from the state with its deck reversed: the observation is all the deal reads."""
    swapped = reversed_deck(state)
    obs, obs_swapped = game.observe(state, seat), game.observe(swapped, seat)
    assert obs == obs_swapped
    one = game.determinize(obs, seat, random.Random(seed))
    two = game.determinize(obs_swapped, seat, random.Random(seed))
    assert one == two
    assert one is not None
    return one


def assert_expert_ignores_the_deck_order(
    game: BaseGame[Any, Any, Any], expert: Any, state: Any, seat: int, legal: list[Any], seed: int
) -> None:
    """The expert picks the same legal move for `seat` whatever the hidden deck order."""
    one = expert.choose(game.observe(state, seat), legal, random.Random(seed))
    two = expert.choose(game.observe(reversed_deck(state), seat), legal, random.Random(seed))
    assert one == two
    assert one in legal


def assert_plain_words(reason: str) -> None:
    """A reason a player reads: one sentence, no identifier, no seat number, no key=value."""
    assert reason.endswith(".") and reason[0].isupper()
    assert not NOT_PLAIN.search(reason)


def plain_suggestion(expert: Any, obs: Any, legal: list[Any], seed: int) -> Suggestion:
    """The expert's suggestion, checked: the move it would choose, a chance of winning between
    0 and 1, and a reason in plain words."""
    s: Suggestion = expert.suggest(obs, legal, random.Random(seed))
    assert s.action in legal
    assert s.action == expert.choose(obs, legal, random.Random(seed))
    assert s.win_chance is not None and 0.0 <= s.win_chance <= 1.0
    assert_plain_words(s.reason)
    return s

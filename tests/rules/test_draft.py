"""The generic working copy (`rules.draft`): thaw a frozen state, change it, freeze it back."""

from __future__ import annotations

from itertools import islice
from typing import Any

import pytest
from pydantic import ValidationError

from rules import GAMES
from rules.agents import RandomAgent
from rules.core import Frozen
from rules.draft import Draft, freeze, thaw, validating
from tests.support.seeded_games import seeded_states


class Point(Frozen):
    x: int
    y: int = 0


class Bag(Frozen):
    items: tuple[str, ...] = ()
    tags: frozenset[str] = frozenset()
    counts: dict[str, int] = {}
    pairs: tuple[tuple[int, str], ...] = ()
    where: Point | None = None
    path: tuple[Point, ...] = ()
    grid: tuple[tuple[int, ...], ...] = ()
    fixed: Point = Point(x=0)


class BagDraft(Draft[Bag]):
    """A registered draft that keeps `fixed` frozen."""

    keep = frozenset({"fixed"})
    items: list[str]


def _states(game_key: str, seeds: int, most_seats: int) -> list[Any]:
    """The first 400 states of a few random games (of at most `most_seats` seats where the game
    allows that few), as the engine produced them."""
    game = GAMES[game_key]
    seats = max(game.min_seats, min(most_seats, game.max_seats))
    agents = [RandomAgent() for _ in range(seats)]
    return [state for n in range(seeds) for state in islice(seeded_states(game, n, agents), 400)]


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_freezing_a_thawed_state_gives_back_the_same_state_for_every_game(game_key: str) -> None:
    for state in _states(game_key, seeds=3, most_seats=3):
        again = freeze(thaw(state))
        assert again == state
        assert type(again) is type(state)
        assert again.model_dump_json() == state.model_dump_json()


@pytest.mark.parametrize("game_key", sorted(GAMES))
def test_a_frozen_draft_is_exactly_what_full_validation_would_build(game_key: str) -> None:
    """`freeze` skips validation for speed; `validating()` proves nothing is lost by that."""
    for state in _states(game_key, seeds=2, most_seats=2):
        fast = freeze(thaw(state))
        with validating():
            checked = freeze(thaw(state))
        assert fast == checked


def test_a_draft_holds_lists_sets_and_nested_drafts_in_place_of_tuples_frozensets_and_models() -> (
    None
):
    bag = Bag(
        items=("a", "b"),
        tags=frozenset({"t"}),
        counts={"a": 1},
        pairs=((1, "x"),),
        where=Point(x=1),
        path=(Point(x=2), Point(x=3, y=4)),
        grid=((1, 2), (3,)),
    )
    d = thaw(bag)
    assert isinstance(d, BagDraft)
    assert d.items == ["a", "b"]
    assert d.tags == {"t"}
    assert d.pairs == [(1, "x")]  # the pair inside is a fixed-length tuple: a value
    assert isinstance(d.pairs[0], tuple)
    assert d.grid == [[1, 2], [3]]
    assert isinstance(d.where, Draft) and d.where.x == 1
    assert all(isinstance(p, Draft) for p in d.path)
    assert d.fixed is bag.fixed  # kept frozen, as `keep` says
    assert freeze(d) == bag


def test_mutating_a_draft_never_changes_the_original() -> None:
    bag = Bag(items=("a",), counts={"a": 1}, where=Point(x=1), path=(Point(x=2),), grid=((1,),))
    before = bag.model_dump()
    d = thaw(bag)
    d.items.append("b")
    d.tags.add("new")
    d.counts["a"] = 9
    d.where.x = 5
    d.path[0].y = 7
    d.path.append(Point(x=8))  # a frozen record put in whole is fine too
    d.grid[0].append(2)
    assert bag.model_dump() == before
    after = freeze(d)
    assert after.items == ("a", "b")
    assert after.tags == frozenset({"new"})
    assert after.counts == {"a": 9}
    assert after.where == Point(x=5)
    assert after.path == (Point(x=2, y=7), Point(x=8))
    assert after.grid == ((1, 2),)
    d.items.append("c")  # the frozen result does not follow later changes either
    assert after.items == ("a", "b")


def test_a_model_without_containers_thaws_into_a_plain_draft_and_back() -> None:
    point = Point(x=3, y=4)
    d = thaw(point)
    assert type(d) is Draft
    d.y = 9
    assert freeze(d) == Point(x=3, y=9)
    assert point.y == 4


def test_a_frozen_result_is_still_frozen() -> None:
    d = thaw(Point(x=1))
    frozen = freeze(d)
    with pytest.raises(ValidationError):
        frozen.x = 2  # type: ignore[misc]


def test_validating_refuses_a_draft_that_broke_the_models_types() -> None:
    d = thaw(Point(x=1))
    d.x = "not a number"
    with validating(), pytest.raises(ValidationError):
        freeze(d)

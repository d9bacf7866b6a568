"""Observations built without validation (`rules.core.builder`) equal validated ones, and a game's
`private_key` decides its private-only text.

Views are built from values the rules made, skipping pydantic's validation (most of the cost of a
report): over many seeded states of each game, every view (the public one and each seat's) must
equal the same record validated from its dump, field for field and type for type, and dump the same.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from rules import GAMES
from rules.core import Frozen, Seat, builder
from rules.engine import Engine
from rules.playout import next_actor


def seat_counts(key: str) -> list[int]:
    """The fewest and the most seats a game takes, and 3 if it takes 3."""
    g = GAMES[key]
    return sorted({g.min_seats, 3, g.max_seats} & set(range(g.min_seats, g.max_seats + 1)))


GAMES_PER_COUNT = 3
MAX_PLIES = 400
# The 10th Night's views are large (and its own tests check them): a shorter sample.
PLIES = {"tenth_night": 40}


def states(key: str) -> Iterator[tuple[Any, int]]:
    """Every state of a few seeded random games at each seat count: (state, seats)."""
    game = GAMES[key]
    engine = Engine(game)
    for seats in seat_counts(key):
        for n in range(GAMES_PER_COUNT):
            seed = f"built/{key}/{seats}/{n}"
            state = engine.setup(seats, None, seed)
            rng = random.Random(seed)
            for ply in range(1, PLIES.get(key, MAX_PLIES)):
                yield state, seats
                seat = next_actor(game, state)
                if seat is None or game.outcome(state) is not None:
                    break
                action = rng.choice(list(engine.legal(state, seat)))
                state = engine.act(state, seat, action, seed=seed, ply=ply, checked=True).state


def same(built: Any, valid: Any, where: str) -> None:
    """`built` and `valid` hold equal values of the same types, all the way down (a record in a
    field typed `Any` validates to its dump: that is the same value)."""
    if isinstance(built, BaseModel) and isinstance(valid, dict):
        assert built.model_dump() == valid, where
        return
    assert type(built) is type(valid), where
    if isinstance(built, BaseModel):
        assert built.__dict__.keys() == valid.__dict__.keys(), where
        for name in type(built).model_fields:
            same(getattr(built, name), getattr(valid, name), f"{where}.{name}")
    elif isinstance(built, dict):
        assert built.keys() == valid.keys(), where
        for k in built:
            same(built[k], valid[k], f"{where}[{k!r}]")
    elif isinstance(built, list | tuple):
        assert len(built) == len(valid), where
        for i, (b, v) in enumerate(zip(built, valid, strict=True)):
            same(b, v, f"{where}[{i}]")
    else:
        assert built == valid, where


@pytest.mark.parametrize("key", sorted(GAMES))
def test_views_built_without_validation_equal_validated_ones(key: str) -> None:
    game = GAMES[key]
    count = 0
    for state, seats in states(key):
        viewers: list[Seat | None] = [None, *range(seats)]
        for viewer in viewers:
            view = game.observe(state, viewer)
            valid = type(view).model_validate(view.model_dump())
            same(view, valid, f"{key} seat {viewer}")
            assert view.model_dump(mode="json") == valid.model_dump(mode="json")
            count += 1
    assert count >= GAMES_PER_COUNT * len(seat_counts(key)) * 2  # every sampled game was seen


def private_only(game: Any, state: Any, seat: Seat) -> tuple[str, ...]:
    public = set(game.text.describe(game.observe(state, None)).splitlines())
    own = game.text.describe(game.observe(state, seat)).splitlines()
    return tuple(line for line in own if line.strip() and line not in public)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_equal_private_keys_mean_equal_private_only_text(key: str) -> None:
    """The contract of `Game.private_key`: a key seen twice stands for the same lines."""
    game = GAMES[key]
    seen: dict[Hashable, tuple[str, ...]] = {}
    keyed = 0
    for state, seats in states(key):
        for seat in range(seats):
            found = game.private_key(state, seat)
            if found is None:
                continue
            keyed += 1
            lines = private_only(game, state, seat)
            assert seen.setdefault((seat, found), lines) == lines, (seat, found)
    if key == "coldest_night":
        assert keyed > 500 and len(seen) > 50  # the key is real and tells states apart


@pytest.mark.parametrize("key", sorted(GAMES))
def test_private_lines_said_directly_are_the_lines_the_views_differ_by(key: str) -> None:
    """`GameText.private_lines`, where a game says them without building views, equal the lines
    its own view shows and the public one does not."""
    game = GAMES[key]
    said = 0
    for state, seats in states(key):
        for seat in range(seats):
            direct = game.text.private_lines(state, seat)
            if direct is not None:
                said += 1
                assert tuple(direct) == private_only(game, state, seat), (seat, state)
    if key == "coldest_night":
        assert said > 500


class Inner(Frozen):
    n: int


class Outer(Frozen):
    name: str
    inner: Inner
    items: list[Inner]
    extra: int | None


def test_the_builder_makes_the_record_validation_would() -> None:
    build = builder(Outer)
    made = build(name="a", inner=Inner(n=1), items=[Inner(n=2)], extra=None)
    valid = Outer.model_validate(
        {"name": "a", "inner": {"n": 1}, "items": [{"n": 2}], "extra": None}
    )
    assert made == valid
    assert made.model_fields_set == valid.model_fields_set
    assert made.model_dump() == valid.model_dump()
    assert made != Outer(name="b", inner=Inner(n=1), items=[Inner(n=2)], extra=None)
    with pytest.raises(ValueError):
        made.name = "c"  # type: ignore[misc]  # still frozen

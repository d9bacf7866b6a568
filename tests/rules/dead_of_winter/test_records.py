"""The legal lists' action records, built without validation and kept per value
(`actions.record`), equal validated ones: over many seeded positions of games with and without the
Long Night modules, every record of every legal list is the record `action_model` validates from its
dump, of the same class, field for field and type for type, with the same fields set."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.core import Event, rng_for
from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import IMPROVEMENTS, ITEMS, SURVIVORS
from rules.engine import Engine
from rules.playout import next_actor
from tests.rules.dead_of_winter.helpers import random_walks

ENGINE = Engine(GAME)
TABLES = [
    (1, {}),
    (3, {}),
    (4, {}),
    (5, {"long_night": True}),
    (2, {"long_night": True}),
    (4, {"traps": True, "bandits": True}),
]


def check(action: Any) -> None:
    valid = A.action_model.validate_python(action.model_dump())
    assert type(action) is type(valid)
    assert action == valid
    assert list(action.__dict__) == list(valid.__dict__)
    for name, value in action.__dict__.items():
        assert type(value) is type(valid.__dict__[name]), (action, name)
    assert action.model_fields_set == valid.model_fields_set
    assert action.model_dump_json() == valid.model_dump_json()
    assert hash(action) == hash(valid)


@pytest.mark.parametrize(("seats", "options"), TABLES)
def test_legal_records_equal_validated_ones(seats: int, options: dict[str, bool]) -> None:
    kinds: Counter[str] = Counter()
    for _, _, _, _, legal, _ in random_walks("records", seats, options, 3):
        for action in legal:
            check(action)
            kinds[action.type] += 1
    assert len(kinds) >= 12, kinds  # many kinds of move were checked, not a handful


def test_a_record_takes_its_defaults_and_refuses_missing_values() -> None:
    assert A.attack("S01", 4) == A.Attack(survivor="S01", die=4)
    assert A.attack("S01", 4, None, True) == A.Attack(survivor="S01", die=4, bandit=True)
    assert A.attack("S01", 4) is A.attack("S01", 4)  # kept per value
    with pytest.raises(TypeError):
        A.attack("S01")


@pytest.mark.parametrize(("seats", "options"), TABLES)
def test_occupancy_and_rooms_equal_the_per_location_counts(
    seats: int, options: dict[str, bool]
) -> None:
    """`core.occupancy`/`core.rooms` (one pass) give what `occupied`/`has_room` give per place."""
    away = 0
    for _, _, state, _, _, _ in random_walks("occupancy", seats, options, 2):
        w = state.model_dump(mode="json")
        counts = core.occupancy(w)
        assert list(counts) == core.places(w)
        assert counts == {loc: core.occupied(w, loc) for loc in core.places(w)}
        assert core.rooms(w) == [loc for loc in core.places(w) if core.has_room(w, loc)]
        away += sum(1 for loc, k in counts.items() if k and loc != "colony")
    assert away > 0  # survivors were counted away from the colony too


OPS = sorted(
    {m.op for c in SURVIVORS.values() for m in c.parsed.modifiers}
    | {m.op for i in ITEMS.values() if i.mode == "equip" for m in i.ability.modifiers}
    | {m.op for i in IMPROVEMENTS.values() for m in i.ability.modifiers}
)


@pytest.mark.parametrize(("seats", "options"), TABLES)
def test_has_mod_equals_a_look_through_the_modifiers(seats: int, options: dict[str, bool]) -> None:
    """`core.has_mod` (each card's passive ops known up front) says what `modifiers` lists."""
    hits = 0
    for seed, ply, state, _, _, _ in random_walks("has_mod", seats, options, 2):
        w = state.model_dump(mode="json")
        for sid in w["survivors"]:
            listed = {m.op for m in core.modifiers(w, sid)}
            for op in OPS:
                assert core.has_mod(w, sid, op) == (op in listed), (seed, ply, sid, op)
            hits += len(listed)
    assert hits > 0  # some survivors had modifiers


@pytest.mark.parametrize(("seats", "options"), TABLES)
def test_events_built_without_validation_equal_validated_ones(
    seats: int, options: dict[str, bool]
) -> None:
    """A move's events (`Ctx.say`, built without validation) equal validated copies."""
    count = private = 0
    for n in range(2):
        seed = f"events/{seats}/{sorted(options)}/{n}"
        state = ENGINE.setup(seats, options, seed)
        rng = random.Random(seed)
        for ply in range(1, 600):
            seat = next_actor(GAME, state)
            if seat is None or GAME.outcome(state) is not None:
                break
            legal = GAME.legal_actions(state, seat)
            step = GAME.apply(state, seat, legal[rng.randrange(len(legal))], rng_for(seed, ply))
            for event in step.events:
                valid = Event.model_validate(event.model_dump())
                assert event == valid
                assert list(event.__dict__) == list(valid.__dict__)
                for name, value in event.__dict__.items():
                    assert type(value) is type(valid.__dict__[name]), (event, name)
                assert event.model_dump_json() == valid.model_dump_json()
                count += 1
                private += event.visible_to is not None
            state = step.state
    assert count > 100
    assert private > 0  # events for one seat only were checked too

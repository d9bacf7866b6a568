"""The content is data in the closed §13 vocabulary, and the interpreter covers every term."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from rules.dead_of_winter import content, effects, rules_conditions
from rules.dead_of_winter.content import (
    CLAUSES,
    EFFECTS,
    FLAGS,
    MODIFIERS,
    TRIGGER_EVENTS,
    parse_ability,
    parse_condition,
    parse_effects,
    parse_trigger,
)

RULES_DIR = Path(content.__file__).parent


def test_the_base_game_content_is_complete_and_loaded_at_import() -> None:
    assert len(content.SURVIVORS) == 30
    assert len(content.ITEMS) == 145 + len(content.LAB_ITEMS)  # the Lab deck's 20 join them
    assert len(content.CRISES) == 20
    assert len(content.MAINS) == 10
    assert len(content.TWISTS) == 40
    kinds = [o.kind for o in content.OBJECTIVES.values()]
    assert (kinds.count("secret"), kinds.count("betrayal"), kinds.count("exiled")) == (24, 10, 10)
    crisis_symbols = sorted(c.prevent for c in content.CRISES.values())
    assert crisis_symbols.count("Weapon") == 1 and crisis_symbols.count("Tool") == 4


def test_every_card_string_parses_in_the_vocabulary() -> None:
    for card_id, text in content.all_effect_texts():
        if ":" in text.split(" ")[0] or text.split(":")[0] in ("passive", "spent", "round"):
            parse_ability(text)
        else:
            try:
                parse_effects(text)
            except ValueError:
                parse_ability(text)
        assert card_id
    for t in content.TWISTS.values():
        parse_trigger(t.trigger)
    for o in content.OBJECTIVES.values():
        parse_condition(o.goal)


@pytest.mark.parametrize(
    "bad",
    ["gain_gold 2", "morale two", "heal everyone 1", "add_zombies moon 2", "kill_zombies here"],
)
def test_a_term_outside_the_vocabulary_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_effects(bad)


def test_a_card_with_an_unknown_term_fails_validation_at_load() -> None:
    with pytest.raises(ValueError):
        content.Item.model_validate(
            {
                "id": "X1",
                "name": "Bad",
                "deck": "police",
                "symbol": "Tool",
                "value": None,
                "tags": [],
                "mode": "waste",
                "effect": "summon_dragon 1",
            }
        )
    with pytest.raises(ValueError):
        parse_condition("main_done & luck>=3")
    with pytest.raises(ValueError):
        parse_trigger("on_sneeze 3")


def test_every_effect_term_has_exactly_one_resolver() -> None:
    assert set(effects.RESOLVERS) == set(EFFECTS)


def test_every_condition_clause_is_measured_by_the_interpreter() -> None:
    source = inspect.getsource(rules_conditions)
    for name in CLAUSES:
        assert f'"{name}"' in source, name
    for flag in FLAGS:
        assert f'"{flag}"' in source, flag


def test_every_modifier_and_trigger_event_is_read_by_the_rules() -> None:
    source = "\n".join(p.read_text() for p in RULES_DIR.glob("rules_*.py"))
    source += (RULES_DIR / "effects.py").read_text()
    for name in MODIFIERS:
        if name == "search_safe":  # a Lab primitive: nothing without the module (§13.10)
            continue
        assert f'"{name}"' in source, name
    for name in TRIGGER_EVENTS:
        assert f'"{name}"' in source, name


def test_vote_twist_cards_never_carry_a_cost_dw_41() -> None:
    for t in content.TWISTS.values():
        if t.kind == "vote":
            for option in t.options:
                assert "pay_" not in option.effects

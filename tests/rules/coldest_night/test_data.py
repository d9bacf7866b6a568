"""§2 component data: the totals the spec asks tests to assert."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

from rules.coldest_night import data
from rules.coldest_night.data import CARDS, DATA, FROST, TOKENS


def test_component_counts() -> None:
    assert len(DATA.starter) == 3
    assert len(DATA.kindling) == 50
    assert len(DATA.fire_dwindles) == 3
    assert len(DATA.frostbite) == 10
    assert len(DATA.token) == 9


def test_starters_heat_7_in_pit_order() -> None:
    assert [(c.id, c.name, c.heat, c.ash) for c in DATA.starter] == [
        ("S1", "Logs", 3, 1),
        ("S2", "Newspaper", 2, 1),
        ("S3", "Match", 2, 1),
    ]
    assert sum(c.heat for c in DATA.starter) == 7


def test_fire_dwindles_have_no_heat_ash_or_effect() -> None:
    assert [c.id for c in DATA.fire_dwindles] == ["FD1", "FD2", "FD3"]
    assert all((c.heat, c.ash, c.effect_kind) == (0, 0, "none") for c in DATA.fire_dwindles)


def test_kindling_effect_totals() -> None:
    kinds = Counter(c.effect_kind for c in DATA.kindling)
    assert kinds == {"greatest": 6, "target": 3, "burn_one": 3, "gain": 2, "if": 7, "none": 29}


def test_each_token_is_yielded_by_exactly_one_card() -> None:
    yielded = Counter(c.token for c in DATA.kindling if c.token)
    assert yielded == dict.fromkeys(TOKENS, 1)


def test_heat_sum_and_distribution() -> None:
    heats = [c.heat for c in DATA.kindling]
    assert sum(heats) == 108
    assert sum(heats) / 50 == 2.16
    assert Counter(heats) == {1: 12, 2: 24, 3: 8, 4: 6}


def test_if_cards_are_the_seven_listed() -> None:
    assert sorted(c.id for c in DATA.kindling if c.effect_kind == "if") == [
        "K06",
        "K10",
        "K12",
        "K14",
        "K23",
        "K32",
        "K40",
    ]


@pytest.mark.parametrize(
    ("card_id", "label"),
    [
        ("K01", "GREATEST"),
        ("K02", "TARGET"),
        ("K28", "BURN ONE"),
        ("K03", "GAIN Axe"),
        ("K06", "IF heat total 6 or less: gain Cabinet Key"),
        ("K10", "IF heat total 9 or more: gain Kerosene"),
        ("K14", "IF heat total exactly 7: gain Blanket"),
        ("K04", None),
    ],
)
def test_effect_labels(card_id: str, label: str | None) -> None:
    assert CARDS[card_id].effect == label


def test_if_cards_yield_the_spec_tokens() -> None:
    assert {
        c.id: (c.if_op, c.if_value, c.token) for c in DATA.kindling if c.effect_kind == "if"
    } == {
        "K06": ("at_most", 6, "cabinet_key"),
        "K10": ("at_least", 9, "kerosene"),
        "K12": ("at_most", 5, "emergency_supplies"),
        "K14": ("exactly", 7, "blanket"),
        "K23": ("at_most", 4, "alcohol"),
        "K32": ("at_least", 11, "cellar_key"),
        "K40": ("exactly", 10, "lighter_fluid"),
    }


def test_frostbite_values() -> None:
    assert {f.id: (f.name, f.frost) for f in DATA.frostbite} == {
        "F01": ("Loss of Circulation", 3),
        "F02": ("Memory Loss", 4),
        "F03": ("Paranoia", 5),
        "F04": ("Numbing", 6),
        "F05": ("Violent Shivering", 7),
        "F06": ("Advanced Frostbite", 8),
        "F07": ("Blue Lips", 9),
        "F08": ("Blue Lips", 3),
        "F09": ("Stiff Fingers", 6),
        "F10": ("Chilblains", 5),
    }
    assert set(FROST) == {f"F{i:02}" for i in range(1, 11)}


def test_tokens_in_spec_order() -> None:
    assert list(TOKENS) == [
        "alcohol",
        "axe",
        "backpack",
        "blanket",
        "cabinet_key",
        "cellar_key",
        "emergency_supplies",
        "lighter_fluid",
        "kerosene",
    ]


def test_a_data_file_with_a_missing_card_is_refused(tmp_path: Path) -> None:
    source = Path(data.__file__).with_name("cards.toml").read_text()
    start = source.index('[[kindling]]\nid = "K50"')
    broken = source[:start] + source[source.index("\n\n", start) :]
    path = tmp_path / "cards.toml"
    path.write_text(broken)
    with pytest.raises(ValidationError, match="expected 50 kindling"):
        data.load(path)

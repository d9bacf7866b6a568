"""Every game's `parse`, called directly (not through the engine, which refuses long text first),
answers a huge number in any of its notations with a `RuleError`: never Python's ValueError about
its 4,300-digit limit for `int()`."""

from __future__ import annotations

import re

import pytest

from rules import GAMES
from rules.engine import Engine
from rules.errors import ParseError, RuleError
from rules.parsing import typed_int
from tests.rules.test_parse_fuzz import positions

HUGE = "9" * 5_000
ODD_DIGITS = ("²", "٣" * 5_000, "7" * 10)  # a superscript, Arabic-Indic digits, a long number


def typed_forms(labels: list[str]) -> list[str]:
    """Each label with its numbers made huge (all of them, and only the first), plus bare
    numbers, signs, coordinates and ranges."""
    forms = [HUGE, f"-{HUGE}", f"+{HUGE}", f"#{HUGE}", f"({HUGE},{HUGE})", f"{HUGE}-{HUGE}"]
    forms += [f"take {HUGE}", f"play {HUGE}", *ODD_DIGITS]
    for label in labels:
        forms.append(re.sub(r"\d+", HUGE, label))
        forms.append(re.sub(r"\d+", HUGE, label, count=1))
        for odd in ODD_DIGITS:
            forms.append(re.sub(r"\d+", odd, label, count=1))
    return forms


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_parse_refuses_a_huge_number_with_a_rule_error(key: str) -> None:
    game = GAMES[key]
    engine = Engine(game)
    checked = 0
    for state, seat in positions(key)[:2]:
        legal = engine.legal(state, seat)
        labels = list(dict.fromkeys(game.text.label(state, action) for action in legal))[:8]
        for text in typed_forms(labels):
            try:
                action = game.text.parse(state, seat, text, legal)
            except RuleError as err:
                assert str(err).strip(), "a refusal says something"
            else:
                assert action in legal
            checked += 1
    assert checked > 20


def test_a_typed_number_is_read_or_refused_in_words() -> None:
    assert typed_int("12") == 12 and typed_int("-3") == -3 and typed_int("٣") == 3
    for text in (HUGE, "²", "", "-", "1" * 10):
        with pytest.raises(ParseError):
            typed_int(text)

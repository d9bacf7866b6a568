"""Each bad input of issue 10 §5 gets one clear sentence naming the reason; the table stays."""

from __future__ import annotations

from typing import Any

import pytest

from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.errors import ParseError, RuleError
from tests.rules.dead_of_winter.helpers import ENGINE, clear_board, edit, put_survivor, started
from tests.rules.dead_of_winter.test_scenarios import turn_of


def table(seats: int = 3, **options: Any) -> Any:
    def setup(w: dict[str, Any]) -> None:
        clear_board(w)
        put_survivor(w, "S02", 0, "colony")
        put_survivor(w, "S03", 0, "library")
        put_survivor(w, "S04", 1, "colony")
        w["groups"][0]["leader"] = "S02"
        w["groups"][1]["leader"] = "S04"
        w["groups"][0]["hand"] = ["ST01"]
        w["locations"]["library"]["deck"] = []

    return turn_of(edit(started(seats, options or None), setup), 0, [5, 2])


def refused(state: Any, seat: int, action: Any, reason: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(RuleError, match=reason):
        ENGINE.check(state, seat, action)
    assert state.model_dump_json() == before


def test_moving_to_the_current_location_is_refused_with_the_reason() -> None:
    refused(table(), 0, A.Move(survivor="S02", to="colony"), "already there")


def test_searching_an_empty_deck_is_refused_with_the_reason() -> None:
    refused(table(), 0, A.Search(survivor="S03", die=5), "deck is empty")


def test_contributing_a_card_you_do_not_hold_is_refused() -> None:
    state = edit(table(), lambda w: w.update(crisis={"id": "C01", "contributions": []}))
    refused(state, 0, A.Contribute(card="G05"), "do not hold that card")


def test_exiling_when_exile_is_not_available_is_refused() -> None:
    refused(table(3, mode="coop"), 0, A.CallExile(target=1), "Exile is not available")
    refused(table(3, secret_deal="no_betrayer"), 0, A.CallExile(target=1), "not available")


def test_acting_for_another_group_is_refused() -> None:
    refused(table(), 0, A.Move(survivor="S04", to="police"), "not one of your survivors")
    refused(table(), 1, A.Pass(), "not your turn")


def test_an_unknown_card_name_gets_a_clear_sentence() -> None:
    state = table()
    with pytest.raises(ParseError, match="no card called"):
        GAME.text.parse(state, 0, "play Golden Goose")
    with pytest.raises(ParseError, match="not in your hand"):
        GAME.text.parse(state, 0, "play Canned Stew")


def test_a_move_in_the_wrong_phase_is_refused() -> None:
    draft = ENGINE.setup(3, None, 4)
    refused(draft, 0, A.Pass(), "draft")
    state = table()
    refused(state, 0, A.Vote(yes=True), "no vote open")
    refused(state, 0, A.Keep(card="ST01"), "not open now")


def test_a_die_you_do_not_have_is_refused() -> None:
    refused(table(), 0, A.Barricade(survivor="S02", die=6, entrance=1), "no unused die showing 6")


def test_secret_moves_must_not_be_typed_in_public() -> None:
    state = table()
    assert GAME.is_secret(state, A.Contribute(card="ST01"))
    assert GAME.is_secret(state, A.Vote(yes=True))
    assert not GAME.is_secret(state, A.Pass())


def test_short_typed_forms_read_as_the_move_they_name() -> None:
    state = table()
    assert GAME.text.parse(state, 0, "move Bram to hospital") == A.Move(
        survivor="S02", to="hospital"
    )
    assert GAME.text.parse(state, 0, "Move bram to 5 (whatever)") == A.Move(
        survivor="S02", to="hospital"
    )
    assert GAME.text.parse(state, 0, "barricade colony 2 with Bram") == A.Barricade(
        survivor="S02", die=2, entrance=2
    )
    assert GAME.text.parse(state, 0, "pass") == A.Pass()
    assert GAME.text.parse(state, 0, "exile seat 2") == A.CallExile(target=1)
    with pytest.raises(ParseError, match="several moves"):
        GAME.text.parse(state, 0, "move")

"""Typed notation (WI-24) and the refusals players read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.errors import IllegalActionError, NotYourTurnError, ParseError
from rules.winter import GAME
from rules.winter.actions import ChooseColour, Keep, Move, Place, PutCounter, Remove, Take
from rules.winter.state import WinterState
from tests.rules.winter.helpers import play, position, position_r
from tests.rules.winter.test_freezing import wx1_start, wx3
from tests.rules.winter.test_thawing import position_s


def test_wi24_full_notation_parses_to_integer_coordinates() -> None:
    assert GAME.text.parse(position_r(), 0, "move G3 to B5 down") == Move(
        from_row=0, from_col=4, to_row=2, to_col=-1, orientation="down"
    )


def test_wi24_the_boards_words_upright_and_turned_down_are_orientations_too() -> None:
    assert GAME.text.parse(position_r(), 0, "move G3 to B5 turned down") == Move(
        from_row=0, from_col=4, to_row=2, to_col=-1, orientation="down"
    )
    state = wx1_start()
    assert GAME.text.parse(state, 1, "place E3 upright") == GAME.text.parse(state, 1, "place E3 up")
    assert GAME.text.parse(state, 1, "place E3 turned down").orientation == "down"  # type: ignore[union-attr]


def test_wi24_input_is_case_insensitive() -> None:
    assert GAME.text.parse(position_r(), 0, "REMOVE g3") == Remove(row=0, col=4)


def test_wi24_a_trailing_orientation_may_be_left_out_when_only_one_is_legal() -> None:
    assert GAME.text.parse(position_r(), 0, "move G3 to B5") == Move(
        from_row=0, from_col=4, to_row=2, to_col=-1, orientation="down"
    )


def test_wi24_colour_accepts_both_spellings() -> None:
    state = play(wx1_start(), 1, "place E3 up")
    assert GAME.text.parse(state, 0, "color light") == ChooseColour(colour="light")
    assert GAME.text.parse(state, 0, "colour dark") == ChooseColour(colour="dark")


def test_wi24_keep_accepts_any_card_of_a_group() -> None:
    state = play(position_s(), 0, "remove G3")
    assert GAME.text.parse(state, 0, "keep K3") == Keep(row=0, col=6)
    assert GAME.text.parse(state, 0, "keep D5") == Keep(row=0, col=0)


def test_wi24_take_and_counter_notation() -> None:
    assert GAME.text.parse(position_r(), 0, "take D4") == Take(row=1, col=1)
    assert GAME.text.parse(wx3(), 1, "counter D5") == PutCounter(row=2, col=1)


def test_wi24_labels_parse_back_to_their_actions() -> None:
    state = wx1_start()
    for action in GAME.legal_actions(state, 1):
        assert GAME.text.parse(state, 1, GAME.text.label(state, action)) == action


def test_a_command_out_of_turn_is_refused_as_not_your_turn() -> None:
    with pytest.raises(NotYourTurnError):
        GAME.text.parse(position_r(), 1, "remove G3")


def test_the_engine_uses_why_illegal_for_a_corner_spot() -> None:
    from rules.engine import Engine

    with pytest.raises(IllegalActionError, match="corner"):
        Engine(GAME).check(wx1_start(), 1, Place(row=-2, col=-2, orientation="up"))


def test_labels_parse_back_in_a_wide_lake() -> None:
    cards = [(0, 2 * i, 6, "up") for i in range(4)] + [(0, 8 + 2 * i, 2, "up") for i in range(4)]
    state = position(cards, phase="thawing", supply=(9, 9), colours=("dark", "light"))
    for action in GAME.legal_actions(state, 0):
        assert GAME.text.parse(state, 0, GAME.text.label(state, action)) == action


def test_wi24_move_without_a_destination_is_accepted_when_the_card_has_one_move() -> None:
    state = position_r(active=1)
    assert GAME.text.parse(state, 1, "move G3") == Move(
        from_row=0, from_col=4, to_row=-2, to_col=0, orientation="down"
    )


def test_a_command_of_the_wrong_phase_is_named_in_words() -> None:
    with pytest.raises(IllegalActionError, match="You cannot choose the colours now: move a card"):
        GAME.text.parse(position_r(), 0, "colour light")
    with pytest.raises(IllegalActionError, match="You cannot put a counter now: move a card"):
        GAME.text.parse(position_r(), 0, "counter D4")


# Refused commands and what the player reads: (position, seat, typed, error, message)
REFUSED = [
    pytest.param(
        wx1_start,
        1,
        "place E3",
        ParseError,
        r"up.*down",
        id="wi24_an_ambiguous_short_command_lists_the_matching_moves",
    ),
    pytest.param(
        wx1_start,
        1,
        "place A1 up",
        IllegalActionError,
        "only at a corner",
        id="a_spot_touching_only_a_corner_is_explained",
    ),
    pytest.param(
        wx1_start,
        1,
        "place D4 up",
        IllegalActionError,
        "overlap",
        id="an_overlapping_spot_is_explained",
    ),
    pytest.param(
        position_r,
        0,
        "move C3 to C1 up",
        IllegalActionError,
        "locked by the counter on D4",
        id="moving_a_locked_card_is_explained_with_the_counter_that_locks_it",
    ),
    pytest.param(
        position_r,
        0,
        "move G3 to E1 down",
        IllegalActionError,
        "makes no new dark square",
        id="a_move_that_makes_no_new_square_is_explained",
    ),
    pytest.param(
        lambda: play(wx3(), 1, "counter D4").model_copy(update={"active": 1}),
        1,
        "counter D4",
        IllegalActionError,
        "already holds a light counter",
        id="a_counter_on_an_occupied_square_is_explained",
    ),
    pytest.param(
        lambda: wx3().model_copy(update={"active": 0}),
        0,
        "counter D4",
        IllegalActionError,
        "light square; you play dark",
        id="a_counter_on_a_wrong_colour_square_is_explained",
    ),
    pytest.param(
        wx3,
        1,
        "counter C3",
        IllegalActionError,
        "not a square",
        id="a_counter_where_there_is_no_square_is_explained",
    ),
    pytest.param(
        position_r,
        0,
        "take D6",
        IllegalActionError,
        "belongs to the other player",
        id="taking_the_opponents_counter_is_explained",
    ),
    pytest.param(
        position_r,
        0,
        "remove here",
        ParseError,
        "not a board spot",
        id="a_word_that_is_not_a_label_is_explained",
    ),
    pytest.param(
        wx3,
        1,
        "remove C3",
        IllegalActionError,
        "draw a card or put a counter",
        id="a_command_of_the_wrong_phase_names_what_to_do",
    ),
    pytest.param(
        position_r,
        0,
        "move G3",
        ParseError,
        "Move G3 to E1",
        id="wi24_move_without_a_destination_lists_the_moves_when_there_are_several",
    ),
]


@pytest.mark.parametrize(("position", "seat", "typed", "error", "message"), REFUSED)
def test_a_refused_command_is_explained(
    position: Callable[[], WinterState],
    seat: int,
    typed: str,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        GAME.text.parse(position(), seat, typed)

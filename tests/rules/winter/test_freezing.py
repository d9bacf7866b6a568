"""Set-up and Freezing: WI-2 – WI-7, WI-16 and worked examples WX-1 – WX-4."""

from __future__ import annotations

import random

import pytest

from rules.engine import Engine
from rules.errors import IllegalActionError
from rules.winter import GAME
from rules.winter.actions import Draw, Place
from rules.winter.rules_cards import CARD_TYPE
from rules.winter.state import PlacedCard, WinterState
from tests.rules.winter.helpers import anchors, at, labels, play, position

WX1_DECK = (10, 16, 12, 9)


def wx1_start() -> WinterState:
    """WX-1 after set-up: first player is seat 2, card 10 opens, card 16 drawn."""
    rest = tuple(i for i in range(18) if i not in WX1_DECK)
    return WinterState(
        first_player=1,
        active=1,
        phase="place_drawn",
        deck=(12, 9, *rest),
        cards=(PlacedCard(card_id=10, row=0, col=0, orientation="up"),),
        drawn_card=16,
    )


def wx1_end() -> WinterState:
    state = play(wx1_start(), 1, "place E3 up")
    state = play(state, 0, "colour dark")
    state = play(state, 0, "draw")
    return play(state, 0, "place D5 down")


def test_wi2_setup_draws_first_player_then_shuffles_the_deck() -> None:
    state = Engine(GAME).setup(2, None, "seed-x")
    rng = random.Random("seed-x/0")
    first = rng.randrange(2)
    deck = list(range(18))
    rng.shuffle(deck)
    assert state.first_player == first
    assert (state.cards[0].card_id, state.drawn_card, state.deck) == (
        deck[0],
        deck[1],
        tuple(deck[2:]),
    )


def test_wi3_the_top_card_opens_at_the_origin_and_the_first_player_holds_the_next() -> None:
    state = Engine(GAME).setup(2, None, 5)
    obs = GAME.observe(state, None)
    assert (state.cards[0].row, state.cards[0].col, state.cards[0].orientation) == (0, 0, "up")
    assert obs.phase == "place_drawn"
    assert obs.deck_count == 16
    assert obs.to_act == [state.first_player]
    assert obs.drawn_card is not None and obs.drawn_card.card_id == state.drawn_card


def test_wx1_opening_lists_twelve_spots_in_both_orientations() -> None:
    state = wx1_start()
    spots = {lab.split()[3].rstrip(",") for lab in labels(state, 1, "place")}
    assert spots == set(["B1", "C1", "D1", "A2", "A3", "A4", "E2", "E3", "E4", "B5", "C5", "D5"])
    assert len(GAME.legal_actions(state, 1)) == 24


def test_wx1_opening_placement_hands_the_colour_choice_to_the_second_player() -> None:
    state = play(wx1_start(), 1, "place E3 up")
    obs = GAME.observe(state, None)
    assert (state.cards[1].card_id, anchors(state)[1]) == (16, (0, 2))
    assert obs.phase == "choose_colour" and obs.to_act == [0]
    assert obs.open_squares == []


def test_wi4_the_chooser_takes_the_colour_and_plays_first() -> None:
    state = play(play(wx1_start(), 1, "place E3 up"), 0, "colour dark")
    obs = GAME.observe(state, None)
    assert obs.colours == {0: "dark", 1: "light"}
    assert obs.phase == "freezing" and obs.to_act == [0]
    assert GAME.legal_actions(state, 0) == [Draw()]


def test_wx1_draw_and_place_make_the_first_dark_square_across_three_cards() -> None:
    state = play(play(play(wx1_start(), 1, "place E3 up"), 0, "colour dark"), 0, "draw")
    assert state.drawn_card == 12 and len(state.deck) == 15
    state = play(state, 0, "place D5 down")
    obs = GAME.observe(state, None)
    assert [(q.label, q.row, q.col, q.colour) for q in obs.open_squares] == [("D4", 1, 1, "dark")]
    assert obs.to_act == [1]
    assert GAME.legal_actions(state, 1) == [Draw()]


def test_wx2_counter_locks_the_three_cards_of_its_square() -> None:
    state = play(wx1_end(), 1, "draw")
    assert state.drawn_card == 9 and CARD_TYPE[9] == 5
    state = play(state, 1, "place G3 up")
    state = play(state, 0, "counter D4")
    obs = GAME.observe(state, None)
    assert [(k.row, k.col, k.colour) for k in obs.counters] == [(1, 1, "dark")]
    assert obs.supply == {0: 8, 1: 9} and obs.on_table == {0: 1, 1: 0}
    assert {c.label: c.locked for c in obs.cards} == {
        "C3": True,
        "E3": True,
        "D5": True,
        "G3": False,
    }
    assert obs.deck_count == 14 and obs.to_act == [1]


def test_wx2_the_same_square_cannot_take_a_second_counter() -> None:
    state = play(play(play(wx1_end(), 1, "draw"), 1, "place G3 up"), 0, "counter D4")
    later = state.model_copy(update={"active": 0})
    with pytest.raises(IllegalActionError, match="already holds"):
        play(later, 0, "counter D4")


WX3_CARDS = [(0, 0, 1, "up"), (0, 2, 2, "up"), (2, 0, 3, "up"), (2, 2, 2, "up")]


def wx3() -> WinterState:
    return position(WX3_CARDS, active=1, phase="freezing", deck=(9, 10))


def test_wx3_a_counter_on_the_four_card_square_locks_all_four_cards() -> None:
    state = play(wx3(), 1, "counter D4")
    obs = GAME.observe(state, None)
    assert all(c.locked for c in obs.cards)
    assert obs.supply[1] == 8


def test_wi7_an_overlapping_square_may_take_another_counter() -> None:
    state = play(wx3(), 1, "counter D4").model_copy(update={"active": 1})
    state = play(state, 1, "counter D5")
    assert [(k.row, k.col) for k in state.counters] == [(1, 1), (2, 1)]
    assert state.supply[1] == 7


def test_wi7_the_identical_square_is_refused_after_an_overlapping_one() -> None:
    state = play(wx3(), 1, "counter D4").model_copy(update={"active": 1})
    state = play(state, 1, "counter D5").model_copy(update={"active": 1})
    with pytest.raises(IllegalActionError):
        play(state, 1, "counter D4")


def test_wi6_a_drawn_card_must_be_placed() -> None:
    state = play(wx3(), 1, "draw")
    assert {a.type for a in GAME.legal_actions(state, 1)} == {"place"}


def test_wi6_drawing_is_legal_even_when_a_counter_could_be_placed() -> None:
    legal = GAME.legal_actions(wx3(), 1)
    assert Draw() in legal and any(a.type == "counter" for a in legal)


def test_wi5_freezing_always_offers_a_draw() -> None:
    state = wx3().model_copy(update={"supply": (0, 0)})
    assert GAME.legal_actions(state, 1) == [Draw()]


# WX-4: two dark counters for seat 1 on squares (0,1) and (1,0); seat 2 has none.
WX4_CARDS = [(0, 0, 8, "down"), (0, 2, 7, "down"), (2, 0, 7, "up")]


def wx4() -> WinterState:
    return position(
        WX4_CARDS,
        [(0, 1, "dark"), (1, 0, "dark")],
        phase="freezing",
        active=0,
        supply=(7, 9),
        deck=(10,),
    )


def test_wx4_thaw_start_check_freezes_out_the_seat_without_counters() -> None:
    state = play(wx4(), 0, "draw")
    place = GAME.legal_actions(state, 0)[0]
    assert isinstance(place, Place)
    state = GAME.apply(state, 0, place, random.Random(0)).state
    obs = GAME.observe(state, None)
    assert obs.outcome is not None
    assert (obs.outcome.winners, obs.outcome.reason, obs.outcome.scores) == (
        [0],
        "frozen_out",
        [2, 0],
    )
    assert obs.thaw_turns == 0 and obs.to_act == [] and obs.stage == "over"


def test_wi16_the_last_card_starts_the_thaw_with_the_other_seat() -> None:
    light = position(WX4_CARDS, [(0, 1, "dark"), (1, 0, "light")], phase="freezing", deck=(10,))
    state = play(light, 0, "draw")
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0], random.Random(0)).state
    obs = GAME.observe(state, None)
    assert (obs.stage, obs.phase, obs.to_act, obs.thaw_turns) == ("thawing", "thawing", [1], 0)


def test_wi16_both_seats_without_counters_at_thaw_start_is_a_draw() -> None:
    state = play(position(WX4_CARDS, phase="freezing", deck=(10,)), 0, "draw")
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0], random.Random(0)).state
    assert state.result is not None
    assert (state.result.winners, state.result.reason) == ((), "both_frozen_out")


def test_wx4_helper_squares_are_where_the_counters_sit() -> None:
    obs = GAME.observe(position(WX4_CARDS, phase="freezing", deck=(10,)), None)
    assert {(q.row, q.col, q.colour) for q in obs.open_squares} >= {
        (0, 1, "dark"),
        (1, 0, "dark"),
    }
    assert at(wx4(), "D3") == (0, 1)

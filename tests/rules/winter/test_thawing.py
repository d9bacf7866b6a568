"""Thawing: WI-8 – WI-15, WI-21, WI-22 and worked examples WX-5 – WX-12 (positions R, S, Z)."""

from __future__ import annotations

import random

import pytest

from rules.errors import IllegalActionError
from rules.winter import GAME
from rules.winter.actions import Move
from rules.winter.state import PlacedCard, WinterState
from tests.rules.winter.helpers import (
    R_CARDS,
    anchors,
    ending,
    labels,
    play,
    position,
    position_r,
)


def counters_of(state: WinterState) -> list[tuple[int, int, str]]:
    return [(k.row, k.col, k.colour) for k in state.counters]


def test_wx5_remove_melts_the_smaller_group_and_returns_its_counter() -> None:
    before = position_r()
    state = play(before, 0, "remove G3")
    obs = GAME.observe(state, None)
    assert anchors(state) == [(0, 0), (0, 2), (2, 1), (4, 1)]
    assert counters_of(state) == [(1, 1, "dark"), (3, 1, "light")]
    assert obs.supply == {0: 8, 1: 8} and obs.on_table == {0: 1, 1: 1}
    assert obs.discarded_cards == before.discarded_cards + 3
    assert obs.thaw_turns == 11 and obs.to_act == [1]


def test_wx5_labels_do_not_shift_when_the_top_left_card_stays() -> None:
    state = play(position_r(), 0, "remove G3")
    assert [c.label for c in GAME.observe(state, None).cards] == ["C3", "E3", "D5", "D7"]


def test_wx6_move_melts_the_cut_off_group_even_though_the_card_bridges_nothing_back() -> None:
    before = position_r()
    state = play(before, 0, "move G3 to B5 down")
    assert anchors(state) == [(0, 0), (0, 2), (2, -1), (2, 1), (4, 1)]
    assert counters_of(state) == [(1, 0, "dark"), (1, 1, "dark"), (3, 1, "light")]
    obs = GAME.observe(state, None)
    assert obs.supply == {0: 7, 1: 8} and obs.on_table == {0: 2, 1: 1}
    assert obs.discarded_cards == before.discarded_cards + 2
    assert obs.thaw_turns == 11 and obs.to_act == [1]


def test_wx6_the_frame_moves_one_column_after_the_move() -> None:
    obs = GAME.observe(play(position_r(), 0, "move G3 to B5 down"), None)
    assert obs.frame_col0 == -3
    cards = {(c.row, c.col): c.label for c in obs.cards}
    counters = {(k.row, k.col): k.label for k in obs.counters}
    assert (cards[(0, 0)], cards[(2, -1)]) == ("D3", "C5")
    assert (counters[(1, 0)], counters[(1, 1)]) == ("D4", "E4")


def test_wx7_exactly_three_moves_are_legal_for_dark_in_r() -> None:
    assert labels(position_r(), 0, "move") == [
        "Move G3 to E1, upright",
        "Move G3 to B5, turned down",
        "Move G3 to D9, turned down",
    ]


def test_wx7_only_the_unlocked_card_may_be_removed_and_only_dark_taken() -> None:
    state = position_r()
    assert labels(state, 0, "remove") == ["Remove card G3"]
    assert labels(state, 0, "take") == ["Take back counter D4"]


def test_wx7_light_has_a_single_move_in_r() -> None:
    state = position_r(active=1)
    assert labels(state, 1, "move") == ["Move G3 to C1, turned down"]


@pytest.mark.parametrize("typed", ["move G3 to G3 up", "move G3 to G3 down"])
def test_wi9_a_card_may_not_return_to_its_own_anchor(typed: str) -> None:
    with pytest.raises(IllegalActionError, match="its own place"):
        play(position_r(), 0, typed)


def test_wi10_a_move_without_a_new_square_of_the_movers_colour_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="no new dark square"):
        play(position_r(), 0, "move G3 to E1 down")


def test_wi10_the_up_move_to_e1_claims_square_e2() -> None:
    state = play(position_r(), 0, "move G3 to E1 up")
    assert (-1, 2, "dark") in counters_of(state)


def test_wx7_moving_a_locked_card_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="locked"):
        play(position_r(), 0, "move C3 to C1 up")


def test_wx7_removing_a_locked_card_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="locked"):
        play(position_r(), 0, "remove C3")


def test_wi8_no_move_is_legal_with_an_empty_supply() -> None:
    state = position_r(supply=(0, 7))
    assert labels(state, 0, "move") == []


# Position S: R without D7 and the light counter D6, plus J5 (2,7) type 6 down.
S_CARDS = [c for c in R_CARDS if c[:2] != (4, 1)] + [(2, 7, 6, "down")]


def position_s() -> WinterState:
    return position(S_CARDS, [(1, 1, "dark"), (0, 7, "light")], supply=(8, 8))


def test_wx8_a_tie_on_remove_asks_the_active_seat_which_group_to_keep() -> None:
    state = play(position_s(), 0, "remove G3")
    obs = GAME.observe(state, None)
    assert obs.phase == "lake_choice" and obs.to_act == [0]
    assert [(g.keep_label, g.size) for g in obs.lake_options] == [("C3", 3), ("I3", 3)]


def test_wx8_keeping_c3_melts_the_light_group_and_freezes_out_light() -> None:
    state = play(play(position_s(), 0, "remove G3"), 0, "keep C3")
    assert ending(state) == ((0,), "frozen_out", (1, 0))


def test_wx8_keeping_i3_melts_the_dark_group_and_freezes_out_dark() -> None:
    state = play(play(position_s(), 0, "remove G3"), 0, "keep I3")
    assert state.result is not None
    assert (state.result.winners, state.result.scores) == ((1,), (0, 1))


def test_wi13_a_move_keeps_the_only_tied_group_its_destination_fits_without_asking() -> None:
    state = play(position_s(), 0, "move G3 to B5 down")
    assert ending(state) == ((0,), "frozen_out", (2, 0))
    assert (1, 0, "dark") in counters_of(state)


def test_wi12_with_three_groups_only_the_largest_survives() -> None:
    # A hub at (0,0) with a two-card arm right and one-card arms left and below.
    cards = [(0, 0, 6, "up"), (0, 2, 2, "up"), (0, 4, 2, "up"), (0, -2, 2, "up"), (2, 0, 2, "up")]
    state = play(position(cards, [], supply=(9, 9)), 0, "remove E3")  # hub: col 0 is E
    assert anchors(state) == [(0, 2), (0, 4)]
    assert state.discarded_cards == 3


def wx9() -> WinterState:
    cards = [
        (0, 2, 6, "up"),
        (1, 4, 2, "down"),
        (2, 2, 6, "down"),
        (4, 2, 6, "up"),
        (4, 4, 3, "up"),
        (5, 0, 8, "down"),
        (6, 2, 7, "up"),
        (6, 4, 7, "down"),
        (7, 6, 2, "down"),
        (8, 4, 8, "up"),
        (9, 2, 2, "down"),
    ]
    dark = [(1, 2), (1, 3), (5, 1), (5, 2), (5, 3), (6, 3), (7, 4), (7, 5)]
    counters = [(r, c, "dark") for r, c in dark] + [(3, 2, "light")]
    return position(cards, counters, supply=(1, 8))  # type: ignore[arg-type]


def test_wx9_only_e12_can_move_and_it_has_two_destinations() -> None:
    assert labels(wx9(), 0, "move") == ["Move E12 to C4, upright", "Move E12 to E11, upright"]


def test_wx9_a_one_row_shift_with_too_few_counters_lets_the_mover_choose() -> None:
    state = play(wx9(), 0, "move E12 to E11 up")
    obs = GAME.observe(state, None)
    assert obs.phase == "move_counters" and obs.to_act == [0]
    assert [(q.label, q.row, q.col) for q in obs.counter_options] == [
        ("F10", 7, 3),
        ("F11", 8, 3),
    ]
    assert obs.pending_move == Move(from_row=9, from_col=2, to_row=8, to_col=2, orientation="up")


def test_wi15_the_chosen_square_gets_the_last_counter_and_the_other_stays_open() -> None:
    before = wx9()
    state = play(play(before, 0, "move E12 to E11 up"), 0, "counter F11")
    obs = GAME.observe(state, None)
    assert (8, 3, "dark") in counters_of(state) and (7, 3, "dark") not in counters_of(state)
    assert obs.supply[0] == 0
    assert "F10" in {q.label for q in obs.open_squares}
    assert obs.thaw_turns == before.thaw_turns + 1 and obs.to_act == [1]


def test_wi15_an_unoffered_square_is_refused_while_placing_move_counters() -> None:
    state = play(wx9(), 0, "move E12 to E11 up")
    with pytest.raises(IllegalActionError, match="new squares"):
        play(state, 0, "counter D4")


def position_z() -> WinterState:
    cards = [*R_CARDS, (0, 10, 8, "up")]
    return position(cards, [(0, 7, "light"), (0, 9, "dark")], supply=(8, 8), active=1)


def test_wx10_a_melt_that_takes_both_last_counters_is_a_draw() -> None:
    state = play(position_z(), 1, "remove G3")
    assert ending(state) == ((), "both_frozen_out", (0, 0))


def after_wx5() -> WinterState:
    return play(position_r(), 0, "remove G3")


def test_wx11_with_every_card_locked_the_only_action_is_taking_back() -> None:
    assert [GAME.text.label(after_wx5(), a) for a in GAME.legal_actions(after_wx5(), 1)] == [
        "Take back counter D6"
    ]


def test_wi11_taking_your_last_counter_is_legal_and_loses() -> None:
    state = play(after_wx5(), 1, "take D6")
    assert ending(state) == ((0,), "frozen_out", (1, 0))


def test_wi5_thawing_always_offers_a_take_to_a_seat_with_counters() -> None:
    assert labels(after_wx5(), 1, "take")


def test_wx12_the_turn_limit_draws_the_game() -> None:
    state = play(position_r(thaw_turns=199, max_thaw_turns=200), 0, "remove G3")
    assert ending(state) == ((), "turn_limit", (1, 1))


def test_wi22_a_zero_turn_limit_never_ends_the_game() -> None:
    state = play(position_r(thaw_turns=199, max_thaw_turns=0), 0, "remove G3")
    assert state.result is None
    assert GAME.observe(state, None).to_act == [1]


def test_wi21_freezing_out_beats_the_turn_limit() -> None:
    state = play(after_wx5().model_copy(update={"thaw_turns": 300}), 1, "take D6")
    assert state.result is not None and state.result.reason == "frozen_out"


def test_wi14_supply_plus_on_table_is_always_nine() -> None:
    for state in (position_r(), after_wx5(), play(position_r(), 0, "move G3 to B5 down")):
        obs = GAME.observe(state, None)
        assert all(obs.supply[s] + obs.on_table[s] == 9 for s in (0, 1))


def tied_move_position() -> WinterState:
    """Lifting card 17 at (0,0) leaves groups of 3, 3 and 1; (-1,0) up claims dark by either."""
    specs = [(-5, -2, 10, "up"), (-3, -2, 7, "up"), (-3, 1, 14, "down"), (-1, -2, 4, "up"),
             (-1, 2, 16, "up"), (-1, 4, 15, "down"), (0, 0, 17, "up"), (2, 1, 0, "up")]  # fmt: skip
    cards = tuple(
        PlacedCard(card_id=i, row=r, col=c, orientation=o)  # type: ignore[arg-type]
        for r, c, i, o in specs
    )
    return WinterState(
        first_player=0, active=0, phase="thawing", deck=(), cards=cards, colours=("dark", "light")
    )


TIED_MOVE = Move(from_row=0, from_col=0, to_row=-1, to_col=0, orientation="up")


def test_wi13_a_move_whose_destination_fits_both_tied_groups_asks_which_to_keep() -> None:
    state = GAME.apply(tied_move_position(), 0, TIED_MOVE, random.Random(0)).state
    obs = GAME.observe(state, None)
    assert obs.phase == "lake_choice" and obs.to_act == [0]
    assert len(obs.lake_options) == 2 and {g.size for g in obs.lake_options} == {3}
    assert obs.lifted_card is not None and obs.lifted_card.card_id == 17
    assert obs.pending_move == TIED_MOVE
    assert (0, 0) not in [(c.row, c.col) for c in obs.cards]


def test_wi13_after_the_keep_the_lifted_card_lands_and_claims_its_squares() -> None:
    state = GAME.apply(tied_move_position(), 0, TIED_MOVE, random.Random(0)).state
    keep = GAME.legal_actions(state, 0)[0]
    after = GAME.apply(state, 0, keep, random.Random(0)).state
    assert (-1, 0) in anchors(after) and len(after.cards) == 4
    assert after.counters and all(k.colour == "dark" for k in after.counters)
    # 7 cards stay after the lift: the kept group of 3 survives, the other 4 melt (WI-12)
    assert after.lifted_card is None and after.discarded_cards == 7 - 3

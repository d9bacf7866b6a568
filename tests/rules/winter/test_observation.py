"""The observation contract (§9) and hidden information (WI-23)."""

from __future__ import annotations

from rules.engine import Engine
from rules.winter import GAME
from rules.winter.actions import Move, Remove
from rules.winter.observation import WinterObservation
from rules.winter.state import PlacedCard, WinterState
from tests.rules.winter.helpers import play, position_r
from tests.rules.winter.test_thawing import position_s, wx9

CONTRACT_FIELDS = {
    "game", "stage", "phase", "to_act", "first_player", "colours", "deck_count", "drawn_card",
    "cards", "counters", "open_squares", "supply", "on_table", "discarded_cards", "lifted_card",
    "pending_move", "lake_options", "counter_options", "frame_row0", "frame_col0", "thaw_turns",
    "max_thaw_turns", "log", "outcome",
}  # fmt: skip
PICTURE_FIELDS = {"frame_row1", "frame_col1", "column_letters"}


def test_the_observation_has_the_contract_fields_and_only_the_pictures_extras() -> None:
    assert set(WinterObservation.model_fields) == CONTRACT_FIELDS | PICTURE_FIELDS


def test_the_frame_ends_two_cells_past_the_last_card_and_names_every_column() -> None:
    obs = GAME.observe(position_r(), None)
    assert obs.frame_row1 == max(c.row for c in obs.cards) + 3
    assert obs.frame_col1 == max(c.col for c in obs.cards) + 3
    assert len(obs.column_letters) == obs.frame_col1 - obs.frame_col0 + 1
    assert obs.column_letters[:3] == ["A", "B", "C"]
    for card in obs.cards:
        assert card.label.startswith(obs.column_letters[card.col - obs.frame_col0])


def test_hint_marks_are_the_legal_moves_of_the_seat_to_act_and_nothing_out_of_turn() -> None:
    state = position_r()
    seat = state.active
    obs = GAME.observe(state, None)
    marks = obs.hint_marks()
    legal = GAME.legal_actions(state, seat)
    crosses = {(m.row, m.col) for m in marks if m.kind == "cross"}
    assert crosses == {(a.row, a.col) for a in legal if isinstance(a, Remove)}
    spots = {(m.row, m.col) for m in marks if m.kind == "spot"}
    assert spots == {(a.to_row, a.to_col) for a in legal if isinstance(a, Move)}
    over = GAME.observe(state.model_copy(update={"phase": "over"}), None)
    assert over.hint_marks() == []


def test_wi23_every_seat_and_spectators_see_the_same_record() -> None:
    state = Engine(GAME).setup(2, None, 7)
    assert GAME.observe(state, 0) == GAME.observe(state, 1) == GAME.observe(state, None)


def test_wi23_the_deck_order_is_not_in_the_observation() -> None:
    state = Engine(GAME).setup(2, None, 7)
    dumped = GAME.observe(state, None).model_dump_json()
    assert 'deck"' not in dumped and str(list(state.deck)) not in dumped
    assert GAME.observe(state, None).deck_count == len(state.deck)


def test_wi13_a_remove_waiting_for_a_lake_choice_lists_each_groups_cards_and_no_lifted_card() -> (
    None
):
    state = play(position_s(), 0, "remove G3")
    obs = GAME.observe(state, None)
    assert obs.lifted_card is None and obs.pending_move is None
    assert [g.cards for g in obs.lake_options] == [
        [(0, 0), (0, 2), (2, 1)],
        [(0, 6), (0, 8), (2, 7)],
    ]


def test_the_counters_are_sorted_and_carry_their_seat() -> None:
    obs = GAME.observe(position_r(), None)
    assert [(k.label, k.seat) for k in obs.counters] == [("J3", 1), ("D4", 0), ("D6", 1)]


def test_describe_shows_the_turn_counters_and_grid() -> None:
    text = GAME.text.describe(GAME.observe(wx9(), None))
    assert "{s0} (dark)" in text and "thaw turn 0/200" in text and "```" in text
    assert len(text) <= 1900


def test_describe_stays_short_for_a_staircase_lake() -> None:
    cards = tuple(
        PlacedCard(card_id=i, row=2 * i, col=2 * i + 1, orientation="up") for i in range(18)
    )
    state = WinterState(
        first_player=0, active=0, phase="thawing", deck=(), cards=cards, colours=("dark", "light")
    )
    text = GAME.text.describe(GAME.observe(state, None))
    assert len(text) <= 1800 and "see the picture" in text

"""Set-up, draws and the night's schedule: TN-1…TN-9, TN-14, TN-15, TN-17; TN-EX1, EX2, EX15."""

from __future__ import annotations

import random

import pytest

from rules.cards import deck_ids
from rules.engine import Engine
from rules.errors import OptionsError
from rules.tenth_night import GAME
from rules.tenth_night.rules_night import start_attack
from rules.tenth_night.rules_table import start_day
from rules.tenth_night.state import assigned_seat, attacks_for, start_seat, zigzag
from tests.rules.tenth_night.helpers import ids, make, night_table, shown


class SpyRandom(random.Random):
    def __init__(self) -> None:
        super().__init__(0)
        self.shuffled: list[list[str]] = []

    def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
        self.shuffled.append(list(x))
        super().shuffle(x)


EX1_TOP = "7H KS 3C 9D JK 2S 5H 10C AD QH 4S 8C 6D JD 2H 9S"


def ex1_order() -> list[str]:
    top = ids(EX1_TOP)
    return top + [i for i in deck_ids(1) if i not in top]


def ex1_state(rng: random.Random | None = None):  # type: ignore[no-untyped-def]
    options = GAME.options_model(deck_order=tuple(ex1_order()))
    return GAME.setup(2, options, rng or random.Random(0))


def test_tn1_observed_cards_carry_id_rank_suit_colour_and_label() -> None:
    obs = GAME.observe(ex1_state(), 0)
    joker = next(c for c in obs.hand if c.rank == "JOKER")
    seven = obs.players[0].row[0]
    assert (joker.id, joker.suit, joker.colour, joker.label) == ("JOKER-1a", None, None, "Joker")
    assert (seven.id, seven.suit, seven.colour, seven.label, seven.value) == (
        "7H-1",
        "H",
        "red",
        "7♥",
        7,
    )


def test_tn2_tn4_without_deck_order_setup_shuffles_the_canonical_list_once() -> None:
    spy = SpyRandom()
    GAME.setup(3, GAME.options_model(), spy)
    assert spy.shuffled == [deck_ids(2)]


def test_tn4_deck_order_makes_setup_draw_no_random_number() -> None:
    spy = SpyRandom()
    ex1_state(spy)
    assert spy.shuffled == []


def test_tn4_a_deck_order_that_misses_a_card_is_rejected() -> None:
    with pytest.raises(OptionsError, match="exactly once"):
        Engine(GAME).setup(2, {"deck_order": ex1_order()[:-1]}, seed=1)


def test_tn4_a_deck_order_of_the_wrong_deck_count_is_rejected() -> None:
    with pytest.raises(OptionsError, match="108"):
        Engine(GAME).setup(3, {"deck_order": ex1_order()}, seed=1)


def test_tn_ex1_tn5_deal_fills_rows_and_sends_faces_and_jokers_to_hands() -> None:
    s = ex1_state()
    assert shown(s.players[0].row) == "7H 3C 5H AD 4S"
    assert shown(s.players[1].row) == "9D 2S 10C 8C 6D"


def test_tn_ex1_tn6_hands_are_equalised_then_the_day_1_draw_follows() -> None:
    s = ex1_state()
    assert list(s.players[0].hand) == ids("JK JD 2H")
    assert list(s.players[1].hand) == ids("KS QH 9S")


def test_tn_ex1_after_setup_38_cards_remain_and_both_seats_must_act() -> None:
    s = ex1_state()
    obs = GAME.observe(s, None)
    assert (obs.draw_count, obs.phase, obs.to_act) == (38, "day", [0, 1])


def test_tn3_setup_creates_one_player_per_seat_with_five_people() -> None:
    s = Engine(GAME).setup(4, None, seed=5)
    assert [len(p.row) for p in s.players] == [5, 5, 5, 5] and s.decks == 2


def test_tn7_new_cards_are_appended_to_the_hand_without_limit() -> None:
    s = make(["7H"], ["2C 3C 4C 5C 6C 7C 8C 9C"], draw="KD", round=2)
    t = night_table(s)
    start_day(t)
    assert t.players[0].hand[-1] == "KD-1" and len(t.players[0].hand) == 9


def test_tn9_the_day_draw_goes_in_seat_order_and_clears_ready() -> None:
    s = make(["7H", "8H"], ["", ""], draw="2C 3C", ready=[True, True])
    t = night_table(s)
    start_day(t)
    assert [p.hand for p in t.players] == [["2C-1"], ["3C-1"]]
    assert not any(p.ready for p in t.players)


def test_tn8_a_day_draw_with_both_piles_empty_simply_does_not_happen() -> None:
    t = night_table(make(["7H", "8H"], ["", "2D"]))
    start_day(t)
    assert [p.hand for p in t.players] == [[], ["2D-1"]]


def test_tn8_an_attack_with_no_card_left_is_cancelled_and_keeps_what_it_drew() -> None:
    t = night_table(make(["7H 8C"], draw="KS"))
    start_attack(t)
    a = t.attacks[-1]
    assert (a.final_result, a.stack, a.steps) == ("no_card", ["KS-1"], [])


def test_tn_ex15_tn8_an_empty_draw_pile_reshuffles_the_discard_pile_once() -> None:
    discard = "2C 3C 4C 5C 6C 7C 8C 9C 10C 2D 3D 4D 5D 6D 7D 8D 9D 10D 2S 3S"
    spy = SpyRandom()
    t = night_table(make(["7H 8H 9H 10H"], discard=discard, round=7), spy)
    start_attack(t)
    start_attack(t)  # attacks 1–2 are on the table
    table_cards = [c for a in t.attacks for c in a.stack]
    assert spy.shuffled == [ids(discard)]
    assert sorted(t.draw + table_cards) == sorted(ids(discard))
    assert t.discard == []


def test_tn8_attack_stacks_stay_off_the_discard_pile_until_dawn() -> None:
    t = night_table(make(["7H 8H 9H 10H"], draw="2C 3C"))
    start_attack(t)
    assert "2C-1" not in t.discard and t.attacks[-1].stack == ["2C-1"]


@pytest.mark.parametrize(
    ("players", "schedule", "expected"),
    [
        (1, "standard", [1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5]),
        (2, "standard", [2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6]),
        (3, "standard", [3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7]),
        (4, "standard", [4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8]),
        (3, "harsh", [3, 5, 7, 9, 11, 11, 11, 11, 11, 11, 11]),
        (4, "harsh", [4, 6, 9, 11, 14, 14, 14, 14, 14, 14, 14]),
        (2, "harsh", [2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6]),
    ],
)
def test_tn14_attacks_per_night_follow_the_schedule_table(
    players: int, schedule: str, expected: list[int]
) -> None:
    assert [attacks_for(n, players, schedule) for n in range(1, 12)] == expected  # type: ignore[arg-type]


def _targets(night: int, players: int, schedule: str = "standard") -> list[int]:
    count = attacks_for(night, players, schedule)  # type: ignore[arg-type]
    return [assigned_seat(night, j, players) + 1 for j in range(1, count + 1)]


def test_tn_ex2_tn15_three_players_night_1_attacks_each_seat_once() -> None:
    assert _targets(1, 3) == [1, 2, 3]


def test_tn_ex2_tn15_night_2_starts_at_seat_2() -> None:
    assert start_seat(2, 3) + 1 == 2 and _targets(2, 3) == [2, 3, 1, 2]


def test_tn_ex2_tn15_nights_5_and_7_go_round_robin_from_their_start_seat() -> None:
    assert _targets(5, 3) == [2, 3, 1, 2, 3, 1, 2]
    assert _targets(7, 3) == [1, 2, 3, 1, 2, 3, 1]


def test_tn_ex2_tn35_solo_night_9_sends_five_attacks_at_seat_1() -> None:
    assert _targets(9, 1) == [1, 1, 1, 1, 1]


def test_tn_ex2_harsh_night_5_sends_eleven_attacks() -> None:
    assert _targets(5, 3, "harsh") == [2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]


ZIGZAG = {
    1: [1] * 10,
    2: [1, 2, 1, 2, 1, 2, 1, 2, 1, 2],
    3: [1, 2, 3, 2, 1, 2, 3, 2, 1, 2],
    4: [1, 2, 3, 4, 3, 2, 1, 2, 3, 4],
    5: [1, 2, 3, 4, 5, 4, 3, 2, 1, 2],
}


@pytest.mark.parametrize("people", [1, 2, 3, 4, 5])
def test_tn17_zigzag_positions_match_the_table(people: int) -> None:
    assert [zigzag(k, people) for k in range(1, 11)] == ZIGZAG[people]

"""The night: TN-16…TN-27, TN-29, TN-30 and worked examples TN-EX3…EX11."""

from __future__ import annotations

import pytest

from rules.errors import IllegalActionError
from rules.tenth_night import GAME
from rules.tenth_night.actions import Defend
from rules.tenth_night.rules_night import dawn
from tests.rules.tenth_night.helpers import (
    act,
    attack_on,
    dusk,
    ids,
    make,
    night_table,
    results,
    shown,
)

ROW = "7H 3S 10D 5C 2H"


def test_tn_ex3_a_red_attack_counts_from_the_left_and_injures() -> None:
    t = night_table(make([ROW], draw="8D"))
    a = attack_on(t, 0)
    assert (a.steps[0].person_id, a.steps[0].damage, a.steps[0].defence) == ("3S-1", 8, 3)
    assert results(a) == ["injured"] and shown(t.players[0].row) == "7H 3S* 10D 5C 2H"


def test_tn_ex4_a_black_attack_counts_from_the_right_and_kills_the_injured() -> None:
    t = night_table(make(["7H 3S* 10D 5C 2H"], draw="6C"))
    a = attack_on(t, 0)
    assert (a.steps[0].index, a.steps[0].damage, results(a)) == (1, 7, ["killed"])
    assert shown(t.players[0].row) == "7H 10D 5C 2H" and t.discard == ["3S-1"]


def test_tn_ex5_a_tie_continues_the_count_to_the_next_person() -> None:
    t = night_table(make(["7H 10D 5C 2H"], draw="5H"))
    a = attack_on(t, 0)
    assert [(s.person_id, s.damage, s.defence, s.result) for s in a.steps] == [
        ("5C-1", 5, 5, "tie"),
        ("10D-1", 6, 10, "failed"),
    ]
    assert shown(t.players[0].row) == "7H 10D 5C 2H"


def test_tn16_jqk_drawn_before_the_attack_card_add_to_damage() -> None:
    t = night_table(make(["7H 3S 10D 5C 2H"], draw="JC QD 2D"))
    a = attack_on(t, 0)  # 2♦ → Z(2,5)=2 from the left → 3♠: 2 + 1 + 2 + 0 = 5 > 3
    assert (a.modifier_total, a.steps[0].damage, a.attack_card) == (3, 5, "2D-1")


def test_tn16_a_joker_in_the_stack_makes_the_attack_deadly() -> None:
    t = night_table(make([ROW], draw="JK 8D"))
    a = attack_on(t, 0)
    assert a.deadly_joker and results(a) == ["killed"] and len(t.players[0].row) == 4


def test_tn19_same_suit_adds_two_same_colour_one_otherwise_nothing() -> None:
    damages = []
    for attack in ("7S", "7C", "7H"):
        t = night_table(make(["9S"], draw=attack))
        damages.append(attack_on(t, 0).steps[0].damage)
    assert damages == [9, 8, 7]


def test_tn_ex6_tn18g_an_attack_at_or_above_defence_pauses_for_a_modifier_holder() -> None:
    s = make(["7H 10D 5C 2H"], ["JD KC"], draw="JH 4D")
    s = dusk(s)
    assert GAME.to_act(s) == {0} and s.phase == "night"
    assert GAME.observe(s, None).pending_defence.seat == 0  # type: ignore[union-attr]


# Seat 2 ("2D", holding Q♣) is attacked second by 9♦ and pauses the night again, so the state
# after seat 1's decision still shows attack 1 on the table.
def _ex6(mode: str, cards: str) -> tuple:  # type: ignore[type-arg]
    s = dusk(make(["7H 10D 5C 2H", "2D"], ["JD KC", "QC"], draw="JH 4D 9D"))
    s = act(s, 0, Defend(mode=mode, card_ids=tuple(ids(cards))))  # type: ignore[arg-type]
    assert GAME.to_act(s) == {1}
    return s, s.attacks[0]


def test_tn_ex6a_passing_lets_the_two_of_hearts_be_injured() -> None:
    s, a = _ex6("pass", "")
    assert shown(s.players[0].row) == "7H 10D 5C 2H*" and a.final_result == "injured"


def test_tn_ex6b_too_small_a_defence_is_spent_and_the_person_is_still_injured() -> None:
    s, a = _ex6("modifiers", "KC")
    assert shown(s.players[0].row) == "7H 10D 5C 2H*" and list(s.players[0].hand) == ["JD-1"]
    assert a.steps[0].defence == 5 and a.stack == tuple(ids("JH 4D KC"))


def test_tn_ex6c_tn21_spent_defence_cards_never_add_damage_as_the_attack_moves_on() -> None:
    s, a = _ex6("modifiers", "KC JD")
    assert [(x.person_id, x.damage, x.defence, x.result) for x in a.steps] == [
        ("2H-1", 6, 6, "tie"),
        ("5C-1", 5, 5, "tie"),
        ("10D-1", 7, 10, "failed"),
    ]
    assert a.stack == tuple(ids("JH 4D KC JD")) and shown(s.players[0].row) == "7H 10D 5C 2H"


def test_tn_ex7_a_deadly_attack_offers_only_nullify_and_pass() -> None:
    s = dusk(make(["7H 10D 5C 2H"], ["JK QS"], draw="JK2 9D"))
    modes = sorted(a.mode for a in GAME.legal_actions(s, 0))  # type: ignore[union-attr]
    opts = GAME.observe(s, 0).defence_options  # type: ignore[union-attr]
    assert modes == ["nullify", "pass"] and opts.deadly and opts.modifiers == []


def test_tn_ex7_tn25_nullify_ends_the_attack_and_puts_the_joker_on_the_stack() -> None:
    s = dusk(make(["7H 10D 5C 2H", "2D"], ["JK QS", "QC"], draw="JK2 9D 9D"))
    s = act(s, 0, Defend(mode="nullify", card_ids=("JOKER-1a",)))
    a = s.attacks[0]
    assert a.final_result == "nullified" and a.stack == ("JOKER-1b", "9D-1", "JOKER-1a")
    assert shown(s.players[0].row) == "7H 10D 5C 2H"


def test_tn_ex7_passing_a_deadly_attack_kills_the_victim() -> None:
    s = dusk(make(["7H 10D 5C 2H", "2D"], ["JK QS", "QC"], draw="JK2 9D 9H"))
    s = act(s, 0, Defend(mode="pass"))
    assert shown(s.players[0].row) == "7H 10D 2H"


def test_tn20_modifiers_cannot_be_played_against_a_deadly_attack() -> None:
    s = dusk(make(["7H 10D 5C 2H"], ["JK QS"], draw="JK2 9D"))
    with pytest.raises(IllegalActionError, match="deadly"):
        act(s, 0, Defend(mode="modifiers", card_ids=("QS-1",)))


def test_tn18g_no_pause_when_the_attack_is_weaker_than_the_person() -> None:
    s = dusk(make(["10D 9C"], ["KS"], draw="2S"))
    assert s.phase == "day" and s.round == 2


def test_tn22_during_a_pause_only_the_deciding_seat_may_act() -> None:
    s = dusk(make(["7H 10D 5C 2H", "9S 9C"], ["JD KC", ""], draw="JH 4D"))
    assert GAME.to_act(s) == {0} and GAME.awaiting(s) == {0}
    assert GAME.legal_actions(s, 1) == []


def test_tn22_tn39_defence_options_are_shown_only_to_the_deciding_seat() -> None:
    s = dusk(make(["7H 10D 5C 2H", "9S 9C"], ["JD KC", ""], draw="JH 4D"))
    mine, other = GAME.observe(s, 0), GAME.observe(s, 1)
    assert mine.defence_options is not None and other.defence_options is None  # type: ignore[union-attr]
    assert "defence_options" not in GAME.observe(s, None).model_dump()


def test_tn_ex8_tn24_an_ace_person_is_immune_to_other_suits() -> None:
    t = night_table(make(["9H 6C AS-1", "2D", "3D"], draw="AC-1"))
    assert results(attack_on(t, 0)) == ["immune"]


def test_tn_ex8_tn24_an_ace_attack_of_the_same_suit_is_deadly_to_an_ace() -> None:
    t = night_table(make(["9H 6C AS-1", "2D", "3D"], draw="AS-2"))
    a = attack_on(t, 0)
    assert results(a) == ["killed"] and a.steps[0].deadly


def test_tn_ex8_tn24_an_ace_attack_is_deadly_to_any_person_of_its_suit() -> None:
    t = night_table(make(["9H 6C AS-1", "2D", "3D"], draw="AH-1"))
    a = attack_on(t, 0)
    assert (a.steps[0].person_id, results(a)) == ("9H-1", ["killed"])


def test_tn_ex8_a_weak_black_attack_on_six_of_clubs_fails() -> None:
    t = night_table(make(["9H 6C AS-1", "2D", "3D"], draw="2S-1"))
    a = attack_on(t, 0)
    assert (a.steps[0].person_id, a.steps[0].damage, results(a)) == ("6C-1", 3, ["failed"])


def test_tn_ex8_a_same_suit_number_attack_can_injure_an_ace() -> None:
    t = night_table(make(["9H 6C AS-1", "2D", "3D"], draw="5S-1"))
    a = attack_on(t, 0)
    assert (a.steps[0].person_id, a.steps[0].damage, results(a)) == ("AS-1", 7, ["injured"])


def test_tn_ex9_a_tie_in_a_one_person_row_passes_to_the_next_seat() -> None:
    t = night_table(make(["6S", "4H 9C 2D"], ["3D", ""], draw="6H"))
    a = attack_on(t, 0)
    assert [(x.seat, x.person_id, x.result) for x in a.steps] == [
        (0, "6S-1", "tie"),
        (1, "4H-1", "injured"),
    ]
    assert a.steps[1].damage == 8


def test_tn_ex9_tn35_in_solo_the_same_tie_fizzles() -> None:
    t = night_table(make(["6S"], ["3D"], draw="6H"))
    a = attack_on(t, 0)
    assert results(a) == ["tie"] and a.final_result == "fizzled"


def test_tn18_a_pass_back_to_a_visited_row_fizzles() -> None:
    t = night_table(make(["6S", "6C"], draw="6H"))
    a = attack_on(t, 0)
    assert [(x.seat, x.result) for x in a.steps] == [(0, "tie"), (1, "tie")]
    assert a.final_result == "fizzled"


def test_tn18_a_tie_fizzles_when_every_person_of_the_row_was_compared() -> None:
    t = night_table(make(["5S 5C"], draw="5D"))
    a = attack_on(t, 0)
    assert results(a) == ["tie", "tie"] and a.final_result == "fizzled"


def test_tn_ex10_tn12_divine_protection_discards_the_whole_hand() -> None:
    from rules.tenth_night.actions import DivineProtection

    s = make(["6S", "4H 9C 2D"], ["2C 8H", ""])
    s = act(s, 0, DivineProtection(person_id="6S-1"))
    assert s.players[0].divine_protection and s.players[0].hand == ()
    assert s.discard[-2:] == tuple(ids("2C 8H"))


def test_tn_ex10_tn26_after_a_hit_a_protected_row_passes_attacks_on() -> None:
    t = night_table(make(["6S", "4H 9C 2D"], dp=[True, False], draw="8S 3D"))
    first = attack_on(t, 0)
    assert results(first) == ["injured"] and t.players[0].hit_this_night
    later = attack_on(t, 0)
    assert [(x.seat, x.person_id, x.damage, x.result) for x in later.steps] == [
        (0, "6S-1", None, "protected_pass"),
        (1, "4H-1", 4, "tie"),
        (1, "9C-1", 3, "failed"),
    ]


def test_tn_ex10_tn26_a_deadly_attack_on_a_protected_person_has_no_effect() -> None:
    t = night_table(make(["6S", "4H 9C 2D"], dp=[True, False], draw="JK 5C"))
    a = attack_on(t, 0)
    assert results(a) == ["protected"] and shown(t.players[0].row) == "6S"


def test_tn26_in_solo_a_protected_pass_fizzles() -> None:
    t = night_table(make(["6S*"], dp=[True], hit=[True], draw="3D"))
    a = attack_on(t, 0)
    assert results(a) == ["protected_pass"] and a.final_result == "fizzled"


def test_tn12_divine_protection_arrives_when_defence_empties_a_lone_persons_hand() -> None:
    # 6♠ alone, hand [K♣]: 8♠ does 10 ≥ 6 → pause; K♣ raises defence to 9 < 10 → injured.
    s = dusk(make(["6S", "2D"], ["KC", "QC"], draw="8S 9D"))
    s = act(s, 0, Defend(mode="modifiers", card_ids=("KC-1",)))
    assert s.players[0].divine_protection and shown(s.players[0].row) == "6S*"
    assert s.players[0].hit_this_night and s.attacks[0].final_result == "injured"


def test_tn12_a_lone_person_with_an_empty_hand_gets_protection_automatically() -> None:
    t = night_table(make(["7D 5S*", "9D"], ["", ""], draw="5C"))
    attack_on(t, 0)  # 5♣ → Z(5,2)=1 from the right → 5♠*: 5 + 2 = 7 > 5 → killed
    assert shown(t.players[0].row) == "7D" and t.players[0].divine_protection


def test_tn12_protection_is_cleared_when_a_trio_adds_a_second_person() -> None:
    from rules.tenth_night.actions import Trio

    s = make(["7D", "9D"], ["4C 4D 4S", ""], dp=[True, False])
    s = act(s, 0, Trio(card_ids=tuple(ids("4C 4D 4S")), keep_id="4S-1"))  # type: ignore[arg-type]
    assert shown(s.players[0].row) == "7D 4S" and not s.players[0].divine_protection


def test_tn21_a_later_victim_of_the_same_attack_gets_its_own_defence_check() -> None:
    s = make(["6S", "4H 9C 2D"], ["KD", "QC"], draw="6H")
    s = dusk(s)  # 6♥ on 6♠: 6 ≥ 6 → seat 1 decides
    assert GAME.to_act(s) == {0}
    s = act(s, 0, Defend(mode="pass"))  # tie → pass → 4♥: 8 ≥ 4 → seat 2 decides
    assert GAME.to_act(s) == {1}
    assert GAME.observe(s, 1).defence_options.victim.id == "4H-1"  # type: ignore[union-attr]


def test_tn25_a_joker_in_another_seats_hand_cannot_save_the_victim() -> None:
    t = night_table(make(["9S 9C", "7D 8D"], ["JK", ""], draw="JK2 3D"))
    a = attack_on(t, 1)
    assert results(a) == ["killed"] and t.cursor is None and t.players[0].hand == ["JOKER-1a"]


def test_tn27_every_step_result_comes_from_the_ruling_list() -> None:
    allowed = {
        "injured",
        "killed",
        "failed",
        "tie",
        "immune",
        "protected",
        "protected_pass",
        "nullified",
        "pending",
    }
    t = night_table(make(["7H 3S 10D 5C 2H", "AS 6C"], draw="8D 6C 5H JK 3D AH 2C 9S"))
    seen = set()
    for _ in range(4):
        if t.phase != "night":
            break
        seen |= {x.result for x in attack_on(t, 0).steps}
    assert seen and seen <= allowed


def test_tn_ex11_tn29_enough_survivors_of_night_5_start_the_raid() -> None:
    t = night_table(make(["9H 4C 7D"], round=5, draw="2C"))
    dawn(t)
    assert t.raid_active and t.round == 6


def test_tn_ex11_tn29_the_raid_adds_n_minus_5_to_damage() -> None:
    t = night_table(make(["9H 4C 7D"], round=6, raid=True, draw="4D"))
    a = attack_on(t, 0)
    assert (a.steps[0].person_id, a.steps[0].damage, results(a)) == ("4C-1", 5, ["injured"])


def test_tn_ex11_without_the_raid_the_same_attack_ties_then_fails() -> None:
    t = night_table(make(["9H 4C 7D"], round=6, draw="4D"))
    a = attack_on(t, 0)
    assert [(x.person_id, x.damage, x.result) for x in a.steps] == [
        ("4C-1", 4, "tie"),
        ("9H-1", 5, "failed"),
    ]


def test_tn_ex11_night_8_raid_bonus_is_three() -> None:
    s = make(["9H 4C 7D"], round=8, raid=True)
    assert GAME.observe(s, None).raid_bonus == 3


def test_tn_ex11_two_survivors_of_three_per_player_are_not_enough() -> None:
    t = night_table(make(["9H 4C"], round=5))
    dawn(t)
    assert not t.raid_active


def test_tn30_public_steps_show_victim_damage_and_defence() -> None:
    s = dusk(make(["7H 10D 5C 2H"], ["JD KC"], draw="JH 4D"))
    step = GAME.observe(s, None).attacks[0].steps[0]
    assert (step.person_id, step.damage, step.defence, step.result) == ("2H-1", 6, 2, "pending")


def test_tn13_dawn_discards_stacks_attack_by_attack_and_clears_hits() -> None:
    t = night_table(make(["7H 3S 10D 5C 2H"], hit=[True], round=3, draw="JC 8D 5H 2C"))
    attack_on(t, 0)
    attack_on(t, 0)
    dawn(t)
    assert t.discard[:3] == ids("JC 8D 5H")
    assert not t.players[0].hit_this_night and (t.phase, t.round) == ("day", 4)


def test_tn23_an_injury_lasts_through_dawn_into_the_day() -> None:
    t = night_table(make(["7H 3S* 10D"], round=3, draw="2C"))
    dawn(t)
    assert shown(t.players[0].row) == "7H 3S* 10D"

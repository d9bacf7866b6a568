"""Further rulings: seating, solo, thresholds, stacking, votes without voters, co-op results."""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter import GAME
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.rules_bodies import place_barricades
from rules.dead_of_winter.rules_core import Ctx, mod_max, mod_sum
from rules.dead_of_winter.rules_round import right_hand, threshold
from tests.rules.dead_of_winter.helpers import ENGINE, Script, act, edit, put_survivor
from tests.rules.dead_of_winter.test_scenarios import board, colony_phase, turn_of


def test_dw_4_the_right_hand_player_is_the_previous_seat_skipping_the_eliminated() -> None:
    w = board(4).model_dump(mode="json")
    assert right_hand(w, 0) == 3 and right_hand(w, 2) == 1
    w["groups"][1]["eliminated"] = True
    assert right_hand(w, 2) == 0


def test_dw_35_solo_has_two_groups_on_one_seat_and_the_bot_holds_twist_cards() -> None:
    state = ENGINE.setup(1, None, 8)
    assert state.solo and len(state.groups) == 2 and {g.seat for g in state.groups} == {0}
    assert all(len(g.hand) == 6 for g in state.groups)
    w = state.model_dump(mode="json")
    assert right_hand(w, 0) == "bot"
    assert threshold(w) == 2


def test_dw_34_two_players_hold_each_others_twist_cards_and_t_is_2() -> None:
    w = board(2).model_dump(mode="json")
    assert right_hand(w, 0) == 1 and right_hand(w, 1) == 0
    assert threshold(w) == 2


def test_dw_46_the_crisis_threshold_is_never_below_one() -> None:
    w = board(3).model_dump(mode="json")
    for g in w["groups"]:
        g["exiled"] = True
    assert threshold(w) == 1


def test_dw_12_extra_barricades_go_to_the_next_entrance_wrapping_from_6_to_1() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["locations"]["colony"]["barricades"] = [0, 0, 0, 0, 0, 2]

    w = edit(board(), setup).model_dump(mode="json")
    placed = place_barricades(Ctx(w, Script()), "colony", 3, 5)
    assert placed == 3
    assert w["locations"]["colony"]["barricades"] == [2, 0, 0, 0, 0, 3]


def test_dw_38_search_bonuses_add_up_and_attack_kills_takes_the_highest() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S12", 0, "grocery")  # search_look 1
        w["survivors"]["S12"]["equipped"] = ["SC15", "P13", "GS14"]  # keep +1 at 2; kills 2, 2

    w = edit(board(), setup).model_dump(mode="json")
    assert mod_sum(w, "S12", "search_look") == 1
    assert mod_sum(w, "S12", "search_keep", "grocery") == 1
    assert mod_sum(w, "S12", "search_keep", "school") == 0
    assert mod_max(w, "S12", "attack_kills", 1) == 2


def test_dw_47_a_twist_vote_with_no_eligible_voter_resolves_option_2() -> None:
    def setup(w: dict[str, Any]) -> None:
        for g in w["groups"]:
            g["exiled"] = True
        put_survivor(w, "S09", 0, "gas")
        w["groups"][0]["leader"] = "S09"
        w["food"] = 5
        w["tasks"] = [
            {"t": "vote", "data": {"subject": "twist", "card": "T12", "surv": "S09", "ballots": {}}}
        ]

    from rules.dead_of_winter import rules_flow

    w = turn_of(edit(board(), setup), 0, [3]).model_dump(mode="json")
    w["tasks"] = [
        {"t": "vote", "data": {"subject": "twist", "card": "T12", "surv": "S09", "ballots": {}}}
    ]
    rules_flow.start(Ctx(w, Script()))
    assert w["last_vote"]["result"] == "no" and w["food"] == 5


def test_dw_50_co_op_seats_share_the_colonys_result_even_when_eliminated() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["groups"][1]["eliminated"] = True
        w["main"] = "M01"
        w["side"] = "hardcore"
        w["food"] = 40

    state = colony_phase(edit(board(3, mode="coop"), setup), (8,), Script())
    outcome = GAME.outcome(state)
    assert [(r.kind, r.met) for r in outcome.results] == [("coop", True)] * 3
    assert outcome.winners == frozenset({0, 1, 2})


def test_dw_33_p_is_the_number_of_groups_at_setup() -> None:
    def setup(w: dict[str, Any]) -> None:
        w["main"] = "M01"
        w["side"] = "standard"
        w["food"] = 10  # 2*P+2 with P = 4
        w["groups"][3]["eliminated"] = True

    state = colony_phase(edit(board(4), setup), (8,), Script())
    assert state.main_done


def test_dw_9_dice_are_named_by_value_and_equal_dice_appear_once() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S07", 0, "colony")
        w["groups"][0]["leader"] = "S07"

    state = turn_of(edit(board(), setup), 0, [4, 4, 2])
    barricades = [
        a for a in GAME.legal_actions(state, 0) if isinstance(a, A.Barricade) and a.entrance == 1
    ]
    assert [a.die for a in barricades] == [4, 2]
    state = act(state, 0, A.Barricade(survivor="S07", die=4, entrance=1), Script())
    assert state.groups[0].dice == (4, 2)
    assert state.locations["colony"].barricades[:2] == (2, 0)


def test_dw_5_morale_zero_ends_the_game_mid_effect() -> None:
    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S16", 0, "colony")
        w["morale"] = 1
        w["crisis"] = {"id": "C12", "contributions": []}

    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.rules_round import crisis_step

    w = edit(board(), setup).model_dump(mode="json")
    ctx = Ctx(w, Script())
    crisis_step(ctx, 0)
    rules_flow.start(ctx)
    assert w["phase"] == "ended" and w["end_reason"] == "morale"
    assert w["tasks"] == [] and w["pending"] == []


def test_a_state_trigger_fires_at_turn_start_with_the_leader_acting_14_13() -> None:
    from rules.dead_of_winter import rules_flow
    from rules.dead_of_winter.state import State

    def setup(w: dict[str, Any]) -> None:
        put_survivor(w, "S09", 2, "colony")
        w["groups"][2]["leader"] = "S09"
        w["food"] = 0
        w["round_track"] = 5
        w["twist_deck"].remove("T38")
        w["twist_deck"].insert(0, "T38")

    w = edit(board(), setup).model_dump(mode="json")
    w.update(phase="turn", pending=[], tasks=[], order=[0, 1, 2], turns_taken=2)
    ctx = Ctx(w, Script())
    ctx.push("turn_start", group=2)
    rules_flow.start(ctx)
    state = State.model_validate(w)
    assert state.twist.fired == "T38"
    assert state.pending[0].kind == "twist_option" and state.pending[0].seats == (2,)
    assert state.tasks[0].data["surv"] == "S09"

"""Turns and management actions: CX-2 – CX-6 and CC-10 – CC-15, CC-18, CC-29."""

from __future__ import annotations

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import Build, Change, End, Fire, Grow, Host, Mine
from rules.cold_comfort.state import ColdComfortOptions, ColdComfortState
from rules.errors import IllegalActionError
from tests.rules.cold_comfort.helpers import (
    C05_EAST,
    C10,
    C13,
    ScriptedRandom,
    act,
    cx1,
    hotels_of,
    make_state,
)


def cx2() -> ColdComfortState:
    return act(cx1(), 2, Build(value=3, x=1, y=0))


def cx3() -> ColdComfortState:
    return act(act(cx2(), 2, End()), 1, Mine(x=-2, y=1), dice=[4])


def cx4() -> ColdComfortState:
    return act(cx3(), 1, Grow(x=3, y=0, rotation=180), dice=[3, 3, 4, 4, 6])


def legal(state: ColdComfortState, seat: int) -> list[object]:
    return list(GAME.legal_actions(state, seat - 1))


def test_cx2_building_on_an_empty_lot_costs_twice_its_value() -> None:
    state = cx2()
    assert state.gold == (10, 3)
    assert hotels_of(state) == {(1, 0): (2, 3)}
    assert state.supply[1][2] == 1


def test_cx2_a_hotel_built_this_turn_can_neither_host_nor_burn() -> None:
    actions = legal(cx2(), 2)
    assert not any(isinstance(a, Host | Fire) for a in actions)


def test_cx2_after_a_build_no_change_and_no_mine_this_turn() -> None:
    actions = legal(cx2(), 2)
    assert not any(isinstance(a, Build | Change | Mine) for a in actions)
    assert End() in actions


def test_cx2_ending_with_pool_under_trigger_passes_the_turn_without_scoring() -> None:
    state = act(cx2(), 2, End())
    assert state.phase == "manage" and state.active_seat == 0 and state.turn_number == 2
    assert state.scoring_rounds == 0 and state.gold == (10, 3)


def test_cx3_mining_pays_the_roll_and_returns_the_camper_to_the_pool() -> None:
    state = cx3()
    assert state.gold[0] == 14
    assert (-2, 1) not in state.dice_map()


def test_cx3_mining_to_a_full_pool_draws_the_tile_for_a_scoring_round() -> None:
    state = cx3()
    assert state.pool == 5 and state.phase == "grow"
    assert state.drawn_tile == "C05" and len(state.deck) == 21
    assert GAME.to_act(state) == {0}


def test_cx5_next_turn_collects_the_guest_into_gold_and_the_pool() -> None:
    state = cx4()
    assert state.active_seat == 1 and state.turn_number == 3
    assert state.gold[1] == 6 and state.pool == 1
    assert (1, 0) not in state.dice_map()


def test_cx6_build_then_host_into_an_older_hotel() -> None:
    state = act(cx4(), 2, Build(value=2, x=3, y=0))
    assert state.gold[1] == 2
    state = act(state, 2, Host(x=1, y=0, from_x=3, from_y=2))
    assert state.dice_map()[(1, 0)] == 3 and (3, 2) not in state.dice_map()


def test_cx6_hosting_into_the_hotel_built_this_turn_is_refused() -> None:
    state = act(cx4(), 2, Build(value=2, x=3, y=0))
    with pytest.raises(IllegalActionError, match="this turn"):
        act(state, 2, Host(x=3, y=0, from_x=2, from_y=1))


def test_cx6_building_a_6_on_a_camper_costs_24_and_hosts_it() -> None:
    state = make_state(dice={(1, 1): 6}, gold=(24, 0))
    state = act(state, 1, Build(value=6, x=1, y=1))
    assert state.gold[0] == 0
    assert hotels_of(state)[(1, 1)] == (1, 6) and state.dice_map()[(1, 1)] == 6


def test_cx6_building_a_5_on_an_empty_lot_costs_10() -> None:
    state = act(make_state(gold=(10, 0)), 1, Build(value=5, x=2, y=0))
    assert state.gold[0] == 0


def test_cx6_upgrading_3_to_5_costs_4_and_then_only_5s_can_be_hosted() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(2, 0): 5, (-1, 0): 1}, gold=(4, 0))
    state = act(state, 1, Change(x=1, y=0, to=5))
    assert state.gold[0] == 0 and hotels_of(state)[(1, 0)] == (1, 5)
    assert state.supply[0][2] == 3 and state.supply[0][4] == 1
    hosts = [a for a in legal(state, 1) if isinstance(a, Host)]
    assert hosts == [Host(x=1, y=0, from_x=2, from_y=0)]


def test_cx6_downgrading_is_free() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, gold=(0, 0))
    state = act(state, 1, Change(x=1, y=0, to=1))
    assert state.gold[0] == 0 and hotels_of(state)[(1, 0)] == (1, 1)


def test_cx6_a_hotel_with_a_guest_cannot_be_changed() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(1, 0): 3}, gold=(40, 0))
    with pytest.raises(IllegalActionError, match="already has a guest"):
        act(state, 1, Change(x=1, y=0, to=5))


def test_cc10_collect_pays_only_the_new_active_seats_guests() -> None:
    state = make_state(
        hotels={(1, 0): (2, 3), (2, 0): (1, 5)}, dice={(1, 0): 3, (2, 0): 5}, gold=(0, 0), pool=0
    )
    state = act(state, 1, End())
    assert state.gold == (0, 3) and state.pool == 1
    assert state.dice_map() == {(2, 0): 5}


def test_cc10_the_guests_that_pay_are_told_in_one_line() -> None:
    state = make_state(
        hotels={(1, 0): (2, 3), (2, 0): (2, 5)}, dice={(1, 0): 3, (2, 0): 5}, gold=(0, 0), pool=0
    )
    step = GAME.apply(state, 0, End(), ScriptedRandom())
    said = [e.text for e in step.events if "collects" in e.text]
    assert said == ["{s1} collects $8 from 2 guests: $3 at (1,0), $5 at (2,0)."]
    one = make_state(hotels={(1, 0): (2, 3)}, dice={(1, 0): 3}, gold=(0, 0), pool=0)
    step = GAME.apply(one, 0, End(), ScriptedRandom())
    assert "{s1} collects $3 from the guest at (1,0)." in [e.text for e in step.events]


def test_cc11_mining_is_refused_after_hosting() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(2, 0): 5, (-2, 2): 4, (1, 1): 3})
    state = act(state, 1, Host(x=1, y=0, from_x=1, from_y=1))
    with pytest.raises(IllegalActionError, match="only action"):
        act(state, 1, Mine(x=2, y=0))


def test_cc11_mining_ends_management_and_passes_the_turn() -> None:
    state = make_state(dice={(2, 0): 5}, pool=0)
    state = act(state, 1, Mine(x=2, y=0), dice=[2])
    assert state.active_seat == 1 and state.gold[0] == 12


def test_cc12_any_number_of_hosts_in_one_turn_from_anywhere() -> None:
    state = make_state(
        hotels={(1, 0): (1, 3), (-2, 2): (1, 4)}, dice={(1, 1): 3, (1, 2): 4}, pool=4
    )
    state = act(state, 1, Host(x=1, y=0, from_x=1, from_y=1))
    state = act(state, 1, Host(x=-2, y=2, from_x=1, from_y=2))
    assert state.dice_map() == {(1, 0): 3, (-2, 2): 4}
    assert state.phase == "manage"


def test_cc13_a_second_build_in_one_turn_is_refused() -> None:
    state = act(make_state(gold=(40, 0)), 1, Build(value=5, x=2, y=0))
    with pytest.raises(IllegalActionError, match="only one per turn"):
        act(state, 1, Build(value=4, x=1, y=2))


def test_cc13_after_a_change_the_hotel_value_not_the_lot_decides_landing_and_hosting() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(1, 1): 6}, gold=(20, 0))
    state = act(state, 1, Change(x=1, y=0, to=6))
    assert Host(x=1, y=0, from_x=1, from_y=1) in legal(state, 1)


def test_cc14_a_hotel_changed_this_turn_is_not_built_this_turn() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, gold=(20, 0))
    state = act(state, 1, Change(x=1, y=0, to=4))
    assert state.built_at is None
    assert Fire(x=1, y=0) in legal(state, 1)


def test_cc15_the_turn_does_not_end_by_itself_after_actions() -> None:
    state = act(make_state(gold=(40, 0)), 1, Build(value=5, x=2, y=0))
    assert state.phase == "manage" and state.active_seat == 0
    assert GAME.to_act(state) == {0}


def test_cc18_a_full_pool_after_end_starts_a_scoring_round() -> None:
    state = make_state(tiles=[C13, C10], pool=5, deck=["C05", "C06"])
    state = act(state, 1, End())
    assert state.phase == "grow" and state.drawn_tile == "C05" and state.deck == ("C06",)


def test_cc29_turn_limit_ends_the_game_with_its_reason() -> None:
    state = make_state(
        tiles=[C13, C10, C05_EAST],
        options=ColdComfortOptions(turn_limit=5),
        turn_number=5,
        points=(3, 1),
        gold=(4, 10),
        pool=0,
    )
    state = act(state, 1, End())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "turn_limit"
    assert outcome.scores == {0: 3, 1: 3} and outcome.winners == {1}
    assert GAME.to_act(state) == frozenset()

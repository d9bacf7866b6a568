"""Fire: CX-7, CC-16 and CC-17."""

from __future__ import annotations

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import Build, Fire, Spread
from rules.cold_comfort.state import ColdComfortState
from rules.errors import IllegalActionError
from tests.rules.cold_comfort.helpers import C05_EAST, C10, C13, act, hotels_of, make_state


def cx7(built_at: tuple[int, int] | None = None) -> ColdComfortState:
    return make_state(
        tiles=[C13, C10, C05_EAST],
        active=1,
        gold=(3, 5),
        hotels={(2, 1): (1, 2), (1, 2): (1, 4), (1, 1): (2, 6), (1, 0): (2, 3), (3, 1): (2, 4)},
        dice={(3, 1): 4, (2, 0): 5},
        built_at=built_at,
    )


def test_cx7_burning_pays_insurance_and_offers_the_adjacent_buildings() -> None:
    state = act(cx7(), 1, Fire(x=2, y=1))
    assert state.gold == (5, 5) and state.supply[0][1] == 3
    assert (2, 1) not in hotels_of(state)
    assert state.phase == "fire_spread" and GAME.to_act(state) == {0}
    assert state.fire_pending is not None
    assert state.fire_pending.options == ((1, 1), (2, 2), (3, 1))


def test_cx7_the_owner_of_each_burning_hotel_chooses_where_the_fire_goes() -> None:
    state = act(act(cx7(), 1, Fire(x=2, y=1)), 1, Spread(x=1, y=1))
    assert state.gold == (5, 11) and state.supply[1][5] == 3
    assert GAME.to_act(state) == {1}
    assert state.fire_pending is not None and state.fire_pending.options == ((1, 0), (1, 2))


def test_cx7_a_single_public_building_target_is_entered_automatically_and_ends_the_fire() -> None:
    state = act(act(cx7(), 1, Fire(x=2, y=1)), 1, Spread(x=1, y=1))
    state = act(state, 2, Spread(x=1, y=2))
    assert state.gold == (9, 11)
    assert state.phase == "manage" and GAME.to_act(state) == {0}
    assert hotels_of(state) == {(1, 0): (2, 3), (3, 1): (2, 4)}


def test_cx7_a_hotel_without_targets_burns_and_the_fire_goes_out() -> None:
    state = act(act(cx7(), 1, Fire(x=2, y=1)), 1, Spread(x=1, y=1))
    state = act(state, 2, Spread(x=1, y=0))
    assert state.gold == (5, 14)
    assert hotels_of(state) == {(1, 2): (1, 4), (3, 1): (2, 4)}
    assert state.phase == "manage"


def test_cc17_fire_entering_an_occupied_hotel_sends_the_guest_away_without_burning() -> None:
    before = act(cx7(), 1, Fire(x=2, y=1))
    state = act(before, 1, Spread(x=3, y=1))
    assert hotels_of(state)[(3, 1)] == (2, 4)
    assert (3, 1) not in state.dice_map() and state.pool == before.pool + 1
    assert state.gold == (5, 5) and state.phase == "manage"


def test_cx7_fire_entering_a_public_building_goes_out() -> None:
    state = act(act(cx7(), 1, Fire(x=2, y=1)), 1, Spread(x=2, y=2))
    assert state.phase == "manage"
    assert hotels_of(state) == {(1, 2): (1, 4), (1, 1): (2, 6), (1, 0): (2, 3), (3, 1): (2, 4)}


def test_cc16_fire_never_enters_a_hotel_built_this_turn() -> None:
    state = act(act(cx7(built_at=(1, 2)), 1, Fire(x=2, y=1)), 1, Spread(x=1, y=1))
    assert hotels_of(state) == {(1, 2): (1, 4), (3, 1): (2, 4)}  # (1,0) burned unasked
    assert state.gold == (5, 14) and state.phase == "manage"


def test_cc16_a_two_square_public_building_is_named_by_its_smallest_square() -> None:
    # C17 "3 2 / 1 6 / P P" at (1,0) r0: P at (1,0) and (2,0); the burning 6 at (2,1) touches (2,0).
    state = make_state(tiles=[C13, ("C17", 1, 0, 0)], hotels={(2, 1): (1, 6), (1, 1): (2, 1)})
    state = act(state, 1, Fire(x=2, y=1))
    assert state.fire_pending is not None and state.fire_pending.options == ((1, 0), (1, 1))
    assert act(state, 1, Spread(x=1, y=0)).phase == "manage"


def test_cc16_setting_fire_to_an_occupied_hotel_is_refused() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(1, 0): 3})
    with pytest.raises(IllegalActionError, match="has a guest"):
        act(state, 1, Fire(x=1, y=0))


def test_cc16_setting_fire_to_a_hotel_built_this_turn_is_refused() -> None:
    state = act(make_state(gold=(20, 0)), 1, Build(value=5, x=2, y=0))
    with pytest.raises(IllegalActionError, match="built the hotel at \\(2,0\\) this turn"):
        act(state, 1, Fire(x=2, y=0))


def test_cc16_only_one_fire_per_turn() -> None:
    state = make_state(hotels={(1, 0): (1, 3), (-2, 2): (1, 4)})
    state = act(state, 1, Fire(x=1, y=0))
    with pytest.raises(IllegalActionError, match="already set a fire"):
        act(state, 1, Fire(x=-2, y=2))

"""Typed notation and refusals (CC-31, §10), and the public observation (CC-30)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.cold_comfort import GAME
from rules.cold_comfort.actions import Build, Change, End, Fire, Grow, Host, Mine
from rules.cold_comfort.state import ColdComfortState
from rules.errors import IllegalActionError, ParseError
from tests.rules.cold_comfort.helpers import act, cx1, make_state
from tests.rules.cold_comfort.test_turns import cx3


@pytest.mark.parametrize("typed", ["build 5 at (2,0)", "build 5 at (2, 0)", "build 5 at 2,0"])
def test_cc31_coordinates_may_be_typed_three_ways(typed: str) -> None:
    assert GAME.text.parse(make_state(), 0, typed) == Build(value=5, x=2, y=0)


def test_cc31_negative_coordinates_parse() -> None:
    assert GAME.text.parse(make_state(), 0, "build 4 at (-2,2)") == Build(value=4, x=-2, y=2)


def test_cc31_upgrade_and_downgrade_parse_to_change() -> None:
    state = make_state(hotels={(1, 0): (1, 3)})
    assert GAME.text.parse(state, 0, "upgrade (1,0) to 5") == Change(x=1, y=0, to=5)
    assert GAME.text.parse(state, 0, "downgrade (1,0) to 2") == Change(x=1, y=0, to=2)


def test_cc31_upgrade_requires_a_higher_value() -> None:
    state = make_state(hotels={(1, 0): (1, 3)})
    with pytest.raises(IllegalActionError, match="above the current"):
        GAME.text.parse(state, 0, "upgrade (1,0) to 2")


def test_cc31_host_may_leave_out_the_camper_when_only_one_fits() -> None:
    state = make_state(hotels={(1, 0): (1, 6)}, dice={(1, 1): 6})
    assert GAME.text.parse(state, 0, "host") == Host(x=1, y=0, from_x=1, from_y=1)
    assert GAME.text.parse(state, 0, "host (1,0)") == Host(x=1, y=0, from_x=1, from_y=1)
    assert GAME.text.parse(state, 0, "host (1,0) from (1,1)") == Host(x=1, y=0, from_x=1, from_y=1)


def test_cc31_an_ambiguous_short_command_lists_the_matching_moves() -> None:
    state = make_state(hotels={(1, 0): (1, 6)}, dice={(1, 1): 6, (-2, 1): 6})
    with pytest.raises(ParseError, match="several moves"):
        GAME.text.parse(state, 0, "host")


def test_cc31_grow_accepts_rot_and_a_tile_id() -> None:
    state = cx3()
    assert GAME.text.parse(state, 0, "grow (3,0) rot 180") == Grow(x=3, y=0, rotation=180)
    assert GAME.text.parse(state, 0, "grow C05 at (3,0) r180") == Grow(x=3, y=0, rotation=180)


@pytest.mark.parametrize(
    "text", ["mine (-2,1)", "end", "fire (1,0)", "build 6 at (1,1)", "upgrade (1,0) to 4"]
)
def test_cc31_every_typed_command_parses_to_a_legal_action(text: str) -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(-2, 1): 6, (1, 1): 6}, gold=(40, 0))
    assert GAME.text.parse(state, 0, text) in GAME.legal_actions(state, 0)


def test_labels_read_as_the_spec_gives_them() -> None:
    state = make_state(hotels={(1, 0): (1, 3)}, dice={(2, 0): 5})
    assert GAME.text.label(state, Build(value=4, x=1, y=2)) == "Build a 4 at (1,2) for $8"
    assert GAME.text.label(state, Change(x=1, y=0, to=5)) == "Upgrade (1,0) from 3 to 5 for $4"
    assert GAME.text.label(state, Change(x=1, y=0, to=2)) == "Downgrade (1,0) to 2"
    assert GAME.text.label(state, Fire(x=1, y=0)) == "Set fire to your 3 at (1,0)"
    assert GAME.text.label(state, Mine(x=2, y=0)) == "Mine the camper at (2,0)"
    assert GAME.text.label(state, End()) == "End turn"


def built_a_5_at_2_0() -> ColdComfortState:
    """Seat 0 with $40 has built a 5 at (2,0) this turn."""
    built: ColdComfortState = act(make_state(gold=(40, 0)), 1, Build(value=5, x=2, y=0))
    return built


# A refusal and the reason the player reads: (position, what seat 0 typed, the reason)
REFUSALS = [
    pytest.param(make_state, "build 3 at (0,1)", "is a street", id="building_on_a_street"),
    pytest.param(
        make_state,
        "build 4 at (2,0)",
        "only a 5 can be built there, not a 4",
        id="building_the_wrong_size_for_the_lot",
    ),
    pytest.param(
        lambda: make_state(dice={(1, 1): 6}, gold=(23, 0)),
        "build 6 at (1,1)",
        r"costs \$24 and you have \$23",
        id="not_enough_gold",
    ),
    pytest.param(
        built_a_5_at_2_0,
        "build 4 at (1,2)",
        "only one per turn",
        id="a_second_build_in_one_turn",
    ),
    pytest.param(
        lambda: act(
            make_state(hotels={(1, 0): (1, 3)}, dice={(1, 1): 3, (2, 0): 5}),
            1,
            Host(x=1, y=0, from_x=1, from_y=1),
        ),
        "mine (2,0)",
        "only action",
        id="mining_after_hosting",
    ),
    pytest.param(
        lambda: make_state(hotels={(1, 0): (1, 3)}, dice={(1, 0): 3}),
        "fire (1,0)",
        "has a guest",
        id="fire_in_an_occupied_hotel",
    ),
    pytest.param(
        built_a_5_at_2_0,
        "fire (2,0)",
        "this turn",
        id="fire_in_a_hotel_built_this_turn",
    ),
]


@pytest.mark.parametrize(("position", "typed", "reason"), REFUSALS)
def test_a_refused_command_gives_its_reason(
    position: Callable[[], ColdComfortState], typed: str, reason: str
) -> None:
    with pytest.raises(IllegalActionError, match=reason):
        GAME.text.parse(position(), 0, typed)


def test_cc30_every_seat_and_spectators_see_the_same_observation() -> None:
    state = cx1()
    public = GAME.observe(state, None)
    assert GAME.observe(state, 0) == public == GAME.observe(state, 1)


def test_cc30_the_observation_never_shows_the_deck_order() -> None:
    state = cx1()
    shown = GAME.observe(state, None).model_dump_json()
    assert not any(tile in shown for tile in state.deck)
    assert GAME.observe(state, None).deck_count == 22


def test_observation_contract_fields_for_cx1() -> None:
    obs = GAME.observe(cx1(), None)
    assert (obs.game, obs.num_players, obs.phase, obs.to_act) == ("cold_comfort", 2, "manage", [1])
    assert (obs.pool, obs.trigger, obs.dice_total, obs.scoring_rounds_total) == (4, 5, 12, 9)
    assert obs.streets == [(0, 0), (0, 1), (0, 2), (1, 3), (2, 3)]
    assert [(n.tiles, n.value) for n in obs.neighbourhoods] == [(["C13"], 2), (["C10"], 2)]
    assert [(s.x, s.y) for s in obs.squares] == sorted((s.x, s.y) for s in obs.squares)
    assert len(obs.squares) == 12 and obs.players[0].supply == dict.fromkeys(range(1, 7), 2)


def test_describe_fits_a_discord_embed() -> None:
    text = GAME.text.describe(GAME.observe(cx3(), None))
    assert "C05" in text and len(text) <= 1800

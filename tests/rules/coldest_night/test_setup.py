"""Set-up: CN-1…CN-4, the test hooks of CN-2, and the solo set-up of CN-45."""

from __future__ import annotations

import random

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.data import (
    FROST_IDS,
    IF_IDS,
    KINDLING_IDS,
    SOLO_FROST_IDS,
    SOLO_KINDLING_IDS,
)
from rules.coldest_night.state import ColdestNightOptions
from rules.errors import OptionsError
from tests.rules.coldest_night.helpers import ENGINE


def shuffled(
    seed: str, kindling: tuple[str, ...], frost: tuple[str, ...]
) -> tuple[random.Random, list[str], list[str]]:
    """What set-up draws from `seed` first: the kindling's order, then the frostbite deck's
    (CN-2), with the generator as it is after both shuffles."""
    rng = random.Random(seed)
    k = list(kindling)
    rng.shuffle(k)
    f = list(frost)
    rng.shuffle(f)
    return rng, k, f


def test_cn1_one_to_four_seats() -> None:
    for seats in (1, 2, 3, 4):
        assert ENGINE.setup(seats, None, 1).num_players == seats
    with pytest.raises(OptionsError, match="1–4 players, not 5"):
        ENGINE.setup(5, None, 1)


def test_cn2_randomness_is_used_in_order_kindling_frostbite_start_seat() -> None:
    rng, k, f = shuffled("seed/0", KINDLING_IDS, FROST_IDS)
    start = rng.randrange(3)
    state = ENGINE.setup(3, None, "seed")
    assert state.frost_deck == tuple(f)
    assert state.active_seat == start
    dealt = [state.hands[s][i] for i in range(3) for s in range(3)]
    assert dealt == k[:9]


def test_cn2_a_replaced_step_makes_no_rng_call() -> None:
    rng = random.Random(5)
    f = list(FROST_IDS)
    rng.shuffle(f)
    start = rng.randrange(4)
    state = GAME.setup(4, ColdestNightOptions(kindling_order=KINDLING_IDS), random.Random(5))
    assert state.frost_deck == tuple(f)
    assert state.active_seat == start
    before = random.Random(9)
    probe = random.Random(9)
    GAME.setup(
        2,
        ColdestNightOptions(kindling_order=KINDLING_IDS, frostbite_order=FROST_IDS, start_seat=0),
        probe,
    )
    assert probe.getstate() == before.getstate()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kindling_order": ["K01"] * 50}, "kindling_order"),
        ({"kindling_order": list(KINDLING_IDS[:-1])}, "kindling_order"),
        ({"frostbite_order": ["F01", "F02"]}, "frostbite_order"),
        ({"start_seat": -1}, "start_seat"),
        ({"start_seat": "two"}, "start_seat"),
        ({"colour": "blue"}, "colour"),
    ],
)
def test_cn2_invalid_options_are_rejected_with_a_clear_message(options, message) -> None:
    with pytest.raises(OptionsError, match=message):
        ENGINE.setup(2, options, 1)


def test_cn2_orders_must_fit_the_seat_count() -> None:
    with pytest.raises(OptionsError, match="43 ids"):
        ENGINE.setup(1, {"kindling_order": KINDLING_IDS}, 1)
    with pytest.raises(OptionsError, match="50 ids"):
        ENGINE.setup(2, {"kindling_order": SOLO_KINDLING_IDS}, 1)
    with pytest.raises(OptionsError, match="10 ids"):
        ENGINE.setup(2, {"frostbite_order": SOLO_FROST_IDS}, 1)
    with pytest.raises(OptionsError, match="between 0 and 1, not 3"):
        ENGINE.setup(2, {"start_seat": 3}, 1)


def test_cn3_fire_dwindles_sit_at_21_37_53_before_the_deal() -> None:
    state = ENGINE.setup(4, None, 77)
    obs = GAME.observe(state, None)
    assert obs.deck_count == 53 - 12
    assert obs.fire_dwindles_positions == [21 - 12, 37 - 12, 53 - 12]


def test_cn4_deal_one_at_a_time_from_seat_1_and_turn_1_has_no_frostbite_removal() -> None:
    state = ENGINE.setup(3, {"kindling_order": KINDLING_IDS, "start_seat": 2}, 1)
    assert state.hands == (("K01", "K04", "K07"), ("K02", "K05", "K08"), ("K03", "K06", "K09"))
    assert (state.turn, state.phase, state.active_seat) == (1, "main", 2)
    assert all(state.tokens[t] == "supply" for t in state.tokens)
    assert not any(c.startswith("FD") for h in state.hands for c in h)


def test_cn45_solo_setup() -> None:
    k = list(SOLO_KINDLING_IDS)
    state = ENGINE.setup(1, {"kindling_order": k, "frostbite_order": SOLO_FROST_IDS}, 3)
    obs = GAME.observe(state, 0)
    assert obs.variant == "solo"
    assert [c.id for c in obs.display] == list(IF_IDS)
    assert obs.removed_count == 14
    assert state.removed == tuple(k[:14])
    r = k[14:]
    assert state.hands == (tuple(r[:4]),)
    assert obs.deck_count == 32 - 4
    assert obs.fire_dwindles_positions == [14 - 4, 23 - 4, 32 - 4]
    assert obs.frostbite_deck_count == 8
    assert "F07" not in state.frost_deck and "F08" not in state.frost_deck
    assert state.active_seat == 0
    assert len(obs.hand) == 4


def test_cn45_solo_makes_no_start_seat_rng_call() -> None:
    rng, _, f = shuffled("s/0", SOLO_KINDLING_IDS, SOLO_FROST_IDS)
    after = rng.getstate()
    probe = random.Random("s/0")
    state = GAME.setup(1, ColdestNightOptions(), probe)
    assert state.frost_deck == tuple(f)
    assert probe.getstate() == after

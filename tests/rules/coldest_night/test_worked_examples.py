"""The spec's worked examples CN-EX1…CN-EX13 (§12); seat k in the spec is index k−1 here."""

from __future__ import annotations

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.actions import CheckForFrostbite, CheckFrostbite, Give, UseToken
from rules.coldest_night.data import FROST_IDS, IF_IDS, KINDLING_IDS
from rules.errors import IllegalActionError
from tests.rules.coldest_night import helpers as cn


def test_cn_ex1_setup_with_fixed_orders_and_start_seat() -> None:
    state = cn.ENGINE.setup(
        2,
        {"kindling_order": KINDLING_IDS, "frostbite_order": FROST_IDS, "start_seat": 1},
        "any seed",
    )
    obs = GAME.observe(state, None)
    assert state.hands == (("K01", "K03", "K05"), ("K02", "K04", "K06"))
    assert obs.deck_count == 47
    assert state.deck[0] == "K07"
    assert obs.fire_dwindles_positions == [15, 31, 47]
    assert cn.pit_names(state) == ["Logs", "Newspaper", "Match"]
    assert obs.heat_total == 7
    assert obs.frostbite_deck_count == 10
    assert (obs.active_seat, obs.turn, obs.phase) == (1, 1, "main")


def test_cn_ex1_pile_before_the_deal_has_fire_dwindles_at_21_37_53() -> None:
    state = cn.ENGINE.setup(1 + 1, {"kindling_order": KINDLING_IDS}, 0)
    pile = [c for h in zip(*state.hands, strict=True) for c in h] + list(state.deck)
    assert pile[:20] == list(KINDLING_IDS[:20])
    assert [i + 1 for i, c in enumerate(pile) if c.startswith("FD")] == [21, 37, 53]
    assert pile[21:36] == list(KINDLING_IDS[20:35])
    assert pile[37:52] == list(KINDLING_IDS[35:50])


def ex2_state():
    return cn.make(
        pit=["Dictionary", "Floorboards"],
        hands=[["Picture Album", "Cabinet Door", "Cloth Doll"], ["Rags"]],
        deck=["Wool Sweater", "Egg Carton"],
    )


def test_cn_ex2_feeding_card_by_card_with_an_if_that_succeeds() -> None:
    state = ex2_state()
    assert cn.heat(state) == 6
    assert cn.labels(state, 0) == [
        "Play Picture Album (heat 1, ash 3)",
        "Play Cabinet Door (heat 2, ash 5)",
        "Play Cloth Doll (heat 2, ash 6)",
        "Scavenge (draw 3)",
    ]
    state = cn.play(state, 0, "play picture album")
    assert cn.pit_names(state) == ["Picture Album", "Dictionary", "Floorboards"]
    assert cn.heat(state) == 7
    assert "Stop feeding the fire" in cn.labels(state, 0)
    assert "Scavenge (draw 3)" not in cn.labels(state, 0)
    step = cn.act(state, 0, GAME.text.parse(state, 0, "play cabinet door"))
    state = step.state
    assert any("Kerosene" in e.text for e in step.events)
    assert state.tokens["kerosene"] == "available"
    assert cn.pit_names(state) == ["Cabinet Door", "Picture Album", "Dictionary"]
    assert cn.heat(state) == 6
    assert state.discard == (cn.cid("Floorboards"),)
    assert state.frostbite[0] == ()
    assert cn.hand_names(state, 0) == ["Cloth Doll", "Wool Sweater"]
    assert (state.active_seat, state.phase) == (1, "main")


def test_cn_ex2_contrast_cabinet_door_first_misses_its_if_for_good() -> None:
    state = cn.play(ex2_state(), 0, "play cabinet door")
    assert cn.heat(state) == 8
    assert state.tokens["kerosene"] == "supply"
    state = cn.play(state, 0, "play picture album")
    assert state.tokens["kerosene"] == "supply"  # never re-checked at H=9


@pytest.mark.parametrize("alcohol", [True, False])
def test_cn_ex3_greatest_with_alcohol_and_with_a_tie(alcohol: bool) -> None:
    state = cn.make(
        pit=["Tablecloth", "Old Curtains", "Floorboards"],
        hands=[["Lampshade"], ["Rags"]],
        deck=["Egg Carton"],
        tokens={"alcohol": "attached"} if alcohol else {},
        alcohol_on=cn.cid("Old Curtains") if alcohol else None,
    )
    assert cn.heat(state) == (9 if alcohol else 8)
    state = cn.play(state, 0, "play lampshade")
    if alcohol:
        assert cn.pit_names(state) == ["Lampshade", "Tablecloth", "Floorboards"]
        assert state.tokens["alcohol"] == "spent"
        assert state.alcohol_on is None
    else:
        assert cn.pit_names(state) == ["Lampshade", "Tablecloth", "Old Curtains"]
    assert cn.heat(state) == 6


def test_cn_ex4_target_burn_one_frostbite_and_a_memory_loss_draw() -> None:
    state = cn.make(
        pit=["Roof Timber", "Logs"],
        hands=[["Shoes", "Diary"], ["Rug"]],
        deck=["Rags", "Teddy Bear", "Egg Carton"],
        frost_deck=["Memory Loss", "Paranoia", "Numbing"],
    )
    state = cn.play(state, 0, "play shoes")
    assert cn.heat(state) == 9
    state = cn.play(state, 0, "play diary")
    obs = GAME.observe(state, None)
    assert (obs.phase, obs.to_act) == ("target_choice", [0])
    assert cn.pit_names(state) == ["Diary", "Shoes", "Roof Timber", "Logs"]
    assert obs.heat_total == 11
    assert GAME.to_act(state) == frozenset({0})  # no token window in target_choice
    state = cn.play(state, 0, "Remove Shoes (heat 2) from the pit")
    assert cn.pit_names(state) == ["Diary", "Roof Timber"]
    assert cn.heat(state) == 6
    assert state.frostbite[0] == (cn.cid("Memory Loss") if False else "F02",)
    assert GAME.observe(state, None).frostbite_deck_count == 2
    assert cn.hand_names(state, 0) == ["Teddy Bear"]
    assert state.deck == cn.ids(["Rags", "Egg Carton"])
    assert state.discard == cn.ids(["Shoes", "Logs"])


def test_cn_ex5_the_fire_goes_out() -> None:
    state = cn.make(pit=["Roof Timber"], hands=[["Shoes"], ["Rags"]], deck=["Egg Carton"])
    assert cn.heat(state) == 4
    state = cn.play(state, 0, "play shoes")
    assert state.pit == ()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason, outcome.group_score) == (frozenset(), "fire_out", None)
    assert GAME.observe(state, None).outcome.model_dump() == {
        "winners": [],
        "reason": "fire_out",
        "group_score": None,
    }
    assert state.frostbite == ((), ())
    assert len(state.frost_deck) == 10


def test_cn_ex6_a_fire_dwindles_during_a_scavenge_with_a_full_pit() -> None:
    state = cn.make(
        pit=["Mirror Frame", "Floorboards", "Tablecloth", "Rags"],
        hands=[["Jewelry Box"], ["Diary"]],
        deck=["Wool Sweater", "FD2", "Phone Book", "Egg Carton", "Rug"],
    )
    assert cn.heat(state) == 10
    state = cn.play(state, 0, "scavenge")
    assert state.scavenge is not None
    assert state.scavenge.pool == cn.ids(["Wool Sweater", "Phone Book", "Egg Carton"])
    assert cn.pit_names(state) == ["FD2", "Mirror Frame", "Floorboards", "Tablecloth"]
    assert cn.heat(state) == 9
    assert state.discard == cn.ids(["Rags"])
    state = cn.play(state, 0, "give phone book to 2")
    state = cn.play(state, 0, "keep wool sweater")
    state = cn.play(state, 0, "give egg carton to seat 2")
    assert cn.heat(state) == 7
    assert len(state.pit) == 3
    assert cn.hand_names(state, 0) == ["Jewelry Box", "Wool Sweater", "Rug"]
    assert cn.hand_names(state, 1) == ["Diary", "Phone Book", "Egg Carton"]
    assert state.discard == cn.ids(["Rags", "Tablecloth"])
    assert state.deck == ()


def ex7_state():
    return cn.make(
        n=3,
        active=1,
        pit=["Dictionary", "Picture Frame"],
        hands=[["Egg Carton"], ["Rags"], ["Rug"]],
        deck=["Wool Sweater", "Lace Doily"],
        frostbite={1: ["Violent Shivering", "Chilblains"]},
        tokens={"lighter_fluid": "available"},
        phase="frostbite_removal",
    )


def test_cn_ex7_checking_at_once_removes_chilblains() -> None:
    state = cn.act(ex7_state(), 1, CheckFrostbite(seat=1)).state
    assert state.frostbite[1] == (cn.cid("Violent Shivering") if False else "F05",)
    assert state.phase == "main"


def test_cn_ex7_lighter_fluid_first_removes_violent_shivering() -> None:
    state = ex7_state()
    assert 2 in GAME.to_act(state) and GAME.awaiting(state) == frozenset({1})
    state = cn.play(state, 2, "use lighter fluid")
    assert state.turn_boost == 2
    assert cn.heat(state) == 7
    assert state.phase == "frostbite_removal"
    state = cn.play(state, 1, "check")
    assert state.frostbite[1] == ("F10",)
    assert state.frostbite_discard == ("F05",)
    assert (state.phase, cn.heat(state)) == ("main", 7)
    state = cn.play(state, 1, "play rags")  # ash 5 ≤ 7 thanks to the boost; the hand is now empty
    assert state.turn_boost == 0
    assert state.active_seat == 2


def test_cn_ex8_emergency_supplies_in_the_frostbite_check() -> None:
    state = cn.make(
        active=1,
        pit=["Diary", "Roof Timber"],
        hands=[["Rug"], ["Egg Carton"]],
        deck=["Cabinet Door", "Rags"],
        tokens={"emergency_supplies": "available"},
        phase="frostbite_check",
        main_action="feed",
        cards_played=1,
        fire_died_down=True,
    )
    obs = GAME.observe(state, None)
    assert (obs.phase, obs.to_act, obs.heat_total) == ("frostbite_check", [1], 6)
    assert GAME.to_act(state) == frozenset({0, 1})
    state = cn.act(state, 0, UseToken(seat=0, token="emergency_supplies")).state
    assert cn.pit_names(state) == ["Cabinet Door", "Diary", "Roof Timber"]
    assert cn.heat(state) == 8
    assert state.tokens["kerosene"] == "supply"
    assert state.phase == "frostbite_check"
    state = cn.act(state, 1, CheckForFrostbite(seat=1)).state
    assert state.frostbite[1] == ()
    assert cn.hand_names(state, 1) == ["Egg Carton", "Rags"]


def test_cn_ex9_scavenging_with_paranoia_and_loss_of_circulation() -> None:
    state = cn.make(
        n=3,
        pit=["Floorboards", "Logs", "Newspaper", "Match"],
        hands=[["Rags"], ["Diary"], ["Tablecloth", "Nightgown"]],
        frostbite={1: ["Paranoia"], 2: ["Loss of Circulation"]},
        deck=["Teddy Bear", "Egg Carton", "Oak Headboard", "Shoes"],
    )
    assert cn.heat(state) == 10
    state = cn.play(state, 0, "scavenge")
    assert state.scavenge is not None
    assert state.scavenge.pool == cn.ids(["Teddy Bear", "Egg Carton", "Oak Headboard"])
    assert {a.to_seat for a in GAME.legal_actions(state, 0) if isinstance(a, Give)} == {0, 2}
    with pytest.raises(IllegalActionError, match=r"\{s1\} holds Paranoia and cannot receive cards"):
        cn.act(state, 0, Give(seat=0, card_id=cn.cid("Teddy Bear"), to_seat=1))
    state = cn.act(state, 0, Give(seat=0, card_id=cn.cid("Oak Headboard"), to_seat=2)).state
    assert cn.hand_names(state, 0) == ["Rags", "Teddy Bear", "Egg Carton", "Shoes"]
    assert cn.hand_names(state, 1) == ["Diary"]
    assert cn.hand_names(state, 2) == ["Tablecloth", "Nightgown", "Oak Headboard"]
    assert cn.pit_names(state) == ["Floorboards", "Logs", "Newspaper"]
    assert state.active_seat == 1


def test_cn_ex10_immediate_win() -> None:
    state = cn.make(pit=["Rags", "Tablecloth"], hands=[["Egg Carton"], []], deck=[])
    assert cn.heat(state) == 3
    state = cn.play(state, 0, "play egg carton")
    assert cn.pit_names(state) == ["Egg Carton", "Rags", "Tablecloth"]
    assert cn.heat(state) == 4
    assert GAME.observe(state, None).outcome.model_dump() == {
        "winners": [0, 1],
        "reason": "morning",
        "group_score": None,
    }
    assert state.discard == ()  # no Fire Dies Down
    assert GAME.to_act(state) == frozenset()


def test_cn_ex11_violent_shivering_with_stiff_fingers() -> None:
    state = cn.make(
        pit=["Dictionary", "Old Curtains"],
        hands=[["Tablecloth", "Picture Frame", "Rags"], ["Rug"]],
        frostbite={0: ["Violent Shivering", "Stiff Fingers"]},
        deck=["Egg Carton", "Lace Doily"],
    )
    assert cn.labels(state, 0) == ["Play Rags (heat 1, ash 5)", "Scavenge (draw 3)"]
    state = cn.play(state, 0, "play rags")
    assert state.active_seat == 1  # Stiff Fingers ended feeding; Clean Up ran
    assert state.discard == cn.ids(["Old Curtains"])


def test_cn_ex11_only_even_heat_cards_force_a_scavenge() -> None:
    state = cn.make(
        pit=["Dictionary", "Old Curtains"],
        hands=[["Tablecloth", "Picture Frame"], ["Rug"]],
        frostbite={0: ["Violent Shivering", "Stiff Fingers"]},
        deck=["Egg Carton"],
    )
    assert cn.labels(state, 0) == ["Scavenge (draw 3)"]


def test_cn_ex12_solo_display_only_turn_skips_the_draw() -> None:
    state = cn.make(
        n=1,
        hands=[["Jewelry Box", "Door Jamb"]],
        display=IF_IDS,
        deck=["Egg Carton", "Lace Doily"],
        frost_deck=["Memory Loss"],
    )
    assert not any(
        lab.startswith("Play Jewelry") or lab.startswith("Play Door") for lab in cn.labels(state, 0)
    )
    state = cn.play(state, 0, "Play Rug from display (heat 1, ash 3)")
    assert state.tokens["blanket"] == "supply"
    assert cn.pit_names(state) == ["Rug", "Logs", "Newspaper"]
    assert cn.heat(state) == 6
    assert len(state.display) == 6
    assert cn.hand_names(state, 0) == ["Jewelry Box", "Door Jamb"]
    assert state.deck == cn.ids(["Egg Carton", "Lace Doily"])


def test_cn_ex13_a_memory_loss_draw_meets_a_fire_dwindles() -> None:
    state = cn.make(
        pit=["Picture Frame", "Nightgown", "Match"],
        hands=[["Dictionary"], ["Rug"]],
        frostbite={0: ["Memory Loss"]},
        deck=["Rags", "FD3", "Towels", "Bedsheets"],
    )
    frost_before = len(state.frost_deck)
    state = cn.play(state, 0, "play dictionary")
    assert cn.pit_names(state) == ["FD3", "Dictionary", "Picture Frame"]
    assert cn.heat(state) == 5
    assert state.discard == cn.ids(["Match", "Nightgown"])
    assert cn.hand_names(state, 0) == ["Towels"]
    assert state.deck == cn.ids(["Rags", "Bedsheets"])
    assert len(state.frost_deck) == frost_before
    assert state.frostbite[0] == ("F02",)

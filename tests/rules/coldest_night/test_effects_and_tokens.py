"""Rulings CN-19…CN-35 and CN-38/39: kindling effects, the Fire Dies Down, lucky find tokens."""

from __future__ import annotations

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.actions import TargetRemove, UseToken
from rules.coldest_night.state import ColdestNightState
from rules.core import format_event
from rules.errors import IllegalActionError, NotYourTurnError
from tests.rules.coldest_night import helpers as cn


def test_cn19_any_seat_may_use_a_token_in_the_main_phase() -> None:
    state = cn.make(n=3, hands=[["Rug"], ["Rags"], ["Diary"]], tokens={"kerosene": "available"})
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    assert GAME.awaiting(state) == frozenset({0})
    assert cn.labels(state, 2) == ["Use Kerosene (+3 heat this turn)"]
    state = cn.play(state, 2, "kerosene")
    assert cn.heat(state) == 10
    assert state.tokens["kerosene"] == "spent"
    assert GAME.to_act(state) == frozenset({0})


def test_cn19_tokens_cannot_be_used_in_target_choice() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match"],
        hands=[["Letter Bundle"], ["Rags"]],
        tokens={"kerosene": "available"},
        deck=["Rug"],
    )
    state = cn.play(state, 0, "play letter bundle")
    assert state.phase == "target_choice"
    assert GAME.to_act(state) == frozenset({0})
    with pytest.raises(NotYourTurnError):
        cn.ENGINE.check(state, 1, UseToken(seat=1, token="kerosene"))
    with pytest.raises(IllegalActionError, match="Tokens cannot be used during the target choice"):
        cn.ENGINE.check(state, 0, UseToken(seat=0, token="kerosene"))


def test_cn19_an_available_token_nobody_can_use_opens_no_window() -> None:
    state = cn.turn_end(frostbite={1: ["Numbing"]}, tokens={"blanket": "spent"})
    state = cn.play(state, 0, "play egg carton")
    assert state.phase == "main"  # no pause in frostbite_removal
    blanket_only = cn.make(hands=[["Rug"], ["Rags"]], tokens={"blanket": "available"})
    assert GAME.to_act(blanket_only) == frozenset({0})  # no frostbite face up: nothing to discard


def test_cn20_emergency_supplies_is_not_a_play_but_triggers_the_effect() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper"],
        hands=[["Rug"], ["Rags"]],
        tokens={"emergency_supplies": "available"},
        deck=["Closet Shelf", "Diary"],
    )
    state = cn.act(state, 1, UseToken(seat=1, token="emergency_supplies")).state
    obs = GAME.observe(state, None)
    assert cn.pit_names(state) == ["Closet Shelf", "Logs", "Newspaper"]
    assert state.tokens["backpack"] == "available"
    assert (obs.cards_played_this_turn, obs.main_action) == (0, None)
    assert "Scavenge (draw 3)" in cn.labels(state, 0)


def test_cn20_emergency_supplies_ignores_ash() -> None:
    state = cn.make(
        pit=["Rug"],
        hands=[["Rags"], ["Diary"]],
        tokens={"emergency_supplies": "available"},
        deck=["Door Jamb", "Egg Carton"],
    )
    state = cn.play(state, 0, "use emergency supplies")
    assert cn.pit_names(state) == ["Door Jamb", "Rug"]
    assert state.pending_burn_one == 1


def test_cn21_gain_does_nothing_once_the_token_left_the_supply() -> None:
    state = cn.make(
        hands=[["Bed Slats"], ["Rags"]],
        tokens={"axe": "spent"},
        deck=["Rug"],
        pit=["Roof Timber", "Logs"],
    )
    state = cn.play(state, 0, "play bed slats")
    assert state.tokens["axe"] == "spent"


def test_cn22_numbing_stops_boons_but_not_obstacles() -> None:
    state = cn.make(
        pit=["Roof Timber"],
        hands=[["Closet Shelf", "Music Box", "Family Portrait"], ["Rags"]],
        frostbite={0: ["Numbing"]},
        deck=["Rug"],
        turn_boost=3,
    )
    state = cn.play(state, 0, "play closet shelf")
    state = cn.play(state, 0, "play music box")
    state = cn.play(state, 0, "play family portrait")
    assert state.tokens["backpack"] == "supply"
    # no TARGET pause; GREATEST removed Roof Timber (heat 4)
    assert state.phase != "target_choice"
    assert cn.cid("Roof Timber") in state.discard


def test_cn23_a_registered_effect_resolves_after_its_card_left_the_pit() -> None:
    state = cn.make(
        pit=["Roof Timber", "Logs"],
        hands=[["Shoes", "Diary"], ["Rug"]],
        deck=["Rags", "Lace Doily"],
    )
    state = cn.play(state, 0, "play shoes")
    state = cn.play(state, 0, "play diary")
    state = cn.act(state, 0, TargetRemove(seat=0, card_id=cn.cid("Shoes"))).state
    assert state.discard == cn.ids(["Shoes", "Logs"])  # Shoes' BURN ONE still took Logs


def died_down_with_supplies(pit: list[str], card: str, deck: list[str]) -> ColdestNightState:
    """The frostbite check after seat 0 fed the fire one `card` and the fire died down, with
    Emergency Supplies still available (seat 1 holds Egg Carton)."""
    return cn.make(
        pit=pit,
        hands=[[card], ["Egg Carton"]],
        deck=deck,
        tokens={"emergency_supplies": "available"},
        phase="frostbite_check",
        main_action="feed",
        cards_played=1,
        fire_died_down=True,
    )


def test_cn24_a_card_entering_after_the_fire_died_down_keeps_only_gain_and_if() -> None:
    state = died_down_with_supplies(["Diary", "Roof Timber"], "Rug", ["Music Box", "Rags"])
    state = cn.play(state, 0, "use emergency supplies")
    assert state.pending_target == 0
    state2 = died_down_with_supplies(["Rags", "Rug"], "Lace Doily", ["Rotten Floorboards", "Diary"])
    state2 = cn.play(state2, 1, "use emergency supplies")
    assert cn.heat(state2) == 3
    assert state2.tokens["alcohol"] == "available"


def test_cn25_without_effects_the_rightmost_card_goes() -> None:
    state = cn.make(hands=[["Rug"], ["Rags"]], deck=["Diary"])
    state = cn.play(state, 0, "play rug")
    assert cn.pit_names(state) == ["Rug", "Logs", "Newspaper"]
    assert state.discard == ("S3",)


def test_cn25_target_lets_the_active_seat_remove_any_card_even_the_target_card() -> None:
    state = cn.make(hands=[["Letter Bundle"], ["Rags"]], deck=["Diary"])
    state = cn.play(state, 0, "play letter bundle")
    assert cn.labels(state, 0) == [
        "Remove Letter Bundle (heat 2) from the pit",
        "Remove Logs (heat 3) from the pit",
        "Remove Newspaper (heat 2) from the pit",
        "Remove Match (heat 2) from the pit",
    ]
    state = cn.play(state, 0, "remove letter bundle")
    assert cn.pit_names(state) == ["Logs", "Newspaper", "Match"]


def test_cn26_greatest_takes_the_rightmost_of_the_hottest() -> None:
    state = cn.make(
        pit=["Logs", "Dictionary", "Newspaper"], hands=[["Lampshade"], ["Rags"]], deck=["Rug"]
    )
    state = cn.play(state, 0, "play lampshade")
    assert cn.pit_names(state) == ["Lampshade", "Logs", "Newspaper"]


def test_cn27_target_beats_greatest_and_gives_one_first_removal() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper"],
        hands=[["Lampshade", "Letter Bundle"], ["Rags"]],
        deck=["Rug"],
    )
    state = cn.play(state, 0, "play lampshade")
    state = cn.play(state, 0, "play letter bundle")
    assert state.phase == "target_choice"
    state = cn.play(state, 0, "remove newspaper")
    assert cn.pit_names(state) == ["Letter Bundle", "Lampshade", "Logs"]


def test_cn27_burn_one_is_cumulative() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper"], hands=[["Shoes", "Broom Handle"], ["Rags"]], deck=["Rug"]
    )
    state = cn.play(state, 0, "play shoes")
    state = cn.play(state, 0, "play broom handle")
    assert state.discard == cn.ids(["Newspaper", "Logs", "Shoes"])


def test_cn28_alcohol_attaches_and_is_spent_when_its_card_leaves() -> None:
    state = cn.make(hands=[["Rug"], ["Rags"]], tokens={"alcohol": "available"}, deck=["Diary"])
    assert "Use Alcohol on Match (heat 2 → 3)" in cn.labels(state, 1)
    state = cn.play(state, 1, "use alcohol on match")
    obs = GAME.observe(state, None)
    assert obs.tokens[0].state == "attached" and obs.tokens[0].attached_to == "S3"
    assert cn.heat(state) == 8
    state = cn.play(state, 0, "play rug")
    assert state.tokens["alcohol"] == "spent"
    assert GAME.observe(state, None).tokens[0].attached_to is None


def test_cn29_axe_heat_or_draw() -> None:
    state = cn.make(
        hands=[["Rug"], ["Rags"]], tokens={"axe": "available"}, deck=["Diary", "Lace Doily"]
    )
    assert [lab for lab in cn.labels(state, 0) if "Axe" in lab] == [
        "Use Axe: {s0} draws 1",
        "Use Axe: {s1} draws 1",
        "Use Axe: +1 heat this turn",
    ]
    heated = cn.play(state, 0, "axe heat")
    assert heated.turn_boost == 1
    drawn = cn.play(state, 0, "axe 2")
    assert cn.hand_names(drawn, 1) == ["Rags", "Diary"]
    assert drawn.turn_boost == 0 and drawn.tokens["axe"] == "spent"


def test_cn30_backpack_passes_a_card_even_from_a_paranoid_giver() -> None:
    state = cn.make(
        n=3,
        hands=[["Rug"], ["Diary", "Rags"], ["Egg Carton"]],
        frostbite={1: ["Paranoia"], 2: []},
        tokens={"backpack": "available"},
    )
    assert cn.labels(state, 1) == [
        "Use Backpack: give Diary to {s0}",
        "Use Backpack: give Diary to {s2}",
        "Use Backpack: give Rags to {s0}",
        "Use Backpack: give Rags to {s2}",
    ]
    step = cn.act(state, 1, GAME.text.parse(state, 1, "backpack diary to 3"))
    assert cn.hand_names(step.state, 2) == ["Egg Carton", "Diary"]
    public = [e.text for e in step.events if e.public]
    assert public == ["{s1} gives a card to {s2} (Backpack)."]
    assert any(e.visible_to == frozenset({1, 2}) and "Diary" in e.text for e in step.events)


def test_cn30_solo_backpack_draws_one() -> None:
    state = cn.make(n=1, hands=[["Rug"]], tokens={"backpack": "available"}, deck=["Diary"])
    state = cn.play(state, 0, "Use Backpack: draw 1")
    assert cn.hand_names(state, 0) == ["Rug", "Diary"]


def test_cn31_blanket_discards_any_seats_frostbite() -> None:
    state = cn.make(
        hands=[["Rug"], ["Rags"]],
        frostbite={1: ["F07", "F08"]},
        tokens={"blanket": "available"},
    )
    assert [lab for lab in cn.labels(state, 0) if "Blanket" in lab] == [
        "Use Blanket: discard Blue Lips 9 ({s1})",
        "Use Blanket: discard Blue Lips 3 ({s1})",
    ]
    state = cn.play(state, 0, "Use Blanket: discard Blue Lips 3 (seat 2)")
    assert state.frostbite[1] == ("F07",)
    assert state.frostbite_discard == ("F08",)


def test_cn32_keys_draw_two_or_three() -> None:
    state = cn.make(
        hands=[["Rug"], ["Rags"]],
        tokens={"cabinet_key": "available", "cellar_key": "available"},
        deck=["Diary", "Lace Doily", "Egg Carton", "Shoes", "Wool Sweater"],
    )
    state = cn.play(state, 1, "use cabinet key on 2")
    assert cn.hand_names(state, 1) == ["Rags", "Diary", "Lace Doily"]
    state = cn.play(state, 1, "cellar key seat 1")
    assert cn.hand_names(state, 0) == ["Rug", "Egg Carton", "Shoes", "Wool Sweater"]


def test_cn33_emergency_supplies_resolves_fire_dwindles_first() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match"],
        hands=[["Rug"], ["Rags"]],
        tokens={"emergency_supplies": "available"},
        deck=["FD1", "Diary"],
    )
    state = cn.play(state, 0, "use emergency supplies")
    assert cn.pit_names(state) == ["Diary", "FD1", "Logs", "Newspaper"]
    assert state.discard == ("S3",)
    only_fd = cn.make(
        pit=["Logs", "Newspaper"],
        hands=[["Rug"], ["Rags"]],
        tokens={"emergency_supplies": "available"},
        deck=["FD1"],
    )
    only_fd = cn.play(only_fd, 0, "use emergency supplies")
    assert cn.pit_names(only_fd) == ["FD1", "Logs", "Newspaper"]


def test_cn34_fuels_last_until_the_turn_ends() -> None:
    state = cn.make(
        hands=[["Rug"], ["Rags"]], tokens={"lighter_fluid": "available"}, deck=["Diary"]
    )
    state = cn.play(state, 1, "use lighter fluid")
    assert cn.heat(state) == 9
    state = cn.play(state, 0, "play rug")
    assert state.turn_boost == 0


def test_cn35_every_use_spends_the_token() -> None:
    state = cn.make(hands=[["Rug"], ["Rags"]], tokens={"kerosene": "available"})
    state = cn.play(state, 0, "use kerosene")
    assert state.tokens["kerosene"] == "spent"
    with pytest.raises(IllegalActionError, match="Kerosene is not available: it has been used"):
        cn.ENGINE.check(state, 0, UseToken(seat=0, token="kerosene"))


def test_cn38_no_action_leaves_more_than_four_cards_in_the_pit() -> None:
    from rules.playout import play_out

    for seed in range(5):
        result = play_out(GAME, 3, seed, [GAME.agents["random"]() for _ in range(3)])
        state = cn.ENGINE.setup(3, None, seed)
        for ply, (seat, action) in enumerate(result.log, start=1):
            state = cn.ENGINE.act(state, seat, action, seed=seed, ply=ply).state
            assert len(state.pit) <= 4


def test_cn39_a_pit_filled_by_emergency_supplies_still_allows_scavenging() -> None:
    state = cn.make(
        hands=[["Rug"], ["Rags"]], tokens={"emergency_supplies": "available"}, deck=["Diary"]
    )
    state = cn.play(state, 0, "use emergency supplies")
    assert len(state.pit) == 4
    assert cn.labels(state, 0) == ["Scavenge (draw 3)"]


def _said(state: ColdestNightState, seat: int, text: str) -> list[str]:
    """The public lines a typed move says, names filled in."""
    step = cn.act(state, seat, GAME.text.parse(state, seat, text))
    return [format_event(e.text, ("Ana", "Bo")) for e in step.events if e.public]


def test_cn14_cn25_the_fire_dying_down_and_the_card_it_burns_are_one_line() -> None:
    lines = _said(cn.make(hands=[["Rug"], ["Rags"]], deck=["Diary"]), 0, "play rug")
    assert "The fire dies down: Match burns away." in lines
    assert not [line for line in lines if "leaves the pit" in line or line.endswith("down.")]


def test_cn25_a_target_line_names_who_chose_which_card() -> None:
    state = cn.play(
        cn.make(hands=[["Letter Bundle"], ["Rags"]], deck=["Diary"]), 0, "play letter bundle"
    )
    lines = _said(state, 0, "remove newspaper")
    assert "The fire dies down: Ana chooses Newspaper to burn away." in lines


def test_cn27_a_burn_one_card_leaves_after_the_burnt_one() -> None:
    state = cn.make(pit=["Logs", "Newspaper"], hands=[["Shoes"], ["Rags"]], deck=["Rug"])
    lines = _said(state, 0, "play shoes")
    at = lines.index("The fire dies down: Newspaper burns away.")
    assert lines[at + 1] == "Logs leaves the pit."


def test_cn28_a_burnt_card_with_alcohol_says_the_alcohol_is_spent() -> None:
    state = cn.make(hands=[["Rug"], ["Rags"]], tokens={"alcohol": "available"}, deck=["Diary"])
    state = cn.play(state, 1, "use alcohol on match")
    lines = _said(state, 0, "play rug")
    assert "The fire dies down: Match burns away; its Alcohol is spent." in lines

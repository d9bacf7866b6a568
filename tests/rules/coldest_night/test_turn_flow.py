"""Rulings CN-5…CN-18: definitions, the turn flow, scavenging, Clean Up, draws and Fire Dwindles."""

from __future__ import annotations

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.actions import Give, MemoryReturn, Scavenge, UseToken
from tests.rules.coldest_night import helpers as cn


def test_cn5_heat_total_counts_alcohol_and_the_turn_boost() -> None:
    state = cn.make(tokens={"alcohol": "attached"}, alcohol_on="S1", turn_boost=3)
    obs = GAME.observe(state, None)
    assert obs.heat_total == 3 + 1 + 2 + 2 + 3
    assert [p.effective_heat for p in obs.pit] == [4, 2, 2]
    assert obs.pit[0].alcohol is True


def test_cn6_loss_of_circulation_at_three_cards_blocks_token_draws() -> None:
    state = cn.make(
        hands=[["Rags"], ["Rug", "Diary", "Shoes"]],
        frostbite={1: ["Loss of Circulation"]},
        tokens={"cabinet_key": "available"},
        deck=["Egg Carton", "Lace Doily"],
    )
    targets = {a.target_seat for a in GAME.legal_actions(state, 0) if isinstance(a, UseToken)}
    assert targets == {0}


def test_cn6_paranoia_cannot_be_made_to_draw_even_by_itself() -> None:
    state = cn.make(
        hands=[["Rags"], ["Rug"]],
        frostbite={0: ["Paranoia"]},
        tokens={"cellar_key": "available"},
        deck=["Egg Carton"],
    )
    assert cn.labels(state, 0)[-1:] == ["Use Cellar Key: {s1} draws 3"]


def test_cn7_a_loss_is_checked_between_burn_one_removals() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper"],
        hands=[["Shoes", "Broom Handle"], ["Rug"]],
        deck=["Egg Carton"],
    )
    state = cn.play(state, 0, "play shoes")
    state = cn.play(state, 0, "play broom handle")
    # 4 cards; the normal removal and two BURN ONE take all but one
    assert GAME.outcome(state) is None
    assert cn.pit_names(state) == ["Broom Handle"]


def test_cn7_a_win_by_emergency_supplies_ends_the_game_at_once() -> None:
    state = cn.make(hands=[[], []], deck=["Rags"], tokens={"emergency_supplies": "available"})
    state = cn.act(state, 1, UseToken(seat=1, token="emergency_supplies")).state
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "morning"
    assert outcome.winners == frozenset({0, 1})


def test_cn8_frostbite_removal_resolves_at_once_without_a_usable_token() -> None:
    state = cn.turn_end(frostbite={1: ["Numbing", "Stiff Fingers", "Chilblains"]})
    state = cn.play(state, 0, "play egg carton")
    assert cn.heat(state) == 6
    assert (state.active_seat, state.phase) == (1, "main")
    assert state.frostbite[1] == ("F10",)
    assert state.frostbite_discard == ("F04", "F09")  # several cards at once


def test_cn8_frostbite_removal_pauses_while_a_token_is_usable() -> None:
    state = cn.turn_end(frostbite={1: ["Numbing"]}, tokens={"kerosene": "available"})
    state = cn.play(state, 0, "play egg carton")
    assert (state.active_seat, state.phase) == (1, "frostbite_removal")
    assert state.frostbite[1] == ("F04",)
    assert cn.labels(state, 1)[0] == "Check frostbite removal (heat 6)"
    assert GAME.to_act(state) == frozenset({0, 1})
    state = cn.play(state, 1, "check frostbite")
    assert state.frostbite[1] == () and state.phase == "main"


def test_cn8_turn_one_and_seats_without_frostbite_skip_the_step() -> None:
    state = cn.turn_end(tokens={"kerosene": "available"})
    state = cn.play(state, 0, "play egg carton")
    assert state.phase == "main"


def test_cn9_scavenging_is_possible_with_an_empty_pile_and_a_full_pit() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match", "Rags"], hands=[["Jewelry Box"], ["Rug"]], deck=[]
    )
    assert cn.labels(state, 0) == ["Scavenge (draw 3)"]
    state = cn.act(state, 0, Scavenge(seat=0)).state
    assert state.scavenge is None  # empty pool: straight on to Clean Up
    assert cn.pit_names(state) == ["Logs", "Newspaper", "Match"]
    assert state.active_seat == 1


def test_cn9_a_fuel_can_make_a_play_legal_before_scavenging() -> None:
    state = cn.make(
        pit=["Roof Timber", "Rug"],
        hands=[["Teddy Bear"], ["Rags"]],
        tokens={"kerosene": "available"},
    )
    assert "Play Teddy Bear (heat 2, ash 7)" not in cn.labels(state, 0)
    state = cn.play(state, 0, "use kerosene")
    assert "Play Teddy Bear (heat 2, ash 7)" in cn.labels(state, 0)


def test_cn10_playing_moves_the_card_and_records_the_feed() -> None:
    state = cn.make(hands=[["Rug", "Egg Carton"], ["Rags"]], pit=["Logs", "Newspaper"])
    state = cn.play(state, 0, "play rug")
    obs = GAME.observe(state, 0)
    assert cn.pit_names(state) == ["Rug", "Logs", "Newspaper"]
    assert (obs.cards_played_this_turn, obs.main_action) == (1, "feed")
    assert [c.name for c in obs.hand] == ["Egg Carton"]


def test_cn11c_feeding_goes_on_with_an_empty_hand_while_a_token_is_usable() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper"], hands=[["Rug"], ["Rags"]], tokens={"axe": "available"}
    )
    state = cn.play(state, 0, "play rug")
    assert state.phase == "main"
    assert cn.labels(state, 0)[0] == "Stop feeding the fire"


def test_cn12_memory_loss_scavenge_returns_the_lowest_ash_card() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Diary"], ["Rags"]],
        frostbite={0: ["Memory Loss"]},
        deck=["Teddy Bear", "Egg Carton", "Oak Headboard", "Shoes", "Lace Doily"],
    )
    assert cn.labels(state, 0) == ["Scavenge (draw 4, return 1)"]
    state = cn.play(state, 0, "scavenge")
    assert state.scavenge is not None
    assert state.scavenge.pool == cn.ids(["Teddy Bear", "Oak Headboard", "Shoes"])
    assert state.deck == cn.ids(["Egg Carton", "Lace Doily"])


def test_cn12_memory_loss_scavenge_tie_lets_the_scavenger_choose() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Diary"], ["Rags"]],
        frostbite={0: ["Memory Loss"]},
        deck=["Teddy Bear", "Nightgown", "Shoes", "Oak Headboard"],
    )
    state = cn.play(state, 0, "scavenge")
    obs = GAME.observe(state, 0)
    assert obs.phase == "memory_choice"
    assert [c.name for c in obs.memory_options or []] == ["Nightgown", "Shoes"]
    assert GAME.observe(state, 1).memory_options is None
    assert cn.labels(state, 0) == [
        "Put Nightgown (ash 3) back on top",
        "Put Shoes (ash 3) back on top",
    ]
    state = cn.play(state, 0, "put back shoes")
    assert state.deck[0] == cn.cid("Shoes")
    assert state.phase == "distribute"
    assert state.scavenge is not None
    assert state.scavenge.pool == cn.ids(["Teddy Bear", "Nightgown", "Oak Headboard"])


def test_cn12_memory_loss_scavenge_with_fewer_than_four_returns_nothing() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Diary"], ["Rags"]],
        frostbite={0: ["Memory Loss"]},
        deck=["Teddy Bear", "Nightgown"],
    )
    state = cn.play(state, 0, "scavenge")
    assert state.scavenge is not None
    assert state.scavenge.pool == cn.ids(["Teddy Bear", "Nightgown"])


def test_cn13_with_no_eligible_seat_the_pool_is_discarded_in_order() -> None:
    state = cn.scavenged(
        [["Diary", "Shoes", "Rags"], ["Egg Carton"]],
        frostbite={0: ["Loss of Circulation"], 1: ["Paranoia"]},
    )
    assert state.discard[:3] == cn.ids(["Teddy Bear", "Nightgown", "Lace Doily"])
    assert state.active_seat == 1


def test_cn13_give_is_legal_only_to_eligible_seats() -> None:
    state = cn.scavenged([["Diary"], ["Rags"], ["Egg Carton"]])
    gives = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Give)]
    assert len(gives) == 9
    assert cn.labels(state, 0)[:3] == [
        "Keep Teddy Bear",
        "Give Teddy Bear to {s1}",
        "Give Teddy Bear to {s2}",
    ]


def test_cn14_the_fire_died_down_flag_is_public_during_the_frostbite_check() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match"],
        hands=[["Diary"], ["Rags"]],
        frostbite={1: ["Paranoia"]},
        tokens={"kerosene": "available"},
        deck=["Rug"],
    )
    state = cn.play(state, 0, "scavenge")
    obs = GAME.observe(state, None)
    assert (obs.phase, obs.fire_died_down, len(obs.pit)) == ("frostbite_check", True, 2)
    assert cn.labels(state, 0)[0] == "Check for frostbite (pit has 2 cards)"


def test_cn15_an_empty_frostbite_deck_loses_the_game() -> None:
    state = cn.make(
        hands=[["Diary"], ["Rags"]], frostbite={1: ["Paranoia"]}, frost_deck=[], deck=["Rug"]
    )
    state = cn.play(state, 0, "scavenge")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.reason, outcome.winners) == ("frostbite", frozenset())


def test_cn15_with_three_cards_nothing_happens() -> None:
    state = cn.make(pit=["Logs", "Newspaper", "Match"], hands=[["Rug"], ["Rags"]], deck=["Diary"])
    state = cn.play(state, 0, "play rug")
    assert state.frostbite == ((), ())


@pytest.mark.parametrize(
    ("frost", "hand", "deck", "drawn"),
    [
        ([], ["Rug", "Egg Carton"], ["Diary"], True),
        (["Advanced Frostbite"], ["Rug", "Egg Carton"], ["Diary"], False),
        (["Loss of Circulation"], ["Rug", "Egg Carton", "Lace Doily", "Rags"], ["Diary"], False),
        ([], ["Rug", "Egg Carton"], [], False),
    ],
)
def test_cn16_the_clean_up_draw_and_its_exceptions(frost, hand, deck, drawn) -> None:
    state = cn.make(hands=[hand, ["Shoes"]], frostbite={0: frost}, deck=deck)
    state = cn.play(state, 0, "play rug")
    assert ("Diary" in cn.hand_names(state, 0)) is drawn


def test_cn16a_advanced_frostbite_gained_this_turn_already_stops_the_draw() -> None:
    state = cn.make(
        hands=[["Rug"], ["Shoes"]], frost_deck=["Advanced Frostbite"], deck=["Diary", "Rags"]
    )
    state = cn.play(state, 0, "scavenge")
    state = cn.play(state, 0, "keep diary")
    state = cn.play(state, 0, "keep rags")
    assert state.frostbite[0] == ("F06",)
    assert cn.hand_names(state, 0) == ["Rug", "Diary", "Rags"]


def test_cn17_memory_loss_draw_with_one_card_keeps_it() -> None:
    state = cn.make(
        hands=[["Rug"], ["Shoes"]], frostbite={0: ["Memory Loss"]}, deck=["FD1", "Rags"]
    )
    state = cn.play(state, 0, "play rug")
    assert cn.hand_names(state, 0) == ["Rags"]
    assert state.deck == ()


def test_cn17_memory_loss_draw_tie_waits_for_the_drawer() -> None:
    state = cn.make(
        hands=[["Rug"], ["Shoes"]],
        frostbite={0: ["Memory Loss"]},
        deck=["Nightgown", "Lace Doily", "Egg Carton"],
    )
    state = cn.play(state, 0, "play rug")
    obs = GAME.observe(state, None)
    assert (obs.phase, obs.to_act, obs.token_window) == ("memory_choice", [0], False)
    assert GAME.secrets(state, 0) >= set(cn.ids(["Nightgown", "Lace Doily"]))
    state = cn.act(state, 0, MemoryReturn(seat=0, card_id=cn.cid("Lace Doily"))).state
    assert cn.hand_names(state, 0) == ["Nightgown"]
    assert state.deck == cn.ids(["Lace Doily", "Egg Carton"])
    assert state.active_seat == 1


def test_cn17_a_key_draw_stops_when_loss_of_circulation_bites() -> None:
    state = cn.make(
        hands=[["Rug"], ["Shoes"]],
        frostbite={1: ["Loss of Circulation"]},
        tokens={"cellar_key": "available"},
        deck=["Diary", "Rags", "Egg Carton"],
    )
    state = cn.play(state, 0, "cellar key 2")
    assert cn.hand_names(state, 1) == ["Shoes", "Diary", "Rags"]
    assert state.deck == cn.ids(["Egg Carton"])


def test_cn17_a_memory_tie_during_a_key_draw_returns_to_the_interrupted_pause() -> None:
    state = cn.make(
        hands=[["Rug"], ["Shoes"]],
        frostbite={1: ["Memory Loss"]},
        tokens={"cabinet_key": "available"},
        deck=["Nightgown", "Lace Doily", "Teddy Bear", "Rags", "Egg Carton"],
    )
    state = cn.play(state, 0, "use cabinet key: seat 2 draws 2")
    assert (state.phase, GAME.awaiting(state)) == ("memory_choice", frozenset({1}))
    state = cn.play(state, 1, "put back nightgown")
    # second draw of two: Nightgown (3) vs Teddy Bear (7): keep Teddy, Nightgown back
    assert cn.hand_names(state, 1) == ["Shoes", "Lace Doily", "Teddy Bear"]
    assert state.deck == cn.ids(["Nightgown", "Rags", "Egg Carton"])
    assert (state.phase, GAME.awaiting(state)) == ("main", frozenset({0}))


def test_cn18_a_fire_dwindles_into_a_full_pit_removes_exactly_one_card() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Diary"], ["Shoes"]],
        tokens={"axe": "available", "alcohol": "attached"},
        alcohol_on=cn.cid("Rug"),
        deck=["FD1", "Rags"],
    )
    state = cn.play(state, 0, "axe 2")
    assert cn.pit_names(state) == ["FD1", "Logs", "Newspaper", "Match"]
    assert state.tokens["alcohol"] == "spent"
    assert cn.hand_names(state, 1) == ["Shoes", "Rags"]


def test_cn18_a_pile_of_only_fire_dwindles_is_not_empty() -> None:
    state = cn.make(
        pit=["Logs", "Newspaper", "Match"],
        hands=[["Rug", "Rags"], ["Shoes"]],
        tokens={"emergency_supplies": "available"},
        deck=["FD2", "FD3"],
    )
    assert "Use Emergency Supplies (top card into the fire)" in cn.labels(state, 0)
    state = cn.play(state, 0, "play rug")
    # Clean Up: the draw resolves both Fire Dwindles and yields nothing
    assert state.deck == ()
    assert cn.hand_names(state, 0) == ["Rags"]
    assert cn.pit_names(state)[:2] == ["FD3", "FD2"]

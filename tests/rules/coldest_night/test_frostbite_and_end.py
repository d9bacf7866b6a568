"""§5.4 frostbite effects (CN-36, CN-37), end of game CN-41…CN-44, solo CN-45."""

from __future__ import annotations

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.actions import Give, Play
from rules.coldest_night.data import IF_IDS
from rules.errors import IllegalActionError
from tests.rules.coldest_night.helpers import (
    ENGINE,
    act,
    cid,
    hand_names,
    ids,
    labels,
    make,
    play,
    scavenged,
)


def test_loss_of_circulation_blocks_its_own_scavenge_receipts_at_three() -> None:
    state = scavenged(
        [["Rags", "Diary"], ["Egg Carton"]], frostbite={0: ["Loss of Circulation"], 1: ["Paranoia"]}
    )
    assert hand_names(state, 0) == ["Rags", "Diary", "Teddy Bear"]
    assert state.discard[:2] == ids(["Nightgown", "Lace Doily"])


def test_paranoia_keeps_cards_from_its_own_scavenge() -> None:
    state = scavenged([["Rags"], ["Egg Carton"]], frostbite={0: ["Paranoia"]})
    assert {a.to_seat for a in GAME.legal_actions(state, 0) if isinstance(a, Give)} == {0, 1}


def test_violent_shivering_refuses_even_heat_with_a_clear_message() -> None:
    state = make(hands=[["Rug", "Lace Doily"], ["Rags"]], frostbite={0: ["Violent Shivering"]})
    with pytest.raises(
        IllegalActionError, match="Violent Shivering: you cannot play cards with even"
    ):
        ENGINE.check(state, 0, Play(seat=0, card_id=cid("Lace Doily")))


def test_stiff_fingers_allows_one_play_per_turn() -> None:
    state = make(
        pit=["Logs"],
        hands=[["Rug", "Lace Doily"], ["Rags"]],
        frostbite={0: ["Stiff Fingers"]},
        deck=["Diary"],
    )
    state = play(state, 0, "play rug")
    assert state.active_seat == 1


def test_cn36_chilblains_discards_one_card_above_three() -> None:
    state = make(
        hands=[["Rug", "Rags", "Diary", "Shoes"], ["Egg Carton"]],
        frostbite={0: ["Chilblains"]},
        deck=["Lace Doily", "Wool Sweater"],
    )
    state = play(state, 0, "play rug")  # 3 left + 1 drawn = 4 > 3
    assert state.phase == "chilblains"
    assert labels(state, 0)[0] == "Discard Rags (Chilblains)"
    assert GAME.to_act(state) == frozenset({0})
    state = play(state, 0, "discard diary")
    assert hand_names(state, 0) == ["Rags", "Shoes", "Lace Doily"]
    assert state.discard[-1] == cid("Diary")
    assert state.active_seat == 1


def test_cn36_chilblains_does_nothing_at_three_cards() -> None:
    state = make(
        hands=[["Rug", "Rags", "Diary"], ["Egg Carton"]],
        frostbite={0: ["Chilblains"]},
        deck=["Lace Doily"],
    )
    state = play(state, 0, "play rug")
    assert state.active_seat == 1


def test_cn37_all_frostbite_effects_apply_together() -> None:
    state = make(
        hands=[["Rug", "Rags", "Lace Doily"], ["Egg Carton"]],
        frostbite={0: ["Violent Shivering", "Advanced Frostbite"]},
        deck=["Diary"],
    )
    assert labels(state, 0) == [
        "Play Rug (heat 1, ash 3)",
        "Play Rags (heat 1, ash 5)",
        "Scavenge (draw 3)",
    ]
    state = play(state, 0, "play rug")
    assert hand_names(state, 0) == ["Rags", "Lace Doily"]  # no draw


def test_cn41_fire_dwindles_left_in_the_pile_do_not_stop_the_win() -> None:
    state = make(pit=["Logs", "Newspaper"], hands=[["Rug"], []], deck=["FD3"])
    state = play(state, 0, "play rug")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "morning"
    assert state.deck == ("FD3",)


def test_cn41_cards_in_a_memory_choice_count_as_held() -> None:
    state = make(
        pit=["Logs", "Newspaper", "Match"],
        hands=[["Rug"], []],
        frostbite={0: ["Memory Loss"]},
        deck=["Nightgown", "Lace Doily"],
        tokens={"axe": "available"},
    )
    state = play(state, 1, "axe 1")
    assert state.phase == "memory_choice"
    state = play(state, 0, "Put Nightgown (ash 3) back on top")
    assert GAME.outcome(state) is None


def test_cn43_cn44_after_the_end_nothing_is_legal_and_hands_are_shown() -> None:
    state = make(pit=["Roof Timber"], hands=[["Shoes"], ["Rags"]], deck=["Egg Carton"])
    state = play(state, 0, "play shoes")
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 0) == []
    obs = GAME.observe(state, None)
    assert obs.phase == "game_over"
    assert {s: [c.name for c in cards] for s, cards in (obs.final_hands or {}).items()} == {
        0: [],
        1: ["Rags"],
    }
    with pytest.raises(Exception, match="This game is over"):
        ENGINE.check(state, 1, GAME.legal_actions(make(hands=[["Rug"], []]), 0)[0])


def test_cn45_solo_plays_from_hand_or_display_with_the_same_legality() -> None:
    state = make(
        n=1,
        hands=[["Rags", "Teddy Bear"]],
        display=IF_IDS,
        deck=["Diary"],
        frostbite={0: ["Violent Shivering"]},
    )
    assert labels(state, 0) == [
        "Play Rags (heat 1, ash 5)",
        "Play Couch Upholstery from display (heat 1, ash 2)",
        "Play Rug from display (heat 1, ash 3)",
        "Play Rotten Floorboards from display (heat 1, ash 1)",
        "Play Hollow Book from display (heat 1, ash 4)",
        "Play Oil Lamp from display (heat 3, ash 3)",
        "Scavenge (draw 3)",
    ]


def test_cn45_a_turn_mixing_hand_and_display_still_draws() -> None:
    state = make(
        n=1, pit=["Logs", "Newspaper"], hands=[["Rags"]], display=IF_IDS, deck=["Diary", "Rug"]
    )
    state = play(state, 0, "play rug from display")
    state = play(state, 0, "play rags")
    assert hand_names(state, 0) == ["Diary"]


def test_cn45_solo_win_needs_an_empty_display() -> None:
    state = make(n=1, pit=["Logs", "Newspaper"], hands=[["Rags"]], display=(cid("Rug"),), deck=[])
    state = play(state, 0, "play rags")
    assert GAME.outcome(state) is None
    state = make(n=1, pit=["Logs", "Newspaper"], hands=[[]], display=(cid("Rug"),), deck=[])
    state = play(state, 0, "play rug")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0})


def test_solo_give_is_only_keep() -> None:
    state = make(
        n=1,
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Jewelry Box"]],
        display=IF_IDS,
        deck=["Diary", "Rags", "Egg Carton", "Shoes"],
    )
    state = act(state, 0, GAME.text.parse(state, 0, "scavenge")).state
    assert hand_names(state, 0)[:4] == ["Jewelry Box", "Diary", "Rags", "Egg Carton"]

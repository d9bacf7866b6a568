"""Observation contract (§10), visibility (CN-50, CN-52), labels and parsing (§11), refusals,
chat policy (§8 at the rules level) and descriptions."""

from __future__ import annotations

import json
import random

import pytest

from rules.coldest_night import GAME
from rules.coldest_night.actions import (
    ACTION_ADAPTER,
    CheckForFrostbite,
    Done,
    Give,
    Play,
    Scavenge,
    UseToken,
)
from rules.coldest_night.observation import PrivateObservation, PublicObservation
from rules.coldest_night.rules_play import awaiting as _awaiting
from rules.coldest_night.rules_play import to_act as _to_act
from rules.coldest_night.rules_turn import Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES
from rules.core import FREE_CHAT, ChatPolicy
from rules.errors import IllegalActionError, ParseError
from tests.rules.coldest_night.helpers import ENGINE, act, cid, ids, labels, make, play, scavenged

PUBLIC_FIELDS = {
    "game",
    "variant",
    "num_players",
    "turn",
    "active_seat",
    "phase",
    "to_act",
    "token_window",
    "pit",
    "heat_total",
    "turn_boost",
    "main_action",
    "cards_played_this_turn",
    "pending_effects",
    "fire_died_down",
    "deck_count",
    "fire_dwindles_positions",
    "frostbite_deck_count",
    "players",
    "tokens",
    "discard",
    "frostbite_discard",
    "display",
    "removed_count",
    "scavenge",
    "outcome",
    "final_hands",
}
PRIVATE_FIELDS = {"seat", "hand", "scavenge_pool", "memory_options", "legal_actions"}


def test_observation_fields_are_exactly_the_contract() -> None:
    state = ENGINE.setup(3, None, 4)
    public = GAME.observe(state, None).model_dump(mode="json")
    assert set(public) == PUBLIC_FIELDS
    private = GAME.observe(state, 1).model_dump(mode="json")
    assert set(private) == PUBLIC_FIELDS | PRIVATE_FIELDS
    assert set(public["pit"][0]) == {
        "id",
        "name",
        "heat",
        "ash",
        "effect",
        "effect_kind",
        "token",
        "if_op",
        "if_value",
        "kind",
        "alcohol",
        "effective_heat",
    }
    assert set(public["players"][0]) == {"seat", "hand_count", "frostbite"}
    assert set(public["tokens"][0]) == {"token", "name", "state", "attached_to"}
    assert public["pending_effects"] == {"target": 0, "greatest": 0, "burn_one": 0}
    assert public["game"] == "coldest_night" and public["variant"] == "standard"
    assert public["to_act"] == [state.active_seat]
    assert public["scavenge"] is None and public["outcome"] is None
    assert public["final_hands"] is None and public["display"] == []


def test_private_fields_show_the_seats_own_cards_and_legal_actions() -> None:
    state = make(hands=[["Rug", "Rags"], ["Diary"]], frostbite={1: ["F07"]})
    obs = GAME.observe(state, 0)
    assert isinstance(obs, PrivateObservation)
    assert obs.seat == 0
    assert [c.name for c in obs.hand] == ["Rug", "Rags"]
    assert obs.legal_actions == list(GAME.legal_actions(state, 0))
    other = GAME.observe(state, 1)
    assert other.legal_actions == []
    assert obs.players[1].frostbite[0].model_dump() == {
        "id": "F07",
        "name": "Blue Lips",
        "frost": 9,
        "effect": "You may not send messages in the game thread",
    }


def test_cn50_hands_pool_and_memory_options_stay_private() -> None:
    state = make(
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=[["Diary"], ["Rags"]],
        deck=["Teddy Bear", "Egg Carton", "Oak Headboard"],
    )
    state = play(state, 0, "scavenge")
    public = json.dumps(GAME.observe(state, None).model_dump(mode="json"))
    seen_by_1 = json.dumps(GAME.observe(state, 1).model_dump(mode="json"))
    for card in ids(["Diary", "Teddy Bear", "Egg Carton", "Oak Headboard"]):
        assert card not in public and card not in seen_by_1
    assert GAME.observe(state, None).scavenge.model_dump() == {"scavenger": 0, "pool_count": 3}
    assert [c.name for c in GAME.observe(state, 0).scavenge_pool or []] == [
        "Teddy Bear",
        "Egg Carton",
        "Oak Headboard",
    ]
    assert GAME.secrets(state, 0) == frozenset(
        ids(["Diary", "Teddy Bear", "Egg Carton", "Oak Headboard"])
    )


def test_cn50_a_give_is_public_only_as_who_gives_to_whom() -> None:
    state = scavenged([["Diary"], ["Rags"], ["Egg Carton"]])
    step = act(state, 0, Give(seat=0, card_id=cid("Teddy Bear"), to_seat=2))
    public = [e.text for e in step.events if e.public]
    assert public == ["{s0} gives a card to {s2}."]
    private = [e for e in step.events if not e.public]
    assert [(e.visible_to, e.text) for e in private] == [
        (frozenset({0, 2}), "{s0} gives Teddy Bear to {s2}.")
    ]


def test_cn50_draws_are_private_to_the_drawer() -> None:
    step = act(make(hands=[["Rug"], ["Rags"]], deck=["Diary"]), 0, Play(seat=0, card_id="K14"))
    assert not any("Diary" in e.text for e in step.events if e.public)
    assert any(e.text == "You draw Diary." and e.visible_to == frozenset({0}) for e in step.events)


def test_to_act_and_awaiting() -> None:
    state = make(
        n=3, hands=[["Rug"], ["Rags"], []], tokens={"cabinet_key": "available"}, deck=["Diary"]
    )
    assert GAME.awaiting(state) == frozenset({0})
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    assert GAME.observe(state, None).to_act == [0]


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (CheckForFrostbite(seat=0), "Check for frostbite (pit has 3 cards)"),
        (Play(seat=0, card_id="K14"), "Play Rug (heat 1, ash 3)"),
        (Done(seat=0), "Stop feeding the fire"),
        (Scavenge(seat=0), "Scavenge (draw 3)"),
        (UseToken(seat=0, token="alcohol", card_id="S1"), "Use Alcohol on Logs (heat 3 → 4)"),
        (UseToken(seat=0, token="axe", mode="draw", target_seat=2), "Use Axe: {s2} draws 1"),
        (UseToken(seat=0, token="axe", mode="heat"), "Use Axe: +1 heat this turn"),
        (
            UseToken(seat=0, token="backpack", card_id="K30", to_seat=0),
            "Use Backpack: give Diary to {s0}",
        ),
        (
            UseToken(seat=0, token="blanket", frostbite_id="F03"),
            "Use Blanket: discard Paranoia ({s1})",
        ),
        (UseToken(seat=0, token="cabinet_key", target_seat=1), "Use Cabinet Key: {s1} draws 2"),
        (UseToken(seat=0, token="cellar_key", target_seat=1), "Use Cellar Key: {s1} draws 3"),
        (
            UseToken(seat=0, token="emergency_supplies"),
            "Use Emergency Supplies (top card into the fire)",
        ),
        (UseToken(seat=0, token="lighter_fluid"), "Use Lighter Fluid (+2 heat this turn)"),
        (UseToken(seat=0, token="kerosene"), "Use Kerosene (+3 heat this turn)"),
    ],
)
def test_labels_follow_section_11(action, text) -> None:
    state = make(n=3, hands=[["Rug"], ["Rags"], []], frostbite={1: ["Paranoia"]})
    assert GAME.text.label(state, action) == text


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("play rug", Play(seat=0, card_id="K14")),
        ("Play Rug", Play(seat=0, card_id="K14")),
        ("play portrait", Play(seat=0, card_id="K27")),
        ("kerosene", UseToken(seat=0, token="kerosene")),
        ("use kerosene", UseToken(seat=0, token="kerosene")),
        ("axe heat", UseToken(seat=0, token="axe", mode="heat")),
        ("use axe: +1 heat", UseToken(seat=0, token="axe", mode="heat")),
        ("axe 2", UseToken(seat=0, token="axe", mode="draw", target_seat=1)),
        ("cellar key seat 1", UseToken(seat=0, token="cellar_key", target_seat=0)),
        ("alcohol on logs", UseToken(seat=0, token="alcohol", card_id="S1")),
        ("backpack portrait to 2", UseToken(seat=0, token="backpack", card_id="K27", to_seat=1)),
        ("supplies", UseToken(seat=0, token="emergency_supplies")),
        ("scavenge", Scavenge(seat=0)),
    ],
)
def test_parse_short_forms(typed, expected) -> None:
    state = make(
        pit=["Logs", "Newspaper"],
        hands=[["Rug", "Portrait", "Family Portrait"], ["Rags"]],
        deck=["Diary"],
        tokens={
            t: "available"
            for t in ("kerosene", "axe", "cellar_key", "alcohol", "backpack", "emergency_supplies")
        },
        turn_boost=5,
    )
    assert GAME.text.parse(state, 0, typed) == expected


def test_parse_done_give_keep_forms() -> None:
    state = make(pit=["Logs", "Newspaper"], hands=[["Rug", "Lace Doily"], ["Rags"]])
    state = play(state, 0, "play rug")
    for typed in ("done", "stop", "Stop feeding the fire"):
        assert GAME.text.parse(state, 0, typed) == Done(seat=0)
    state = scavenged([["Diary"], ["Rags"], ["Egg Carton"]])
    teddy = cid("Teddy Bear")
    assert GAME.text.parse(state, 0, "give teddy to 2") == Give(seat=0, card_id=teddy, to_seat=1)
    assert GAME.text.parse(state, 0, "Give Teddy Bear to seat 3") == Give(
        seat=0, card_id=teddy, to_seat=2
    )
    assert GAME.text.parse(state, 0, "keep teddy") == Give(seat=0, card_id=teddy, to_seat=0)
    assert GAME.text.parse(state, 0, "give teddy to 1") == Give(seat=0, card_id=teddy, to_seat=0)
    assert GAME.text.parse(state, 0, "lace to 3") == Give(
        seat=0, card_id=cid("Lace Doily"), to_seat=2
    )


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Type an action"),
        ("dance", "“dance” is not a move you can make now"),
        ("play teddy bear", "not a move you can make now"),
        ("play p", "could mean several moves"),
    ],
)
def test_parse_refuses_unclear_text(typed, message) -> None:
    state = make(hands=[["Rug", "Portrait", "Picture Album"], ["Rags"]])
    with pytest.raises(ParseError, match=message):
        GAME.text.parse(state, 0, typed)


def test_parse_with_nothing_to_do() -> None:
    with pytest.raises(ParseError, match="nothing to do"):
        GAME.text.parse(make(hands=[["Rug"], ["Rags"]]), 1, "play rags")


@pytest.mark.parametrize(
    ("state_kw", "action", "message"),
    [
        (
            {"pit": ["Roof Timber", "Rug"], "hands": [["Teddy Bear"], []]},
            Play(seat=0, card_id="K07"),
            "The fire is too cold for Teddy Bear: ash 7 > heat total 5.",
        ),
        (
            {"pit": ["Logs", "Newspaper", "Match", "Rug"], "hands": [["Egg Carton"], []]},
            Play(seat=0, card_id="K42"),
            "The pit is full (4 cards).",
        ),
        ({"hands": [["Rug"], []]}, Play(seat=0, card_id="K07"), "Teddy Bear is not in your hand."),
        ({"hands": [["Rug"], []]}, Done(seat=0), "You have not fed the fire yet"),
        ({"hands": [["Rug"], []]}, Play(seat=1, card_id="K14"), "{s1}'s to make, not yours"),
        (
            {"hands": [["Rug"], []]},
            UseToken(seat=0, token="kerosene"),
            "Kerosene is not available: nobody has found it yet.",
        ),
        (
            {"hands": [["Rug"], []], "tokens": {"emergency_supplies": "available"}},
            UseToken(seat=0, token="emergency_supplies"),
            "The draw pile is empty.",
        ),
        (
            {
                "hands": [["Rug"], []],
                "tokens": {"cabinet_key": "available"},
                "deck": ["Diary"],
                "frostbite": {1: ["Paranoia"]},
            },
            UseToken(seat=0, token="cabinet_key", target_seat=1),
            "{s1} holds Paranoia and cannot be made to draw.",
        ),
    ],
)
def test_why_illegal_messages(state_kw, action, message) -> None:
    state = make(**state_kw)
    with pytest.raises(IllegalActionError) as err:
        ENGINE.check(state, 0, action)
    assert message in str(err.value)


def test_give_to_loss_of_circulation_at_three_is_explained() -> None:
    state = scavenged(
        [["Diary"], ["Rags", "Shoes", "Egg Carton"], ["Wool Sweater"]],
        frostbite={1: ["Loss of Circulation"]},
    )
    with pytest.raises(
        IllegalActionError,
        match=r"^\{s1\} holds Loss of Circulation and already has 3 cards, so cannot gain more\.$",
    ):
        ENGINE.check(state, 0, Give(seat=0, card_id=cid("Teddy Bear"), to_seat=1))


def test_actions_round_trip_through_json() -> None:
    action = UseToken(seat=2, token="backpack", card_id="K30", to_seat=0)
    dumped = ACTION_ADAPTER.dump_python(action, mode="json")
    assert dumped["type"] == "use_token"
    assert ACTION_ADAPTER.validate_python(dumped) == action


def test_chat_policy_allows_heat_total_and_face_up_frost_values() -> None:
    state = make(n=3, hands=[["Rug"], [], []], frostbite={1: ["Memory Loss"], 2: ["F07"]})
    assert GAME.chat_policy(state, 0).model_copy(update={"notice": ""}) == ChatPolicy(
        mode="no_numbers", allowed_numbers=frozenset({7, 4, 9}), block_attachments=True
    )
    assert GAME.chat_policy(state, 2).model_copy(update={"notice": ""}) == ChatPolicy(
        mode="silent", reason="blue_lips", block_attachments=True
    )


def test_chat_is_free_after_the_end() -> None:
    state = make(pit=["Rags", "Tablecloth"], hands=[["Egg Carton"], []], frostbite={1: ["F08"]})
    state = play(state, 0, "play egg carton")
    assert GAME.chat_policy(state, 1) == FREE_CHAT


def test_describe_shows_the_table_and_the_private_hand() -> None:
    state = make(
        hands=[["Rug"], ["Rags", "Diary"]],
        frostbite={1: ["Paranoia"]},
        tokens={"alcohol": "attached", "kerosene": "available"},
        alcohol_on="S1",
        deck=["Egg Carton", "FD1"],
    )
    text = GAME.text.describe(GAME.observe(state, 1))
    assert "Logs 4*A (ash 1)" in text
    assert "Heat total:** 8" in text
    assert "the Fire Dwindles card is the 2nd from the top" in text
    assert "{s1}: 2 cards in hand · Paranoia (5)" in text
    assert "Alcohol on Logs (found with that card)" in text and "Kerosene (ready to use)" in text
    assert "Your hand**: Rags (heat 1, ash 5); Diary (heat 2, ash 7) — TARGET" in text
    assert "On your cards, TARGET means: at the Fire Dies Down the player tending" in text
    public = GAME.text.describe(GAME.observe(state, None))
    assert "Rags" not in public
    assert isinstance(GAME.observe(state, None), PublicObservation)


def test_describe_mentions_pending_effects_and_the_end() -> None:
    state = make(pit=["Logs", "Newspaper"], hands=[["Shoes", "Rug"], ["Rags"]])
    state = play(state, 0, "play shoes")
    text = GAME.text.describe(GAME.observe(state, None))
    assert "BURN ONE is waiting: at the Fire Dies Down one more card burns away." in text
    assert "Pending" not in text and "×" not in text
    obs = GAME.observe(state, None)  # two cards' BURN ONE waiting: said once, with how often
    two = obs.model_copy(
        update={"pending_effects": obs.pending_effects.model_copy(update={"burn_one": 2})}
    )
    assert "BURN ONE is waiting, twice: at the Fire" in GAME.text.describe(two)
    over = play(make(pit=["Roof Timber"], hands=[["Shoes"], ["Rags"]]), 0, "play shoes")
    assert "the fire went out: everyone loses" in GAME.text.describe(GAME.observe(over, None))


def test_labels_are_only_in_the_acting_seats_observation() -> None:
    state = make(hands=[["Rug"], ["Rags"]])
    assert labels(state, 1) == []
    assert GAME.observe(state, 1).legal_actions == []


def test_to_act_and_awaiting_read_from_the_frozen_state_match_the_working_copy() -> None:
    """`to_act` and `awaiting` answer from the frozen state when no token can be used (no
    working copy made); over seeded random games they agree with the working copy's answer at
    every state, both where a token is available in a token window and where none is."""
    windows_with_token = without = 0
    for n in range(20):
        rng = random.Random(f"frozen-to-act/{n}")
        state = GAME.setup(2 + n % 4, None, rng)
        while True:
            assert GAME.to_act(state) == _to_act(Table(state))
            assert GAME.awaiting(state) == _awaiting(Table(state))
            if state.phase in TOKEN_WINDOW_PHASES and "available" in state.tokens.values():
                windows_with_token += 1
            else:
                without += 1
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.to_act(state))
            action = rng.choice(list(GAME.legal_actions(state, seat)))
            state = GAME.apply(state, seat, action, rng).state
    assert windows_with_token > 10 and without > 100

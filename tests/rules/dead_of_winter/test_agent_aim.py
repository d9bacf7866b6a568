"""The heuristic plays for its own objective (issue 33): it holds back the main objective's last
step while its own goal is one short, finishes once it holds or on the last round, a betrayer
never finishes and turns only after round 1, and a hoarder still adds a card to a crisis.

States are built from a started 4-seat standard game (§7.2, §8.4); the agent is the real
`heuristic` agent choosing from real legal actions of that state.
"""

from __future__ import annotations

import random
from typing import Any

from rules.dead_of_winter import GAME
from rules.dead_of_winter.actions import Commit, Contribute, Pass
from rules.dead_of_winter.content import ITEMS
from rules.dead_of_winter.state import State
from tests.rules.dead_of_winter.helpers import edit, started

SEATS = 4  # P = 4: M04's standard goal is `stash Medicine>=P+4`, 8 cards


def cards(symbol: str, n: int, skip: int = 0) -> list[str]:
    return sorted(c.id for c in ITEMS.values() if c.symbol == symbol and c.mode == "waste")[
        skip : skip + n
    ]


def _take(w: dict[str, Any], ids: list[str]) -> None:
    """Take the cards out of every deck and hand, so each exists once."""
    for loc in w["locations"].values():
        loc["deck"] = [c for c in loc["deck"] if c not in ids]
    for g in w["groups"]:
        g["hand"] = [c for c in g["hand"] if c not in ids]


def stash_table(
    objective: str, hand: list[str], *, stash: int = 7, round_track: int = 5, round_number: int = 2
) -> tuple[State, int, str]:
    """The active seat holds `objective` and `hand` plus one Medicine card; M04 lacks one
    Medicine (`stash` of 8 committed); no crisis. Returns the state, the seat and the card."""
    state = started(SEATS, {"mode": "standard", "objective": "M04"}, seed=3)
    medicine = cards("Medicine", stash + 1)
    last = medicine[-1]

    def change(w: dict[str, Any]) -> None:
        _take(w, medicine + hand)
        g = w["groups"][w["active"]]
        g["objectives"] = [objective]
        g["hand"] = [*hand, last]
        w["stash"] = medicine[:stash]
        w["side"] = "standard"
        w["crisis"] = None
        w["round_track"] = round_track
        w["round_number"] = round_number
        w["morale"] = 6

    state = edit(state, change)
    seat = state.groups[state.active or 0].seat
    return state, seat, last


def choice(state: State, seat: int, legal: list[Any]) -> Any:
    agent = GAME.agents["heuristic"]()
    return agent.choose(GAME.observe(state, seat), legal, random.Random(1))


def commit_or_pass(state: State, seat: int, card: str) -> Any:
    legal = GAME.legal_actions(state, seat)
    commit = Commit(card=card)
    assert commit in legal  # the last Medicine would complete M04 at colony step 8
    return choice(state, seat, [commit, Pass()])


def test_a_loyal_seat_one_card_short_of_its_own_goal_does_not_commit_the_last_stash_card() -> None:
    # O01 Full Larder: main_done & hand Food>=2, with one Food card in hand
    state, seat, last = stash_table("O01", cards("Food", 1))
    assert commit_or_pass(state, seat, last) == Pass()


def test_a_loyal_seat_whose_own_goal_holds_commits_the_last_stash_card() -> None:
    state, seat, last = stash_table("O01", cards("Food", 2))
    assert commit_or_pass(state, seat, last) == Commit(card=last)


def test_on_the_last_round_a_loyal_seat_finishes_the_main_objective_even_one_card_short() -> None:
    # round track 1: colony step 9 would end the game failed, and a failed colony loses for it too
    state, seat, last = stash_table("O01", cards("Food", 1), round_track=1)
    assert commit_or_pass(state, seat, last) == Commit(card=last)


def test_a_loyal_seat_far_from_its_own_goal_does_not_hold_the_colony_back() -> None:
    # O09 Zombie Hunter: main_done & kills>=5 with no kill yet: five short, not worth the rounds
    state, seat, last = stash_table("O09", cards("Fuel", 1))
    assert commit_or_pass(state, seat, last) == Commit(card=last)


def test_a_betrayer_never_makes_the_main_objectives_last_step_even_with_its_cards_in_hand() -> None:
    # B01 Slip Away by Truck: main_failed & hand Fuel>=2, its personal part already holding
    state, seat, last = stash_table("B01", cards("Fuel", 2), round_number=1)
    assert commit_or_pass(state, seat, last) == Pass()


def crisis_table(objective: str, round_number: int, contributed: int = 0) -> tuple[State, int]:
    """The active seat faces a Fuel crisis holding one Fuel and one Food card."""
    state = started(SEATS, {"mode": "standard", "objective": "M01"}, seed=5)
    hand = cards("Fuel", 1) + cards("Food", 1)

    def change(w: dict[str, Any]) -> None:
        _take(w, hand)
        g = w["groups"][w["active"]]
        g["objectives"] = [objective]
        g["hand"] = list(hand)
        g["contributed"] = contributed
        w["round_number"] = round_number
        w["crisis"] = {"id": "C06", "contributions": []}  # C06 is prevented with Fuel (14.9)

    state = edit(state, change)
    return state, state.groups[state.active or 0].seat


def contributions(state: State, seat: int) -> list[Any]:
    return [a for a in GAME.legal_actions(state, seat) if isinstance(a, Contribute)]


def test_a_betrayer_adds_the_matching_card_to_a_round_1_crisis_like_a_loyal_seat() -> None:
    state, seat = crisis_table("B06", round_number=1)  # Wolf Among Sheep: no card in its goal
    fuel = cards("Fuel", 1)[0]
    assert choice(state, seat, [*contributions(state, seat), Pass()]) == Contribute(card=fuel)


def test_a_betrayer_from_round_2_adds_one_wrong_card_and_never_the_matching_one() -> None:
    state, seat = crisis_table("B06", round_number=2)
    food = cards("Food", 1)[0]
    assert choice(state, seat, [*contributions(state, seat), Pass()]) == Contribute(card=food)
    fuel = cards("Fuel", 1)[0]
    assert choice(state, seat, [Contribute(card=fuel), Pass()]) == Pass()


def test_a_loyal_hoarder_who_has_added_nothing_yet_still_adds_a_matching_card() -> None:
    # O03 Keep the Engine Warm counts Fuel in hand, but a seat that never adds a card is the one
    # the table exiles; near the end (round track 2) it hoards, yet adds the first card anyway
    state, seat = crisis_table("O03", round_number=3)
    state = edit(state, lambda w: w.update(round_track=2))
    fuel = cards("Fuel", 1)[0]
    assert choice(state, seat, [Contribute(card=fuel), Pass()]) == Contribute(card=fuel)

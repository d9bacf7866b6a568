"""The expert plays for its own objective in the standard game (issue 33): a rollout still going is
worth the chance the seat's own objective is met at the end (§7.2), the colony's part times each of
its own clauses' chances, read only from the seat's own objectives.

States are built from a started 4-seat standard game with a Food crisis (C01) and no card added
yet; the moves are real legal contributions of the active seat, applied on the fast path.
"""

from __future__ import annotations

from typing import Any

from rules.core import Working
from rules.dead_of_winter import GAME
from rules.dead_of_winter.actions import Contribute
from rules.dead_of_winter.content import ITEMS
from rules.dead_of_winter.expert import colony_chance, explain, note, value
from rules.dead_of_winter.state import State
from rules.search import Candidate, Searched
from tests.rules.dead_of_winter.helpers import edit, started


def cards(symbol: str, n: int) -> list[str]:
    return sorted(c.id for c in ITEMS.values() if c.symbol == symbol and c.mode == "waste")[:n]


FOOD, MEDICINE = cards("Food", 2), cards("Medicine", 2)


def table(objective: str, *, mode: str = "standard", others: str | None = None) -> State:
    """The active group holds `objective` and two Food and two Medicine cards; a Food crisis;
    `others`: every other group's objective."""
    state = started(4, {"mode": mode}, seed=3)
    hand = FOOD + MEDICINE

    def change(w: dict[str, Any]) -> None:
        for loc in w["locations"].values():
            loc["deck"] = [c for c in loc["deck"] if c not in hand]
        for g in w["groups"]:
            g["hand"] = [c for c in g["hand"] if c not in hand]
            if others is not None:
                g["objectives"] = [others]
        g = w["groups"][w["active"]]
        g["objectives"] = [objective] if mode == "standard" else []
        g["hand"] = list(hand)
        w["crisis"] = {"id": "C01", "contributions": []}
        w["round_track"] = 5
        w["morale"] = 6

    return edit(state, change)


def after(state: State, card: str) -> tuple[Working[Any, Any], int]:
    """The working copy after the active seat adds `card` to the crisis, and that seat."""
    seat = state.groups[state.active or 0].seat
    move = Contribute(card=card)
    assert move in GAME.legal_actions(state, seat)
    work = GAME.working(state)
    work.apply(seat, move, 7, 1)
    return work, seat


def worth(state: State, card: str) -> float:
    work, seat = after(state, card)
    return value(None, work, seat)


def test_a_loyal_seat_keeps_the_food_its_full_larder_needs_rather_than_feed_a_food_crisis() -> None:
    # O01 Full Larder: main_done & hand Food>=2 (§7.2): the Food card helps the crisis, but
    # giving it up leaves the seat's own goal short; the Medicine card costs it nothing
    state = table("O01")
    assert worth(state, MEDICINE[0]) > worth(state, FOOD[0])


def test_a_loyal_seat_whose_goal_wants_medicine_adds_the_food_the_crisis_needs_instead() -> None:
    # O02 Field Medic: main_done & hand Medicine>=2: now the Food card is the one to spare
    state = table("O02")
    assert worth(state, FOOD[0]) > worth(state, MEDICINE[0])


def test_a_loyal_seat_with_no_card_goal_values_the_card_that_helps_the_colony_most() -> None:
    # O09 Zombie Hunter: main_done & kills>=5: only the colony's part changes, and the matching
    # card raises its chance (the crisis is nearer prevented)
    state = table("O09")
    food, medicine = after(state, FOOD[0]), after(state, MEDICINE[0])
    assert colony_chance(food[0].w) > colony_chance(medicine[0].w)  # type: ignore[attr-defined]
    assert worth(state, FOOD[0]) > worth(state, MEDICINE[0])


def test_a_betrayer_values_the_card_that_does_not_help_the_crisis() -> None:
    # B02 Armoury of One: main_failed & owns Weapon>=2: the colony's chance counts against it
    state = table("B02")
    assert worth(state, MEDICINE[0]) > worth(state, FOOD[0])


def test_the_value_reads_only_the_seats_own_objective_not_the_objectives_dealt_to_the_others() -> (
    None
):
    # the expert's world deals the other groups' objectives at random: they must not count
    one, two = table("O01", others="O17"), table("O01", others="B05")
    for card in (FOOD[0], MEDICINE[0]):
        assert worth(one, card) == worth(two, card)


def test_dw_50_the_co_op_value_is_the_colonys_chance_alone() -> None:
    state = table("O01", mode="coop")
    work, seat = after(state, FOOD[0])
    assert value(None, work, seat) == colony_chance(work.w)  # type: ignore[attr-defined]


def searched(chosen: Any, runner_up: Any) -> Searched:
    """A search whose chosen move and runner-up each ended the round with the given notes."""
    a = Candidate(action="a", index=1, rollouts=8, value=4.0)
    b = Candidate(action="b", index=0, rollouts=8, value=2.0)
    a.notes[chosen] += 8
    b.notes[runner_up] += 8
    return Searched("a", a, [b, a], 16, searched=True)


def test_the_reason_leads_with_the_players_own_objective_when_only_the_chosen_move_keeps_it() -> (
    None
):
    state = table("O01")
    seat = state.groups[state.active or 0].seat
    o = GAME.observe(state, seat)
    said = explain(o, searched(("round", 6, 40, True), ("round", 6, 40, False)))
    assert said.startswith(
        "This keeps what your secret objective, Full Larder, asks of you in place, where the "
        "next best move does not: by the next round this usually leaves morale at 6"
    )
    said = explain(o, searched(("round", 6, 40, False), ("round", 6, 40, False)))
    assert said.startswith("By the next round this usually leaves morale at 6 with the main")
    assert "what your secret objective, Full Larder, asks of you still to do;" in said


def test_a_round_note_says_whether_the_seats_own_part_holds_in_the_standard_game_only() -> None:
    state = table("O01")
    work, seat = after(state, MEDICINE[0])
    o = GAME.observe(state, seat)
    assert note(work, seat, o) is None  # the round the move was made in is still going
    work.w["round_number"] += 1  # type: ignore[attr-defined]
    got = note(work, seat, o)
    assert isinstance(got, tuple) and got[0] == "round" and got[3] is True  # two Food kept
    work, seat = after(state, FOOD[0])
    work.w["round_number"] += 1  # type: ignore[attr-defined]
    got = note(work, seat, o)
    assert isinstance(got, tuple) and got[3] is False

"""Hidden information (§10): no secret of §10.1 reaches public output, in every mode.

Checked by value after every move of seeded games: the public observation, public events,
`describe` of the public view, and other seats' views never hold a hand card, an unrevealed
objective, the held twist card, a contribution's owner, an open ballot, a peek or a face-down card.
`DOW_LEAK_GAMES` sets the games per mode (the suite runs a few; 500 were run for the report).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

from rules.dead_of_winter import GAME
from rules.dead_of_winter.content import (
    EXPERIMENTS,
    IMPROVEMENTS,
    ITEMS,
    OBJECTIVES,
    TWISTS,
)
from rules.dead_of_winter.state import State
from rules.engine import Engine
from rules.playout import next_actor

GAMES = int(os.environ.get("DOW_LEAK_GAMES", "2"))
MODES: dict[str, tuple[int, dict[str, Any]]] = {
    "standard": (4, {}),
    "standard_betrayer": (3, {"secret_deal": "betrayer"}),
    "standard_no_betrayer": (5, {"secret_deal": "no_betrayer"}),
    "hardcore": (3, {"hardcore": True}),
    "coop": (4, {"mode": "coop"}),
    "elimination": (5, {"player_elimination": True}),
    "two_players": (2, {}),
    "solo": (1, {}),
    "prisoners_dilemma": (2, {"mode": "prisoners_dilemma"}),
    "long_night": (5, {"long_night": True}),
    "long_night_exile": (4, {"long_night": True, "secret_deal": "betrayer"}),
    "long_night_coop": (2, {"long_night": True}),
}


ALL_NAMES = sorted(
    [(c.name, c.id) for c in ITEMS.values()]
    + [(o.name, o.id) for o in OBJECTIVES.values()]
    + [(t.name, t.id) for t in TWISTS.values()]
    # the Long Night's face-up cards too, so "Unit Magpie" (an experiment shown face up) is read
    # as itself and not as the betrayal objective "Magpie"; side effects are left out: their small
    # deck is reshuffled whole after each draw, so naming the one drawn tells nothing of its order
    + [(x.name, x.id) for x in EXPERIMENTS.values()]
    + [(x.name, x.id) for x in IMPROVEMENTS.values()],
    key=lambda pair: -len(pair[0]),
)


def named_ids(text: str) -> set[str]:
    """The cards, objectives and twist cards a text names, longest names first (so "Laundry
    Propane Tank" is not read as "Propane Tank")."""
    found: set[str] = set()
    for name, cid in ALL_NAMES:
        if name in text:
            found.add(cid)
            text = text.replace(name, " ")
    return found


def ballots(state: State) -> dict[str, str]:
    if state.tasks and state.tasks[0].t == "vote":
        found: dict[str, str] = state.tasks[0].data.get("ballots", {})
        return found
    return {}


def guarded(state: State) -> frozenset[str]:
    ids: set[str] = set(GAME.hidden(state))
    for seat in range(state.seats):
        ids |= GAME.secrets(state, seat)
    return frozenset(ids)


def check_public(state: State, where: str) -> None:
    public = GAME.observe(state, None)
    text = json.dumps(public.model_dump(mode="json"))
    words = set(re.findall(r"[A-Z]{1,2}\d\d", text))
    leaked = words & guarded(state)
    assert not leaked, f"{where}: public observation shows {leaked}"
    described = GAME.text.describe(public)
    bad = named_ids(described) & guarded(state)
    assert not bad, f"{where}: describe shows {bad}"
    for pending in public.pending:
        if pending.kind == "vote":
            assert "yes" not in json.dumps(pending.fields) and "no" not in pending.fields
    assert all(g.was_betrayer is None for g in public.groups if not g.exiled) or (
        state.phase == "ended"
    ), f"{where}: betrayer flag before any reveal"


def check_events(before: State, after: State, events: Any, where: str) -> None:
    secret = guarded(before) & guarded(after)
    for event in events:
        if not event.public:
            continue
        ids = set(re.findall(r"[A-Z]{1,2}\d\d", event.text)) & secret
        assert not ids, f"{where}: event {event.text!r} shows {ids}"
        named = named_ids(event.text) & secret
        assert not named, f"{where}: event {event.text!r} names {named}"
        if event.kind == "vote_cast":
            assert "yes" not in event.text and " no" not in event.text


def check_other_seats(state: State, where: str) -> None:
    for owner in range(state.seats):
        mine = GAME.secrets(state, owner)
        for viewer in range(state.seats):
            if viewer == owner:
                continue
            seen = json.dumps(GAME.observe(state, viewer).model_dump(mode="json"))
            words = set(re.findall(r"[A-Z]{1,2}\d\d", seen))
            leaked = (words & mine) - GAME.secrets(state, viewer)
            assert not leaked, f"{where}: seat {viewer} sees seat {owner}'s {leaked}"
            cast = ballots(state)
            view = GAME.observe(state, viewer)
            if str(owner) in cast:
                assert view.my_vote in (None, cast.get(str(viewer)))


@pytest.mark.parametrize("mode", sorted(MODES))
def test_no_secret_of_section_10_1_reaches_public_output(mode: str) -> None:
    seats, options = MODES[mode]
    engine = Engine(GAME)
    for seed in range(GAMES):
        agents = [
            GAME.agents["random" if (seat + seed) % 2 else "heuristic"]() for seat in range(seats)
        ]
        state = engine.setup(seats, options, f"leak-{mode}-{seed}")
        ply = 0
        while GAME.outcome(state) is None:
            where = f"{mode} seed {seed} ply {ply}"
            check_public(state, where)
            if ply % 5 == 0:
                check_other_seats(state, where)
            seat = next_actor(GAME, state)
            assert seat is not None
            legal = GAME.legal_actions(state, seat)
            ply += 1
            action = agents[seat].choose(
                GAME.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
            )
            result = engine.act(
                state, seat, action, seed=f"leak-{mode}-{seed}", ply=ply, checked=True
            )
            check_events(state, result.state, result.events, where)
            state = result.state
        check_public(state, f"{mode} seed {seed} end")


def test_setup_deals_every_objective_privately_in_one_batch() -> None:
    step = Engine(GAME).start(4, {}, "deal")
    dealt = [e for e in step.events if e.kind == "objective_dealt"]
    assert sorted(next(iter(e.visible_to)) for e in dealt) == [0, 1, 2, 3]
    assert all(e.visible_to is not None and len(e.visible_to) == 1 for e in dealt)


def test_public_views_are_the_same_shape_with_and_without_a_betrayer() -> None:
    """§10.5: nothing public differs between a game with a betrayer and one without."""
    engine = Engine(GAME)
    with_b = engine.setup(4, {"secret_deal": "betrayer", "objective": "M01"}, 3)
    without = engine.setup(4, {"secret_deal": "no_betrayer", "objective": "M01"}, 3)
    a = GAME.observe(with_b, None).model_dump(mode="json")
    b = GAME.observe(without, None).model_dump(mode="json")
    a["options"].pop("secret_deal")
    b["options"].pop("secret_deal")
    assert set(a) == set(b)
    assert [g["was_betrayer"] for g in a["groups"]] == [g["was_betrayer"] for g in b["groups"]]


def test_the_held_twist_card_is_shown_only_to_its_holder() -> None:
    from tests.rules.dead_of_winter.helpers import started

    state = started(4, {}, seed=2)
    holder = state.twist.holder
    assert isinstance(holder, int) and state.twist.card
    for seat in range(4):
        view = GAME.observe(state, seat)
        assert (view.twist_card is not None) == (seat == holder)

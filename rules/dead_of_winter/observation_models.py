"""The records of Dead of Winter's observation contract (§11): the views of cards, groups,
survivors, locations, the crisis, the twist and the pending decision, and the `Observation`
itself, and the views of a card, an objective and a twist card (built once each). Field names
are the contract's; `rules.dead_of_winter.observation` fills them in."""

from __future__ import annotations

from typing import Any, Literal

from rules.core import Frozen
from rules.dead_of_winter.content import (
    ITEMS,
    OBJECTIVES,
    TWISTS,
    SurvivorFace,
)
from rules.record_copies import remade


class Card(Frozen):
    id: str
    name: str
    symbol: str
    value: int | None
    mode: str
    effect: str


class ObjectiveView(Frozen):
    id: str
    kind: str
    name: str
    goal: str


class GroupView(Frozen):
    group: int
    seat: int
    leader: str | None
    original_leader: str | None
    survivor_ids: list[str]
    hand_count: int
    dice: list[int]
    dice_used: int
    exiled: bool
    eliminated: bool
    bandit_leader: bool = False
    kills: int
    contributed: int
    revealed_objective: list[ObjectiveView] | None
    was_betrayer: bool | None


class SurvivorView(SurvivorFace):
    group: int
    is_leader: bool
    location: str
    wounds: int
    frostbite: int
    despair: int
    equipped: list[Card]
    moved_this_turn: bool
    used_this_turn: list[str]


class EntranceView(Frozen):
    number: int
    spaces: int
    zombies: int
    experiments: int = 0
    barricades: int
    traps: int = 0


class LocationView(Frozen):
    key: str
    number: int | None
    name: str
    survivor_spaces: int
    occupied: int
    survivor_ids: list[str]
    helpless: int
    unruly: int
    bandits: int = 0
    noise: int
    noise_cap: int
    deck_count: int
    entrances: list[EntranceView]


class Progress(Frozen):
    label: str
    have: int
    need: int


class MainObjectiveView(Frozen):
    id: str
    name: str
    side: str
    goal: str
    goal_text: str
    stash_symbols: list[str]
    stash: list[Card]
    progress: list[Progress]


class Contributions(Frozen):
    group: int
    count: int


class CrisisView(Frozen):
    id: str
    name: str
    prevent: str
    consequence: str
    bandits: str
    contributions: list[Contributions]
    card_count: int


class CrisisResultView(Frozen):
    id: str
    name: str
    revealed: list[Card]
    score: int
    threshold: int
    result: str


class TwistCardView(Frozen):
    id: str
    name: str
    trigger: str
    kind: str
    narrative: str
    options: list[str]


class TwistView(Frozen):
    holder: int | Literal["bot"] | None
    for_group: int | None
    fired: TwistCardView | None
    chosen: int | None


class PendingPublic(Frozen):
    kind: str
    seats: list[int]
    prompt: str
    fields: dict[str, Any] = {}
    options_count: int | None = None


class VoteView(Frozen):
    subject: str
    target: int | None
    votes: dict[int, str]
    result: str


class SearchView(Frozen):
    looked: list[Card]
    can_noise: bool
    keep: int


class Observation(Frozen):
    phase: str
    round_number: int
    round_track: int
    morale: int
    morale_max: int = 10
    food: int
    starvation: int
    waste: int
    first_player: int
    active_seat: int | None
    active_group: int | None
    turn_order: list[int]
    to_act: list[int]
    options: dict[str, Any]
    groups: list[GroupView]
    survivors: list[SurvivorView]
    locations: list[LocationView]
    main_objective: MainObjectiveView
    crisis: CrisisView | None
    last_crisis: CrisisResultView | None
    twist: TwistView
    pending: list[PendingPublic]
    last_vote: VoteView | None
    deck_counts: dict[str, int]
    graveyard: list[str]
    colony_kills: int
    deaths: int
    exiled_non_betrayers: int
    long_night: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    # private additions (§11.2); None/empty in the public view
    seat: int | None = None
    hand: dict[int, list[Card]] | None = None
    objective: dict[int, list[ObjectiveView]] | None = None
    twist_card: TwistCardView | None = None
    search: SearchView | None = None
    my_contributions: list[Card] | None = None
    my_vote: str | None = None
    peeks: list[dict[str, Any]] | None = None
    pending_private: list[dict[str, Any]] | None = None
    dealt: dict[int, list[str]] | None = None


_CARDS: dict[str, Card] = {}  # a card's view never changes: built once per card


def card(cid: str) -> Card:
    found = _CARDS.get(cid)
    if found is None:
        c = ITEMS[cid]
        found = _CARDS[cid] = Card(
            id=c.id, name=c.name, symbol=c.symbol, value=c.value, mode=c.mode, effect=c.effect
        )
    return found


def objective(oid: str) -> ObjectiveView:
    o = OBJECTIVES[oid]
    return ObjectiveView(id=o.id, kind=o.kind, name=o.name, goal=o.goal)


def twist_card(tid: str) -> TwistCardView:
    t = TWISTS[tid]
    return remade(TwistCardView, t, options=[f"{o.label}: {o.effects}" for o in t.options])

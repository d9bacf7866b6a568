"""The observation contract of §10: its records, and every card's records validated once (a view
only picks them: observations are frozen)."""

from __future__ import annotations

from typing import Literal

from rules.coldest_night.actions import Action
from rules.coldest_night.data import CARDS, FROST
from rules.core import Frozen


class Card(Frozen):
    id: str
    name: str
    heat: int
    ash: int
    effect: str | None
    effect_kind: str
    token: str | None
    if_op: str | None
    if_value: int | None


class PitCard(Card):
    kind: Literal["starter", "kindling", "fire_dwindles"]
    alcohol: bool
    effective_heat: int


class FrostCard(Frozen):
    id: str
    name: str
    frost: int
    effect: str


class TokenView(Frozen):
    token: str
    name: str
    state: Literal["supply", "available", "attached", "spent"]
    attached_to: str | None


class PendingEffects(Frozen):
    target: int
    greatest: int
    burn_one: int


class PlayerView(Frozen):
    seat: int
    hand_count: int
    frostbite: list[FrostCard]


class ScavengeView(Frozen):
    scavenger: int
    pool_count: int


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    group_score: None = None


class PublicObservation(Frozen):
    game: str
    variant: str
    num_players: int
    turn: int
    active_seat: int
    phase: str
    to_act: list[int]
    token_window: bool
    pit: list[PitCard]
    heat_total: int
    turn_boost: int
    main_action: str | None
    cards_played_this_turn: int
    pending_effects: PendingEffects
    fire_died_down: bool
    deck_count: int
    fire_dwindles_positions: list[int]
    frostbite_deck_count: int
    players: list[PlayerView]
    tokens: list[TokenView]
    discard: list[PitCard]
    frostbite_discard: list[FrostCard]
    display: list[Card]
    removed_count: int
    scavenge: ScavengeView | None
    outcome: OutcomeView | None
    final_hands: dict[int, list[Card]] | None


class PrivateObservation(PublicObservation):
    seat: int
    hand: list[Card]
    scavenge_pool: list[Card] | None
    memory_options: list[Card] | None
    legal_actions: list[Action]


def _card_fields(card_id: str) -> dict[str, object]:
    c = CARDS[card_id]
    return {
        "id": c.id,
        "name": c.name,
        "heat": c.heat,
        "ash": c.ash,
        "effect": c.effect,
        "effect_kind": c.effect_kind,
        "token": c.token,
        "if_op": c.if_op,
        "if_value": c.if_value,
    }


def _pit_fields(card_id: str, alcohol: bool) -> dict[str, object]:
    c = CARDS[card_id]
    return {
        **_card_fields(card_id),
        "kind": c.kind,
        "alcohol": alcohol,
        "effective_heat": c.heat + (1 if alcohol else 0),
    }


CARD_VIEWS: dict[str, Card] = {i: Card.model_validate(_card_fields(i)) for i in CARDS}
FROST_VIEWS: dict[str, FrostCard] = {
    i: FrostCard(id=f.id, name=f.name, frost=f.frost, effect=f.effect) for i, f in FROST.items()
}
PIT_VIEWS: dict[tuple[str, bool], PitCard] = {
    (i, alcohol): PitCard.model_validate(_pit_fields(i, alcohol))
    for i in CARDS
    if CARDS[i].kind in ("starter", "kindling", "fire_dwindles")
    for alcohol in (False, True)
}


def card(card_id: str) -> Card:
    return CARD_VIEWS[card_id]


def pit_card(card_id: str, alcohol: bool) -> PitCard:
    found = PIT_VIEWS.get((card_id, alcohol))
    return found if found is not None else PitCard.model_validate(_pit_fields(card_id, alcohol))

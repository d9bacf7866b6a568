"""The observation records (spec §10): fields named and typed exactly as the contract lists them."""

from __future__ import annotations

from typing import Literal

from rules.core import Frozen
from rules.tenth_night.actions import Action
from rules.tenth_night.state import (
    PublicOptions,
)


class CardView(Frozen):
    id: str
    rank: str
    suit: str | None
    colour: Literal["red", "black"] | None
    label: str


class PersonView(CardView):
    value: int
    injured: bool


class StepView(Frozen):
    seat: int
    index: int
    person_id: str
    damage: int | None
    defence: int | None
    deadly: bool
    defence_cards: list[CardView]
    result: str


class AttackView(Frozen):
    number: int
    assigned_seat: int
    stack: list[CardView]
    attack_card: CardView | None
    deadly_joker: bool
    steps: list[StepView]
    done: bool
    final_result: str | None


class PlayerView(Frozen):
    seat: int
    row: list[PersonView]
    hand_count: int
    ready: bool
    divine_protection: bool
    hit_this_night: bool
    people: int
    score: int


class OfferView(Frozen):
    offer_id: int
    from_seat: int
    to_seat: int
    give_zone: str
    give_card: CardView | None
    want_zone: str
    want_card: CardView | None


class PendingDefenceView(Frozen):
    seat: int
    attack_number: int


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    group_score: int
    individual_scores: dict[int, int]


class DefenceOptions(Frozen):
    victim: PersonView
    damage: int
    defence: int
    deadly: bool
    can_nullify: bool
    modifiers: list[CardView]


class TenthNightObservation(Frozen):
    game: str = "tenth_night"
    num_players: int
    decks: int
    options: PublicOptions
    phase: str
    round: int
    to_act: list[int]
    awaiting: list[int]
    players: list[PlayerView]
    draw_count: int
    discard: list[CardView]
    attacks_tonight: int | None
    night_start_seat: int | None
    attacks: list[AttackView]
    raid_active: bool
    raid_bonus: int
    offers: list[OfferView]
    pending_defence: PendingDefenceView | None
    outcome: OutcomeView | None


class TenthNightPrivateObservation(TenthNightObservation):
    seat: int
    hand: list[CardView]
    my_offers: list[OfferView]
    defence_options: DefenceOptions | None
    legal_actions: list[Action]

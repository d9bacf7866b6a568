"""Options, stored state, and the small pure tables of The 10th Night (spec §2, TN-14, TN-17)."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import Field, PositiveInt, field_validator

from rules.cards import JOKER, card, is_card_id
from rules.core import Frozen, Options

Schedule = Literal["standard", "harsh"]
Phase = Literal["day", "night", "game_over"]
Zone = Literal["row", "hand"]

MAX_PEOPLE = 5
HARSH: dict[int, tuple[int, ...]] = {3: (3, 5, 7, 9, 11), 4: (4, 6, 9, 11, 14)}
MODIFIER_VALUE = {"J": 1, "Q": 2, "K": 3}


class TenthNightOptions(Options):
    """Table options (§7). The number of players is the lobby's seat count, not an option here."""

    test_hooks: ClassVar[frozenset[str]] = frozenset({"deck_order"})
    variants: ClassVar[tuple[dict[str, Any], ...]] = (
        {"record_mode": True},
        {"attack_schedule": "harsh"},
        {"day_seconds": 60, "defence_seconds": 30},
    )

    record_mode: bool = False
    attack_schedule: Schedule = "standard"
    day_seconds: PositiveInt | None = None
    defence_seconds: PositiveInt | None = None
    deck_order: tuple[str, ...] | None = Field(default=None, description="test hook (TN-4)")

    @field_validator("deck_order")
    @classmethod
    def _ids_are_cards(cls, value: tuple[str, ...] | None) -> tuple[str, ...] | None:
        if value is not None:
            bad = [v for v in value if not is_card_id(v)]
            if bad:
                raise ValueError(f"not card ids: {', '.join(bad[:5])}")
            if len(set(value)) != len(value):
                raise ValueError("deck_order lists a card more than once")
        return value


class PublicOptions(Frozen):
    """The options the observation shows (TN §10); `deck_order` is a set-up hook only."""

    record_mode: bool = False
    attack_schedule: Schedule = "standard"
    day_seconds: int | None = None
    defence_seconds: int | None = None


class Person(Frozen):
    id: str
    injured: bool = False


class PlayerState(Frozen):
    row: tuple[Person, ...] = ()
    hand: tuple[str, ...] = ()
    ready: bool = False
    divine_protection: bool = False
    hit_this_night: bool = False


class Offer(Frozen):
    """An open 1:1 exchange offer (TN-11). `want_card` is None for a hand card of the target."""

    offer_id: int
    from_seat: int
    to_seat: int
    give_zone: Zone
    give_card: str
    want_zone: Zone
    want_card: str | None = None


class StepRecord(Frozen):
    """One comparison step of an attack (TN-27); `result` is `pending` while a defence waits."""

    seat: int
    index: int
    person_id: str
    damage: int | None = None
    defence: int | None = None
    deadly: bool = False
    defence_cards: tuple[str, ...] = ()
    result: str


class AttackState(Frozen):
    number: int
    assigned_seat: int
    stack: tuple[str, ...] = ()
    attack_card: str | None = None
    deadly_joker: bool = False
    modifier_total: int = 0
    steps: tuple[StepRecord, ...] = ()
    done: bool = False
    final_result: str | None = None


class Cursor(Frozen):
    """Where the current attack's resolution stands (TN-18) while it waits for a defence."""

    seat: int
    count: int
    visited_rows: tuple[int, ...]
    visited: tuple[tuple[int, str], ...]


class Result(Frozen):
    winners: tuple[int, ...]
    reason: str
    group_score: int
    individual_scores: dict[int, int]


class TenthNightState(Frozen):
    num_players: int
    decks: int
    options: PublicOptions
    phase: Phase
    round: int
    players: tuple[PlayerState, ...]
    draw: tuple[str, ...]
    discard: tuple[str, ...] = ()
    attacks: tuple[AttackState, ...] = ()
    attacks_tonight: int | None = None
    night_start_seat: int | None = None
    raid_active: bool = False
    offers: tuple[Offer, ...] = ()
    next_offer_id: int = 1
    cursor: Cursor | None = None
    result: Result | None = None


# ---------------------------------------------------------------------------------------------
# Card facts (TN-1)


# Each is remembered per card id (a few hundred ids): the rules ask thousands of times a game,
# and reading an id is a regular expression match.
@cache
def rank(card_id: str) -> str:
    return card(card_id).rank


@cache
def is_person_card(card_id: str) -> bool:
    """A or 2–10: can be a person and an attack card."""
    return card(card_id).is_number


@cache
def is_modifier(card_id: str) -> bool:
    return card(card_id).is_face


@cache
def is_joker(card_id: str) -> bool:
    return card(card_id).rank == JOKER


@cache
def is_heart(card_id: str) -> bool:
    return card(card_id).suit == "H"


def value(card_id: str) -> int:
    """A person's value and an attack card's base damage: A = 1, else face value."""
    return card(card_id).number


def modifier_value(card_id: str) -> int:
    return MODIFIER_VALUE[card(card_id).rank]


# ---------------------------------------------------------------------------------------------
# Tables (TN-14, TN-15, TN-17, TN-29)


def decks_for(num_players: int) -> int:
    return 1 if num_players <= 2 else 2


def attacks_for(night: int, num_players: int, schedule: Schedule = "standard") -> int:
    if schedule == "harsh" and num_players in HARSH:
        table = HARSH[num_players]
        return table[min(night, len(table)) - 1]
    return min(num_players + night - 1, num_players + 4)


def start_seat(night: int, num_players: int) -> int:
    """0-based start seat of Night n: s(n) − 1."""
    return (night - 1) % num_players


def assigned_seat(night: int, attack_number: int, num_players: int) -> int:
    """0-based seat of attack j (1-based) on Night n: round-robin from s(n)."""
    return (start_seat(night, num_players) + attack_number - 1) % num_players


def zigzag(count: int, people: int) -> int:
    """Z(c, N): the 1-based person position for count c in a row of N people."""
    if people == 1:
        return 1
    period = 2 * (people - 1)
    i = (count - 1) % period
    return i + 1 if i < people else period - i + 1


def row_index(position: int, people: int, red: bool) -> int:
    """Red counts from the left, black from the right."""
    return position - 1 if red else people - position


def raid_bonus(night: int, raid_active: bool) -> int:
    return night - 5 if raid_active and night >= 6 else 0


def colour_bonus(attack_card: str, victim: str) -> int:
    a, v = card(attack_card), card(victim)
    if a.suit == v.suit:
        return 2
    return 1 if a.colour == v.colour else 0


def row_score(row: tuple[Person, ...] | list[Person]) -> int:
    return sum(value(p.id) for p in row)

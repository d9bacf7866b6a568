"""A mutable working copy of the state, set-up (TN-4…TN-6), draws and reshuffles (TN-8) and the
day's start (TN-9). The night and the end of the game are in `night.py`.

`apply` copies the frozen state into a `Table`, mutates it, and freezes it again; rules read like
the spec's steps instead of nested model copies.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.cards import card, deck_ids
from rules.core import Event, seat_ref

from .state import (
    AttackState,
    Cursor,
    Offer,
    Person,
    PlayerState,
    PublicOptions,
    Result,
    StepRecord,
    TenthNightState,
    is_person_card,
)


def lab(card_id: str) -> str:
    return card(card_id).label


@dataclass
class SeatW:
    row: list[Person]
    hand: list[str]
    ready: bool = False
    divine_protection: bool = False
    hit_this_night: bool = False

    def freeze(self) -> PlayerState:
        return PlayerState(
            row=tuple(self.row),
            hand=tuple(self.hand),
            ready=self.ready,
            divine_protection=self.divine_protection,
            hit_this_night=self.hit_this_night,
        )


@dataclass
class AttackW:
    number: int
    assigned_seat: int
    stack: list[str] = field(default_factory=list)
    attack_card: str | None = None
    deadly_joker: bool = False
    modifier_total: int = 0
    steps: list[StepRecord] = field(default_factory=list)
    done: bool = False
    final_result: str | None = None

    def freeze(self) -> AttackState:
        return AttackState(
            number=self.number,
            assigned_seat=self.assigned_seat,
            stack=tuple(self.stack),
            attack_card=self.attack_card,
            deadly_joker=self.deadly_joker,
            modifier_total=self.modifier_total,
            steps=tuple(self.steps),
            done=self.done,
            final_result=self.final_result,
        )


@dataclass
class Ctx:
    """The running resolution of one attack (TN-18): seat, count c, visited rows and people."""

    seat: int
    count: int
    visited_rows: list[int]
    visited: set[tuple[int, str]]

    def freeze(self) -> Cursor:
        return Cursor(
            seat=self.seat,
            count=self.count,
            visited_rows=tuple(self.visited_rows),
            visited=tuple(sorted(self.visited)),
        )


@dataclass
class Table:
    num_players: int
    decks: int
    options: PublicOptions
    phase: str
    round: int
    players: list[SeatW]
    draw: list[str]
    discard: list[str]
    attacks: list[AttackW]
    attacks_tonight: int | None
    night_start_seat: int | None
    raid_active: bool
    offers: list[Offer]
    next_offer_id: int
    cursor: Cursor | None
    result: Result | None
    rng: random.Random
    events: list[Event] = field(default_factory=list)

    @classmethod
    def thaw(cls, s: TenthNightState, rng: random.Random) -> Table:
        return cls(
            num_players=s.num_players,
            decks=s.decks,
            options=s.options,
            phase=s.phase,
            round=s.round,
            players=[
                SeatW(
                    list(p.row),
                    list(p.hand),
                    p.ready,
                    p.divine_protection,
                    p.hit_this_night,
                )
                for p in s.players
            ],
            draw=list(s.draw),
            discard=list(s.discard),
            attacks=[
                AttackW(
                    a.number,
                    a.assigned_seat,
                    list(a.stack),
                    a.attack_card,
                    a.deadly_joker,
                    a.modifier_total,
                    list(a.steps),
                    a.done,
                    a.final_result,
                )
                for a in s.attacks
            ],
            attacks_tonight=s.attacks_tonight,
            night_start_seat=s.night_start_seat,
            raid_active=s.raid_active,
            offers=list(s.offers),
            next_offer_id=s.next_offer_id,
            cursor=s.cursor,
            result=s.result,
            rng=rng,
        )

    def freeze(self) -> TenthNightState:
        return TenthNightState(
            num_players=self.num_players,
            decks=self.decks,
            options=self.options,
            phase=self.phase,  # type: ignore[arg-type]
            round=self.round,
            players=tuple(p.freeze() for p in self.players),
            draw=tuple(self.draw),
            discard=tuple(self.discard),
            attacks=tuple(a.freeze() for a in self.attacks),
            attacks_tonight=self.attacks_tonight,
            night_start_seat=self.night_start_seat,
            raid_active=self.raid_active,
            offers=tuple(self.offers),
            next_offer_id=self.next_offer_id,
            cursor=self.cursor,
            result=self.result,
        )

    # events ------------------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.events.append(Event(text=text, kind=kind))

    def tell(self, seat: int, text: str, kind: str = "private") -> None:
        self.events.append(Event(text=text, visible_to=frozenset({seat}), kind=kind))

    # cards -------------------------------------------------------------------------------------
    def draw_card(self) -> str | None:
        """Top card of the draw pile, reshuffling the discard pile first if needed (TN-8)."""
        if not self.draw:
            if not self.discard:
                return None
            pile = self.discard
            self.rng.shuffle(pile)
            self.draw, self.discard = pile, []
            self.say(f"The discard pile ({len(pile)} cards) is shuffled into a new draw pile.")
        return self.draw.pop(0)

    def tidy(self) -> None:
        """Flags and offers that follow from the cards (TN-12, TN-11); run after every change."""
        for p in self.players:
            if len(p.row) != 1:
                p.divine_protection = False
            elif not p.hand:
                p.divine_protection = True
        if self.offers:
            self.offers = [o for o in self.offers if offer_still_valid(self, o)]


def in_row(seat: SeatW, card_id: str, *, healthy: bool = False) -> bool:
    return any(p.id == card_id and not (healthy and p.injured) for p in seat.row)


def offer_still_valid(t: Table, o: Offer) -> bool:
    """Named cards are still in their zones, and row cards are healthy (TN-11)."""
    giver, taker = t.players[o.from_seat], t.players[o.to_seat]
    if o.give_zone == "row":
        if not in_row(giver, o.give_card, healthy=True):
            return False
    elif o.give_card not in giver.hand:
        return False
    if o.want_zone == "row":
        return o.want_card is not None and in_row(taker, o.want_card, healthy=True)
    return True


# ---------------------------------------------------------------------------------------------
# set-up and the day


def setup_table(
    num_players: int, options: PublicOptions, order: list[str] | None, rng: random.Random
) -> Table:
    """TN-4…TN-6 and the start of Day 1. `order` (the `deck_order` hook) replaces the shuffle."""
    decks = 1 if num_players <= 2 else 2
    if order is None:
        order = deck_ids(decks)
        rng.shuffle(order)
    t = Table(
        num_players=num_players,
        decks=decks,
        options=options,
        phase="day",
        round=1,
        players=[SeatW([], []) for _ in range(num_players)],
        draw=list(order),
        discard=[],
        attacks=[],
        attacks_tonight=None,
        night_start_seat=None,
        raid_active=False,
        offers=[],
        next_offer_id=1,
        cursor=None,
        result=None,
        rng=rng,
    )
    seat = 0
    while any(len(p.row) < 5 for p in t.players):
        p = t.players[seat]
        if len(p.row) < 5:
            cid = t.draw_card()
            if cid is None:  # cannot happen with full decks; kept for safety
                break
            if is_person_card(cid):
                p.row.append(Person(id=cid))
            else:
                p.hand.append(cid)
        seat = (seat + 1) % num_players
    most = max(len(p.hand) for p in t.players)
    for p in t.players:
        while len(p.hand) < most and (cid := t.draw_card()) is not None:
            p.hand.append(cid)
    t.say(f"The 10th Night begins: {num_players} player(s), {decks} deck(s).")
    start_day(t)
    return t


def start_day(t: Table) -> None:
    """TN-9: the automatic day draw, in seat order, then every `ready` flag is cleared."""
    t.phase = "day"
    t.attacks = []
    t.attacks_tonight = None
    t.night_start_seat = None
    t.cursor = None
    t.say(f"☀️ Day {t.round} begins.")
    for seat, p in enumerate(t.players):
        cid = t.draw_card()
        if cid is None:
            t.say(f"{seat_ref(seat)} cannot draw: both piles are empty.")
            continue
        p.hand.append(cid)
        t.say(f"{seat_ref(seat)} draws a card.")
        t.tell(seat, f"You drew {lab(cid)}.")
    for p in t.players:
        p.ready = False
    t.tidy()

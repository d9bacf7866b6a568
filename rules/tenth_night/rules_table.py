"""A mutable working copy of the state, set-up (TN-4…TN-6), draws and reshuffles (TN-8) and the
day's start (TN-9). The night and the end of the game are in `night.py`.

`apply` thaws the frozen state into a `Table` (a generic `rules.draft.Draft`), mutates it, and
freezes it again; rules read like the spec's steps instead of nested model copies.
"""

from __future__ import annotations

import random
from bisect import insort
from functools import cache

from rules.cards import card, deck_ids
from rules.core import Event, seat_ref
from rules.draft import Draft
from rules.game_info import listed
from rules.game_text import plural
from rules.tenth_night.state import (
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


@cache
def lab(card_id: str) -> str:
    """A card's label ("7♥"), remembered per id: event lines name cards all game long."""
    return card(card_id).label


class SeatW(Draft[PlayerState]):
    """One seat's row and hand while a move is applied; people stay frozen records (replaced
    whole when injured or healed)."""

    keep = frozenset({"row"})

    row: list[Person]
    hand: list[str]
    ready: bool
    divine_protection: bool
    hit_this_night: bool


class AttackW(Draft[AttackState]):
    """One attack of the night while it resolves; its step records are kept frozen."""

    keep = frozenset({"steps"})

    number: int
    assigned_seat: int
    stack: list[str]
    attack_card: str | None
    deadly_joker: bool
    modifier_total: int
    steps: list[StepRecord]
    done: bool
    final_result: str | None


class Ctx(Draft[Cursor]):
    """The running resolution of one attack (TN-18): seat, count c, visited rows and people.

    `visited` is kept sorted, as the stored `Cursor` has it."""

    seat: int
    count: int
    visited_rows: list[int]
    visited: list[tuple[int, str]]

    def visit(self, seat: int, person_id: str) -> None:
        if (seat, person_id) not in self.visited:
            insort(self.visited, (seat, person_id))


class Table(Draft[TenthNightState]):
    """A working copy of the whole state (`rules.draft`) with the rng this move may use and the
    events it produces. Options, offers, the stored cursor and the result are replaced whole."""

    keep = frozenset({"options", "offers", "cursor", "result"})
    quiet: bool = False
    """True on a playout's table (`game.TableInPlay`): nobody reads its events, so the busiest
    moves skip writing them."""

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

    def __init__(self, s: TenthNightState, rng: random.Random) -> None:
        super().__init__(s)
        self.rng = rng
        self.events: list[Event] = []

    # events ------------------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", *, heading: bool = False) -> None:
        self.events.append(Event(text=text, kind=kind, heading=heading))

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
    state = TenthNightState(
        num_players=num_players,
        decks=decks,
        options=options,
        phase="day",
        round=1,
        players=tuple(PlayerState() for _ in range(num_players)),
        draw=tuple(order),
    )
    t = Table(state, rng)
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
    t.say(f"The 10th Night begins: {plural(num_players, 'player')}, {plural(decks, 'deck')}.")
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
    drew: list[int] = []
    for seat, p in enumerate(t.players):
        cid = t.draw_card()
        if cid is None:
            t.say(f"{seat_ref(seat)} cannot draw: both piles are empty.")
            continue
        p.hand.append(cid)
        drew.append(seat)
        t.tell(seat, f"You draw {lab(cid)}.")
    if drew:  # one line: "Everyone draws a card.", "Ana draws a card."
        if len(drew) == 1:
            t.say(f"{seat_ref(drew[0])} draws a card.")
        elif len(drew) == len(t.players):
            t.say("Everyone draws a card.")
        else:
            t.say(f"{listed([seat_ref(s) for s in drew])} draw a card each.")
    for p in t.players:
        p.ready = False
    t.tidy()

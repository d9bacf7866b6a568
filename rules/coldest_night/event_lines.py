"""The lines a turn says (`rules_turn.Table.say` and `tell`), each made once and kept.

Events are frozen records and most lines come back every turn ("The fire dies down: Match burns
away.", "{s1} draws a card."), so one record serves every table that says it.
"""

from __future__ import annotations

from functools import lru_cache

from rules.coldest_night.data import CARDS, FROST
from rules.core import Event, Seat, seat_ref
from rules.draft import construct
from rules.game_text import plural

_build_event = construct(Event)


@lru_cache(maxsize=4096)
def event(text: str, to: frozenset[int] | None, kind: str) -> Event:
    """An `Event` from a move's own lines, built without validation (the rules make the text,
    the seat set and the kind themselves; validating them was a fifth of `apply`), and made once
    for each line: events are frozen records and most lines come back every turn ("{s1} draws a
    card.", "The fire dies down: Match burns away."), so one record serves them all (a look-up is
    a fifth of making one, and a move says about four)."""
    made: Event = _build_event({"text": text, "visible_to": to, "kind": kind, "heading": False})
    return made


# The lines of most moves, each made once for its seats and cards and found without building its
# text again (the few hundred that recur all game: a draw, a give, a play, a new turn).


@lru_cache(maxsize=1024)
def drawn(seat: Seat, card: str) -> tuple[Event, ...]:
    return (
        event(f"{seat_ref(seat)} draws a card.", None, "info"),
        event(f"You draw {CARDS[card].name}.", frozenset({seat}), "private"),
    )


@lru_cache(maxsize=1024)
def kept(seat: Seat, card: str) -> tuple[Event, ...]:
    """The scavenger keeps a card of its pool (CN-13)."""
    return (
        event(f"{seat_ref(seat)} keeps a scavenged card.", None, "info"),
        event(f"You keep {CARDS[card].name}.", frozenset({seat}), "private"),
    )


@lru_cache(maxsize=1024)
def gave(seat: Seat, to_seat: Seat, card: str) -> tuple[Event, ...]:
    return (
        event(f"{seat_ref(seat)} gives a card to {seat_ref(to_seat)}.", None, "info"),
        event(
            f"{seat_ref(seat)} gives {CARDS[card].name} to {seat_ref(to_seat)}.",
            frozenset({seat, to_seat}),
            "private",
        ),
    )


@lru_cache(maxsize=1024)
def played(seat: Seat, card: str, source: str) -> tuple[Event, ...]:
    where = " from the display" if source == "display" else ""
    return (event(f"{seat_ref(seat)} plays {card_text(card)}{where}.", None, "info"),)


@lru_cache(maxsize=1024)
def left(card: str) -> tuple[Event, ...]:
    return (event(burn_text(card, None, burns=False) + ".", None, "info"),)


def burn_text(card: str, chooser: Seat | None, burns: bool = True) -> str:
    """A card's leaving the pit, without the full stop: "The fire dies down: Match burns away",
    "The fire dies down: Bo chooses Match to burn away" (a TARGET), or "Match leaves the pit"
    (`burns` false: a BURN ONE, a Fire Dwindles overflow)."""
    name = CARDS[card].name
    if not burns:
        return f"{name} leaves the pit"
    if chooser is None:
        return f"The fire dies down: {name} burns away"
    return f"The fire dies down: {seat_ref(chooser)} chooses {name} to burn away"


@lru_cache(maxsize=1024)
def burned(card: str, chooser: Seat | None) -> tuple[Event, ...]:
    return (event(burn_text(card, chooser) + ".", None, "info"),)


@lru_cache(maxsize=1024)
def turn_begins(turn: int, seat: Seat) -> tuple[Event, ...]:
    return (event(f"Turn {turn}: {seat_ref(seat)} tends the fire.", None, "turn"),)


@lru_cache(maxsize=1024)
def scavenges(seat: Seat) -> tuple[Event, ...]:
    return (event(f"{seat_ref(seat)} scavenges.", None, "info"),)


@lru_cache(maxsize=1024)
def frostbitten(pit_count: int, seat: Seat, card: str) -> tuple[Event, ...]:
    """CN-15: too few cards in the pit, and the seat takes frostbite `card`."""
    f = FROST[card]
    text = (
        f"The pit holds only {plural(pit_count, 'card')}: {seat_ref(seat)} takes frostbite, "
        f"{f.name} ({f.frost})."
    )
    return (event(text, None, "frostbite"),)


def card_text(card_id: str) -> str:
    c = CARDS[card_id]
    return f"{c.name} (heat {c.heat}, ash {c.ash})"

"""Standard playing cards shared by the card games: suits, ranks, colours, Jokers and deck ids.

A card's id names one physical card: `<rank><suit>-<deck>` (`7H-1`, `10D-2`, `QS-1`), and Jokers
`JOKER-<deck>a` / `JOKER-<deck>b`. The compact notation players type and scenario tests use drops
the deck: `7H`, `QS`, `10D`, `JK` (a Joker). Labels shown to players use suit symbols: `7♥`, `Q♠`,
`Joker`.
Parsing is cached because ids are parsed on every rule check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

Suit = Literal["S", "H", "D", "C"]
Colour = Literal["red", "black"]

SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
NUMBER_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
FACE_RANKS: tuple[str, ...] = ("J", "Q", "K")
RANKS: tuple[str, ...] = (*NUMBER_RANKS, *FACE_RANKS)
JOKER = "JOKER"

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
# The text-style variants some keyboards and fonts produce.
_SYMBOL_SUITS.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `deck` (1, 2…) only makes ids unique; `joker` is `a` or `b` for Jokers."""

    rank: str
    suit: Suit | None
    deck: int = 1
    joker: str = ""

    @property
    def id(self) -> str:
        if self.rank == JOKER:
            return f"JOKER-{self.deck}{self.joker}"
        return f"{self.rank}{self.suit}-{self.deck}"

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_face(self) -> bool:
        """J, Q or K."""
        return self.rank in FACE_RANKS

    @property
    def is_number(self) -> bool:
        """A or 2–10."""
        return self.rank in NUMBER_RANKS

    @property
    def colour(self) -> Colour | None:
        if self.suit is None:
            return None
        return "red" if self.suit in ("H", "D") else "black"

    @property
    def number(self) -> int:
        """A = 1, 2–10 face value, J = 11, Q = 12, K = 13, Joker = 0."""
        if self.rank == JOKER:
            return 0
        return RANKS.index(self.rank) + 1

    @property
    def compact(self) -> str:
        """`7H`, `QS`, `10D`, `JK`."""
        return "JK" if self.rank == JOKER else f"{self.rank}{self.suit}"

    @property
    def label(self) -> str:
        """`7♥`, `Q♠`, `Joker`."""
        return "Joker" if self.rank == JOKER else f"{self.rank}{SUIT_SYMBOLS[self.suit or 'S']}"


def standard_deck(deck: int = 1, *, jokers: bool = True) -> list[Card]:
    """One deck in canonical order: suits S, H, D, C; A…K within a suit; then Jokers a, b."""
    cards = [Card(rank, suit, deck) for suit in SUITS for rank in RANKS]
    if jokers:
        cards += [Card(JOKER, None, deck, "a"), Card(JOKER, None, deck, "b")]
    return cards


def decks(count: int, *, jokers: bool = True) -> list[Card]:
    """`count` decks in canonical order: deck 1, then deck 2…"""
    return [card for d in range(1, count + 1) for card in standard_deck(d, jokers=jokers)]


def deck_ids(count: int, *, jokers: bool = True) -> list[str]:
    return [card.id for card in decks(count, jokers=jokers)]


_ID = re.compile(r"^(A|10|[2-9]|J|Q|K)([SHDC])-([1-9]\d*)$")
_JOKER_ID = re.compile(r"^JOKER-([1-9]\d*)([ab])$")


@lru_cache(maxsize=4096)
def card(card_id: str) -> Card:
    """The card an id names; `ValueError` for anything that is not a card id."""
    if m := _ID.match(card_id):
        suit: Suit = m.group(2)  # type: ignore[assignment]
        return Card(m.group(1), suit, int(m.group(3)))
    if m := _JOKER_ID.match(card_id):
        return Card(JOKER, None, int(m.group(1)), m.group(2))
    raise ValueError(f"{card_id!r} is not a card id (like 7H-1, 10D-2 or JOKER-1a)")


def is_card_id(text: str) -> bool:
    return bool(_ID.match(text) or _JOKER_ID.match(text))


def label(card_id: str) -> str:
    return card(card_id).label


def shown(card_id: str | None) -> str:
    """A card as players see it ("7♥", "Q♠", "Joker"): "?" for none, and text that is not a card
    id as it is (a typed move's card that does not exist still reads in a label)."""
    if card_id is None:
        return "?"
    try:
        return card(card_id).label
    except ValueError:
        return card_id


_RANK_WORDS = {
    "ace": "A",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "t": "10",
    "1": "A",
    "joker": JOKER,
    "jk": JOKER,
    "jo": JOKER,
}
_SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_COMPACT = re.compile(r"^(a|10|[1-9]|t|j|q|k)([shdc♠♥♦♣♤♡♢♧])$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def parse_compact(text: str) -> tuple[str, Suit | None] | None:
    """(rank, suit) from `7H`, `7♥`, `10d`, `QS`, `JK`, `Joker`; None if it names no card.

    A full id (`7H-1`) is not compact notation: use `card` for those.
    """
    t = text.strip()
    low = t.lower()
    if low in ("jk", "joker", "jo", "🃏"):
        return (JOKER, None)
    m = _COMPACT.match(t)
    if not m:
        words = low.replace(" of ", " ").split()
        if len(words) == 2 and words[1] in _SUIT_WORDS:
            rank = _RANK_WORDS.get(words[0], words[0].upper())
            if rank in RANKS:
                return (rank, _SUIT_WORDS[words[1]])  # type: ignore[return-value]
        return None
    raw_rank, raw_suit = m.group(1), m.group(2)
    rank = _RANK_WORDS.get(raw_rank.lower(), raw_rank.upper())
    suit = _SYMBOL_SUITS.get(raw_suit, raw_suit.upper())
    return (rank, suit)  # type: ignore[return-value]


def matches(card_id: str, text: str) -> bool:
    """Whether typed `text` (an id, compact notation or a label) names the card `card_id`."""
    if text == card_id or text.upper() == card_id.upper():
        return True
    parsed = parse_compact(text)
    if parsed is None:
        return False
    c = card(card_id)
    return (c.rank, c.suit) == parsed

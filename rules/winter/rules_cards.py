"""The 18 Winter cards, loaded from `data/cards.json` and checked at import (spec §2, WI-1).

A server owner may correct the card table against the printed cards; the checks below keep any
replacement playable (18 distinct ids 0–17, 2×2 sections, no single-colour card).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Literal

from pydantic import Field, field_validator

from rules.core import Frozen

Section = Literal["L", "D"]
Orientation = Literal["up", "down"]
Sections = tuple[tuple[Section, Section], tuple[Section, Section]]

DECK_SIZE = 18


class CardType(Frozen):
    card_type: int
    card_ids: tuple[int, ...] = Field(min_length=1)
    up: tuple[str, str]

    @field_validator("up")
    @classmethod
    def _two_by_two(cls, rows: tuple[str, str]) -> tuple[str, str]:
        if any(len(r) != 2 or set(r) - {"L", "D"} for r in rows):
            raise ValueError("each row must be two of L/D")
        if len(set(rows[0] + rows[1])) != 2:
            raise ValueError("a card must show both colours")
        return rows


class CardTable(Frozen):
    types: tuple[CardType, ...]

    @field_validator("types")
    @classmethod
    def _eighteen_cards(cls, types: tuple[CardType, ...]) -> tuple[CardType, ...]:
        ids = sorted(i for t in types for i in t.card_ids)
        if ids != list(range(DECK_SIZE)):
            raise ValueError(f"card ids must be exactly 0–{DECK_SIZE - 1}")
        return types


def _load() -> CardTable:
    text = resources.files("rules.winter").joinpath("data/cards.json").read_text("utf-8")
    return CardTable.model_validate(json.loads(text))


CARD_TABLE = _load()

CARD_TYPE: dict[int, int] = {i: t.card_type for t in CARD_TABLE.types for i in t.card_ids}


def _as_sections(rows: tuple[str, str]) -> Sections:
    a, b = rows
    return ((a[0], a[1]), (b[0], b[1]))  # type: ignore[return-value]


UP: dict[int, Sections] = {i: _as_sections(t.up) for t in CARD_TABLE.types for i in t.card_ids}


def turned(sections: Sections) -> Sections:
    """The card turned 180°: `up[i][j]` goes to `down[1−i][1−j]`."""
    (a, b), (c, d) = sections
    return ((d, c), (b, a))


DOWN: dict[int, Sections] = {i: turned(s) for i, s in UP.items()}


def sections_of(card_id: int, orientation: Orientation) -> Sections:
    return UP[card_id] if orientation == "up" else DOWN[card_id]


COLOUR_WORD = {"L": "light", "D": "dark"}
TURN_WORD: dict[Orientation, str] = {"up": "upright", "down": "turned down"}


def face_words(sections: Sequence[Sequence[str]], between: str = " / ") -> str:
    """A card's four sections as players read them, top row first: "light dark / dark light"
    (the card's number and type are the data's, not the players'; a screen reader's alt text
    joins the rows with ", ")."""
    return between.join(" ".join(COLOUR_WORD.get(s, s) for s in row) for row in sections)

"""The Freezing's lake kept up to date card by card, for a playout's working copy (issue 11 §3).

During the Freezing the lake only grows, one card per `place`: the squares of the grown lake are
the old ones plus those holding a cell of the new card (`new_squares`), and its legal spots are
the old ones outside the new card's reach plus the new card's contact spots that no card is near.
`LakeIndex` keeps them so, instead of recomputing them from the whole lake (`all_squares`,
`legal_spots`) for each legal list; `tests/rules/winter/test_index.py` compares the two on many
seeded lakes.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.winter.rules_cards import Orientation, Section, sections_of
from rules.winter.rules_geometry import (
    Cell,
    Grid,
    all_squares,
    contact_of,
    near_of,
    new_squares,
)
from rules.winter.state import PlacedCard

SECTIONS: tuple[Section, Section] = ("L", "D")


class LakeIndex:
    """A lake's cells, squares (by top-left cell, `all_squares`' order) and legal spots (by
    (row, col), `legal_spots`' order), for the lake of `cards` and then each card `add`ed."""

    def __init__(self, cards: Iterable[PlacedCard]) -> None:
        self.grid: Grid = {}
        self.blocked: set[Cell] = set()  # every anchor a card would overlap
        self.spot_set: set[Cell] = set()
        for card in cards:
            anchor = (card.row, card.col)
            (a, b), (d, e) = sections_of(card.card_id, card.orientation)
            r, c = anchor
            self.grid.update({anchor: a, (r, c + 1): b, (r + 1, c): d, (r + 1, c + 1): e})
            self.blocked |= near_of(anchor)
            self.spot_set |= contact_of(anchor)
        self.spot_set -= self.blocked
        self.squares: list[tuple[Cell, Section]] = all_squares(self.grid)
        self.spots: list[Cell] = sorted(self.spot_set)

    def add(self, anchor: Cell, card_id: int, orientation: Orientation) -> None:
        """The lake with card `card_id` put down at `anchor`, a legal spot."""
        face = sections_of(card_id, orientation)
        fresh: list[tuple[Cell, Section]] = []
        for colour in SECTIONS:
            fresh += ((sq, colour) for sq in new_squares(self.grid, anchor, face, colour))
        r, c = anchor
        (a, b), (d, e) = face
        self.grid.update({anchor: a, (r, c + 1): b, (r + 1, c): d, (r + 1, c + 1): e})
        if fresh:
            self.squares = sorted(self.squares + fresh)
        near = near_of(anchor)
        self.blocked |= near
        self.spot_set -= near
        self.spot_set |= contact_of(anchor) - self.blocked
        self.spots = sorted(self.spot_set)

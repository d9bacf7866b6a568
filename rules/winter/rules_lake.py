"""A mutable working copy of the lake: cards by anchor and counters by square.

`apply`, `legal_actions` and the heuristic agent all use it, so the move search and the rules
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.winter.actions import SECTION_OF, Colour, Move
from rules.winter.rules_cards import Orientation, Section, Sections, sections_of
from rules.winter.rules_geometry import (
    NEAR,
    Cell,
    Grid,
    card_cells,
    cell_label,
    frame,
    groups,
    is_legal_spot,
    legal_spots,
    locked_anchors,
    new_squares,
    square_at,
    survivors,
)
from rules.winter.state import PlacedCard, PlacedCounter, WinterState

ORIENTATIONS: tuple[Orientation, Orientation] = ("up", "down")


def origin(state: WinterState) -> Cell:
    """The label frame of a position (WI-20): log lines and refusals name cells in it."""
    return frame((c.row, c.col) for c in state.cards)


def cell_text(state: WinterState, cell: Cell) -> str:
    return cell_label(cell, origin(state))


class Lake:
    def __init__(self, cards: Iterable[PlacedCard], counters: Iterable[PlacedCounter]) -> None:
        self.cards: dict[Cell, PlacedCard] = {(c.row, c.col): c for c in cards}
        self.counters: dict[Cell, Colour] = {(k.row, k.col): k.colour for k in counters}

    # -- reading ------------------------------------------------------------------------------
    def anchors(self) -> set[Cell]:
        return set(self.cards)

    def sections(self, anchor: Cell) -> Sections:
        card = self.cards[anchor]
        return sections_of(card.card_id, card.orientation)

    def grid(self, anchors: Iterable[Cell] | None = None) -> Grid:
        grid: Grid = {}
        for anchor in self.cards if anchors is None else anchors:
            for cell, s in card_cells(anchor, self.sections(anchor)):
                grid[cell] = s
        return grid

    def locked(self) -> set[Cell]:
        return locked_anchors(self.counters, set(self.cards))

    def open_squares(self, grid: Grid | None = None) -> list[tuple[Cell, Section]]:
        grid = self.grid() if grid is None else grid
        out = []
        for cell in sorted(grid):
            if cell in self.counters:
                continue
            colour = square_at(grid, cell)
            if colour is not None:
                out.append((cell, colour))
        return out

    def on_table(self, colour: Colour | None) -> int:
        return sum(1 for c in self.counters.values() if c == colour)

    def candidates_after_lift(self, anchor: Cell) -> tuple[list[frozenset[Cell]], int]:
        """(candidate survivors, number of groups) once the card at `anchor` is gone (WI-12)."""
        parts = groups(a for a in self.cards if a != anchor)
        return survivors(parts), len(parts)

    def passes(
        self, group: frozenset[Cell], spot: Cell, sections: Sections, colour: Section
    ) -> bool:
        """Test 5: legal next to `group` alone and at least one new square of `colour`."""
        if not is_legal_spot(group, spot):
            return False
        return bool(new_squares(self.grid(group), spot, sections, colour))

    # -- the move search ----------------------------------------------------------------------
    def moves(self, colour: Colour, supply: int) -> list[Move]:
        """Every legal `move` for a seat of `colour` with `supply` counters (§4.3), sorted."""
        if supply < 1:
            return []
        want = SECTION_OF[colour]
        locked = self.locked()
        cells = {a: list(card_cells(a, self.sections(a))) for a in self.cards}
        out: list[Move] = []
        for origin in sorted(self.cards):
            if origin in locked:
                continue
            card_id = self.cards[origin].card_id
            faces = {o: sections_of(card_id, o) for o in ORIENTATIONS}
            found: set[tuple[Cell, Orientation]] = set()
            for group in self.candidates_after_lift(origin)[0]:
                grid: Grid = {}
                for a in group:
                    grid.update(cells[a])
                for spot in legal_spots(group):
                    if spot == origin:
                        continue
                    for o in ORIENTATIONS:
                        if (spot, o) not in found and new_squares(grid, spot, faces[o], want):
                            found.add((spot, o))
            for (r, c), o in sorted(found, key=lambda x: (x[0], x[1] == "down")):
                out.append(
                    Move(from_row=origin[0], from_col=origin[1], to_row=r, to_col=c, orientation=o)
                )
        return out

    # -- changing -----------------------------------------------------------------------------
    def melt_all_but(self, keep: frozenset[Cell]) -> tuple[int, dict[Colour, int]]:
        """WI-12/WI-14: discard every card outside `keep`; refund the counters on them."""
        gone = [a for a in self.cards if a not in keep]
        for a in gone:
            del self.cards[a]
        refunds: dict[Colour, int] = {"light": 0, "dark": 0}
        for square, colour in list(self.counters.items()):
            r, c = square
            if not any((r + dr, c + dc) in keep for dr, dc in NEAR):
                del self.counters[square]
                refunds[colour] += 1
        return len(gone), refunds

    def group_of(self, anchor: Cell) -> frozenset[Cell]:
        for g in groups(self.cards):
            if anchor in g:
                return g
        return frozenset()

    def card_tuple(self) -> tuple[PlacedCard, ...]:
        return tuple(self.cards[a] for a in sorted(self.cards))

    def counter_tuple(self) -> tuple[PlacedCounter, ...]:
        return tuple(
            PlacedCounter(row=r, col=c, colour=k)
            for (r, c), k in sorted(self.counters.items(), key=lambda x: (x[0], x[1]))
        )

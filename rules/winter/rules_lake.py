"""A mutable working copy of the lake: cards by anchor and counters by square.

`apply`, `legal_actions` and the heuristic agent all use it, so the move search and the rules
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rules.winter.actions import SECTION_OF, Colour, Move
from rules.winter.rules_cards import Orientation, Section, Sections, sections_of
from rules.winter.rules_geometry import (
    NEAR,
    Cell,
    Grid,
    cell_label,
    frame,
    groups,
    is_legal_spot,
    legal_spots,
    locked_anchors,
    new_squares,
    square_at,
    square_plan,
    survivors,
)
from rules.winter.state import PlacedCard, PlacedCounter, WinterState

ORIENTATIONS: tuple[Orientation, Orientation] = ("up", "down")


def origin(state: WinterState) -> Cell:
    """The label frame of a position (WI-20): log lines and refusals name cells in it.

    `frame` of the cards' anchors, read straight from the cards (every move's log line asks)."""
    cards = state.cards
    if not cards:
        return frame(())
    return (min([c.row for c in cards]) - 2, min([c.col for c in cards]) - 2)


def cell_text(state: WinterState, cell: Cell) -> str:
    return cell_label(cell, origin(state))


@lru_cache(maxsize=8192)
def _move(from_row: int, from_col: int, to_row: int, to_col: int, orientation: Orientation) -> Move:
    """Actions are frozen records: the same move serves every legal list that offers it."""
    return Move(
        from_row=from_row, from_col=from_col, to_row=to_row, to_col=to_col, orientation=orientation
    )


def _cells(anchor: Cell) -> set[Cell]:
    r, c = anchor
    return {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}


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
        cards = self.cards
        for anchor in cards if anchors is None else anchors:
            card = cards[anchor]
            r, c = anchor
            (a, b), (d, e) = sections_of(card.card_id, card.orientation)
            grid[anchor] = a
            grid[(r, c + 1)] = b
            grid[(r + 1, c)] = d
            grid[(r + 1, c + 1)] = e
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
        """Every legal `move` for a seat of `colour` with `supply` counters (§4.3), sorted.

        For each unlocked card, each group that may survive its lift, each legal spot next to the
        group and each orientation: a move if the card makes a new square of `colour` there. The
        card face's plan (`square_plan`) names the squares it may complete and their cells off
        the card; a spot completes one if each such cell, seen from the spot, is a cell of
        `colour` in the group. So the spots are found with set operations on `reach`: for each
        offset, the spots that see a cell of `colour` of the whole lake there; then the few spots
        found are checked against the cells the group lacks (`gone`: the lifted card's, and
        those of the cards outside the group)."""
        if supply < 1:
            return []
        want = SECTION_OF[colour]
        locked = self.locked()
        wanted = {cell for cell, v in self.grid().items() if v == want}
        reach: dict[Cell, set[Cell]] = {}  # by offset, filled as asked; shared by every lift
        rest = len(self.cards) - 1
        out: list[Move] = []
        for origin in sorted(self.cards):
            if origin in locked:
                continue
            card_id = self.cards[origin].card_id
            plans = [(o, square_plan(sections_of(card_id, o), want)) for o in ORIENTATIONS]
            found: set[tuple[Cell, Orientation]] = set()
            for group in self.candidates_after_lift(origin)[0]:
                if len(group) == rest:  # the whole lake but the lifted card
                    gone = _cells(origin) & wanted
                else:  # the lifted card and every card outside the group
                    gone = set()
                    for a in self.cards:
                        if a not in group:
                            gone |= _cells(a)
                    gone &= wanted
                spots = set(legal_spots(group))
                spots.discard(origin)
                for o, plan in plans:
                    hits: set[Cell] = set()
                    for _, _, outside in plan:
                        candidates = spots - hits
                        for offset in outside:
                            if not candidates:
                                break
                            seen = reach.get(offset)
                            if seen is None:
                                dr, dc = offset
                                seen = reach[offset] = {(r - dr, c - dc) for r, c in wanted}
                            candidates &= seen
                        if candidates and gone:
                            candidates = {
                                (r, c)
                                for r, c in candidates
                                if not any((r + dr, c + dc) in gone for dr, dc in outside)
                            }
                        hits |= candidates
                    found.update((spot, o) for spot in hits)
            for (r, c), o in sorted(found, key=lambda x: (x[0], x[1] == "down")):
                out.append(_move(origin[0], origin[1], r, c, o))
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

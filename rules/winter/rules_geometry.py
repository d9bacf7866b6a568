"""The section grid (spec §5): placements, squares, locks, groups and labels.

Everything here works on plain dicts and sets keyed by `(row, col)` so the legal-move search and
the agents can call it hundreds of times per turn without building pydantic models.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

from rules.winter.rules_cards import Section, Sections

Cell = tuple[int, int]
Grid = dict[Cell, Section]

# WI-18 rule 2: the 12 anchor offsets of a card in edge contact (symmetric under negation).
CONTACT: tuple[Cell, ...] = (
    (-2, -1),
    (-2, 0),
    (-2, 1),
    (2, -1),
    (2, 0),
    (2, 1),
    (-1, -2),
    (0, -2),
    (1, -2),
    (-1, 2),
    (0, 2),
    (1, 2),
)
CORNERS: tuple[Cell, ...] = ((-2, -2), (-2, 2), (2, -2), (2, 2))
NEAR: tuple[Cell, ...] = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def card_cells(anchor: Cell, sections: Sections) -> Iterator[tuple[Cell, Section]]:
    r, c = anchor
    for i in (0, 1):
        for j in (0, 1):
            yield (r + i, c + j), sections[i][j]


def overlaps(anchors: Iterable[Cell] | set[Cell], spot: Cell) -> bool:
    """WI-18 rule 1: some card anchored within one step of `spot` would share a cell."""
    held = anchors if isinstance(anchors, set | frozenset | dict) else set(anchors)
    r, c = spot
    above, below = r - 1, r + 1
    left, right = c - 1, c + 1
    return (
        (r, c) in held
        or (above, c) in held
        or (below, c) in held
        or (r, left) in held
        or (r, right) in held
        or (above, left) in held
        or (above, right) in held
        or (below, left) in held
        or (below, right) in held
    )


def touches(anchors: set[Cell] | frozenset[Cell], spot: Cell) -> bool:
    r, c = spot
    return any((r + dr, c + dc) in anchors for dr, dc in CONTACT)


def corner_only(anchors: set[Cell] | frozenset[Cell], spot: Cell) -> bool:
    """The spot meets the lake only at a corner: the case players most often get wrong."""
    r, c = spot
    return not touches(anchors, spot) and any((r + dr, c + dc) in anchors for dr, dc in CORNERS)


def is_legal_spot(anchors: set[Cell] | frozenset[Cell], spot: Cell) -> bool:
    return not overlaps(anchors, spot) and touches(anchors, spot)


def legal_spots(anchors: set[Cell] | frozenset[Cell]) -> list[Cell]:
    """Every legal spot next to `anchors` (WI-18), sorted by (row, col).

    Remembered per set of anchors: a lake is asked for its spots by the legal list, the move
    search (once per group left after each lift) and the observation, mostly for lakes it has
    just seen."""
    return list(_legal_spots(frozenset(anchors)))


@lru_cache(maxsize=2048)
def _legal_spots(anchors: frozenset[Cell]) -> tuple[Cell, ...]:
    # the spots in edge contact with some card, minus every spot within one step of a card
    found: set[Cell] = set().union(*map(contact_of, anchors))
    found.difference_update(*map(near_of, anchors))
    return tuple(sorted(found))


@lru_cache(maxsize=4096)
def near_of(anchor: Cell) -> frozenset[Cell]:
    """The anchors a card at `anchor` overlaps (itself included)."""
    r, c = anchor
    return frozenset((r + dr, c + dc) for dr, dc in NEAR)


@lru_cache(maxsize=4096)
def contact_of(anchor: Cell) -> frozenset[Cell]:
    """The anchors in edge contact with a card at `anchor`."""
    r, c = anchor
    return frozenset((r + dr, c + dc) for dr, dc in CONTACT)


def groups(anchors: Iterable[Cell]) -> list[frozenset[Cell]]:
    """WI-19 connected components, sorted by representative (smallest row, then col)."""
    left = set(anchors)
    out: list[frozenset[Cell]] = []
    while left:
        start = min(left)
        left.discard(start)
        seen = {start}
        stack = [start]
        while stack:
            joined = contact_of(stack.pop()) & left
            if joined:
                left -= joined
                seen |= joined
                stack += joined
        out.append(frozenset(seen))
    out.sort(key=min)
    return out


def survivors(parts: list[frozenset[Cell]]) -> list[frozenset[Cell]]:
    """WI-12: the one group, the unique largest, or every group tied for largest."""
    if len(parts) <= 1:
        return list(parts)
    size = max(len(g) for g in parts)
    return [g for g in parts if len(g) == size]


def grid_of(cards: Mapping[Cell, Sections]) -> Grid:
    grid: Grid = {}
    for anchor, sections in cards.items():
        for cell, s in card_cells(anchor, sections):
            grid[cell] = s
    return grid


def square_at(grid: Mapping[Cell, Section], cell: Cell) -> Section | None:
    """WI-17: the colour of the square whose top-left cell is `cell`, if there is one."""
    r, c = cell
    first = grid.get(cell)
    if first is None:
        return None
    for other in ((r, c + 1), (r + 1, c), (r + 1, c + 1)):
        if grid.get(other) != first:
            return None
    return first


def all_squares(grid: Mapping[Cell, Section]) -> list[tuple[Cell, Section]]:
    """Every square on `grid` (WI-17) by top-left cell: `square_at` of each covered cell."""
    get = grid.get
    out = []
    for cell in sorted(grid):
        r, c = cell
        first = grid[cell]
        if get((r, c + 1)) == first and get((r + 1, c)) == first and get((r + 1, c + 1)) == first:
            out.append((cell, first))
    return out


def new_squares(
    grid: Mapping[Cell, Section], spot: Cell, sections: Sections, colour: Section
) -> list[Cell]:
    """WI-10: squares of `colour` that include a cell of a card put at `spot` on `grid`.

    Only the candidate squares whose cells on the card all show `colour` are looked at, and for
    them only their cells off the card (`square_plan`), in the order of their top-left cells."""
    r, c = spot
    get = grid.get
    out = []
    for dr, dc, outside in square_plan(sections, colour):
        for orow, ocol in outside:
            if get((r + orow, c + ocol)) != colour:
                break
        else:
            out.append((r + dr, c + dc))
    return out


@lru_cache(maxsize=64)
def square_plan(
    sections: Sections, colour: Section
) -> tuple[tuple[int, int, tuple[Cell, ...]], ...]:
    """The 2×2 squares a card face at (0, 0) may complete in `colour`: for each of the 9 top-left
    offsets around it, by (row, col), whose cells on the card all show `colour`, the offset and
    the square's cells off the card (which the grid must show in `colour`)."""
    plan = []
    for tr in (-1, 0, 1):
        for tc in (-1, 0, 1):
            outside: list[Cell] = []
            for cell in ((tr, tc), (tr, tc + 1), (tr + 1, tc), (tr + 1, tc + 1)):
                if cell[0] in (0, 1) and cell[1] in (0, 1):
                    if sections[cell[0]][cell[1]] != colour:
                        break
                else:
                    outside.append(cell)
            else:
                plan.append((tr, tc, tuple(outside)))
    return tuple(plan)


def locks(square: Cell, anchors: set[Cell] | frozenset[Cell]) -> list[Cell]:
    """§5.2: the cards a counter on `square` locks (anchors within one step)."""
    r, c = square
    return sorted((r + dr, c + dc) for dr, dc in NEAR if (r + dr, c + dc) in anchors)


def locked_anchors(squares: Iterable[Cell], anchors: set[Cell] | frozenset[Cell]) -> set[Cell]:
    out: set[Cell] = set()
    for sq in squares:
        out.update(locks(sq, anchors))
    return out


# -- labels (WI-20) -------------------------------------------------------------------------------


def letters(n: int) -> str:
    """Bijective base 26: 0 → A, 25 → Z, 26 → AA."""
    out = ""
    n += 1
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_value(text: str) -> int:
    n = 0
    for ch in text.upper():
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def frame(anchors: Iterable[Cell]) -> Cell:
    """The label origin: two cells above and left of the top-most and left-most cards."""
    rows = []
    cols = []
    for r, c in anchors:
        rows.append(r)
        cols.append(c)
    if not rows:
        return (-2, -2)
    return (min(rows) - 2, min(cols) - 2)


def cell_label(cell: Cell, origin: Cell) -> str:
    return f"{letters(cell[1] - origin[1])}{cell[0] - origin[0] + 1}"


def label_cell(text: str, origin: Cell) -> Cell | None:
    """The cell a typed label names in this frame, or None if it is not a label."""
    text = text.strip().upper()
    i = 0
    while i < len(text) and text[i].isalpha() and text[i].isascii():
        i += 1
    head, tail = text[:i], text[i:]
    if not head or not tail.isdecimal() or len(tail) > 9 or int(tail) < 1:
        return None
    return (int(tail) - 1 + origin[0], letters_value(head) + origin[1])

"""The lake's search shortcuts against brute force on many seeded lakes.

`legal_spots` lists spots from every card's contact offsets minus every cell near a card,
`new_squares` looks only at the squares a card face can complete (`square_plan`), and
`Lake.moves` reads those plans against each surviving group's cells: each must give exactly what
the definitions give cell by cell (WI-18 for a spot, WI-10 for a new square, §4.3 for a move).
"""

from __future__ import annotations

import random

from rules.winter.actions import SECTION_OF, Colour, Move
from rules.winter.rules_cards import DOWN, UP, Section, Sections, sections_of
from rules.winter.rules_geometry import (
    Cell,
    card_cells,
    grid_of,
    groups,
    legal_spots,
    new_squares,
    overlaps,
    survivors,
)
from rules.winter.rules_lake import ORIENTATIONS, Lake
from rules.winter.state import PlacedCard, PlacedCounter

SEEDS = range(300)


def covered(anchor: Cell) -> set[Cell]:
    r, c = anchor
    return {(r + i, c + j) for i in (0, 1) for j in (0, 1)}


def legal_by_cells(
    lake: set[Cell] | frozenset[Cell], spot: Cell, theirs: set[Cell] | None = None
) -> bool:
    """WI-18 from the cells: no shared cell, and a cell of the card orthogonally next to one
    of the lake (`theirs`, the lake's cells, if known)."""
    mine = covered(spot)
    if theirs is None:
        theirs = set().union(*(covered(a) for a in lake))
    if mine & theirs:
        return False
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    return any((r + dr, c + dc) in theirs for r, c in mine for dr, dc in steps)


def random_lake(rng: random.Random) -> dict[Cell, Sections]:
    """A lake grown by legal placements, each card a random face of a random card."""
    faces = [*UP.values(), *DOWN.values()]
    lake: dict[Cell, Sections] = {(0, 0): rng.choice(faces)}
    for _ in range(rng.randrange(0, 17)):
        spot = rng.choice(legal_spots(set(lake)))
        lake[spot] = rng.choice(faces)
    return lake


def squares_by_cells(
    grid: dict[Cell, Section], spot: Cell, face: Sections, colour: Section
) -> list[Cell]:
    """WI-10 by brute force: put the card down and list every square of `colour`, by top-left
    cell, that holds a cell of the card."""
    full = {**grid, **dict(card_cells(spot, face))}
    mine = covered(spot)
    out = []
    for top in sorted({(r - i, c - j) for r, c in mine for i in (0, 1) for j in (0, 1)}):
        cells = covered(top)
        if cells & mine and all(full.get(cell) == colour for cell in cells):
            out.append(top)
    return out


def test_legal_spots_are_exactly_the_spots_legal_cell_by_cell() -> None:
    for seed in SEEDS:
        lake = set(random_lake(random.Random(seed)))
        rows = [r for r, _ in lake]
        cols = [c for _, c in lake]
        window = [
            (r, c)
            for r in range(min(rows) - 4, max(rows) + 5)
            for c in range(min(cols) - 4, max(cols) + 5)
        ]
        expected = [spot for spot in window if legal_by_cells(lake, spot)]
        assert legal_spots(lake) == expected, seed
        assert all(not overlaps(lake, s) for s in expected)
        assert all(overlaps(lake, a) for a in lake)


def test_new_squares_are_exactly_the_squares_found_cell_by_cell() -> None:
    faces = [*UP.values(), *DOWN.values()]
    checked = found = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        lake = random_lake(rng)
        grid = grid_of(lake)
        for spot in legal_spots(set(lake)):
            face = rng.choice(faces)
            for colour in ("L", "D"):
                expected = squares_by_cells(grid, spot, face, colour)
                assert new_squares(grid, spot, face, colour) == expected, (seed, spot)
                checked += 1
                found += bool(expected)
    assert found > checked // 50  # the lakes are rich enough to make squares often enough


def moves_by_cells(
    cards: dict[Cell, PlacedCard], counters: dict[Cell, Colour], colour: Colour
) -> list[Move]:
    """§4.3 by brute force: lift each card no counter locks, and for each group that may
    survive, each spot legal next to it cell by cell and each orientation, keep the move if
    the card makes a square of `colour` there; sorted by card, spot, then up before down."""
    want = SECTION_OF[colour]
    out = []
    for origin in sorted(cards):
        if any(abs(sq[0] - origin[0]) <= 1 and abs(sq[1] - origin[1]) <= 1 for sq in counters):
            continue
        rest = [a for a in cards if a != origin]
        found = set()
        for group in survivors(groups(rest)):
            grid = grid_of({a: sections_of(cards[a].card_id, cards[a].orientation) for a in group})
            rows = [r for r, _ in group]
            cols = [c for _, c in group]
            for r in range(min(rows) - 2, max(rows) + 3):
                for c in range(min(cols) - 2, max(cols) + 3):
                    if (r, c) == origin or not legal_by_cells(group, (r, c), set(grid)):
                        continue
                    for o in ORIENTATIONS:
                        face = sections_of(cards[origin].card_id, o)
                        if squares_by_cells(grid, (r, c), face, want):
                            found.add((r, c, o))
        for r, c, o in sorted(found, key=lambda x: (x[0], x[1], x[2] == "down")):
            out.append(
                Move(from_row=origin[0], from_col=origin[1], to_row=r, to_col=c, orientation=o)
            )
    return out


def test_the_move_search_is_the_moves_found_cell_by_cell() -> None:
    total = 0
    for seed in range(80):
        rng = random.Random(seed)
        lake = random_lake(rng)
        ids = rng.sample(range(18), len(lake))
        cards = {
            (r, c): PlacedCard(card_id=i, row=r, col=c, orientation=rng.choice(ORIENTATIONS))
            for (r, c), i in zip(sorted(lake), ids, strict=True)
        }
        grid = grid_of({a: sections_of(k.card_id, k.orientation) for a, k in cards.items()})
        squares = [
            cell
            for cell in sorted(grid)
            if len({grid.get((cell[0] + i, cell[1] + j)) for i in (0, 1) for j in (0, 1)}) == 1
        ]
        counters: dict[Cell, Colour] = {
            sq: rng.choice(("light", "dark"))
            for sq in rng.sample(squares, min(len(squares), rng.randrange(0, 3)))
        }
        placed = [PlacedCounter(row=r, col=c, colour=k) for (r, c), k in counters.items()]
        for colour in ("light", "dark"):
            expected = moves_by_cells(cards, counters, colour)
            assert Lake(cards.values(), placed).moves(colour, 1) == expected, (seed, colour)
            total += len(expected)
    assert total > 500

"""The lake's search shortcuts against brute force on many seeded lakes.

`legal_spots` lists spots from every card's contact offsets minus every cell near a card, and
`new_squares` looks only at the squares a card face can complete (`_square_plan`); both must give
exactly what the definitions give cell by cell: WI-18 for a spot, WI-10 for a new square.
"""

from __future__ import annotations

import random

from rules.winter.rules_cards import DOWN, UP, Section, Sections
from rules.winter.rules_geometry import (
    Cell,
    card_cells,
    grid_of,
    legal_spots,
    new_squares,
    overlaps,
)

SEEDS = range(300)


def covered(anchor: Cell) -> set[Cell]:
    r, c = anchor
    return {(r + i, c + j) for i in (0, 1) for j in (0, 1)}


def legal_by_cells(lake: set[Cell], spot: Cell) -> bool:
    """WI-18 from the cells: no shared cell, and a cell of the card orthogonally next to one
    of the lake."""
    mine = covered(spot)
    theirs: set[Cell] = set().union(*(covered(a) for a in lake))
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

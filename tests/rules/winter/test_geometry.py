"""Cards and the section grid: WI-1, WI-17 – WI-20, with hypothesis properties on geometry."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.winter import GAME
from rules.winter.actions import Keep, Remove
from rules.winter.rules_cards import CARD_TYPE, DOWN, UP, Section
from rules.winter.rules_geometry import (
    Cell,
    card_cells,
    cell_label,
    corner_only,
    groups,
    is_legal_spot,
    label_cell,
    legal_spots,
    letters,
    square_at,
)
from rules.winter.rules_lake import Lake
from tests.rules.winter.helpers import position


def test_wi1_the_deck_has_36_light_and_36_dark_sections_and_no_single_colour_card() -> None:
    sections = [s for card in UP.values() for row in card for s in row]
    assert (sections.count("L"), sections.count("D")) == (36, 36)
    assert all(len({s for row in card for s in row}) == 2 for card in UP.values())


def test_wi1_turning_down_maps_up_i_j_to_down_one_minus_i_one_minus_j() -> None:
    for card_id, up in UP.items():
        for i in (0, 1):
            for j in (0, 1):
                assert DOWN[card_id][1 - i][1 - j] == up[i][j]


def test_wi1_type_two_down_is_dark_left_light_right() -> None:
    card = next(i for i, t in CARD_TYPE.items() if t == 2)
    assert DOWN[card] == (("D", "L"), ("D", "L"))


def test_wi17_a_square_needs_four_covered_cells_of_one_colour() -> None:
    grid: dict[Cell, Section] = {(0, 0): "D", (0, 1): "D", (1, 0): "D", (1, 1): "D", (2, 0): "D"}
    assert square_at(grid, (0, 0)) == "D"
    assert square_at(grid, (1, 0)) is None  # (1,1)'s neighbour (2,1) is uncovered
    other: dict[Cell, Section] = {**grid, (1, 1): "L"}
    assert square_at(other, (0, 0)) is None


def test_wi18_corner_only_contact_is_not_a_legal_spot() -> None:
    lake = {(0, 0)}
    assert corner_only(lake, (2, 2)) and not is_legal_spot(lake, (2, 2))


def test_wi18_a_one_section_offset_is_legal() -> None:
    assert is_legal_spot({(0, 0)}, (1, 2)) and is_legal_spot({(0, 0)}, (-2, -1))


def test_wi18_a_single_card_has_twelve_legal_spots() -> None:
    assert len(legal_spots({(0, 0)})) == 12


def test_wi19_corner_contact_does_not_connect_cards() -> None:
    assert len(groups({(0, 0), (2, 2)})) == 2
    assert len(groups({(0, 0), (2, 1)})) == 1


def test_wi20_column_letters_are_bijective_base_26() -> None:
    assert [letters(n) for n in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA",
    ]  # fmt: skip


def test_wi20_a_lone_card_at_the_origin_is_c3() -> None:
    assert cell_label((0, 0), (-2, -2)) == "C3"


def test_wi20_typed_labels_are_case_insensitive_and_round_trip() -> None:
    origin = (-5, 3)
    for cell in [(-5, 3), (0, 40), (12, 29)]:
        text = cell_label(cell, origin)
        assert label_cell(text.lower(), origin) == cell


def test_wi20_the_frame_follows_the_top_left_card() -> None:
    state = position([(3, 5, 6, "up"), (5, 5, 6, "up")])
    assert [c.label for c in GAME.observe(state, None).cards] == ["C3", "C5"]


# -- properties ------------------------------------------------------------------------------


def covered(anchor: Cell) -> set[Cell]:
    r, c = anchor
    return {(r + i, c + j) for i in (0, 1) for j in (0, 1)}


def edge_contact_by_cells(lake: set[Cell], spot: Cell) -> bool:
    """Brute force: some cell of the new card is orthogonally next to a cell of the lake."""
    mine = covered(spot)
    theirs: set[Cell] = set().union(*(covered(a) for a in lake))
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    return any((r + dr, c + dc) in theirs - mine for r, c in mine for dr, dc in steps)


def overlap_by_cells(lake: set[Cell], spot: Cell) -> bool:
    return any(covered(spot) & covered(a) for a in lake)


def random_lake(seed: int, size: int) -> set[Cell]:
    rng = random.Random(seed)
    lake = {(0, 0)}
    while len(lake) < size:
        lake.add(rng.choice(legal_spots(lake)))
    return lake


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 10), st.integers(-6, 6), st.integers(-6, 6))
def test_wi18_a_spot_is_legal_iff_it_shares_an_edge_and_overlaps_nothing(
    seed: int, size: int, r: int, c: int
) -> None:
    lake = random_lake(seed, size)
    expected = not overlap_by_cells(lake, (r, c)) and edge_contact_by_cells(lake, (r, c))
    assert is_legal_spot(lake, (r, c)) == expected


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 14), st.data())
def test_wi12_removing_a_card_always_leaves_exactly_one_group(
    seed: int, size: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    lake = sorted(random_lake(seed, size))
    specs = [(r, c, CARD_TYPE[i], rng.choice(["up", "down"])) for (r, c), i in zip(
        lake, rng.sample(range(18), len(lake)), strict=False)]  # fmt: skip
    state = position(specs, supply=(9, 9))  # no counter: nothing locked, any card may go
    target = data.draw(st.sampled_from(lake))
    step = GAME.apply(state, 0, Remove(row=target[0], col=target[1]), random.Random(0))
    after = step.state
    if after.phase == "lake_choice":
        rep = data.draw(st.sampled_from(after.lake_options))
        after = GAME.apply(after, 0, Keep(row=rep[0], col=rep[1]), random.Random(0)).state
    assert len(groups(Lake(after.cards, ()).cards)) == 1
    assert len(after.cards) + after.discarded_cards == len(lake)


def test_wi18_card_cells_cover_the_two_by_two_block() -> None:
    assert {cell for cell, _ in card_cells((2, 3), UP[0])} == covered((2, 3))

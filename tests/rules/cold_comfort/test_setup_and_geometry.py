"""Set-up (CC-1 – CC-9, CX-1, CX-11) and map geometry (CC-3, CC-5, CC-22 – CC-26, CX-3)."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.cold_comfort.rules_board import board_of, distance, legal_placements
from rules.cold_comfort.rules_dice import dice_for
from rules.cold_comfort.rules_tiles import TILES, placed_squares, printed_streets
from rules.cold_comfort.state import PlacedTile
from tests.rules.cold_comfort.helpers import C10, C13, cx1, make_state, setup


def test_cc3_every_value_appears_on_twenty_lots_and_there_are_24_public_squares() -> None:
    cells = Counter(c for t in TILES.values() for row in t.rows for c in row)
    assert {v: cells[v] for v in range(1, 7)} == dict.fromkeys(range(1, 7), 20)
    assert cells["P"] == 24


def test_cc3_deck_has_16_west_edged_4_west_and_north_edged_and_4_plain_tiles() -> None:
    edges = Counter("+".join(t.street_edges) for t in TILES.values())
    assert edges == {"W": 16, "W+N": 4, "": 4}


def test_cc5_c05_turned_180_at_3_0_lands_as_in_cx4_with_its_street_edge_to_the_east() -> None:
    squares = dict(placed_squares("C05", 3, 0, 180))
    assert squares == {(3, 2): 3, (4, 2): 5, (3, 1): 4, (4, 1): 1, (3, 0): 2, (4, 0): 6}
    assert set(printed_streets("C05", 3, 0, 180)) == {(5, 0), (5, 1), (5, 2)}


def test_cc5_c19_turned_270_at_minus1_4_lands_as_in_cx1() -> None:
    squares = dict(placed_squares("C19", -1, 4, 270))
    assert squares == {(-1, 4): 3, (0, 4): 0, (1, 4): 0, (-1, 5): 5, (0, 5): 6, (1, 5): 1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cc1_dice_and_trigger_follow_the_player_count(players: int) -> None:
    state = make_state(players=players)
    assert dice_for(players) == {2: 12, 3: 15, 4: 18, 5: 21, 6: 24}[players]
    assert state.trigger == players + 3


def test_cx1_heart_tiles_get_dice_on_matching_empty_lots_only() -> None:
    state = cx1()
    assert state.dice_map() == {
        (-2, 1): 6,
        (-1, 2): 2,
        (-1, 0): 1,
        (-2, 0): 5,
        (1, 2): 4,
        (2, 0): 5,
        (2, 1): 2,
        (1, 1): 6,
    }
    assert state.pool == 4


def test_cx1_two_players_place_no_third_slot_when_the_pool_is_under_six() -> None:
    state = cx1()
    assert [(t.tile_id, t.x, t.y, t.rotation) for t in state.tiles] == [C13, C10]


def test_cx1_after_setup_deck_gold_turn_and_phase() -> None:
    state = cx1()
    assert len(state.deck) == 22
    assert state.gold == (10, 9)
    assert state.active_seat == 1 and state.start_seat == 1
    assert state.phase == "manage" and state.turn_number == 1


def test_cx1_streets_and_neighbourhoods_after_setup() -> None:
    board = board_of(cx1().tiles)
    assert sorted(board.streets) == [(0, 0), (0, 1), (0, 2), (1, 3), (2, 3)]
    assert board.neighbourhoods == ((0,), (1,)) and board.values == (2, 2)


def test_cx1_three_players_add_c19_north_and_stop_before_slot_4() -> None:
    state = setup(
        3,
        start=2,
        deck_top=["C13", "C10", "C19"],
        rolls=[6, 6, 2, 3, 1, 5, 4, 4, 5, 1, 2, 6, 5, 5, 1, 3, 2, 6],
    )
    assert [(t.tile_id, t.x, t.y, t.rotation) for t in state.tiles][2] == ("C19", -1, 4, 270)
    on_c19 = {s: v for s, v in state.dice_map().items() if s[1] >= 4}
    assert on_c19 == {(-1, 5): 5, (1, 5): 1, (-1, 4): 3, (0, 5): 6}
    assert state.pool == 3 and len(state.tiles) == 3
    assert state.gold == (11, 9, 10)


def test_cc7_four_heart_slots_when_the_pool_stays_large() -> None:
    rolls = [1] * 24  # one die settles per tile, so the pool never drops below six
    state = setup(6, start=1, deck_top=["C01", "C02", "C03", "C04"], rolls=rolls)
    assert [(t.x, t.y, t.rotation) for t in state.tiles] == [
        (-2, 0, 180),
        (1, 0, 0),
        (-1, 4, 270),
        (-1, -3, 90),
    ]
    assert state.pool == 24 - 4


def test_cc22_heart_with_four_slots_makes_the_corner_gaps_streets() -> None:
    tiles = [C13, C10, ("C03", -1, 4, 270), ("C07", -1, -3, 90)]  # C03, C07: no printed edge
    board = board_of(make_state(tiles=tiles).tiles)
    assert {(-1, 3), (1, 3), (-1, -1), (1, -1)} <= board.streets
    assert (0, 3) not in board.streets and (0, -1) not in board.streets


def test_cx11_four_players_gold_by_turn_order_from_start_seat_3() -> None:
    state = setup(4, start=3, deck_top=[], rolls=[1, 1, 1, 1, 1, 1] * 4)
    assert state.gold == (11, 12, 9, 10)
    assert state.dice_total == 18 and state.trigger == 7
    assert state.active_seat == 2


def test_cc2_every_seat_starts_with_two_hotels_of_each_value() -> None:
    state = cx1()
    assert state.supply == ((2, 2, 2, 2, 2, 2), (2, 2, 2, 2, 2, 2))
    assert state.points == (0, 0)


@pytest.mark.parametrize(
    ("placement", "legal"),
    [
        ((3, 0, 0), False),
        ((3, 0, 180), True),
        ((4, 0, 0), True),
        ((5, 0, 0), False),
        ((1, 3, 0), False),
        ((-4, 0, 180), False),
        ((-4, 0, 0), True),
    ],
)
def test_cx3_placement_table(placement: tuple[int, int, int], legal: bool) -> None:
    board = board_of(cx1().tiles)
    assert (placement in legal_placements(board, "C05")) is legal


def test_cx3_there_are_142_legal_placements_split_by_rotation() -> None:
    placements = legal_placements(board_of(cx1().tiles), "C05")
    by_rotation = Counter(r for _, _, r in placements)
    assert len(placements) == 142
    assert by_rotation == {0: 36, 90: 33, 180: 36, 270: 37}


def test_cc25_tiles_one_street_apart_are_different_neighbourhoods() -> None:
    board = board_of(make_state(tiles=[C13, C10, ("C05", 4, 0, 0)]).tiles)
    assert board.neighbourhoods == ((0,), (1,), (2,))
    assert (3, 1) in board.streets  # CC-22 rule 3: the one-square gap


def test_cc25_touching_tiles_form_one_neighbourhood_with_summed_value() -> None:
    board = board_of(make_state(tiles=[C13, C10, ("C05", 3, 0, 180)]).tiles)
    assert board.neighbourhoods == ((0,), (1, 2))
    assert board.values == (2, 3)  # C10: 1 tile + 1 P; C05: 1 tile


def test_cc26_walking_distance_ignores_obstacles() -> None:
    assert distance((4, 0), (-2, 2)) == 8
    assert distance((0, 6), (2, 0)) == 8


def test_cc24_every_tile_has_a_legal_placement_on_the_heart() -> None:
    tiles = (PlacedTile(tile_id="C13", x=-2, y=0, rotation=180, order=0),)
    board = board_of(tiles)
    assert all(legal_placements(board, t) for t in TILES)

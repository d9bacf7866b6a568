"""Winter's choice paths (`rules/winter/choices.py`): a card's turn, then its spot lettered on the
picture; a thaw move's card, then its new spot; each option saying what it does."""

from __future__ import annotations

import random

from rules.choices import MAX_CHOICES, Path
from rules.engine import Engine
from rules.playout import next_actor
from rules.winter import GAME
from rules.winter.rules_geometry import cell_label, frame
from rules.winter.state import WinterState
from tests.rules.winter.helpers import at, play, position_r
from tests.rules.winter.test_freezing import wx1_start
from tests.rules.winter.test_thawing import position_s
from tests.support.choice_paths import checked_paths


def paths_of(state: WinterState, seat: int) -> list[Path | None]:
    return checked_paths(GAME, state, seat)


def by_label(state: WinterState, seat: int) -> dict[str, Path]:
    """Each legal move's path, keyed by the move's label."""
    legal = GAME.legal_actions(state, seat)
    out = {}
    for action, path in zip(legal, paths_of(state, seat), strict=True):
        assert path is not None
        out[GAME.text.label(state, action)] = path
    return out


def test_wx1_the_opening_card_is_placed_by_its_turn_then_a_lettered_spot_in_reading_order() -> None:
    state = wx1_start()
    paths = by_label(state, 1)
    assert {p[0].label for p in paths.values()} == {"Upright", "Turned down"}
    up = {label: p for label, p in paths.items() if label.endswith(", upright")}
    # WX-1's twelve spots, read row by row from the top: B1 C1 D1, A2 E2, A3 E3, A4 E4, B5 C5 D5
    order = ["B1", "C1", "D1", "A2", "E2", "A3", "E3", "A4", "E4", "B5", "C5", "D5"]
    for letter, spot in zip("ABCDEFGHIJKL", order, strict=True):
        path = up[f"Place card at {spot}, upright"]
        assert len(path) == 2
        assert path[1].label == f"Spot {letter}"
        assert path[1].at == at(state, spot)
        assert path[1].detail.startswith(f"At {spot}:")


def test_wx1_a_spot_says_which_square_the_card_would_make() -> None:
    state = play(wx1_start(), 1, "place E3 up")
    state = play(play(state, 0, "colour dark"), 0, "draw")
    paths = by_label(state, 0)
    frame_origin = frame((c.row, c.col) for c in state.cards)
    # WX-1: card 12 turned down at (2, 1) makes the dark square (1, 1), seat 1's colour
    name = cell_label((2, 1), frame_origin)
    square = cell_label((1, 1), frame_origin)
    detail = paths[f"Place card at {name}, turned down"][-1].detail
    assert f"dark square {square} (yours)" in detail


def big_placement() -> WinterState:
    """A seeded game played by drawing every turn, up to a card with more than 25 spots a turn."""
    engine = Engine(GAME)
    state = engine.setup(2, None, "choices/big")
    rng = random.Random(1)
    for ply in range(1, 60):
        seat = next_actor(GAME, state)
        assert seat is not None
        legal = list(GAME.legal_actions(state, seat))
        if state.phase == "place_drawn" and len(legal) > 2 * MAX_CHOICES:
            return state
        draw = [a for a in legal if a.type == "draw"]
        action = draw[0] if draw else legal[rng.randrange(len(legal))]
        state = engine.act(state, seat, action, seed="choices/big", ply=ply).state
    raise AssertionError("the lake never offered more than 25 spots")


def test_a_lake_with_more_than_25_spots_is_narrowed_by_part_of_the_lake_first() -> None:
    state = big_placement()
    paths = paths_of(state, state.active)
    assert all(p is not None and len(p) == 3 for p in paths)
    regions = {p[1].label for p in paths if p is not None}
    assert len(regions) > 1
    centre_row = sum(c.row for c in state.cards) / len(state.cards)
    for path in paths:
        assert path is not None
        assert path[2].label.startswith("Spot ") and path[2].at is not None
        if path[1].label == "Top":
            assert path[2].at[0] < centre_row
        if path[1].label == "Bottom":
            assert path[2].at[0] > centre_row


def test_wx7_a_thaw_move_is_the_card_then_its_new_spot_and_turn_with_the_square_it_claims() -> None:
    state = position_r()
    paths = by_label(state, 0)
    moves = {label: p for label, p in paths.items() if label.startswith("Move")}
    assert len(moves) == 3
    for path in moves.values():
        assert [step.label for step in path[:2]] == ["Move a card", "Card G3"]
        assert path[1].at == at(state, "G3")
    e1 = next(p for label, p in moves.items() if label.startswith("Move G3 to E1, upright"))
    assert e1[2].label.endswith(", upright") and e1[2].at == at(state, "E1")
    assert "claims E2" in e1[2].detail


def test_wx5_removing_g3_says_it_melts_i3_and_k3_with_a_light_counter() -> None:
    paths = by_label(position_r(), 0)
    remove = paths["Remove card G3"]
    assert remove[0].style == "danger" and remove[1].style == "danger"
    assert "melts I3, K3 with 1 light counter" in remove[1].detail


def test_wx11_taking_the_last_counter_is_red_and_says_you_lose() -> None:
    state = play(position_r(), 0, "remove G3")
    paths = by_label(state, 1)
    assert list(paths) == ["Take back counter D6"]
    (path,) = paths.values()
    assert path[-1].style == "danger" and "you lose" in path[-1].detail


def test_wx8_keeping_a_group_says_what_melts() -> None:
    state = play(position_s(), 0, "remove G3")
    paths = by_label(state, 0)
    keep = paths["Keep the group of C3 (3 cards)"]
    assert len(keep) == 1
    assert "I3" in keep[0].detail and "1 light counter" in keep[0].detail


def test_wi4_the_colour_choice_names_the_other_player() -> None:
    state = play(wx1_start(), 1, "place E3 up")
    paths = by_label(state, 0)
    assert paths["Play dark blue"][0].detail.startswith("{s1} plays light blue")

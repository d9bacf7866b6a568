"""Cold Comfort's choice paths (`rules/cold_comfort/choices.py`): the drawn tile's turn, a part of
the town, a spot lettered on the picture; management by kind, then value or hotel, then spot."""

from __future__ import annotations

from rules.choices import MAX_CHOICES, Path
from rules.cold_comfort import GAME
from rules.cold_comfort.actions import Action, End, Fire, Grow, Mine
from rules.cold_comfort.state import ColdComfortState
from tests.rules.cold_comfort.helpers import act, cx1
from tests.rules.cold_comfort.test_fire import cx7
from tests.rules.cold_comfort.test_turns import cx2, cx3
from tests.support.choice_paths import checked_paths


def paths_of(state: ColdComfortState, seat: int) -> list[Path | None]:
    return checked_paths(GAME, state, seat)


def path_of(state: ColdComfortState, seat: int, action: Action) -> Path | None:
    legal = list(GAME.legal_actions(state, seat))
    return paths_of(state, seat)[legal.index(action)]


def test_cx3_a_placement_is_the_tiles_turn_then_a_part_of_the_town_then_a_lettered_spot() -> None:
    state = cx3()
    assert state.phase == "grow"
    paths = paths_of(state, 0)
    offered = [p for p in paths if p is not None]
    assert {p[0].label for p in offered} == {
        "Turned 0°",
        "Turned 90°",
        "Turned 180°",
        "Turned 270°",
    }
    for path in offered:
        assert 2 <= len(path) <= 3
        assert path[-1].label.startswith("Spot ") and path[-1].at is not None
    # CX-3: (3,0) turned 180° touches C10; (4,0) turned 0° sits one street away from it
    touching = path_of(state, 0, Grow(x=3, y=0, rotation=180))
    assert touching is not None and touching[-1].at == (3, 0)
    assert "touches C10" in touching[-1].detail
    across = path_of(state, 0, Grow(x=4, y=0, rotation=0))
    assert across is not None and "across a street from C10" in across[-1].detail


def test_cx3_spots_far_off_the_town_that_change_nothing_are_few_and_still_typed() -> None:
    state = cx3()
    legal = list(GAME.legal_actions(state, 0))
    paths = paths_of(state, 0)
    typed = [a for a, p in zip(legal, paths, strict=True) if p is None]
    assert len(legal) == 142  # CX-3
    assert 0 < len(typed) <= len(legal) // 3
    for action in typed:  # each can still be typed
        assert isinstance(action, Grow)
        text = f"grow ({action.x},{action.y}) rot {action.rotation}"
        assert GAME.text.parse(state, 0, text, legal) == action


def test_each_view_letters_at_most_25_spots_in_the_order_of_the_map() -> None:
    state = cx3()
    views: dict[tuple[str, ...], list[tuple[str, tuple[int, int]]]] = {}
    for path in paths_of(state, 0):
        if path is not None:
            assert path[-1].at is not None
            views.setdefault(tuple(c.label for c in path[:-1]), []).append(
                (path[-1].label, path[-1].at)
            )
    for spots in views.values():
        assert len(spots) <= MAX_CHOICES
        assert [label for label, _ in spots] == [f"Spot {chr(65 + n)}" for n in range(len(spots))]
        assert [at for _, at in spots] == sorted(at for _, at in spots)


def test_cx2_a_build_is_the_kind_then_the_value_then_the_lot_with_its_cost() -> None:
    state = cx1()
    legal = list(GAME.legal_actions(state, 1))
    build_3 = next(a for a in legal if a.type == "build" and (a.x, a.y) == (1, 0))
    path = path_of(state, 1, build_3)
    assert path is not None
    assert [c.label for c in path[:2]] == ["Build a hotel", "Value 3"]
    assert path[-1].at == (1, 0) and "$6" in path[-1].detail


def test_cx2_end_turn_is_grey_and_says_whether_the_town_grows() -> None:
    state = cx2()
    path = path_of(state, 1, End())
    assert path is not None and len(path) == 1
    assert path[0].style == "quiet"
    assert path[0].detail == "Pool 4 of 5 dice: no scoring round yet"


def test_cx3_mining_is_the_kind_then_the_camper() -> None:
    state = act(cx2(), 2, End())
    path = path_of(state, 0, Mine(x=-2, y=1))
    assert path is not None and path[0].label == "Mine a camper"
    assert path[-1].at == (-2, 1) and "The 6 at (-2,1)" in path[-1].detail


def test_cx7_a_fire_is_red_and_says_its_insurance_and_where_it_spreads() -> None:
    path = path_of(cx7(), 0, Fire(x=2, y=1))
    assert path is not None and all(step.style == "danger" for step in path)
    assert "+$2" in path[-1].detail and "(1,1), (2,2), (3,1)" in path[-1].detail


def test_cx7_passing_the_fire_names_whose_hotel_burns() -> None:
    state = act(cx7(), 1, Fire(x=2, y=1))
    paths = paths_of(state, 0)
    details = {p[-1].at: p[-1].detail for p in paths if p is not None}
    assert "{s1}'s empty 6 burns" in details[(1, 1)]
    assert "public building" in details[(2, 2)]
    assert "guest leaves" in details[(3, 1)]

"""The Winter lake picture is a real PNG of sensible size in every kind of position."""

from __future__ import annotations

import io

from PIL import Image

from bench import bench_winter
from cogs.games.winter import picture
from rules.winter import GAME
from rules.winter.state import WinterState
from tests.rules.winter.helpers import play, position_r
from tests.rules.winter.test_freezing import wx1_start
from tests.rules.winter.test_thawing import position_s, wx9


def opened(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def full_lake() -> WinterState:
    """Deal all 18 cards by drawing every Freezing turn."""
    return bench_winter.full_lake(counters=0)


def test_an_opening_lake_with_a_drawn_card_renders() -> None:
    image = opened(picture(GAME.observe(wx1_start(), None)))
    assert 300 <= image.width <= 1200 and 200 <= image.height <= 1000


def test_a_mid_game_lake_renders_with_hints_for_the_seat_to_act() -> None:
    plain = picture(GAME.observe(position_r(), 0))
    hinted = picture(GAME.observe(position_r(), 0), hints=True)
    assert opened(hinted).size == opened(plain).size
    assert hinted != plain


def test_placement_hints_mark_the_legal_spots() -> None:
    obs = GAME.observe(wx1_start(), 1)
    assert picture(obs, hints=True) != picture(obs)


def test_a_full_lake_of_eighteen_cards_renders_at_a_readable_size() -> None:
    state = full_lake()
    image = opened(picture(GAME.observe(state, None), hints=True))
    assert image.width >= 400 and image.height >= 400
    assert image.width <= 2400 and image.height <= 2400


def test_lake_choice_and_move_counters_positions_render() -> None:
    for state in (play(position_s(), 0, "remove G3"), play(wx9(), 0, "move E12 to E11 up")):
        opened(picture(GAME.observe(state, 0), hints=True))


def test_an_observation_given_as_json_data_renders_the_same() -> None:
    obs = GAME.observe(position_r(), None)
    assert picture(obs.model_dump(mode="json")) == picture(obs)


def test_an_empty_lake_still_renders_its_frame() -> None:
    obs = GAME.observe(position_r(), None).model_copy(update={"cards": [], "counters": []})
    opened(picture(obs))

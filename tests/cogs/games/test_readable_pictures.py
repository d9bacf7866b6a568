"""Winter's and Cold Comfort's pictures read on a phone: text sized from the picture's width
(shown 400 px wide, at least Discord's own 12 px), players named in the legend and the alt text,
the panel's lettered spots drawn where the moves go, and the crop covering every card or tile and
every spot, and no more than one square around them."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from cogs.games import ALT_TEXT, PICTURES, cold_comfort, winter
from cogs.games.layers import PHONE_TEXT, PHONE_WIDTH, SPOT_FILL
from rules import GAMES
from rules.choices import Node, build
from rules.engine import Engine
from rules.playout import next_actor

NAMES = ("Ana", "Bo", "Frost 🤖")


def positions(key: str, seats: int, seed: str, every: int = 7) -> Iterator[tuple[Any, int | None]]:
    """Every `every`-th position of a seeded game of heuristic players, and its seat to act."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(seats, {}, seed)
    agent = game.agents["heuristic"]()
    for ply in range(1, 400):
        seat = next_actor(game, state)
        if (ply - 1) % every == 0 or seat is None:
            yield state, seat
        if seat is None or game.outcome(state) is not None:
            return
        legal = game.legal_actions(state, seat)
        action = agent.choose(game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat))
        state = engine.act(state, seat, action, seed=seed, ply=ply).state


def spot_views(key: str, state: Any, seat: int) -> list[dict[str, tuple[int, int]]]:
    """Every step of the seat's choice tree whose options are spots: label → place."""
    game = GAMES[key]
    tree = build(game.choice_paths(state, seat, game.legal_actions(state, seat)))
    views: list[dict[str, tuple[int, int]]] = []

    def walk(node: Node) -> None:
        found = {c.label: c.choice.at for c in node.children if c.choice and c.choice.at}
        if found:
            views.append(found)
        for child in node.children:
            if not child.leaf:
                walk(child)

    walk(tree)
    return views


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


CASES = [("winter", 2, "pictures/winter"), ("cold_comfort", 3, "pictures/cold")]


@pytest.mark.parametrize(("key", "seats", "seed"), CASES)
def test_text_shown_400_px_wide_is_at_least_discords_own_size(
    key: str, seats: int, seed: str
) -> None:
    module = winter if key == "winter" else cold_comfort
    for state, _ in positions(key, seats, seed):
        obs = GAMES[key].observe(state, None)
        lay = module.layout(obs, NAMES)
        shown = PHONE_WIDTH / lay.width
        assert lay.text * shown >= PHONE_TEXT
        assert opened(module.picture(obs, names=NAMES)).width == lay.width
        columns = (lay.col_b - lay.col_a + 1) if key == "winter" else (lay.x1 - lay.x0 + 1)
        most = 16 if key == "winter" else 22  # in a cell too, while the board is no wider
        if columns <= most:
            assert lay.cell_text * shown >= PHONE_TEXT


@pytest.mark.parametrize(("key", "seats", "seed"), CASES)
def test_legends_and_alt_text_name_the_players_never_their_seat_numbers(
    key: str, seats: int, seed: str
) -> None:
    module = winter if key == "winter" else cold_comfort
    for state, _ in positions(key, seats, seed, every=25):
        obs = GAMES[key].observe(state, None)
        alt = ALT_TEXT[key](obs, NAMES)
        assert len(alt) <= 1000
        assert "seat" not in alt.lower()
        for name in NAMES[:seats]:
            assert name.split(" ")[0] in alt
        legend = " ".join(text for _, text in module.layout(obs, NAMES).foot)
        assert "seat" not in legend.lower()
        for name in ("Ana", "Bo", "Frost")[:seats]:
            assert name in legend
        assert module.picture(obs, names=NAMES) != module.picture(obs, names=("Cy", "Di", "Ed"))


@pytest.mark.parametrize(("key", "seats", "seed"), CASES)
def test_every_spot_of_the_panel_is_drawn_as_a_yellow_marker_inside_the_crop(
    key: str, seats: int, seed: str
) -> None:
    module = winter if key == "winter" else cold_comfort
    drawn = 0
    for state, seat in positions(key, seats, seed, every=3):
        if seat is None:
            continue
        obs = GAMES[key].observe(state, None)
        for spots in spot_views(key, state, seat)[:3]:
            lay = module.layout(obs, NAMES, spots, True)
            png = PICTURES[key](obs, hints=True, names=NAMES, spots=spots)
            assert png is not None
            image = opened(png)
            for at in spots.values():
                if key == "winter":
                    assert lay.row_a <= at[0] and at[0] + 1 <= lay.row_b
                    assert lay.col_a <= at[1] and at[1] + 1 <= lay.col_b
                    x, y = lay.xy(at[0] + 1, at[1] + 1)
                    size = winter.CELL * 0.92
                else:
                    assert lay.x0 <= at[0] <= lay.x1 and lay.y0 <= at[1] <= lay.y1
                    left, top, right, bottom = lay.box(*at)
                    x, y = (left + right) / 2, (top + bottom) / 2
                    size = cold_comfort.CELL * 0.92
                # the disc's yellow, above its letter
                assert image.getpixel((int(x), int(y - size * 0.33))) == _rgb(SPOT_FILL)
                drawn += 1
    assert drawn > 20


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def test_winter_crop_covers_every_card_with_at_most_two_cells_around() -> None:
    for state, _ in positions("winter", 2, "pictures/winter-crop", every=5):
        obs = GAMES["winter"].observe(state, None)
        lay = winter.layout(obs, NAMES)
        rows = [c.row for c in obs.cards] + [c.row + 1 for c in obs.cards]
        cols = [c.col for c in obs.cards] + [c.col + 1 for c in obs.cards]
        assert lay.row_a <= min(rows) and max(rows) <= lay.row_b
        assert lay.col_a <= min(cols) and max(cols) <= lay.col_b
        assert min(rows) - lay.row_a <= 2 and lay.col_b - max(cols) <= 2


def test_cold_comfort_shows_the_town_not_an_empty_grid_around_it() -> None:
    for state, _ in positions("cold_comfort", 4, "pictures/cold-crop", every=15):
        obs = GAMES["cold_comfort"].observe(state, None)
        lay = cold_comfort.layout(obs, NAMES)
        xs = [s.x for s in obs.squares] + [x for x, _ in obs.streets] + [0]
        ys = [s.y for s in obs.squares] + [y for _, y in obs.streets] + [0, 2]
        assert (lay.x0, lay.x1, lay.y0, lay.y1) == (
            min(xs) - 1,
            max(xs) + 1,
            min(ys) - 1,
            max(ys) + 1,
        )


def test_cold_comfort_hints_without_spots_still_reach_every_legal_anchor() -> None:
    for state, seat in positions("cold_comfort", 2, "pictures/cold-hints", every=1):
        if state.phase == "grow":
            obs = GAMES["cold_comfort"].observe(state, seat)
            lay = cold_comfort.layout(obs, NAMES, None, True)
            for x, y, _ in obs.drawn_placements:
                assert lay.x0 <= x <= lay.x1 and lay.y0 <= y <= lay.y1
            return
    raise AssertionError("no tile was drawn")


def test_an_ai_players_emoji_is_left_out_of_the_picture_but_its_name_stays() -> None:
    state = Engine(GAMES["cold_comfort"]).setup(3, {}, "pictures/emoji")
    lay = cold_comfort.layout(GAMES["cold_comfort"].observe(state, None), NAMES)
    assert any(text.startswith("Frost · $") for _, text in lay.foot)

"""Cold Comfort's city picture: a valid PNG for small and large maps and every pending choice;
the last scoring as its legend says it."""

from __future__ import annotations

import io

from PIL import Image

from cogs.games.cold_comfort import picture
from cogs.games.cold_comfort_words import last_scoring, player_lines
from rules.cold_comfort import GAME
from rules.cold_comfort.observation import NeighbourhoodScoreView
from rules.cold_comfort.rules_board import board_of, legal_placements
from rules.cold_comfort.state import ColdComfortState, PlacedTile
from rules.engine import Engine
from rules.playout import play_out


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def large_map(tiles: int = 15) -> ColdComfortState:
    """A finished heuristic game, grown to `tiles` tiles with the first legal placements."""
    state: ColdComfortState = play_out(GAME, 4, 5, [GAME.agents["heuristic"]()] * 4).state
    deck = list(state.deck)
    while len(state.tiles) < tiles:
        tile = deck.pop(0)
        x, y, r = legal_placements(board_of(state.tiles), tile)[0]
        placed = PlacedTile(tile_id=tile, x=x, y=y, rotation=r, order=len(state.tiles))
        state = state.model_copy(update={"tiles": (*state.tiles, placed)})
    return state


def test_the_heart_of_the_city_renders_as_a_png() -> None:
    state = Engine(GAME).setup(2, None, 1)
    image = _png(picture(GAME.observe(state, None)))
    assert image.width > 300 and image.height > 300


def test_a_15_tile_city_renders_larger_than_the_heart() -> None:
    small = _png(picture(GAME.observe(Engine(GAME).setup(2, None, 1), None)))
    large = _png(picture(GAME.observe(large_map(), None)))
    assert large.width * large.height > small.width * small.height


def test_the_grow_phase_with_hints_renders() -> None:
    engine = Engine(GAME)
    state = engine.setup(2, None, 2)
    ply = 0
    while state.phase != "grow":  # mine every turn until the pool triggers a scoring round
        ply += 1
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = next((a for a in legal if a.type == "mine"), legal[-1])
        state = engine.act(state, seat, action, seed=2, ply=ply).state
    obs = GAME.observe(state, None)
    assert obs.drawn_tile is not None
    assert picture(obs, hints=True) != picture(obs)
    _png(picture(obs.model_dump(mode="json"), hints=True))  # a plain dict works too


def test_a_finished_game_renders_the_outcome() -> None:
    obs = GAME.observe(large_map(13), None)
    assert obs.outcome is not None
    _png(picture(obs))


def test_cc27_the_boards_last_scoring_names_who_scored_and_counts_the_rest() -> None:
    hood = NeighbourhoodScoreView(
        tiles=["C03"], value=2, best={}, gang=3, winners=[], points_each=0
    )
    won = hood.model_copy(
        update={"tiles": ["C04", "C01"], "value": 4, "winners": [1], "points_each": 4}
    )
    obs = GAME.observe(Engine(GAME).setup(2, None, "words/last"), None)
    names = ("Ana", "Bo")
    assert last_scoring(obs.model_copy(update={"last_scoring": [hood]}), names) == (
        "Last scoring: nobody scored"
    )
    assert last_scoring(obs.model_copy(update={"last_scoring": [won, hood]}), names) == (
        "Last scoring: C04+C01 (worth 4): Bo scores 4; nobody scored in the other neighbourhood"
    )
    assert last_scoring(obs.model_copy(update={"last_scoring": [hood, won, hood]}), names) == (
        "Last scoring: C04+C01 (worth 4): Bo scores 4; nobody scored in the other 2"
    )


def test_cc2_each_player_line_lists_the_hotels_left_to_build_as_the_picture_does() -> None:
    """CC-2's supply (two hotels of each value) read as tiles, lowest first, in the same words on
    the board's text and under its picture; "supply 1×2 2×2" is gone."""
    obs = GAME.observe(Engine(GAME).setup(2, None, 1), None)
    tiles = "1 1 2 2 3 3 4 4 5 5 6 6"
    text = GAME.text.describe(obs)
    assert f"0 hotels built; to build {tiles}" in text and "×" not in text
    legend = player_lines(obs, ("Ana", "Bo"))
    assert legend[0] == f"Ana · $10 · 0 points · 0 hotels built · to build {tiles}"


def test_the_boards_text_says_what_the_player_does_as_the_picture_title_does() -> None:
    """ "Ana manages hotels." beside the picture's "Ana to manage hotels" (was "Ana manages.")."""
    obs = GAME.observe(Engine(GAME).setup(2, None, 1), None)
    assert obs.phase == "manage"
    assert f"{{s{obs.to_act[0]}}} manages hotels." in GAME.text.describe(obs).splitlines()

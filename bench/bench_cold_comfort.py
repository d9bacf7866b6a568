"""Cold Comfort: city picture render time and playout speed (`python -m bench cold_comfort`)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench import Row, sized
from cogs.games.cold_comfort import picture
from rules.cold_comfort import GAME
from rules.cold_comfort.rules_board import board_of, legal_placements
from rules.cold_comfort.state import ColdComfortState, PlacedTile
from rules.playout import play_out


def _fifteen_tiles() -> ColdComfortState:
    """A finished 4-player game (13 tiles), grown to 15 tiles: larger than any real map."""
    state: ColdComfortState = play_out(GAME, 4, 5, [GAME.agents["heuristic"]()] * 4).state
    deck = list(state.deck)
    while len(state.tiles) < 15:
        tile = deck.pop(0)
        x, y, r = legal_placements(board_of(state.tiles), tile)[0]
        placed = PlacedTile(tile_id=tile, x=x, y=y, rotation=r, order=len(state.tiles))
        state = state.model_copy(update={"tiles": (*state.tiles, placed)})
    return state


def _rate(agents: list[str], games: int) -> tuple[float, float]:
    started = time.perf_counter()
    plies = 0
    for seed in range(games):
        plies += play_out(GAME, len(agents), seed, [GAME.agents[a]() for a in agents]).plies
    took = time.perf_counter() - started
    return games / took, plies / took


def rows() -> Iterator[Row]:
    obs = GAME.observe(_fifteen_tiles(), None)
    picture(obs)  # warm the font cache
    runs, games = sized(20, 5), sized(20, 5)
    started = time.perf_counter()
    for _ in range(runs):
        picture(obs)
    yield ("cold_comfort picture, 15 tiles", (time.perf_counter() - started) * 1000 / runs, "ms")
    random_games, random_plies = _rate(["random"] * 4, games)
    yield ("cold_comfort playouts, 4 random", random_games, "games/s")
    yield ("cold_comfort plies, 4 random", random_plies, "plies/s")
    mixed_games, _ = _rate(["heuristic", "random", "random", "random"], games)
    yield ("cold_comfort playouts, heuristic + 3 random", mixed_games, "games/s")

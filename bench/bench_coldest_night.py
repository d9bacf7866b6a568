"""The Coldest Night: whole games per second with random and heuristic agents at four seats."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench import Row, sized
from rules.coldest_night import GAME
from rules.playout import play_out

GAMES = 200
SEATS = 4


def _rate(kind: str, games: int) -> float:
    started = time.perf_counter()
    for seed in range(games):
        play_out(GAME, SEATS, f"bench/{seed}", [GAME.agents[kind]() for _ in range(SEATS)])
    return games / (time.perf_counter() - started)


def rows() -> Iterator[Row]:
    games = sized(GAMES, 20)
    yield ("coldest_night random playouts", _rate("random", games), "games/s")
    yield ("coldest_night heuristic playouts", _rate("heuristic", games), "games/s")

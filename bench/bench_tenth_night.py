"""The 10th Night: whole AI games per second (random and heuristic agents, 2 and 4 seats)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench import Row, sized
from rules.playout import play_out
from rules.tenth_night import GAME

GAMES_PER_ROW = 10


def _rate(agent: str, seats: int, games: int) -> float:
    started = time.perf_counter()
    for seed in range(games):
        play_out(GAME, seats, f"bench{seed}", [GAME.agents[agent]() for _ in range(seats)])
    return games / (time.perf_counter() - started)


def rows() -> Iterator[Row]:
    games = sized(GAMES_PER_ROW, 3)
    for agent in ("random", "heuristic"):
        for seats in (2, 4):
            rate = _rate(agent, seats, games)
            yield (f"tenth_night {agent} playouts, {seats} seats", rate, "games/s")

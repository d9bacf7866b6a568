"""The 10th Night: whole AI games per second (random and heuristic agents, 2 and 4 seats)."""

from __future__ import annotations

from collections.abc import Iterator

from bench import Row, playouts_per_second, sized
from rules.tenth_night import GAME

GAMES_PER_ROW = 10


def _rate(agent: str, seats: int, games: int) -> float:
    return playouts_per_second(GAME, agent, seats, games, "bench{}")


def rows() -> Iterator[Row]:
    games = sized(GAMES_PER_ROW, 3)
    for agent in ("random", "heuristic"):
        for seats in (2, 4):
            rate = _rate(agent, seats, games)
            yield (f"tenth_night {agent} playouts, {seats} seats", rate, "games/s")

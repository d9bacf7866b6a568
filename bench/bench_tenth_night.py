"""The 10th Night: whole AI games per second (random and heuristic agents, 2 and 4 seats)."""

from __future__ import annotations

import time

from rules.playout import play_out
from rules.tenth_night import GAME

GAMES_PER_ROW = 10


def _rate(agent: str, seats: int) -> float:
    started = time.perf_counter()
    for seed in range(GAMES_PER_ROW):
        play_out(GAME, seats, f"bench{seed}", [GAME.agents[agent]() for _ in range(seats)])
    return GAMES_PER_ROW / (time.perf_counter() - started)


def rows() -> list[tuple[str, float, str]]:
    out = []
    for agent in ("random", "heuristic"):
        for seats in (2, 4):
            out.append(
                (f"tenth_night {agent} playouts, {seats} seats", _rate(agent, seats), "games/s")
            )
    return out

"""The Coldest Night: whole games per second with random and heuristic agents at four seats."""

from __future__ import annotations

from collections.abc import Iterator

from bench import Row, playouts_per_second, sized
from rules.coldest_night import GAME

GAMES = 200
SEATS = 4


def _rate(kind: str, games: int) -> float:
    return playouts_per_second(GAME, kind, SEATS, games, "bench/{}")


def rows() -> Iterator[Row]:
    games = sized(GAMES, 20)
    yield ("coldest_night random playouts", _rate("random", games), "games/s")
    yield ("coldest_night heuristic playouts", _rate("heuristic", games), "games/s")

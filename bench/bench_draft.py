"""The generic working copy (`rules.draft`): The Coldest Night's random playouts per second with
`freeze` building states without validation, against the same playouts with every freeze fully
validated (what the hand-written `Table.freeze` cost before). Interleaved, median of repeats. The
plain playout path (`fast=False`) is measured: the fast one freezes only once a game."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator

from bench import Row, sized
from rules.coldest_night import GAME
from rules.draft import validating
from rules.playout import play_out

GAMES = 40
REPEATS = 5
SEATS = 4


def _rate(games: int) -> float:
    started = time.perf_counter()
    for seed in range(games):
        play_out(
            GAME,
            SEATS,
            f"bench/{seed}",
            [GAME.agents["random"]() for _ in range(SEATS)],
            fast=False,
        )
    return games / (time.perf_counter() - started)


def rows() -> Iterator[Row]:
    games, repeats = sized(GAMES, 10), sized(REPEATS, 3)
    fast, checked = [], []
    for _ in range(repeats):
        fast.append(_rate(games))
        with validating():
            checked.append(_rate(games))
    rate, base = statistics.median(fast), statistics.median(checked)
    yield ("coldest_night random playouts (draft freeze)", rate, "games/s")
    yield ("coldest_night random playouts (validated freeze)", base, "games/s")
    yield ("draft freeze speed-up on playouts", rate / base, "x")

"""Random playouts per second for every game, the fast path against the plain one (issue 11 §3).

The fast path (`play_out`'s default) plays on the game's working copy (`BaseGame.working`: The
Coldest Night and The 10th Night keep one mutable table, Dead of Winter one state dict, Cold
Comfort and Winter skip events and re-checks), gives no observation to agents that read none,
does not re-check moves taken from the legal list, reseeds one generator per seat instead of
making one a move, and seeds a move's own rng only if the move draws from it. The plain path
(`fast=False`) goes through frozen states and `Engine.act` with every check and observation, as
playouts did before. Both play the same games (`tests/rules/test_playout.py`), and `simulate`
plays the seeded games it played before this work (`tests/rules/test_simulate_outcomes.py`).

Each repeat runs the plain path, then the fast one, in the same process; the figure is the median
of the repeats. The ratio is what to compare between machines, since this one is shared and its
absolute speed varies; The Coldest Night's absolute rate is the issue's goal (1,000 games/s).
"""

from __future__ import annotations

import statistics
import time

from rules import GAMES
from rules.playout import play_out

REPEATS = 5
# game → (seats, games per run): enough games for a run of a second or so on the fast path
PLAN: dict[str, tuple[int, int]] = {
    "coldest_night": (4, 60),
    "winter": (2, 12),
    "cold_comfort": (4, 4),
    "tenth_night": (2, 3),
    "dead_of_winter": (4, 3),
}


def _rate(key: str, fast: bool) -> float:
    game = GAMES[key]
    seats, games = PLAN[key]
    started = time.perf_counter()
    for seed in range(games):
        agents = [game.agents["random"]() for _ in range(seats)]
        play_out(game, seats, f"bench/{seed}", agents, fast=fast)
    return games / (time.perf_counter() - started)


def rows() -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    for key, (seats, _) in PLAN.items():
        fast, plain = [], []
        for _ in range(REPEATS):
            plain.append(_rate(key, fast=False))
            fast.append(_rate(key, fast=True))
        rate, base = statistics.median(fast), statistics.median(plain)
        out += [
            (f"{key} random playouts, {seats} seats, fast path", rate, "games/s"),
            (f"{key} random playouts, {seats} seats, plain path", base, "games/s"),
            (f"{key} playout speed-up (fast / plain)", rate / base, "x"),
        ]
    return out

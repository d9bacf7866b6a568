"""Fit Dead of Winter's `colony_chance` (`rules/dead_of_winter/expert.py`): the logistic model
that scores a rollout the expert cuts short.

Seeded co-op games of heuristic players (150 a count at 1–2 seats, 100 at 3–5) are played on the
fast path; about one position in seven is kept with the game's result (did the colony win), and
a logistic regression on `features` is fitted by gradient descent on 80 % of them. It prints the
held-out log loss against a constant guess and the weights to copy into `WEIGHTS` and `BIAS`.

    python -m bench.bench_expert_fit            # about 80 s of CPU
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from rules import GAMES
from rules.core import Agent
from rules.dead_of_winter.expert import features
from rules.engine import Engine
from rules.playout import MoveRng

GAMES_PER_COUNT = {1: 150, 2: 150, 3: 100, 4: 100, 5: 100}
KEEP = 0.15  # the share of positions kept


def positions(seats: int, games: int) -> list[tuple[list[float], int]]:
    game = GAMES["dead_of_winter"]
    out: list[tuple[list[float], int]] = []
    for n in range(games):
        seed = f"fit/{seats}/{n}"
        work = game.working(Engine(game).setup(seats, {"mode": "coop"}, seed))
        agents: dict[int, Agent] = {}
        rng, pick, ply = MoveRng(), random.Random(n), 0
        kept: list[list[float]] = []
        while (result := work.outcome()) is None:
            seat = min(work.awaiting())
            agent = agents.setdefault(seat, game.agents["heuristic"]())
            legal = work.legal(seat)
            ply += 1
            rng.at(f"{n}/{seat}", ply)
            work.apply(seat, agent.choose(work.observe(seat), legal, rng), n, ply)
            w = work.w  # type: ignore[attr-defined]
            if w["phase"] not in ("ended", "draft") and pick.random() < KEEP:
                kept.append(features(w))
        out += [(x, 1 if result.winners else 0) for x in kept]
    return out


def fit(data: list[tuple[list[float], int]], epochs: int = 300, rate: float = 0.5) -> list[float]:
    """Weights (the last one the bias) by full-batch gradient descent, a little L2."""
    d = len(data[0][0]) + 1
    w = [0.0] * d
    for _ in range(epochs):
        grad = [0.0] * d
        for x, y in data:
            e = _p(w, x) - y
            for i, v in enumerate([*x, 1.0]):
                grad[i] += e * v
        w = [wi - rate * g / len(data) - 1e-4 * wi for wi, g in zip(w, grad, strict=True)]
    return w


def _p(w: list[float], x: list[float]) -> float:
    z = sum(a * b for a, b in zip(w, [*x, 1.0], strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def log_loss(w: list[float], data: list[tuple[list[float], int]]) -> float:
    total = 0.0
    for x, y in data:
        p = min(1 - 1e-9, max(1e-9, _p(w, x)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(data)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games a count, times this")
    args = parser.parse_args(argv)
    data: list[tuple[list[float], int]] = []
    for seats, games in GAMES_PER_COUNT.items():
        data += positions(seats, max(1, round(games * args.scale)))
    random.Random(0).shuffle(data)
    split = int(len(data) * 0.8)
    w = fit(data[:split])
    base = sum(y for _, y in data[:split]) / split
    const = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    print(f"positions {len(data)}, colony won from {100 * base:.1f} % of them")
    print(f"held-out log loss {log_loss(w, data[split:]):.4f} (a constant guess: {const:.4f})")
    print(f"WEIGHTS = {tuple(round(x, 3) for x in w[:-1])}")
    print(f"BIAS = {round(w[-1], 3)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

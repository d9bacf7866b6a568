"""Winter: lake picture render time and playout speed (`python -m bench winter`)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from bench import Row, sized
from cogs.games.winter import picture
from rules.engine import Engine
from rules.playout import next_actor, play_out
from rules.winter import GAME
from rules.winter.actions import WinterAction
from rules.winter.state import WinterState


def full_lake(counters: float = 0.3) -> WinterState:
    """All 18 cards dealt: the largest picture a game can need. Every Freezing turn draws, but
    for a counter placed instead, where one may be, with the chance `counters` (none at 0)."""
    engine = Engine(GAME)
    state = engine.setup(2, None, 3)
    rng = random.Random(1)
    ply = 0
    while len(state.cards) < 18:
        seat = next_actor(GAME, state)
        assert seat is not None
        legal = list(GAME.legal_actions(state, seat))
        placed = [a for a in legal if a.type == "counter"]
        draw = [a for a in legal if a.type == "draw"]
        action: WinterAction
        if placed and counters and rng.random() < counters:
            action = placed[0]
        else:
            action = draw[0] if draw else legal[rng.randrange(len(legal))]
        ply += 1
        state = engine.act(state, seat, action, seed=3, ply=ply).state
    return state


def _per_second(agents: tuple[str, str], games: int) -> tuple[float, float]:
    started = time.perf_counter()
    plies = 0
    for seed in range(games):
        result = play_out(GAME, 2, seed, [GAME.agents[a]() for a in agents])
        plies += result.plies
    took = time.perf_counter() - started
    return games / took, plies / games


def rows() -> Iterator[Row]:
    obs = GAME.observe(full_lake(), None)
    picture(obs, hints=True)  # warm the font cache
    runs = sized(20, 5)
    started = time.perf_counter()
    for _ in range(runs):
        picture(obs)
    yield ("winter picture, full 18-card lake", (time.perf_counter() - started) * 1000 / runs, "ms")
    started = time.perf_counter()
    for _ in range(runs):
        picture(obs, hints=True)
    hinted = (time.perf_counter() - started) * 1000 / runs
    yield ("winter picture, full lake with hints", hinted, "ms")
    random_rate, random_len = _per_second(("random", "random"), sized(50, 10))
    yield ("winter playouts random vs random", random_rate, "games/s")
    yield ("winter random game length", random_len, "plies")
    heur_rate, heur_len = _per_second(("heuristic", "heuristic"), sized(10, 3))
    yield ("winter playouts heuristic vs heuristic", heur_rate, "games/s")
    yield ("winter heuristic game length", heur_len, "plies")

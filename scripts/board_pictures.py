"""Draw the README's board pictures: a seeded game of Winter and of Cold Comfort played a fixed
number of moves by the bot's heuristic players, then drawn by the same renderers the bot posts.

    .venv/bin/python scripts/board_pictures.py [OUT_DIR]     (default: docs/images)

The seeds and move counts are fixed, so the pictures change only when the rules or the drawing do.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from cogs.games import cold_comfort, winter
from rules import GAMES
from rules.engine import Engine
from rules.playout import next_actor

ROOT = Path(__file__).resolve().parent.parent

# (game key, seats, seed, moves to play, renderer, file name)
PICTURES: tuple[tuple[str, int, str, int, Any, str], ...] = (
    ("winter", 2, "readme-winter", 30, winter.picture, "winter.png"),
    ("cold_comfort", 3, "readme-cold-comfort", 60, cold_comfort.picture, "cold_comfort.png"),
)


def position(key: str, seats: int, seed: str, moves: int) -> Any:
    """The state after `moves` moves of heuristic players (fewer if the game ends first)."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(seats, None, seed)
    agent = game.agents["heuristic"]()
    for ply in range(1, moves + 1):
        seat = next_actor(game, state)
        if game.outcome(state) is not None or seat is None:
            break
        legal = game.legal_actions(state, seat)
        action = agent.choose(game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat))
        state = engine.act(state, seat, action, seed=seed, ply=ply).state
    return state


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    for key, seats, seed, moves, draw, name in PICTURES:
        state = position(key, seats, seed, moves)
        names = ("Ana", "Bo", "Cy", "Dee", "Eli")[:seats]  # legends name the players
        png = draw(GAMES[key].observe(state, None), names=names)
        (out / name).write_bytes(png)
        print(f"{out / name}: {len(png) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""What `simulate` makes of seeded games, recorded so a faster playout can be checked against it.

`python -m tests.rules.simulate_outcomes` plays, for every game, `RANDOM_GAMES` seeded all-random
games (across every seat count) and `HEURISTIC_GAMES` all-heuristic ones (`simulate`'s default
agent) through `rules.playout.play_out`, as `simulate` plays them, and writes one line per game
into `data/simulate_outcomes.json`: seats, winners, reason, scores, group score, plies, and digests
of the action log and of the final state. It was recorded from main before the playout work of
issue 11 §3; `test_simulate_outcomes.py` plays the same seeds and compares.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from rules import GAMES
from rules.core import Game
from rules.playout import play_out

DATA = Path(__file__).parent / "data" / "simulate_outcomes.json"
RANDOM_GAMES = 100
# all-heuristic games are slower (Dead of Winter's most of all): a few per game
HEURISTIC_GAMES = {"dead_of_winter": 4}
HEURISTIC_DEFAULT = 10


def plan(game: Game[Any, Any, Any]) -> list[tuple[str, int, str]]:
    """(agent, seats, seed) of every recorded game of `game`."""
    counts = list(range(game.min_seats, game.max_seats + 1))
    out = [("random", counts[n % len(counts)], f"sim/{n}") for n in range(RANDOM_GAMES)]
    heuristic = HEURISTIC_GAMES.get(game.key, HEURISTIC_DEFAULT)
    out += [("heuristic", counts[n % len(counts)], f"sim/h{n}") for n in range(heuristic)]
    return out


def outcome_of(game: Game[Any, Any, Any], agent: str, seats: int, seed: str) -> dict[str, Any]:
    """One game as `simulate` plays it, as a JSON-ready record."""
    agents = [game.agents[agent]() for _ in range(seats)]
    result = play_out(game, seats, seed, agents)
    outcome = result.outcome
    assert outcome is not None
    log = hashlib.sha256()
    for seat, action in result.log:
        log.update(f"{seat}:".encode() + game.action_model.dump_json(action) + b"\n")
    state = hashlib.sha256(result.state.model_dump_json().encode()).hexdigest()[:16]
    return {
        "agent": agent,
        "seats": seats,
        "seed": seed,
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
        "scores": {str(s): v for s, v in sorted(outcome.scores.items())}
        if outcome.scores
        else None,
        "group_score": outcome.group_score,
        "plies": result.plies,
        "log": log.hexdigest()[:16],
        "state": state,
    }


def record() -> None:
    data = {
        key: [outcome_of(game, *row) for row in plan(game)] for key, game in sorted(GAMES.items())
    }
    lines = []
    for key, rows in data.items():
        body = ",\n".join("  " + json.dumps(row, sort_keys=True) for row in rows)
        lines.append(f"{json.dumps(key)}: [\n{body}\n]")
    DATA.write_text("{\n" + ",\n".join(lines) + "\n}\n")


if __name__ == "__main__":
    record()

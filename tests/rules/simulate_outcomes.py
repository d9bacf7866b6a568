"""What `simulate` makes of seeded games, recorded per game so a faster playout can be checked.

`python -m tests.rules.simulate_outcomes [key …]` plays, for each named game (every registered
game without a name), `RANDOM_GAMES` seeded all-random games across every seat count and a few
all-heuristic ones (`simulate`'s default agent) through `rules.playout.play_out`, as `simulate`
plays them, and writes `data/outcomes/<key>.json`: one line per game with its seats, winners,
reason, scores, group score, plies and digests of the action log and of the final state.
`test_simulate_outcomes.py` plays the recorded seeds again and compares; a game with no file yet
is skipped with the command that records it. The five games of the first release were recorded
from main before the playout work of issue 11 §3.

How many all-heuristic games a game records is its file's own: re-recording keeps the count a
file already holds (Dead of Winter's heuristic games are slow: it keeps 4), and a new game
records `HEURISTIC_GAMES`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from rules import GAMES
from rules.core import Game
from rules.playout import play_out

DATA = Path(__file__).parent / "data" / "outcomes"
RANDOM_GAMES = 100
HEURISTIC_GAMES = 10


def path_of(key: str) -> Path:
    return DATA / f"{key}.json"


def recorded(key: str) -> list[dict[str, Any]] | None:
    """The recorded games of `key`, or None when it has none yet."""
    path = path_of(key)
    return json.loads(path.read_text()) if path.exists() else None


def plan(game: Game[Any, Any, Any], heuristic: int = HEURISTIC_GAMES) -> list[tuple[str, int, str]]:
    """(agent, seats, seed) of every recorded game of `game`."""
    counts = list(range(game.min_seats, game.max_seats + 1))
    out = [("random", counts[n % len(counts)], f"sim/{n}") for n in range(RANDOM_GAMES)]
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


def record(key: str) -> Path:
    """Play and write `key`'s recorded games (keeping the heuristic count its file holds)."""
    game = GAMES[key]
    before = recorded(key)
    heuristic = (
        HEURISTIC_GAMES if before is None else sum(r["agent"] == "heuristic" for r in before)
    )
    rows = [outcome_of(game, *row) for row in plan(game, heuristic)]
    body = ",\n".join("  " + json.dumps(row, sort_keys=True) for row in rows)
    DATA.mkdir(parents=True, exist_ok=True)
    path = path_of(key)
    path.write_text(f"[\n{body}\n]\n")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(GAMES):
        print(record(name))

"""Replaying seeded all-random games for the regression baselines in `data/regression/<game>.json`.

A baseline is recorded from main before a change that must not change behaviour (a package moved
to the house layout, a faster playout path); `test_regression.py` then plays the same seeds and
compares. A behaviour change anywhere in the rules shows up there; a deliberate one means recording
the table again, in the same commit, saying why.

A file holds `about` (when and from what it was recorded), `kind` and `rows`, a hundred of them:
- "summary": each row is `summary` of a game on the file's `seats` and the seed f"base{n}";
- "fingerprint": each row is `fingerprint` of a game on the seed f"regression/{n}", n its index.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from rules import GAMES
from rules.agents import RandomAgent
from rules.core import Game
from rules.engine import Engine
from rules.playout import next_actor, play_out

DATA = Path(__file__).parent / "data" / "regression"
KEYS = tuple(sorted(path.stem for path in DATA.glob("*.json")))
"""The games with a recorded baseline."""

Fingerprint = tuple[int, tuple[int, ...], str, int, str, str]
Summary = tuple[int, tuple[int, ...], str, tuple[int, ...] | None, int]


def fingerprint(game: Game[Any, Any, Any], seats: int, seed: str) -> Fingerprint:
    """(seats, winners, reason, plies, final state digest, events digest) of one all-random game,
    played move for move as `rules.playout.play_out` (what `simulate` runs) plays it."""
    engine = Engine(game)
    agents = [game.agents["random"]() for _ in range(seats)]
    step = engine.start(seats, None, seed)
    events = hashlib.sha256()
    plies = 0
    while True:
        for e in step.events:
            seen = sorted(e.visible_to) if e.visible_to is not None else None
            events.update(repr((e.text, seen, e.kind)).encode())
        state = step.state
        outcome = game.outcome(state)
        if outcome is not None:
            break
        seat = next_actor(game, state)
        assert seat is not None and plies < 50_000
        plies += 1
        action = agents[seat].choose(
            game.observe(state, seat),
            game.legal_actions(state, seat),
            engine.agent_rng(seed, plies, seat),
        )
        step = engine.act(state, seat, action, seed=seed, ply=plies)
    final = hashlib.sha256(state.model_dump_json().encode()).hexdigest()[:12]
    winners = tuple(sorted(outcome.winners))
    return seats, winners, outcome.reason, plies, final, events.hexdigest()[:12]


def summary(game: Game[Any, Any, Any], seats: int, n: int) -> Summary:
    """(n, winners, reason, scores by seat, plies) of `play_out` with random agents on the seed
    f"base{n}"."""
    result = play_out(game, seats, f"base{n}", RandomAgent())
    outcome = result.outcome
    assert outcome is not None
    scores = tuple(outcome.scores[s] for s in sorted(outcome.scores)) if outcome.scores else None
    return n, tuple(sorted(outcome.winners)), outcome.reason, scores, result.plies


def _tuples(value: Any) -> Any:
    """`value` read from JSON with every list made a tuple, as the functions above return rows."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


def assert_baseline(key: str) -> None:
    """The hundred games of `key`'s baseline file end exactly as it recorded them."""
    recorded = json.loads((DATA / f"{key}.json").read_text())
    game = GAMES[key]
    rows = [_tuples(row) for row in recorded["rows"]]
    assert len(rows) == 100
    played: list[Fingerprint | Summary]
    if recorded["kind"] == "fingerprint":
        played = [fingerprint(game, row[0], f"regression/{n}") for n, row in enumerate(rows)]
    else:
        played = [summary(game, recorded["seats"], row[0]) for row in rows]
    assert played == rows

"""`simulate` results stay identical for the same seed (issue 11 §3).

Each game's `data/outcomes/<key>.json` (`tests/rules/simulate_outcomes.py`) holds 100 seeded
all-random games across every seat count and a few all-heuristic ones (`simulate`'s default agent),
each as its winners, reason, scores, plies and digests of the action log and the final state. Every
recorded game is played again here through `play_out` and must match its line exactly: an
optimisation that changes which move a seeded agent picks, or what a move does, fails this test.
A registered game with no recording yet is skipped, with the command that records one.
"""

from __future__ import annotations

import pytest

from rules import GAMES
from tests.rules.simulate_outcomes import RANDOM_GAMES, outcome_of, plan, recorded


def check_recorded(key: str) -> int:
    """Play `key`'s recorded games again and compare; the number of games checked."""
    game = GAMES[key]
    rows = recorded(key)
    if rows is None:
        pytest.skip(
            f"{game.title} has no recorded simulate outcomes yet: record them with "
            f"`python -m tests.rules.simulate_outcomes {key}` and commit the file"
        )
    heuristic = sum(row["agent"] == "heuristic" for row in rows)
    wanted = plan(game, heuristic)
    assert [(r["agent"], r["seats"], r["seed"]) for r in rows] == wanted  # the plan recorded
    assert len(rows) >= RANDOM_GAMES
    for row, before in zip(wanted, rows, strict=True):
        assert outcome_of(game, *row) == before, f"{key} {row}"
    return len(rows)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_seeded_games_end_exactly_as_recorded_before_the_playout_work(key: str) -> None:
    check_recorded(key)

"""`simulate` results stay identical for the same seed (issue 11 §3).

`data/simulate_outcomes.json` was recorded from main before the playout fast path was made faster
(`tests/rules/simulate_outcomes.py`): per game 100 seeded all-random games across every seat count
and a few all-heuristic ones (`simulate`'s default agent), each as its winners, reason, scores,
plies and digests of the action log and the final state. Every game is played again here through
`play_out` and must match its recorded line exactly: an optimisation that changes which move a
seeded agent picks, or what a move does, fails this test.
"""

from __future__ import annotations

import json

import pytest

from rules import GAMES
from tests.rules.simulate_outcomes import DATA, outcome_of, plan

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("key", sorted(GAMES))
def test_seeded_games_end_exactly_as_recorded_before_the_playout_work(key: str) -> None:
    game = GAMES[key]
    recorded = RECORDED[key]
    rows = plan(game)
    assert len(recorded) == len(rows) >= 100
    for row, before in zip(rows, recorded, strict=True):
        assert outcome_of(game, *row) == before, f"{key} {row}"

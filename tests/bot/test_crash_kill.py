"""Crash safety with real SIGKILLs (issue 15; `bench/bench_crash.py` runs 100 of them): a child
plays every game on a SQLite file and is killed at random points; nothing acknowledged is lost."""

from __future__ import annotations

from pathlib import Path

from bench.bench_crash import run
from rules import GAMES


def test_five_sigkills_while_playing_lose_no_acknowledged_move_and_leave_no_table_stuck(
    tmp_path: Path,
) -> None:
    report = run(5, seed=7, folder=tmp_path)
    assert report.kills == 5
    assert report.acknowledged > 0  # the child really played between the kills
    assert report.games == set(GAMES)  # every game, Dead of Winter too once it is registered
    assert report.lost == 0
    assert report.unreplayable == 0
    assert report.stuck == 0

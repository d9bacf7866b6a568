"""Discord requests per human move stay within budget in every game (issue 11 §1).

Whole seeded dpytest games, played by clicks on the members' DM panels (`bench.bench_requests`
plays them and counts every request at dpytest's HTTP backend). Every game is within the goal of
1.2 (The 10th Night is the highest, at 1.14: a dawn draw edits each other member's DM panel), so
this fails above 1.2: a change that brings back a request per move (a separate event message, a
panel that repeats the board or a public decision) fails here rather than in production.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.bench_requests import SETUPS, Setup, play_game

BUDGET = 1.2


@pytest.mark.parametrize("setup", SETUPS, ids=[s.game for s in SETUPS])
async def test_a_whole_game_costs_at_most_one_point_two_requests_per_human_move(
    setup: Setup, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.chdir(tmp_path)  # dpytest writes attached files to the working directory
    measured = await play_game(setup, tmp_path)
    assert measured.finished, f"{setup.game} did not finish in {measured.human_moves} moves"
    assert measured.human_moves >= 10, "a real game, not a quick stop"
    assert measured.per_move <= BUDGET, (setup.game, measured.per_move, measured.kinds)
    # panels are edited in place (a new one would leave the old one showing a stale hand), and
    # nothing is posted only to be deleted
    assert set(measured.kinds) <= {"board post", "board edit", "DM edit"}, measured.kinds
    # every human move was answered in its click's response, which costs no request
    assert measured.responses >= measured.human_moves

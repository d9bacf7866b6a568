"""Discord requests per human move stay within budget in every game (issue 11 §1, issue 32 §2).

Whole seeded dpytest games, played by clicks on the members' DM panels (`bench.bench_requests`
plays them and counts every request at dpytest's HTTP backend). The table's channel gets at most
two requests a move (Discord allows five per five seconds a channel): the live board edited in
place, or — when someone must be pinged — a new board below and the old one folded into its feed
lines. DMs go only when something private changed, so a whole game stays under 2.2 requests a
move of every kind together: a change that brings back a request per move per player (a panel
that repeats the board, a separate event message) fails here rather than in production.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.bench_requests import Measured, Setup, play_game, setups

CHANNEL_PER_MOVE = 2
BUDGET = 2.2


def channel_requests(measured: Measured) -> int:
    return sum(n for kind, n in measured.kinds.items() if kind.startswith("board"))


@pytest.mark.parametrize("setup", setups(), ids=[s.game for s in setups()])
async def test_a_whole_game_costs_at_most_two_channel_requests_a_move(
    setup: Setup, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.chdir(tmp_path)  # dpytest writes attached files to the working directory
    per_move: list[int] = []
    seen = [0]

    def on_move(measured: Measured) -> None:
        now = channel_requests(measured)
        per_move.append(now - seen[0])
        seen[0] = now

    measured = await play_game(setup, tmp_path, on_move=on_move)
    assert measured.finished, f"{setup.game} did not finish in {measured.human_moves} moves"
    assert measured.human_moves >= 10, "a real game, not a quick stop"
    assert max(per_move) <= CHANNEL_PER_MOVE, (setup.game, per_move)
    assert measured.per_move <= BUDGET, (setup.game, measured.per_move, measured.kinds)
    # panels are edited in place (a new one would leave the old one showing a stale hand); a
    # board that is no longer the live one is folded (edited), or deleted if it had no lines
    assert set(measured.kinds) <= {"board post", "board edit", "board deletion", "DM edit"}, (
        measured.kinds
    )
    # every human move was answered in its click's response, which costs no request
    assert measured.responses >= measured.human_moves

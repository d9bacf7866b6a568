"""The feel of a whole game holds its goals in every game (`bench/bench_feel.py`).

One seeded game of each set-up, played through the real bot by clicks on the panel's steps and
typed moves: no panel step shows more than 25 choices or has page buttons, every clicked move
takes at most 3 clicks after the panel opens (4 for a tile), one full board stands at the end,
the channel holds at most 200 characters a move, nobody reads "seat N" or an engine identifier,
and a member's move costs the table's channel at most 2 requests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_feel import Setup, like_discord, most_clicks, offending, play, setups


@pytest.mark.parametrize("setup", setups(), ids=[f"{s.game} {s.options}".strip() for s in setups()])
async def test_a_whole_game_feels_as_the_goals_say(
    setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    like_discord(monkeypatch, tmp_path)
    feel = await play(setup, tmp_path)
    assert feel.finished and feel.moves >= 20, (feel.moves, feel.plies)
    assert feel.clicked >= feel.moves // 2 and feel.failed_clicks == 0, feel.misses[:3]
    assert feel.widest <= 25 and feel.paged == 0
    assert max(feel.clicks) <= most_clicks(setup.game), feel.clicks
    assert feel.boards == 1
    assert feel.chars / feel.plies <= 200
    assert feel.seat_lines == [] and feel.engine_lines == []
    assert feel.channel_requests <= 2 * feel.moves


def test_the_scanner_finds_seat_numbers_and_engine_words_and_passes_names_and_notation() -> None:
    seats, words = offending(
        [
            "Call a vote to exile seat 2",
            "Options: secret_deal=betrayer",
            "roll [6, 6, 1]",
            "fires when survivor_in_play Noor",
            "Ana plays Snowball (heat 3, ash 1).",
            "Type `grow (1,2) rot 90` to place it.",
        ]
    )
    assert seats == ["Call a vote to exile seat 2"]
    assert words == [
        "Options: secret_deal=betrayer",
        "roll [6, 6, 1]",
        "fires when survivor_in_play Noor",
    ]

"""Every game ends in words (issue 9): the end sentence the framework builds from the `Outcome`
(`GameText.summary`) and the final board say how the game ended in the game's own terms
(`end_words`), never a reason code such as `frozen_out` or a repr such as `[0, 8]`."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rules import GAMES
from rules.core import Outcome
from rules.playout import play_out

REPR = re.compile(r"\[[\d, ]*\]|\{\d+: |\(\d+, \d+\)")
"""A Python list, dict or pair of numbers printed as is."""


def endings(key: str, games: int = 12) -> list[tuple[Any, Outcome]]:
    game = GAMES[key]
    seats = max(game.min_seats, min(3, game.max_seats))
    agents = [game.agents["random"]() for _ in range(seats)]
    results = []
    for n in range(games):
        result = play_out(game, seats, f"words/{n}", agents)
        assert result.outcome is not None
        results.append((result.state, result.outcome))
    return results


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_game_announces_its_end_in_its_own_words_without_reason_codes(key: str) -> None:
    game = GAMES[key]
    seats_seen: set[int] = set()
    for _state, outcome in endings(key):
        names = [f"Player {n + 1}" for n in range(game.max_seats)]
        text = game.text.summary(outcome, names)
        assert outcome.reason in game.text.end_words.reasons, outcome.reason  # the game's own words
        assert game.text.end_words.reasons[outcome.reason].split("{")[0] in text, text
        assert text.startswith("**Game over — "), text
        assert "_" not in text and not REPR.search(text), text
        for seat in outcome.winners:
            seats_seen.add(seat)
    assert seats_seen or key in ("coldest_night", "tenth_night")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_games_final_board_says_how_it_ended_without_codes_or_reprs(key: str) -> None:
    game = GAMES[key]
    for state, outcome in endings(key, games=6):
        board = game.text.describe(game.observe(state, None))
        assert "Game over" in board, board
        reason = outcome.reason
        assert "_" not in reason or reason not in board, board
        assert not REPR.search(board.split("```")[0]), board

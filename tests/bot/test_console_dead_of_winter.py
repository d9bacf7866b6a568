"""Dead of Winter at the terminal table: a solo game (one seat, two groups: DW-35) played through
stdin of a real `python -m bot play` process to the end, with the one human's private views."""

from __future__ import annotations

import re
from pathlib import Path

from tests.bot.test_console import numbered_moves, run_cli


def play_solo(tmp_path: Path, seed: int, moves: str) -> str:
    db = tmp_path / "console.db"
    args = ["play", "dead_of_winter", "--seats", "1", "--seed", str(seed), "--db", str(db)]
    result = run_cli(args, moves, tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_dw_35_a_solo_game_is_played_to_the_end_at_the_terminal_with_both_groups_private_views(
    tmp_path: Path,
) -> None:
    out = play_solo(tmp_path, 11, "help\nhand\nboard\nlog\n" + numbered_moves(4000, 3))
    assert "Table #1: Dead of Winter." in out
    assert "play the move with that number" in out  # help answered
    # The one human sees both of its groups' hands (DW-35: two groups on one seat).
    assert re.search(r"Your hand \(first group\): \w", out)
    assert re.search(r"Your hand \(second group\): \w", out)
    assert " as leader …" in out and "Keep " in out  # the draft, step by step: leader, then pair
    assert "Game over — " in out, out[-3000:]
    assert "Seed: `11`" in out
    assert re.search(r"Player 1 \((first|second) group\): shared main objective [A-Z]", out)


def test_the_terminal_shows_dead_of_winter_in_words_without_internal_names(
    tmp_path: Path,
) -> None:
    out = play_solo(tmp_path, 7, "hand\n" + numbered_moves(4000, 1))
    assert "Game over — " in out
    # No internal ids, keys, notation or reprs reach the screen.
    for raw in (
        "(g1)",
        "(g2)",
        " at grocery",
        "coop objective",
        "_kills",
        ">=",
        "None",
        "{'",
        "['",
        "Survivor(",
        "M0",
        "S0",
        "T0",
    ):
        assert raw not in out, (raw, out[out.find(raw) - 300 : out.find(raw) + 100])
    found = re.search(r".{0,200} at colony\b(?! entrance).{0,100}", out, re.DOTALL)  # a key
    assert found is None, found[0] if found else ""
    assert "Main objective: " in out and " at least " in out
    assert re.search(r"\(Player 1's (first|second) group(, leader)?\) at (the colony|\d \()", out)


def test_a_move_dead_of_winter_cannot_read_is_explained_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    out = play_solo(tmp_path, 7, "fly to the moon\n1\n1\n1\nquit\n")  # a move: a few steps
    assert "✗ I don't understand 'fly to the moon' as a move you can make now." in out
    assert "• Player 1's first group has chosen its survivors." in out
    assert "Saved." in out

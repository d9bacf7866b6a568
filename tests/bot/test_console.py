"""The terminal table, driven through stdin of a real `python -m bot play` process to the end."""

from __future__ import annotations

import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from rules import GAMES

ROOT = Path(__file__).resolve().parents[2]


def cli(args: list[str], tmp_path: Path, **settings: str) -> dict[str, Any]:
    """How a test starts `python -m bot <args>`: the command line, in `tmp_path`, with no token,
    this checkout importable and `settings` added to the environment (`subprocess` arguments)."""
    env = {**os.environ, "SNOWBOUND_TOKEN": "", "PYTHONPATH": str(ROOT), **settings}
    return {"args": [sys.executable, "-m", "bot", *args], "cwd": tmp_path, "env": env}


def run_cli(
    args: list[str], stdin: str, tmp_path: Path, **settings: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        **cli(args, tmp_path, **settings), input=stdin, capture_output=True, text=True, timeout=300
    )


def numbered_moves(count: int, seed: int) -> str:
    """A human who always answers with one of the first few listed moves (the seed fixes which)."""
    rng = random.Random(seed)
    return "".join(f"{rng.randint(1, 4)}\n" for _ in range(count))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_human_at_the_terminal_plays_a_whole_game_against_ai_seats(
    key: str, tmp_path: Path
) -> None:
    game = GAMES[key]
    seats = max(game.min_seats, min(2, game.max_seats))
    db = tmp_path / "console.db"
    args = ["play", key, "--seats", str(seats), "--agent", "random", "--seed", "7", "--db", str(db)]
    result = run_cli(args, "help\nhand\nboard\nlog\n" + numbered_moves(4000, 1), tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    assert "Type `help` for commands, `quit` to stop." in out
    assert "play the move with that number" in out  # help answered
    assert "Game over — " in out, out[-3000:]  # the game's own words (issue 9)
    assert "Traceback" not in result.stderr
    assert "Seed: `7`" in out
    assert "(seat " not in out  # the seat's private lines are headed by its player's name


def test_quitting_saves_and_resume_continues_the_same_table(tmp_path: Path) -> None:
    db = tmp_path / "console.db"
    key = "coldest_night"
    first = run_cli(
        ["play", key, "--seats", "2", "--seed", "9", "--db", str(db)], "1\nquit\n", tmp_path
    )
    hint = first.stdout.rpartition("Saved. Resume with: ")[2].strip()
    command = hint.rpartition("/ ")[2].strip("`")  # the `python -m bot play --resume` form
    assert command.endswith(f"-m bot play --resume 1 --db {db}"), hint
    args = shlex.split(command)[1:]  # runs as shown (the interpreter is this test's)
    again = subprocess.run(
        [sys.executable, *args],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "SNOWBOUND_TOKEN": "", "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    assert again.returncode == 0 and "Table #1" in again.stdout


def test_a_bad_move_is_explained_and_the_game_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "console.db"
    result = run_cli(
        ["play", "coldest_night", "--seats", "2", "--seed", "9", "--db", str(db)],
        "fly to the moon\n999\nquit\n",
        tmp_path,
    )
    assert "✗ “fly to the moon” is not a move you can make now" in result.stdout
    assert "✗ There is no move 999: choose 1–" in result.stdout
    assert "Saved." in result.stdout


def test_without_a_token_the_bot_says_so_and_starts_the_terminal_table(tmp_path: Path) -> None:
    # (the default database lives in the project folder: this test keeps its own elsewhere)
    url = f"sqlite:///{tmp_path.as_posix()}/data/snowbound.db"
    (tmp_path / "data").mkdir()  # only the project's own data/ folder is made by Snowbound
    result = run_cli([], "\n1\nquit\n", tmp_path, SNOWBOUND_DATABASE_URL=url)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("No SNOWBOUND_TOKEN is set")
    assert "Which game?" in result.stdout and "Table #1" in result.stdout
    assert (tmp_path / "data" / "snowbound.db").exists()


def test_simulate_prints_a_summary_and_exits_zero_when_every_game_ended(tmp_path: Path) -> None:
    result = run_cli(["simulate", "coldest_night", "--games", "20", "--seats", "2"], "", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "games ended" in result.stdout and "games per second" in result.stdout


def test_ctrl_c_at_the_prompt_quits_at_once_with_the_resume_hint_and_no_traceback(
    tmp_path: Path,
) -> None:
    db = tmp_path / "console.db"
    process = subprocess.Popen(
        **cli(["play", "coldest_night", "--seats", "2", "--db", str(db)], tmp_path),
        stdin=subprocess.PIPE,  # kept open: the player sits at the prompt, no Enter comes
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:  # wait for the prompt
        if "your move:" in line:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)  # ends without any input
    assert process.returncode == 0, err
    assert "Saved. Resume with:" in out and "--resume 1" in out
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_play_list_shows_saved_tables_and_resume_refuses_a_missing_or_other_game(
    tmp_path: Path,
) -> None:
    db = tmp_path / "console.db"
    run_cli(["play", "winter", "--seats", "2", "--db", str(db)], "1\nquit\n", tmp_path)
    listed = run_cli(["play", "--list", "--db", str(db)], "", tmp_path)
    assert listed.returncode == 0
    head, row = listed.stdout.splitlines()[:2]
    assert head.split() == ["id", "game", "status", "ply", "last", "played", "seats"]
    assert row.split()[:3] == ["1", "Winter", "active"] and "Player 1" in row
    assert time.strftime("%Y-%m-%d") in row
    missing = run_cli(["play", "--resume", "999", "--db", str(db)], "", tmp_path)
    assert missing.returncode == 2
    assert missing.stderr.strip() == "✗ no saved table 999 (see play --list)"
    other = run_cli(["play", "tenth_night", "--resume", "1", "--db", str(db)], "", tmp_path)
    assert other.returncode == 2 and len(other.stderr.strip().splitlines()) == 1
    assert "table 1 is Winter, not The 10th Night" in other.stderr


def test_a_table_kept_in_memory_ends_without_a_resume_hint(tmp_path: Path) -> None:
    result = run_cli(["play", "winter", "--seats", "2", "--db", "memory://"], "quit\n", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Resume with" not in result.stdout and "cannot be resumed" in result.stdout


def test_the_default_database_offers_make_run_and_the_game_menu_resumes_it(
    tmp_path: Path,
) -> None:
    # the database of the settings, as `make run` uses it (never the project's own data/)
    url = f"sqlite:///{tmp_path.as_posix()}/snowbound.db"
    first = run_cli(
        ["play", "coldest_night", "--seats", "2"], "quit\n", tmp_path, SNOWBOUND_DATABASE_URL=url
    )
    found = re.search(r"Saved\. Resume with: `make run` → `resume (\d+)` / `", first.stdout)
    assert found, first.stdout[-500:]
    table = found.group(1)
    again = run_cli(
        [], f"resume {table}\nquit\n", tmp_path, SNOWBOUND_DATABASE_URL=url
    )  # `make run` without a token
    assert again.returncode == 0 and f"Table #{table}: The Coldest Night" in again.stdout

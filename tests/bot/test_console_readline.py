"""The terminal table's prompt on a real terminal: Python's `readline` edits the line and keeps
the history (a pseudo-terminal stands in for the player's), while a pipe is read as it comes."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.console import line_editing
from tests.bot.test_console import cli

MARK = "all win together"  # a line of The Coldest Night's rules (`rules`)


def test_a_pipe_is_read_without_line_editing() -> None:
    read, write = os.pipe()
    try:
        assert not line_editing(read)
    finally:
        os.close(read)
        os.close(write)


def read_until(fd: int, wanted: str, seen: list[str], limit: float = 120) -> None:
    end = time.monotonic() + limit
    while wanted not in "".join(seen):
        assert time.monotonic() < end, "".join(seen)[-2000:]
        ready, _, _ = select.select([fd], [], [], 1)
        if ready:
            try:
                seen.append(os.read(fd, 65536).decode(errors="replace"))
            except OSError:
                return


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_on_a_terminal_the_up_arrow_brings_back_the_last_line_and_it_runs_again(
    tmp_path: Path,
) -> None:
    pytest.importorskip("readline")
    import pty

    leader, follower = pty.openpty()
    db = tmp_path / "console.db"
    process = subprocess.Popen(
        **cli(["play", "coldest_night", "--seats", "2", "--db", str(db)], tmp_path, TERM="dumb"),
        stdin=follower,
        stdout=follower,
        stderr=follower,
        close_fds=True,
    )
    os.close(follower)
    seen: list[str] = []
    try:
        read_until(leader, "your move:", seen)
        os.write(leader, b"rules\r")
        read_until(leader, MARK, seen)
        answered = "".join(seen).count(MARK)
        os.write(leader, b"\x1b[A\r")  # the up arrow: the last line again, then Enter
        end = time.monotonic() + 60
        while "".join(seen).count(MARK) <= answered and time.monotonic() < end:
            ready, _, _ = select.select([leader], [], [], 1)
            if ready:
                seen.append(os.read(leader, 65536).decode(errors="replace"))
        assert "".join(seen).count(MARK) > answered, "".join(seen)[-1500:]
        os.write(leader, b"quit\r")
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)

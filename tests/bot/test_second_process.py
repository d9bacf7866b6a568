"""A second bot process on the same SQLite file refuses to start, naming the file and the pid of
the process that holds it; the lock dies with its holder, even by SIGKILL (issue 15)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app import run_bot
from bot.config import Settings
from storage.lockfile import DatabaseLock, DatabaseLockedError, lock_for

HOLD = """
import sys, time
from storage.lockfile import DatabaseLock
DatabaseLock(sys.argv[1]).acquire()
print("held", flush=True)
time.sleep(60)
"""


def holder(database: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(database)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "held"
    return child


def test_a_second_process_on_the_same_sqlite_file_is_refused_with_the_file_and_the_pid(
    tmp_path: Path,
) -> None:
    database = tmp_path / "snowbound.db"
    child = holder(database)
    try:
        with pytest.raises(DatabaseLockedError) as refused:
            DatabaseLock(database).acquire()
        message = str(refused.value)
        assert f"pid {child.pid}" in message and str(database.resolve()) in message
        assert "\n" not in message
    finally:
        child.kill()
        child.wait()


def test_the_lock_of_a_killed_process_is_free_again(tmp_path: Path) -> None:
    database = tmp_path / "snowbound.db"
    child = holder(database)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with DatabaseLock(database) as lock:
        assert lock.path.read_text().strip() == str(os.getpid())


def test_the_bot_refuses_to_start_before_connecting_when_the_file_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "snowbound.db"
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, token="not-a-token", database_url=f"sqlite:///{database}"
    )
    with DatabaseLock(database):
        assert run_bot(settings) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, "one line"
    assert "Another Snowbound process" in err and str(database.resolve()) in err
    assert not database.exists()  # refused before the store opened the file


def test_only_sqlite_files_take_the_lock() -> None:
    assert lock_for("postgresql://u@h/db") is None
    assert lock_for("memory://") is None
    assert lock_for("sqlite://:memory:") is None
    found = lock_for("sqlite:///data/x.db")
    assert found is not None and found.path.name == "x.db.lock"

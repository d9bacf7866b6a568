"""One bot process per SQLite file: an advisory lock on `<database>.lock` holding the owner's pid.

Two bot processes on one token and one SQLite file would both receive every Discord event and
answer each command twice, and both would run the clocks; the stored `version` keeps the data
safe, but not the conversation. So the second process refuses to start, naming the file and the
process that holds it. The lock is `flock`: the kernel frees it when the holder exits, even by
SIGKILL, so a crash never leaves a stale lock behind (the pid left in the file is only a hint).
Several processes are what PostgreSQL is for.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from storage.base import StorageError


class DatabaseLockedError(StorageError):
    """Another process holds the database's lock file."""


class DatabaseLock:
    """Held from `acquire()` until `release()` (or process exit)."""

    def __init__(self, database: str | Path) -> None:
        self.database = Path(database).resolve()
        self.path = self.database.with_name(self.database.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> DatabaseLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise DatabaseLockedError(
                f"Another Snowbound process (pid {holder}) is already using {self.database}; "
                "stop it first, or use PostgreSQL to run several processes."
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        os.fsync(fd)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def __enter__(self) -> DatabaseLock:
        return self.acquire()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


def lock_for(url: str) -> DatabaseLock | None:
    """The lock a bot process must hold for `url`: SQLite files only (PostgreSQL takes many
    processes; a memory database is private to its process)."""
    from storage import sqlite_path

    url = url.strip()
    if not url.startswith("sqlite:"):
        return None
    path = sqlite_path(url)
    return None if path == ":memory:" else DatabaseLock(path)

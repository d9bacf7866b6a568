"""Persistence: the `Store` protocol (`storage.protocol`), one base every store shares
(`storage.base`: records in `storage.models`, rows in `storage.codec`, the SQL both databases run in
`storage.sql`), and its drivers: SQLite (default), PostgreSQL and in-memory.

`open_store(url)` picks the backend from `SNOWBOUND_DATABASE_URL`; the caller then awaits
`store.connect()` before use and `store.close()` after.

Decisions the design leaves open:
- Every store gives back exactly what JSON holds (`storage.codec`): int dict keys come back as
  strings, tuples as lists; values JSON cannot hold (sets, models) raise TypeError on write.
- `commit_action` checks the version first, then the ply; an action for another table id is a
  ValueError; a table id that does not exist is TableNotFoundError (not StaleActionError).
- `find_tables` orders by (created_at, id); `results` newest first; a result, a panel or guild
  settings saved again replace the old row; rows for a missing table are TableNotFoundError.
- `sqlite://:memory:` (also `sqlite:///:memory:`) is one private database per store; `memory:` is
  accepted like `memory://`. An optional `clock` lets tests fix the timestamps.
- A database whose `user_version` is newer than the code's migrations is refused on connect.
- `postgresql://…` (also `postgres://…`) opens a `PostgresStore` with a pool of `pool_size`
  connections; asyncpg is imported only then, so SQLite users never load it.
- Spectators, ratings and challenge entries: a watcher or an entry saved again replaces the old
  one whole; `watchers` come by `since`, then user id; `ratings` by user id; `member_ratings` by
  game; `challenge_entries` best first (won, higher score, earlier finish, lower table id).
  `apply_ratings` for a table already rated writes nothing and gives False, even with other
  ratings; with no ratings it still marks the table. Watchers, entries and the rated mark go with
  their table if it is deleted; ratings stay (they are the member's).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from storage.base import (
    ActionRecord,
    ChallengeEntry,
    PanelRecord,
    RatingRecord,
    RepeatedMoveError,
    ResultRecord,
    SeatRecord,
    StaleActionError,
    StorageError,
    Store,
    TableNotFoundError,
    TableRecord,
    TableStatus,
    WatcherRecord,
)
from storage.memory import MemoryStore
from storage.sqlite import SqliteStore
from storage.urls import redact_url

__all__ = [
    "ActionRecord",
    "ChallengeEntry",
    "MemoryStore",
    "PanelRecord",
    "RatingRecord",
    "RepeatedMoveError",
    "ResultRecord",
    "SeatRecord",
    "SqliteStore",
    "StaleActionError",
    "StorageError",
    "Store",
    "TableNotFoundError",
    "TableRecord",
    "TableStatus",
    "WatcherRecord",
    "open_store",
    "redact_url",
    "sqlite_path",
]

ACCEPTED_URLS = (
    "sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite://:memory:, memory:// "
    "or postgresql://user:password@host:5432/database"
)


def sqlite_path(url: str) -> str:
    """The file path (or ":memory:") of a `sqlite://` URL; ValueError for anything else."""
    if not url.startswith("sqlite://"):
        raise ValueError(f"not a SQLite URL: {redact_url(url)!r}; use {ACCEPTED_URLS}")
    rest = url.removeprefix("sqlite://")
    if rest in (":memory:", "/:memory:"):
        return ":memory:"
    if not rest.startswith("/") or rest == "/" or "?" in rest:
        raise ValueError(
            f"unsupported SQLite URL {url!r}: give a file path after three slashes "
            f"(four for an absolute path); accepted forms: {ACCEPTED_URLS}"
        )
    path = rest[1:]  # "/relative/x.db" → "relative/x.db"; "//abs/x.db" → "/abs/x.db"
    if path.endswith("/"):
        raise ValueError(f"the SQLite URL {url!r} names a directory, not a database file")
    return path


def open_store(url: str, *, clock: Callable[[], float] = time.time, pool_size: int = 10) -> Store:
    """A not-yet-connected store for `url` (parent directories of a SQLite file are created);
    `pool_size` is the number of PostgreSQL connections (the other stores have one)."""
    url = url.strip()
    if url.startswith(("postgresql://", "postgres://")):
        from storage.postgres import PostgresStore

        return PostgresStore(url, clock=clock, pool_size=pool_size)
    if url in ("memory://", "memory:"):
        return MemoryStore(clock=clock)
    if url.startswith("sqlite:"):
        path = sqlite_path(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        return SqliteStore(path, clock=clock)
    raise ValueError(f"unknown database URL {redact_url(url)!r}; accepted forms: {ACCEPTED_URLS}")

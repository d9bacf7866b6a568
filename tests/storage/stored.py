"""What the storage suite builds its tests from: a clock that ticks, a table and a move to store,
each store as a backend, and a SQLite file from an older version of the schema."""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from storage import ActionRecord, SeatRecord, SqliteStore, StorageError, TableRecord

Made = TypeVar("Made")


def ticking_clock(start: float = 1_000.0) -> Callable[[], float]:
    """A clock that advances one second per reading, so every timestamp is distinct."""
    counter = itertools.count()
    return lambda: start + next(counter)


@dataclass
class Backend:
    name: str
    store: Any  # MemoryStore | SqliteStore | PostgresStore
    path: Path | None

    async def fail_next_action_insert(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Make the second write of `commit_action` (the INSERT into the log) fail."""
        if self.name == "postgresql":
            await self.store.pool.execute(
                "CREATE FUNCTION refuse_actions() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN RAISE EXCEPTION 'injected failure'; END $$; "
                "CREATE TRIGGER refuse_actions BEFORE INSERT ON actions "
                "FOR EACH ROW EXECUTE FUNCTION refuse_actions()"
            )
            return
        if self.path is not None:
            with sqlite3.connect(self.path) as db:
                db.execute(
                    "CREATE TRIGGER refuse_actions BEFORE INSERT ON actions "
                    "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
                )
            return

        def refuse(*_: Any) -> None:
            raise StorageError("injected failure")

        monkeypatch.setattr(self.store, "_insert_action", refuse)


def a_table(**fields: Any) -> TableRecord:
    values: dict[str, Any] = {
        "game": "coldest_night",
        "status": "active",
        "guild_id": 10,
        "channel_id": 20,
        "thread_id": 30,
        "host_id": 100,
        "options": {"variant": "standard"},
        "seats": (SeatRecord(name="Ana", user_id=100), SeatRecord(name="Bot", agent="random")),
        "seed": "s33d",
        "state": {"heat": 7, "hands": [["rug", "kettle"], ["teddy"]], "note": "❄ ok"},
    }
    values.update(fields)
    return TableRecord(**values)


def an_action(table: TableRecord, ply: int, seat: int = 0) -> ActionRecord:
    return ActionRecord(table_id=table.id, ply=ply, seat=seat, action={"type": "pass"}, at=5.0)


@asynccontextmanager
async def older_database(
    path: Path,
    fill: Callable[[SqliteStore], Awaitable[Made]],
    turn_back: Callable[[sqlite3.Connection], object],
) -> AsyncIterator[tuple[SqliteStore, Made]]:
    """A SQLite file written by today's store (`fill`), turned back by `turn_back` into what an
    older version left, then opened again: the store that migrated it, and what `fill` made."""
    store = SqliteStore(path, clock=ticking_clock())
    await store.connect()
    try:
        made = await fill(store)
    finally:
        await store.close()
    with sqlite3.connect(path) as db:
        turn_back(db)
    again = SqliteStore(path)
    await again.connect()
    try:
        yield again, made
    finally:
        await again.close()

"""The table's `suggestions` setting (issue 33 §2): kept by every backend, and added to an older
SQLite database by migration 0010."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import SqliteStore, Store
from tests.storage.test_store import (
    a_table,
    backend,
    store,
    ticking_clock,
)


@pytest.mark.parametrize("setting", [True, False, None])
async def test_a_tables_suggestion_setting_is_stored_and_read_back_as_written(
    store: Store, setting: bool | None
) -> None:
    created = await store.create_table(a_table(status="lobby", suggestions=setting))
    assert (await store.get_table(created.id)).suggestions is setting
    flipped = None if setting is None else not setting
    saved = await store.update_table(
        created.model_copy(update={"suggestions": flipped}), created.version
    )
    assert (await store.get_table(saved.id)).suggestions is flipped


async def test_the_migration_leaves_an_older_tables_suggestions_to_its_game(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    store = SqliteStore(path, clock=ticking_clock())
    await store.connect()
    created = await store.create_table(a_table(status="finished"))
    await store.close()
    with sqlite3.connect(path) as db:  # as a database from before 0010 would hold it
        db.execute("ALTER TABLE tables DROP COLUMN suggestions")
        db.execute("PRAGMA user_version = 9")
    again = SqliteStore(path)
    await again.connect()
    try:
        assert again.applied_migrations == [10]
        assert (await again.get_table(created.id)).suggestions is None
    finally:
        await again.close()


__all__ = ["backend", "store"]

"""The table's `suggestions` setting (issue 33 §2): kept by every backend, and added to an older
SQLite database by migration 0010."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import SqliteStore, Store
from storage.base import TableRecord
from tests.storage.stored import a_table, older_database


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
    def before_suggestions(db: sqlite3.Connection) -> None:  # what 0009 left
        db.execute("ALTER TABLE tables DROP COLUMN suggestions")
        db.execute("PRAGMA user_version = 9")

    async def a_finished_table(store: SqliteStore) -> TableRecord:
        return await store.create_table(a_table(status="finished"))

    async with older_database(tmp_path / "old.db", a_finished_table, before_suggestions) as (
        again,
        created,
    ):
        assert again.applied_migrations == [10]
        assert (await again.get_table(created.id)).suggestions is None

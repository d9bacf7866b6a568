"""Every store keeps where a move came from (the Discord interaction or message id) with the move,
in its transaction: a second move from the same source is refused, nothing written (memory,
SQLite, PostgreSQL; the SQLite migration 0008 and PostgreSQL's 0006 add the table)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import RepeatedMoveError, ResultRecord, SqliteStore, Store
from storage.base import TableRecord
from tests.storage.stored import a_table, an_action, older_database
from tests.storage.test_watch_rate import before_watch_rate


async def test_a_second_move_from_the_same_interaction_is_refused_and_writes_nothing(
    store: Store,
) -> None:
    created = await store.create_table(a_table())
    moved = await store.commit_action(
        created.model_copy(update={"ply": 1}), 1, an_action(created, 1), source=555
    )
    again = moved.model_copy(update={"ply": 2})
    with pytest.raises(RepeatedMoveError):
        await store.commit_action(again, moved.version, an_action(created, 2), source=555)
    assert (await store.get_table(created.id)).version == moved.version
    assert await store.actions(created.id) == [an_action(created, 1)]
    # another source, or none (an AI's or a clock's move), is a move like any other
    done = await store.commit_action(again, moved.version, an_action(created, 2), source=556)
    third = done.model_copy(update={"ply": 3})
    await store.commit_action(third, done.version, an_action(created, 3))
    assert [a.ply for a in await store.actions(created.id)] == [1, 2, 3]


async def test_the_same_source_at_another_table_is_its_own_move(store: Store) -> None:
    one = await store.create_table(a_table())
    two = await store.create_table(a_table(channel_id=21, thread_id=31))
    await store.commit_action(one.model_copy(update={"ply": 1}), 1, an_action(one, 1), source=9)
    await store.commit_action(two.model_copy(update={"ply": 1}), 1, an_action(two, 1), source=9)
    assert len(await store.actions(two.id)) == 1


async def test_a_repeated_last_move_writes_neither_the_move_nor_the_result(store: Store) -> None:
    created = await store.create_table(a_table())
    moved = await store.commit_action(
        created.model_copy(update={"ply": 1}), 1, an_action(created, 1), source=77
    )
    result = ResultRecord(table_id=created.id, game="coldest_night", outcome={}, finished_at=9.0)
    ended = moved.model_copy(update={"ply": 2, "status": "finished"})
    with pytest.raises(RepeatedMoveError):
        await store.commit_action(
            ended, moved.version, an_action(created, 2), result=result, source=77
        )
    assert (await store.get_table(created.id)).status == "active"
    assert await store.results() == []


async def test_the_sqlite_migration_adds_the_sources_to_a_database_from_before_it(
    tmp_path: Path,
) -> None:
    def before_sources(db: sqlite3.Connection) -> None:  # what 0007 left
        before_watch_rate(db)
        db.execute("DROP TABLE move_sources")
        db.execute("PRAGMA user_version = 7")

    async def a_running_table(store: SqliteStore) -> TableRecord:
        return await store.create_table(a_table())

    async with older_database(tmp_path / "old.db", a_running_table, before_sources) as (
        again,
        created,
    ):
        assert again.applied_migrations == [8, 9, 10]
        moved = await again.commit_action(
            created.model_copy(update={"ply": 1}), 1, an_action(created, 1), source=3
        )
        with pytest.raises(RepeatedMoveError):
            await again.commit_action(
                moved.model_copy(update={"ply": 2}), moved.version, an_action(created, 2), source=3
            )

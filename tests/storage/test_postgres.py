"""PostgreSQL-only checks: URL selection, migrations across processes, and the bulk copy."""

from __future__ import annotations

import asyncio

import pytest

from storage import StorageError, TableRecord, open_store
from storage.postgres import PostgresStore, migrations, redact
from tests.support.postgres import drop_schema, new_schema, postgres_store, postgres_url


def test_a_postgresql_url_opens_a_pooled_postgres_store() -> None:
    store = open_store("postgresql://bot:pw@db.example:5432/snowbound", pool_size=7)
    assert isinstance(store, PostgresStore) and store.pool_size == 7
    assert isinstance(open_store("postgres://db.example/snowbound"), PostgresStore)


def test_a_bad_pool_size_or_schema_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="at least one connection"):
        PostgresStore("postgresql://db/x", pool_size=0)
    with pytest.raises(ValueError, match="schema names"):
        PostgresStore("postgresql://db/x", schema="x; DROP TABLE tables")


def test_passwords_are_left_out_of_messages() -> None:
    assert redact("postgresql://bot:s3cret@db:5432/x") == "postgresql://bot:***@db:5432/x"


def test_the_postgresql_migrations_are_numbered_without_gaps() -> None:
    assert [number for number, _, _ in migrations()] == list(range(1, len(migrations()) + 1))


async def test_two_processes_connecting_to_a_new_database_apply_each_migration_once() -> None:
    url, schema = postgres_url(), new_schema()
    stores = [PostgresStore(url, schema=schema, pool_size=2) for _ in range(4)]
    try:
        await asyncio.gather(*(store.connect() for store in stores))
        applied = sorted(n for store in stores for n in store.applied_migrations)
        assert applied == [number for number, _, _ in migrations()]
        assert await stores[0].schema_version() == len(migrations())
    finally:
        for store in stores:
            await store.close()
        await drop_schema(url, schema)


async def test_a_database_newer_than_the_code_is_refused_on_connect() -> None:
    async with postgres_store() as store:
        await store.pool.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)"
        )
        newer = PostgresStore(store.url, schema=store.schema)
        with pytest.raises(StorageError, match="newer than this code knows"):
            await newer.connect()


async def test_snowflake_sized_ids_survive_the_round_trip() -> None:
    big = 1_234_567_890_123_456_789
    async with postgres_store() as store:
        table = await store.create_table(TableRecord(game="g", guild_id=big, channel_id=big))
        assert (await store.find_tables(guild_id=big))[0] == table


async def test_import_rows_keeps_ids_and_the_next_table_follows_them() -> None:
    async with postgres_store() as store:
        row = {
            "id": 41,
            "game": "g",
            "status": "lobby",
            "guild_id": None,
            "channel_id": None,
            "thread_id": None,
            "lobby_message_id": None,
            "board_message_id": None,
            "host_id": None,
            "options": "{}",
            "seats": '[{"name":"Ana","user_id":5}]',
            "seed": "",
            "version": 3,
            "ply": 0,
            "state": None,
            "created_at": 1.0,
            "updated_at": 2.0,
            "deadline": None,
        }
        assert (await store.import_rows({"tables": [row]}))["tables"] == 1
        copied = await store.get_table(41)
        assert copied.version == 3 and [t.id for t in await store.find_tables(user_id=5)] == [41]
        assert (await store.create_table(TableRecord(game="g"))).id == 42
        with pytest.raises(StorageError, match="already holds tables"):
            await store.import_rows({"tables": [{**row, "id": 50}]})

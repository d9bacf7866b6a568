"""PostgreSQL-only checks: URL selection, migrations across processes, and the bulk copy."""

from __future__ import annotations

import asyncio

import pytest

from bench.bench_scale import drop_schema
from bot.records import Played
from bot.tables import Player, TableService
from storage import ActionRecord, PanelRecord, StorageError, TableRecord, open_store
from storage.postgres import PostgresStore, migrations, redact
from tests.support.nim import NIM
from tests.support.postgres import new_schema, postgres_store, postgres_url


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


async def test_a_move_is_one_statement_that_also_reads_the_panels_its_report_shows() -> None:
    """Update, log entry and the report's panels in one round trip to the server: not BEGIN,
    UPDATE, INSERT, COMMIT, a read of the panels, and a reset of the session each time a
    connection goes back to the pool. The panels the move read are the stored ones, None columns
    and all, and are used once: the next call reads them again."""
    async with postgres_store(pool_size=1) as store:
        seeds = iter(f"seed{n}" for n in range(10))
        service = TableService(store, {"test_nim": NIM}, new_seed=lambda: next(seeds))
        ana, bo = Player(11, "Ana"), Player(22, "Bo")
        table = await service.open("test_nim", ana, channel_id=5, options={"stones": 30})
        await service.join(table.id, bo)
        table = (await service.start(table.id, ana.user_id)).table

        async def move() -> Played:
            seat = service.waiting_for(table)[0]
            user = table.seats[seat].user_id
            assert user is not None
            return await service.act(table.id, user, service.labels(table, seat)[0])

        table = (await move()).table  # the connection prepares the statement once
        delivered = [
            PanelRecord(
                table_id=table.id,
                seat=0,
                user_id=11,
                channel_id=7,
                message_id=8,
                digest="old",
                dm_closed=True,
            ),
            PanelRecord(table_id=table.id, seat=1, user_id=22),
        ]
        for panel in delivered:
            await store.save_panel(panel)
        sent: list[str] = []
        async with store.pool.acquire() as conn:  # the pool's only connection
            conn.add_query_logger(lambda record: sent.append(record.query))
        played = await move()
        assert played.moves == 1 and played.table.version == table.version + 1
        assert len(sent) == 1 and "INSERT INTO actions" in sent[0]
        assert sorted(u.seat for u in played.panels) == [0, 1]  # both digests changed
        assert [a.ply for a in await store.actions(table.id)] == [1, 2]
        sent.clear()
        assert await store.panels(table.id) == delivered
        assert len(sent) == 1  # read again: what a move read is for its own report only


async def test_a_panel_saved_while_a_move_is_in_flight_is_not_hidden_by_the_moves_read() -> None:
    """The move's statement reads the panels in its own snapshot. A panel written after that
    snapshot but before the move returns (the presenter of the last move recording a DM) must
    be seen by the move's report: the store then reads the panels again."""
    async with postgres_store(pool_size=3) as store:
        table = await store.create_table(
            TableRecord(game="g", status="active", state={"n": 0}, seed="s")
        )
        old = PanelRecord(table_id=table.id, seat=0, user_id=11, digest="old")
        await store.save_panel(old)
        await store.pool.execute(
            "CREATE FUNCTION hold_moves() RETURNS trigger LANGUAGE plpgsql AS "
            "$$ BEGIN PERFORM pg_advisory_xact_lock(4242); RETURN NEW; END $$; "
            "CREATE TRIGGER hold_moves BEFORE INSERT ON actions "
            "FOR EACH ROW EXECUTE FUNCTION hold_moves()"
        )
        async with store.pool.acquire() as holder:
            await holder.execute("SELECT pg_advisory_lock(4242)")
            action = ActionRecord(table_id=table.id, ply=1, seat=0, action={"take": 1}, at=1.0)
            moving = asyncio.create_task(
                store.commit_action(table.model_copy(update={"ply": 1}), 1, action)
            )
            while not await holder.fetchval(  # the move's statement waits on the lock
                "SELECT count(*) FROM pg_locks "
                "WHERE locktype = 'advisory' AND objid = 4242 AND NOT granted"
            ):
                await asyncio.sleep(0.01)
            newer = old.model_copy(update={"digest": "new", "message_id": 9})
            await store.save_panel(newer)  # written and committed before the move returns
            await holder.execute("SELECT pg_advisory_unlock(4242)")
            moved = await moving
        assert moved.version == 2
        assert await store.panels(table.id) == [newer]

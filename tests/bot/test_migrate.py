"""`python -m bot migrate --to postgresql://…`: a SQLite database copied whole, verified, and
never poured into a database that already holds tables."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncpg
import pytest

from bench.bench_scale import Tally, create_tables, drive, drop_schema
from bot.cli import main
from bot.tables import TableService
from storage import PanelRecord, ResultRecord, SqliteStore
from storage.postgres import COPIED_TABLES, PostgresStore, read_sqlite_rows
from tests.support.postgres import new_schema, postgres_url


async def a_played_sqlite_database(path: Path) -> list[int]:
    store = SqliteStore(path)
    await store.connect()
    try:
        ids = await create_tables(store, 6, "migrate")
        await drive(TableService(store), ids, 60, random.Random(3), Tally())
        await store.create_table(
            (await store.get_table(ids[0])).model_copy(update={"status": "lobby", "state": None})
        )
        await store.save_panel(PanelRecord(table_id=ids[0], seat=0, user_id=5, digest="d"))
        await store.record_result(
            ResultRecord(table_id=ids[1], game="winter", outcome={"winners": [0]}, finished_at=9)
        )
        await store.set_guild_settings(77, {"prefix": "?"})
    finally:
        await store.close()
    return ids


async def test_migrate_copies_every_row_verifies_it_and_refuses_a_second_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url, schema = postgres_url(), new_schema()
    source = tmp_path / "snowbound.db"
    ids = await a_played_sqlite_database(source)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"sqlite:///{source}")
    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {schema}")
    await conn.close()
    target_url = f"{url}{'&' if '?' in url else '?'}search_path={schema}"
    try:
        assert await asyncio.to_thread(main, ["migrate", "--to", target_url]) == 0
        assert "active tables replay to their stored state" in capsys.readouterr().out
        rows = read_sqlite_rows(str(source))
        original = SqliteStore(source)
        await original.connect()
        copy = PostgresStore(url, schema=schema)
        await copy.connect()
        try:
            assert await copy.row_counts() == {name: len(rows[name]) for name in COPIED_TABLES}
            for table_id in [*ids, ids[-1] + 1]:
                assert await copy.get_table(table_id) == await original.get_table(table_id)
                assert await copy.actions(table_id) == await original.actions(table_id)
            assert await copy.panels(ids[0]) == await original.panels(ids[0])
            assert await copy.results() == await original.results()
            assert await copy.guild_settings(77) == {"prefix": "?"}
            assert (await copy.create_table(await copy.get_table(ids[0]))).id == ids[-1] + 2
        finally:
            await copy.close()
            await original.close()
        assert await asyncio.to_thread(main, ["migrate", "--to", target_url]) == 2
        assert "already holds tables" in capsys.readouterr().err
    finally:
        await drop_schema(url, schema)


def test_migrate_refuses_a_target_that_is_not_postgresql(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["migrate", "--to", "sqlite:///other.db"]) == 2
    assert "--to takes a PostgreSQL URL" in capsys.readouterr().err
    assert main(["migrate", "--to", "postgresql://x/y", "--from", "sqlite:///missing.db"]) == 2
    assert "there is no SQLite database" in capsys.readouterr().err

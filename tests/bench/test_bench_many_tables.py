"""The many-tables bench measures what it says: its databases hold real running tables of all five
games, 30 % of them running, each waiting for its human, none due and none flagged for an AI turn,
readable by the store and playable by the service."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bench.bench_many_tables import NOW, _samples, build
from bot.tables import TableService
from rules import GAMES
from storage import SqliteStore


def test_the_bench_database_holds_running_tables_of_every_game_that_wait_for_a_human(
    tmp_path: Path,
) -> None:
    samples = asyncio.run(_samples())
    path = tmp_path / "many.db"
    build(path, 1_000, samples)
    with sqlite3.connect(path) as db:
        games = {row[0] for row in db.execute("SELECT DISTINCT game FROM tables")}
        running = db.execute("SELECT count(*) FROM tables WHERE status = 'active'").fetchone()[0]
        due = db.execute(
            "SELECT count(*) FROM tables WHERE status = 'active' "
            "AND (deadline <= ? OR wake_at <= ?)",
            (NOW + 60, NOW + 60),
        ).fetchone()[0]
        paced = db.execute(
            "SELECT count(*) FROM tables WHERE status = 'active' AND pace IS NOT NULL"
        ).fetchone()[0]
        seated = db.execute("SELECT count(DISTINCT user_id) FROM table_seats").fetchone()[0]
    assert games == set(GAMES)
    assert 250 <= running <= 350 and due == 0 and paced > 0
    assert seated == 1_000  # each table its own player
    asyncio.run(played_on(path, running))


async def played_on(path: Path, running: int) -> None:
    store = SqliteStore(path)
    await store.connect()
    try:
        assert await store.agent_turns() == []
        service = TableService(store, clock=lambda: NOW)
        assert await service.tick(NOW + 60) == []
        found = await store.find_tables(status="active")
        assert len(found) == running
        table = found[0]
        waiting = service.waiting_for(table)
        assert [table.seats[s].user_id is not None for s in waiting] == [True]
    finally:
        await store.close()

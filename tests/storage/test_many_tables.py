"""Many stored tables (issue 31 §4): the scans the bot makes on its own — the AI turns to resume,
the clock's deadlines and wake times, the channel index's lookups — read an index of the rows they
look for, so they cost the same at 10,000 stored tables as at 1,000.

Cost is counted, never timed: SQLite's plan (`EXPLAIN QUERY PLAN`) names the index, and its
virtual machine's instructions (a progress handler called on each) are counted per scan at two
sizes. PostgreSQL's plans are checked with `EXPLAIN` when a test server is configured.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from storage import SeatRecord, SqliteStore, Store
from storage.base import TableRecord
from storage.sql import POSTGRES, SQLITE
from tests.storage.stored import a_table, an_action, older_database
from tests.storage.test_watch_rate import before_watch_rate
from tests.support.postgres import postgres_store

NOW = 1_000_000.0
PLACE = 4_242  # the channel the lookups ask about: one open table and many ended ones there


# -- the contract, every backend --------------------------------------------------------------


async def test_the_ai_turn_flag_is_kept_by_every_write(store: Store) -> None:
    created = await store.create_table(a_table(ai_turn=True))
    assert created.ai_turn and (await store.get_table(created.id)).ai_turn
    moved = await store.commit_action(
        created.model_copy(update={"ply": 1, "ai_turn": False}),
        created.version,
        an_action(created, 1),
    )
    assert not moved.ai_turn and not (await store.get_table(created.id)).ai_turn
    again = await store.update_table(moved.model_copy(update={"ai_turn": True}), moved.version)
    assert again.ai_turn and (await store.get_table(created.id)).ai_turn


async def test_agent_turns_pages_through_the_flagged_running_tables_only(store: Store) -> None:
    flagged = [(await store.create_table(a_table(ai_turn=True, guild_id=n))).id for n in range(5)]
    await store.create_table(a_table())  # waits for a human
    await store.create_table(a_table(status="finished", ai_turn=True))  # over
    await store.create_table(a_table(status="lobby"))
    assert await store.agent_turns() == [(i, n) for n, i in enumerate(flagged)]
    first = await store.agent_turns(limit=2)
    assert [i for i, _ in first] == flagged[:2]
    rest = await store.agent_turns(after=first[-1][0], limit=10)
    assert [i for i, _ in rest] == flagged[2:]
    assert await store.agent_turns(after=flagged[-1]) == []


async def test_open_tables_at_names_the_open_tables_of_a_channel_or_thread(store: Store) -> None:
    lobby = await store.create_table(a_table(status="lobby", channel_id=7, thread_id=None))
    threaded = await store.create_table(a_table(channel_id=7, thread_id=8))
    await store.create_table(a_table(status="finished", channel_id=7, thread_id=9))
    await store.create_table(a_table(status="abandoned", channel_id=10, thread_id=None))
    assert await store.open_tables_at(7) == [lobby.id, threaded.id]
    assert await store.open_tables_at(8) == [threaded.id]
    assert await store.open_tables_at(9) == []
    assert await store.open_tables_at(10) == []


# -- SQLite: the migration, the plans, the cost -------------------------------------------------


def before_many_tables(db: sqlite3.Connection) -> None:
    """Turn a database back into what migration 0006 left (no flag, the old clock indexes)."""
    before_watch_rate(db)  # migration 0009's
    db.execute("DROP TABLE IF EXISTS move_sources")  # migration 0008's
    for index in ("ai_turn", "due", "wake", "open_channel", "open_thread"):
        db.execute(f"DROP INDEX tables_{index}")
    db.execute("ALTER TABLE tables DROP COLUMN ai_turn")
    db.execute("CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL")
    db.execute("CREATE INDEX tables_wake_at ON tables (wake_at) WHERE wake_at IS NOT NULL")
    db.execute("PRAGMA user_version = 6")


async def test_the_migration_flags_each_running_table_whose_ai_seats_may_be_awaited(
    tmp_path: Path,
) -> None:
    human = SeatRecord(name="Ana", user_id=1)
    ai = SeatRecord(name="Frost", agent="heuristic")

    async def tables(store: SqliteStore) -> list[TableRecord]:
        return [
            await store.create_table(a_table(seats=(human, ai))),
            await store.create_table(a_table(seats=(human,))),
            await store.create_table(a_table(status="finished", seats=(human, ai))),
            await store.create_table(a_table(status="lobby", state=None, seats=(human, ai))),
        ]

    async with older_database(tmp_path / "old.db", tables, before_many_tables) as (again, made):
        with_ai, *others = made
        assert again.applied_migrations == [7, 8, 9, 10]
        assert [i for i, _ in await again.agent_turns()] == [with_ai.id]
        for table in others:
            assert not (await again.get_table(table.id)).ai_turn


def fill(path: Path, count: int) -> None:
    """`count` stored tables written straight into the file: 30 % running (their clocks not due,
    a few flagged for an AI turn, one open in `PLACE`), the rest finished or abandoned — many of
    them in `PLACE`, and with the deadline and wake time they had when they ended, long past —
    plus exactly three running tables due by `NOW` and two flagged ones, at every size."""
    state = json.dumps({"heat": 7, "hands": [["rug"], ["teddy"]]})
    seats = json.dumps([{"name": "Ana", "user_id": 1}, {"name": "Frost", "agent": "random"}])
    rows: list[dict[str, Any]] = []
    for n in range(count):
        running = n % 10 < 3
        row = {
            "id": n + 1,
            "game": "winter",
            "status": "active" if running else ("finished" if n % 2 else "abandoned"),
            "guild_id": n % 50,
            "channel_id": PLACE if not running and n % 7 == 0 else 10_000 + n,
            "thread_id": None,
            "options": "{}",
            "seats": seats,
            "seed": "s",
            "version": 3,
            "ply": 2,
            "state": state,
            "created_at": float(n),
            "updated_at": float(n),
            "deadline": NOW + 3_600 if running else NOW - 10 * 86_400,
            "pace": 86_400,
            "clocks": "{}",
            "wake_at": NOW + 600 if running else NOW - 10 * 86_400,
            "ai_turn": 0,
        }
        rows.append(row)
    for n in range(3):  # due now, at every size
        rows[n * 10].update(deadline=NOW - 5, wake_at=NOW - 5)
    for n in range(2):  # waiting for an AI seat, at every size
        rows[n * 10 + 1]["ai_turn"] = 1
    rows[2]["channel_id"] = PLACE  # the one open table of `PLACE`
    columns = ", ".join(rows[0])
    values = ", ".join(f":{c}" for c in rows[0])
    with sqlite3.connect(path) as db:
        db.execute("DROP TRIGGER tables_seats_insert")  # no seat rows needed here
        db.executemany(f"INSERT INTO tables ({columns}) VALUES ({values})", rows)


def scans() -> dict[str, tuple[str, Any]]:
    """Each scan the bot makes on its own, as the SQLite store runs it."""
    due = SQLITE.find({"status": "active", "due_before": NOW})
    wake = SQLITE.find({"status": "active", "wake_before": NOW})
    open_here = SQLITE.find({"status": ("lobby", "active"), "channel_id": PLACE})
    assert due is not None and wake is not None and open_here is not None
    return {
        "due": due,
        "wake": wake,
        "agent_turns": (SQLITE.agent_turns, (0, 100)),
        "open_at": (SQLITE.open_at, (PLACE,)),
        "table_in": open_here,
    }


INDEXES = {
    "due": {"tables_due"},
    "wake": {"tables_wake"},
    "agent_turns": {"tables_ai_turn"},
    "open_at": {"tables_open_channel", "tables_open_thread"},
    "table_in": {"tables_open_channel"},
}


def instructions(db: sqlite3.Connection, sql: str, params: Any) -> tuple[int, int]:
    """(rows returned, virtual-machine instructions executed) of one run of `sql`."""
    steps = 0

    def count() -> int:
        nonlocal steps
        steps += 1
        return 0

    db.set_progress_handler(count, 1)
    try:
        rows = db.execute(sql, params).fetchall()
    finally:
        db.set_progress_handler(None, 1)
    return len(rows), steps


async def a_filled_database(path: Path, count: int) -> None:
    store = SqliteStore(path)
    await store.connect()  # the schema, every migration
    await store.close()
    fill(path, count)


async def test_each_clock_scan_reads_its_own_index_by_the_query_plan(tmp_path: Path) -> None:
    path = tmp_path / "plans.db"
    await a_filled_database(path, 1_000)
    with sqlite3.connect(path) as db:
        for name, (sql, params) in scans().items():
            plan = [row[-1] for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", params)]
            used = {word for line in plan for word in line.split() if word.startswith("tables_")}
            assert used == INDEXES[name], (name, plan)
            assert not any(line.startswith("SCAN tables") for line in plan), (name, plan)


async def test_each_scan_costs_the_same_at_ten_thousand_stored_tables_as_at_one_thousand(
    tmp_path: Path,
) -> None:
    """Same rows found, same instructions executed: the scans visit the rows they return (and
    the ended tables of the channel asked about are not visited at all)."""
    costs: list[dict[str, tuple[int, int]]] = []
    for count in (1_000, 10_000):
        path = tmp_path / f"{count}.db"
        await a_filled_database(path, count)
        with sqlite3.connect(path) as db:
            costs.append({name: instructions(db, *scan) for name, scan in scans().items()})
    small, large = costs
    assert small == large
    assert small["due"][0] == 3 and small["wake"][0] == 3
    assert small["agent_turns"][0] == 2 and small["open_at"][0] == 1


async def test_the_store_finds_what_the_scans_find(tmp_path: Path) -> None:
    path = tmp_path / "found.db"
    await a_filled_database(path, 1_000)
    store = SqliteStore(path)
    await store.connect()
    try:
        due = await store.find_tables(status="active", due_before=NOW)
        assert [t.id for t in due] == [1, 11, 21]
        waking = await store.find_tables(status="active", wake_before=NOW)
        assert [t.id for t in waking] == [1, 11, 21]
        assert [i for i, _ in await store.agent_turns()] == [2, 12]
        assert await store.open_tables_at(PLACE) == [3]
    finally:
        await store.close()


# -- PostgreSQL: the plans ------------------------------------------------------------------------


async def test_postgresql_reads_the_same_indexes_for_each_scan() -> None:
    async with postgres_store() as pg:
        await pg.pool.execute(
            "INSERT INTO tables (game, status, channel_id, seats, state, created_at, updated_at, "
            "deadline, wake_at, ai_turn) "
            "SELECT 'winter', CASE WHEN n % 10 < 3 THEN 'active' ELSE 'finished' END, "
            f"CASE WHEN n % 10 >= 3 AND n % 7 = 0 THEN {PLACE} ELSE 10000 + n END, "
            "'[]', '{}', n, n, "
            f"CASE WHEN n % 10 < 3 THEN {NOW + 3600} ELSE {NOW - 864000} END, "
            f"CASE WHEN n % 10 < 3 THEN {NOW + 600} ELSE {NOW - 864000} END, "
            "CASE WHEN n % 1000 = 1 THEN 1 ELSE 0 END "
            "FROM generate_series(1, 50000) AS n"
        )
        await pg.pool.execute("ANALYZE tables")
        due = POSTGRES.find({"status": "active", "due_before": NOW})
        wake = POSTGRES.find({"status": "active", "wake_before": NOW})
        here = POSTGRES.find({"status": ("lobby", "active"), "channel_id": PLACE})
        assert due is not None and wake is not None and here is not None
        statements: dict[str, tuple[str, list[Any]]] = {
            "due": due,
            "wake": wake,
            "agent_turns": (POSTGRES.agent_turns, [0, 100]),
            "open_at": (POSTGRES.open_at, [PLACE]),
            "table_in": here,
        }
        async with pg.pool.acquire() as conn:
            for name, (sql, params) in statements.items():
                plan = "\n".join(r[0] for r in await conn.fetch(f"EXPLAIN {sql}", *params))
                for index in INDEXES[name]:
                    assert index in plan, (name, plan)
                assert "Seq Scan" not in plan, (name, plan)

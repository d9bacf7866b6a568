"""SQLite-only behaviour (durability, migrations, pragmas, two connections); `open_store` URLs."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from storage import (
    ActionRecord,
    MemoryStore,
    PanelRecord,
    SeatRecord,
    SqliteStore,
    StaleActionError,
    StorageError,
    TableNotFoundError,
    TableRecord,
    open_store,
)
from storage.sqlite import WriterThread, migrations
from tests.support import stores


def a_table() -> TableRecord:
    return TableRecord(
        game="winter",
        status="active",
        seats=(SeatRecord(name="Ana", user_id=1),),
        state={"turn": 3},
    )


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    async with stores.sqlite_store(tmp_path / "db.sqlite") as store:
        yield store


def pragma(path: Path, name: str) -> object:
    with sqlite3.connect(path) as db:
        return db.execute(f"PRAGMA {name}").fetchone()[0]


async def test_data_survives_close_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    store = SqliteStore(path)
    await store.connect()
    table = await store.create_table(a_table())
    table = await store.commit_action(
        table, 1, ActionRecord(table_id=table.id, ply=1, seat=0, action={"t": 1}, at=2.0)
    )
    await store.close()
    reopened = SqliteStore(path)
    await reopened.connect()
    try:
        assert await reopened.get_table(table.id) == table
        assert len(await reopened.actions(table.id)) == 1
    finally:
        await reopened.close()


async def test_the_first_connect_applies_every_migration(sqlite_store: SqliteStore) -> None:
    assert sqlite_store.applied_migrations == [n for n, _, _ in migrations()]


async def test_reopening_applies_no_migration_twice(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    for _ in range(2):
        store = SqliteStore(path)
        await store.connect()
        await store.close()
    assert store.applied_migrations == []
    assert pragma(path, "user_version") == len(migrations())


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(migrations()) + 1}")
    with pytest.raises(StorageError, match="newer"):
        await SqliteStore(path).connect()


async def test_migrations_are_numbered_from_one_without_gaps() -> None:
    numbers = [n for n, _, _ in migrations()]
    assert numbers == list(range(1, len(numbers) + 1))


async def test_the_journal_is_in_wal_mode(sqlite_store: SqliteStore) -> None:
    assert (await sqlite_store.pragmas())["journal_mode"] == "wal"
    assert pragma(Path(sqlite_store.path), "journal_mode") == "wal"


async def test_writes_are_synchronous_normal(sqlite_store: SqliteStore) -> None:
    assert (await sqlite_store.pragmas())["synchronous"] == 1  # NORMAL


async def test_foreign_keys_are_on(sqlite_store: SqliteStore) -> None:
    assert (await sqlite_store.pragmas())["foreign_keys"] == 1


async def test_a_row_pointing_at_a_missing_table_is_refused_by_the_schema(
    sqlite_store: SqliteStore,
) -> None:
    with pytest.raises(TableNotFoundError):
        await sqlite_store.save_panel(PanelRecord(table_id=999, seat=0, user_id=1))
    with sqlite3.connect(sqlite_store.path) as db:
        assert db.execute("SELECT COUNT(*) FROM private_panels").fetchone()[0] == 0


async def test_the_seat_index_follows_the_seats(sqlite_store: SqliteStore) -> None:
    table = await sqlite_store.create_table(a_table())
    await sqlite_store.update_table(
        table.model_copy(update={"seats": (SeatRecord(name="Bo", user_id=2),)}), 1
    )
    with sqlite3.connect(sqlite_store.path) as db:
        rows = db.execute("SELECT table_id, user_id FROM table_seats").fetchall()
    assert rows == [(table.id, 2)]


@asynccontextmanager
async def two_stores(path: Path) -> AsyncIterator[tuple[SqliteStore, SqliteStore]]:
    """Two stores on one file, as two processes would open it."""
    first, second = SqliteStore(path), SqliteStore(path)
    await first.connect()
    await second.connect()
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def test_two_stores_on_one_file_refuse_each_others_stale_versions(tmp_path: Path) -> None:
    async with two_stores(tmp_path / "db.sqlite") as (first, second):
        table = await first.create_table(a_table())
        await second.commit_action(
            table, 1, ActionRecord(table_id=table.id, ply=1, seat=0, action={}, at=0.0)
        )
        with pytest.raises(StaleActionError):
            await first.update_table(table, 1)


def traced(store: SqliteStore) -> list[str]:
    """The SQL the store's writer and quick connections run from now on."""
    statements: list[str] = []
    assert store._writer is not None and store._quick is not None
    store._writer.set_trace_callback(statements.append)
    store._quick.set_trace_callback(statements.append)
    return statements


def updates(statements: list[str]) -> list[str]:
    """The distinct UPDATEs of `tables` (SQLite traces a statement again as triggers run)."""
    return list(dict.fromkeys(s for s in statements if s.startswith("UPDATE tables")))


def row_of(path: Path, table_id: int) -> dict[str, object]:
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        return dict(db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone())


async def test_a_move_updates_only_the_columns_it_changed(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    store = SqliteStore(path)
    await store.connect()
    try:
        table = await store.create_table(a_table())
        statements = traced(store)
        moved = table.model_copy(update={"state": {"turn": 4}, "ply": 1})
        written = await store.commit_action(
            moved, 1, ActionRecord(table_id=table.id, ply=1, seat=0, action={}, at=0.0)
        )
        (update,) = updates(statements)
        assert update.startswith("UPDATE tables SET version = 2, ply = 1, state = ")
        assert "seats" not in update and "status" not in update and "RETURNING" not in update
        # what the store returns is what the database holds, created_at included
        assert await store.get_table(table.id) == written
        assert row_of(path, table.id)["created_at"] == table.created_at
        ended = await store.update_table(written.model_copy(update={"status": "finished"}), 2)
        assert table.id not in store._rows  # an ended table's row is not kept
        assert await store.get_table(table.id) == ended
    finally:
        await store.close()


async def test_a_row_the_store_does_not_know_is_written_whole(tmp_path: Path) -> None:
    """After another process wrote the row (a stale write, then a fresh read), or for a row this
    store never saw, every column is set: nothing relies on a copy the database moved past."""
    async with two_stores(tmp_path / "db.sqlite") as (first, second):
        table = await first.create_table(a_table())
        elsewhere = await second.update_table(table.model_copy(update={"ply": 7}), 1)
        with pytest.raises(StaleActionError):
            await first.update_table(table.model_copy(update={"ply": 2}), 1)
        statements = traced(first)
        seats = (SeatRecord(name="Bo", user_id=2),)
        written = await first.update_table(elsewhere.model_copy(update={"seats": seats}), 2)
        (update,) = updates(statements)
        assert "seats = " in update and "status = " in update and "RETURNING" in update
        assert await second.get_table(table.id) == written
        assert written.ply == 7 and written.seats == seats
        # known again: the next write sets what changed, and the seat index follows the seats
        statements.clear()
        again = await first.update_table(written.model_copy(update={"seats": ()}), 3)
        (update,) = updates(statements)
        assert update.startswith("UPDATE tables SET seats = '[]', version = 4, updated_at = ")
        assert "status" not in update
        assert await second.get_table(table.id) == again
        assert await second.find_tables(user_id=2) == []


async def test_no_transaction_is_left_open_after_a_refused_write(
    sqlite_store: SqliteStore,
) -> None:
    table = await sqlite_store.create_table(a_table())
    with pytest.raises(StaleActionError):
        await sqlite_store.update_table(table, 5)
    # another connection can take the write lock straight away
    with sqlite3.connect(sqlite_store.path, timeout=0) as db:
        db.execute("BEGIN IMMEDIATE")
        db.execute("ROLLBACK")


# -- open_store ---------------------------------------------------------------------------------


async def test_open_store_takes_a_relative_sqlite_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = open_store("sqlite:///data/snowbound.db")
    assert isinstance(store, SqliteStore)
    assert Path(store.path) == Path("data/snowbound.db")


async def test_open_store_takes_an_absolute_sqlite_path(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/nested/x.db")
    assert isinstance(store, SqliteStore)
    assert Path(store.path) == tmp_path / "nested" / "x.db"


async def test_open_store_creates_the_parent_directories(tmp_path: Path) -> None:
    open_store(f"sqlite:///{tmp_path}/a/b/x.db")
    assert (tmp_path / "a" / "b").is_dir()


async def test_open_store_gives_a_working_sqlite_file(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/x.db")
    await store.connect()
    try:
        created = await store.create_table(a_table())
        assert (await store.get_table(created.id)).state == {"turn": 3}
    finally:
        await store.close()
    assert (tmp_path / "x.db").is_file()


async def test_open_store_takes_an_in_memory_sqlite_database() -> None:
    store = open_store("sqlite://:memory:")
    assert isinstance(store, SqliteStore)
    await store.connect()
    try:
        created = await store.create_table(a_table())
        assert (await store.get_table(created.id)).version == 1
    finally:
        await store.close()


async def test_open_store_takes_memory_url() -> None:
    assert isinstance(open_store("memory://"), MemoryStore)


@pytest.mark.parametrize(
    "url", ["mongodb://localhost/db", "mysql:///x", "data/snowbound.db", "", "sqlite://"]
)
async def test_open_store_refuses_other_urls_naming_the_accepted_forms(url: str) -> None:
    with pytest.raises(ValueError, match=r"sqlite:///relative/path\.db"):
        open_store(url)


async def test_the_panels_a_commit_read_are_not_served_after_a_panel_was_saved(
    sqlite_store: SqliteStore,
) -> None:
    table = await sqlite_store.create_table(a_table())
    panel = PanelRecord(table_id=table.id, seat=0, user_id=1, digest="before")
    await sqlite_store.save_panel(panel)
    move = ActionRecord(table_id=table.id, ply=1, seat=0, action={"t": 1}, at=2.0)
    table = await sqlite_store.commit_action(table, table.version, move)
    calls = sqlite_store.writer_calls + sqlite_store.quick_calls
    assert [p.digest for p in await sqlite_store.panels(table.id)] == ["before"]
    assert sqlite_store.writer_calls + sqlite_store.quick_calls == calls  # read by the commit
    move = ActionRecord(table_id=table.id, ply=2, seat=0, action={"t": 2}, at=3.0)
    table = await sqlite_store.commit_action(table, table.version, move)
    await sqlite_store.save_panel(panel.model_copy(update={"digest": "after"}))
    assert [p.digest for p in await sqlite_store.panels(table.id)] == ["after"]
    assert [p.digest for p in await sqlite_store.panels(table.id)] == ["after"]  # read again


async def move(store: SqliteStore, table: TableRecord, **update: object) -> TableRecord:
    """The table's next move committed (with `update` to the record)."""
    moved = table.model_copy(update={"ply": table.ply + 1, **update})
    action = ActionRecord(table_id=table.id, ply=moved.ply, seat=0, action={}, at=1.0)
    return await store.commit_action(moved, table.version, action)


async def test_a_move_reads_no_panel_rows_while_no_other_connection_wrote(
    sqlite_store: SqliteStore,
) -> None:
    store = sqlite_store
    table = await store.create_table(a_table())
    panels = [PanelRecord(table_id=table.id, seat=s, user_id=1, digest=f"d{s}") for s in (1, 0)]
    for panel in panels:
        await store.save_panel(panel)
    table = await move(store, table)  # no copy yet: read
    assert await store.panels(table.id) == sorted(panels, key=lambda p: p.seat)
    statements = traced(store)
    table = await move(store, table)
    assert "PRAGMA data_version" in statements
    assert not [s for s in statements if "private_panels" in s]
    statements.clear()
    assert await store.panels(table.id) == sorted(panels, key=lambda p: p.seat)
    assert statements == []  # the report's call right after the commit costs nothing
    saved = panels[0].model_copy(update={"digest": "new"})
    await store.save_panel(saved)
    statements.clear()
    assert await store.panels(table.id) == [panels[1], saved]  # the copy took the save in
    assert statements == ["PRAGMA data_version"]
    # an ended table's copy goes once its last report has read it
    await move(store, table, status="finished")
    assert await store.panels(table.id) == [panels[1], saved]
    assert table.id not in store._panels


async def test_panels_another_connection_wrote_are_read_again_for_every_table(
    sqlite_store: SqliteStore,
) -> None:
    """A commit by any other connection (another process, or this store's other connections)
    changes `data_version`: the next call reads its table's panels and drops every other copy,
    which the same commit may have changed too."""
    store = sqlite_store
    first = await store.create_table(a_table())
    second = await store.create_table(a_table())
    for table in (first, second):
        await store.save_panel(PanelRecord(table_id=table.id, seat=0, user_id=1, digest="old"))
        table = await move(store, table)
        assert [p.digest for p in await store.panels(table.id)] == ["old"]
    first, second = await store.get_table(first.id), await store.get_table(second.id)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE private_panels SET digest = 'elsewhere'")
    first = await move(store, first)
    assert [p.digest for p in await store.panels(first.id)] == ["elsewhere"]
    assert [p.digest for p in await store.panels(second.id)] == ["elsewhere"]
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE private_panels SET digest = 'again' WHERE table_id = ?", (second.id,))
    assert [p.digest for p in await store.panels(second.id)] == ["again"]  # outside a move too


async def test_the_panel_copies_are_bounded_by_the_row_cache(sqlite_store: SqliteStore) -> None:
    store = sqlite_store
    store.row_cache_size = 2
    for _ in range(4):
        table = await store.create_table(a_table())
        await store.save_panel(PanelRecord(table_id=table.id, seat=0, user_id=1))
        await move(store, table)
        assert len(await store.panels(table.id)) == 1
    assert len(store._panels) == 2


async def test_the_writer_thread_runs_calls_in_order_and_hands_back_results_and_errors() -> None:
    thread = WriterThread("test-writer")
    ran: list[int] = []
    try:
        assert await thread.run(pow, 2, 10) == 1024
        with pytest.raises(ZeroDivisionError):
            await thread.run(lambda: 1 / 0)
        results = await asyncio.gather(*(thread.run(ran.append, n) for n in range(50)))
        assert ran == list(range(50)) and results == [None] * 50
        # a call whose caller gave up before it started is skipped; the next still runs
        gate = threading.Event()
        blocking = thread.run(gate.wait, 5)
        skipped = thread.run(ran.append, -1)
        skipped.cancel()
        after = thread.run(ran.append, 99)
        gate.set()
        assert await blocking is True
        await after
        assert ran[-1] == 99 and -1 not in ran
    finally:
        thread.stop(wait=True)
    assert not thread._thread.is_alive()


async def test_a_move_that_finds_the_database_locked_waits_on_the_writer_thread(
    tmp_path: Path,
) -> None:
    """Another process holds the write lock: the quick connection gives up at once (nothing
    written), the writer thread waits for the lock, and the event loop runs on meanwhile."""
    path = tmp_path / "db.sqlite"
    store = SqliteStore(path)
    await store.connect()
    other = sqlite3.connect(path, isolation_level=None)
    try:
        table = await store.create_table(a_table())
        other.execute("BEGIN IMMEDIATE")  # another process is writing
        move = ActionRecord(table_id=table.id, ply=1, seat=0, action={"t": 1}, at=2.0)
        moved = table.model_copy(update={"ply": 1, "state": {"turn": 1}})
        commit = asyncio.create_task(store.commit_action(moved, table.version, move))
        ticks = 0
        while store.quick_busy == 0 or ticks < 5:  # the loop is not blocked by the wait
            await asyncio.sleep(0.01)
            ticks += 1
        assert not commit.done()
        other.execute("COMMIT")
        written = await asyncio.wait_for(commit, 10)
        assert (store.quick_busy, written.version, written.ply) == (1, 2, 1)
        assert await store.get_table(table.id) == written
        assert [a.ply for a in await store.actions(table.id)] == [1]
    finally:
        other.close()
        await store.close()


async def moves_back_to_back(store: SqliteStore, moves: int) -> int:
    """Commit `moves` moves of one table as fast as they come, the event loop getting a turn
    between two (so the background checkpoints run, as in a bot); the WAL's size then, in
    bytes."""
    table = await store.create_table(a_table())
    for ply in range(1, moves + 1):
        state = {"turn": ply, "log": [f"move {ply} {'x' * 40}"] * 20}  # ≈1 KB, as a game's
        table = await move(store, table, state=state)
        await asyncio.sleep(0)
    await store.checkpoint()
    assert (await store.get_table(table.id)).ply == moves
    return Path(f"{store.path}-wal").stat().st_size


async def test_the_wal_starts_over_past_its_limit_while_moves_keep_coming(
    tmp_path: Path,
) -> None:
    limit = 400  # frames: 1.6 MB
    bound = 8 * limit * 4_096  # the limit, and the frames of the commits a checkpoint takes
    async with stores.sqlite_store(tmp_path / "unbounded.sqlite", wal_limit=10**9) as unbounded:
        # each checkpoint overlaps the next commits, so none lets the WAL start over
        assert await moves_back_to_back(unbounded, 3_000) > bound
    async with stores.sqlite_store(tmp_path / "db.sqlite", wal_limit=limit) as store:
        assert await moves_back_to_back(store, 3_000) <= bound
        assert store.wal_restarts >= 1


async def test_a_reader_in_another_process_puts_the_restart_off_and_no_move_is_lost(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite"
    async with stores.sqlite_store(path, wal_limit=100) as store:
        await store.create_table(a_table())
        reader = sqlite3.connect(path)  # a backup, say: a snapshot held open
        try:
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM tables").fetchone()
            await moves_back_to_back(store, 600)
            assert store.wal_restarts == 0  # each RESTART gave up on the reader
        finally:
            reader.close()
        await moves_back_to_back(store, 600)
        assert store.wal_restarts >= 1

"""The default `Store`: SQLite (WAL, synchronous=NORMAL, foreign keys on).

Three connections per store, all in autocommit mode; every write is an explicit `BEGIN IMMEDIATE …
COMMIT` (rolled back on any error), so no transaction is ever left open between calls:

- the *writer*: a plain `sqlite3` connection on the store's own thread (`WriterThread`: a queue and
  a callback to the event loop, lighter than a thread pool's hand-off). Each store call runs as one
  function on that thread (aiosqlite hands each `execute`, `fetchone` and cursor close over
  separately);
- the *quick* connection (`_quick`), on the event loop's own thread, for the short one-row calls
  — `commit_action`, `update_table`, `get_table`, `panels`, `save_panel`, `create_table`, a
  take-back. A WAL commit
  with synchronous=NORMAL writes to the OS and does not wait for the disk, so it takes less time
  than handing it to a thread and being woken when it is done (tens of microseconds against
  about 100). Its busy timeout is zero: when another process holds the write lock (or a
  cancelled call still runs on the writer), it fails at once, rolls back, and the call goes to the
  writer thread, which waits its busy timeout there while the event loop goes on. Calls that may
  read many rows (`find_tables`, `actions`…) always go to the thread. `quick_writes=False` turns
  the quick connection off (every call handed to the thread, as before);
- an aiosqlite connection for the rest (migrations, backups, settings, results): rare calls, and
  the interface further store methods are written against.

An asyncio lock serialises the store's operations inside one process — a read never sees another
coroutine's half-done transaction — and the `version` column protects the rows across processes.
A move's UPDATE sets only the columns that differ from the row as this store last wrote or read it
(its version guards the write, so a row moved on elsewhere is refused, then read and written whole).
The store keeps each running table's panels as it last read or saved them, and reads them again
only once SQLite's `data_version` says another connection has committed since (any process; the
store's own other connections too): a move's report then reads no panel rows.
Automatic WAL checkpoints are off on both connections: a commit never pays for one. The store runs
a passive checkpoint in the background every `CHECKPOINT_EVERY` commits instead, on the other
connection, off the commit path. The WAL starts over from its beginning at the first commit after
a checkpoint that copied all of it; while moves keep coming faster than a checkpoint finishes,
none does, and the WAL would grow without end (and every read with it). So once it holds
`WAL_LIMIT` frames the background checkpoint is a RESTART, which makes writers wait while it
copies the last frames (the store's calls wait on its lock meanwhile): once in thousands of
commits, and only under such a load.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import re
import sqlite3
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from storage import codec, history
from storage.base import (
    ActionRecord,
    ChallengeEntry,
    ChannelBusyError,
    GameTally,
    LeaderRow,
    PanelRecord,
    RatingRecord,
    RepeatedMoveError,
    ResultRecord,
    StaleActionError,
    StorageError,
    TableNotFoundError,
    TableRecord,
    TableStatus,
    UndoRecord,
    WatcherRecord,
)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

_TABLE_COLUMNS = ", ".join(codec.TABLE_COLUMNS)

# Commits between two background WAL checkpoints: SQLite's own automatic checkpoint (1,000 pages)
# would run inside whichever commit crossed the mark.
CHECKPOINT_EVERY = 200
# Frames (pages) the WAL may hold before a checkpoint makes writers wait to start it over: 64 MB
# at SQLite's 4 KB pages, a few thousand moves. The file is cut back to that size when it does.
WAL_LIMIT = 16_384
PAGE_BYTES = 4_096  # SQLite's default page size, which the store keeps
RESTART_WAIT_MS = 100  # how long that checkpoint waits for another process's reader


def migrations() -> list[tuple[int, str, str]]:
    """The packaged migrations as (number, file name, SQL), numbered 1, 2, 3… without gaps."""
    found: list[tuple[int, str, str]] = []
    for entry in resources.files("storage").joinpath("migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 0001, 0002… without gaps; found {numbers}")
    return found


_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _busy(error: BaseException | None) -> bool:
    """The error (or the SQLite error it wraps) says another connection holds a lock."""
    while error is not None:
        if isinstance(error, sqlite3.OperationalError):
            code = getattr(error, "sqlite_errorcode", None)
            return code is not None and code & 0xFF in _BUSY_CODES
        error = error.__cause__
    return False


def _is_duplicate_ply(error: sqlite3.IntegrityError) -> bool:
    return "UNIQUE constraint failed: actions.table_id, actions.ply" in str(error)


def _is_foreign_key(error: sqlite3.IntegrityError) -> bool:
    return "FOREIGN KEY constraint failed" in str(error)


_Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class WriterThread:
    """The store's own database thread: runs the functions handed to it one at a time, in order,
    and gives each result back to the event loop that asked with one `call_soon_threadsafe`.

    A thread pool's hand-off chains two futures (the pool's and the loop's) and takes a lock per
    call; this one is a queue and a callback, about 25 µs less a call on the development machine.
    As with a pool, a call whose caller was cancelled before it started is skipped, and one
    already running finishes (its result is dropped)."""

    def __init__(self, name: str) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        # A daemon: a store never closed must not keep the process alive (between calls no
        # transaction is open, so stopping anywhere leaves the database whole).
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def run(self, work: Callable[..., _T], *args: Any) -> asyncio.Future[_T]:
        """`work(*args)` on the thread; await the future for its result (or its error)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[_T] = loop.create_future()
        self._jobs.put((loop, future, work, args))
        return future

    def stop(self, *, wait: bool) -> None:
        """End the thread after the calls already handed to it."""
        self._jobs.put(None)
        if wait:
            self._thread.join()

    def _serve(self) -> None:
        while (job := self._jobs.get()) is not None:
            loop, future, work, args = job
            if future.cancelled():
                continue
            try:
                result = work(*args)
            except BaseException as error:  # handed back like any other outcome
                done: Callable[..., None] = _fail
                outcome: Any = error
            else:
                done, outcome = _succeed, result
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
                loop.call_soon_threadsafe(done, future, outcome)


def _succeed(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)


class SqliteStore:
    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = 5000,
        row_cache_size: int = 2_000,
        quick_writes: bool = True,
        wal_limit: int = WAL_LIMIT,
    ) -> None:
        self.path = str(path)
        self._clock = clock
        self._busy_timeout_ms = busy_timeout_ms
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._writer: sqlite3.Connection | None = None
        self._thread: WriterThread | None = None
        self.writer_calls = 0  # hand-offs to the writer thread (tests count them per move)
        self.quick_writes = quick_writes
        self._quick: sqlite3.Connection | None = None  # on the event loop's thread (`_call`)
        self.quick_calls = 0  # calls run on it to the end
        self.quick_busy = 0  # calls it found busy, handed to the writer thread instead
        self._commits = 0  # since the last background checkpoint
        self.wal_limit = wal_limit
        self.wal_restarts = 0  # checkpoints that had to make writers wait (tests count them)
        self._checkpoint: asyncio.Task[None] | None = None
        # table id → its panels (by seat) as this store last read or wrote them; trusted only
        # while no other connection has committed since (`PRAGMA data_version`, `_panels_seen`)
        self._panels: OrderedDict[int, dict[int, PanelRecord]] = OrderedDict()
        # connection → its data_version when it last found every copy in `_panels` current
        self._versions: dict[sqlite3.Connection, int] = {}
        # tables whose copy a move's commit just found current, for the report that follows
        self._fresh: dict[int, bool] = {}
        # table id → its row as this store last wrote or read it: an UPDATE guarded by that
        # version finds exactly this row, so it sets only the columns that differ from it
        self._rows: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self.row_cache_size = max(1, row_cache_size)
        self.applied_migrations: list[int] = []  # what the last connect() applied, for logs/tests

    # -- connection and schema --------------------------------------------------------------------

    def _target(self) -> tuple[str, bool]:
        """What both connections open: the file, or for `:memory:` one named in-memory database
        they share (two plain `:memory:` connections would each see a database of their own)."""
        if self.path == ":memory:":
            return f"file:snowbound-{uuid.uuid4().hex}?mode=memory&cache=shared", True
        return self.path, False

    async def connect(self) -> None:
        if self._db is not None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        target, uri = self._target()
        db = await aiosqlite.connect(target, isolation_level=None, uri=uri)
        db.row_factory = sqlite3.Row
        thread = WriterThread("snowbound-sqlite")
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA wal_autocheckpoint = 0")
            self.applied_migrations = await self._migrate(db)
            writer = await thread.run(self._open_writer, target, uri)
            quick = self._open_writer(target, uri, busy_timeout_ms=0) if self.quick_writes else None
        except BaseException:
            await db.close()
            thread.stop(wait=False)
            raise
        self._db = db
        self._writer = writer
        self._quick = quick
        self._thread = thread
        self._lock = asyncio.Lock()

    def _open_writer(
        self, target: str, uri: bool, *, busy_timeout_ms: int | None = None
    ) -> sqlite3.Connection:
        """The writer's connection (opened on its own thread), or the quick one (busy timeout 0)."""
        conn = sqlite3.connect(target, isolation_level=None, uri=uri, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        timeout = self._busy_timeout_ms if busy_timeout_ms is None else busy_timeout_ms
        for pragma in (
            f"busy_timeout = {int(timeout)}",
            "synchronous = NORMAL",
            "foreign_keys = ON",
            "wal_autocheckpoint = 0",
            f"journal_size_limit = {self.wal_limit * PAGE_BYTES}",  # when it starts over
        ):
            conn.execute(f"PRAGMA {pragma}")
        return conn

    async def _migrate(self, db: aiosqlite.Connection) -> list[int]:
        known = migrations()
        latest = known[-1][0] if known else 0
        applied: list[int] = []
        # The write lock is taken before reading user_version, so two processes opening the same
        # new file cannot both apply a migration.
        await db.execute("BEGIN IMMEDIATE")
        try:
            async with db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            current = int(row[0]) if row is not None else 0
            if current > latest:
                raise StorageError(
                    f"the database {self.path} has schema version {current}, newer than this "
                    f"code knows ({latest}); upgrade Snowbound before opening it"
                )
            for number, _name, sql in known:
                if number > current:
                    for statement in _statements(sql):
                        await db.execute(statement)
                    await db.execute(f"PRAGMA user_version = {number}")
                    applied.append(number)
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")
        return applied

    async def pragmas(self) -> dict[str, Any]:
        """The connection's settings as SQLite reports them (for `/game admin` and tests)."""
        values: dict[str, Any] = {}
        async with self._read() as db:
            for name in ("journal_mode", "synchronous", "foreign_keys", "user_version"):
                async with db.execute(f"PRAGMA {name}") as cursor:
                    row = await cursor.fetchone()
                values[name] = row[0] if row is not None else None
        return values

    async def backup(self, path: str | Path) -> int:
        """Copy the whole database to `path` with SQLite's online backup API and return the number
        of tables in the copy. Other processes (the running bot) may keep reading and writing
        meanwhile; the copy is a consistent snapshot. It is written next to `path` first and
        renamed into place, so a failed backup never leaves a half-written file under that name.
        An existing `path` is replaced: refusing to overwrite is the caller's decision."""
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        async with self._read() as db:
            copy = await aiosqlite.connect(partial)
            try:
                await db.backup(copy)
                async with copy.execute("SELECT COUNT(*) FROM tables") as cursor:
                    row = await cursor.fetchone()
            finally:
                await copy.close()
        partial.replace(target)
        return int(row[0]) if row is not None else 0

    async def close(self) -> None:
        if self._checkpoint is not None:
            task, self._checkpoint = self._checkpoint, None
            await asyncio.gather(task, return_exceptions=True)
        if self._quick is not None:
            quick, self._quick = self._quick, None
            async with self._lock:  # after any call under way
                quick.close()
        if self._writer is not None and self._thread is not None:
            writer, thread = self._writer, self._thread
            self._writer, self._thread = None, None
            await thread.run(writer.close)
            thread.stop(wait=True)
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the store is not connected: await store.connect() first")
        return self._db

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        db = self._conn()
        async with self._lock:
            yield db

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        db = self._conn()
        async with self._lock:
            await db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                await db.execute("ROLLBACK")
                raise
            await db.execute("COMMIT")

    async def _call(self, work: Callable[..., _T], *args: Any, quick: bool = False) -> _T:
        """Run `work(connection, *args)` under the store's lock like every other operation: on
        the writer thread (one hand-off), or if `quick`, right here on the quick connection —
        unless it finds the database busy, when it is handed to the writer thread after all.

        `work` is one function that leaves no transaction open whatever happens (`_transaction`
        rolls back), so a busy attempt has written nothing and the writer may run it again."""
        writer, thread = self._writer, self._thread
        if writer is None or thread is None:
            raise StorageError("the store is not connected: await store.connect() first")
        async with self._lock:
            if quick and self._quick is not None:
                try:
                    done = work(self._quick, *args)
                except (sqlite3.OperationalError, StorageError) as error:
                    if not _busy(error):
                        raise
                    self.quick_busy += 1
                else:
                    self.quick_calls += 1
                    return done
            self.writer_calls += 1
            return await thread.run(work, writer, *args)

    def _committed(self) -> None:
        """Count a commit; every `CHECKPOINT_EVERY`, copy the WAL back into the database in the
        background (PASSIVE: it waits for nobody and nobody waits for it)."""
        self._commits += 1
        if self._commits < CHECKPOINT_EVERY or self.path == ":memory:":
            return
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        self._commits = 0
        self._checkpoint = asyncio.get_running_loop().create_task(self._run_checkpoint())

    async def _run_checkpoint(self) -> None:
        db = self._db
        if db is None:
            return
        # busy, or the store closed meanwhile: the next one copies what this one could not
        with contextlib.suppress(sqlite3.Error, ValueError):
            async with db.execute("PRAGMA wal_checkpoint(PASSIVE)") as cursor:
                done = await cursor.fetchone()  # (busy, frames in the WAL, frames copied)
            if done is not None and done[1] >= self.wal_limit:
                await self._restart_wal(db)

    async def _restart_wal(self, db: aiosqlite.Connection) -> None:
        """Commits kept coming while each checkpoint ran, so the WAL never started over: copy the
        rest with writers waiting, so the next commit starts it over.

        Under the store's lock, so this process's calls wait on it (and go on the moment it is
        done) instead of finding the database busy; and for at most `RESTART_WAIT_MS` on readers
        of other processes (a backup), which a RESTART waits for while it keeps writers out."""
        async with self._lock:
            await db.execute(f"PRAGMA busy_timeout = {RESTART_WAIT_MS}")
            try:
                async with db.execute("PRAGMA wal_checkpoint(RESTART)") as cursor:
                    restarted = await cursor.fetchone()
            finally:
                await db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
        if restarted is not None and not restarted[0]:  # not busy
            self.wal_restarts += 1

    async def checkpoint(self) -> None:
        """Wait for a background checkpoint under way (tests, shutdown)."""
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)

    # -- tables -----------------------------------------------------------------------------------

    async def create_table(
        self, table: TableRecord, *, channel_limit: int | None = None
    ) -> TableRecord:
        now = self._clock()
        record = table.model_copy(
            update={"version": 1, "created_at": table.created_at or now, "updated_at": now}
        )
        row = codec.table_row(record)
        del row["id"]
        table_id = await self._call(_insert_table, row, channel_limit, quick=True)
        self._committed()
        row["id"] = table_id
        self._remember(row)
        return codec.table_from_row(row)

    async def get_table(self, table_id: int) -> TableRecord:
        row = await self._call(_select_table, table_id, quick=True)
        if row is None:
            self._rows.pop(table_id, None)
            raise TableNotFoundError(f"no table with id {table_id}")
        self._remember(dict(row))
        return codec.table_from_row(row)

    def _remember(self, row: dict[str, Any]) -> None:
        """Keep `row` (every column) as the table's row in the database now; an ended table's
        row goes (its next write, if any, sets every column)."""
        rows = self._rows
        if row["status"] not in ("lobby", "active"):
            rows.pop(row["id"], None)
            return
        rows[row["id"]] = row
        rows.move_to_end(row["id"])
        while len(rows) > self.row_cache_size:
            rows.popitem(last=False)

    def _prepare_update(
        self, table: TableRecord, expected_version: int
    ) -> tuple[TableRecord, dict[str, Any], tuple[str, ...] | None]:
        """The record to write, its row, and the columns that differ from the row this store
        knows at `expected_version` (None: not known, every column is set).

        The UPDATE is guarded by that version, so if it changes a row at all, that row is the
        one known here: setting only what differs writes the same row, and leaves the indexes
        of unchanged columns (status, channel, deadline…) alone."""
        update: dict[str, Any] = {"version": expected_version + 1, "updated_at": self._clock()}
        known = self._rows.get(table.id)
        if known is None or known["version"] != expected_version:
            record = table.model_copy(update=update)
            return record, codec.table_row(record), None
        update["created_at"] = known["created_at"]  # what the UPDATE leaves, as stored
        record = table.model_copy(update=update)
        row = codec.table_row(record)
        changed = tuple(
            name for name in _UPDATABLE if name == "version" or row[name] != known[name]
        )
        return record, row, changed

    def _written(
        self, record: TableRecord, row: dict[str, Any], created_at: float | None
    ) -> TableRecord:
        if created_at is None:  # an UPDATE of the known row: its created_at stayed
            created_at = float(row["created_at"])
        row["created_at"] = created_at
        self._remember(row)
        return codec.written(record, row, created_at)

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        record, row, columns = self._prepare_update(table, expected_version)
        try:
            created_at = await self._call(_update, row, expected_version, columns, quick=True)
        except (StaleActionError, TableNotFoundError):
            self._rows.pop(table.id, None)
            raise
        self._committed()
        return self._written(record, row, created_at)

    async def commit_action(
        self,
        table: TableRecord,
        expected_version: int,
        action: ActionRecord,
        *,
        result: ResultRecord | None = None,
        source: int | None = None,
    ) -> TableRecord:
        codec.check_commit(table, action, result)
        record, row, columns = self._prepare_update(table, expected_version)
        action_row = codec.action_row(action)
        sourced = None if source is None else {"table_id": table.id, "source": source}
        result_row = None if result is None else codec.result_row(result)
        versions = self._versions if table.id in self._panels else {}
        try:
            created_at, seen = await self._call(
                _commit_move,
                row,
                expected_version,
                columns,
                action_row,
                result_row,
                versions,
                sourced,
                quick=True,
            )
        except (StaleActionError, TableNotFoundError, RepeatedMoveError):
            self._rows.pop(table.id, None)
            self._panels.pop(table.id, None)
            raise
        self._committed()
        written = self._written(record, row, created_at)
        if self._take_in(table.id, seen):
            self._fresh[table.id] = True
            while len(self._fresh) > FRESH_KEPT:
                self._fresh.pop(next(iter(self._fresh)))
        return written

    def _take_in(self, table_id: int, seen: _Seen) -> bool:
        """Take in what a call found; True if the table's panel copy is current now.

        If the call read the table's panels, and another connection had committed since its own
        connection last looked, every other copy may be out of date and goes. At most
        `row_cache_size` copies are kept, least recently used dropped first (and an ended
        table's once its last report has read it, in `panels`)."""
        conn, version, rows = seen
        panels = self._panels
        if rows is not None:
            if self._versions.get(conn) != version:
                panels.clear()
            panels[table_id] = {row["seat"]: codec.panel_from_row(row) for row in rows}
        self._versions[conn] = version
        if table_id not in panels:  # dropped while the call waited (for the lock or the thread)
            return False
        panels.move_to_end(table_id)
        while len(panels) > self.row_cache_size:
            panels.popitem(last=False)
        return True

    async def actions(self, table_id: int) -> list[ActionRecord]:
        rows = await self._call(_select_actions, table_id)
        return [codec.action_from_row(row) for row in rows]

    async def open_places(self) -> list[tuple[int, int | None, int | None]]:
        """(table id, channel id, thread id) of every lobby and active table: the service's
        channel index, without decoding any state."""
        rows = await self._call(_fetch_all, _OPEN_PLACES_SQL, ())
        return [(row[0], row[1], row[2]) for row in rows]

    async def open_tables_at(self, place_id: int) -> list[int]:
        """The open-table indexes of channels and threads (`OPEN_AT_SQL`), on the loop's own
        connection: a few index entries."""
        rows = await self._call(_fetch_all, OPEN_AT_SQL, {"place": place_id}, quick=True)
        return [int(row[0]) for row in rows]

    async def agent_turns(
        self, *, after: int = 0, limit: int = 200
    ) -> list[tuple[int, int | None]]:
        rows = await self._call(_fetch_all, AGENT_TURNS_SQL, (after, max(limit, 0)))
        return [(row[0], row[1]) for row in rows]

    async def find_tables(
        self,
        *,
        status: TableStatus | tuple[TableStatus, ...] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
        due_before: float | None = None,
        wake_before: float | None = None,
    ) -> list[TableRecord]:
        found = find_sql(
            status=status,
            channel_id=channel_id,
            thread_id=thread_id,
            guild_id=guild_id,
            user_id=user_id,
            due_before=due_before,
            wake_before=wake_before,
        )
        if found is None:
            return []
        rows = await self._call(_fetch_all, *found)
        return [codec.table_from_row(row) for row in rows]

    # -- panels, results, guild settings ----------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        sql = _upsert_sql("private_panels", codec.PANEL_COLUMNS, ("table_id", "seat"))
        try:
            await self._call(_upsert_one, sql, codec.panel_row(panel), quick=True)
        except BaseException:
            self._panels.pop(panel.table_id, None)  # written or not: read it again
            raise
        copy = self._panels.get(panel.table_id)
        if copy is not None:  # the upsert set every column: the row is `panel` now
            copy[panel.seat] = panel
        self._committed()

    async def panels(self, table_id: int) -> list[PanelRecord]:
        """The table's panels, by seat.

        The store keeps a copy of each running table's panels (it writes them all itself, in
        `save_panel`) and trusts it while no other connection has committed since it was found
        current: a call asks SQLite's `data_version` first and reads the rows only if it moved.
        The report of a move asks right after the move's commit, which asked in its own
        transaction: that one call (once) costs no statement at all."""
        copy = self._panels.get(table_id)
        fresh = self._fresh.pop(table_id, False)  # the move's commit just checked the copy
        if copy is None or not fresh:
            versions = self._versions if copy is not None else {}
            seen = await self._call(_panels_seen, table_id, versions, quick=True)
            if not self._take_in(table_id, seen):
                seen = await self._call(_panels_seen, table_id, {}, quick=True)
                self._take_in(table_id, seen)
            copy = self._panels[table_id]
        if table_id not in self._rows:  # an ended table (or one this store never read)
            self._panels.pop(table_id, None)
        return [panel for _, panel in sorted(copy.items())]

    async def record_result(self, result: ResultRecord) -> None:
        await self._upsert(
            "results",
            codec.RESULT_COLUMNS,
            ("table_id",),
            codec.result_row(result),
            then=(history.SQLITE_SEAT_RESULTS, (result.table_id,)),
        )

    async def results(self, *, game: str | None = None, limit: int = 50) -> list[ResultRecord]:
        sql = f"SELECT {', '.join(codec.RESULT_COLUMNS)} FROM results"
        params: list[Any] = []
        if game is not None:
            sql += " WHERE game = ?"
            params.append(game)
        sql += " ORDER BY finished_at DESC, table_id DESC LIMIT ?"
        params.append(max(limit, 0))
        async with self._read() as db, db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return [codec.result_from_row(row) for row in rows]

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._settings("guild_settings", "guild_id", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("guild_settings", "guild_id", guild_id, settings)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._settings("user_settings", "user_id", user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._set_settings("user_settings", "user_id", user_id, settings)

    async def _settings(self, table: str, key: str, owner: int) -> dict[str, Any]:
        """A guild's or a member's stored settings (`table` is one of the two settings tables)."""
        async with (
            self._read() as db,
            db.execute(f"SELECT settings FROM {table} WHERE {key} = ?", (owner,)) as cursor,
        ):
            row = await cursor.fetchone()
        settings: dict[str, Any] = json.loads(row[0]) if row is not None else {}
        return settings

    async def _set_settings(
        self, table: str, key: str, owner: int, settings: dict[str, Any]
    ) -> None:
        await self._upsert(
            table, (key, "settings"), (key,), {key: owner, "settings": codec.dumps(settings)}
        )

    async def _upsert(
        self,
        table: str,
        columns: tuple[str, ...],
        key: tuple[str, ...],
        row: dict[str, Any],
        *,
        then: tuple[str, tuple[Any, ...]] | None = None,
    ) -> None:
        """Insert or replace by `key`; a row for a missing table is `TableNotFoundError`.
        `then`: one more statement in the same transaction."""
        sql = _upsert_sql(table, columns, key)
        async with self._write() as db:
            try:
                await db.execute(sql, row)
                if then is not None:
                    await db.execute(*then)
            except sqlite3.IntegrityError as error:
                if _is_foreign_key(error):
                    raise TableNotFoundError(f"no table with id {row.get('table_id')}") from error
                raise StorageError(str(error)) from error

    # -- take-backs and stats (`storage.history`) -------------------------------------------------

    async def take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        history.check_take_back(table, undo)
        record, row, columns = self._prepare_update(table, expected_version)
        try:
            created_at = await self._call(
                _take_back, row, expected_version, columns, undo, quick=True
            )
        except (StaleActionError, TableNotFoundError):
            self._rows.pop(table.id, None)
            raise
        self._committed()
        return self._written(record, row, created_at)

    async def undos(self, table_id: int) -> list[UndoRecord]:
        async with (
            self._read() as db,
            db.execute(
                f"SELECT {', '.join(history.UNDO_COLUMNS)} FROM undos "
                "WHERE table_id = ? ORDER BY seq",
                (table_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [history.undo_from_row(row) for row in rows]

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[GameTally]:
        sql, params = stats_sql(user_id, guild_id)
        async with self._read() as db, db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return history.tallies(rows)

    async def leaderboard(
        self, *, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        sql, params = history.leaderboard_sql(guild_id, game, limit, style="sqlite")
        async with self._read() as db, db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return [LeaderRow(user_id=r[0], name=r[1], won=r[2], played=r[3]) for r in rows]

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def save_watcher(self, watcher: WatcherRecord) -> None:
        await self._call(_upsert_one, _SAVE_WATCHER_SQL, codec.watcher_row(watcher), quick=True)
        self._committed()

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        removed = await self._call(_remove_watcher, table_id, user_id, quick=True)
        self._committed()
        return removed

    async def watchers(self, table_id: int) -> list[WatcherRecord]:
        rows = await self._call(_fetch_all, _WATCHERS_SQL, (table_id,), quick=True)
        return [codec.watcher_from_row(row) for row in rows]

    async def ratings(self, guild_id: int, game: str) -> list[RatingRecord]:
        rows = await self._call(_fetch_all, _RATINGS_SQL, (guild_id, game))
        return [codec.rating_from_row(row) for row in rows]

    async def member_ratings(self, user_id: int, guild_id: int) -> list[RatingRecord]:
        rows = await self._call(_fetch_all, _MEMBER_RATINGS_SQL, (user_id, guild_id))
        return [codec.rating_from_row(row) for row in rows]

    async def apply_ratings(self, table_id: int, ratings: Sequence[RatingRecord]) -> bool:
        rows = [codec.rating_row(rating) for rating in ratings]
        applied = await self._call(_apply_ratings, table_id, rows)
        self._committed()
        return applied

    async def clear_ratings(self) -> None:
        await self._call(_clear_ratings)
        self._committed()

    async def record_challenge(self, entry: ChallengeEntry) -> None:
        await self._call(_upsert_one, _SAVE_CHALLENGE_SQL, codec.challenge_row(entry))
        self._committed()

    async def challenge_entries(self, code: str, limit: int = 50) -> list[ChallengeEntry]:
        rows = await self._call(_fetch_all, _CHALLENGE_ENTRIES_SQL, (code, max(limit, 0)))
        return [codec.challenge_from_row(row) for row in rows]

    async def query_plan(self, sql: str, params: Any = ()) -> list[str]:
        """`EXPLAIN QUERY PLAN` of a statement, one line per step (tests: which index is used)."""
        async with self._read() as db, db.execute(f"EXPLAIN QUERY PLAN {sql}", params) as cursor:
            rows = await cursor.fetchall()
        return [str(row[-1]) for row in rows]


def stats_sql(user_id: int, guild_id: int | None) -> tuple[str, dict[str, Any]]:
    """`player_stats`' query: the user's rows of `seat_results_user`, then their abandoned
    tables through `table_seats_user`."""
    where = "" if guild_id is None else " AND guild_id = :guild"
    results = (
        "SELECT game, sum(won) AS won, count(*) - sum(won) AS lost, 0 AS abandoned "
        f"FROM seat_results WHERE user_id = :user{where} GROUP BY game"
    )
    abandoned = (
        # CROSS JOIN keeps SQLite to this order: the user's seats first, by `table_seats_user`,
        # then each table by its key (not every table of the server by `tables_guild`)
        "SELECT t.game, 0, 0, count(*) FROM table_seats AS s "
        "CROSS JOIN tables AS t ON t.id = s.table_id "
        f"WHERE {history.ABANDONED_WHERE.format(user=':user')}"
        f"{'' if guild_id is None else ' AND t.guild_id = :guild'} GROUP BY t.game"
    )
    return f"{results} UNION ALL {abandoned}", {"user": user_id, "guild": guild_id}


_FIXED = frozenset({"id", "created_at"})  # never changed by an UPDATE
_UPDATABLE = tuple(name for name in codec.TABLE_COLUMNS if name not in _FIXED)
_ASSIGNMENTS = ", ".join(f"{name} = :{name}" for name in _UPDATABLE)
_UPDATE_SQL = (
    f"UPDATE tables SET {_ASSIGNMENTS} WHERE id = :id AND version = :expected RETURNING created_at"
)
_UPDATES: dict[tuple[str, ...], str] = {}  # the UPDATE of just these columns (a few shapes)


def _update_sql(columns: tuple[str, ...]) -> str:
    sql = _UPDATES.get(columns)
    if sql is None:
        sets = ", ".join(f"{name} = :{name}" for name in columns)
        sql = _UPDATES[columns] = f"UPDATE tables SET {sets} WHERE id = :id AND version = :expected"
    return sql


_INSERT_ACTION_SQL = (
    f"INSERT INTO actions ({', '.join(codec.ACTION_COLUMNS)}) "
    f"VALUES ({', '.join(':' + c for c in codec.ACTION_COLUMNS)})"
)
_INSERT_SOURCE_SQL = (
    "INSERT INTO move_sources (table_id, source, ply) VALUES (:table_id, :source, :ply)"
)
_PANELS_SQL = (
    f"SELECT {', '.join(codec.PANEL_COLUMNS)} FROM private_panels WHERE table_id = ? ORDER BY seat"
)
FRESH_KEPT = 64  # tables whose panel copy a commit found current and no report read yet
_OPEN_PLACES_SQL = (
    "SELECT id, channel_id, thread_id FROM tables WHERE status IN ('lobby', 'active')"
)
# The channel index's lookup of one channel or thread (`open_tables_at`): the partial indexes
# of open tables by channel and by thread, whatever number of tables ended there.
OPEN_AT_SQL = (
    "SELECT id FROM tables WHERE channel_id = :place AND status IN ('lobby', 'active') "
    "UNION SELECT id FROM tables WHERE thread_id = :place AND status IN ('lobby', 'active') "
    "ORDER BY id"
)
# Running tables that wait only for AI seats, a page at a time, from their own partial index.
AGENT_TURNS_SQL = (
    "SELECT id, guild_id FROM tables INDEXED BY tables_ai_turn "
    "WHERE ai_turn = 1 AND status = 'active' AND id > ? ORDER BY id LIMIT ?"
)
_STATUSES = frozenset({"lobby", "active", "finished", "abandoned"})


def find_sql(
    *,
    status: TableStatus | tuple[TableStatus, ...] | None = None,
    channel_id: int | None = None,
    thread_id: int | None = None,
    guild_id: int | None = None,
    user_id: int | None = None,
    due_before: float | None = None,
    wake_before: float | None = None,
) -> tuple[str, tuple[Any, ...]] | None:
    """`find_tables`' statement and parameters (None: it can match nothing).

    Known statuses are written into the statement, so the planner can match the partial indexes
    (open tables by channel and thread). The clock's scans of running tables — `due_before`,
    `wake_before` — read their partial index by name (`INDEXED BY`): without `ANALYZE`, SQLite
    would rather take the equality on `status` and visit every running table."""
    where: list[str] = []
    params: list[Any] = []
    source = "tables"
    statuses: tuple[str, ...] | None = None
    if status is not None:
        statuses = (status,) if isinstance(status, str) else tuple(status)
        if not statuses:
            return None
        if all(s in _STATUSES for s in statuses):
            where.append(f"status IN ({', '.join(repr(s) for s in statuses)})")
        else:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)
    active = statuses == ("active",)
    if active and due_before is not None:
        source = "tables INDEXED BY tables_due"
        where[0] = "status = 'active'"
    elif active and wake_before is not None:
        source = "tables INDEXED BY tables_wake"
        where[0] = "status = 'active'"
    for column, value in (
        ("channel_id", channel_id),
        ("thread_id", thread_id),
        ("guild_id", guild_id),
    ):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    if user_id is not None:
        where.append("id IN (SELECT table_id FROM table_seats WHERE user_id = ?)")
        params.append(user_id)
    if due_before is not None:
        where.append("deadline IS NOT NULL AND deadline <= ?")
        params.append(due_before)
    if wake_before is not None:
        where.append("wake_at IS NOT NULL AND wake_at <= ?")
        params.append(wake_before)
    sql = f"SELECT {_TABLE_COLUMNS} FROM {source}"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return sql + " ORDER BY created_at, id", tuple(params)


_T = TypeVar("_T")

# -- the writer thread's work: each function is one call, its own transaction when it writes ------


def _transaction(conn: sqlite3.Connection, work: Callable[[], _T]) -> _T:
    """`work()` between BEGIN IMMEDIATE and COMMIT, rolled back if anything fails."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        done = work()
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return done


def _fetch_all(conn: sqlite3.Connection, sql: str, params: Any) -> list[sqlite3.Row]:
    return conn.execute(sql, params).fetchall()


def _select_table(conn: sqlite3.Connection, table_id: int) -> sqlite3.Row | None:
    row: sqlite3.Row | None = conn.execute(
        f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)
    ).fetchone()
    return row


def _select_actions(conn: sqlite3.Connection, table_id: int) -> list[sqlite3.Row]:
    return conn.execute(
        f"SELECT {', '.join(codec.ACTION_COLUMNS)} FROM actions WHERE table_id = ? ORDER BY ply",
        (table_id,),
    ).fetchall()


def _insert_table(conn: sqlite3.Connection, row: dict[str, Any], channel_limit: int | None) -> int:
    """Insert the row (the channel's open tables counted in the same transaction)."""

    def work() -> int:
        channel = row["channel_id"]
        if channel_limit is not None and channel is not None:
            found = conn.execute(
                f"SELECT count(*) FROM tables WHERE channel_id = ? AND ({codec.CHANNEL_OPEN_SQL})",
                (channel,),
            ).fetchone()
            held = int(found[0]) if found is not None else 0
            if held >= channel_limit:
                raise ChannelBusyError(f"channel {channel} already holds {held} tables")
        columns = ", ".join(row)
        values = ", ".join(f":{name}" for name in row)
        cursor = conn.execute(f"INSERT INTO tables ({columns}) VALUES ({values})", row)
        if cursor.lastrowid is None:
            raise StorageError("SQLite did not assign a table id")
        return cursor.lastrowid

    return _transaction(conn, work)


def _update(
    conn: sqlite3.Connection, row: dict[str, Any], expected: int, columns: tuple[str, ...] | None
) -> float | None:
    """The version-guarded UPDATE (of `columns`, else of every column) in its own transaction;
    returns the row's `created_at` if it read it. Stale → StaleActionError, nothing written."""
    return _transaction(conn, lambda: _guarded_update(conn, row, expected, columns))


def _write_move(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    expected: int,
    columns: tuple[str, ...] | None,
    action: dict[str, Any],
    result: dict[str, Any] | None,
    source: dict[str, Any] | None = None,
) -> float | None:
    """A move's statements, inside a transaction the caller holds: the guarded UPDATE, the log
    entry, where the move came from (`source`: table_id and source) and the result, if the move
    ended the game."""
    created_at = _guarded_update(conn, row, expected, columns)
    try:
        conn.execute(_INSERT_ACTION_SQL, action)
        if source is not None:
            conn.execute(_INSERT_SOURCE_SQL, {**source, "ply": action["ply"]})
        if result is not None:
            conn.execute(_upsert_sql("results", codec.RESULT_COLUMNS, ("table_id",)), result)
            conn.execute(history.SQLITE_SEAT_RESULTS, (row["id"],))
    except sqlite3.IntegrityError as error:
        if _is_duplicate_ply(error):
            raise StaleActionError(
                f"table {row['id']} already has an action at ply {action['ply']}"
            ) from error
        if "move_sources" in str(error):
            raise RepeatedMoveError(
                f"table {row['id']} already has the move of {source and source['source']}"
            ) from error
        raise StorageError(f"could not append the action: {error}") from error
    except sqlite3.Error as error:
        raise StorageError(f"could not append the action: {error}") from error
    return created_at


def _guarded_update(
    conn: sqlite3.Connection, row: dict[str, Any], expected: int, columns: tuple[str, ...] | None
) -> float | None:
    """The version-guarded UPDATE inside a transaction: of every column, returning the row's
    `created_at`; or of just `columns` of a row the caller knows (None returned)."""
    if columns is not None:
        cursor = conn.execute(_update_sql(columns), {**row, "expected": expected})
        if cursor.rowcount == 1:
            return None
        returned = []
    else:
        returned = conn.execute(_UPDATE_SQL, {**row, "expected": expected}).fetchall()
    if not returned:
        current = conn.execute("SELECT version FROM tables WHERE id = ?", (row["id"],))
        found = current.fetchone()
        if found is None:
            raise TableNotFoundError(f"no table with id {row['id']}")
        raise StaleActionError(f"table {row['id']} is at version {found[0]}, not {expected}")
    return float(returned[0][0])


def _take_back(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    expected: int,
    columns: tuple[str, ...] | None,
    undo: UndoRecord,
) -> float | None:
    """A take-back in one transaction: the row back to the earlier state (version-guarded), the
    log's last action deleted (it must be `undo.ply`), the audit entry appended."""

    def work() -> float | None:
        created_at = _guarded_update(conn, row, expected, columns)
        last = conn.execute(
            "SELECT max(ply) FROM actions WHERE table_id = ?", (row["id"],)
        ).fetchone()
        if last is None or last[0] != undo.ply:
            raise StaleActionError(f"ply {undo.ply} is not the last move of table {row['id']}")
        conn.execute("DELETE FROM actions WHERE table_id = ? AND ply = ?", (row["id"], undo.ply))
        seq = conn.execute(
            "SELECT coalesce(max(seq), 0) + 1 FROM undos WHERE table_id = ?", (row["id"],)
        ).fetchone()
        conn.execute(
            f"INSERT INTO undos ({', '.join(history.UNDO_COLUMNS)}) "
            f"VALUES ({', '.join(':' + c for c in history.UNDO_COLUMNS)})",
            history.undo_row(undo, int(seq[0]) if seq is not None else 1),
        )
        return created_at

    return _transaction(conn, work)


# What a call learnt about the store's panel copies: the connection it ran on, that connection's
# `data_version`, and the table's panel rows if it had to read them (None: the copy is current).
_Seen = tuple[sqlite3.Connection, int, list[sqlite3.Row] | None]


def _panels_seen(
    conn: sqlite3.Connection, table_id: int, versions: dict[sqlite3.Connection, int]
) -> _Seen:
    """`data_version` first, then the panel rows only if it moved since `versions[conn]`: any
    commit by another connection (this store's others included) changes it, so an unchanged one
    means the copies are what the database holds. In that order, a commit landing between the
    two statements can only make the copy newer than the version says (and be read again)."""
    version = conn.execute("PRAGMA data_version").fetchone()[0]
    if versions.get(conn) == version:
        return conn, version, None
    return conn, version, conn.execute(_PANELS_SQL, (table_id,)).fetchall()


def _commit_move(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    expected: int,
    columns: tuple[str, ...] | None,
    action: dict[str, Any],
    result: dict[str, Any] | None,
    versions: dict[sqlite3.Connection, int],
    source: dict[str, Any] | None = None,
) -> tuple[float | None, _Seen]:
    """A move in one transaction (`_write_move`), and in it whether the store's copy of the table's
    panels is current (read again if not): the report of the move reads them next."""

    def work() -> tuple[float | None, _Seen]:
        created_at = _write_move(conn, row, expected, columns, action, result, source)
        return created_at, _panels_seen(conn, row["id"], versions)

    return _transaction(conn, work)


def _upsert_one(conn: sqlite3.Connection, sql: str, row: dict[str, Any]) -> None:
    """One upsert in its own transaction; a row for a missing table is `TableNotFoundError`."""

    def work() -> None:
        try:
            conn.execute(sql, row)
        except sqlite3.IntegrityError as error:
            if _is_foreign_key(error):
                raise TableNotFoundError(f"no table with id {row.get('table_id')}") from error
            raise StorageError(str(error)) from error

    _transaction(conn, work)


def _upsert_sql(table: str, columns: tuple[str, ...], key: tuple[str, ...]) -> str:
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join(':' + c for c in columns)}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )


_SAVE_WATCHER_SQL = _upsert_sql("watchers", codec.WATCHER_COLUMNS, ("table_id", "user_id"))
_SAVE_CHALLENGE_SQL = _upsert_sql("challenge_entries", codec.CHALLENGE_COLUMNS, ("table_id",))
_SAVE_RATING_SQL = _upsert_sql("ratings", codec.RATING_COLUMNS, ("guild_id", "game", "user_id"))
_WATCHERS_SQL = codec.sql_params(codec.WATCHERS_SQL, "sqlite")
_RATINGS_SQL = codec.sql_params(codec.RATINGS_SQL, "sqlite")
_MEMBER_RATINGS_SQL = codec.sql_params(codec.MEMBER_RATINGS_SQL, "sqlite")
_CHALLENGE_ENTRIES_SQL = codec.sql_params(codec.CHALLENGE_ENTRIES_SQL, "sqlite")


def _remove_watcher(conn: sqlite3.Connection, table_id: int, user_id: int) -> bool:
    sql = codec.sql_params(codec.REMOVE_WATCHER_SQL, "sqlite")
    return _transaction(conn, lambda: conn.execute(sql, (table_id, user_id)).rowcount > 0)


def _apply_ratings(conn: sqlite3.Connection, table_id: int, rows: list[dict[str, Any]]) -> bool:
    """Mark the table rated and write its ratings, in one transaction; False (nothing written)
    if it was rated already."""

    def work() -> bool:
        try:
            marked = conn.execute(
                codec.sql_params(codec.RATE_TABLE_SQL, "sqlite"), (table_id,)
            ).fetchall()
        except sqlite3.IntegrityError as error:
            if _is_foreign_key(error):
                raise TableNotFoundError(f"no table with id {table_id}") from error
            raise StorageError(str(error)) from error
        if not marked:
            return False
        conn.executemany(_SAVE_RATING_SQL, rows)
        return True

    return _transaction(conn, work)


def _clear_ratings(conn: sqlite3.Connection) -> None:
    def work() -> None:
        for sql in codec.CLEAR_RATINGS_SQL:
            conn.execute(sql)

    _transaction(conn, work)


def _statements(script: str) -> list[str]:
    """Split a migration into statements (`sqlite3.complete_statement` knows about quotes)."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip().strip(";").strip():
                statements.append(pending.strip())
            pending = ""
    if pending.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in pending.splitlines()
    ):
        raise StorageError(f"unterminated SQL statement in a migration: {pending.strip()[:60]}")
    return statements

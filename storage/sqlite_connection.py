"""The SQLite store's connections (the `SqliteStore` driver's lower half; see `storage.sqlite`):
opening them and the schema, running each call under the store's lock on the quick connection or
the writer thread (`_call`), the background WAL checkpoints, backups, and `SqlStore`'s two hooks.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from storage import schema
from storage.base import StorageError, connected, not_connected
from storage.sql import SQLITE
from storage.sql_store import SqlStore, Step
from storage.sqlite_calls import _busy, _fetch_all, _run_steps, _statements
from storage.sqlite_thread import WriterThread

_T = TypeVar("_T")

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
    return schema.packaged()


class SqliteConnection(SqlStore):
    sql = SQLITE

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = 5000,
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
        applied: list[int] = []
        # The write lock is taken before reading user_version, so two processes opening the same
        # new file cannot both apply a migration.
        await db.execute("BEGIN IMMEDIATE")
        try:
            async with db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            current = int(row[0]) if row is not None else 0
            schema.check_version(current, known, self.path)
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
        return connected(self._db)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        db = self._conn()
        async with self._lock:
            yield db

    async def _call(self, work: Callable[..., _T], *args: Any, quick: bool = False) -> _T:
        """Run `work(connection, *args)` under the store's lock like every other operation: on
        the writer thread (one hand-off), or if `quick`, right here on the quick connection —
        unless it finds the database busy, when it is handed to the writer thread after all.

        `work` is one function that leaves no transaction open whatever happens (`_transaction`
        rolls back), so a busy attempt has written nothing and the writer may run it again."""
        writer, thread = self._writer, self._thread
        if writer is None or thread is None:
            raise not_connected()
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

    async def query_plan(self, sql: str, params: Any = ()) -> list[str]:
        """`EXPLAIN QUERY PLAN` of a statement, one line per step (tests: which index is used)."""
        async with self._read() as db, db.execute(f"EXPLAIN QUERY PLAN {sql}", params) as cursor:
            rows = await cursor.fetchall()
        return [str(row[-1]) for row in rows]

    # -- `SqlStore`'s hooks -----------------------------------------------------------------------

    async def _fetch(
        self, sql: str, params: Sequence[Any], *, quick: bool = False, rare: bool = False
    ) -> Sequence[Any]:
        if rare:  # on the other connection, off the writer thread's queue
            async with self._read() as db, db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        return await self._call(_fetch_all, sql, params, quick=quick)

    async def _execute(
        self, steps: Sequence[Step], *, table_id: int | None = None, quick: bool = False
    ) -> list[Sequence[Any]] | None:
        found = await self._call(_run_steps, steps, table_id, quick=quick)
        self._committed()
        return found

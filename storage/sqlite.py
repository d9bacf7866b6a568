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
- an aiosqlite connection for migrations, backups, the background checkpoints and the rare reads
  that are on no move's way (settings, results, take-backs, stats: `SqlStore`'s `rare` reads).

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

This module is the store and its copies of rows and panels; `storage.sqlite_connection` opens the
connections and runs each call (`_call`), `storage.sqlite_calls` holds the functions a call runs
on a connection, `storage.sqlite_thread` the writer thread. Every statement but the UPDATE of just
the changed columns is `storage.sql`'s, shared with PostgreSQL.
"""

from __future__ import annotations

import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from storage import codec
from storage.base import (
    MoveRows,
    PanelRecord,
    RepeatedMoveError,
    StaleActionError,
    TableNotFoundError,
    TableRecord,
    UndoRecord,
)
from storage.sql import CHANGED
from storage.sql_store import Step, values
from storage.sqlite_calls import (
    _commit_move,
    _insert_table,
    _panels_seen,
    _Seen,
    _select_table,
    _take_back,
    _update,
)
from storage.sqlite_connection import WAL_LIMIT, SqliteConnection, migrations
from storage.sqlite_thread import WriterThread

__all__ = ["FRESH_KEPT", "SqliteStore", "WriterThread", "migrations"]

FRESH_KEPT = 64  # tables whose panel copy a commit found current and no report read yet


class SqliteStore(SqliteConnection):
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
        super().__init__(
            path,
            clock=clock,
            busy_timeout_ms=busy_timeout_ms,
            quick_writes=quick_writes,
            wal_limit=wal_limit,
        )
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

    # -- tables -----------------------------------------------------------------------------------

    async def _insert_table(self, row: dict[str, Any], channel_limit: int | None) -> None:
        row["id"] = await self._call(_insert_table, row, channel_limit, quick=True)
        self._committed()
        self._remember(row)

    async def _table_row(self, table_id: int) -> sqlite3.Row | None:
        row = await self._call(_select_table, table_id, quick=True)
        if row is None:
            self._rows.pop(table_id, None)
        else:
            self._remember(dict(row))
        return row

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
        known = self._rows.get(table.id)
        if known is None or known["version"] != expected_version:
            record = self._stamped(table, expected_version)
            return record, codec.table_row(record), None
        # created_at: what the UPDATE leaves, as stored
        record = self._stamped(table, expected_version, created_at=known["created_at"])
        row = codec.table_row(record)
        changed = tuple(name for name in CHANGED if name == "version" or row[name] != known[name])
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

    async def _commit(
        self, table: TableRecord, expected_version: int, move: MoveRows
    ) -> TableRecord:
        record, row, columns = self._prepare_update(table, expected_version)
        versions = self._versions if table.id in self._panels else {}
        try:
            created_at, seen = await self._call(
                _commit_move,
                row,
                expected_version,
                columns,
                move,
                versions,
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

    # -- panels -----------------------------------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        step = Step(self.sql.save_panel, values(codec.panel_row(panel), codec.PANEL_COLUMNS))
        try:
            await self._execute([step], table_id=panel.table_id, quick=True)
        except BaseException:
            self._panels.pop(panel.table_id, None)  # written or not: read it again
            raise
        copy = self._panels.get(panel.table_id)
        if copy is not None:  # the upsert set every column: the row is `panel` now
            copy[panel.seat] = panel

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

    async def _take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
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

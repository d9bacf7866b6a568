"""The default `Store`: SQLite through aiosqlite (WAL, synchronous=NORMAL, foreign keys on).

One connection per store, in autocommit mode; every write is an explicit `BEGIN IMMEDIATE … COMMIT`
(rolled back on any error), so no transaction is ever left open between calls. An asyncio lock
serialises the store's operations inside one process — a read never sees another coroutine's
half-done transaction — and the `version` column protects the rows across processes.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from storage import codec, history
from storage.base import (
    ActionRecord,
    ChannelBusyError,
    GameTally,
    LeaderRow,
    PanelRecord,
    ResultRecord,
    StaleActionError,
    StorageError,
    TableNotFoundError,
    TableRecord,
    TableStatus,
    UndoRecord,
)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

_TABLE_COLUMNS = ", ".join(codec.TABLE_COLUMNS)


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


def _is_duplicate_ply(error: sqlite3.IntegrityError) -> bool:
    return "UNIQUE constraint failed: actions.table_id, actions.ply" in str(error)


def _is_foreign_key(error: sqlite3.IntegrityError) -> bool:
    return "FOREIGN KEY constraint failed" in str(error)


class SqliteStore:
    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        busy_timeout_ms: int = 5000,
    ) -> None:
        self.path = str(path)
        self._clock = clock
        self._busy_timeout_ms = busy_timeout_ms
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.applied_migrations: list[int] = []  # what the last connect() applied, for logs/tests

    # -- connection and schema --------------------------------------------------------------------

    async def connect(self) -> None:
        if self._db is not None:
            return
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(self.path, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(self._busy_timeout_ms)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            self.applied_migrations = await self._migrate(db)
        except BaseException:
            await db.close()
            raise
        self._db = db
        self._lock = asyncio.Lock()

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
        columns = ", ".join(row)
        values = ", ".join(f":{name}" for name in row)
        async with self._write() as db:  # BEGIN IMMEDIATE: no other process writes meanwhile
            if channel_limit is not None and table.channel_id is not None:
                async with db.execute(
                    f"SELECT count(*) FROM tables WHERE channel_id = ? AND "
                    f"({codec.CHANNEL_OPEN_SQL})",
                    (table.channel_id,),
                ) as counted:
                    found = await counted.fetchone()
                held = int(found[0]) if found is not None else 0
                if held >= channel_limit:
                    raise ChannelBusyError(
                        f"channel {table.channel_id} already holds {held} tables"
                    )
            cursor = await db.execute(f"INSERT INTO tables ({columns}) VALUES ({values})", row)
            table_id = cursor.lastrowid
            if table_id is None:
                raise StorageError("SQLite did not assign a table id")
        row["id"] = table_id
        return codec.table_from_row(row)

    async def get_table(self, table_id: int) -> TableRecord:
        async with (
            self._read() as db,
            db.execute(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        if row is None:
            raise TableNotFoundError(f"no table with id {table_id}")
        return codec.table_from_row(row)

    async def _update_row(
        self, db: aiosqlite.Connection, table: TableRecord, expected_version: int
    ) -> TableRecord:
        """The guarded UPDATE inside the caller's transaction; raises unless it hit the row."""
        record = table.model_copy(
            update={"version": expected_version + 1, "updated_at": self._clock()}
        )
        row = codec.table_row(record)
        assignments = ", ".join(f"{name} = :{name}" for name in row if name not in _FIXED)
        returned = list(
            await db.execute_fetchall(
                f"UPDATE tables SET {assignments} WHERE id = :id AND version = :expected "
                "RETURNING created_at",
                {**row, "expected": expected_version},
            )
        )
        if not returned:
            async with db.execute("SELECT version FROM tables WHERE id = ?", (table.id,)) as cur:
                current = await cur.fetchone()
            if current is None:
                raise TableNotFoundError(f"no table with id {table.id}")
            raise StaleActionError(
                f"table {table.id} is at version {current[0]}, not {expected_version}"
            )
        row["created_at"] = returned[0][0]
        return codec.table_from_row(row)

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        async with self._write() as db:
            return await self._update_row(db, table, expected_version)

    async def commit_action(
        self,
        table: TableRecord,
        expected_version: int,
        action: ActionRecord,
        *,
        result: ResultRecord | None = None,
    ) -> TableRecord:
        codec.check_commit(table, action, result)
        action_row = codec.action_row(action)
        async with self._write() as db:
            record = await self._update_row(db, table, expected_version)
            try:
                await db.execute(
                    "INSERT INTO actions (table_id, ply, seat, action, at, events) "
                    "VALUES (:table_id, :ply, :seat, :action, :at, :events)",
                    action_row,
                )
                if result is not None:
                    await db.execute(
                        _upsert_sql("results", codec.RESULT_COLUMNS, ("table_id",)),
                        codec.result_row(result),
                    )
                    await db.execute(history.SQLITE_SEAT_RESULTS, (table.id,))
            except sqlite3.IntegrityError as error:
                if _is_duplicate_ply(error):
                    raise StaleActionError(
                        f"table {table.id} already has an action at ply {action.ply}"
                    ) from error
                raise StorageError(f"could not append the action: {error}") from error
            except sqlite3.Error as error:
                raise StorageError(f"could not append the action: {error}") from error
        return record

    async def actions(self, table_id: int) -> list[ActionRecord]:
        async with (
            self._read() as db,
            db.execute(
                f"SELECT {', '.join(codec.ACTION_COLUMNS)} FROM actions "
                "WHERE table_id = ? ORDER BY ply",
                (table_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [codec.action_from_row(row) for row in rows]

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
        where: list[str] = []
        params: list[Any] = []
        if status is not None:
            statuses = (status,) if isinstance(status, str) else tuple(status)
            if not statuses:
                return []
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)
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
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY created_at, id"
        async with self._read() as db, db.execute(sql, params) as cursor:
            rows = await cursor.fetchall()
        return [codec.table_from_row(row) for row in rows]

    # -- panels, results, guild settings ----------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        columns = codec.PANEL_COLUMNS
        await self._upsert("private_panels", columns, ("table_id", "seat"), codec.panel_row(panel))

    async def panels(self, table_id: int) -> list[PanelRecord]:
        async with (
            self._read() as db,
            db.execute(
                f"SELECT {', '.join(codec.PANEL_COLUMNS)} FROM private_panels "
                "WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [codec.panel_from_row(row) for row in rows]

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
        async with (
            self._read() as db,
            db.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        settings: dict[str, Any] = json.loads(row[0]) if row is not None else {}
        return settings

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._upsert(
            "guild_settings",
            ("guild_id", "settings"),
            ("guild_id",),
            {"guild_id": guild_id, "settings": codec.dumps(settings)},
        )

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        async with (
            self._read() as db,
            db.execute("SELECT settings FROM user_settings WHERE user_id = ?", (user_id,)) as cur,
        ):
            row = await cur.fetchone()
        settings: dict[str, Any] = json.loads(row[0]) if row is not None else {}
        return settings

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._upsert(
            "user_settings",
            ("user_id", "settings"),
            ("user_id",),
            {"user_id": user_id, "settings": codec.dumps(settings)},
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
        async with self._write() as db:
            record = await self._update_row(db, table, expected_version)
            async with db.execute(
                "SELECT max(ply) FROM actions WHERE table_id = ?", (table.id,)
            ) as cursor:
                last = await cursor.fetchone()
            if last is None or last[0] != undo.ply:
                raise StaleActionError(f"ply {undo.ply} is not the last move of table {table.id}")
            await db.execute(
                "DELETE FROM actions WHERE table_id = ? AND ply = ?", (table.id, undo.ply)
            )
            async with db.execute(
                "SELECT coalesce(max(seq), 0) + 1 FROM undos WHERE table_id = ?", (table.id,)
            ) as cursor:
                seq = await cursor.fetchone()
            row = history.undo_row(undo, int(seq[0]) if seq is not None else 1)
            await db.execute(
                f"INSERT INTO undos ({', '.join(history.UNDO_COLUMNS)}) "
                f"VALUES ({', '.join(':' + c for c in history.UNDO_COLUMNS)})",
                row,
            )
        return record

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


def _upsert_sql(table: str, columns: tuple[str, ...], key: tuple[str, ...]) -> str:
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join(':' + c for c in columns)}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )


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

"""The `Store` for many processes: PostgreSQL through an asyncpg connection pool.

Every bot process (one per group of shards) and every worker shares one database, so nothing may
rely on in-process locks: each write is one transaction on its own pooled connection, the table row
is guarded by its `version` (`UPDATE … WHERE version = $n`, which PostgreSQL re-checks after a
concurrent writer commits), and the action log row is appended in the same transaction, so a move is
in both places or in neither. A move that ends nothing is one statement (a round trip costs more
than the statement: `_commit_move`). JSON columns are `jsonb`; rows go through `storage.codec`
exactly as SQLite's do, so both backends give back the same records.

Schema changes are the numbered files in `storage/migrations/postgresql/`, applied on connect under
a transaction-scoped advisory lock (two processes starting together cannot both apply one) and
recorded in `schema_migrations`. `schema=` keeps a store inside one PostgreSQL schema (created if
missing): the tests give every test its own schema on one server.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from storage import codec, copy_rows, schema
from storage.base import (
    ChannelBusyError,
    MoveRows,
    PanelRecord,
    StaleActionError,
    StorageError,
    TableRecord,
    UndoRecord,
    connected,
    not_found,
    stale,
)
from storage.copy_rows import COPIED_TABLES, read_sqlite_rows
from storage.postgres_errors import _appending, connect_problem, redact
from storage.sql import CHANGED, NEW_TABLE, POSTGRES
from storage.sql_store import SqlStore, Step, move_steps, values

__all__ = [
    "COPIED_TABLES",
    "PostgresStore",
    "connect_problem",
    "is_postgres_url",
    "migrations",
    "read_sqlite_rows",
    "redact",
]

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
# A move that ends nothing, in one statement: the guarded write, the log entry only if the write
# hit the row, and the table's panels (one row either way: no row is the aggregates' NULLs).
_LOGGED_COLUMNS = ("ply", "seat", "action", "at", "events")  # the entry's table_id is the row's id
_PANEL_ARRAYS = tuple(name for name in codec.PANEL_COLUMNS if name != "table_id")  # by seat
_MOVE_SQL = (
    f"WITH moved AS ({POSTGRES.update_table}), logged AS ("
    "INSERT INTO actions (table_id, ply, seat, action, at, events) "
    f"SELECT ${len(CHANGED) + 1}::bigint, "
    + ", ".join(
        f"${len(CHANGED) + 2 + n}::{kind}"
        for n, kind in enumerate(("integer", "integer", "jsonb", "double precision", "jsonb"), 1)
    )
    + " FROM moved), "
    # where the move came from (NULL: an AI's or a clock's move): unique per table, so a second
    # delivery of one interaction or message fails the whole statement (`move_sources_pkey`)
    "sourced AS (INSERT INTO move_sources (table_id, source, ply) "
    f"SELECT ${len(CHANGED) + 1}::bigint, ${len(CHANGED) + 8}::bigint, "
    f"${len(CHANGED) + 3}::integer FROM moved WHERE ${len(CHANGED) + 8}::bigint IS NOT NULL) "
    "SELECT (SELECT created_at FROM moved) AS created_at, "
    + ", ".join(f"array_agg({name} ORDER BY seat) AS {name}" for name in _PANEL_ARRAYS)
    + f" FROM private_panels WHERE table_id = ${len(CHANGED) + 1}"
)


def is_postgres_url(url: str) -> bool:
    return url.strip().startswith(("postgresql://", "postgres://"))


def migrations() -> list[tuple[int, str, str]]:
    """The packaged PostgreSQL migrations as (number, file name, SQL), numbered 1, 2… no gaps."""
    return schema.packaged("postgresql")


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection needs on its way back to the pool besides the rollback of an open
    transaction, which asyncpg does itself: nothing. The store leaves no session state behind (its
    advisory locks are transaction-scoped; it sets no setting and holds no cursor or LISTEN), so
    asyncpg's default reset — `pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL` — would
    only add a round trip to the server to every call."""


class PostgresStore(SqlStore):
    sql = POSTGRES

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        pool_size: int = 10,
        schema: str | None = None,
        command_timeout: float = 30.0,
    ) -> None:
        if not is_postgres_url(url):
            raise ValueError(f"not a PostgreSQL URL: {redact(url)!r}")
        if pool_size < 1:
            raise ValueError("the connection pool needs at least one connection")
        if schema is not None and not _SCHEMA_NAME.match(schema):
            raise ValueError(f"schema names are lower-case letters, digits and _: {schema!r}")
        self.url = url
        self.schema = schema
        self.pool_size = pool_size
        self._clock = clock
        self._command_timeout = command_timeout
        self._pool: asyncpg.Pool | None = None
        # The panels the last move's statement read, for its report (`_commit_move`, `panels`),
        # and a count of this store's panel writes begun and ended, which a move compares.
        self._after_move: tuple[int, list[PanelRecord]] | None = None
        self._panel_writes = 0
        self.applied_migrations: list[int] = []  # what the last connect() applied, for logs/tests

    # -- connection and schema --------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the pool and bring the schema up to date; a server that cannot be reached or
        refuses (password, database, rights) is a StorageError saying what to do, in one line
        without the password."""
        if self._pool is not None:
            return
        try:
            await self._connect()
        except (
            asyncpg.PostgresError,
            asyncpg.InterfaceError,
            OSError,
            TimeoutError,
            ValueError,  # a URL asyncpg cannot read (a port that is not a number)
        ) as error:
            raise StorageError(connect_problem(error, self.url)) from error

    async def _connect(self) -> None:
        settings = {"search_path": self.schema} if self.schema else {}
        if self.schema:
            first = await asyncpg.connect(self.url)
            try:
                await first.execute(f"CREATE SCHEMA IF NOT EXISTS {self.schema}")
            except asyncpg.UniqueViolationError:
                pass  # another process created it at the same moment
            finally:
                await first.close()
        pool = await asyncpg.create_pool(
            self.url,
            min_size=1,
            max_size=self.pool_size,
            server_settings=settings,
            command_timeout=self._command_timeout,
            reset=_keep_session,
        )
        try:
            async with pool.acquire() as conn:
                self.applied_migrations = await self._migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def _migrate(self, conn: asyncpg.Connection) -> list[int]:
        known = migrations()
        applied: list[int] = []
        async with conn.transaction():
            # One migrator per schema at a time; the lock ends with the transaction.
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema()))")
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                "version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "applied_at DOUBLE PRECISION NOT NULL)"
            )
            current = await conn.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
            schema.check_version(current, known, redact(self.url))
            for number, name, sql in known:
                if number > current:
                    await conn.execute(sql)
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at) "
                        "VALUES ($1, $2, $3)",
                        number,
                        name,
                        self._clock(),
                    )
                    applied.append(number)
        return applied

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self) -> asyncpg.Pool:
        return connected(self._pool)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on one pooled connection: committed at the end, rolled back on error."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    async def schema_version(self) -> int:
        value = await self.pool.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
        return int(value)

    # -- tables -----------------------------------------------------------------------------------
    # -- `SqlStore`'s hooks -----------------------------------------------------------------------

    async def _fetch(
        self, sql: str, params: Sequence[Any], *, quick: bool = False, rare: bool = False
    ) -> Sequence[Any]:
        return list(await self.pool.fetch(sql, *params))

    async def _execute(
        self, steps: Sequence[Step], *, table_id: int | None = None, quick: bool = False
    ) -> list[Sequence[Any]] | None:
        found: list[Sequence[Any]] = []
        try:
            if len(steps) == 1 and steps[0].many is None:  # one statement, atomic on its own:
                (step,) = steps  # one round trip, no BEGIN and COMMIT around it
                rows = await self.pool.fetch(step.sql, *step.values)
                return None if step.needed and not rows else [rows]
            async with self._write() as conn:
                for step in steps:
                    if step.many is not None:
                        if step.many:
                            await conn.executemany(step.sql, step.many)
                        found.append([])
                        continue
                    rows = await conn.fetch(step.sql, *step.values)
                    if step.needed and not rows:
                        return None
                    found.append(rows)
        except asyncpg.ForeignKeyViolationError as error:
            raise not_found(table_id) from error
        except asyncpg.PostgresError as error:
            raise StorageError(str(error)) from error
        return found

    # -- tables -----------------------------------------------------------------------------------

    async def _insert_table(self, row: dict[str, Any], channel_limit: int | None) -> None:
        async with self._write() as conn:
            channel = row["channel_id"]
            if channel_limit is not None and channel is not None:
                # One creator per channel at a time, across processes; freed at commit.
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(hashtext('snowbound.channel'), "
                    "hashtext($1::text))",
                    str(channel),
                )
                held = await conn.fetchval(self.sql.channel_held, channel)
                if held >= channel_limit:
                    raise ChannelBusyError(f"channel {channel} already holds {held} tables")
            table_id = await conn.fetchval(self.sql.insert_table, *values(row, NEW_TABLE))
        row["id"] = int(table_id)

    async def _table_row(self, table_id: int) -> Any:
        return await self.pool.fetchrow(self.sql.select_table, table_id)

    def _next_row(
        self, table: TableRecord, expected_version: int
    ) -> tuple[TableRecord, dict[str, Any], list[Any]]:
        """The record a guarded write of `table` stores, its row, and the values of the
        UPDATE's placeholders: the row's changeable columns, then the id and the version the row
        must still have."""
        record = self._stamped(table, expected_version)
        row = codec.table_row(record)
        return record, row, [*values(row, CHANGED), table.id, expected_version]

    async def _stale(
        self, conn: asyncpg.Connection, table_id: int, expected_version: int
    ) -> StorageError:
        """Why a guarded write of the table hit no row: it is gone, or at another version."""
        current = await conn.fetchval(self.sql.select_version, table_id)
        return stale(table_id, current, expected_version)

    async def _update_row(
        self, conn: asyncpg.Connection, table: TableRecord, expected_version: int
    ) -> TableRecord:
        """The guarded UPDATE inside the caller's transaction; raises unless it hit the row."""
        record, row, params = self._next_row(table, expected_version)
        created_at = await conn.fetchval(self.sql.update_table, *params)
        if created_at is None:
            raise await self._stale(conn, table.id, expected_version)
        return codec.written(record, row, created_at)

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        async with self._write() as conn:
            return await self._update_row(conn, table, expected_version)

    async def _commit(
        self, table: TableRecord, expected_version: int, move: MoveRows
    ) -> TableRecord:
        self._after_move = None
        if move.result is None:
            return await self._commit_move(table, expected_version, move)
        # The last move and the result: one transaction, no finished table lacks its result.
        async with _appending(table.id, move.ply), self._write() as conn:
            record = await self._update_row(conn, table, expected_version)
            for step in move_steps(self.sql, table.id, move):
                await conn.execute(step.sql, *step.values)
        return record

    async def _commit_move(
        self, table: TableRecord, expected_version: int, move: MoveRows
    ) -> TableRecord:
        """A move that ends nothing: one statement (`_MOVE_SQL`, atomic on its own) updates the
        row, appends the log entry and reads the table's panels, which the move's report asks
        for next (`panels`). One round trip to the server instead of five (BEGIN, UPDATE,
        INSERT, COMMIT, then the panels)."""
        record, row, params = self._next_row(table, expected_version)
        writes = self._panel_writes
        logged = (move.action[name] for name in _LOGGED_COLUMNS)
        async with _appending(table.id, move.ply), self.pool.acquire() as conn:
            found = await conn.fetchrow(_MOVE_SQL, *params, *logged, move.source)
            if found is None or found["created_at"] is None:
                raise await self._stale(conn, table.id, expected_version)
        panels = [
            codec.panel_from_row(
                {"table_id": table.id, **dict(zip(_PANEL_ARRAYS, seat, strict=True))}
            )
            for seat in zip(*(found[name] or () for name in _PANEL_ARRAYS), strict=True)
        ]
        if self._panel_writes == writes:  # else a panel written meanwhile may be missing
            self._after_move = (table.id, panels)
        return codec.written(record, row, found["created_at"])

    async def _take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        async with self._write() as conn:
            record = await self._update_row(conn, table, expected_version)
            last = await conn.fetchval(self.sql.last_ply, table.id)
            if last != undo.ply:
                raise StaleActionError(f"ply {undo.ply} is not the last move of table {table.id}")
            await conn.execute(self.sql.delete_action, table.id, undo.ply)
            seq = await conn.fetchval(self.sql.next_undo, table.id)
            audit = codec.undo_row(undo, int(seq))
            await conn.execute(self.sql.insert_undo, *values(audit, codec.UNDO_COLUMNS))
        return record

    # -- panels -----------------------------------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        self._panel_writes += 1
        try:
            row = codec.panel_row(panel)
            step = Step(self.sql.save_panel, values(row, codec.PANEL_COLUMNS))
            await self._execute([step], table_id=panel.table_id)
        finally:
            self._panel_writes += 1
            self._after_move = None  # the last move read the panels before this one was written

    async def panels(self, table_id: int) -> list[PanelRecord]:
        """The table's panels, by seat. Right after a move of the table, those its commit read
        (once: the report of the move asks for them next); else read now."""
        held, self._after_move = self._after_move, None
        if held is not None and held[0] == table_id:
            return held[1]
        rows = await self.pool.fetch(self.sql.select_panels, table_id)
        return [codec.panel_from_row(row) for row in rows]

    # -- bulk copy (`python -m bot migrate`) ------------------------------------------------------

    async def row_counts(self) -> dict[str, int]:
        """How many rows each copied table holds."""
        return await copy_rows.row_counts(self.pool)

    async def import_rows(self, rows: Mapping[str, Iterable[dict[str, Any]]]) -> dict[str, int]:
        """Copy codec-shaped rows (ids, versions and plies kept) into an EMPTY database, in one
        transaction; the id sequence then continues after the largest copied id. Returns the
        number of rows written per table. A non-empty target is refused (StorageError)."""
        async with self._write() as conn:
            return await copy_rows.import_rows(conn, rows)

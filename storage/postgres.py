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

import json
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import asyncpg

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
from storage.urls import redact_url

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_TABLE_COLUMNS = ", ".join(codec.TABLE_COLUMNS)
_FIXED = frozenset({"id", "created_at"})  # never changed by an UPDATE
_CHANGED = tuple(name for name in codec.TABLE_COLUMNS if name not in _FIXED)
# The guarded write of a table row: every changeable column, if the row is still at the version
# the writer read (PostgreSQL checks it again after a concurrent writer commits).
_UPDATE_SQL = (
    "UPDATE tables SET "
    + ", ".join(f"{name} = ${n}" for n, name in enumerate(_CHANGED, start=1))
    + f" WHERE id = ${len(_CHANGED) + 1} AND version = ${len(_CHANGED) + 2}"
)
# A move that ends nothing, in one statement: the guarded write, the log entry only if the write
# hit the row, and the table's panels (one row either way: no row is the aggregates' NULLs).
_LOGGED_COLUMNS = ("ply", "seat", "action", "at", "events")  # the entry's table_id is the row's id
_PANEL_ARRAYS = tuple(name for name in codec.PANEL_COLUMNS if name != "table_id")  # by seat
_MOVE_SQL = (
    f"WITH moved AS ({_UPDATE_SQL} RETURNING created_at), logged AS ("
    "INSERT INTO actions (table_id, ply, seat, action, at, events) "
    f"SELECT ${len(_CHANGED) + 1}::bigint, "
    + ", ".join(
        f"${len(_CHANGED) + 2 + n}::{kind}"
        for n, kind in enumerate(("integer", "integer", "jsonb", "double precision", "jsonb"), 1)
    )
    + " FROM moved), "
    # where the move came from (NULL: an AI's or a clock's move): unique per table, so a second
    # delivery of one interaction or message fails the whole statement (`move_sources_pkey`)
    "sourced AS (INSERT INTO move_sources (table_id, source, ply) "
    f"SELECT ${len(_CHANGED) + 1}::bigint, ${len(_CHANGED) + 8}::bigint, "
    f"${len(_CHANGED) + 3}::integer FROM moved WHERE ${len(_CHANGED) + 8}::bigint IS NOT NULL) "
    "SELECT (SELECT created_at FROM moved) AS created_at, "
    + ", ".join(f"array_agg({name} ORDER BY seat) AS {name}" for name in _PANEL_ARRAYS)
    + f" FROM private_panels WHERE table_id = ${len(_CHANGED) + 1}"
)

# The channel index's lookup of one place (the partial indexes of open tables), and a page of
# the running tables that wait only for AI seats (`tables_ai_turn`).
OPEN_AT_SQL = (
    "SELECT id FROM tables WHERE channel_id = $1 AND status IN ('lobby', 'active') "
    "UNION SELECT id FROM tables WHERE thread_id = $1 AND status IN ('lobby', 'active') "
    "ORDER BY id"
)
AGENT_TURNS_SQL = (
    "SELECT id, guild_id FROM tables WHERE ai_turn = 1 AND status = 'active' AND id > $1 "
    "ORDER BY id LIMIT $2"
)

# Everything `import_rows` copies, in foreign-key order.
COPIED_TABLES: tuple[str, ...] = (
    "tables",
    "actions",
    "private_panels",
    "results",
    "guild_settings",
    "user_settings",
    "undos",
    "seat_results",
    "move_sources",
    "watchers",
    "ratings",
    "rated_tables",
    "challenge_entries",
)


def is_postgres_url(url: str) -> bool:
    return url.strip().startswith(("postgresql://", "postgres://"))


def migrations() -> list[tuple[int, str, str]]:
    """The packaged PostgreSQL migrations as (number, file name, SQL), numbered 1, 2… no gaps."""
    folder = resources.files("storage").joinpath("migrations").joinpath("postgresql")
    found: list[tuple[int, str, str]] = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 0001, 0002… without gaps; found {numbers}")
    return found


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return redact_url(url)


def _scrubbed(text: str, url: str) -> str:
    """`text` (an error's words) with the URL's password masked wherever it appears."""
    password = urlsplit_password(url)
    text = text.replace(url, redact(url))
    return text.replace(password, "***") if password and len(password) > 2 else text


def urlsplit_password(url: str) -> str | None:
    try:
        return urlsplit(url).password
    except ValueError:
        return None


def connect_problem(error: BaseException, url: str) -> str:
    """Why connecting to (and migrating) the database at `url` failed, and what to do, in one
    sentence without the password: what `connect` raises as a StorageError."""
    try:
        parts = urlsplit(url)
        user, host, port = parts.username, parts.hostname, parts.port
        database = parts.path.lstrip("/") or user
    except ValueError:
        user = host = database = None
        port = None
    where = f"{host or 'localhost'}:{port or 5432}"
    said = _scrubbed(str(error).strip().splitlines()[0] if str(error).strip() else "", url)
    said = said or type(error).__name__
    if isinstance(error, asyncpg.InvalidPasswordError):
        return (
            f"the server refused the password of user {user or said}: put the right user name "
            "and password in the URL (postgresql://user:password@host:5432/database)"
        )
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f"the server refused the user ({said}): name an existing user in the URL, or create "
            f"it on the server (CREATE ROLE {user or 'snowbound'} LOGIN PASSWORD '…')"
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (
            f"{said} on {where}: create it (createdb -O {user or 'snowbound'} "
            f"{database or 'snowbound'}), or name an existing database in the URL"
        )
    if isinstance(error, asyncpg.InsufficientPrivilegeError | asyncpg.InvalidSchemaNameError):
        return (
            f"user {user or '(default)'} may not create Snowbound's tables ({said}): make it the "
            f"database's owner (ALTER DATABASE {database or 'snowbound'} OWNER TO "
            f"{user or 'snowbound'}), or name a user that owns it in the URL"
        )
    if isinstance(error, asyncpg.TooManyConnectionsError | asyncpg.CannotConnectNowError):
        return f"the server at {where} cannot take the connection now ({said}): try again shortly"
    if isinstance(error, OSError | TimeoutError):
        reason = getattr(error, "strerror", None) or said
        return (
            f"the PostgreSQL server at {where} cannot be reached ({reason}): start it, or check "
            "the host and port in the URL"
        )
    if isinstance(error, ValueError | asyncpg.InterfaceError):
        return f"the URL cannot be read ({said}): write it as postgresql://user:password@host:5432/database"
    return f"the server answered: {said}"


@asynccontextmanager
async def _appending(table_id: int, ply: int) -> AsyncIterator[None]:
    """A move's write, its errors in the store's words: a log entry already at this ply is a
    move another process made first."""
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        if getattr(error, "constraint_name", None) == "move_sources_pkey":
            raise RepeatedMoveError(f"table {table_id} already has this move") from error
        raise StaleActionError(f"table {table_id} already has an action at ply {ply}") from error
    except asyncpg.PostgresError as error:
        raise StorageError(f"could not append the action: {error}") from error


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection needs on its way back to the pool besides the rollback of an open
    transaction, which asyncpg does itself: nothing. The store leaves no session state behind (its
    advisory locks are transaction-scoped; it sets no setting and holds no cursor or LISTEN), so
    asyncpg's default reset — `pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL` — would
    only add a round trip to the server to every call."""


class PostgresStore:
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
        latest = known[-1][0] if known else 0
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
            if current > latest:
                raise StorageError(
                    f"the database {redact(self.url)} has schema version {current}, newer than "
                    f"this code knows ({latest}); upgrade Snowbound before opening it"
                )
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
        if self._pool is None:
            raise StorageError("the store is not connected: await store.connect() first")
        return self._pool

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on one pooled connection: committed at the end, rolled back on error."""
        async with self.pool.acquire() as conn, conn.transaction():
            yield conn

    async def schema_version(self) -> int:
        value = await self.pool.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
        return int(value)

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
        columns = list(row)
        placeholders = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
        async with self._write() as conn:
            if channel_limit is not None and table.channel_id is not None:
                # One creator per channel at a time, across processes; freed at commit.
                await conn.execute(
                    "SELECT pg_advisory_xact_lock(hashtext('snowbound.channel'), "
                    "hashtext($1::text))",
                    str(table.channel_id),
                )
                held = await conn.fetchval(
                    f"SELECT count(*) FROM tables WHERE channel_id = $1 AND "
                    f"({codec.CHANNEL_OPEN_SQL})",
                    table.channel_id,
                )
                if held >= channel_limit:
                    raise ChannelBusyError(
                        f"channel {table.channel_id} already holds {held} tables"
                    )
            table_id = await conn.fetchval(
                f"INSERT INTO tables ({', '.join(columns)}) VALUES ({placeholders}) RETURNING id",
                *row.values(),
            )
        row["id"] = int(table_id)
        return codec.table_from_row(row)

    async def get_table(self, table_id: int) -> TableRecord:
        row = await self.pool.fetchrow(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = $1", table_id
        )
        if row is None:
            raise TableNotFoundError(f"no table with id {table_id}")
        return codec.table_from_row(row)

    def _next_row(
        self, table: TableRecord, expected_version: int
    ) -> tuple[TableRecord, dict[str, Any], list[Any]]:
        """The record a guarded write of `table` stores, its row, and the values of
        `_UPDATE_SQL`'s placeholders: the row's changeable columns, then the id and the version
        the row must still have."""
        record = table.model_copy(
            update={"version": expected_version + 1, "updated_at": self._clock()}
        )
        row = codec.table_row(record)
        return record, row, [*(row[name] for name in _CHANGED), table.id, expected_version]

    async def _stale(
        self, conn: asyncpg.Connection, table_id: int, expected_version: int
    ) -> StorageError:
        """Why a guarded write of the table hit no row: it is gone, or at another version."""
        current = await conn.fetchval("SELECT version FROM tables WHERE id = $1", table_id)
        if current is None:
            return TableNotFoundError(f"no table with id {table_id}")
        return StaleActionError(f"table {table_id} is at version {current}, not {expected_version}")

    async def _update_row(
        self, conn: asyncpg.Connection, table: TableRecord, expected_version: int
    ) -> TableRecord:
        """The guarded UPDATE inside the caller's transaction; raises unless it hit the row."""
        record, row, values = self._next_row(table, expected_version)
        created_at = await conn.fetchval(f"{_UPDATE_SQL} RETURNING created_at", *values)
        if created_at is None:
            raise await self._stale(conn, table.id, expected_version)
        return codec.written(record, row, created_at)

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        async with self._write() as conn:
            return await self._update_row(conn, table, expected_version)

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
        row = codec.action_row(action)
        self._after_move = None
        if result is None:
            return await self._commit_move(table, expected_version, row, source)
        async with _appending(table.id, action.ply), self._write() as conn:
            record = await self._update_row(conn, table, expected_version)
            await conn.execute(
                "INSERT INTO actions (table_id, ply, seat, action, at, events) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                *(row[name] for name in codec.ACTION_COLUMNS),
            )
            if source is not None:
                await conn.execute(
                    "INSERT INTO move_sources (table_id, source, ply) VALUES ($1, $2, $3)",
                    table.id,
                    source,
                    action.ply,
                )
            # The last move and the result: one transaction, no finished table lacks its result.
            await conn.execute(
                _upsert_sql("results", codec.RESULT_COLUMNS, ("table_id",)),
                *codec.result_row(result).values(),
            )
            await conn.execute(history.POSTGRES_SEAT_RESULTS, table.id)
        return record

    async def _commit_move(
        self,
        table: TableRecord,
        expected_version: int,
        action: dict[str, Any],
        source: int | None = None,
    ) -> TableRecord:
        """A move that ends nothing: one statement (`_MOVE_SQL`, atomic on its own) updates the
        row, appends the log entry and reads the table's panels, which the move's report asks
        for next (`panels`). One round trip to the server instead of five (BEGIN, UPDATE,
        INSERT, COMMIT, then the panels)."""
        record, row, values = self._next_row(table, expected_version)
        writes = self._panel_writes
        async with _appending(table.id, action["ply"]), self.pool.acquire() as conn:
            found = await conn.fetchrow(
                _MOVE_SQL, *values, *(action[name] for name in _LOGGED_COLUMNS), source
            )
            if found is None or found["created_at"] is None:
                raise await self._stale(conn, table.id, expected_version)
        panels = [
            codec.panel_from_row(
                {"table_id": table.id, **dict(zip(_PANEL_ARRAYS, values, strict=True))}
            )
            for values in zip(*(found[name] or () for name in _PANEL_ARRAYS), strict=True)
        ]
        if self._panel_writes == writes:  # else a panel written meanwhile may be missing
            self._after_move = (table.id, panels)
        return codec.written(record, row, found["created_at"])

    async def actions(self, table_id: int) -> list[ActionRecord]:
        rows = await self.pool.fetch(
            f"SELECT {', '.join(codec.ACTION_COLUMNS)} FROM actions "
            "WHERE table_id = $1 ORDER BY ply",
            table_id,
        )
        return [codec.action_from_row(row) for row in rows]

    async def open_places(self) -> list[tuple[int, int | None, int | None]]:
        rows = await self.pool.fetch(
            "SELECT id, channel_id, thread_id FROM tables WHERE status IN ('lobby', 'active')"
        )
        return [(row[0], row[1], row[2]) for row in rows]

    async def open_tables_at(self, place_id: int) -> list[int]:
        """The open-table indexes of channels and threads (`OPEN_AT_SQL`)."""
        return [int(row[0]) for row in await self.pool.fetch(OPEN_AT_SQL, place_id)]

    async def agent_turns(
        self, *, after: int = 0, limit: int = 200
    ) -> list[tuple[int, int | None]]:
        rows = await self.pool.fetch(AGENT_TURNS_SQL, after, max(limit, 0))
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
        rows = await self.pool.fetch(found[0], *found[1])
        return [codec.table_from_row(row) for row in rows]

    # -- panels, results, guild settings ----------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        self._panel_writes += 1
        try:
            await self._upsert(
                "private_panels", codec.PANEL_COLUMNS, ("table_id", "seat"), codec.panel_row(panel)
            )
        finally:
            self._panel_writes += 1
            self._after_move = None  # the last move read the panels before this one was written

    async def panels(self, table_id: int) -> list[PanelRecord]:
        """The table's panels, by seat. Right after a move of the table, those its commit read
        (once: the report of the move asks for them next); else read now."""
        held, self._after_move = self._after_move, None
        if held is not None and held[0] == table_id:
            return held[1]
        rows = await self.pool.fetch(
            f"SELECT {', '.join(codec.PANEL_COLUMNS)} FROM private_panels "
            "WHERE table_id = $1 ORDER BY seat",
            table_id,
        )
        return [codec.panel_from_row(row) for row in rows]

    async def record_result(self, result: ResultRecord) -> None:
        row = codec.result_row(result)
        try:
            async with self._write() as conn:
                await conn.execute(
                    _upsert_sql("results", codec.RESULT_COLUMNS, ("table_id",)),
                    *(row[c] for c in codec.RESULT_COLUMNS),
                )
                await conn.execute(history.POSTGRES_SEAT_RESULTS, result.table_id)
        except asyncpg.ForeignKeyViolationError as error:
            raise TableNotFoundError(f"no table with id {result.table_id}") from error
        except asyncpg.PostgresError as error:
            raise StorageError(str(error)) from error

    async def results(self, *, game: str | None = None, limit: int = 50) -> list[ResultRecord]:
        sql = f"SELECT {', '.join(codec.RESULT_COLUMNS)} FROM results"
        params: list[Any] = []
        if game is not None:
            sql += " WHERE game = $1"
            params.append(game)
        sql += f" ORDER BY finished_at DESC, table_id DESC LIMIT ${len(params) + 1}"
        params.append(max(limit, 0))
        rows = await self.pool.fetch(sql, *params)
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
        raw = await self.pool.fetchval(f"SELECT settings FROM {table} WHERE {key} = $1", owner)
        settings: dict[str, Any] = json.loads(raw) if raw is not None else {}
        return settings

    async def _set_settings(
        self, table: str, key: str, owner: int, settings: dict[str, Any]
    ) -> None:
        await self._upsert(
            table, (key, "settings"), (key,), {key: owner, "settings": codec.dumps(settings)}
        )

    async def _upsert(
        self, table: str, columns: Sequence[str], key: tuple[str, ...], row: dict[str, Any]
    ) -> None:
        """Insert or replace by `key`; a row for a missing table is `TableNotFoundError`."""
        sql = _upsert_sql(table, columns, key)
        try:
            await self.pool.execute(sql, *(row[c] for c in columns))
        except asyncpg.ForeignKeyViolationError as error:
            raise TableNotFoundError(f"no table with id {row.get('table_id')}") from error
        except asyncpg.PostgresError as error:
            raise StorageError(str(error)) from error

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def save_watcher(self, watcher: WatcherRecord) -> None:
        await self._upsert(
            "watchers", codec.WATCHER_COLUMNS, ("table_id", "user_id"), codec.watcher_row(watcher)
        )

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        removed = await self.pool.fetch(f"{_REMOVE_WATCHER_SQL} RETURNING 1", table_id, user_id)
        return bool(removed)

    async def watchers(self, table_id: int) -> list[WatcherRecord]:
        rows = await self.pool.fetch(_WATCHERS_SQL, table_id)
        return [codec.watcher_from_row(row) for row in rows]

    async def ratings(self, guild_id: int, game: str) -> list[RatingRecord]:
        rows = await self.pool.fetch(_RATINGS_SQL, guild_id, game)
        return [codec.rating_from_row(row) for row in rows]

    async def member_ratings(self, user_id: int, guild_id: int) -> list[RatingRecord]:
        rows = await self.pool.fetch(_MEMBER_RATINGS_SQL, user_id, guild_id)
        return [codec.rating_from_row(row) for row in rows]

    async def apply_ratings(self, table_id: int, ratings: Sequence[RatingRecord]) -> bool:
        rows = [codec.rating_row(rating) for rating in ratings]
        try:
            async with self._write() as conn:
                if await conn.fetchval(_RATE_TABLE_SQL, table_id) is None:
                    return False
                if rows:
                    await conn.executemany(
                        _SAVE_RATING_SQL, [[row[c] for c in codec.RATING_COLUMNS] for row in rows]
                    )
        except asyncpg.ForeignKeyViolationError as error:
            raise TableNotFoundError(f"no table with id {table_id}") from error
        return True

    async def clear_ratings(self) -> None:
        async with self._write() as conn:
            for sql in codec.CLEAR_RATINGS_SQL:
                await conn.execute(sql)

    async def record_challenge(self, entry: ChallengeEntry) -> None:
        await self._upsert(
            "challenge_entries", codec.CHALLENGE_COLUMNS, ("table_id",), codec.challenge_row(entry)
        )

    async def challenge_entries(self, code: str, limit: int = 50) -> list[ChallengeEntry]:
        rows = await self.pool.fetch(_CHALLENGE_ENTRIES_SQL, code, max(limit, 0))
        return [codec.challenge_from_row(row) for row in rows]

    # -- take-backs and stats (`storage.history`) -------------------------------------------------

    async def take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        history.check_take_back(table, undo)
        async with self._write() as conn:
            record = await self._update_row(conn, table, expected_version)
            last = await conn.fetchval("SELECT max(ply) FROM actions WHERE table_id = $1", table.id)
            if last != undo.ply:
                raise StaleActionError(f"ply {undo.ply} is not the last move of table {table.id}")
            await conn.execute(
                "DELETE FROM actions WHERE table_id = $1 AND ply = $2", table.id, undo.ply
            )
            seq = await conn.fetchval(
                "SELECT coalesce(max(seq), 0) + 1 FROM undos WHERE table_id = $1", table.id
            )
            row = history.undo_row(undo, int(seq))
            await conn.execute(
                f"INSERT INTO undos ({', '.join(history.UNDO_COLUMNS)}) VALUES "
                f"({', '.join(f'${n}' for n in range(1, len(history.UNDO_COLUMNS) + 1))})",
                *(row[c] for c in history.UNDO_COLUMNS),
            )
        return record

    async def undos(self, table_id: int) -> list[UndoRecord]:
        rows = await self.pool.fetch(
            f"SELECT {', '.join(history.UNDO_COLUMNS)} FROM undos WHERE table_id = $1 ORDER BY seq",
            table_id,
        )
        return [history.undo_from_row(row) for row in rows]

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[GameTally]:
        params: list[Any] = [user_id]
        mine = ""
        theirs = ""
        if guild_id is not None:
            params.append(guild_id)
            mine, theirs = " AND guild_id = $2", " AND t.guild_id = $2"
        rows = await self.pool.fetch(
            "SELECT game, sum(won), count(*) - sum(won), 0 FROM seat_results "
            f"WHERE user_id = $1{mine} GROUP BY game UNION ALL "
            "SELECT t.game, 0, 0, count(*) FROM table_seats AS s "
            "JOIN tables AS t ON t.id = s.table_id "
            f"WHERE {history.ABANDONED_WHERE.format(user='$1')}{theirs} GROUP BY t.game",
            *params,
        )
        return history.tallies(tuple(row) for row in rows)

    async def leaderboard(
        self, *, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        sql, params = history.leaderboard_sql(guild_id, game, limit, style="postgres")
        rows = await self.pool.fetch(sql, *params)
        return [LeaderRow(user_id=r[0], name=r[1], won=r[2], played=r[3]) for r in rows]

    # -- bulk copy (`python -m bot migrate`) ------------------------------------------------------

    async def row_counts(self) -> dict[str, int]:
        """How many rows each copied table holds."""
        counts: dict[str, int] = {}
        async with self.pool.acquire() as conn:
            for name in COPIED_TABLES:
                counts[name] = int(await conn.fetchval(f"SELECT count(*) FROM {name}"))
        return counts

    async def import_rows(self, rows: Mapping[str, Iterable[dict[str, Any]]]) -> dict[str, int]:
        """Copy codec-shaped rows (ids, versions and plies kept) into an EMPTY database, in one
        transaction; the id sequence then continues after the largest copied id. Returns the
        number of rows written per table. A non-empty target is refused (StorageError)."""
        written: dict[str, int] = {}
        async with self._write() as conn:
            # Nobody may write while the copy runs, or "empty" could stop being true.
            await conn.execute(f"LOCK TABLE {', '.join(COPIED_TABLES)} IN EXCLUSIVE MODE")
            for name in COPIED_TABLES:
                if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {name})"):
                    raise StorageError(
                        f"the target database already holds {name}; migrate only into an "
                        "empty database"
                    )
            for name in COPIED_TABLES:
                batch = list(rows.get(name, ()))
                written[name] = len(batch)
                if not batch:
                    continue
                columns = list(batch[0])
                placeholders = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
                await conn.executemany(
                    f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({placeholders})",
                    [tuple(row[c] for c in columns) for row in batch],
                )
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('tables', 'id'), "
                "coalesce((SELECT max(id) FROM tables), 0) + 1, false)"
            )
        return written


def find_sql(
    *,
    status: TableStatus | tuple[TableStatus, ...] | None = None,
    channel_id: int | None = None,
    thread_id: int | None = None,
    guild_id: int | None = None,
    user_id: int | None = None,
    due_before: float | None = None,
    wake_before: float | None = None,
) -> tuple[str, list[Any]] | None:
    """`find_tables`' statement and parameters (None: it can match nothing). The clock's scans
    of running tables write `status = 'active'` out, so the planner can match their partial
    indexes (`tables_due`, `tables_wake`), which a parameter would not prove."""
    where: list[str] = []
    params: list[Any] = []

    def param(value: Any) -> str:
        params.append(value)
        return f"${len(params)}"

    if status is not None:
        statuses = [status] if isinstance(status, str) else list(status)
        if not statuses:
            return None
        if statuses == ["active"] and (due_before is not None or wake_before is not None):
            where.append("status = 'active'")
        elif statuses == ["lobby", "active"]:  # the open tables' partial indexes
            where.append("status IN ('lobby', 'active')")
        else:
            where.append(f"status = ANY({param(statuses)}::text[])")
    for column, value in (
        ("channel_id", channel_id),
        ("thread_id", thread_id),
        ("guild_id", guild_id),
    ):
        if value is not None:
            where.append(f"{column} = {param(value)}")
    if user_id is not None:
        where.append(f"id IN (SELECT table_id FROM table_seats WHERE user_id = {param(user_id)})")
    if due_before is not None:
        where.append(f"deadline IS NOT NULL AND deadline <= {param(float(due_before))}")
    if wake_before is not None:
        where.append(f"wake_at IS NOT NULL AND wake_at <= {param(float(wake_before))}")
    sql = f"SELECT {_TABLE_COLUMNS} FROM tables"
    if where:
        sql += " WHERE " + " AND ".join(where)
    return sql + " ORDER BY created_at, id", params


def _upsert_sql(table: str, columns: Sequence[str], key: tuple[str, ...]) -> str:
    """Insert or replace by `key`, values as $1, $2… in `columns` order."""
    updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join(f'${n}' for n in range(1, len(columns) + 1))}) "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {updates}"
    )


_SAVE_RATING_SQL = _upsert_sql("ratings", codec.RATING_COLUMNS, ("guild_id", "game", "user_id"))
_REMOVE_WATCHER_SQL = codec.sql_params(codec.REMOVE_WATCHER_SQL, "postgres")
_WATCHERS_SQL = codec.sql_params(codec.WATCHERS_SQL, "postgres")
_RATINGS_SQL = codec.sql_params(codec.RATINGS_SQL, "postgres")
_MEMBER_RATINGS_SQL = codec.sql_params(codec.MEMBER_RATINGS_SQL, "postgres")
_RATE_TABLE_SQL = codec.sql_params(codec.RATE_TABLE_SQL, "postgres")
_CHALLENGE_ENTRIES_SQL = codec.sql_params(codec.CHALLENGE_ENTRIES_SQL, "postgres")


def read_sqlite_rows(path: str) -> dict[str, list[dict[str, Any]]]:
    """Every row `import_rows` copies, read from a SQLite file opened read-only (codec-shaped:
    JSON as text), so a copy never changes its source."""
    uri = f"file:{path}?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        db.row_factory = sqlite3.Row
        order = {
            "tables": "id",
            "actions": "table_id, ply",
            "private_panels": "table_id, seat",
            "results": "table_id",
            "guild_settings": "guild_id",
            "user_settings": "user_id",
            "undos": "table_id, seq",
            "seat_results": "table_id, seat",
            "move_sources": "table_id, source",
            "watchers": "table_id, user_id",
            "ratings": "guild_id, game, user_id",
            "rated_tables": "table_id",
            "challenge_entries": "table_id",
        }
        return {
            name: [dict(row) for row in db.execute(f"SELECT * FROM {name} ORDER BY {order[name]}")]
            for name in COPIED_TABLES
        }

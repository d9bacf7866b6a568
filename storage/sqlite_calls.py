"""The SQLite store's calls: each function runs on one `sqlite3` connection (the writer thread's or
the event loop's quick one) and is one store call, its own transaction when it writes, leaving no
transaction open whatever happens. The statements are `storage.sql`'s, in SQLite's dialect.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from storage.base import (
    MoveRows,
    RepeatedMoveError,
    StaleActionError,
    StorageError,
    not_found,
    stale,
)
from storage.codec import UNDO_COLUMNS, undo_row
from storage.models import ChannelBusyError, UndoRecord
from storage.sql import CHANGED, NEW_TABLE, SQLITE
from storage.sql_store import Step, move_steps, values

_T = TypeVar("_T")
_Update = tuple[int, tuple[str, ...] | None]  # the version expected, the columns set (None: all)
_BUSY_CODES = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _busy(error: BaseException | None) -> bool:
    """The error (or the SQLite error it wraps) says another connection holds a lock."""
    while error is not None:
        if isinstance(error, sqlite3.OperationalError):
            code = getattr(error, "sqlite_errorcode", None)
            return code is not None and code & 0xFF in _BUSY_CODES
        error = error.__cause__
    return False


def _is_foreign_key(error: sqlite3.IntegrityError) -> bool:
    return "FOREIGN KEY constraint failed" in str(error)


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
    row: sqlite3.Row | None = conn.execute(SQLITE.select_table, (table_id,)).fetchone()
    return row


def _run_steps(
    conn: sqlite3.Connection, steps: Sequence[Step], table_id: int | None
) -> list[Sequence[sqlite3.Row]] | None:
    """`SqlStore._execute`: the steps in one transaction; a missing table's row refused."""

    def work() -> list[Sequence[sqlite3.Row]] | None:
        found: list[Sequence[sqlite3.Row]] = []
        try:
            for step in steps:
                if step.many is not None:
                    conn.executemany(step.sql, step.many)
                    found.append([])
                    continue
                rows = conn.execute(step.sql, step.values).fetchall()
                if step.needed and not rows:
                    return None
                found.append(rows)
        except sqlite3.IntegrityError as error:
            if _is_foreign_key(error):
                raise not_found(table_id) from error
            raise StorageError(str(error)) from error
        return found

    return _transaction(conn, work)


def _insert_table(conn: sqlite3.Connection, row: dict[str, Any], channel_limit: int | None) -> int:
    """Insert the row (the channel's open tables counted in the same transaction)."""

    def work() -> int:
        channel = row["channel_id"]
        if channel_limit is not None and channel is not None:
            found = conn.execute(SQLITE.channel_held, (channel,)).fetchone()
            held = int(found[0]) if found is not None else 0
            if held >= channel_limit:
                raise ChannelBusyError(f"channel {channel} already holds {held} tables")
        made = conn.execute(SQLITE.insert_table, values(row, NEW_TABLE)).fetchone()
        if made is None:
            raise StorageError("SQLite did not assign a table id")
        return int(made[0])

    return _transaction(conn, work)


def _update(
    conn: sqlite3.Connection, row: dict[str, Any], expected: int, columns: tuple[str, ...] | None
) -> float | None:
    """The version-guarded UPDATE (of `columns`, else of every column) in its own transaction;
    returns the row's `created_at` if it read it. Stale → StaleActionError, nothing written."""
    return _transaction(conn, lambda: _guarded_update(conn, row, expected, columns))


_UPDATES: dict[tuple[str, ...], str] = {}  # the UPDATE of just these columns (a few shapes)


def _update_sql(columns: tuple[str, ...]) -> str:
    sql = _UPDATES.get(columns)
    if sql is None:
        sets = ", ".join(f"{name} = :{name}" for name in columns)
        sql = _UPDATES[columns] = f"UPDATE tables SET {sets} WHERE id = :id AND version = :expected"
    return sql


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
        whole = [*values(row, CHANGED), row["id"], expected]
        returned = conn.execute(SQLITE.update_table, whole).fetchall()
    if not returned:
        found = conn.execute(SQLITE.select_version, (row["id"],)).fetchone()
        raise stale(row["id"], None if found is None else found[0], expected)
    return float(returned[0][0])


def _write_move(
    conn: sqlite3.Connection, row: dict[str, Any], move: MoveRows, update: _Update
) -> float | None:
    """A move's statements, inside a transaction the caller holds: the guarded UPDATE (`update`:
    the version expected and the columns to set), then `move_steps`."""
    created_at = _guarded_update(conn, row, *update)
    try:
        for step in move_steps(SQLITE, row["id"], move):
            conn.execute(step.sql, step.values)
    except sqlite3.IntegrityError as error:
        if "UNIQUE constraint failed: actions.table_id, actions.ply" in str(error):
            raise StaleActionError(
                f"table {row['id']} already has an action at ply {move.ply}"
            ) from error
        if "move_sources" in str(error):
            raise RepeatedMoveError(
                f"table {row['id']} already has the move of {move.source}"
            ) from error
        raise StorageError(f"could not append the action: {error}") from error
    except sqlite3.Error as error:
        raise StorageError(f"could not append the action: {error}") from error
    return created_at


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
        last = conn.execute(SQLITE.last_ply, (row["id"],)).fetchone()
        if last is None or last[0] != undo.ply:
            raise StaleActionError(f"ply {undo.ply} is not the last move of table {row['id']}")
        conn.execute(SQLITE.delete_action, (row["id"], undo.ply))
        seq = conn.execute(SQLITE.next_undo, (row["id"],)).fetchone()
        audit = undo_row(undo, int(seq[0]) if seq is not None else 1)
        conn.execute(SQLITE.insert_undo, values(audit, UNDO_COLUMNS))
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
    return conn, version, conn.execute(SQLITE.select_panels, (table_id,)).fetchall()


def _commit_move(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    expected: int,
    columns: tuple[str, ...] | None,
    move: MoveRows,
    versions: dict[sqlite3.Connection, int],
) -> tuple[float | None, _Seen]:
    """A move in one transaction (`_write_move`), and in it whether the store's copy of the table's
    panels is current (read again if not): the report of the move reads them next."""

    def work() -> tuple[float | None, _Seen]:
        created_at = _write_move(conn, row, move, (expected, columns))
        return created_at, _panels_seen(conn, row["id"], versions)

    return _transaction(conn, work)


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

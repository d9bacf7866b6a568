"""`python -m bot migrate`: every row of a SQLite database copied into an empty PostgreSQL one,
ids, versions and plies kept (`PostgresStore.import_rows`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from typing import Any

import asyncpg

from storage.models import StorageError
from storage.sql import COPIED, POSTGRES

# Everything `import_rows` copies, in foreign-key order.
COPIED_TABLES: tuple[str, ...] = tuple(COPIED)


def read_sqlite_rows(path: str) -> dict[str, list[dict[str, Any]]]:
    """Every row `import_rows` copies, read from a SQLite file opened read-only (codec-shaped:
    JSON as text), so a copy never changes its source."""
    uri = f"file:{path}?mode=ro"
    with sqlite3.connect(uri, uri=True) as db:
        db.row_factory = sqlite3.Row
        return {
            name: [dict(row) for row in db.execute(f"SELECT * FROM {name} ORDER BY {order}")]
            for name, order in COPIED.items()
        }


async def row_counts(pool: asyncpg.Pool) -> dict[str, int]:
    """How many rows each copied table holds."""
    counts: dict[str, int] = {}
    async with pool.acquire() as conn:
        for name in COPIED_TABLES:
            counts[name] = int(await conn.fetchval(f"SELECT count(*) FROM {name}"))
    return counts


async def import_rows(
    conn: asyncpg.Connection, rows: Mapping[str, Iterable[dict[str, Any]]]
) -> dict[str, int]:
    """The copy, inside the caller's transaction on `conn`: refused unless every copied table is
    empty; the id sequence then continues after the largest copied id."""
    written: dict[str, int] = {}
    # Nobody may write while the copy runs, or "empty" could stop being true.
    await conn.execute(f"LOCK TABLE {', '.join(COPIED_TABLES)} IN EXCLUSIVE MODE")
    for name in COPIED_TABLES:
        if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {name})"):
            raise StorageError(
                f"the target database already holds {name}; migrate only into an empty database"
            )
    for name in COPIED_TABLES:
        batch = list(rows.get(name, ()))
        written[name] = len(batch)
        if not batch:
            continue
        columns = list(batch[0])
        await conn.executemany(
            POSTGRES.insert(name, columns), [tuple(row[c] for c in columns) for row in batch]
        )
    await conn.execute(
        "SELECT setval(pg_get_serial_sequence('tables', 'id'), "
        "coalesce((SELECT max(id) FROM tables), 0) + 1, false)"
    )
    return written

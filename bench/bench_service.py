"""`TableService.act` latency on SQLite with 1, 100 and 1,000 active Coldest Night tables.

Beside each, a bare aiosqlite commit of the same state size (UPDATE of the JSON state plus one
INSERT into a log, one transaction): the ratio is the service's own cost — parsing the move,
checking it, applying the rules, serialising the state and the version-checked commit.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bench import Row, sized
from bot.tables import Player, TableService
from storage import SqliteStore

ACTS = 300
SIZES = (1, 100, 1000)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def open_tables(service: TableService, count: int) -> list[int]:
    ids = []
    for n in range(count):
        base = 1000 * (n + 1)
        table = await service.open("coldest_night", Player(base, "A"))
        await service.join(table.id, Player(base + 1, "B"))
        await service.join(table.id, Player(base + 2, "C"))
        played = await service.start(table.id, base)
        ids.append(played.table.id)
    return ids


async def act_latencies(
    service: TableService, ids: list[int], rng: random.Random, acts: int
) -> list[float]:
    samples = []
    for _ in range(acts):
        table = await service.table(rng.choice(ids))
        if table.status != "active":
            continue
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        label = service.labels(table, seat)[0]
        started = time.perf_counter()
        await service.act(table.id, user, label)
        samples.append(time.perf_counter() - started)
    return samples


@asynccontextmanager
async def bare_database(path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """A bare aiosqlite database set as the store's (WAL, synchronous NORMAL), with one table row
    (`t`, at version 0) and a move log (`log`)."""
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)")
        await db.execute("CREATE TABLE log (id INTEGER, ply INTEGER, action TEXT)")
        await db.execute("INSERT INTO t VALUES (1, 0, '{}')")
        yield db


async def bare_commit(
    db: aiosqlite.Connection, state_json: str, version: int, action: str
) -> float:
    """Seconds for one move's bare commit: the row's state written where its version is still
    `version`, and `action` logged, in one transaction."""
    started = time.perf_counter()
    await db.execute("BEGIN IMMEDIATE")
    await db.execute(
        "UPDATE t SET state = ?, version = ? WHERE id = 1 AND version = ?",
        (state_json, version + 1, version),
    )
    await db.execute("INSERT INTO log VALUES (1, ?, ?)", (version, action))
    await db.execute("COMMIT")
    return time.perf_counter() - started


async def bare_latencies(path: Path, state_json: str, acts: int) -> list[float]:
    async with bare_database(path) as db:
        return [await bare_commit(db, state_json, v, '{"type":"done"}') for v in range(acts)]


async def rows() -> AsyncIterator[Row]:
    acts = sized(ACTS, 100)
    with tempfile.TemporaryDirectory() as tmp:
        for size in sized(SIZES, SIZES[:2]):
            store = SqliteStore(str(Path(tmp) / f"service{size}.db"))
            await store.connect()
            service = TableService(store)
            ids = await open_tables(service, size)
            samples = await act_latencies(service, ids, random.Random(size), acts)
            state_json = json.dumps((await store.get_table(ids[0])).state)
            await store.close()
            bare = await bare_latencies(Path(tmp) / f"bare{size}.db", state_json, acts)
            p50, p99 = percentile(samples, 0.5) * 1e3, percentile(samples, 0.99) * 1e3
            b50 = statistics.median(bare) * 1e3
            yield (f"service act p50, {size} active tables", p50, "ms")
            yield (f"service act p99, {size} active tables", p99, "ms")
            yield (f"bare aiosqlite commit p50 ({len(state_json) / 1000:.1f} KB state)", b50, "ms")
            yield (f"act / bare commit ratio, {size} tables", p50 / b50, "x")

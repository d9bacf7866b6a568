"""Storage throughput on a ~20 KB JSON game state: bare aiosqlite commits vs `commit_action`.

Both run on a temporary file with the store's settings (WAL, synchronous=NORMAL), so the difference
is the store's own cost: the version check, the seat index, the action log and JSON coding.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite

from bench import Row, sized
from storage import ActionRecord, SeatRecord, SqliteStore, TableRecord

COMMITS = 400


def big_state(target_bytes: int = 20_000) -> dict[str, Any]:
    """A state shaped like a card game's: hands, piles and a log, about `target_bytes` of JSON."""
    state: dict[str, Any] = {"heat": 7, "hands": [], "discard": [], "log": []}
    n = 0
    while len(json.dumps(state)) < target_bytes:
        state["hands"].append([f"card-{n}-{k}" for k in range(5)])
        state["log"].append({"ply": n, "seat": n % 5, "text": f"seat {n % 5} played card {n}"})
        n += 1
    return state


async def bare_commits_per_second(path: Path, state: dict[str, Any], commits: int) -> float:
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)")
        await db.execute("INSERT INTO t VALUES (1, 0, '{}')")
        started = time.perf_counter()
        for version in range(commits):
            state["heat"] = version
            await db.execute("BEGIN IMMEDIATE")
            await db.execute(
                "UPDATE t SET state = ?, version = ? WHERE id = 1", (json.dumps(state), version)
            )
            await db.execute("COMMIT")
        return commits / (time.perf_counter() - started)


async def store_commits_per_second(path: Path, state: dict[str, Any], commits: int) -> float:
    store = SqliteStore(path)
    await store.connect()
    try:
        seats = tuple(SeatRecord(name=f"p{n}", user_id=n) for n in range(5))
        table = await store.create_table(TableRecord(game="bench", seats=seats, state=state))
        started = time.perf_counter()
        for ply in range(1, commits + 1):
            state["heat"] = ply
            action = ActionRecord(
                table_id=table.id, ply=ply, seat=ply % 5, action={"type": "play", "i": ply}, at=0
            )
            table = await store.commit_action(
                table.model_copy(update={"state": state, "ply": ply}), table.version, action
            )
        return commits / (time.perf_counter() - started)
    finally:
        await store.close()


async def rows() -> AsyncIterator[Row]:
    state = big_state()
    size = len(json.dumps(state)) / 1000
    commits = sized(COMMITS, 100)
    with tempfile.TemporaryDirectory() as tmp:
        bare = await bare_commits_per_second(Path(tmp) / "bare.db", state, commits)
        yield (f"aiosqlite bare commit, {size:.0f} KB state", bare, "commits/s")
        store = await store_commits_per_second(Path(tmp) / "store.db", state, commits)
        yield (f"SqliteStore.commit_action, {size:.0f} KB state", store, "commits/s")

"""`TableService.act` on SQLite against a one-call bare commit of the same state, interleaved.

At 1, 100, 1,000 and 10,000 active 3-seat Coldest Night tables: each sample times one `act` (a typed
move: parsed, checked, applied, committed with its log entry, then reported — board and private
panels) and right after it one bare commit, a single hand-off to a thread that runs `BEGIN
IMMEDIATE`, the version-guarded UPDATE of the same state JSON, one INSERT into a log and `COMMIT`
on plain sqlite3 (WAL, synchronous=NORMAL) with as many rows. The figures are the ratios of p50 and
p99, the median over repeats; absolute times on a shared machine say little.

The store commits a move on its quick connection, on the event loop's thread (`storage.sqlite`),
so `act` makes no hand-off at all; the bare commit keeps the issue's definition (one hand-off). For
the strict reading, the same bare transaction run inline on the loop's thread is timed too (a third
sample in each round): `act` against that is the cost of everything but the SQL.

At the goal's 1,000 tables the same pair is timed once more with a pause of `PAUSE` before each
`act` and before each bare commit: a bot's moves come after the event loop has idled for seconds,
and after even 2 ms of it both run slower (most likely: the processor's caches have gone cold),
`act` more than the commit. The pause is the same for both, and is not timed.

Also: how many store calls one `act` makes (and how many of them were handed to the store's thread),
the `act` without its report, p50 and p99 (the write path the store and the rules own: `act` less
the time its own call to `report` took) against the same bare commit, and the memory the service's
caches hold per running table at 10,000 tables.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.records import Played
from bot.tables import Player, TableService
from storage import SqliteStore, codec

SIZES = (1, 100, 1_000, 10_000)
SAMPLES = 300  # per size and repeat
REPEATS = 3
PAUSE = 0.002  # seconds idle before each `act` and each bare commit, in the paused measure
PAUSED_SIZE = 1_000  # the goal's size: the only one measured with the pause too


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


PLAYED_OPEN = 50  # tables opened, joined and started through the service; the rest are copies


async def open_tables(service: TableService, count: int) -> list[int]:
    """`count` started tables: the first `PLAYED_OPEN` through the service (each its own seed),
    the others stored as copies of those (same seed and state, their own id and players), which
    is what 10,000 lobbies played through would leave, in a fraction of the time."""
    ids = []
    for n in range(min(count, PLAYED_OPEN)):
        base = 1000 * (n + 1)
        table = await service.open("coldest_night", Player(base, "A"))
        await service.join(table.id, Player(base + 1, "B"))
        await service.join(table.id, Player(base + 2, "C"))
        played = await service.start(table.id, base)
        ids.append(played.table.id)
    for n in range(len(ids), count):
        model = await service.store.get_table(ids[n % PLAYED_OPEN])
        # players of their own (names and users), as at real tables: nothing keyed by them, such
        # as a seat's private text or the seats' encoding, may be shared between copies
        seats = tuple(
            seat.model_copy(update={"name": f"{seat.name}{n}", "user_id": 1000 * (n + 1) + i})
            for i, seat in enumerate(model.seats)
        )
        copy = await service.store.create_table(model.model_copy(update={"id": 0, "seats": seats}))
        ids.append(copy.id)
    return ids


class BareCommit:
    """The floor: one hand-off to a thread that commits the update and the log entry."""

    def __init__(self, path: Path, rows: int, state: str) -> None:
        self.thread = ThreadPoolExecutor(max_workers=1)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)")
        self.db.execute("CREATE TABLE log (id INTEGER, ply INTEGER, action TEXT)")
        self.db.executemany("INSERT INTO t VALUES (?, 0, ?)", ((n, state) for n in range(rows)))
        self.versions = [0] * rows
        self.state = state

    def _commit(self, row: int, version: int) -> None:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "UPDATE t SET state = ?, version = ? WHERE id = ? AND version = ?",
            (self.state, version + 1, row, version),
        )
        db.execute("INSERT INTO log VALUES (?, ?, ?)", (row, version, '{"type":"done"}'))
        db.execute("COMMIT")

    async def commit(self, row: int) -> None:
        version = self.versions[row]
        await asyncio.get_running_loop().run_in_executor(self.thread, self._commit, row, version)
        self.versions[row] = version + 1

    def commit_here(self, row: int) -> None:
        """The same transaction on the calling thread: no hand-off."""
        version = self.versions[row]
        self._commit(row, version)
        self.versions[row] = version + 1

    def close(self) -> None:
        self.thread.shutdown()
        self.db.close()


class Samples:
    def __init__(self) -> None:
        self.acts: list[float] = []
        self.bares: list[float] = []  # handed to a thread, as the issue defines it
        self.inline: list[float] = []  # the same, on the loop's thread
        self.reports: list[float] = []
        self.calls: list[int] = []  # store calls per act
        self.handed: list[int] = []  # of which handed to the store's thread


async def measure(
    service: TableService,
    bare: BareCommit,
    ids: list[int],
    rng: random.Random,
    *,
    pause: float = 0.0,
) -> Samples:
    """Interleaved samples: `act`, then the bare commit, then the bare commit inline; also the
    time `act` spent in its report (timed inside the same call), and the store calls it made.
    With a `pause`, the event loop idles that long (untimed) before each `act` and each bare
    commit."""
    got = Samples()
    acts, bares, reports = got.acts, got.bares, got.reports
    store = service.store
    assert isinstance(store, SqliteStore)
    report = service.report
    inside: list[float] = []

    async def timed(played: Played) -> Played:
        started = time.perf_counter()
        try:
            return await report(played)
        finally:
            inside.append(time.perf_counter() - started)

    setattr(service, "report", timed)  # noqa: B010 — the instance's own, for this measure
    try:
        while len(acts) < SAMPLES:
            at = rng.randrange(len(ids))
            table = await service.table(ids[at])
            if table.status != "active":  # played to the end: a new game takes its place
                ids[at] = (await open_tables(service, 1))[0]
                continue
            seat = service.waiting_for(table)[0]
            user = table.seats[seat].user_id
            assert user is not None
            label = service.labels(table, seat)[0]
            handed, here = store.writer_calls, store.quick_calls
            inside.clear()
            if pause:
                await asyncio.sleep(pause)
            started = time.perf_counter()
            await service.act(table.id, user, label)
            acts.append(time.perf_counter() - started)
            got.handed.append(store.writer_calls - handed)
            got.calls.append(store.writer_calls - handed + store.quick_calls - here)
            reports.append(sum(inside))  # what presenting the move cost within `act`
            if pause:
                await asyncio.sleep(pause)
            started = time.perf_counter()
            await bare.commit(rng.randrange(len(bare.versions)))
            bares.append(time.perf_counter() - started)
            started = time.perf_counter()
            bare.commit_here(rng.randrange(len(bare.versions)))
            got.inline.append(time.perf_counter() - started)
    finally:
        delattr(service, "report")
    return got


async def cache_bytes_per_table(path: Path, ids: list[int]) -> float:
    """Memory the service's caches (and the store's copy of each row) hold per running table: fill
    a fresh service's caches with every table, as a move and its report would (traced), then
    empty them; the difference per table."""
    store = SqliteStore(path)
    store.row_cache_size = len(ids)  # every row, as for the service's caches
    await store.connect()
    try:
        service = TableService(store, table_cache_size=len(ids))
        gc.collect()
        tracemalloc.start()
        try:
            for table_id in ids:
                table = await service.table(table_id)
                service.state(table)  # keeps the record and its parsed state
                service.lock(table_id)
                service.board(table)  # the public view
                for seat in range(len(table.seats)):
                    service.private_only_text(table, seat)
            gc.collect()
            full = tracemalloc.get_traced_memory()[0]
            for held in (service, store):
                for name in ("_records", "_states", "_locks", "_publics", "_privates", "_rows"):
                    getattr(held, name, {}).clear()
            gc.collect()
            empty = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
    finally:
        await store.close()
    return (full - empty) / len(ids)


async def rows() -> list[tuple[str, float, str]]:
    out: list[tuple[str, float, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in SIZES:
            path = Path(tmp) / f"act{size}.db"
            store = SqliteStore(path)
            await store.connect()
            service = TableService(store, table_cache_size=max(size, 2_000))
            ids = await open_tables(service, size)
            state = codec.state_text(await store.get_table(ids[0])) or "{}"
            bare = BareCommit(Path(tmp) / f"bare{size}.db", size, state)
            p50s, p99s, write50s, write99s, here50s, calls, handed = [], [], [], [], [], [], []
            a50s, b50s, i50s = [], [], []
            paused: list[tuple[float, float, float, float]] = []  # p50 and p99 ratios, a50, b50
            try:
                for repeat in range(REPEATS if size == PAUSED_SIZE else 0):
                    got = await measure(
                        service, bare, ids, random.Random(f"{size}/paused/{repeat}"), pause=PAUSE
                    )
                    a50, b50 = percentile(got.acts, 0.5), percentile(got.bares, 0.5)
                    paused.append(
                        (
                            a50 / b50,
                            percentile(got.acts, 0.99) / percentile(got.bares, 0.99),
                            a50,
                            b50,
                        )
                    )
                for repeat in range(REPEATS):
                    got = await measure(service, bare, ids, random.Random(f"{size}/{repeat}"))
                    acts = got.acts
                    b50, b99 = percentile(got.bares, 0.5), percentile(got.bares, 0.99)
                    p50s.append(percentile(acts, 0.5) / b50)
                    p99s.append(percentile(acts, 0.99) / b99)
                    written = [a - r for a, r in zip(acts, got.reports, strict=True)]
                    write50s.append(percentile(written, 0.5) / b50)
                    write99s.append(percentile(written, 0.99) / b99)
                    i50 = percentile(got.inline, 0.5)
                    here50s.append(percentile(acts, 0.5) / i50)
                    a50s.append(percentile(acts, 0.5))
                    b50s.append(b50)
                    i50s.append(i50)
                    calls.extend(got.calls)
                    handed.extend(got.handed)
            finally:
                bare.close()
                await store.close()
            out += [
                (f"act / bare commit p50, {size:,} tables", statistics.median(p50s), "x"),
                (f"act / bare commit p99, {size:,} tables", statistics.median(p99s), "x"),
                (
                    f"act without its report / bare commit p50, {size:,} tables",
                    statistics.median(write50s),
                    "x",
                ),
                (
                    f"act without its report / bare commit p99, {size:,} tables",
                    statistics.median(write99s),
                    "x",
                ),
                (
                    f"act / bare commit run on the loop's thread p50, {size:,} tables",
                    statistics.median(here50s),
                    "x",
                ),
                (f"act p50, {size:,} tables", statistics.median(a50s) * 1e3, "ms"),
                (f"bare commit p50, {size:,} tables", statistics.median(b50s) * 1e3, "ms"),
                (
                    f"bare commit on the loop's thread p50, {size:,} tables",
                    statistics.median(i50s) * 1e3,
                    "ms",
                ),
            ]
            if paused:
                after = f"after a {PAUSE * 1e3:g} ms pause, {size:,} tables"
                out += [
                    (
                        f"act / bare commit p50, {after}",
                        statistics.median(p[0] for p in paused),
                        "x",
                    ),
                    (
                        f"act / bare commit p99, {after}",
                        statistics.median(p[1] for p in paused),
                        "x",
                    ),
                    (f"act p50, {after}", statistics.median(p[2] for p in paused) * 1e3, "ms"),
                    (
                        f"bare commit p50, {after}",
                        statistics.median(p[3] for p in paused) * 1e3,
                        "ms",
                    ),
                ]
            out += [
                (f"store calls per act, {size:,} tables", max(calls), "calls"),
                (f"of which handed to the store's thread, {size:,} tables", max(handed), "calls"),
            ]
            if size == SIZES[-1]:
                per_table = await cache_bytes_per_table(path, ids)
                out.append((f"cache memory per running table, {size:,} tables", per_table, "B"))
    return out

"""`TableService.act` on SQLite against a one-call bare commit of the same state, interleaved.

The goal's figure (issue 11 §2: within 1.5×, p50 and p99, at 1,000 tables) is a move without its
report: `act` less the time its own call to `report` took, timed inside the same call. That is
the `act` the goal was set on: when it was written, `act` returned once the move was committed and
the AI seats had answered, and the bench that measured it described its ratio as "parsing the
move, checking it, applying the rules, serialising the state and the version-checked commit"; the
cogs built the board and the panels after it returned. A later change ("one pipeline after a
move") moved that presentation into `act`'s result, so `act` with its report is printed beside
the goal's figure in every measure, and the report is what separates the two.

At 1, 100, 1,000 and 10,000 active 3-seat Coldest Night tables: each sample times one `act` (a
typed move: parsed, checked, applied, committed with its log entry, then reported — board and
private panels; every seat's panel was delivered before, and each report's are after it, untimed,
as the bot's presenter records the DMs it sends) and right after it one bare commit, a single
hand-off to a thread that runs `BEGIN IMMEDIATE`, the version-guarded UPDATE of the same state
JSON, one INSERT into a log and `COMMIT` on plain sqlite3 (WAL, synchronous=NORMAL) with as many
rows. The figures are the ratios of p50 and p99, the median over repeats; absolute times on a
shared machine say little.

The store commits a move on its quick connection, on the event loop's thread (`storage.sqlite`),
so `act` makes no hand-off at all; the bare commit keeps the issue's definition (one hand-off). For
the strict reading, the same bare transaction run inline on the loop's thread is timed too (a third
sample in each round): `act` against that is the cost of everything but the SQL.

At the goal's 1,000 tables the same pair is timed once more with a pause of `PAUSE` before each
`act` and before each bare commit: a bot's moves come after the event loop has idled for seconds,
and after even 2 ms of it both run slower (most likely: the processor's caches have gone cold),
`act` more than the commit. The pause is the same for both, and is not timed.

At 1,000 tables the pair is also timed in the steady state of a running bot: every table has made
a move before (untimed), so each has its record, state and views in memory.

Garbage collection runs as in the Discord bot (`bot.collector.IdleCollector`): installed before
the tables are opened, as the bot installs it at start-up, and stepped (untimed) before each `act`
and each bare commit, where the bot's event-loop timer finds the loop idle between two requests.
At 1,000 tables the steady state is timed once more with Python's own collection, which runs
inside whichever call triggers it: each move replaces its table's cached objects, and as the
deallocation of the old ones keeps CPython's young-generation counter low, the young generation
grows to a few thousand objects between collections, whose pause (1-3 ms) lands on one move in
about a hundred. At 1,000 tables the measures also count the `act` samples a collection ran in,
the p99 of the others, and the collector's time wherever it ran, spread over every `act` (as a
share of `act`'s p50): the work the bot's collector moves out of moves, not away.

Also: how many store calls one `act` makes (and how many of them were handed to the store's thread),
`act` against the same bare transaction run on the loop's thread, and the memory the service's
caches hold per running table at 10,000 tables.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench import Row, progress, sized
from bot.collector import IdleCollector
from bot.records import Played
from bot.tables import Player, TableService
from storage import SqliteStore, codec

SIZES = (1, 100, 1_000, 10_000)
SAMPLES = 300  # per size and repeat
REPEATS = 3
PAUSE = 0.002  # seconds idle before each `act` and each bare commit, in the paused measure
GOAL_SIZE = 1_000  # the goal's: the only size also timed after a pause and in the steady state


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


PLAYED_OPEN = 50  # tables opened, joined and started through the service; the rest are copies


async def delivered(service: TableService, played: Played) -> None:
    """Record the panels of a call's report as sent, as the bot does once it has sent or edited
    each DM: a bot's report then builds only the panels that changed, and reads the stored ones
    (untimed: what the presenter does after `act`)."""
    for update in played.panels:
        await service.panel_sent(update, channel_id=update.user_id, message_id=update.seat + 1)


async def open_tables(service: TableService, count: int) -> list[int]:
    """`count` started tables: the first `PLAYED_OPEN` through the service (each its own seed),
    the others stored as copies of those (same seed and state, their own id and players), which
    is what 10,000 lobbies played through would leave, in a fraction of the time. Every seat's
    panel is delivered, as the bot's start sends them."""
    ids = []
    for n in range(min(count, PLAYED_OPEN)):
        base = 1000 * (n + 1)
        table = await service.open("coldest_night", Player(base, "A"))
        await service.join(table.id, Player(base + 1, "B"))
        await service.join(table.id, Player(base + 2, "C"))
        played = await service.start(table.id, base)
        await delivered(service, played)
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
        await delivered(service, Played(table=copy, panels=await service.private_updates(copy)))
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


class Collections:
    """The cyclic garbage collector's runs while watched (`gc.callbacks`), wherever they run: how
    many have started and the time they took in all."""

    def __init__(self) -> None:
        self.started = 0
        self.spent = 0.0
        self._at = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started += 1
            self._at = time.perf_counter()
        else:
            self.spent += time.perf_counter() - self._at

    def __enter__(self) -> Collections:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *_: object) -> None:
        gc.callbacks.remove(self)


class Samples:
    def __init__(self) -> None:
        self.acts: list[float] = []
        self.collected: list[bool] = []  # whether a garbage collection ran during that `act`
        self.collecting = 0.0  # seconds the collector ran during the whole measure
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
    collector: IdleCollector | None,
    *,
    pause: float = 0.0,
    samples: int | None = None,
) -> Samples:
    """Interleaved samples: `act`, then the bare commit, then the bare commit inline; also the
    time `act` spent in its report (timed inside the same call), and the store calls it made.
    With a `pause`, the event loop idles that long (untimed) before each `act` and each bare
    commit. With the bot's `collector`, it runs any collection due (untimed) before each of
    them, as its timer would in the loop's idle moment; without it Python collects as it does.
    `samples` pairs (`SAMPLES` unless given)."""
    wanted = SAMPLES if samples is None else samples
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
        idle = collector.step if collector is not None else lambda: None
        with Collections() as collections:
            while len(acts) < wanted:
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
                idle()
                ran = collections.started
                started = time.perf_counter()
                played = await service.act(table.id, user, label)
                acts.append(time.perf_counter() - started)
                got.collected.append(collections.started != ran)
                got.handed.append(store.writer_calls - handed)
                got.calls.append(store.writer_calls - handed + store.quick_calls - here)
                reports.append(sum(inside))  # what presenting the move cost within `act`
                await delivered(service, played)
                if pause:
                    await asyncio.sleep(pause)
                idle()
                started = time.perf_counter()
                await bare.commit(rng.randrange(len(bare.versions)))
                bares.append(time.perf_counter() - started)
                started = time.perf_counter()
                bare.commit_here(rng.randrange(len(bare.versions)))
                got.inline.append(time.perf_counter() - started)
        got.collecting = collections.spent
    finally:
        delattr(service, "report")
    return got


async def cache_bytes_per_table(path: Path, ids: list[int]) -> float:
    """Memory the service's caches (and the store's copies of each row and its panels) hold per
    running table: fill a fresh service's caches with every table, as a move and its report
    would (traced), then empty them; the difference per table."""
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
                await store.panels(table_id)  # the store's copy of its delivered panels
            gc.collect()
            full = tracemalloc.get_traced_memory()[0]
            for held in (service.cache, service.texts, store):
                for name in (
                    "records",
                    "states",
                    "locks",
                    "publics",
                    "privates",
                    "_rows",
                    "_panels",
                ):
                    getattr(held, name, {}).clear()
            gc.collect()
            empty = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
    finally:
        await store.close()
    return (full - empty) / len(ids)


@dataclass(frozen=True)
class Figures:
    """One measure's figures: ratios to the bare commit (p50 and p99), absolute p50s in seconds."""

    p50: float
    p99: float
    write50: float  # `act` less its report
    write99: float
    inline50: float  # against the bare transaction run on the loop's thread
    act50: float
    bare50: float
    inline_at50: float
    collected: float  # share of `act` samples a garbage collection ran in
    clean99: float  # p99 of the `act` samples without one, against the bare commit's p99
    collecting: float  # the collector's time per `act`, against `act`'s p50

    @classmethod
    def of(cls, got: Samples) -> Figures:
        acts = got.acts
        a50, b50, b99 = (
            percentile(acts, 0.5),
            percentile(got.bares, 0.5),
            percentile(got.bares, 0.99),
        )
        written = [a - r for a, r in zip(acts, got.reports, strict=True)]
        clean = [a for a, ran in zip(acts, got.collected, strict=True) if not ran] or acts
        i50 = percentile(got.inline, 0.5)
        return cls(
            p50=a50 / b50,
            p99=percentile(acts, 0.99) / b99,
            write50=percentile(written, 0.5) / b50,
            write99=percentile(written, 0.99) / b99,
            inline50=a50 / i50,
            act50=a50,
            bare50=b50,
            inline_at50=i50,
            collected=sum(got.collected) / len(acts),
            clean99=percentile(clean, 0.99) / b99,
            collecting=got.collecting / len(acts) / a50,
        )


def median_of(figures: list[Figures], name: str) -> float:
    return float(statistics.median(getattr(f, name) for f in figures))


async def move_every_table(service: TableService, ids: list[int]) -> None:
    """One move at each table (untimed): every table's record, state and views are then in
    memory, as in a bot whose tables have been playing for a while."""
    for at, table_id in enumerate(ids):
        table = await service.table(table_id)
        if table.status != "active":
            ids[at] = table_id = (await open_tables(service, 1))[0]
            table = await service.table(table_id)
        seat = service.waiting_for(table)[0]
        user = table.seats[seat].user_id
        assert user is not None
        await delivered(service, await service.act(table_id, user, service.labels(table, seat)[0]))


def goal_rows(figures: list[Figures], where: str) -> list[tuple[str, float, str]]:
    """The goal's two ratios (a move without its report), then the same with it."""
    return [
        (
            f"act without its report (the goal) / bare commit p50, {where}",
            median_of(figures, "write50"),
            "x",
        ),
        (
            f"act without its report (the goal) / bare commit p99, {where}",
            median_of(figures, "write99"),
            "x",
        ),
        (f"act with its report / bare commit p50, {where}", median_of(figures, "p50"), "x"),
        (f"act with its report / bare commit p99, {where}", median_of(figures, "p99"), "x"),
    ]


def pair_rows(figures: list[Figures], where: str) -> list[tuple[str, float, str]]:
    """The ratios (`goal_rows`) and both p50s of a measure made `where`."""
    return [
        *goal_rows(figures, where),
        (f"act p50, {where}", median_of(figures, "act50") * 1e3, "ms"),
        (f"bare commit p50, {where}", median_of(figures, "bare50") * 1e3, "ms"),
    ]


def collector_rows(figures: list[Figures], where: str) -> list[tuple[str, float, str]]:
    return [
        (
            f"act samples a garbage collection ran in, {where}",
            median_of(figures, "collected") * 100,
            "%",
        ),
        (
            f"act p99 without them / bare commit p99, {where}",
            median_of(figures, "clean99"),
            "x",
        ),
        (
            f"collector time per act / act p50, {where}",
            median_of(figures, "collecting"),
            "x",
        ),
    ]


async def rows() -> AsyncIterator[Row]:
    sizes, repeats = sized(SIZES, (1, GOAL_SIZE)), sized(REPEATS, 1)
    samples = sized(SAMPLES, 100)
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            progress(f"{size:,} tables: opening them")
            collector = IdleCollector()
            collector.install()  # as the bot at start-up, before any table is loaded
            path = Path(tmp) / f"act{size}.db"
            store = SqliteStore(path)
            await store.connect()
            service = TableService(store, table_cache_size=max(size, 2_000))
            ids = await open_tables(service, size)
            # the checkpoint the set-up's commits called for, which a bot's loop runs between them
            await store.checkpoint()
            state = codec.state_text(await store.get_table(ids[0])) or "{}"
            bare = BareCommit(Path(tmp) / f"bare{size}.db", size, state)
            goal = size == GOAL_SIZE
            paused: list[Figures] = []
            usual: list[Figures] = []
            steady: list[Figures] = []
            own: list[Figures] = []  # the steady state with Python's own collection
            calls: list[int] = []
            handed: list[int] = []

            sample = functools.partial(measure, service, bare, ids, samples=samples)

            try:
                progress(f"{size:,} tables: measuring")
                for repeat in range(repeats if goal else 0):
                    got = await sample(
                        random.Random(f"{size}/paused/{repeat}"), collector, pause=PAUSE
                    )
                    paused.append(Figures.of(got))
                for repeat in range(repeats):
                    got = await sample(random.Random(f"{size}/{repeat}"), collector)
                    usual.append(Figures.of(got))
                    calls.extend(got.calls)
                    handed.extend(got.handed)
                if goal:
                    progress(f"{size:,} tables: the steady state")
                    await move_every_table(service, ids)
                    for repeat in range(repeats):
                        got = await sample(random.Random(f"{size}/steady/{repeat}"), collector)
                        steady.append(Figures.of(got))
                    collector.close()
                    for repeat in range(repeats):
                        got = await sample(random.Random(f"{size}/own/{repeat}"), None)
                        own.append(Figures.of(got))
            finally:
                collector.close()
                bare.close()
                await store.close()
            at = f"{size:,} tables"
            out = goal_rows(usual, at)
            out += [
                (
                    f"act / bare commit run on the loop's thread p50, {at}",
                    median_of(usual, "inline50"),
                    "x",
                ),
                (f"act p50, {at}", median_of(usual, "act50") * 1e3, "ms"),
                (f"bare commit p50, {at}", median_of(usual, "bare50") * 1e3, "ms"),
                (
                    f"bare commit on the loop's thread p50, {at}",
                    median_of(usual, "inline_at50") * 1e3,
                    "ms",
                ),
            ]
            if goal:
                out += collector_rows(usual, at)
                out += pair_rows(paused, f"after a {PAUSE * 1e3:g} ms pause, {at}")
                moved = f"every table moved before, {at}"
                out += pair_rows(steady, moved) + collector_rows(steady, moved)
                theirs = f"every table moved before, Python's own collection, {at}"
                out += pair_rows(own, theirs) + collector_rows(own, theirs)
            out += [
                (f"store calls per act, {at}", max(calls), "calls"),
                (f"of which handed to the store's thread, {at}", max(handed), "calls"),
            ]
            for row in out:
                yield row
            if size == sizes[-1]:
                per_table = await cache_bytes_per_table(path, ids)
                yield (f"cache memory per running table, {at}", per_table, "B")

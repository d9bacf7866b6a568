"""Many processes, one database: moves per second and `act` latency with 1, 2 and 4 workers.

Each worker is a separate Python process (`python -m bench.bench_scale worker …`) with its own
`TableService` and store, driving random legal moves for random waiting seats of random tables of
mixed games, several at a time. Afterwards `verify` proves nothing was lost or doubled: every
table's plies run 1…n without a gap, its version rose by exactly one per move, its log replays to
the stored state, and the moves applied equal the moves the workers were told were applied.

PostgreSQL needs `SNOWBOUND_TEST_POSTGRES_URL` (`.ci/run` starts a server); the SQLite rows (one
file shared by the same workers) are the baseline measured in the same run. `tests/scale` runs the
same code at a small size.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import Row, progress, sized
from bot.tables import Player, TableError, TableService
from rules import GAMES, shipped
from rules.engine import Engine
from rules.errors import RuleError
from storage import SqliteStore, StaleActionError, StorageError, Store, TableRecord
from storage.postgres import PostgresStore
from tests.support.stores import StoreProxy

SEATS = {"coldest_night": 3, "cold_comfort": 3}
"""Seats at a game's tables where not the generic two (or the game's fewest, if more)."""


def mix() -> tuple[tuple[str, int], ...]:
    """(game, seats) of every shipped game (`rules.shipped()`, in menu order), cycled over the
    tables: a new game is taken with no edit here. Only the shipped ones, since the workers are
    other processes, which know no game registered at run time in this one."""
    found = []
    for key in shipped():
        game = GAMES[key]
        found.append((key, min(game.max_seats, SEATS.get(key, max(2, game.min_seats)))))
    return tuple(found)


ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Target:
    """Where the workers meet: a PostgreSQL schema or a SQLite file."""

    url: str
    schema: str | None = None

    def store(self, pool_size: int = 4) -> Store:
        if self.url.startswith("sqlite:///"):
            return SqliteStore(self.url.removeprefix("sqlite:///"), busy_timeout_ms=30_000)
        return PostgresStore(self.url, schema=self.schema, pool_size=pool_size)


@asynccontextmanager
async def connected(target: Target, pool_size: int = 4) -> AsyncIterator[Store]:
    store = target.store(pool_size)
    await store.connect()
    try:
        yield store
    finally:
        await store.close()


def user_of(table_index: int, seat: int) -> int:
    return 1_000_000 + 100 * table_index + seat


async def create_tables(store: Store, count: int, seed: str) -> list[int]:
    """`count` started tables of mixed games, every seat a human the workers play for."""
    service = TableService(store)
    games = mix()
    ids = []
    for n in range(count):
        game, seats = games[n % len(games)]
        host = Player(user_of(n, 0), f"P{n}.0")
        table = await service.open(game, host, guild_id=(n + 1) << 22)
        for seat in range(1, seats):
            await service.join(table.id, Player(user_of(n, seat), f"P{n}.{seat}"))
        service.new_seed = lambda n=n: f"{seed}/{n}"
        ids.append((await service.start(table.id, host.user_id)).table.id)
    return ids


class CountingStore(StoreProxy):
    """The worker's store, counting the writes another process beat (each one retried once)."""

    def __init__(self, inner: Store) -> None:
        super().__init__(inner)
        self.stale = 0

    async def commit_action(
        self, table: TableRecord, expected: int, action: Any, **extra: Any
    ) -> TableRecord:
        try:
            return await self.inner.commit_action(table, expected, action, **extra)
        except StaleActionError:
            self.stale += 1
            raise


@dataclass
class Tally:
    acknowledged: int = 0  # moves the service said it applied (a player's, plus AI follow-ups)
    refused: int = 0  # attempts answered with a refusal (the table moved on first)
    latencies: list[float] = field(default_factory=list)  # seconds per successful `act`


async def drive(
    service: TableService, ids: Sequence[int], moves: int, rng: random.Random, tally: Tally
) -> None:
    """`moves` attempts: a random table, a random seat it waits for, a random legal move."""
    for _ in range(moves):
        table = await service.table(rng.choice(ids))
        if table.status != "active":
            continue
        state = service.state(table)
        waiting = [s for s in service.waiting_for(table, state) if table.seats[s].user_id]
        if not waiting:
            continue
        seat = rng.choice(waiting)
        legal = service.engine(table).legal(state, seat)
        if not legal:
            continue
        user = table.seats[seat].user_id
        assert user is not None
        started = time.perf_counter()
        try:
            played = await service.act(table.id, user, rng.choice(legal))
        except (RuleError, TableError):  # the table moved on first: refused, never a crash
            tally.refused += 1
            continue
        tally.latencies.append(time.perf_counter() - started)
        tally.acknowledged += played.moves


async def worker(
    target: Target, ids: list[int], moves: int, lanes: int, seed: int
) -> dict[str, Any]:
    async with connected(target, pool_size=lanes + 1) as inner:
        store = CountingStore(inner)
        service = TableService(store)  # type: ignore[arg-type]
        tally = Tally()
        per_lane = [moves // lanes + (1 if n < moves % lanes else 0) for n in range(lanes)]
        started = time.perf_counter()
        await asyncio.gather(
            *(
                drive(service, ids, count, random.Random(f"{seed}/{lane}"), tally)
                for lane, count in enumerate(per_lane)
            )
        )
        elapsed = time.perf_counter() - started
    return {
        "acknowledged": tally.acknowledged,
        "refused": tally.refused,
        "stale": store.stale,
        "latencies": tally.latencies,
        "elapsed": elapsed,
    }


def run_workers(
    target: Target, ids: list[int], processes: int, moves: int, lanes: int, seed: int
) -> list[dict[str, Any]]:
    """Start `processes` worker processes at once and collect their tallies."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.bench_scale",
                "worker",
                "--url",
                target.url,
                "--schema",
                target.schema or "",
                "--tables",
                ",".join(map(str, ids)),
                "--moves",
                str(moves),
                "--lanes",
                str(lanes),
                "--seed",
                str(seed * 1000 + n),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(processes)
    ]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"a worker failed ({proc.returncode}):\n{err[-3000:]}")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


@dataclass
class Verdict:
    tables: int
    applied: int
    problems: list[str]


async def verify(store: Store, ids: list[int], versions: dict[int, int]) -> Verdict:
    """Plies 1…n without gaps, one version per move, and every log replays to the stored state."""
    problems: list[str] = []
    applied = 0
    for table_id in ids:
        table = await store.get_table(table_id)
        log = await store.actions(table_id)
        applied += table.ply
        if [a.ply for a in log] != list(range(1, table.ply + 1)):
            problems.append(f"table {table_id}: plies {[a.ply for a in log]} for ply {table.ply}")
        if table.version != versions[table_id] + table.ply:
            problems.append(
                f"table {table_id}: version {table.version} after {table.ply} moves "
                f"from version {versions[table_id]}"
            )
        engine = Engine(GAMES[table.game])
        replayed = engine.replay(
            len(table.seats), table.options, table.seed, [(a.seat, a.action) for a in log]
        )
        if replayed.model_dump(mode="json") != table.state:
            problems.append(f"table {table_id}: the log does not replay to the stored state")
    return Verdict(len(ids), applied, problems)


@dataclass
class Run:
    processes: int
    tallies: list[dict[str, Any]]
    verdict: Verdict
    wall: float

    @property
    def acknowledged(self) -> int:
        return sum(t["acknowledged"] for t in self.tallies)

    @property
    def latencies(self) -> list[float]:
        return [x for t in self.tallies for x in t["latencies"]]

    @property
    def moves_per_second(self) -> float:
        return self.acknowledged / max(max(t["elapsed"] for t in self.tallies), 1e-9)


async def load_test(
    target: Target, *, tables: int, processes: int, moves: int, lanes: int = 4, seed: int = 1
) -> Run:
    """Create the tables, let the workers loose, and check the result."""
    async with connected(target) as store:
        ids = await create_tables(store, tables, f"scale{seed}")
        versions = {t: (await store.get_table(t)).version for t in ids}  # all at ply 0
    started = time.perf_counter()
    tallies = await asyncio.to_thread(run_workers, target, ids, processes, moves, lanes, seed)
    wall = time.perf_counter() - started
    async with connected(target) as store:
        verdict = await verify(store, ids, versions)
    return Run(processes, tallies, verdict, wall)


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await conn.close()


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def statements_per_move(url: str, moves: int = 300) -> float:
    """Statements one process sends PostgreSQL per `act` (each one a round trip to the server):
    the load test's random moves (`drive`) at 8 tables of mixed games, on a pool of one
    connection whose every query is logged while an `act` runs (reading the table to choose a
    move is not counted)."""
    target = Target(url, f"bench_{uuid.uuid4().hex[:12]}")
    sent: list[str] = []
    counting = False

    class Counted(TableService):
        async def act(self, *args: Any, **kwargs: Any) -> Any:
            nonlocal counting
            counting = True
            try:
                return await super().act(*args, **kwargs)
            finally:
                counting = False

    tally = Tally()
    try:
        async with connected(target, pool_size=1) as store:
            ids = await create_tables(store, 8, "statements")
            assert isinstance(store, PostgresStore)
            async with store.pool.acquire() as conn:  # the pool's only connection
                conn.add_query_logger(lambda record: counting and sent.append(record.query))
            await drive(Counted(store), ids, moves, random.Random(7), tally)
    finally:
        await drop_schema(url, target.schema or "")
    return len(sent) / max(len(tally.latencies), 1)


BENCH_TABLES = 200
BENCH_MOVES = 1_200  # per run, split over the processes
REPEATS = 3


async def rows() -> AsyncIterator[Row]:
    url = os.environ.get("SNOWBOUND_TEST_POSTGRES_URL", "").strip()
    kinds = ["sqlite", "postgresql"] if url else ["sqlite"]
    repeats, moves, tables = sized(REPEATS, 1), sized(BENCH_MOVES, 400), sized(BENCH_TABLES, 60)
    counts = sized((1, 2, 4), (1, 4))  # processes
    rates: dict[tuple[str, int], list[float]] = {}
    lat: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        # interleaved: every repeat runs every configuration once, in the same order
        for repeat in range(repeats):
            for kind in kinds:
                for processes in counts:
                    if kind == "sqlite":
                        target = Target(f"sqlite:///{tmp}/scale-{repeat}-{processes}.db")
                    else:
                        target = Target(url, f"bench_{uuid.uuid4().hex[:12]}")
                    try:
                        run = await load_test(
                            target,
                            tables=tables,
                            processes=processes,
                            moves=moves // processes,
                            seed=repeat + 1,
                        )
                    finally:
                        if target.schema:
                            await drop_schema(url, target.schema)
                    if run.verdict.problems or run.verdict.applied != run.acknowledged:
                        raise RuntimeError(f"{kind} x{processes}: {run.verdict.problems[:5]}")
                    rates.setdefault((kind, processes), []).append(run.moves_per_second)
                    if processes == 1:
                        lat.setdefault(kind, []).extend(run.latencies)
                    progress(
                        f"repeat {repeat + 1} of {repeats}, {kind}, {processes} process(es): "
                        f"{run.moves_per_second:,.0f} moves/s"
                    )
    base = statistics.median(rates[("sqlite", 1)])
    for kind in kinds:
        for processes in counts:
            rate = statistics.median(rates[(kind, processes)])
            yield (f"scale {kind}: {processes} process(es), moves/s", rate, "moves/s")
            yield (f"scale {kind}: {processes} process(es) vs sqlite x1", rate / base, "ratio")
        yield (f"scale {kind}: act p50 (1 process)", percentile(lat[kind], 0.5) * 1e3, "ms")
        yield (f"scale {kind}: act p99 (1 process)", percentile(lat[kind], 0.99) * 1e3, "ms")
    if url:
        yield ("scale postgresql: statements sent per act", await statements_per_move(url), "count")
    else:
        yield ("scale postgresql: skipped, SNOWBOUND_TEST_POSTGRES_URL unset", 0, "-")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench.bench_scale")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("worker", help="one worker process (started by the load test)")
    run.add_argument("--url", required=True)
    run.add_argument("--schema", default="")
    run.add_argument("--tables", required=True)
    run.add_argument("--moves", type=int, required=True)
    run.add_argument("--lanes", type=int, default=4)
    run.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    target = Target(args.url, args.schema or None)
    ids = [int(x) for x in args.tables.split(",")]
    try:
        result = asyncio.run(worker(target, ids, args.moves, args.lanes, args.seed))
    except StorageError as err:
        print(f"worker: {err}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

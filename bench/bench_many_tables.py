"""Many stored tables (issue 31 §4): start-up, one clock tick and a move on SQLite databases of
1,000 / 10,000 / 100,000 stored tables, with the longest block of the event loop during each.

The databases hold 30 % running tables of all five games (their clocks and paces not due, each
waiting for its human player, a third of them paced), the rest finished or abandoned. They are
built fast: a few real states per game are made by playing (a human host, AI seats, a few moves),
then their rows are copied straight into SQLite in bulk under new ids, channels and players.

Each size is measured in a fresh process (`python -m bench.bench_many_tables measure PATH N`), so
its memory figures are its own:

- start-up: `resume_agents()` on a new service, as the bot's first tick runs it;
- tick: one `tick()` (the deadline scan, the paces' wake scan and `resume_agents` again);
- move: a human move at a table this process has not read yet (its AI seats answer), the mean of
  `MOVES` tables, and the longest block over all of them;
- chat: a message in a channel this process has not seen (one lookup of that channel);
- memory: the process's resident size after all of it, and its peak.

Garbage is collected as the Discord bot has it (`bot.collector.IdleCollector`, between callbacks).
The longest block is measured by a heartbeat task that asks for a turn every millisecond: the
longest it waited beyond that is the longest any other callback held the loop. Goal: no block over
100 ms at any size.

    python -m bench.bench_many_tables [SIZES…]    # prints each figure as it comes
    python -m bench many_tables                   # the same inside `make bench`
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

from bench import Row, sized

SIZES = (1_000, 10_000, 100_000)
RUNNING = 0.30  # share of the stored tables still being played
SAMPLES = 4  # real states made per game
MOVES = 20  # moves measured per size
NOW = 1_800_000_000.0  # the service's clock in the measuring process: no clock or pace is due
HOST = 987_654_321  # the sample tables' human player, replaced per copy
PAGE = 5_000  # rows inserted per statement batch


# -- building a database ---------------------------------------------------------------------------


async def _samples() -> list[dict[str, Any]]:
    """Rows of real running tables, a few per game, each waiting for its human host."""
    from bot.tables import Player, TableService
    from rules import GAMES
    from storage import MemoryStore, codec

    store = MemoryStore(clock=lambda: NOW - 3_600)
    await store.connect()
    service = TableService(store, clock=lambda: NOW - 3_600, default_agent="random")
    rows: list[dict[str, Any]] = []
    host = Player(HOST, "Ana")
    channel = 0
    for key, game in GAMES.items():
        made = 0
        attempt = 0
        while made < SAMPLES and attempt < 10 * SAMPLES:
            attempt += 1
            rng = random.Random(f"{key}-{attempt}")
            paced = made % 3 == 0
            channel += 1
            table = await service.open(
                key, host, channel_id=channel, pace="daily" if paced else None
            )
            for _ in range(max(game.min_seats, 2) - 1):
                await service.add_agent(table.id, HOST, "random")
            played = await service.start(table.id, HOST)
            table = played.table
            for _ in range(rng.randrange(0, 6)):
                if table.status != "active" or 0 not in service.waiting_for(table):
                    break
                legal = service.engines[key].legal(service.state(table), 0)
                choice = rng.randrange(len(legal)) if legal else 0
                table = (await service.act_choice(table.id, HOST, table.ply, choice)).table
            if table.status != "active" or service.waiting_for(table) != [0]:
                continue  # over, or waiting for an AI too: not what a stored table waits for
            row = codec.table_row(table)
            if row["deadline"] is not None:
                row["deadline"] = NOW + 86_400  # a game's own clock, not due
            rows.append(row)
            made += 1
    return rows


def _copies(samples: list[dict[str, Any]], count: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(count)
    for n in range(count):
        row = dict(samples[n % len(samples)])
        user = 1_000_000 + n
        running = rng.random() < RUNNING
        row.update(
            id=n + 1,
            status="active" if running else rng.choice(("finished", "abandoned")),
            guild_id=1 + n % 200,
            channel_id=10_000_000 + n,
            thread_id=20_000_000 + n,
            host_id=user,
            seats=row["seats"].replace(str(HOST), str(user)),
            created_at=NOW - 86_400 * 30 + n,
            updated_at=NOW - 3_600,
            ai_turn=0,
        )
        if not running:  # ended tables keep the clocks they had, long past
            row.update(deadline=row["deadline"] and NOW - 86_400 * 20)
            row.update(wake_at=row["wake_at"] and NOW - 86_400 * 20)
        yield row


def build(path: Path, count: int, samples: list[dict[str, Any]]) -> None:
    """`count` stored tables in a new database at `path` (every migration applied)."""
    from storage import SqliteStore

    async def schema() -> None:
        store = SqliteStore(path)
        await store.connect()
        await store.close()

    asyncio.run(schema())
    columns = list(samples[0])
    sql = (
        f"INSERT INTO tables ({', '.join(columns)}) VALUES ({', '.join(':' + c for c in columns)})"
    )
    with sqlite3.connect(path, isolation_level=None) as db:
        # a scratch file: no journal, no sync, a large page cache, while it is filled
        for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -262144"):
            db.execute(f"PRAGMA {pragma}")
        db.execute("BEGIN")
        # the seat index filled once at the end rather than by the insert trigger row by row
        trigger = db.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'tables_seats_insert'"
        ).fetchone()[0]
        db.execute("DROP TRIGGER tables_seats_insert")
        rows = _copies(samples, count)
        while batch := [row for _, row in zip(range(PAGE), rows, strict=False)]:
            db.executemany(sql, batch)
        db.execute(
            "INSERT INTO table_seats (table_id, user_id) "
            "SELECT tables.id, json_extract(seat.value, '$.user_id') "
            "FROM tables, json_each(tables.seats) AS seat "
            "WHERE json_extract(seat.value, '$.user_id') IS NOT NULL"
        )
        db.execute(trigger)
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode = WAL")  # as the store keeps it


# -- measuring, in a fresh process -----------------------------------------------------------------


class Heartbeat:
    """A task asking for a turn every `period`: `longest` is how long it waited beyond that, and
    `longest_cpu` the CPU time the loop's thread used meanwhile (the block itself, without the
    time another process held the CPU: the development machine is shared)."""

    def __init__(self, period: float = 0.001) -> None:
        self.period = period
        self.longest = 0.0
        self.longest_cpu = 0.0
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.period)
            now, cpu = time.perf_counter(), time.thread_time()
            self.longest = max(self.longest, now - self._last - self.period)
            self.longest_cpu = max(self.longest_cpu, cpu - self._last_cpu)
            self._last, self._last_cpu = now, cpu

    async def measure(self, work: Callable[[], Awaitable[Any]]) -> tuple[float, float, float]:
        """(seconds `work` took, the longest block of the loop meanwhile, its CPU time)."""
        await asyncio.sleep(2 * self.period)
        self.longest = self.longest_cpu = 0.0
        self._last, self._last_cpu = time.perf_counter(), time.thread_time()
        started = time.perf_counter()
        await work()
        took = time.perf_counter() - started
        await asyncio.sleep(2 * self.period)  # the heartbeat's turn after the last block
        return took, self.longest, self.longest_cpu

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()


def _rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _peak_mb() -> float:
    """This process's peak resident size since it started (`VmHWM`: unlike `ru_maxrss`, not
    carried over from the parent that forked it)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def measure(path: Path, count: int, emit: Callable[[Row], None] | None = None) -> list[Row]:
    """The figures at `count` tables, each also passed to `emit` as soon as it is measured."""
    from bot.collector import IdleCollector
    from bot.tables import TableService
    from storage import SqliteStore

    store = SqliteStore(path)
    await store.connect()
    collector = IdleCollector()  # garbage collection as the Discord bot runs it
    collector.start()
    beat = Heartbeat()
    beat.start()
    rows: list[tuple[str, float, str]] = []

    def note(what: str, value: float, unit: str) -> None:
        rows.append((f"{what} ({count:,} tables)", value, unit))
        if emit is not None:
            emit(rows[-1])

    try:
        before = _rss_mb()
        service = TableService(store, clock=lambda: NOW)
        took, block, cpu = await beat.measure(service.resume_agents)
        note("start-up: resume_agents", took * 1e3, "ms")
        note("start-up: longest loop block (its CPU time)", block * 1e3, f"ms ({cpu * 1e3:.3g})")
        took, block, cpu = await beat.measure(lambda: service.tick(NOW + 60))
        note("tick (deadlines, paces, resume)", took * 1e3, "ms")
        note("tick: longest loop block (its CPU time)", block * 1e3, f"ms ({cpu * 1e3:.3g})")
        with sqlite3.connect(path) as db:
            running = [
                (row[0], json.loads(row[1])[0]["user_id"], row[2])
                for row in db.execute(
                    "SELECT id, seats, ply FROM tables WHERE status = 'active' "
                    "ORDER BY random() LIMIT ?",
                    (MOVES,),
                )
            ]
        longest = longest_cpu = total = 0.0
        for table_id, user, ply in running:

            def move(t: int = table_id, u: int = user, p: int = ply) -> Awaitable[Any]:
                return service.act_choice(t, u, p, 0)

            took, block, cpu = await beat.measure(move)
            total += took
            longest, longest_cpu = max(longest, block), max(longest_cpu, cpu)
        note(f"move (mean of {len(running)}, AI seats answering)", total / len(running) * 1e3, "ms")
        note(
            "move: longest loop block (its CPU time)",
            longest * 1e3,
            f"ms ({longest_cpu * 1e3:.3g})",
        )
        took, _, _ = await beat.measure(lambda: service.check_chat(1, 1, "hello"))
        note("chat message in a channel not seen yet", took * 1e3, "ms")
        note("memory: resident growth since opening", _rss_mb() - before, "MB")
        note("memory: process peak", _peak_mb(), "MB")
        # The first start-up after the upgrade: the migration flags every running table with an
        # AI seat (all of them here); the resume looks at each once and clears its flag.
        with sqlite3.connect(path) as db:
            db.execute(
                "UPDATE tables SET ai_turn = 1, version = version + 1 WHERE status = 'active'"
            )
        upgraded = TableService(store, clock=lambda: NOW)
        took, block, cpu = await beat.measure(upgraded.resume_agents)
        note("first start-up after the upgrade (all running flagged)", took * 1e3, "ms")
        note("  its longest loop block (its CPU time)", block * 1e3, f"ms ({cpu * 1e3:.3g})")
        note("memory: process peak after it", _peak_mb(), "MB")
    finally:
        beat.stop()
        collector.close()
        await store.close()
    return rows


# -- the bench ------------------------------------------------------------------------------------


def rows(sizes: tuple[int, ...] | None = None) -> Iterator[Row]:
    """Each size's figures as soon as its process has measured them."""
    samples = asyncio.run(_samples())
    games = sorted({row["game"] for row in samples})
    print(f"  {len(samples)} sample states of {', '.join(games)}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="snowbound-many-") as folder:
        for count in sizes or sized(SIZES, SIZES[:2]):
            path = Path(folder) / f"{count}.db"
            started = time.perf_counter()
            build(path, count, samples)
            built = time.perf_counter() - started
            yield (f"build ({count:,} tables)", built, "s")
            # a fresh process, which writes each figure as a line of JSON as soon as it has it
            with subprocess.Popen(
                [sys.executable, "-m", "bench.bench_many_tables", "measure", str(path), str(count)],
                stdout=subprocess.PIPE,
                text=True,
            ) as child:
                assert child.stdout is not None
                for line in child.stdout:
                    what, value, unit = json.loads(line)
                    yield (what, value, unit)
            if child.returncode:
                raise subprocess.CalledProcessError(child.returncode, child.args)
            path.unlink()


def main(argv: list[str]) -> int:
    if argv[:1] == ["measure"]:
        asyncio.run(
            measure(Path(argv[1]), int(argv[2]), lambda row: print(json.dumps(row), flush=True))
        )
        return 0
    sizes = tuple(int(a.replace(",", "").replace("_", "")) for a in argv) or None
    for what, value, unit in rows(sizes):
        print(f"{what:<60} {value:>12,.3f} {unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Crash safety, measured: a child process plays every game through `TableService` on a SQLite
file (AI seats and scripted humans) and is SIGKILLed at random points; after each kill the parent
checks that every acknowledged move is stored, every table's log replays to its stored state, and
that no table is stuck once a restarted service has resumed the AI turns a kill interrupted.

The child acknowledges a move only after `act` returned, by appending `table ply` to a side file
and fsyncing it, so an acknowledged move is one a player would have been told about.

    python -m bench.bench_crash [KILLS]     # the full run (100 kills by default)
    python -m bench crash                   # the same inside `make bench`
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import Row, progress, sized

KILLS = 100


@dataclass
class CrashReport:
    kills: int = 0
    acknowledged: int = 0  # moves the child was told were played, over all runs
    lost: int = 0  # acknowledged moves missing from the store after a kill (goal 0)
    unreplayable: int = 0  # tables whose log does not rebuild the stored state (goal 0)
    interrupted_ai_turns: int = 0  # tables found waiting for an AI seat after a kill
    stuck: int = 0  # tables still waiting for an AI seat after the start-up resume (goal 0)
    tables: int = 0
    finished: int = 0
    games: set[str] = field(default_factory=set)

    @property
    def ok(self) -> bool:
        return self.lost == 0 and self.unreplayable == 0 and self.stuck == 0


# -- the child: plays until it is killed -----------------------------------------------------------


async def _child(database: str, acks: str, seed: int) -> None:
    from bot.tables import TableError, TableService
    from rules import GAMES
    from storage import SqliteStore

    rng = random.Random(seed)
    store = SqliteStore(database)
    await store.connect()
    service = TableService(store, default_agent="random", resume_every=0.0)
    ack = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def acknowledge(table_id: int, ply: int) -> None:
        os.write(ack, f"{table_id} {ply}\n".encode())
        os.fsync(ack)

    await service.tick()  # start-up: resume AI turns a kill interrupted
    print("ready", flush=True)
    user = 1_000 + seed * 100
    while True:
        active = await store.find_tables(status="active")
        for key, game in GAMES.items():  # keep one table of every game going
            if not any(t.game == key for t in active):
                user += 1
                table = await service.open(key, _player(user))
                for _ in range(max(game.min_seats, 2) - 1):
                    await service.add_agent(table.id, user, "random")
                played = await service.start(table.id, user)
                acknowledge(played.table.id, played.table.ply)
        for table in await store.find_tables(status="active"):
            for seat in service.waiting_for(table):
                human = table.seats[seat].user_id
                if human is None:
                    continue
                state = service.state(table)
                legal = service.engine(table).legal(state, seat)
                if not legal:
                    continue
                try:
                    played = await service.act_choice(
                        table.id, human, table.ply, rng.randrange(len(legal))
                    )
                except TableError:
                    continue
                acknowledge(played.table.id, played.table.ply)
                break


def _player(user: int) -> Any:
    from bot.tables import Player

    return Player(user, f"Player {user}")


# -- the parent: kill, restart, check --------------------------------------------------------------


async def _check(database: str, acks: Path, report: CrashReport) -> None:
    from bot.tables import TableService
    from storage import SqliteStore

    store = SqliteStore(database)
    await store.connect()
    try:
        service = TableService(store, default_agent="random")
        stored: dict[int, int] = {}
        for line in acks.read_text().splitlines():
            parts = line.split()
            if len(parts) != 2:
                continue  # the kill cut the last line short: never acknowledged
            table_id, ply = int(parts[0]), int(parts[1])
            if table_id not in stored:
                stored[table_id] = len(await store.actions(table_id))
            report.acknowledged += 1
            if stored[table_id] < ply:
                report.lost += 1
        acks.write_text("")
        tables = await store.find_tables()
        report.tables = len(tables)
        report.finished = sum(1 for t in tables if t.status == "finished")
        with_result = {r.table_id for r in await store.results(limit=1_000_000)}
        for table in tables:
            report.games.add(table.game)
            if table.state is None:
                continue
            log = await store.actions(table.id)
            engine = service.engine(table)
            rebuilt = engine.replay(
                len(table.seats), table.options, table.seed, [(a.seat, a.action) for a in log]
            )
            if len(log) != table.ply or rebuilt.model_dump(mode="json") != table.state:
                report.unreplayable += 1
            if table.status == "finished" and table.id not in with_result:
                report.unreplayable += 1  # a finished table without its result
        report.interrupted_ai_turns += sum(1 for t in tables if _ai_awaited(service, t))
        await service.resume_agents()  # what the next process does on start-up
        report.stuck += sum(
            1 for t in await store.find_tables(status="active") if _ai_awaited(service, t)
        )
    finally:
        await store.close()


def _ai_awaited(service: Any, table: Any) -> bool:
    """The game waits for an AI seat (alone or beside players, as on a 10th Night day)."""
    return any(table.seats[s].agent for s in service.waiting_for(table))


def run(kills: int, *, seed: int = 15, folder: Path | None = None) -> CrashReport:
    """`kills` SIGKILLs of a playing child, each followed by the checks; a new child each time."""
    rng = random.Random(seed)
    report = CrashReport()
    with tempfile.TemporaryDirectory() as scratch:
        where = folder or Path(scratch)
        database, acks = str(where / "crash.db"), where / "acks.txt"
        acks.write_text("")
        for run_number in range(kills):
            arguments = [database, str(acks), str(rng.randrange(1_000)), str(run_number)]
            child = subprocess.Popen(
                [sys.executable, "-m", "bench.bench_crash", "--child", *arguments],
                stdout=subprocess.PIPE,
                text=True,
                cwd=Path(__file__).resolve().parent.parent,
            )
            assert child.stdout is not None
            if child.stdout.readline().strip() != "ready":
                child.kill()
                raise RuntimeError(f"the child did not start (exit {child.wait()})")
            time.sleep(rng.uniform(0.0, 0.6))  # a random point in the middle of play
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            report.kills += 1
            asyncio.run(_check(database, acks, report))
            if report.kills % 10 == 0:
                progress(
                    f"{report.kills} of {kills} kills, {report.acknowledged} moves acknowledged"
                )
    return report


def rows() -> Iterator[Row]:
    report = run(sized(KILLS, 5))
    yield ("crash: SIGKILLs while playing (SQLite)", report.kills, "kills")
    yield ("crash: moves acknowledged", report.acknowledged, "moves")
    yield ("crash: acknowledged moves lost (goal 0)", report.lost, "moves")
    yield ("crash: logs not replaying / results missing", report.unreplayable, "tables")
    yield ("crash: AI turns interrupted, then resumed", report.interrupted_ai_turns, "tables")
    yield ("crash: tables stuck after start-up (goal 0)", report.stuck, "tables")
    yield ("crash: games played", len(report.games), "games")


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--child":
        database, acks, seed, number = argv[1:5]
        asyncio.run(_child(database, acks, int(seed) * 1_000 + int(number)))
        return 0
    report = run(int(argv[0]) if argv else KILLS)
    print(report)
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""`/game stats` and `/game leaderboard` on 10,000 stored results (issue 12 §6).

The data: 10,000 finished tables of five games at five servers among 200 players (two to four
human seats each, random winners, some co-operative wins) and 1,000 abandoned ones, written in
bulk into a real SQLite file whose per-seat rows come from the same statement the store runs with
each result. Each query is timed against a baseline measured in the same run — reading every
stored outcome and counting in Python, which is what the stats would cost without the per-seat
table and its indexes — interleaved, median of the repeats, so a busy machine moves both alike.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import Row, sized
from rules import shipped
from storage import SqliteStore
from storage.seat_results import SQLITE_SEAT_RESULTS

GAMES = shipped()  # the game keys results are spread over
GUILDS = (1001, 1002, 1003, 1004, 1005)
USERS = tuple(range(5000, 5200))
REPEATS = 9


@dataclass
class Stored:
    """What was written, to check the queries against."""

    won: Counter[tuple[int, int, str]] = field(default_factory=Counter)  # (user, guild, game)
    lost: Counter[tuple[int, int, str]] = field(default_factory=Counter)
    abandoned: Counter[tuple[int, int, str]] = field(default_factory=Counter)


def fill(path: Path, results: int = 10_000, abandoned: int = 1_000, seed: int = 12) -> Stored:
    """Write `results` finished and `abandoned` abandoned tables into the SQLite file at `path`
    (migrated already) in one transaction, and return the counts they make."""
    rng = random.Random(seed)
    stored = Stored()
    tables: list[tuple[Any, ...]] = []
    outcomes: list[tuple[Any, ...]] = []
    for table_id in range(1, results + abandoned + 1):
        game, guild = rng.choice(GAMES), rng.choice(GUILDS)
        players = rng.sample(USERS, rng.randint(2, 4))
        seats = [{"name": f"P{u}", "user_id": u} for u in players]
        if rng.random() < 0.2:
            seats.append({"name": "AI 1 (random)", "user_id": None, "agent": "random"})
        finished = table_id <= results
        tables.append(
            (
                table_id,
                game,
                "finished" if finished else "abandoned",
                guild,
                json.dumps(seats),
                "{}",
                float(table_id),
                float(table_id),
            )
        )
        if not finished:
            for user in players:
                stored.abandoned[(user, guild, game)] += 1
            continue
        if rng.random() < 0.3:  # a co-operative ending: everyone wins or everyone loses
            winners = list(range(len(seats))) if rng.random() < 0.5 else []
        else:
            winners = [rng.randrange(len(seats))]
        outcomes.append((table_id, game, json.dumps({"winners": winners}), float(table_id)))
        for index, user in enumerate(players):
            won = index in winners
            (stored.won if won else stored.lost)[(user, guild, game)] += 1
    with sqlite3.connect(path) as db:
        db.executemany(
            "INSERT INTO tables (id, game, status, guild_id, seats, state, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            tables,
        )
        db.executemany(
            "INSERT INTO results (table_id, game, outcome, finished_at) VALUES (?, ?, ?, ?)",
            outcomes,
        )
        db.executemany(SQLITE_SEAT_RESULTS, [(row[0],) for row in outcomes])
    return stored


def _baseline(path: Path, user_id: int) -> Counter[str]:
    """Wins per game counted from every stored outcome: no per-seat rows, no index."""
    wins: Counter[str] = Counter()
    with sqlite3.connect(path) as db:
        for game, outcome, seats in db.execute(
            "SELECT r.game, r.outcome, t.seats FROM results r JOIN tables t ON t.id = r.table_id"
        ):
            ids = [s.get("user_id") for s in json.loads(seats)]
            if user_id in ids and ids.index(user_id) in json.loads(outcome)["winners"]:
                wins[game] += 1
    return wins


async def measure(results: int = 10_000, repeats: int = REPEATS) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.db"
        store = SqliteStore(path)
        await store.connect()
        try:
            await store.close()
            fill(path, results)
            await store.connect()
            stats_t, board_t, game_board_t, base_t = [], [], [], []
            for n in range(repeats):
                user = USERS[n % len(USERS)]
                started = time.perf_counter()
                await store.player_stats(user, guild_id=GUILDS[0])
                stats_t.append(time.perf_counter() - started)
                started = time.perf_counter()
                await store.leaderboard(guild_id=GUILDS[n % len(GUILDS)])
                board_t.append(time.perf_counter() - started)
                started = time.perf_counter()
                await store.leaderboard(guild_id=GUILDS[0], game=GAMES[n % len(GAMES)])
                game_board_t.append(time.perf_counter() - started)
                started = time.perf_counter()
                await asyncio.to_thread(_baseline, path, user)
                base_t.append(time.perf_counter() - started)
        finally:
            await store.close()
    median = statistics.median
    return {
        "stats_ms": median(stats_t) * 1000,
        "leaderboard_ms": median(board_t) * 1000,
        "game_leaderboard_ms": median(game_board_t) * 1000,
        "baseline_ms": median(base_t) * 1000,
    }


def rows() -> Iterator[Row]:
    results = sized(10_000, 2_000)
    m = asyncio.run(measure(results, sized(REPEATS, 3)))
    on = f"on {results:,} results (median)"
    yield (f"/game stats {on}", m["stats_ms"], "ms")
    yield (f"/game leaderboard {on}", m["leaderboard_ms"], "ms")
    yield (f"/game leaderboard <game> {on}", m["game_leaderboard_ms"], "ms")
    yield ("stats: reading every outcome / indexed query", m["baseline_ms"] / m["stats_ms"], "×")
    yield (
        "leaderboard: reading every outcome / indexed query",
        m["baseline_ms"] / m["leaderboard_ms"],
        "×",
    )

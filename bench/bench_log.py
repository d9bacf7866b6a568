"""`/game log` on a long table: reading the event lines each move stored as it committed, against
regenerating them by replaying the whole game from the seed (what every call did before).

Both read the action log from the same SQLite file; timings are interleaved and the median of the
repeats is taken, and the figure is a ratio, so a busy machine moves both sides alike.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from bench import Row, sized
from bot.tables import Player, TableService
from rules import GAMES
from storage import SqliteStore, TableRecord

REPEATS = 7
MOVES = 3_000  # enough for the ratio to settle (both sides grow with the log); seconds to build


async def _long_table(service: TableService, moves: int) -> TableRecord:
    """A game of each kind (a human picking at random against AI seats), played until it ends or
    reaches `moves` moves; the longest is kept, and the first to reach `moves` ends the search."""
    rng = random.Random(15)
    longest: TableRecord | None = None
    for key, game in GAMES.items():
        host = Player(1, "Host")
        table = await service.open(key, host)
        for _ in range(game.max_seats - 1):
            await service.add_agent(table.id, host.user_id, "random")
        table = (await service.start(table.id, host.user_id)).table
        while table.status == "active" and table.ply < moves:
            legal = service.engine(table).legal(service.state(table), 0)
            table = (
                await service.act_choice(
                    table.id, host.user_id, table.ply, rng.randrange(len(legal))
                )
            ).table
        if longest is None or table.ply > longest.ply:
            longest = table
        if longest.ply >= moves:
            break
    assert longest is not None
    return longest


async def rows() -> AsyncIterator[Row]:
    with tempfile.TemporaryDirectory() as folder:
        store = SqliteStore(Path(folder) / "log.db")
        await store.connect()
        try:
            service = TableService(store, default_agent="random")
            table = await _long_table(service, sized(MOVES, 300))
            yield (f"/game log: moves on the long table ({table.game})", table.ply, "moves")
            stored_times, replay_times = [], []
            for _ in range(sized(REPEATS, 3)):
                started = time.perf_counter()
                stored = await service.log(table, 15)
                stored_times.append(time.perf_counter() - started)
                started = time.perf_counter()
                replayed = await service.game_log._replayed_log(
                    table, await store.actions(table.id), 15, None
                )
                replay_times.append(time.perf_counter() - started)
                assert stored == replayed
        finally:
            await store.close()
    ratio = statistics.median(replay_times) / statistics.median(stored_times)
    yield ("/game log: replay time / stored-lines time", ratio, "× faster")

"""Discord API requests per player action over a full dpytest game of The Coldest Night.

Two members and one AI play from `!game start` to the end; every request the bot makes to Discord
(dpytest's fake HTTP layer reports each one) is counted by kind (`bench_requests.kind_of`: board
post or edit, DM send or edit...) and divided by the number of moves.

Typed moves get no interaction response, so the mover's own DM panel is edited whenever their
private part changed — in The Coldest Night nearly every move, as a played card leaves the hand.
"""

from __future__ import annotations

import random
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import discord.ext.test as dpytest
from discord.ext.test import callbacks

from bench.bench_requests import kind_of
from bot.app import SingleShardBot
from bot.config import Settings
from bot.tables import TableService
from rules import GAMES
from storage import SqliteStore


async def play_one_game(tmp: Path) -> tuple[Counter[str], int, int]:
    store = SqliteStore(str(tmp / "discord.db"))
    await store.connect()
    service = TableService(store, new_seed=lambda: "bench")
    bot = SingleShardBot(Settings(_env_file=None), service)  # type: ignore[call-arg]
    await bot._async_setup_hook()
    dpytest.configure(bot, members=2)
    await bot.setup_hook()
    ana, bo = dpytest.get_config().members
    counts: Counter[str] = Counter()
    original = callbacks.dispatch_event

    async def counting(event: str, *args: Any, **kwargs: Any) -> None:
        counts[kind_of(event, args) if event != "get_channel" else event] += 1
        await original(event, *args, **kwargs)

    callbacks.dispatch_event = counting  # type: ignore[assignment]
    try:
        await dpytest.message("!game new coldest_night", member=ana)
        await dpytest.message("!game join", member=bo)
        await dpytest.message("!game ai heuristic", member=ana)
        counts.clear()
        await dpytest.message("!game start", member=ana)
        game = GAMES["coldest_night"]
        rng = random.Random(1)
        table = await service.table(1)
        human_moves = 0
        while table.status == "active":
            state = service.state(table)
            seat = next(s for s in service.waiting_for(table) if table.seats[s].user_id)
            action = game.agents["heuristic"]().choose(
                game.observe(state, seat), game.legal_actions(state, seat), rng
            )
            member = (ana, bo)[seat]
            await dpytest.message(f"!play {game.text.label(state, action)}", member=member)
            human_moves += 1
            table = await service.table(1)
        return counts, human_moves, table.ply
    finally:
        callbacks.dispatch_event = original  # type: ignore[assignment]
        await dpytest.empty_queue()
        await store.close()


async def rows() -> list[tuple[str, float, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        counts, human_moves, plies = await play_one_game(Path(tmp))
    # get_channel is a cache look-up in dpytest, not a request the real bot would make
    requests = sum(n for event, n in counts.items() if event not in ("get_channel",))
    out = [
        ("discord requests per human move (full 3-seat game)", requests / human_moves, "req"),
        ("discord requests per move incl. AI moves", requests / plies, "req"),
        ("moves in the measured game (human / all)", float(human_moves), f"/ {plies}"),
    ]
    for event, n in sorted(counts.items()):
        if event != "get_channel":
            out.append((f"  {event}", n / human_moves, "per human move"))
    return out

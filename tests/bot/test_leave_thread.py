"""A running table whose thread was deleted or locked is stored without its thread and its board
message, once, whichever process notices first; it is then found in its channel, never in the
thread, and the channel index forgets the thread."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.tables import Player, TableService
from tests.support.nim import NIM

ANA, BO = Player(11, "Ana"), Player(22, "Bo")
CHANNEL, THREAD, BOARD = 5, 6, 7


def process(store: Any) -> TableService:
    """One bot process on the shared store: its own locks, caches and channel index."""
    return TableService(store, {"test_nim": NIM}, new_seed=lambda: "seed", clock=lambda: 1000.0)


async def threaded(service: TableService) -> int:
    table = await service.open(
        "test_nim", ANA, guild_id=1, channel_id=CHANNEL, options={"stones": 9}
    )
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id, thread_id=THREAD)
    await service.remember(table.id, board_message_id=BOARD)
    return table.id


async def test_a_table_leaves_its_thread_once_whichever_process_notices_first(store: Any) -> None:
    first, second = process(store), process(store)
    table_id = await threaded(first)
    assert (await second.table_in(THREAD, indexed=True)) is not None  # both know the thread
    moved = await asyncio.gather(
        first.leave_thread(table_id, THREAD), second.leave_thread(table_id, THREAD)
    )
    assert sum(record is not None for record in moved) == 1, "told once, by one process"
    stored = await store.get_table(table_id)
    assert (stored.thread_id, stored.board_message_id, stored.status) == (None, None, "active")
    assert stored.channel_id == CHANNEL
    for service in (first, second):
        found = await service.table_in(CHANNEL)
        assert found is not None and found.id == table_id  # `!play` in the channel finds it
        assert await service.table_in(THREAD) is None
    assert await first.leave_thread(table_id, THREAD) is None  # told again: nothing to do


async def test_the_process_that_moved_a_table_drops_the_thread_from_its_channel_index(
    store: Any,
) -> None:
    service = process(store)
    table_id = await threaded(service)
    index = service.cache.channels
    assert await index.may_hold(store, THREAD, 3600, time.monotonic())
    lookups = index.lookups
    assert await service.leave_thread(table_id, THREAD) is not None
    # the thread is known empty at once: the chat filter makes no store call there
    assert not await index.may_hold(store, THREAD, 3600, time.monotonic())
    assert await index.may_hold(store, CHANNEL, 3600, time.monotonic())
    assert index.lookups == lookups


async def test_a_finished_table_keeps_the_thread_it_was_played_in(store: Any) -> None:
    service = process(store)
    table_id = await threaded(service)
    await service.act(table_id, ANA.user_id, "take 3")
    await service.act(table_id, BO.user_id, "take 3")
    await service.act(table_id, ANA.user_id, "take 3")  # nine stones: the last one taken
    assert (await store.get_table(table_id)).status == "finished"
    assert await service.leave_thread(table_id, THREAD) is None
    assert (await store.get_table(table_id)).thread_id == THREAD

"""A move keeps the Discord interaction or message it came from (`source`): the same delivery
reaching two bot processes, or one process twice, is played once."""

from __future__ import annotations

import pytest

from bot.tables import TableError
from storage.base import Store
from tests.bot.test_cross_process import ANA, BO, at_one_table, stored_moves


async def test_one_delivery_reaching_two_processes_is_played_once(store: Store) -> None:
    first, second, proxy, table_id = await at_one_table(store)

    async def the_other_process_first() -> None:
        # the same message reached the other process, which played it, and Bo answered
        await second.act(table_id, ANA.user_id, "take 1", source=7)
        await second.act(table_id, BO.user_id, "take 1", source=8)

    proxy.before_commit = the_other_process_first
    # this process's write is stale; against the stored state Ana's "take 1" would be legal
    # again, but it is the same delivery: refused, not played a second time
    with pytest.raises(TableError, match="already played"):
        await first.act(table_id, ANA.user_id, "take 1", source=7)
    moves, stored = await stored_moves(store, table_id)
    assert moves == [(1, 0), (2, 1)]
    assert stored.state is not None and stored.state["stones"] == 18


async def test_a_repeated_delivery_in_one_process_is_refused_and_a_new_one_is_played(
    store: Store,
) -> None:
    first, _, _, table_id = await at_one_table(store)
    await first.act(table_id, ANA.user_id, "take 1", source=30)
    await first.act(table_id, BO.user_id, "take 1", source=31)
    with pytest.raises(TableError, match="already played"):
        await first.act(table_id, ANA.user_id, "take 1", source=30)
    played = await first.act(table_id, ANA.user_id, "take 1", source=32)
    assert played.table.ply == 3

"""Two `TableService`s on one store stand for two bot processes: a stale write is retried once
against the stored state when the move is still legal, and no cached state outlives its version."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.tables import Player, TableError, TableService
from rules.engine import Engine
from storage.base import ActionRecord, Store, TableRecord
from tests.support.nim import NIM
from tests.support.stores import StoreProxy

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


class Interleaved(StoreProxy):
    """A store that lets the other process write just before this one's next commit lands."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self.before_commit: Callable[[], Awaitable[Any]] | None = None
        self.commits = 0

    async def commit_action(
        self, table: TableRecord, expected_version: int, action: ActionRecord, **extra: Any
    ) -> TableRecord:
        self.commits += 1
        hook, self.before_commit = self.before_commit, None
        if hook is not None:
            await hook()
        return await self.inner.commit_action(table, expected_version, action, **extra)


async def started(service: TableService) -> int:
    table = await service.open("test_nim", ANA, options={"stones": 20})
    await service.join(table.id, BO)
    return (await service.start(table.id, ANA.user_id)).table.id


async def stored_moves(store: Store, table_id: int) -> tuple[list[tuple[int, int]], TableRecord]:
    """The stored log as (ply, seat) of each move, and the stored table."""
    log = await store.actions(table_id)
    return [(a.ply, a.seat) for a in log], await store.get_table(table_id)


def two_processes(store: Store) -> tuple[TableService, TableService, Interleaved]:
    seeds = iter(f"seed{n}" for n in range(100))
    proxy = Interleaved(store)
    first = TableService(proxy, {"test_nim": NIM}, new_seed=lambda: next(seeds))  # type: ignore[arg-type]
    second = TableService(store, {"test_nim": NIM})
    return first, second, proxy


async def at_one_table(store: Store) -> tuple[TableService, TableService, Interleaved, int]:
    """Two processes on `store` (the first's commits interleavable) and a started table."""
    first, second, proxy = two_processes(store)
    return first, second, proxy, await started(first)


async def test_a_move_beaten_by_an_unrelated_write_is_retried_and_applied_once(
    store: Store,
) -> None:
    first, second, proxy, table_id = await at_one_table(store)
    proxy.before_commit = lambda: second.remember(table_id, board_message_id=99)
    played = await first.act(table_id, ANA.user_id, "take 3")
    assert proxy.commits == 2  # the stale write, then the retry
    moves, stored = await stored_moves(store, table_id)
    assert moves == [(1, 0)]
    assert stored == played.table and stored.board_message_id == 99
    assert stored.state is not None and stored.state["stones"] == 17


async def test_a_move_no_longer_legal_after_the_other_process_moved_is_refused_as_before(
    store: Store,
) -> None:
    first, second, proxy, table_id = await at_one_table(store)
    proxy.before_commit = lambda: second.act(table_id, ANA.user_id, "take 1")
    with pytest.raises(TableError, match="changed at the same moment"):
        await first.act(table_id, ANA.user_id, "take 2")
    moves, stored = await stored_moves(store, table_id)
    assert moves == [(1, 0)]
    assert stored.ply == 1 and stored.state is not None and stored.state["stones"] == 19


async def test_no_process_serves_a_cached_state_older_than_the_stored_version(
    store: Store,
) -> None:
    first, second, _, table_id = await at_one_table(store)
    await first.act(table_id, ANA.user_id, "take 1")  # first caches the state after ply 1
    await second.act(table_id, BO.user_id, "take 2")  # second moves on behind its back
    played = await first.act(table_id, ANA.user_id, "take 3")
    table = played.table
    assert table.ply == 3 and table.state is not None and table.state["stones"] == 14
    log = await store.actions(table_id)
    replayed = Engine(NIM).replay(2, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state

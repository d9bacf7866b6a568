"""Many tables (issue 31 §4): start-up and the clock find the tables waiting for AI seats by the
stored `ai_turn` flag, decode no other table, leave the caches as they were, and give the event
loop a turn between pages; the flag is written with the move that leaves a table so."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import bot.clock
from bot.scan import ChannelIndex
from bot.tables import Played, Player, TableService
from storage import MemoryStore, Store, TableRecord
from tests.support.nim import NIM
from tests.support.stores import CountingStore, sqlite_store

ANA = Player(11, "Ana")


def nim_service(store: Any, **kwargs: Any) -> TableService:
    return TableService(store, {"test_nim": NIM}, new_seed=lambda: "many", **kwargs)


async def waiting_for_ana(service: TableService, channel: int) -> int:
    """A running table against an AI, Ana to move (the AI answered her first move)."""
    table = await service.open("test_nim", ANA, channel_id=channel, options={"stones": 40})
    await service.add_agent(table.id, ANA.user_id, "heuristic")
    table_id = (await service.start(table.id, ANA.user_id)).table.id
    await service.act(table_id, ANA.user_id, "take 1")
    return table_id


async def no_agents(played: Played) -> None:
    """Stands for the process dying right after a write: no AI move follows."""


async def test_a_move_that_leaves_only_ai_seats_to_move_stores_the_flag_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with sqlite_store(tmp_path / "flag.db") as store:
        service = nim_service(store)
        table_id = await waiting_for_ana(service, 1)
        assert not (await store.get_table(table_id)).ai_turn  # Ana's turn
        monkeypatch.setattr(service.runner, "run_agents", no_agents)
        await service.act(table_id, ANA.user_id, "take 1")
        stored = await store.get_table(table_id)
        assert stored.ai_turn and stored.ply == 3  # the move and its flag: one commit
        monkeypatch.undo()
        (resumed,) = await nim_service(store).resume_agents()
        assert resumed.moves == 1 and not (await store.get_table(table_id)).ai_turn


async def test_a_resignation_stored_before_the_ai_takes_the_seat_leaves_the_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat handed to an AI (resign) is a write like a move: if the new AI seat is awaited, the
    row says so, and the next process plays it."""
    async with sqlite_store(tmp_path / "resign.db") as store:
        service = nim_service(store)
        table = await service.open("test_nim", ANA, channel_id=2, options={"stones": 30})
        bo = Player(22, "Bo")
        await service.join(table.id, bo)
        await service.add_agent(table.id, ANA.user_id, "random")
        await service.start(table.id, ANA.user_id)
        monkeypatch.setattr(service.runner, "run_agents", no_agents)
        await service.resign(table.id, ANA.user_id)  # Ana was to move: now an AI is
        assert (await store.get_table(table.id)).ai_turn
        monkeypatch.undo()
        (resumed,) = await nim_service(store).resume_agents()
        assert resumed.moves >= 1


async def test_resume_reads_and_decodes_no_table_that_waits_for_a_human(tmp_path: Path) -> None:
    """Start-up with many running tables, all waiting for Ana: one page of the flag's index, no
    table read, no state decoded, nothing entered in the caches."""
    async with sqlite_store(tmp_path / "humans.db") as inner:
        first = nim_service(inner, table_cache_size=5)
        for channel in range(30):
            await waiting_for_ana(first, channel)
        store = CountingStore(inner)
        restarted = nim_service(store, table_cache_size=5)
        assert await restarted.resume_agents() == []
        assert store.calls == ["agent_turns"]
        assert not restarted.cache.states and not restarted.cache.records


async def test_a_resume_over_many_flagged_tables_lets_other_tasks_run_between_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tables flagged but waiting for a human (rows from before the flag existed): each is looked
    at once and its flag cleared, a page at a time; another task runs between the pages. (The
    in-memory store never waits, so only the resume's own yields give it a turn.)"""
    monkeypatch.setattr(bot.clock, "RESUME_PAGE", 10)
    store = MemoryStore()
    await store.connect()
    service = nim_service(store, table_cache_size=5)
    ids = [await waiting_for_ana(service, channel) for channel in range(25)]
    for table_id in ids:
        table = await store.get_table(table_id)
        await store.update_table(table.model_copy(update={"ai_turn": True}), table.version)
    restarted = nim_service(store, table_cache_size=5)
    ticks = 0
    seen: list[int] = []  # the other task's progress when each page was asked for
    pages = store.agent_turns

    async def page(**kwargs: Any) -> list[tuple[int, int | None]]:
        seen.append(ticks)
        return await pages(**kwargs)

    monkeypatch.setattr(store, "agent_turns", page)

    async def other_task() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(other_task())
    await asyncio.sleep(0)
    try:
        assert await restarted.resume_agents() == []
    finally:
        ticker.cancel()
    assert len(seen) == 3  # 10, 10, 5
    assert seen[0] < seen[1] < seen[2]  # the other task moved on between the pages
    assert await store.agent_turns() == []  # every stale flag cleared
    assert len(restarted.cache.states) <= 5  # nothing kept beyond the cache's size
    for table_id in ids:
        assert (await store.get_table(table_id)).ply == 2  # nobody moved


async def test_the_clock_keeps_the_caches_within_their_size_whatever_the_tables(
    tmp_path: Path,
) -> None:
    async with sqlite_store(tmp_path / "tick.db") as store:
        first = nim_service(store, table_cache_size=4)
        for channel in range(20):
            await waiting_for_ana(first, channel)
        service = nim_service(store, table_cache_size=4)
        assert await service.tick(10**9) == []
        assert len(service.cache.states) == 0 and len(service.cache.records) == 0
        assert len(service.cache.locks) <= 4


def a_table(table_id: int, channel: int, status: str = "active") -> TableRecord:
    return TableRecord(id=table_id, game="test_nim", status=status, channel_id=channel)  # type: ignore[arg-type]


async def test_the_channel_index_keeps_at_most_its_size_of_places() -> None:
    store: Store = MemoryStore()
    await store.connect()
    index = ChannelIndex(size=3)
    for place in range(10):
        assert not await index.may_hold(store, place, 60.0, 0.0)
    assert len(index) == 3 and index.lookups == 10
    index.note(a_table(1, 42), 0.0)
    assert await index.may_hold(store, 42, 60.0, 1.0)  # opened here: known without a lookup
    assert index.lookups == 10
    index.note(a_table(1, 42, "finished"), 2.0)
    assert not await index.may_hold(store, 42, 60.0, 3.0)
    assert index.lookups == 10

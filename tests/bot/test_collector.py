"""`bot.collector.IdleCollector`: Python's garbage collection run between moves, not inside them."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import SingleShardBot, build_bot
from bot.collector import IdleCollector
from bot.config import Settings
from bot.tables import Player, TableService
from storage import SqliteStore
from storage.memory import MemoryStore


class Node:
    """A reference cycle (it points at itself): only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


def cycle() -> weakref.ref[Node]:
    return weakref.ref(Node())


def allocate(count: int) -> list[list[int]]:
    """Tracked objects that stay alive until the young generation's count reaches `count` (a
    list taken from Python's free list does not count: allocate until the count says so)."""
    kept: list[list[int]] = []
    while gc.get_count()[0] < count:
        kept.append([len(kept)])
    return kept


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def collector(clock: Clock) -> Iterator[IdleCollector]:
    made = IdleCollector(clock=clock)
    made.install()
    try:
        yield made
    finally:
        made.close()


def test_nothing_is_collected_before_the_young_generation_is_due(
    collector: IdleCollector,
) -> None:
    gc.collect(0)
    lost = cycle()
    assert collector.step() is None
    assert lost() is not None
    assert collector.collections == [0, 0, 0]


def test_the_young_generation_is_collected_once_due(collector: IdleCollector) -> None:
    gc.collect(0)
    lost = cycle()
    kept = allocate(collector.young)
    assert lost() is not None  # Python's own threshold is raised: it did not collect
    assert collector.step() == 0
    assert lost() is None
    assert collector.collections == [1, 0, 0]
    assert kept


def test_every_tenth_young_collection_takes_the_middle_generation_too(
    collector: IdleCollector,
) -> None:
    gc.collect(1)
    kept = []
    for _ in range(collector.middle):
        kept.append(allocate(collector.young))
        assert collector.step() == 0
    kept.append(allocate(collector.young))
    assert collector.step() == 1
    assert gc.get_count()[1] == 0


def test_a_full_collection_waits_until_full_every_seconds_have_passed(
    collector: IdleCollector, clock: Clock
) -> None:
    def middle_collections(count: int) -> None:
        for _ in range(count):
            for _ in range(collector.middle):
                gc.collect(0)
            kept = allocate(collector.young)
            assert collector.step() == 1  # never a full one: the last was not long ago
            del kept

    gc.collect()
    middle_collections(collector.old)
    assert gc.get_count()[2] >= collector.old
    assert collector.collections[2] == 0  # due by count, but the last was not long ago
    clock.now += collector.full_every
    lost = cycle()
    for _ in range(collector.middle):
        gc.collect(0)
    kept = allocate(collector.young)
    assert collector.step() == 2
    assert lost() is None and gc.get_count()[1:] == (0, 0)
    assert kept
    clock.now += 1
    middle_collections(collector.old)
    assert collector.collections[2] == 1  # the next one waits again


def test_install_freezes_start_up_and_close_gives_collection_back() -> None:
    before = gc.get_threshold()
    made = IdleCollector()
    made.install()
    try:
        assert made.installed
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (made.young * made.safety, made.middle, made.old)
        made.install()  # twice is once
    finally:
        made.close()
    assert not made.installed
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
    made.close()  # closing twice is harmless


def test_one_process_has_one_collector(collector: IdleCollector) -> None:
    with pytest.raises(RuntimeError, match="another IdleCollector is installed"):
        IdleCollector().install()


async def test_the_timer_collects_on_the_running_loop_until_closed() -> None:
    made = IdleCollector(interval=0.005)
    made.start()
    try:
        gc.collect(0)
        lost = cycle()
        kept = allocate(made.young)
        for _ in range(200):
            await asyncio.sleep(0.005)
            if lost() is None:
                break
        assert lost() is None
        assert made.collections[0] >= 1
        assert kept
    finally:
        made.close()
    ran = sum(made.collections)
    gc.collect(0)
    kept = allocate(made.young)
    await asyncio.sleep(0.03)
    assert kept
    assert sum(made.collections) == ran  # the timer went with `close`


async def collections_inside_moves(tmp_path: Path, collector: IdleCollector | None) -> int:
    """Play 600 moves of The Coldest Night at 20 tables (a new game where one ends), with
    `collector` stepping between moves as its timer would; how many collections started inside a
    move. Python's own policy (no collector) collects inside some of them."""
    store = SqliteStore(tmp_path / "moves.db")
    await store.connect()
    service = TableService(store)
    inside = [False]
    started = [0]

    def count(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and inside[0]:
            started[0] += 1

    async def new_table(n: int) -> int:
        base = 100 * (n + 1)
        table = await service.open("coldest_night", Player(base, "A"))
        await service.join(table.id, Player(base + 1, "B"))
        await service.join(table.id, Player(base + 2, "C"))
        return (await service.start(table.id, base)).table.id

    gc.callbacks.append(count)
    try:
        ids = [await new_table(n) for n in range(20)]
        opened = len(ids)
        for move in range(600):
            at = move % len(ids)
            table = await service.table(ids[at])
            if table.status != "active":
                ids[at] = await new_table(opened)
                opened += 1
                table = await service.table(ids[at])
            seat = service.waiting_for(table)[0]
            user = table.seats[seat].user_id
            assert user is not None
            label = service.labels(table, seat)[0]
            if collector is not None:
                collector.step()
            inside[0] = True
            try:
                await service.act(table.id, user, label)
            finally:
                inside[0] = False
    finally:
        gc.callbacks.remove(count)
        await store.close()
    return started[0]


async def test_moves_pay_for_no_collection_with_the_collector(tmp_path: Path) -> None:
    assert gc.get_threshold()[0] <= 1_000  # Python's own policy, as the bot has without it
    assert await collections_inside_moves(tmp_path / "own", None) > 0
    made = IdleCollector()
    made.install()
    try:
        assert await collections_inside_moves(tmp_path / "idle", made) == 0
        assert made.collections[0] > 0  # the work was done, between the moves
    finally:
        made.close()


def settings(**values: Any) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


def test_the_discord_bot_has_a_collector_unless_switched_off() -> None:
    store = MemoryStore()
    assert isinstance(build_bot(settings(token="x"), store).collector, IdleCollector)
    off = build_bot(settings(token="x", collect_between_moves=False), store)
    assert off.collector is None


async def test_the_bot_starts_its_collector_after_set_up_and_stops_it_on_close() -> None:
    before = gc.get_threshold()
    made = IdleCollector()
    bot = SingleShardBot(settings(), TableService(MemoryStore()), extensions=(), collector=made)
    await bot.setup_hook()
    try:
        assert made.installed and gc.get_freeze_count() > 0
    finally:
        await bot.close()
    assert not made.installed
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0

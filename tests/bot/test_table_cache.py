"""The table cache on its own (`bot.table_cache.TableCache`): what it holds of the running tables,
when it lets go, and its writes, on every store (`tests/bot/conftest.py`) with Nim tables written
straight into the store."""

from __future__ import annotations

import asyncio

import pytest

from bot.records import TableError
from bot.table_cache import TableCache, find_game
from rules.engine import Engine
from storage.base import Store
from tests.bot.parts import ANA, FROST, running
from tests.support.nim import NIM

GAMES = {NIM.key: NIM}
ENGINES = {NIM.key: Engine(NIM)}


def cache_of(store: Store, size: int = 10) -> TableCache:
    return TableCache(store, GAMES, ENGINES, clock=lambda: 1000.0, size=size)


async def test_a_state_is_parsed_once_per_stored_version_and_kept_for_a_running_table(
    store: Store,
) -> None:
    cache = cache_of(store)
    table = await running(store, NIM, stones=9)
    first = cache.state(table)
    assert cache.state(table) is first  # the same ply and version: not parsed again
    assert cache.held(table.id) == table
    moved = table.model_copy(update={"version": table.version + 1})
    assert cache.state(moved) is not first  # another version: parsed again


async def test_an_ended_table_is_forgotten_with_every_other_parts_per_table_entries(
    store: Store,
) -> None:
    cache = cache_of(store)
    others = cache.per_table()
    since = cache.per_table(copy=False)
    table = await running(store, NIM, stones=9)
    cache.state(table)
    cache.lock(table.id)
    others[table.id] = "a public view"
    since[table.id] = "the lines since a seat's move"
    cache.forget_copy(table.id)  # another process moved it: the copies go, the lines stay
    assert cache.held(table.id) is None and table.id not in cache.states
    assert table.id not in others and table.id in since
    ended = await cache.save(table, status="abandoned")
    assert ended.status == "abandoned"
    assert table.id not in since and table.id not in cache.locks and cache.held(table.id) is None


async def test_the_least_recently_used_table_goes_first_beyond_the_size(store: Store) -> None:
    cache = cache_of(store, size=2)
    views = cache.per_table()
    tables = [await running(store, NIM, stones=9) for _ in range(3)]
    for table in tables:
        cache.state(table)
        views[table.id] = table.id
        cache.trim(views, table.id)
    assert list(cache.records) == [tables[1].id, tables[2].id]
    assert list(cache.states) == [tables[1].id, tables[2].id]
    assert list(views) == [tables[1].id, tables[2].id]


async def test_a_lock_somebody_holds_is_never_dropped_to_make_room(store: Store) -> None:
    cache = cache_of(store, size=1)
    held = cache.lock(1)
    async with held:
        cache.lock(2)  # the free one goes to make room, not the busy one
        assert list(cache.locks) == [1] and cache.lock(1) is held
    cache.lock(3)  # free now: it goes
    assert list(cache.locks) == [3]


async def test_a_save_is_version_checked_and_a_stale_copy_is_dropped(store: Store) -> None:
    cache = cache_of(store)
    table = await running(store, NIM, stones=9)
    cache.state(table)
    saved = await cache.save(table, board_message_id=5)
    assert saved.version == table.version + 1 and cache.held(table.id) == saved
    assert cache.states[table.id][1] == saved.version  # the parsed state follows the new row
    with pytest.raises(TableError, match="changed at the same moment"):
        await cache.save(table, board_message_id=6)  # written from the older copy
    assert cache.held(table.id) is None
    assert (await store.get_table(table.id)).board_message_id == 5


async def test_a_save_sets_the_ai_turn_flag_when_only_ai_seats_are_awaited(store: Store) -> None:
    cache = cache_of(store)
    table = await running(store, NIM, FROST, ANA, stones=9)  # Frost, an AI, moves first
    assert cache.waiting_for(table) == [0]
    assert (await cache.save(table, board_message_id=1)).ai_turn
    humans = await running(store, NIM, stones=9)
    assert not (await cache.save(humans, board_message_id=1)).ai_turn


async def test_the_channel_index_answers_for_a_place_without_asking_the_store_again(
    store: Store,
) -> None:
    cache = cache_of(store)
    assert await cache.table_in(7, indexed=True) is None  # asked once: nothing there
    asked = cache.channels.lookups
    assert await cache.table_in(7, indexed=True) is None
    assert cache.channels.lookups == asked  # within the interval: not asked again
    table = await running(store, NIM, channel_id=7, stones=9)
    cache.note_place(table)  # this process opened it: known at once
    found = await cache.table_in(7, indexed=True)
    assert found is not None and found.id == table.id


def test_a_game_is_found_by_key_or_title_and_an_unknown_one_lists_the_games() -> None:
    assert find_game(GAMES, "Nim") is NIM and find_game(GAMES, f" {NIM.key} ") is NIM
    with pytest.raises(TableError, match=f"Games: `{NIM.key}`"):
        find_game(GAMES, "chess")


async def test_a_lock_orders_two_tasks_on_one_table(store: Store) -> None:
    cache = cache_of(store)
    order: list[str] = []

    async def hold(name: str) -> None:
        async with cache.lock(1):
            order.append(f"{name} in")
            await asyncio.sleep(0)
            order.append(f"{name} out")

    await asyncio.gather(hold("a"), hold("b"))
    assert order == ["a in", "a out", "b in", "b out"]

"""What a move, a chat message and a board picture cost, in counts (never timings): store calls
per move, cache entries per table, picture renderer calls per publish."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.delivery import Pictures
from bot.tables import Player, TableService
from cogs import present
from cogs.games import PICTURES, layers
from cogs.ui import board as ui_board
from rules.errors import NotYourTurnError
from storage import MemoryStore, SqliteStore
from tests.support.nim import NIM
from tests.support.stores import CountingStore, started_table

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(tmp_path / "caches.db")
    await store.connect()
    yield store
    await store.close()


def nim_service(store: Any, **settings: Any) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    return TableService(store, {"test_nim": NIM}, new_seed=lambda: next(seeds), **settings)


async def nim_table(service: TableService, channel_id: int | None = 5, **options: Any) -> int:
    table = await service.open("test_nim", ANA, channel_id=channel_id, options=options or None)
    await service.join(table.id, BO)
    return (await service.start(table.id, ANA.user_id)).table.id


async def move(service: TableService, table_id: int) -> Any:
    """The first legal move of whoever is to act, typed as its label."""
    table = await service.table(table_id)
    seat = service.waiting_for(table)[0]
    user = table.seats[seat].user_id
    assert user is not None
    return await service.act(table_id, user, service.labels(table, seat)[0])


def record_store_calls(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions the store runs on a connection (quick, or handed to its writer thread)."""
    made: list[str] = []
    call = store._call

    async def recorded(work: Callable[..., Any], *args: Any, quick: bool = False) -> Any:
        made.append(work.__name__)
        return await call(work, *args, quick=quick)

    monkeypatch.setattr(store, "_call", recorded)
    return made


@pytest.mark.parametrize("quick", [True, False], ids=["quick", "handed-off"])
async def test_a_move_is_one_store_call_and_reads_no_table_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick: bool
) -> None:
    """One call: the move's transaction (update + log entry), and the panels its report shows —
    run on the quick connection, or with `quick_writes=False` one hand-off to the writer."""
    sqlite = SqliteStore(tmp_path / "caches.db", quick_writes=quick)
    await sqlite.connect()
    try:
        service = nim_service(sqlite)
        table_id = await nim_table(service, stones=30)
        await move(service, table_id)  # the first move may load what the service does not hold
        table = await sqlite.get_table(table_id)
        seat = service.waiting_for(table)[0]
        label = service.labels(table, seat)[0]
        user = table.seats[seat].user_id
        assert user is not None
        made = record_store_calls(sqlite, monkeypatch)
        handed, ran_here = sqlite.writer_calls, sqlite.quick_calls
        played = await service.act(table_id, user, label)
        assert played.moves == 1
        assert made == ["_commit_move"]
        assert (sqlite.writer_calls - handed, sqlite.quick_calls - ran_here) == (
            (0, 1) if quick else (1, 0)
        )
        assert (await sqlite.get_table(table_id)).version == played.table.version
    finally:
        await sqlite.close()


async def test_the_record_a_move_returns_is_the_stored_one_without_reading_it_back(
    sqlite: SqliteStore,
) -> None:
    service = nim_service(sqlite)
    table_id = await nim_table(service, stones=30)
    played = await move(service, table_id)
    assert played.table == await sqlite.get_table(table_id)


async def to_act(service: TableService, table_id: int) -> int:
    """The user whose turn it is, as stored."""
    table = await service.store.get_table(table_id)
    user = table.seats[service.waiting_for(table)[0]].user_id
    assert user is not None
    return user


async def two_processes(
    store: SqliteStore,
) -> tuple[TableService, TableService, int, int]:
    """Two services on one store, as two processes are, and a Nim table of 30 stones one of them
    opened: the services, the table and the user to act."""
    here, there = nim_service(store), nim_service(store)
    table_id = await nim_table(here, stones=30)
    return here, there, table_id, await to_act(here, table_id)


async def test_a_move_from_a_copy_another_process_moved_past_reloads_and_is_played(
    sqlite: SqliteStore,
) -> None:
    here, there, table_id, first = await two_processes(sqlite)
    await move(there, table_id)  # a move through the other process; `here` still holds ply 0
    played = await move(there, table_id)  # and the other player's: the first player's turn again
    assert played.table.ply == 2
    # `here` holds the record of ply 0, where it is also that player's turn: the write is stale
    # and reloads
    again = await here.act(table_id, first, "1")
    assert again.table.ply == 3
    stored = await sqlite.get_table(table_id)
    assert (stored.ply, stored.version) == (3, again.table.version)
    assert [a.ply for a in await sqlite.actions(table_id)] == [1, 2, 3]


async def test_a_refusal_from_a_copy_that_is_behind_is_checked_against_the_store(
    sqlite: SqliteStore,
) -> None:
    here, there, table_id, first = await two_processes(sqlite)
    second = BO.user_id if first == ANA.user_id else ANA.user_id
    await move(there, table_id)  # moved elsewhere: the second player's turn; `here` holds ply 0
    played = await here.act(table_id, second, "2")  # refused by the old copy, not by the store
    assert played.table.ply == 2
    with pytest.raises(NotYourTurnError, match="not your turn"):
        await here.act(table_id, second, "1")  # now it really is the first player's turn


async def test_an_ended_game_leaves_nothing_in_the_state_record_and_lock_caches() -> None:
    store = MemoryStore()
    await store.connect()
    service = nim_service(store)
    finished = await nim_table(service, stones=3)
    abandoned = await nim_table(service, channel_id=6)
    played = await service.act(finished, await to_act(service, finished), "3")  # the last stones
    assert played.table.status == "finished"
    await service.end(abandoned, ANA.user_id)
    for table_id in (finished, abandoned):
        assert table_id not in service.cache.states
        assert table_id not in service.cache.records
        assert table_id not in service.cache.locks


async def test_the_caches_hold_at_most_the_configured_number_of_running_tables() -> None:
    store = MemoryStore()
    await store.connect()
    service = nim_service(store, table_cache_size=3)
    ids = [await nim_table(service, channel_id=100 + n, stones=50) for n in range(6)]
    for _ in range(2):
        for table_id in ids:
            await move(service, table_id)
    assert len(service.cache.states) <= 3
    assert len(service.cache.records) <= 3
    assert len(service.cache.locks) <= 3
    assert set(service.cache.records) == set(ids[-3:])  # the most recently played
    # a table pushed out of the caches is read again and plays on
    assert (await move(service, ids[0])).table.ply == 3


async def test_the_store_keeps_as_many_rows_as_the_service_keeps_tables(tmp_path: Path) -> None:
    """TABLE_CACHE_SIZE sizes the store's copy of each row too: with more running tables than the
    store's own default holds, a move still writes only the columns it changed (a row the store
    had forgotten is written whole, every column and a RETURNING)."""
    sqlite = SqliteStore(tmp_path / "rows.db", row_cache_size=2)
    await sqlite.connect()
    try:
        service = nim_service(sqlite, table_cache_size=6)
        assert sqlite.row_cache_size == 6
        ids = [await nim_table(service, channel_id=100 + n, stones=50) for n in range(5)]
        for table_id in ids:
            await move(service, table_id)
        statements: list[str] = []
        assert sqlite._quick is not None
        sqlite._quick.set_trace_callback(statements.append)
        await move(service, ids[0])
        (update,) = {s for s in statements if s.startswith("UPDATE tables")}
        assert update.startswith("UPDATE tables SET version = ")
        assert "RETURNING" not in update and "seats =" not in update
    finally:
        await sqlite.close()


async def test_a_chat_message_where_no_table_is_costs_no_store_call() -> None:
    """Within `channel_index_seconds`, a channel asked about once costs nothing more: the first
    message there is one lookup of that channel (an index lookup, not a load of every place)."""
    inner = MemoryStore()
    await inner.connect()
    store = CountingStore(inner)
    service = nim_service(store)
    await nim_table(service, channel_id=5, no_numbers=True)
    store.calls.clear()
    for channel in (999, 998, 997):
        assert await service.check_chat(channel, ANA.user_id, "7 stones left") is None
    assert store.calls == ["open_tables_at"] * 3  # each channel looked up once
    store.calls.clear()
    for channel in (998, 997, 999):
        assert await service.check_chat(channel, ANA.user_id, "12") is None
    assert store.calls == []
    # the table's own channel is in the index without a lookup, and its rule applies
    verdict = await service.check_chat(5, ANA.user_id, "take 12")
    assert verdict is not None and not verdict.allowed
    assert "open_tables_at" not in store.calls


async def test_the_channel_index_follows_this_process_at_once_and_others_after_a_reload() -> None:
    inner = MemoryStore()
    await inner.connect()
    store = CountingStore(inner)
    here = nim_service(store, channel_index_seconds=3600)
    there = nim_service(inner)
    assert await here.check_chat(7, ANA.user_id, "12") is None  # loads the (empty) index
    table_id = await nim_table(here, channel_id=7, no_numbers=True)
    verdict = await here.check_chat(7, ANA.user_id, "12")
    assert verdict is not None and not verdict.allowed  # opened here: known at once
    await here.end(table_id, ANA.user_id)
    store.calls.clear()
    assert await here.check_chat(7, ANA.user_id, "12") is None  # ended here: forgotten at once
    assert store.calls == []
    assert await here.check_chat(8, ANA.user_id, "12") is None  # looked up: no table there
    await nim_table(there, channel_id=8, no_numbers=True)  # another process's table
    assert await here.check_chat(8, ANA.user_id, "12") is None  # not asked again within the hour
    here.cache.channel_index_seconds = 0  # the interval has passed: the next message looks it up
    verdict = await here.check_chat(8, ANA.user_id, "12")
    assert verdict is not None and not verdict.allowed
    # commands never trust the index: they ask the store
    here.cache.channel_index_seconds = 3600
    await nim_table(there, channel_id=9)
    found = await here.table_in(9)
    assert found is not None and found.channel_id == 9


async def test_two_publishes_of_an_unchanged_board_draw_its_picture_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, table = await started_table("winter", ANA, BO, seed="pictures")
    drawn: list[bool] = []
    real = PICTURES["winter"]

    def counted(observation: Any, *, hints: bool = False) -> bytes | None:
        drawn.append(hints)
        return real(observation, hints=hints)

    monkeypatch.setitem(PICTURES, "winter", counted)
    cache = Pictures()  # the bot's picture cache (`SnowboundBot.pictures`)
    first = await present.board_message(service, table, cache=cache)
    second = await present.board_message(service, table, cache=cache)
    assert drawn == [False]
    assert first["attachments"][0].fp.getvalue() == second["attachments"][0].fp.getvalue()
    layers_before = layers.drawn
    present.picture_of(service, table, service.observation(table, None), hints=True, cache=cache)
    assert drawn == [False, True]  # another picture of the board: drawn…
    assert layers.drawn == layers_before  # …on the static layer drawn before
    seat = service.waiting_for(table)[0]
    user = table.seats[seat].user_id
    assert user is not None
    moved = await service.act(table.id, user, service.labels(table, seat)[0])
    await present.board_message(service, moved.table, cache=cache)
    assert drawn == [False, True, False]  # the board changed: drawn again


async def test_a_game_without_a_picture_does_not_reach_the_renderer_at_publish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, table = await started_table(
        "coldest_night", ANA, BO, Player(33, "Cy"), seed="no-picture"
    )
    threads: list[object] = []

    async def to_thread(*args: Any, **kwargs: Any) -> None:
        threads.append(args[0])

    monkeypatch.setattr(ui_board.asyncio, "to_thread", to_thread)
    message = await present.board_message(service, table)
    assert "attachments" not in message
    assert threads == []

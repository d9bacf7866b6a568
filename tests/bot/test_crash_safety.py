"""Crashes and second processes (issue 15): a stuck AI turn resumes, the last move and the result
are one transaction, one failing table never stops the clock of the others, a player's answer
matches what was stored, and one channel holds one lobby even when two `/game new` race."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.tables import Played, Player, TableError, TableService
from rules import GAMES
from rules.engine import Engine
from storage import SqliteStore, StorageError, Store, TableRecord
from tests.support.nim import NIM

ANA, BO, CY = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy")


def nim_service(store: Store, **kwargs: Any) -> TableService:
    return TableService(store, {"test_nim": NIM}, new_seed=lambda: "crash", **kwargs)


async def against_ai(service: TableService, stones: int = 20) -> int:
    table = await service.open("test_nim", ANA, options={"stones": stones})
    await service.add_agent(table.id, ANA.user_id, "heuristic")
    return (await service.start(table.id, ANA.user_id)).table.id


async def crash_after_commit(played: Played) -> None:
    """Stands for the process dying right after the human move committed: no AI move follows."""


async def test_an_ai_turn_left_by_a_crash_after_a_human_move_resumes_on_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "crash.db"
    first_store = SqliteStore(path)
    await first_store.connect()
    crashed = nim_service(first_store)
    table_id = await against_ai(crashed)
    monkeypatch.setattr(crashed.runner, "run_agents", crash_after_commit)
    await crashed.act(table_id, ANA.user_id, "take 1")
    await first_store.close()
    monkeypatch.undo()

    store = SqliteStore(path)  # the restarted process
    await store.connect()
    try:
        stuck = await store.get_table(table_id)
        restarted = nim_service(store)
        assert restarted.waiting_for(stuck) == [1]  # only the AI seat, which nothing moves
        (resumed,) = await restarted.tick()
        assert resumed.table.id == table_id and resumed.moves == 1
        stored = await store.get_table(table_id)
        assert stored.ply == 2 and restarted.waiting_for(stored) == [0]
        assert resumed.ping == (ANA.user_id,)  # Ana hears it is her turn again
        assert [a.seat for a in await store.actions(table_id)] == [0, 1]
    finally:
        await store.close()


async def test_resume_leaves_tables_that_wait_for_a_human_alone(store: Store) -> None:
    service = nim_service(store)
    table_id = await against_ai(service)
    await service.act(table_id, ANA.user_id, "take 1")  # the AI answers at once
    before = await store.get_table(table_id)
    assert await service.resume_agents() == []
    assert await store.get_table(table_id) == before


async def test_tick_resumes_stuck_ai_turns_on_its_first_call_and_then_every_resume_every_seconds(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = nim_service(store, resume_every=30.0)
    table_id = await against_ai(service)
    assert await service.tick(1_000.0) == []  # the first tick scans (nothing is stuck yet)
    with monkeypatch.context() as patch:
        patch.setattr(service.runner, "run_agents", crash_after_commit)
        await service.act(table_id, ANA.user_id, "take 1")
    assert await service.tick(1_010.0) == []  # within resume_every: not scanned again
    (resumed,) = await service.tick(1_030.0)
    assert resumed.table.ply == 2


async def test_the_final_move_and_its_result_are_stored_in_one_transaction(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def no_second_transaction(*_: Any) -> None:
        raise AssertionError("the result must be written with the final move")

    monkeypatch.setattr(store, "record_result", no_second_transaction)
    service = nim_service(store)
    table = await service.open("test_nim", ANA, options={"stones": 3})
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id)
    played = await service.act(table.id, ANA.user_id, "take 3")
    assert played.outcome is not None and played.table.status == "finished"
    (result,) = await store.results()
    assert result.table_id == table.id and result.outcome == played.outcome.model_dump(mode="json")


async def test_a_failing_result_write_leaves_the_final_move_unstored(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    store = SqliteStore(path)
    await store.connect()
    try:
        service = nim_service(store)
        table = await service.open("test_nim", ANA, options={"stones": 3})
        await service.join(table.id, BO)
        await service.start(table.id, ANA.user_id)
        before = await store.get_table(table.id)
        with sqlite3.connect(path) as db:
            db.execute(
                "CREATE TRIGGER refuse_results BEFORE INSERT ON results "
                "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
            )
        with pytest.raises(StorageError):
            await service.act(table.id, ANA.user_id, "take 3")
        assert await store.get_table(table.id) == before
        assert await store.actions(table.id) == [] and await store.results() == []
    finally:
        await store.close()


async def test_one_table_failing_at_tick_does_not_stop_the_other_due_tables(
    store: Store, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    now = [1_000.0]
    service = TableService(
        store, {"tenth_night": GAMES["tenth_night"]}, clock=lambda: now[0], new_seed=lambda: "t"
    )
    ids = []
    for _ in range(2):
        table = await service.open("tenth_night", ANA, options={"day_seconds": 60})
        await service.join(table.id, BO)
        ids.append((await service.start(table.id, ANA.user_id)).table.id)
    broken, healthy = ids
    real = store.get_table

    async def get_table(table_id: int) -> TableRecord:
        if table_id == broken:
            raise StorageError("injected failure")
        return await real(table_id)

    monkeypatch.setattr(store, "get_table", get_table)
    now[0] = 1_061.0
    played = await service.tick()
    assert [p.table.id for p in played] == [healthy]
    assert (await real(healthy)).ply > 0 and (await real(broken)).ply == 0
    assert f"table {broken}" in caplog.text


async def test_a_human_move_stored_before_another_process_moves_the_ai_is_reported_as_played(
    store: Store,
) -> None:
    """Two processes: ours stores Ana's move, then the other process plays the AI seat first.
    Ana must hear that her move was played (it was stored), not "please try again"."""
    ours, other = nim_service(store), nim_service(store)
    table_id = await against_ai(ours)
    real = ours.runner.commit
    calls = 0

    async def commit(played: Played, seat: int, action: Any, **kwargs: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:  # the AI's move in this process: the other process gets there first
            assert await other.resume_agents()
        await real(played, seat, action, **kwargs)

    ours.runner.commit = commit  # type: ignore[method-assign]
    played = await ours.act(table_id, ANA.user_id, "take 1")
    log = await store.actions(table_id)
    assert [(a.ply, a.seat) for a in log] == [(1, 0), (2, 1)]  # each move stored once
    assert played.moves == 1 and played.table.ply == 1  # Ana's move, as stored at ply 1
    assert played.table.state == Engine(NIM).replay(
        2, played.table.options, played.table.seed, [(log[0].seat, log[0].action)]
    ).model_dump(mode="json")


async def test_two_game_new_at_the_same_moment_in_one_channel_open_one_lobby(
    store: Store,
) -> None:
    service = nim_service(store)
    outcomes = await asyncio.gather(
        *(service.open("test_nim", p, channel_id=500) for p in (ANA, BO, CY)),
        return_exceptions=True,
    )
    opened = [o for o in outcomes if isinstance(o, TableRecord)]
    refused = [o for o in outcomes if isinstance(o, TableError)]
    assert len(opened) == 1 and len(refused) == 2
    assert "already open in this channel" in str(refused[0])
    assert len(await store.find_tables(channel_id=500)) == 1


async def test_two_processes_opening_a_lobby_in_one_channel_are_stopped_by_the_store(
    store: Store,
) -> None:
    """Each service's own lock cannot see the other process: the store's count inside the insert
    transaction is what refuses the second lobby."""
    first, second = nim_service(store), nim_service(store)
    real = store.find_tables

    async def blind(**kwargs: Any) -> list[TableRecord]:
        await asyncio.sleep(0)
        return [] if kwargs.get("channel_id") == 600 else await real(**kwargs)

    first.store = second.store = _Blind(store, blind)  # type: ignore[assignment]
    outcomes = await asyncio.gather(
        first.open("test_nim", ANA, channel_id=600),
        second.open("test_nim", BO, channel_id=600),
        return_exceptions=True,
    )
    assert sum(isinstance(o, TableRecord) for o in outcomes) == 1
    assert sum(isinstance(o, TableError) for o in outcomes) == 1
    assert len(await store.find_tables(channel_id=600)) == 1


class _Blind:
    """A store whose pre-check (`find_tables`) misses the other process's new lobby."""

    def __init__(self, inner: Store, find_tables: Any) -> None:
        self.inner = inner
        self.find_tables = find_tables

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


async def test_a_game_in_its_own_thread_leaves_the_channel_free_for_the_next_lobby(
    store: Store,
) -> None:
    service = nim_service(store)
    table = await service.open("test_nim", ANA, channel_id=700)
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id, thread_id=701)
    second = await service.open("test_nim", CY, channel_id=700)
    assert second.status == "lobby"


async def test_the_log_is_read_from_stored_events_and_matches_a_replay(store: Store) -> None:
    service = nim_service(store)
    table_id = await against_ai(service)
    for _ in range(3):
        table = await store.get_table(table_id)
        if table.status != "active":
            break
        await service.act(table_id, ANA.user_id, "take 1")
    table = await store.get_table(table_id)
    entries = await store.actions(table_id)
    assert entries and all(e.events is not None for e in entries)
    for seat in (None, 0, 1):
        stored = await service.log(table, 50, seat=seat)
        replayed = await service.game_log._replayed_log(table, entries, 50, seat)
        assert stored == replayed and stored

"""Game clocks (The 10th Night's `day_seconds` and `defence_seconds`) with an injected clock."""

from __future__ import annotations

from typing import Any

from bot.tables import Player, TableService
from rules import GAMES
from rules.core import SYSTEM_SEAT
from rules.engine import Engine
from storage import SqliteStore
from tests.bot.parts import Now

ANA, BO = Player(1, "Ana"), Player(2, "Bo")


async def tenth_night(store: SqliteStore, clock: Now, **options: Any) -> tuple[TableService, int]:
    service = TableService(
        store, {"tenth_night": GAMES["tenth_night"]}, clock=clock, new_seed=lambda: "clock"
    )
    table = await service.open("tenth_night", ANA, options=options)
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    return service, played.table.id


async def test_tn_day_seconds_a_day_gets_a_deadline_when_it_begins(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    assert (await service.table(table_id)).deadline == 1_060.0


async def test_tn_day_seconds_moves_in_the_day_keep_the_same_deadline(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    clock.now = 1_030.0
    await service.act(table_id, ANA.user_id, "ready")
    assert (await service.table(table_id)).deadline == 1_060.0


async def test_tn_day_seconds_nothing_happens_before_the_deadline(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    assert await service.tick(1_059.0) == []
    assert (await service.table(table_id)).ply == 0


async def test_tn_day_seconds_when_the_day_runs_out_the_system_ends_it(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    clock.now = 1_061.0
    (played,) = await service.tick()
    assert "⏰ The day is over." in played.lines
    log = await store.actions(table_id)
    assert log[0].seat == SYSTEM_SEAT and log[0].action == {"type": "end_day"}
    state = (await service.table(table_id)).state
    assert state is not None and (state["phase"] != "day" or state["round"] >= 2)


async def test_tn_day_seconds_the_next_day_starts_its_own_clock(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    for _ in range(30):
        clock.now += 61
        await service.tick()
        table = await service.table(table_id)
        for seat, user in enumerate((ANA, BO)):  # pass on any defence decision
            waiting = table.status == "active" and seat in service.waiting_for(table)
            if waiting and service.state(table).phase == "night":
                await service.act(table_id, user.user_id, "pass")
                table = await service.table(table_id)
        state = service.state(table)
        if table.status == "active" and state.phase == "day" and state.round >= 2:
            assert table.deadline == clock.now + 60
            return
    raise AssertionError("the game never reached a second day")


async def test_tn_day_seconds_a_game_with_system_moves_replays_from_its_log(
    store: SqliteStore,
) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, day_seconds=60)
    clock.now = 1_061.0
    await service.tick()
    table = await service.table(table_id)
    log = await store.actions(table_id)
    engine = Engine(GAMES["tenth_night"])
    replayed = engine.replay(2, table.options, table.seed, [(a.seat, a.action) for a in log])
    assert replayed.model_dump(mode="json") == table.state
    assert await service.log(table, 50)


async def test_tn_defence_seconds_a_silent_defender_passes_when_time_runs_out(
    store: SqliteStore,
) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock, defence_seconds=30)
    table = await service.table(table_id)
    assert table.deadline is None  # no clock during the day
    for _ in range(40):  # play days until a night stops for a defence decision
        table = await service.table(table_id)
        state = service.state(table)
        if table.status != "active" or state.phase == "night":
            break
        for user in (ANA, BO):
            seat = 0 if user is ANA else 1
            if not state.players[seat].ready:
                await service.act(table_id, user.user_id, "ready")
                table = await service.table(table_id)
                state = service.state(table)
                if state.phase != "day":
                    break
    assert table.status == "active" and state.phase == "night", "no defence decision came up"
    deciding = state.cursor.seat
    assert table.deadline == clock.now + 30
    clock.now += 31
    (played,) = await service.tick()
    assert f"⏰ Time ran out for {table.seats[deciding].name}." in played.lines
    log = await store.actions(table_id)
    assert log[-1].seat == deciding or any(a.seat == deciding for a in log[-3:])
    assert any(a.action == {"type": "defend", "mode": "pass", "card_ids": []} for a in log)


async def test_a_game_without_clocks_never_gets_a_deadline(store: SqliteStore) -> None:
    clock = Now()
    service, table_id = await tenth_night(store, clock)
    assert (await service.table(table_id)).deadline is None
    clock.now = 10**9
    assert await service.tick() == []

"""The one clock (`bot.clock`) on its own: `Deadlines` (what clocks a move leaves) and `Clock.tick`,
the one loop that plays a game timer's moves, a paced table's reminders and timeouts, and the AI
turns a crash left waiting; built from its parts on every store (`tests/bot/conftest.py`) with a
secret-ballot game that has a vote clock and Nim at a pace."""

from __future__ import annotations

from bot.pace_rules import HOUR, ZOMBIE_AFTER
from bot.records import Played
from rules.core import SYSTEM_SEAT
from storage.base import Store
from tests.bot.parts import ANA, BO, FROST, Now, build, nim_running, running
from tests.support.ballot import BALLOT
from tests.support.nim import NIM

DAY = 24 * HOUR


async def test_a_game_timer_keeps_its_deadline_while_it_waits_at_the_same_point(
    store: Store,
) -> None:
    now = Now()
    parts = build(store, [BALLOT], now)
    table = await running(store, BALLOT, vote_seconds=60)
    assert table.deadline == 1_060.0
    now.now = 1_030.0
    played = await parts.runner.act(table.id, ANA.user_id, "vote yes")
    assert played.table.deadline == 1_060.0  # the same vote: the deadline stands


async def test_the_tick_plays_the_timers_moves_for_every_seat_still_missing(store: Store) -> None:
    now = Now()
    parts = build(store, [BALLOT], now)
    table = await running(store, BALLOT, vote_seconds=60)
    await parts.runner.act(table.id, ANA.user_id, "vote yes")
    assert await parts.clock.tick(1_059.0) == []  # not yet
    (played,) = await parts.clock.tick(1_061.0)
    assert played.table.status == "finished"
    assert "⏰ Time ran out for Bo." in played.lines
    assert [(a.seat, a.action["choice"]) for a in await store.actions(table.id)] == [
        (0, "yes"),
        (1, "no"),
    ]
    assert await parts.clock.tick(1_062.0) == []  # played once


async def test_a_paced_table_gets_its_seat_clock_with_each_move(store: Store) -> None:
    now = Now()
    parts = build(store, [NIM], now)
    table = await running(store, NIM, pace=DAY, stones=9)
    assert list(table.clocks["seats"]) == ["0"] and table.wake_at == 1_000.0 + DAY / 2
    now.now = 2_000.0
    played = await parts.runner.act(table.id, ANA.user_id, "take 1")
    clocks = played.table.clocks["seats"]
    assert list(clocks) == ["1"] and clocks["1"]["due"] == 2_000.0 + DAY
    assert "Pace: daily" in parts.deadlines.pace_text(played.table)


async def test_the_tick_sends_a_reminder_then_plays_a_timeout_for_the_late_player(
    store: Store,
) -> None:
    now = Now()
    parts = build(store, [NIM], now)
    table = await running(store, NIM, pace=DAY, stones=9)
    (reminded,) = await parts.clock.tick(1_000.0 + DAY / 2)
    assert [r.user_id for r in reminded.reminders] == [ANA.user_id] and reminded.moves == 0
    (timed_out,) = await parts.clock.tick(1_000.0 + DAY + 1)
    assert timed_out.moves == 1
    assert any("played for Ana by the AI" in line for line in timed_out.lines)
    stored = await store.get_table(table.id)
    assert stored.clocks["timeouts"] == {"0": 1} and list(stored.clocks["seats"]) == ["1"]


async def test_missed_deadlines_in_a_row_hand_the_seat_to_an_ai_until_its_player_rejoins(
    store: Store,
) -> None:
    now = Now()
    parts = build(store, [NIM], now)
    table = await running(store, NIM, ANA, FROST, BO, pace=HOUR, stones=60)
    for missed in range(1, ZOMBIE_AFTER + 1):
        table = await store.get_table(table.id)
        now.now = table.clocks["seats"]["0"]["due"] + 1  # Ana's deadline has passed
        (played,) = await parts.clock.tick(now.now)
        assert played.moves == 2  # the AI's move for Ana, then Frost's
        if missed < ZOMBIE_AFTER:
            assert played.table.seats[0].user_id == ANA.user_id
            await parts.runner.act(table.id, BO.user_id, "take 1")  # back to Ana
    seat = (await store.get_table(table.id)).seats[0]
    assert seat.user_id is None and seat.zombie_of == ANA.user_id
    back = await parts.members.rejoin(table.id, ANA.user_id)
    assert back.table.seats[0].user_id == ANA.user_id


async def test_the_tick_resumes_a_table_left_waiting_for_its_ai_seats(store: Store) -> None:
    parts, table = await nim_running(store, FROST, ANA)
    flagged = await parts.cache.save(table, board_message_id=1)  # as a crash would leave it
    assert flagged.ai_turn
    (resumed,) = await parts.clock.tick(1_000.0)
    assert resumed.moves == 1 and not (await store.get_table(table.id)).ai_turn
    assert await parts.clock.tick(1_001.0) == []  # within `resume_every`: not scanned again


async def test_a_timer_that_no_longer_runs_clears_the_deadline_and_plays_nothing(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    stale = await store.update_table(table.model_copy(update={"deadline": 900.0}), table.version)
    assert await parts.clock.tick(1_000.0) == []
    assert (await store.get_table(stale.id)).deadline is None
    assert await store.actions(table.id) == []


async def test_one_broken_table_never_stops_the_others_clocks(store: Store) -> None:
    now = Now()
    parts = build(store, [BALLOT], now)
    broken = await running(store, BALLOT, vote_seconds=60)
    await store.update_table(broken.model_copy(update={"state": {"nonsense": 1}}), broken.version)
    table = await running(store, BALLOT, vote_seconds=60)
    played = await parts.clock.tick(1_061.0)
    assert [p.table.id for p in played] == [table.id]
    assert isinstance(played[0], Played) and played[0].table.status == "finished"
    assert SYSTEM_SEAT not in {a.seat for a in await store.actions(table.id)}

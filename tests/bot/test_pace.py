"""Paces (issue 12): per-seat deadlines, timeouts, zombie seats, rejoin, substitutes, away, with an
injected clock on every store (no sleeping)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.pace_rules import DAY, HOUR, describe_pace, parse_pace
from bot.tables import Player, TableError, TableService
from rules import GAMES
from storage import SqliteStore
from tests.bot.parts import Now
from tests.support.nim import NIM

ANA, BO, CY = Player(1, "Ana"), Player(2, "Bo"), Player(3, "Cy")
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC).timestamp()  # a Monday, noon UTC


def nim_service(store: Any, clock: Now) -> TableService:
    return TableService(store, {"test_nim": NIM}, clock=clock, new_seed=lambda: "pace")


async def paced_nim(
    store: Any, clock: Now, pace: str = "daily", *, host: Player = ANA, other: Player = BO
) -> tuple[TableService, int]:
    service = nim_service(store, clock)
    table = await service.open("test_nim", host, options={"pace": pace, "stones": 99})
    await service.join(table.id, other)
    played = await service.start(table.id, host.user_id)
    return service, played.table.id


def due_of(table: Any, seat: int) -> float:
    return float(table.clocks["seats"][str(seat)]["due"])


# -- choosing a pace ----------------------------------------------------------------------------


def test_pace_daily_weekly_and_hours_are_seconds_a_move() -> None:
    assert parse_pace("daily") == DAY
    assert parse_pace("Weekly") == 7 * DAY
    assert parse_pace("36h") == 36 * HOUR
    assert parse_pace("live") is None
    assert describe_pace(DAY) == "daily (24 h a move)"


@pytest.mark.parametrize("bad", ["hourly", "0h", "99999h", "-3h", "12", "3d"])
def test_a_bad_pace_is_refused_in_one_sentence(bad: str) -> None:
    with pytest.raises(TableError) as refused:
        parse_pace(bad)
    assert str(refused.value).count(". ") == 0 and "pace=daily" in str(refused.value)


async def test_a_bad_pace_at_new_opens_no_table(store: Any) -> None:
    service = nim_service(store, Now(T0))
    with pytest.raises(TableError, match="not a pace"):
        await service.open("test_nim", ANA, options={"pace": "fortnightly"})
    assert await store.find_tables() == []


async def test_pace_is_a_table_setting_not_a_game_option(store: Any) -> None:
    service = nim_service(store, Now(T0))
    table = await service.open("test_nim", ANA, options={"pace": "36h", "stones": 12})
    assert table.pace == 36 * HOUR and table.options == {"stones": 12}


async def test_a_live_table_has_no_seat_clocks(store: Any) -> None:
    clock = Now(T0)
    service = nim_service(store, clock)
    table = await service.open("test_nim", ANA)
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    assert played.table.clocks == {} and played.table.wake_at is None
    clock.now += 30 * DAY
    assert await service.tick() == []


# -- deadlines ----------------------------------------------------------------------------------


async def test_the_seat_the_game_waits_for_gets_a_deadline_at_start(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    table = await service.table(table_id)
    assert set(table.clocks["seats"]) == {"0"}
    assert due_of(table, 0) == T0 + DAY
    assert table.wake_at == T0 + DAY / 2  # the half-time reminder comes first


async def test_the_board_shows_the_deadline_as_discord_timestamps(store: Any) -> None:
    service, table_id = await paced_nim(store, Now(T0))
    text = service.pace_text(await service.table(table_id))
    due = int(T0 + DAY)
    assert "Pace: daily (24 h a move)." in text
    assert f"<@1>'s move — due <t:{due}:f> (<t:{due}:R>)" in text


async def test_a_move_ends_the_movers_clock_and_starts_the_next_seats(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    clock.now = T0 + 5 * HOUR
    played = await service.act(table_id, ANA.user_id, "take 1")
    assert set(played.table.clocks["seats"]) == {"1"}
    assert due_of(played.table, 1) == clock.now + DAY


async def test_nothing_happens_before_the_deadline(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock, "36h")
    clock.now = T0 + 36 * HOUR - 1
    await service.tick()
    assert (await service.table(table_id)).ply == 0


# -- timeouts, zombie seats, rejoin ------------------------------------------------------------


async def test_a_passed_deadline_gets_one_ai_move_marked_in_the_event(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    clock.now = T0 + DAY
    (played,) = [p for p in await service.tick() if p.moves]
    assert played.moves == 1
    assert "⏰ played for Ana by the AI (the deadline passed)." in played.lines
    table = await service.table(table_id)
    assert table.ply == 1 and table.clocks["timeouts"] == {"0": 1}
    assert set(table.clocks["seats"]) == {"1"}  # now Bo's move, with his own day
    assert played.ping == (BO.user_id,)


async def test_three_timeouts_in_a_row_make_the_seat_an_ai_seat(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    for round_ in range(3):
        clock.now += DAY
        await service.tick()
        table = await service.table(table_id)
        if round_ < 2:
            assert table.seats[0].user_id == ANA.user_id
            await service.act(table_id, BO.user_id, "take 1")
    table = await service.table(table_id)
    assert table.seats[0].agent is not None and table.seats[0].user_id is None
    assert table.seats[0].zombie_of == ANA.user_id
    assert "0" not in table.clocks["timeouts"]


async def test_a_move_by_the_player_resets_the_timeout_count(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    for ana_moves in (False, False, True, False, False):
        if ana_moves:
            await service.act(table_id, ANA.user_id, "take 1")
        else:
            clock.now += DAY
            await service.tick()
        await service.act(table_id, BO.user_id, "take 1")
    table = await service.table(table_id)
    assert table.seats[0].user_id == ANA.user_id
    assert table.clocks["timeouts"] == {"0": 2}


async def zombie(service: TableService, clock: Now, table_id: int) -> None:
    for _ in range(3):
        clock.now += DAY
        await service.tick()
        table = await service.table(table_id)
        if table.seats[0].user_id is not None:
            await service.act(table_id, BO.user_id, "take 1")


async def test_the_ai_plays_a_zombie_seat_without_waiting_for_a_deadline(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await zombie(service, clock, table_id)
    before = (await service.table(table_id)).ply
    await service.act(table_id, BO.user_id, "take 1")
    table = await service.table(table_id)
    assert table.ply == before + 2  # Bo's move and the AI's answer at once
    assert set(table.clocks["seats"]) == {"1"}


async def test_only_the_timed_out_player_can_rejoin_their_seat(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await zombie(service, clock, table_id)
    with pytest.raises(TableError, match="no seat to take back"):
        await service.rejoin(table_id, BO.user_id)
    with pytest.raises(TableError, match="no seat to take back"):
        await service.rejoin(table_id, CY.user_id)
    await service.act(table_id, BO.user_id, "take 1")  # the AI answers at once: Bo's move again
    played = await service.rejoin(table_id, ANA.user_id)
    seat = played.table.seats[0]
    assert seat.user_id == ANA.user_id and seat.agent is None and seat.zombie_of is None
    assert "Ana is back and plays their own seat again." in played.lines
    await service.act(table_id, BO.user_id, "take 1")
    table = await service.table(table_id)
    assert due_of(table, 0) == clock.now + DAY  # her turn again, on her own clock


async def test_a_rejoined_player_waiting_now_is_pinged_and_gets_a_clock(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await zombie(service, clock, table_id)
    table = await service.table(table_id)
    assert service.waiting_for(table) == [1]
    # a game waiting for the zombie seat would already have been played by the AI, so rejoining
    # while Bo thinks leaves Ana without a clock until her turn comes
    played = await service.rejoin(table_id, ANA.user_id)
    assert set(played.table.clocks["seats"]) == {"1"}
    assert any(u.user_id == ANA.user_id for u in played.panels)


# -- restarts and concurrency ------------------------------------------------------------------


async def test_a_new_service_on_the_same_sqlite_file_keeps_the_deadline(tmp_path: Path) -> None:
    clock = Now(T0)
    first = SqliteStore(tmp_path / "pace.db")
    await first.connect()
    _first_service, table_id = await paced_nim(first, clock)
    clock.now = T0 + 3 * HOUR
    await first.close()

    second = SqliteStore(tmp_path / "pace.db")
    await second.connect()
    try:
        restarted = nim_service(second, clock)
        table = await restarted.table(table_id)
        assert due_of(table, 0) == T0 + DAY
        clock.now = T0 + DAY
        played = [p for p in await restarted.tick() if p.moves]
        assert played and "⏰ played for Ana by the AI (the deadline passed)." in played[0].lines
    finally:
        await second.close()


async def test_two_ticks_at_once_play_a_timeout_only_once(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    clock.now = T0 + DAY
    await asyncio.gather(service.tick(), service.tick(), service.tick())
    table = await service.table(table_id)
    assert table.ply == 1 and table.clocks["timeouts"] == {"0": 1}


async def test_two_processes_ticking_at_once_play_a_timeout_only_once(tmp_path: Path) -> None:
    clock = Now(T0)
    stores = [SqliteStore(tmp_path / "two.db"), SqliteStore(tmp_path / "two.db")]
    for store in stores:
        await store.connect()
    try:
        service, table_id = await paced_nim(stores[0], clock)
        other = nim_service(stores[1], clock)
        clock.now = T0 + DAY
        await asyncio.gather(service.tick(), other.tick())
        table = await service.table(table_id)
        assert table.ply == 1 and table.clocks["timeouts"] == {"0": 1}
        assert len(await stores[0].actions(table_id)) == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_games_own_clock_suspends_the_seat_clocks_while_it_runs(store: Any) -> None:
    clock = Now(T0)
    service = TableService(
        store, {"tenth_night": GAMES["tenth_night"]}, clock=clock, new_seed=lambda: "clock"
    )
    table = await service.open("tenth_night", ANA, options={"day_seconds": 60, "pace": "daily"})
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    assert played.table.deadline == T0 + 60
    assert played.table.clocks["seats"] == {} and played.table.wake_at is None


# -- substitutes -------------------------------------------------------------------------------


async def test_a_substitute_takes_a_resigned_seat_once_the_host_confirms(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock, host=BO, other=ANA)
    await service.resign(table_id, ANA.user_id)
    table = await service.table(table_id)
    assert service.sub_seat(table, CY.user_id, None) == 1
    with pytest.raises(TableError, match="Only the host"):
        await service.substitute(table_id, CY.user_id, 1, CY)
    played = await service.substitute(table_id, BO.user_id, 1, CY)
    assert played.table.seats[1].user_id == CY.user_id
    assert "Cy takes over from Ana (AI)." in played.lines
    (panel,) = [u for u in played.panels if u.user_id == CY.user_id]
    assert not panel.text.startswith("»")  # the seat's view now, no old private lines


async def test_a_seated_player_or_a_busy_seat_cannot_be_substituted(store: Any) -> None:
    service, table_id = await paced_nim(store, Now(T0))
    table = await service.table(table_id)
    with pytest.raises(TableError, match="already playing"):
        service.sub_seat(table, BO.user_id, None)
    with pytest.raises(TableError, match="No seat here needs a substitute"):
        service.sub_seat(table, CY.user_id, None)
    await service.resign(table_id, BO.user_id)
    table = await service.table(table_id)
    with pytest.raises(
        TableError, match=r"^There is no seat 7 here\. You can take over Bo \(AI\)\.$"
    ):
        service.sub_seat(table, CY.user_id, 7)
    for wanted in (1, "Ana", " ana "):
        with pytest.raises(TableError, match=r"^Ana's seat cannot be taken over: Ana is still"):
            service.sub_seat(table, CY.user_id, wanted)
    assert service.sub_seat(table, CY.user_id, "bo") == 1  # "Bo (AI)" by the name typed


async def test_a_member_who_left_a_seat_may_take_back_only_that_seat(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await service.resign(table_id, ANA.user_id)
    await service.set_me(BO.user_id, "away=2026-03-05")  # Bo's seat is open to a substitute too
    table = await service.table(table_id)
    taken_back = r"^You left this game: you can take back your own seat \(Ana \(AI\)\), not"
    for other in (2, "Bo"):
        with pytest.raises(TableError, match=taken_back):
            service.sub_seat(table, ANA.user_id, other)
    assert service.sub_seat(table, ANA.user_id, None) == 0
    assert service.sub_seat(table, ANA.user_id, "Ana (AI)") == 0
    assert service.sub_seat(table, CY.user_id, 2) == 1
    with pytest.raises(TableError, match=r"^Ana \(AI\) and Bo can be taken over: name the one"):
        service.sub_seat(table, CY.user_id, None)


async def test_a_substitute_can_take_the_seat_of_a_timed_out_player(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await zombie(service, clock, table_id)
    table = await service.table(table_id)
    assert service.sub_seat(table, CY.user_id, 1) == 0
    played = await service.substitute(table_id, ANA.user_id, 0, CY, can_manage=True)
    assert played.table.seats[0].user_id == CY.user_id
    with pytest.raises(TableError, match="no seat to take back"):
        await service.rejoin(table_id, ANA.user_id)


# -- away ---------------------------------------------------------------------------------------


async def test_away_extends_the_deadline_by_the_time_away(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    clock.now = T0 + 2 * HOUR
    settings = await service.set_me(ANA.user_id, "away=2026-03-05")
    until = datetime(2026, 3, 5, tzinfo=UTC).timestamp()
    assert settings.away_until == until
    table = await service.table(table_id)
    assert due_of(table, 0) == T0 + DAY + (until - clock.now)
    assert f"<@1> is away until <t:{int(until)}:f>." in service.pace_text(table)
    assert service.sub_seat(table, CY.user_id, None) == 0


async def test_a_clock_that_starts_while_away_starts_when_the_player_is_back(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await service.set_me(BO.user_id, "away=2026-03-04")
    await service.act(table_id, ANA.user_id, "take 1")
    table = await service.table(table_id)
    assert due_of(table, 1) == datetime(2026, 3, 4, tzinfo=UTC).timestamp() + DAY


async def test_a_member_away_before_the_start_gets_the_time_added(store: Any) -> None:
    clock = Now(T0)
    service = nim_service(store, clock)
    await service.set_me(ANA.user_id, "tz=Europe/Paris away=2026-03-03")
    table = await service.open("test_nim", ANA, options={"pace": "daily"})
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    back = datetime(2026, 3, 2, 23, 0, tzinfo=UTC).timestamp()  # midnight in Paris
    assert due_of(played.table, 0) == back + DAY


async def test_moving_the_away_date_later_adds_only_the_new_days(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await service.set_me(ANA.user_id, "away=2026-03-04")
    first = due_of(await service.table(table_id), 0)
    await service.set_me(ANA.user_id, "away=2026-03-05")
    assert due_of(await service.table(table_id), 0) == first + DAY


async def test_coming_back_early_gives_later_moves_no_extra_time(store: Any) -> None:
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    await service.set_me(BO.user_id, "away=2026-03-06")
    await service.set_me(BO.user_id, "away=off")
    table = await service.table(table_id)
    assert table.clocks["away"] == {}
    clock.now = T0 + HOUR
    await service.act(table_id, ANA.user_id, "take 1")
    assert due_of(await service.table(table_id), 1) == clock.now + DAY


async def test_the_last_human_seat_is_never_taken_over_by_the_ai(store: Any) -> None:
    clock = Now(T0)
    service = nim_service(store, clock)
    table = await service.open("test_nim", ANA, options={"pace": "daily", "stones": 99})
    await service.add_agent(table.id, ANA.user_id)
    await service.start(table.id, ANA.user_id)
    for _ in range(4):
        clock.now += DAY
        await service.tick()
    table = await service.table(table.id)
    assert table.seats[0].user_id == ANA.user_id and table.clocks["timeouts"] == {"0": 4}
    assert table.ply == 8  # one AI move for Ana per deadline, each answered by the AI seat


async def test_dead_of_winter_waits_on_its_pending_decisions_like_any_move(store: Any) -> None:
    clock = Now(T0)
    service = TableService(
        store, {"dead_of_winter": GAMES["dead_of_winter"]}, clock=clock, new_seed=lambda: "dow"
    )
    table = await service.open("dead_of_winter", ANA, options={"pace": "daily"})
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    waiting = service.waiting_for(played.table)
    humans = {str(s) for s in waiting if played.table.seats[s].user_id is not None}
    assert humans and set(played.table.clocks["seats"]) == humans
    clock.now += DAY
    timed_out = [p for p in await service.tick() if p.moves]
    assert timed_out and any("⏰ played for" in line for line in timed_out[0].lines)


async def test_a_take_back_at_a_paced_table_gives_the_clock_back_to_the_seat_that_waits_again(
    store: Any,
) -> None:
    """After `/game undo` the seat clocks follow the state taken back to, as after a move: the
    player who took back their move waits again, with a fresh deadline; the other seat's ends."""
    clock = Now(T0)
    service, table_id = await paced_nim(store, clock)
    clock.now = T0 + HOUR
    played = await service.act(table_id, ANA.user_id, "take 1")
    assert set(played.table.clocks["seats"]) == {"1"}
    clock.now = T0 + 2 * HOUR
    back = await service.undo(table_id, ANA.user_id)
    assert set(back.table.clocks["seats"]) == {"0"}
    assert due_of(back.table, 0) == clock.now + DAY
    assert back.table.wake_at is not None and back.table.wake_at <= due_of(back.table, 0)

"""Reminders (issue 12 §2): once at half time, once 2 h before the deadline, never more per move,
never in the member's quiet hours (deferred to their end, or dropped if the deadline comes first),
never in the hour of the turn ping, none while away or switched off. Injected clock throughout."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.pace_rules import HOUR, UserSettings, in_quiet, parse_me, quiet_end
from bot.tables import Player, TableError, TableService
from tests.support.nim import NIM

ANA, BO = Player(1, "Ana"), Player(2, "Bo")


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


async def paced(store: Any, clock: Clock, pace: str, me: str = "") -> tuple[TableService, int]:
    service = TableService(store, {"test_nim": NIM}, clock=clock, new_seed=lambda: "remind")
    if me:
        await service.set_me(ANA.user_id, me)
    table = await service.open("test_nim", ANA, options={"pace": pace, "stones": 50})
    await service.join(table.id, BO)
    played = await service.start(table.id, ANA.user_id)
    return service, played.table.id


async def reminders_at(service: TableService, clock: Clock, at: float) -> list[str]:
    clock.now = at
    return [r.text for played in await service.tick(at) for r in played.reminders]


async def test_a_waiting_player_is_reminded_at_half_time_and_two_hours_before(store: Any) -> None:
    start = utc(2026, 3, 2, 12)
    clock = Clock(start)
    service, table_id = await paced(store, clock, "daily")
    assert await reminders_at(service, clock, start + 12 * HOUR - 1) == []
    (half,) = await reminders_at(service, clock, start + 12 * HOUR)
    due = int(start + 24 * HOUR)
    assert f"table #{table_id}" in half and f"due <t:{due}:f> (<t:{due}:R>)" in half
    assert await reminders_at(service, clock, start + 20 * HOUR) == []
    assert len(await reminders_at(service, clock, start + 22 * HOUR)) == 1
    assert await reminders_at(service, clock, start + 23 * HOUR) == []  # never a third


async def test_a_reminder_goes_to_the_waiting_player_only(store: Any) -> None:
    start = utc(2026, 3, 2, 12)
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily")
    clock.now = start + 12 * HOUR
    reminders = [r for played in await service.tick() for r in played.reminders]
    assert [r.user_id for r in reminders] == [ANA.user_id]


async def test_a_half_time_reminder_in_quiet_hours_waits_for_their_end(store: Any) -> None:
    start = utc(2026, 3, 2, 12)  # half time is midnight UTC
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily", "tz=UTC quiet=22-08")
    assert await reminders_at(service, clock, start + 12 * HOUR) == []
    assert await reminders_at(service, clock, utc(2026, 3, 3, 7, 59)) == []
    assert len(await reminders_at(service, clock, utc(2026, 3, 3, 8))) == 1


async def test_quiet_hours_follow_the_wall_clock_across_the_end_of_summer_time(
    store: Any,
) -> None:
    # London leaves summer time at 02:00 on 25 October 2026: 08:00 local is 07:00 UTC the day
    # before and 08:00 UTC that morning.
    start = utc(2026, 10, 24, 12)
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily", "tz=Europe/London quiet=22-08")
    assert await reminders_at(service, clock, start + 12 * HOUR) == []  # 01:00 BST: quiet
    assert await reminders_at(service, clock, utc(2026, 10, 25, 7)) == []  # 07:00 GMT: quiet
    assert len(await reminders_at(service, clock, utc(2026, 10, 25, 8))) == 1
    assert len(await reminders_at(service, clock, utc(2026, 10, 25, 10))) == 1  # 2 h before


async def test_quiet_hours_follow_the_wall_clock_across_the_start_of_summer_time(
    store: Any,
) -> None:
    # New York springs forward at 02:00 on 8 March 2026: 08:00 EDT is 12:00 UTC.
    start = utc(2026, 3, 7, 17)  # 12:00 EST; half time 05:00 UTC = 00:00 EST, quiet
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily", "tz=America/New_York quiet=22-08")
    assert await reminders_at(service, clock, utc(2026, 3, 8, 5)) == []
    assert await reminders_at(service, clock, utc(2026, 3, 8, 11, 59)) == []  # 07:59 EDT
    assert len(await reminders_at(service, clock, utc(2026, 3, 8, 12))) == 1


async def test_a_reminder_is_dropped_when_quiet_hours_outlast_the_deadline(store: Any) -> None:
    start = utc(2026, 1, 10, 20)  # 10 h to move: half at 01:00, the deadline at 06:00
    clock = Clock(start)
    service, table_id = await paced(store, clock, "10h", "quiet=22-08")
    for hour in range(1, 10):
        assert await reminders_at(service, clock, start + hour * HOUR) == []
    table = await service.table(table_id)
    assert table.clocks["seats"]["0"]["next"] == {}


async def test_outside_quiet_hours_a_reminder_goes_at_once(store: Any) -> None:
    start = utc(2026, 1, 10, 9)
    clock = Clock(start)
    service, _ = await paced(store, clock, "10h", "quiet=22-08")
    assert len(await reminders_at(service, clock, start + 5 * HOUR)) == 1


async def test_no_reminder_shares_the_hour_of_the_turn_ping(store: Any) -> None:
    start = utc(2026, 1, 10, 9)
    clock = Clock(start)
    service, _ = await paced(store, clock, "1h")
    for minutes in (30, 45, 59):
        assert await reminders_at(service, clock, start + minutes * 60) == []


async def test_no_reminders_when_switched_off(store: Any) -> None:
    start = utc(2026, 3, 2, 12)
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily", "reminders=off")
    for hour in (12, 22, 23):
        assert await reminders_at(service, clock, start + hour * HOUR) == []


async def test_no_reminders_while_away(store: Any) -> None:
    start = utc(2026, 3, 2, 12)
    clock = Clock(start)
    service, table_id = await paced(store, clock, "daily")
    await service.set_me(ANA.user_id, "away=2026-03-06")
    due = (await service.table(table_id)).clocks["seats"]["0"]["due"]
    back = utc(2026, 3, 6)
    assert due > back
    # the reminders moved with the deadline, to after the return
    assert await reminders_at(service, clock, start + 12 * HOUR) == []
    assert await reminders_at(service, clock, back - 1) == []
    assert len(await reminders_at(service, clock, due - 12 * HOUR)) == 1


async def test_a_clock_that_wakes_after_the_deadline_sends_no_reminder(store: Any) -> None:
    start = utc(2026, 3, 2, 12)
    clock = Clock(start)
    service, _ = await paced(store, clock, "daily")
    clock.now = start + 30 * HOUR  # the bot was down through both reminders and the deadline
    played = await service.tick()
    assert [r for p in played for r in p.reminders] == []
    assert any("⏰ played for Ana by the AI" in line for p in played for line in p.lines)


# -- `/me` -------------------------------------------------------------------------------------


def test_me_reads_every_setting() -> None:
    now = utc(2026, 3, 2, 12)
    settings = parse_me(
        "tz=Europe/Paris quiet=22-08 reminders=off away=2026-03-10", UserSettings(), now
    )
    assert settings.timezone == "Europe/Paris" and settings.quiet == (22, 8)
    assert not settings.reminders
    assert settings.away_until == utc(2026, 3, 9, 23)  # midnight in Paris
    back = parse_me("away=off quiet=off reminders=on", settings, now)
    assert back.away_until is None and back.quiet is None and back.reminders


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("tz=Mars/Olympus", "not a time zone"),
        ("tz=../../etc/passwd", "not a time zone"),
        ("quiet=22", "Quiet hours are"),
        ("quiet=25-08", "Quiet hours are"),
        ("quiet=08-08", "different hours"),
        ("reminders=maybe", "Reminders are"),
        ("away=tomorrow", "YYYY-MM-DD"),
        ("away=2026-03-01", "has passed"),
        ("away=2027-03-01", "at most 90 days"),
        ("colour=blue", "not a setting"),
        ("tz", "not a setting"),
    ],
)
def test_a_bad_me_setting_gets_one_clear_sentence(text: str, said: str) -> None:
    with pytest.raises(TableError, match=said):
        parse_me(text, UserSettings(), utc(2026, 3, 2, 12))


async def test_me_settings_are_stored_per_member(store: Any) -> None:
    service = TableService(store, {"test_nim": NIM}, clock=Clock(utc(2026, 3, 2, 12)))
    await service.set_me(ANA.user_id, "tz=Asia/Tokyo quiet=23-07")
    assert (await service.me(ANA.user_id)).timezone == "Asia/Tokyo"
    assert (await service.me(BO.user_id)) == UserSettings()
    await service.set_me(ANA.user_id, "reminders=off")
    kept = await service.me(ANA.user_id)
    assert kept.quiet == (23, 7) and not kept.reminders


def test_quiet_hours_over_midnight_and_within_a_day() -> None:
    night = UserSettings(quiet=(22, 8))
    assert in_quiet(utc(2026, 1, 1, 23), night) and in_quiet(utc(2026, 1, 1, 7), night)
    assert not in_quiet(utc(2026, 1, 1, 8), night) and not in_quiet(utc(2026, 1, 1, 21), night)
    lunch = UserSettings(quiet=(12, 14))
    assert in_quiet(utc(2026, 1, 1, 13), lunch) and not in_quiet(utc(2026, 1, 1, 14), lunch)
    assert quiet_end(utc(2026, 1, 1, 23), night) == utc(2026, 1, 2, 8)

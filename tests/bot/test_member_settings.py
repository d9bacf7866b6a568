"""A member's settings and seats on their own (`bot.member_settings.MemberSettings`): `/me`, away
time added to paced deadlines, and a substitute taking over a seat, built from its parts on every
store (`tests/bot/conftest.py`) with Nim tables written straight into the store."""

from __future__ import annotations

import pytest

from bot.pace_rules import DAY, UserSettings
from bot.records import Player, TableError
from storage.base import SeatRecord, Store
from tests.bot.parts import ANA, BO, Now, build, running
from tests.support.nim import NIM

CY = Player(33, "Cy")


async def test_a_member_without_settings_has_the_defaults_and_keeps_what_they_set(
    store: Store,
) -> None:
    parts = build(store, [NIM], Now())
    assert await parts.members.me(ANA.user_id) == UserSettings()
    saved = await parts.members.set_me(ANA.user_id, "tz=Europe/Paris reminders=off")
    assert saved.timezone == "Europe/Paris" and not saved.reminders
    assert await build(store, [NIM], Now()).members.me(ANA.user_id) == saved
    with pytest.raises(TableError, match="not a setting"):
        await parts.members.set_me(ANA.user_id, "colour=blue")


async def test_going_away_moves_the_members_paced_deadline_by_the_time_away(store: Store) -> None:
    now = Now(1_767_225_600.0)  # 2026-01-01 00:00 UTC
    parts = build(store, [NIM], now)
    table = await running(store, NIM, now=now.now, pace=DAY, stones=9)
    due = table.clocks["seats"]["0"]["due"]
    await parts.members.set_me(ANA.user_id, "away=2026-01-03")  # two days from now
    moved = await store.get_table(table.id)
    assert moved.clocks["seats"]["0"]["due"] == due + 2 * DAY
    assert moved.clocks["away"] == {str(ANA.user_id): now.now + 2 * DAY}


async def test_a_substitute_takes_over_a_resigned_seat_only_when_the_host_confirms(
    store: Store,
) -> None:
    parts = build(store, [NIM], Now())
    gone = SeatRecord(name="Bo 🤖", agent="heuristic", resigned=True, resigned_by=BO.user_id)
    table = await running(store, NIM, ANA, gone, stones=9)
    table = await store.update_table(
        table.model_copy(update={"host_id": ANA.user_id}), table.version
    )
    assert parts.members.sub_seat(table, CY.user_id, None) == 1
    with pytest.raises(TableError, match="already playing"):
        parts.members.sub_seat(table, ANA.user_id, None)
    with pytest.raises(TableError, match="Only the host"):
        await parts.members.substitute(table.id, CY.user_id, 1, CY)
    played = await parts.members.substitute(table.id, ANA.user_id, 1, CY)
    seat = played.table.seats[1]
    assert (seat.user_id, seat.name, seat.handed_over) == (CY.user_id, "Cy", True)
    assert played.lines == ["Cy takes over from Bo 🤖."]


async def test_only_the_player_an_ai_replaced_after_timeouts_can_rejoin(store: Store) -> None:
    parts = build(store, [NIM], Now())
    zombie = SeatRecord(name="Bo", agent="heuristic", zombie_of=BO.user_id)
    table = await running(store, NIM, ANA, zombie, stones=9)
    with pytest.raises(TableError, match="no seat to take back"):
        await parts.members.rejoin(table.id, ANA.user_id)
    played = await parts.members.rejoin(table.id, BO.user_id)
    assert played.table.seats[1].user_id == BO.user_id
    assert played.lines == ["Bo is back and plays their own seat again."]

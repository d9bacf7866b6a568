"""Seating on its own (`bot.seating.Seating`): a lobby from its opening to its start, a player
resigning, the host ending a table, a rematch, and where a table is played, built from its parts
on every store (`tests/bot/conftest.py`)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.records import Player, TableError
from storage.base import Store, TableRecord
from tests.bot.parts import Now, Parts, build
from tests.support.nim import NIM

ANA, BO, CY = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy")


async def test_a_lobby_seats_players_and_ai_in_order_and_only_its_host_starts_it(
    store: Store,
) -> None:
    parts = build(store, [NIM], Now())
    seating = parts.seating
    lobby = await seating.open(NIM.key, ANA, channel_id=5, options={"stones": 9})
    with pytest.raises(TableError, match="already open in this channel"):
        await seating.open(NIM.key, BO, channel_id=5)
    await seating.join(lobby.id, BO)
    await seating.add_agent(lobby.id, BO.user_id, "random")
    with pytest.raises(TableError, match="Only the host"):
        await seating.start(lobby.id, BO.user_id)
    played = await seating.start(lobby.id, ANA.user_id)
    table = played.table
    assert [s.name for s in table.seats][:2] == ["Ana", "Bo"] and table.seats[2].agent == "random"
    assert table.status == "active" and table.seed == "seed0"
    assert played.lines[0] == "Nim begins with Ana, Bo, " + table.seats[2].name + "."
    with pytest.raises(TableError, match="already started"):
        await seating.join(table.id, CY)


async def started(
    store: Store, *, options: dict[str, Any], channel_id: int | None = None, **start: Any
) -> tuple[Parts, TableRecord]:
    """Nim's parts and a table Ana opened with `options` (in `channel_id`), Bo joined and Ana
    started (with the `start` arguments): the parts and the table as its lobby was stored."""
    parts = build(store, [NIM], Now())
    lobby = await parts.seating.open(NIM.key, ANA, channel_id=channel_id, options=options)
    await parts.seating.join(lobby.id, BO)
    await parts.seating.start(lobby.id, ANA.user_id, **start)
    return parts, lobby


async def test_a_resigned_seat_goes_to_an_ai_and_the_last_human_leaving_closes_the_table(
    store: Store,
) -> None:
    parts, lobby = await started(store, options={"stones": 9})
    played = await parts.seating.resign(lobby.id, ANA.user_id)
    seat = played.table.seats[0]
    assert seat.user_id is None and seat.resigned_by == ANA.user_id and seat.agent
    assert played.moves == 1  # Ana was to move: her AI did
    closed = await parts.seating.resign(lobby.id, BO.user_id)
    assert closed.table.status == "abandoned"
    assert "No human players are left" in closed.lines[-1]


async def test_a_rematch_seats_the_same_players_in_a_new_lobby_hosted_by_who_asked(
    store: Store,
) -> None:
    parts, lobby = await started(store, channel_id=7, options={"stones": 9})
    with pytest.raises(TableError, match="still running"):
        await parts.seating.rematch(lobby.id, BO.user_id)
    ended = await parts.seating.end(lobby.id, ANA.user_id)
    assert ended.table.status == "abandoned"
    again = await parts.seating.rematch(lobby.id, BO.user_id)
    assert again.status == "lobby" and again.host_id == BO.user_id
    assert [s.user_id for s in again.seats] == [ANA.user_id, BO.user_id]
    assert again.options == {"stones": 9} and again.channel_id == 7


async def test_a_table_whose_thread_went_is_played_in_its_channel_from_then_on(
    store: Store,
) -> None:
    parts, lobby = await started(store, channel_id=7, thread_id=70, options={"stones": 9})
    assert (await parts.cache.table_in(70)) is not None
    moved = await parts.seating.leave_thread(lobby.id, 70)
    assert moved is not None and moved.thread_id is None
    assert await parts.seating.leave_thread(lobby.id, 70) is None  # already moved
    found = await parts.cache.table_in(7, indexed=True)
    assert found is not None and found.id == lobby.id


async def test_talk_rules_judge_only_a_seated_players_message_in_the_tables_place(
    store: Store,
) -> None:
    parts, _ = await started(store, channel_id=7, options={"no_numbers": True})
    verdict = await parts.talk.check_chat(7, ANA.user_id, "take 2 please")
    assert verdict is not None and not verdict.allowed
    assert await parts.talk.check_chat(7, CY.user_id, "2") is None  # not seated
    assert await parts.talk.check_chat(8, ANA.user_id, "2") is None  # another channel

"""A daily-pace Coldest Night table on Discord (issue 12 §7): a player is reminded by DM, times out,
gets an AI move, times out into an AI seat, and a substitute takes the seat once the host confirms;
the DMs and the board's text are asserted. The clock is injected: nothing sleeps."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord.ext.test as dpytest

from bot.pace_rules import DAY, HOUR
from tests.e2e.conftest import (
    answer_to,
    dm_to,
    dms,
    drain,
    private_answers,
    public,
    said,
    say,
    text_of,
)
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, button, dispatch, payload


def sub_choices(member: Any, typed: str) -> dict[str, Any]:
    """`/game sub`'s autocomplete, with `typed` in its player field."""
    field = {"name": "player", "type": 3, "value": typed, "focused": True}
    sub = {"name": "sub", "type": 1, "options": [field]}
    return payload(member, 4, {"id": "1", "name": "game", "type": 1, "options": [sub]})


START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC).timestamp()


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def open_daily_table(bot_factory: Any) -> tuple[Any, Clock, list[Any]]:
    clock = Clock()
    bot = await bot_factory(members=3, clock=clock, new_seed=lambda: "pace-e2e")
    ana, bo, cy = dpytest.get_config().members
    await say("!game new coldest_night pace=daily", ana)
    await said("!game join", bo)
    await say("!game start", ana)
    return bot, clock, [ana, bo, cy]


async def run_clock(bot: Any, clock: Clock, at: float) -> list[Any]:
    clock.now = at
    await bot.get_cog("Timers").run_due(at)
    await dpytest.run_all_events()
    return drain()


async def test_a_bad_pace_at_new_is_one_private_sentence_and_opens_nothing(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(members=2)
    ana = dpytest.get_config().members[0]
    (answer,) = await private_answers("!game new coldest_night pace=sometimes", ana)
    assert "is not a pace" in answer.content and "pace=daily" in answer.content
    assert await bot.service.store.find_tables() == []


async def test_a_daily_table_reminds_times_out_and_takes_a_substitute(
    bot_factory: Any, responses: Responses
) -> None:
    bot, clock, (ana, bo, cy) = await open_daily_table(bot_factory)
    service = bot.service
    members = {ana.id: ana, bo.id: bo}
    table = await service.table(1)
    assert table.pace == DAY
    (seat,) = service.waiting_for(table)
    late = members[table.seats[seat].user_id]
    due = int(START + DAY)

    sent = drain()
    board = next(m for m in sent if m.id == table.board_message_id)
    assert f"<@{late.id}>'s move — due <t:{due}:f> (<t:{due}:R>)" in text_of(board)
    assert "Pace: daily (24 h a move)." in text_of(board)

    # half time: one reminder by DM, to the waiting player only, nothing in public
    sent = await run_clock(bot, clock, START + 12 * HOUR)
    (reminder,) = [m for m in sent if "Reminder" in (m.content or "")]
    assert dm_to(reminder) == late.id
    assert f"due <t:{due}:f> (<t:{due}:R>)" in reminder.content
    assert "table #1" in reminder.content
    assert not public(sent)
    assert not [m for m in await run_clock(bot, clock, START + 13 * HOUR) if m.content]

    # the deadline: the AI plays one move for the seat, marked in the channel
    sent = await run_clock(bot, clock, START + DAY)
    name = table.seats[seat].name
    assert any(f"⏰ played for {name} by the AI" in (m.content or "") for m in public(sent))
    table = await service.table(1)
    assert table.ply >= 1 and table.clocks["timeouts"].get(str(seat)) == 1

    # everyone waits on: each missed deadline is another AI move, until one seat is a zombie
    zombie = None
    for day in range(2, 12):
        sent = await run_clock(bot, clock, START + day * DAY + 1)
        table = await service.table(1)
        zombie = next((i for i, s in enumerate(table.seats) if s.zombie_of), None)
        if zombie is not None:
            break
    assert zombie is not None, "no seat timed out three times in a row"
    gone = table.seats[zombie]
    assert any("missed 3 deadlines in a row" in (m.content or "") for m in public(sent))
    assert gone.agent and gone.user_id is None

    # `/game sub`'s list names the seat a member without one could take, and nobody else's
    seated = next(m for m in (ana, bo) if m.id != gone.zombie_of)
    for member, wanted in ((cy, [gone.name]), (seated, [])):
        await dispatch(bot, responses, sub_choices(member, ""))
        assert [c["name"] for c in responses.of_type(8)[-1]["data"]["choices"]] == wanted

    # a member without a seat offers to take it; the host confirms with the button
    drain()
    await say("!game sub", cy)
    offer = next(m for m in public(drain()) if "offers to take over" in (m.content or ""))
    assert f"offers to take over from {gone.name}." in offer.content
    assert "seat" not in offer.content.split("confirm")[0]
    custom_id = f"sb:sub:1:{zombie}:{cy.id}"
    await dispatch(bot, responses, button(bo, custom_id))  # not the host: refused
    assert (await service.table(1)).seats[zombie].user_id is None
    refusals = [r.get("data", {}).get("content", "") for r in responses.of_type(4)]
    assert any("Only the host" in text for text in refusals)
    await dispatch(bot, responses, button(ana, custom_id))
    table = await service.table(1)
    assert table.seats[zombie].user_id == cy.id
    sent = drain()
    assert any(f"takes over from {gone.name}." in (m.content or "") for m in public(sent))
    (panel, *_) = dms(sent, cy)
    assert "»" not in text_of(panel)  # the seat as it is now, no old private lines
    if zombie in service.waiting_for(table):
        assert f"<@{cy.id}>'s move — due" in service.pace_text(table)


async def test_me_alone_shows_the_settings_and_me_with_pairs_saves_them(bot_factory: Any) -> None:
    await bot_factory(members=1)
    ana = dpytest.get_config().members[0]
    await say("!me", ana)
    (shown,) = dms(drain(), ana)
    assert "Time zone: UTC" in shown.content and "Reminders: on" in shown.content
    await say("!me tz=Europe/Paris quiet=22-08 reminders=off", ana)
    (saved,) = dms(drain(), ana)
    assert "Europe/Paris" in saved.content and "22:00–08:00" in saved.content
    await say("!me tz=Atlantis/Nowhere", ana)
    (refused,) = dms(drain(), ana)
    assert "not a time zone" in refused.content


async def test_going_away_extends_the_deadline_and_the_board_says_so(bot_factory: Any) -> None:
    bot, _clock, (ana, bo, _) = await open_daily_table(bot_factory)
    table = await bot.service.table(1)
    (seat,) = bot.service.waiting_for(table)
    late = (ana, bo)[seat]
    sent = await answer_to("!me away=2026-03-05", late)
    (saved,) = [m for m in dms(sent, late) if (m.content or "").startswith("Saved.")]
    back = int(datetime(2026, 3, 5, tzinfo=UTC).timestamp())
    assert f"Away: until <t:{back}:f>" in saved.content
    channel = dpytest.get_config().channels[0]
    board = await channel.fetch_message(table.board_message_id)
    assert f"<@{late.id}> is away until <t:{back}:f>." in text_of(board)
    due = int(START + DAY + back - START)
    assert f"<@{late.id}>'s move — due <t:{due}:f>" in text_of(board)


async def test_slash_new_takes_a_pace_and_slash_me_answers_only_the_member(
    bot_factory: Any, responses: Responses
) -> None:
    bot = await bot_factory(members=2)
    ana = dpytest.get_config().members[0]
    new = slash(ana, "new", [string("game", "coldest_night"), string("options", "pace=weekly")])
    await dispatch(bot, responses, new)
    (table,) = await bot.service.tables_of(ana.id)
    assert table.pace == 7 * DAY and table.options == {}
    before = len(responses.sent)
    me = payload(ana, 2, {"id": "3", "name": "me", "type": 1, "options": []})
    me["id"] = slash(ana, "new", [])["id"]  # a fresh snowflake
    me["data"]["options"] = [string("settings", "tz=Nowhere/Atlantis")]
    await dispatch(bot, responses, me)
    answers = [r["payload"] for r in responses.sent[before:] if r["payload"].get("type") == 4]
    (answer,) = answers
    assert answer["data"]["flags"] & 64  # ephemeral
    assert "not a time zone" in answer["data"]["content"]

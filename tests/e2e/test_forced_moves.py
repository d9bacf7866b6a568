"""A move with nothing to choose is made when its player opens their panel (`BaseGame.forced`):
in Winter's Freezing, a turn with no counter to put is a draw (WI-5, WI-6), so "My hand & moves"
on the board draws the card and answers, privately, with the panel of where to place it — one
click less a turn. The click is answered before any other request, the thread tells the draw, the
board is not overwritten, and the player's own DM panel button does the same in place."""

from __future__ import annotations

from typing import Any

import discord

from rules.winter.actions import Draw
from tests.e2e.conftest import drain, public, say, text_of
from tests.e2e.test_answer_first import answered, members, table_of
from tests.e2e.test_interactions import button


async def to_a_forced_draw(bot: Any) -> tuple[Any, int, discord.Member]:
    """Play each awaited member's first move, typed, until the game waits for a member whose only
    move is a draw: the table, that seat and its member."""
    for _ in range(40):
        table = await bot.service.table(1)
        seat = bot.service.waiting_for(table)[0]
        member = next(m for m in members() if m.id == table.seats[seat].user_id)
        if bot.service.forced(table, seat) is not None:
            return table, seat, member
        await say(f"!play {bot.service.labels(table, seat)[0]}", member)
    raise AssertionError("no forced draw within 40 moves")


async def test_wi6_the_boards_button_draws_for_the_player_and_opens_at_the_placement(
    bot_factory: Any,
) -> None:
    bot = await table_of(bot_factory, "winter")
    table, seat, member = await to_a_forced_draw(bot)
    assert bot.service.labels(table, seat) == ["Draw a card"]
    drain()
    adapter = await answered(bot, button(member, "sb:b:1:hand"))
    assert adapter.before_first == []  # answered before any request or picture
    first = adapter.sent[0]["payload"]
    assert first["type"] == 4 and first["data"]["flags"] == 64  # a new answer only they see
    panel = first["data"]["embeds"][0]
    options = next(f["value"] for f in panel["fields"] if f["name"] == "Options")
    assert "**Upright** — The card reads" in options and "**Turned down** —" in options
    digest = panel["description"].split("\n\n")[0]  # what happened, the draw made for them last
    assert digest.startswith("**Since your last move:**")
    assert " draws a card: " in digest.splitlines()[-1]
    after = await bot.service.table(1)
    assert after.ply == table.ply + 1
    state = bot.service.state(after)
    assert state.drawn_card is not None and bot.service.waiting_for(after) == [seat]
    thread = " ".join(text_of(m) for m in public(drain()))
    assert thread.count(" draws a card:") == 1  # told once, with the card
    assert not any(isinstance(a, Draw) for a in bot.service.engine(after).legal(state, seat))


async def test_a_panel_with_a_choice_to_make_opens_as_before_and_nothing_is_played(
    bot_factory: Any,
) -> None:
    """Not forced: the colours (a choice) and a Freezing turn that may put a counter."""
    bot = await table_of(bot_factory, "winter")
    table = await bot.service.table(1)
    seat = bot.service.waiting_for(table)[0]
    assert bot.service.forced(table, seat) is None
    member = next(m for m in members() if m.id == table.seats[seat].user_id)
    adapter = await answered(bot, button(member, "sb:b:1:hand"))
    assert (await bot.service.table(1)).ply == table.ply
    assert adapter.sent[0]["payload"]["type"] == 4  # the panel, only they see it


async def test_the_dm_panels_own_button_draws_and_redraws_that_panel_in_place(
    bot_factory: Any,
) -> None:
    bot = await table_of(bot_factory, "winter")
    table, seat, member = await to_a_forced_draw(bot)
    panels = {p.seat: p for p in await bot.service.store.panels(1)}
    dm_panel = panels[seat]
    assert dm_panel.message_id is not None
    data = button(member, "sb:b:1:hand")
    data["message"]["id"] = str(dm_panel.message_id)
    data["channel_id"] = str(dm_panel.channel_id)
    data["message"]["channel_id"] = str(dm_panel.channel_id)
    adapter = await answered(bot, data)
    assert adapter.before_first == []
    assert adapter.sent[0]["payload"]["type"] == 7  # the DM panel, edited in place
    assert (await bot.service.table(1)).ply == table.ply + 1

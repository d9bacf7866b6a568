"""Spectators through the real bot: `/game watch`, `/game unwatch`, the Watch button, and the
spectator panel — the public view only, by DM, edited in place after every change.

Nim (`tests/support/nim.py`) gives each seat a secret word: a spectator's panel must never hold
one. The leak test over the five real games is `test_spectator_leaks.py`."""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest

from bot.tables import Played
from bot.watchers import WatcherRecord
from cogs.present import LobbyView
from cogs.ui import watch as watch_ui
from cogs.ui.board import board_view
from cogs.ui.watch import spectate, spectator_message
from tests.e2e.conftest import dm_to, dms, drain, said, say, started_nim, text_of, thread_payload
from tests.e2e.test_hostile import slash
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.support.nim import NIM


async def nim(bot_factory: Any, stones: int = 9, members: int = 3) -> Any:
    """Ana and Bo play Nim; Cy (and anyone after) is free to watch."""
    bot, _, _ = await started_nim(bot_factory, stones, members=members)
    return bot


def members() -> list[discord.Member]:
    return list(dpytest.get_config().members)


async def secret_words(bot: Any) -> set[str]:
    table = await bot.service.table(1)
    return set(bot.service.state(table).secrets)


async def watcher_of(bot: Any, member: Any) -> Any:
    found = [w for w in await bot.service.store.watchers(1) if w.user_id == member.id]
    return found[0] if found else None


async def panel(bot: Any, member: Any) -> discord.Message:
    """The member's spectator panel as it reads now (edited in place)."""
    record = await watcher_of(bot, member)
    assert record is not None and record.message_id is not None
    found: discord.Message = await bot.get_channel(record.channel_id).fetch_message(
        record.message_id
    )
    return found


def custom_ids(view: discord.ui.View | None) -> list[str]:
    """The custom ids of a message's buttons (dpytest keeps no components on messages, so the
    view the bot sends is read)."""
    if view is None:
        return []
    return [getattr(item, "custom_id", "") for item in view.children]


async def spectator_buttons(bot: Any) -> list[str]:
    table = await bot.service.table(1)
    return custom_ids(spectator_message(await bot.service.watchers.spectator_view(table))["view"])


async def test_a_seated_player_cannot_watch_their_own_table_and_is_told_privately(
    bot_factory: Any,
) -> None:
    bot = await nim(bot_factory)
    ana = members()[0]
    await say("!game watch", ana)
    (answer,) = dms(drain(), ana)
    assert "You are playing at this table" in answer.content
    assert await bot.service.store.watchers(1) == []


async def test_a_spectator_gets_the_public_view_by_dm_edited_in_place_after_each_move(
    bot_factory: Any,
) -> None:
    bot = await nim(bot_factory)
    ana, _, cy = members()
    await say("!game watch", cy)
    sent = dms(drain(), cy)
    assert any("You are watching table #1" in m.content for m in sent)
    first = await panel(bot, cy)
    assert "Stones left: 9" in text_of(first) and "👀" in (first.embeds[0].title or "")
    assert await spectator_buttons(bot) == ["sb:w:1:unwatch"]
    words = await secret_words(bot)
    assert not any(word in text_of(first) for word in words)

    await say("!play take 2", ana)
    assert not dms(drain(), cy), "the panel is edited, not sent again"
    now = await panel(bot, cy)
    assert now.id == first.id
    assert "Stones left: 7" in text_of(now) and "takes 2" in text_of(now)
    assert not any(word in text_of(now) for word in words)


async def test_a_spectator_panel_that_would_read_the_same_costs_no_request(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot = await nim(bot_factory)
    cy = members()[2]
    await said("!game watch", cy)
    edits: list[int] = []
    original = dpytest.backend.edit_message

    def counting(message: Any, **fields: Any) -> Any:
        edits.append(message.id)
        return original(message, **fields)

    monkeypatch.setattr(dpytest.backend, "edit_message", counting)
    table = await bot.service.table(1)
    await spectate(bot, Played(table=table))  # the same public view: the digest says so
    assert edits == []
    await say("!play take 1", members()[0])
    record = await watcher_of(bot, cy)
    assert edits.count(record.message_id) == 1


async def test_unwatch_closes_the_panel_and_later_moves_leave_it_alone(bot_factory: Any) -> None:
    bot = await nim(bot_factory)
    ana, _, cy = members()
    await said("!game watch", cy)
    record = await watcher_of(bot, cy)
    await say("!game unwatch", cy)
    assert any("You stopped watching table #1" in m.content for m in dms(drain(), cy))
    assert await watcher_of(bot, cy) is None
    channel = bot.get_channel(record.channel_id)
    closed = await channel.fetch_message(record.message_id)
    assert "You stopped watching" in text_of(closed)
    await say("!play take 3", ana)
    assert text_of(await channel.fetch_message(record.message_id)) == text_of(closed)
    await say("!game unwatch", cy)  # not watching any more: one polite sentence
    assert any("You are not watching this table" in m.content for m in dms(drain(), cy))


async def test_closed_dms_bring_the_view_in_the_answer_and_pause_until_watch_is_pressed_again(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot = await nim(bot_factory)
    ana, _, cy = members()
    tries: list[int] = []
    original = bot.delivery.dm

    async def closed(user_id: int, **message: Any) -> Any:
        if user_id == cy.id:
            tries.append(user_id)
            return None
        return await original(user_id, **message)

    monkeypatch.setattr(bot.delivery, "dm", closed)
    responses = Responses()
    from discord.webhook.async_ import async_context

    token = async_context.set(responses)
    try:
        await dispatch(bot, responses, slash(cy, "watch", []))
        answers = [r["payload"] for r in responses.sent if r["payload"]]
        shown = str(answers)
        assert "I cannot send you private messages" in shown and "Stones left: 9" in shown
        assert "sb:w:1:watch" in shown  # Watch again, on the ephemeral view
        assert all(a.get("flags", a.get("data", {}).get("flags", 64)) & 64 for a in answers), (
            "only Cy sees it"
        )
        assert (await watcher_of(bot, cy)).dm_closed and tries == [cy.id]
        await say("!play take 1", ana)
        assert tries == [cy.id], "a paused panel makes no request"
        await dispatch(bot, responses, button(cy, "sb:w:1:watch"))
        assert tries == [cy.id, cy.id], "pressing Watch again tries the DM again"
    finally:
        async_context.reset(token)


async def test_a_player_who_resigns_becomes_a_spectator_with_the_public_view_only(
    bot_factory: Any,
) -> None:
    bot = await nim(bot_factory)
    ana, bo, _ = members()
    table = await bot.service.table(1)
    bo_word = bot.service.state(table).secrets[1]
    await said("!game resign", bo)
    record = await watcher_of(bot, bo)
    assert record is not None and record.seat == 1
    view = await panel(bot, bo)
    assert "👀" in (view.embeds[0].title or "") and bo_word not in text_of(view)
    await say("!play take 1", ana)
    assert "Stones left" in text_of(await panel(bot, bo))
    assert bo_word not in text_of(await panel(bot, bo))


async def test_at_the_end_the_spectator_panel_shows_the_result_and_loses_its_button(
    bot_factory: Any,
) -> None:
    bot = await nim(bot_factory, stones=2)
    ana, _, cy = members()
    await said("!game watch", cy)
    await say("!play take 2", ana)
    drain()
    assert (await bot.service.table(1)).status == "finished"
    end = await panel(bot, cy)
    assert "Result" in text_of(end) and "The game is over." in text_of(end)
    assert await spectator_buttons(bot) == []
    await say("!game watch", cy)  # a table that is over has nothing left to watch
    assert any("no table" in m.content for m in dms(drain(), cy))


async def test_the_lobby_and_the_board_carry_a_watch_button_that_works_from_the_lobby_on(
    bot_factory: Any, responses: Responses
) -> None:
    bot = await bot_factory(games={"test_nim": NIM}, members=3, new_seed=lambda: "seed")
    ana, bo, cy = members()
    await said("!game new test_nim", ana)
    assert "sb:w:1:watch" in custom_ids(LobbyView(await bot.service.table(1)))
    await dispatch(bot, responses, button(cy, "sb:w:1:watch"))
    assert "You are watching table #1" in str(responses.sent)
    lobby = await panel(bot, cy)
    assert "lobby" in text_of(lobby).lower() and "has not started yet" in text_of(lobby)
    drain()
    await say("!game join", bo)
    await say("!game start", ana)
    sent = drain()
    table = await bot.service.table(1)
    assert "sb:w:1:watch" in custom_ids(LobbyView(table))  # the lobby links to the game
    assert custom_ids(board_view(table)) == ["sb:b:1:hand", "sb:w:1:watch"]
    assert not [text_of(m) for m in sent if dm_to(m) == cy.id], "the lobby panel is edited in place"
    assert "Stones left" in text_of(await panel(bot, cy))


def thread_of(channel: Any, thread_id: int) -> discord.Thread:
    """A Discord thread under `channel`, as the gateway describes one (dpytest makes none)."""
    data = thread_payload(channel, thread_id, members=0, stamp="2026-11-29T00:00:00+00:00")
    return discord.Thread(guild=channel.guild, state=channel._state, data=data)


async def test_a_spectator_is_added_to_the_tables_thread_and_taken_out_when_they_stop(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot = await nim(bot_factory, members=4)
    _, _, cy, di = members()
    channel = dpytest.get_config().channels[0]
    thread = thread_of(channel, 4242)
    changes: list[tuple[str, int]] = []

    async def add_user(self: Any, user: Any) -> None:
        changes.append(("added", user.id))

    async def remove_user(self: Any, user: Any) -> None:
        changes.append(("removed", user.id))

    monkeypatch.setattr(discord.Thread, "add_user", add_user)
    monkeypatch.setattr(discord.Thread, "remove_user", remove_user)
    monkeypatch.setattr(watch_ui, "table_channel", lambda bot, table: thread)
    await say("!game watch", cy)
    assert changes == [("added", cy.id)]
    await say("!play take 1", members()[0])  # already in: nothing more
    assert changes == [("added", cy.id)]
    await say("!game unwatch", cy)
    assert changes == [("added", cy.id), ("removed", cy.id)]
    # a spectator of a lobby is added when the game starts (the table's first change)
    table = await bot.service.table(1)
    await bot.service.store.save_watcher(
        WatcherRecord(table_id=1, user_id=di.id, name="Di", digest="lobby:seen")
    )
    await spectate(bot, Played(table=table))
    assert changes[-1] == ("added", di.id)

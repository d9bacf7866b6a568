"""Delivering DM panels (`bot.delivery.Delivery`): the requests an edit costs."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.ext.test import callbacks

from tests.e2e.conftest import start_two
from tests.support.nim import NIM


async def test_a_panel_whose_dm_channel_is_not_cached_is_edited_with_one_request(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "seed")
    ana, _ = await start_two("test_nim")
    table = await bot.service.table(1)
    (panel,) = [p for p in await bot.service.store.panels(1) if p.seat == 0]
    update = bot.service.panel_update(table, 0, panel=panel)
    message = {"content": "redrawn after a restart"}
    dm = bot.get_channel(panel.channel_id)
    # after a restart neither the DM channel nor the user is cached
    monkeypatch.setattr(bot, "get_channel", lambda channel_id: None)
    monkeypatch.setattr(bot, "get_user", lambda user_id: None)
    events: list[str] = []

    async def fetch_user(user_id: int) -> Any:  # GET /users/{id} on Discord
        events.append("fetch_user")
        return ana

    async def create_dm(self: Any) -> Any:  # POST /users/@me/channels when not cached
        events.append("create_dm")
        return dm

    monkeypatch.setattr(bot, "fetch_user", fetch_user)
    monkeypatch.setattr(discord.User, "create_dm", create_dm)
    monkeypatch.setattr(discord.Member, "create_dm", create_dm)
    original = callbacks.dispatch_event

    async def counting(event: str, *args: Any, **kwargs: Any) -> None:
        if event != "get_channel":
            events.append(event)
        await original(event, *args, **kwargs)

    monkeypatch.setattr(callbacks, "dispatch_event", counting)
    assert await bot.delivery.deliver(update, message, None)
    assert events == ["edit_message"]  # no user look-up, no DM opened, no new panel
    monkeypatch.undo()
    edited = await dm.fetch_message(panel.message_id)
    assert edited.content == "redrawn after a restart"

"""A real SnowboundBot on a real SQLite file, driven through dpytest."""

from __future__ import annotations

import glob
import json
import os
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest

from bot.app import SingleShardBot
from bot.config import Settings
from bot.tables import TableService
from storage import SqliteStore


async def make_bot(
    tmp_path: Path, games: Mapping[str, Any] | None = None, members: int = 2, **seeds: Any
) -> SingleShardBot:
    store = SqliteStore(str(tmp_path / "e2e.db"))
    await store.connect()
    settings = Settings(_env_file=None, token=None, dev_guild_id=None)  # type: ignore[call-arg]
    service = TableService(store, games, **seeds)
    bot = SingleShardBot(settings, service)
    await bot._async_setup_hook()
    await bot.setup_hook()
    dpytest.configure(bot, members=members)
    record_dm_recipients(bot)
    return bot


DM_RECIPIENTS: dict[int, int] = {}  # DM channel id → user id (dpytest leaves `recipient` empty)


def record_dm_recipients(bot: SingleShardBot) -> None:
    original = bot.delivery.dm

    async def dm(user_id: int, **message: Any) -> discord.Message | None:
        sent = await original(user_id, **message)
        if sent is not None:
            DM_RECIPIENTS[sent.channel.id] = user_id
        return sent

    bot.delivery.dm = dm  # type: ignore[method-assign]


def dm_to(message: discord.Message) -> int | None:
    """The user a DM went to, or None for a message in a server channel."""
    if message.guild is not None:
        return None
    return DM_RECIPIENTS.get(message.channel.id)


@pytest.fixture(autouse=True)
def keep_payload_with_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """dpytest reads only `params.payload`, which discord.py empties when files are attached
    (it moves into a multipart `payload_json`): put it back so tests see the board's text."""
    import discord.abc
    import discord.channel
    import discord.http
    import discord.message

    original = discord.http.handle_message_parameters

    def handle(*args: Any, **kwargs: Any) -> discord.http.MultipartParameters:
        params = original(*args, **kwargs)
        if params.payload is None and params.multipart:
            payload = json.loads(params.multipart[0]["value"])
            return discord.http.MultipartParameters(payload, params.multipart, params.files)
        return params

    for module in (discord.abc, discord.channel, discord.message):
        monkeypatch.setattr(module, "handle_message_parameters", handle)


@pytest.fixture
async def bot_factory(tmp_path: Path) -> AsyncIterator[Any]:
    made: list[SingleShardBot] = []

    async def factory(**kwargs: Any) -> SingleShardBot:
        bot = await make_bot(tmp_path, **kwargs)
        made.append(bot)
        return bot

    yield factory
    for bot in made:
        await dpytest.empty_queue()
        await bot.service.store.close()
    for leftover in glob.glob("dpytest_*.dat"):
        os.remove(leftover)


def drain() -> list[discord.Message]:
    """Every message the bot sent (or edited into the queue) since the last drain, oldest first."""
    sent = []
    while True:
        try:
            sent.append(dpytest.get_message())
        except Exception:  # the queue is empty
            return sent


async def say(content: str, member: Any, channel: Any = 0) -> None:
    """A member sends a message. Refusals a player should get are fine (the cog answered them
    privately); any other error fails the test."""
    from discord.ext import commands

    from bot.tables import user_error

    try:
        await dpytest.message(content, channel=channel, member=member)
    except commands.CommandError as err:
        original = getattr(err, "original", err)
        if user_error(original) is None and not isinstance(original, commands.UserInputError):
            raise

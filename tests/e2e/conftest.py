"""A real SnowboundBot on a real SQLite file, driven through dpytest."""

from __future__ import annotations

import datetime
import glob
import itertools
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
    tmp_path: Path,
    games: Mapping[str, Any] | None = None,
    members: int = 2,
    channels: int = 1,
    **seeds: Any,
) -> SingleShardBot:
    store = SqliteStore(str(tmp_path / "e2e.db"))
    await store.connect()
    settings = Settings(_env_file=None, token=None, dev_guild_id=None)  # type: ignore[call-arg]
    service = TableService(store, games, **seeds)
    bot = SingleShardBot(settings, service)
    await bot._async_setup_hook()
    dpytest.configure(
        bot, members=members, text_channels=channels
    )  # replaces the connection state with dpytest's …
    bot.tree._state = bot._connection  # … so the command tree must be attached to the new one,
    bot._connection._command_tree = bot.tree
    await bot.setup_hook()  # and extensions register their buttons with it
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


@pytest.fixture(autouse=True)
def keep_files_on_edit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """dpytest ignores the files of an edit and stores discord.py's partial attachment records
    (no size, no url), which break reading the message back: store each uploaded file as a real
    attachment, as Discord does, so an edited board keeps its picture."""
    from discord.ext.test import backend, factories

    original = backend.edit_message
    count = itertools.count()

    def edit(message: discord.Message, **fields: Any) -> Any:
        params = fields.get("params")
        if params is not None and params.files and params.payload is not None:
            stored = []
            for file in params.files:
                path = tmp_path / f"edited_{next(count)}_{file.filename}"
                file.fp.seek(0)
                path.write_bytes(file.fp.read())
                uri = path.absolute().as_uri()
                size = path.stat().st_size
                stored.append(factories.make_attachment_dict(file.filename, size, uri, uri))
            params.payload["attachments"] = stored
        return original(message, **fields)

    monkeypatch.setattr(backend, "edit_message", edit)


@pytest.fixture(autouse=True)
def queue_public_edits(monkeypatch: pytest.MonkeyPatch) -> None:
    """dpytest queues only sent messages, but a move's event lines now arrive by editing the board
    message: queue each edited server-channel message too (as it reads after the edit), so
    `drain()` returns everything members saw appear in the channel. Edited DM panels are read
    with `fetch_message`, as before."""
    from discord.ext.test import backend, runner

    original = backend.edit_message

    def edit(message: discord.Message, **fields: Any) -> Any:
        data = original(message, **fields)
        channel = message.channel
        if getattr(channel, "guild", None) is not None:
            edited = discord.Message(state=message._state, channel=channel, data=data)
            runner.sent_queue.put_nowait(edited)
        return data

    monkeypatch.setattr(backend, "edit_message", edit)


@pytest.fixture
async def bot_factory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    # dpytest writes attached files to ./dpytest_<n>.dat, numbered from 0 in every process: in a
    # directory of its own, no other test run can overwrite or delete them while a test reads them
    monkeypatch.chdir(tmp_path)
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


async def answer_to(content: str, member: Any, channel: Any = 0) -> list[discord.Message]:
    """What the bot sends when a member sends a message (`say`), and nothing it sent before."""
    drain()
    await say(content, member, channel)
    return drain()


async def said(content: str, member: Any, channel: Any = 0) -> None:
    """A member sends a message (`say`); what the bot sent for it, and before, is dropped."""
    await say(content, member, channel)
    drain()


async def public_answer(content: str, member: Any) -> discord.Message:
    """The bot's last public message in answer to what a member types (`answer_to`)."""
    return public(await answer_to(content, member))[-1]


async def private_answers(content: str, member: Any) -> list[discord.Message]:
    """The bot's DMs to a member in answer to what they type (`answer_to`): it says nothing in
    public."""
    sent = await answer_to(content, member)
    assert not public(sent), [text_of(m) for m in public(sent)]
    return dms(sent, member)


async def start_two(new: str) -> tuple[Any, Any]:
    """The first member opens a table (`!game new <new>`), the second joins and the first starts
    it; what the bot sent meanwhile is drained. Returns the two members."""
    ana, bo = dpytest.get_config().members[:2]
    await say(f"!game new {new}", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    drain()
    return ana, bo


async def started_nim(
    bot_factory: Any,
    stones: int = 9,
    *,
    seed: str = "seed",
    options: str = "",
    nim: Any = None,
    **bot_options: Any,
) -> tuple[Any, Any, Any]:
    """A bot with the test game Nim (`nim`, the plain one by default) and a table of `stones`
    (and `options`), seeded `seed`, started by its first two members (`start_two`). The bot and
    the two members."""
    from tests.support.nim import NIM

    bot = await bot_factory(games={"test_nim": nim or NIM}, new_seed=lambda: seed, **bot_options)
    ana, bo = await start_two(f"test_nim stones={stones} {options}".strip())
    return bot, ana, bo


async def open_and_join(new: str) -> tuple[Any, Any, list[discord.Message], list[discord.Message]]:
    """The first member opens a lobby (`!game new <new>`) and the second joins it: the two members
    and what the bot sent for each step."""
    ana, bo = dpytest.get_config().members
    await say(f"!game new {new}", ana)
    opened = drain()
    await say("!game join", bo)
    joined = drain()
    return ana, bo, opened, joined


def thread_payload(
    channel: Any,
    thread_id: int,
    *,
    archived: bool = False,
    duration: int = 1440,
    members: int = 1,
    stamp: str | None = None,
) -> Any:
    """A Discord thread under `channel` as the gateway describes one (dpytest makes none):
    archived or not, its auto-archive minutes, its member count and when it was archived (now)."""
    return {
        "id": str(thread_id),
        "guild_id": str(channel.guild.id),
        "parent_id": str(channel.id),
        "owner_id": str(channel.guild.me.id),
        "name": "Nim #1",
        "type": 11,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": members,
        "thread_metadata": {
            "archived": archived,
            "auto_archive_duration": duration,
            "archive_timestamp": stamp or datetime.datetime.now(datetime.UTC).isoformat(),
            "locked": False,
        },
    }


def public(messages: list[discord.Message]) -> list[discord.Message]:
    """The messages posted in server channels (everyone there can read them)."""
    return [m for m in messages if m.guild is not None]


def dms(messages: list[discord.Message], member: discord.abc.User) -> list[discord.Message]:
    """The messages sent to `member` privately."""
    return [m for m in messages if dm_to(m) == member.id]


def text_of(message: discord.Message) -> str:
    """Everything a reader sees of a message: its text and its embeds' text."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


@pytest.fixture
def responses() -> Any:
    """Every interaction response the bot makes, recorded instead of sent (see
    `tests.e2e.test_interactions.Responses`)."""
    from tests.e2e.test_interactions import Responses, answering

    with answering(Responses()) as adapter:
        yield adapter

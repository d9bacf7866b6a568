"""Replays on Discord: the file attached to a game's end message, and `/game replay <table>`.

The file itself is built by `bot.replays` (the whole game replayed, each seat's view, the hidden
facts revealed): here it gets the board pictures (`cogs.games`, drawn as the board draws them),
and is built in a worker thread so the event loop keeps serving other tables meanwhile."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.records import seat_names
from bot.replay_access import held_until, replayable
from bot.replays import LIMIT, Draw, ReplayError, table_replay
from bot.tables import TableError, TableRecord
from cogs.common import NO_PINGS
from cogs.ui.pictures import has_picture, picture_of

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

# how long the end message waits for its replay file; a file not ready by then follows it, in a
# message of its own below (a long game with pictures, on a busy machine)
END_WAIT = 8.0
_LATE: set[asyncio.Task[None]] = set()  # files still being built after their end message went

INTRO = (
    "📼 **Replay**: every move of this game, from every player's eyes. Open the file in a browser."
)


def drawer(bot: SnowboundBot, table: TableRecord) -> Draw | None:
    """The board picture of a public view, as the board draws it (None: the game has none)."""
    game = bot.service.game(table.game)
    if not has_picture(table.game, getattr(game, "picture", False)):
        return None
    names = seat_names(table)

    def draw(observation: Any) -> bytes | None:
        return picture_of(0, table.game, observation, names=names)

    return draw


async def replay_file(bot: SnowboundBot, table: TableRecord) -> tuple[str, bytes]:
    """The replay's file name and content (built in a worker thread)."""
    game = bot.service.game(table.game)
    draw = drawer(bot, table)
    name, content = await table_replay(
        bot.service.store, table, game, draw, now=bot.service.clock()
    )
    if len(content) > LIMIT:  # kept under it by design: measured, never expected
        raise ReplayError("This game's replay is larger than Discord lets me attach.")
    return name, content


def attachment(file: tuple[str, bytes]) -> discord.File:
    name, content = file
    return discord.File(io.BytesIO(content), name, description="The replay of this game")


async def end_replay(
    bot: SnowboundBot, table: TableRecord, channel: Any
) -> tuple[str, bytes] | None:
    """The replay for a game's end message, if it is built within `END_WAIT`; else None, and it
    is posted on its own in `channel` once built. A replay that fails is logged, never in the
    way of the end message. A challenge table's replay waits for its challenge to close (it shows
    the deal other groups may still be playing): `/game replay` posts it then."""
    if held_until(table, bot.service.clock()) is not None:
        return None
    task = asyncio.ensure_future(replay_file(bot, table))
    try:
        return await asyncio.wait_for(asyncio.shield(task), END_WAIT)
    except TimeoutError:
        late = asyncio.ensure_future(_post_late(task, table, channel))
        _LATE.add(late)
        late.add_done_callback(_LATE.discard)
    except Exception:
        log.exception("replay of table %s failed", table.id)
    return None


async def _post_late(
    task: asyncio.Future[tuple[str, bytes]], table: TableRecord, channel: Any
) -> None:
    try:
        file = await task
        await channel.send(INTRO, file=attachment(file), allowed_mentions=NO_PINGS)
    except Exception:
        log.exception("replay of table %s not posted", table.id)


async def replay(bot: SnowboundBot, ctx: commands.Context[Any], table_id: int) -> None:
    """`/game replay <table>`: post a finished table's replay again, for any finished table of
    this server. The table is checked first (one read, answered privately when it cannot be
    replayed); then the command is deferred and the file built off the event loop."""
    guild_id = ctx.guild.id if ctx.guild is not None else None
    try:
        table = await replayable(bot.service.store, table_id, guild_id, bot.service.clock())
    except ReplayError as err:
        raise TableError(str(err)) from None
    await ctx.defer()
    try:
        file = await replay_file(bot, table)
    except ReplayError as err:
        raise TableError(str(err)) from None
    game = bot.service.game(table.game)
    await ctx.send(
        f"📼 **Replay of {game.title}, table #{table.id}**: every move, from every player's eyes. "
        "Open the file in a browser.",
        file=attachment(file),
        allowed_mentions=NO_PINGS,
    )

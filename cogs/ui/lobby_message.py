"""The lobby message: seats and options while players gather, then a link to the table while it
runs, then the result (its embed is drawn in `cogs.common`, beside `leave_thread`, which points it
at the channel when the table's thread is deleted or locked). Also opening the table's thread and
checking a joiner's DMs."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery import message_ref
from bot.tables import TableRecord
from cogs.common import lobby_embed as lobby_embed  # the lobby embed lives beside `leave_thread`
from cogs.common import pings
from cogs.common import where_played as where_played

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

LONGEST_ARCHIVE = 10080  # minutes (7 days): the longest auto-archive Discord offers a thread


async def open_thread(bot: SnowboundBot, table: TableRecord, channel: Any) -> Any:
    """The table's thread, opened on its lobby message; None to play in the channel."""
    if not bot.settings.use_threads or not isinstance(channel, discord.TextChannel):
        return None
    name = f"{bot.service.games[table.game].title} #{table.id}"
    # a paced table's moves are days apart: its thread stays open as long as Discord allows
    longest: dict[str, Any] = {"auto_archive_duration": LONGEST_ARCHIVE} if table.pace else {}
    try:
        if table.lobby_message_id:
            lobby = message_ref(bot, channel, table.lobby_message_id)
            return await lobby.create_thread(name=name, **longest)
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread, **longest
        )
    except Exception as err:  # no permission, or not supported: play in the channel
        log.info("no thread for table %s (%s); playing in the channel", table.id, err)
        return None


async def check_dm(
    bot: SnowboundBot, user: discord.abc.User, table: TableRecord, channel: Any
) -> None:
    """DM reachability is tested when a player joins, so nobody learns it mid-game."""
    title = bot.service.games[table.game].title
    sent = await bot.delivery.dm(
        user.id,
        content=f"You joined **{title}** (table #{table.id}). Your hand and moves arrive here.",
    )
    if sent is None and channel is not None:
        await channel.send(
            f"{user.mention}, your DMs are closed, so I cannot send your hand privately. "
            "Open them, or use `/game hand` during the game.",
            allowed_mentions=pings(user.id),
        )

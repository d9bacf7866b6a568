"""The lobby message: seats and options while players gather, then a link to the table while it
runs, then the result. Also opening the table's thread and checking a joiner's DMs."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery import message_ref
from bot.tables import Ending, TableRecord, TableService
from cogs.common import clip, pings
from cogs.ui.board import COLOUR, MAX_DESCRIPTION

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

LONGEST_ARCHIVE = 10080  # minutes (7 days): the longest auto-archive Discord offers a thread


def where_played(table: TableRecord) -> str:
    """A link to where the table is played: its thread, else its channel."""
    place = table.thread_id or table.channel_id
    return f"<#{place}>" if place else "this channel"


def lobby_embed(
    service: TableService, table: TableRecord, ending: Ending | None = None
) -> discord.Embed:
    """The lobby as an embed. While the game runs it links to the table; once it is over it
    says how it ended (`ending`, when the caller has it)."""
    title = f"{service.games[table.game].title} — table #{table.id}"
    text = service.lobby_text(table)
    if table.status == "lobby":
        footer = "Join, add AI players, and the host presses Start."
    elif table.status == "active":
        text = f"▶ **Playing now in {where_played(table)}.**\n\n{text}"
        footer = "The game is on: follow it in the thread."
    elif table.status == "finished":
        if ending is not None:
            result = f"🏁 **{ending.headline}** {ending.why}".rstrip()
            text = f"{result}\n\nPlayed in {where_played(table)}.\n\n{text}"
        else:
            text = f"🏁 **The game is over**: the result is in {where_played(table)}.\n\n{text}"
        footer = "Game over."
    else:
        text = f"This table was closed before the end (played in {where_played(table)}).\n\n{text}"
        footer = "Table closed."
    embed = discord.Embed(title=title, description=clip(text, MAX_DESCRIPTION), colour=COLOUR)
    embed.set_footer(text=footer)
    return embed


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

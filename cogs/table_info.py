"""The bodies of `/game hand`, `/game hint`, `/game status` and `/game log`: the table as a player
asks to see it again (their private panel, the board picture with their moves marked, the public
board posted again, the recent public events). The commands are declared in `cogs.lobby.LobbyCog`
(a hybrid group lives in one cog) and call these: parse → service → render → reply."""

from __future__ import annotations

import asyncio
import io
import math
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.tables import TableError, seat_of
from cogs.common import NO_PINGS, clip, private, resolve_table
from cogs.present import (
    board_message,
    lobby_embed,
    panel_message,
    picture_of,
    private_update,
    show_board,
)
from cogs.ui.board import table_place

if TYPE_CHECKING:
    from bot.app import SnowboundBot

# `/game log` replays the game's public lines, the costliest read: one call per user and table
# every ten seconds keeps a member from slowing every other table
LOG_EVERY = 10.0


async def hand(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """Your private view and moves (only you see it)."""
    table = await resolve_table(ctx, lobby=False)
    seat = seat_of(table, ctx.author.id)
    if seat is None:
        raise TableError("You are not playing at this table: `/game watch` follows it, privately.")
    update = private_update(bot.service, table, seat)
    await private(ctx, **panel_message(bot.service, table, update))
    await bot.delivery.reopen(table.id, seat)  # a refused DM is tried again from now


async def hint(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """The board picture with your legal spots marked (only you see it)."""
    table = await resolve_table(ctx, lobby=False)
    seat = seat_of(table, ctx.author.id)
    if seat is None:
        raise TableError("You are not playing at this table.")
    # a picture marks the moves of the seat to act, so out of turn it would show someone else's
    mine = seat in bot.service.waiting_for(table)
    if ctx.interaction is not None:  # drawing may take a while: answer first
        await ctx.defer(ephemeral=True)
    observation = bot.service.observation(table, seat)
    png = await asyncio.to_thread(
        picture_of, bot.service, table, observation, hints=mine, cache=bot.pictures
    )
    if png is None:
        raise TableError("This game has no board picture; `/game hand` lists your moves.")
    note = None if mine else "It is not your turn, so nothing is marked on this picture."
    await private(ctx, note, file=discord.File(io.BytesIO(png), "hint.png"))


async def status(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """Post the public board again."""
    table = await resolve_table(ctx)
    if table.status == "lobby":
        await ctx.send(embed=lobby_embed(bot.service, table))
        return
    if table.status == "active":  # the live board comes down here; the old one is folded
        if ctx.interaction is not None:
            await ctx.defer(ephemeral=True)
        channel = await table_place(bot, table) or ctx.channel
        await show_board(bot, table, channel, None, [], below=True)
        if ctx.interaction is not None:
            await ctx.send("The board is at the bottom of the table's thread.", ephemeral=True)
        return
    if ctx.interaction is not None:  # the final board's picture is drawn: answer first
        await ctx.defer()
    message = await board_message(bot.service, table, cache=bot.pictures)
    files = message.pop("attachments", None)
    await ctx.send(**message, **({"files": files} if files else {}))


async def log(
    bot: SnowboundBot, ctx: commands.Context[Any], count: int, calls: dict[tuple[int, int], float]
) -> None:
    """Recent public events."""
    table = await resolve_table(ctx, lobby=False)
    key = (ctx.author.id, table.id)
    now = time.monotonic()
    wait = LOG_EVERY - (now - calls.get(key, -LOG_EVERY))
    if wait > 0:
        raise TableError(
            f"You asked for this table's log a moment ago: try again in {math.ceil(wait)} s."
        )
    calls[key] = now
    lines = await bot.service.log(table, count)
    text = clip("\n".join(lines) or "Nothing has happened yet.", 1900)
    await ctx.send(text, allowed_mentions=NO_PINGS)

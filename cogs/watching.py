"""The bodies of `/game watch` and `/game unwatch`: spectators follow a table's public view; and
of `/game resign`, after which the member is a spectator.

What a spectator sees and how it is kept up to date is `bot.watchers` (the words) and
`cogs.ui.watch` (the panel, the Watch button and the hook after each change)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.tables import Played, TableRecord
from cogs.common import private, resolve_table
from cogs.ui.publish import publish, show_early
from cogs.ui.watch import deliver, start_watching, stop_watching

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)


async def watch(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """Follow this channel's table (a lobby or a running game) as a spectator."""
    table = await resolve_table(ctx)
    if ctx.interaction is not None:  # a DM and the thread follow: answer first
        await ctx.defer(ephemeral=True)
    text, panel = await start_watching(bot, table, ctx.author)
    await private(ctx, text, **panel)


async def unwatch(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """Stop following this channel's table."""
    table = await resolve_table(ctx)
    if ctx.interaction is not None:  # the DM panel is closed and the thread left: answer first
        await ctx.defer(ephemeral=True)
    await stop_watching(bot, table, ctx.author.id)
    await private(ctx, f"You stopped watching table #{table.id}.")


async def resigned(bot: SnowboundBot, table: TableRecord, user: discord.abc.User) -> None:
    """After `/game resign`: the member becomes a spectator of the table they left, and gets the
    public view from now on (what they saw while seated stays in their old panel)."""
    record = await bot.service.watchers.resigned(table, user.id)
    if record is None:
        return
    try:
        await deliver(bot, record, await bot.service.watchers.spectator_view(table))
    except discord.HTTPException as err:
        log.warning("spectator panel of table %s for %s not sent (%s)", table.id, user.id, err)


async def resign(bot: SnowboundBot, ctx: commands.Context[Any], table_id: int) -> None:
    """`/game resign`, answered already: the member told, the thread shows it and the member
    becomes a spectator, before a searching AI now in the seat thinks (`show_early`); then the
    AI seats' moves."""

    async def first(played: Played) -> None:
        await private(ctx, "You have resigned; an AI plays your seat.")
        await publish(bot, played)
        await resigned(bot, played.table, ctx.author)  # a spectator from now on

    await show_early(
        lambda show: bot.service.resign(table_id, ctx.author.id, show=show),
        first,
        lambda played: publish(bot, played),
    )

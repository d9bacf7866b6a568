"""`/play <move>` (and `!play <move>`): a legal move by its label or the game's notation."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import SecretMoveError, seat_of
from cogs.common import handle_command_error, hybrid_command, resolve_table
from cogs.present import publish
from rules.parsing import normalise

if TYPE_CHECKING:
    from bot.app import SnowboundBot


MOVE_TEXT = 300  # the engine refuses longer typed moves; Discord enforces this on `/play`


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        await handle_command_error(ctx, error)

    @hybrid_command("play")
    @app_commands.describe(move="your move: pick from the list or type it")
    async def play(
        self, ctx: commands.Context[Any], *, move: commands.Range[str, 1, MOVE_TEXT]
    ) -> None:
        """Make a move at this channel's table."""
        table = await resolve_table(ctx, lobby=False)
        if ctx.interaction is not None:
            await ctx.defer(ephemeral=True)
        in_public = ctx.interaction is None and ctx.guild is not None
        try:
            played = await self.service.act(table.id, ctx.author.id, move, in_public=in_public)
        except SecretMoveError:
            with contextlib.suppress(discord.HTTPException):
                await ctx.message.delete()  # a ballot typed in the channel: gone before it is read
            raise
        await publish(self.bot, played)
        if ctx.interaction is not None:
            await ctx.send("Done.", ephemeral=True)

    @play.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.choices(interaction.channel_id, interaction.user.id, current)

    async def choices(
        self, channel_id: int | None, user_id: int, current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal moves whose label contains every word typed so far (max 25)."""
        if channel_id is None:
            return []
        table = await self.service.table_in(channel_id)
        if table is None or table.status != "active":
            return []
        seat = seat_of(table, user_id)
        if seat is None:
            return []
        words = normalise(current).split()
        found = []
        for label in self.service.labels(table, seat):
            text = normalise(label)
            if all(word in text for word in words):
                found.append(app_commands.Choice(name=label[:100], value=label[:100]))
            if len(found) == 25:
                break
        return found


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(PlayCog(bot))


__all__ = ["PlayCog"]

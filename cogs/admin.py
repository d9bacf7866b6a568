"""Owner tools: syncing slash commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import SnowboundBot


class AdminCog(commands.Cog, name="Admin"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[Any], scope: str = "global") -> None:
        """`!sync` publishes slash commands everywhere (takes up to an hour); `!sync here` now."""
        if scope == "here" and ctx.guild is not None:
            self.bot.tree.copy_global_to(guild=ctx.guild)
            synced = await self.bot.tree.sync(guild=ctx.guild)
        else:
            synced = await self.bot.tree.sync()
        await ctx.send(f"Synced {len(synced)} slash commands ({scope}).")

    @sync.error
    async def sync_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        if isinstance(error, commands.NotOwner):
            await ctx.send("Only the bot's owner can sync commands.")
        else:
            raise error


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(AdminCog(bot))


__all__ = ["AdminCog"]

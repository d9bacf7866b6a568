"""The body of `/game challenge`: today's seeded challenge and its leaderboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.tables import TableError

if TYPE_CHECKING:
    from bot.app import SnowboundBot


async def challenge(bot: SnowboundBot, ctx: commands.Context[Any], game: str) -> None:
    raise TableError("Challenges are not available yet.")

"""The body of `/game replay`: a finished table's replay as one HTML file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.tables import TableError

if TYPE_CHECKING:
    from bot.app import SnowboundBot


async def replay(bot: SnowboundBot, ctx: commands.Context[Any], table_id: int) -> None:
    raise TableError("Replays are not available yet.")

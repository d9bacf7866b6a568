"""The bodies of `/game watch` and `/game unwatch`: spectators follow a table's public view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord.ext import commands

from bot.tables import TableError

if TYPE_CHECKING:
    from bot.app import SnowboundBot


async def watch(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    raise TableError("Watching a table is not available yet.")


async def unwatch(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    raise TableError("Watching a table is not available yet.")

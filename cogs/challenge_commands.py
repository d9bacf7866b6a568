"""The bodies of `/game challenge` (today's seeded challenges and how every group did) and
`/game challenge-server` (whether other servers see this server's name there): parse → service
(`bot.challenges`) → render → reply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import challenge_standings, challenges
from bot.tables import TableError
from cogs.common import NO_PINGS, can_manage, clip, private
from cogs.present import COLOUR

if TYPE_CHECKING:
    from bot.app import SnowboundBot

HOW = (
    "Every group plays the same deal and dice, on every server. Play one with "
    "`/game new <game> challenge=daily` (or `weekly`, or a code someone shared); "
    "no take-backs. A code played after its close is practice, shown apart."
)
FOOTER = (
    "A group's names are shown only on its own server; a server's name only if it allows it "
    "(/game challenge-server)."
)
EMBED_ROOM = 5_000  # of Discord's 6,000 characters an embed may hold, for the fields


async def challenge(bot: SnowboundBot, ctx: commands.Context[Any], game: str) -> None:
    """Today's and this week's challenge of every game (or of one game, or one code) with their
    leaderboards, as a public embed that pings nobody."""
    guild = ctx.guild
    if guild is not None:
        await _keep_name(bot, guild)
    service = bot.service
    shown = await challenge_standings.overview(
        service.store, service.games, service.clock, game, guild.id if guild else None
    )
    embed = discord.Embed(title="Challenges", description=HOW, colour=COLOUR)
    room = min(1024, EMBED_ROOM // max(1, len(shown)))
    for heading, lines in shown[:25]:
        embed.add_field(name=clip(heading, 256), value=clip("\n".join(lines), room), inline=False)
    embed.set_footer(text=FOOTER)
    await ctx.send(embed=embed, allowed_mentions=NO_PINGS)


async def server_name(bot: SnowboundBot, ctx: commands.Context[Any], choice: str) -> None:
    """Show or hide this server's name beside its groups on other servers' challenge
    leaderboards (off until someone with Manage Server switches it on)."""
    guild = ctx.guild
    if guild is None:
        raise TableError("This setting belongs to a server: use it in one of its channels.")
    if not can_manage(ctx.author):
        raise TableError("Only someone with Manage Server can change this setting.")
    word = choice.strip().casefold()
    if word not in ("show", "hide"):
        raise TableError("Say `show` (other servers see this server's name) or `hide`.")
    show = word == "show"
    await challenge_standings.show_server(bot.service.store, guild.id, guild.name if show else None)
    await private(
        ctx,
        f"Other servers now see “{clip(guild.name, 100)}” beside this server's challenge results."
        if show
        else "Other servers no longer see this server's name beside its challenge results.",
    )


async def _keep_name(bot: SnowboundBot, guild: discord.Guild) -> None:
    """A server that shows its name: keep the stored name up to date with the server's."""
    settings = await bot.service.store.guild_settings(guild.id)
    if settings.get(challenges.SHOW_SERVER) and settings.get(challenges.SERVER_NAME) != guild.name:
        await challenge_standings.show_server(bot.service.store, guild.id, guild.name)

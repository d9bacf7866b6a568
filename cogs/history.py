"""The bodies of `/game undo`, `/game stats` and `/game leaderboard` (issue 12 §4, §6).

The commands themselves are subcommands of the `/game` group, so they are declared at the end of
`cogs.lobby.LobbyCog` (a hybrid group lives in one cog) and call these functions: parse → service
→ render → reply, like every cog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.history import leaderboard_lines, stats_lines
from bot.tables import TableError
from cogs.common import NO_PINGS, display_name, private, resolve_table
from cogs.present import COLOUR, publish

if TYPE_CHECKING:
    from bot.app import SnowboundBot


async def undo(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """Take back the author's last move; the board, the feed and the panels follow through the
    same publishing as a move, and the author hears it privately."""
    table = await resolve_table(ctx, lobby=False)
    played = await bot.service.undo(table.id, ctx.author.id)
    # answered before anything is sent (Discord allows an interaction 3 s for its first answer)
    await private(ctx, "Your move was taken back: it is your move again.")
    await publish(bot, played)


async def stats(
    bot: SnowboundBot, ctx: commands.Context[Any], member: discord.abc.User | None
) -> None:
    """A member's games per game at this server, as a public embed that pings nobody."""
    who = member or ctx.author
    guild_id = ctx.guild.id if ctx.guild is not None else None
    tallies = await bot.service.stats(who.id, guild_id)
    titles = {key: game.title for key, game in bot.service.games.items()}
    where = "at this server" if guild_id is not None else "everywhere"
    embed = discord.Embed(title=f"{display_name(who)}'s games {where}", colour=COLOUR)
    if not tallies:
        embed.description = "No finished games yet."
    else:
        embed.description = "\n".join(stats_lines(tallies, titles))
        won = sum(t.won for t in tallies)
        played = sum(t.played for t in tallies)
        embed.set_footer(
            text=f"{played} played, {won} won. Co-operative wins count for every player."
        )
    await ctx.send(embed=embed, allowed_mentions=NO_PINGS)


async def leaderboard(bot: SnowboundBot, ctx: commands.Context[Any], game: str) -> None:
    """This server's top 10 by wins (one game's, or all games'), as a public embed."""
    if ctx.guild is None:
        raise TableError("Leaderboards belong to a server: ask in one of its channels.")
    rows = await bot.service.leaderboard(ctx.guild.id, game or None)
    title = bot.service.game(game).title if game else "all games"
    embed = discord.Embed(title=f"Leaderboard — {title}", colour=COLOUR)
    embed.description = (
        "\n".join(leaderboard_lines(rows, mention=True)) if rows else "No finished games yet."
    )
    embed.set_footer(text="Wins at finished games; co-operative wins count for every player.")
    await ctx.send(embed=embed, allowed_mentions=NO_PINGS)

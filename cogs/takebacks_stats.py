"""The bodies of `/game undo`, `/game stats` and `/game leaderboard` (issue 12 §4, §6; ratings:
issue 35 §4, `bot.ratings`).

The commands themselves are subcommands of the `/game` group, so they are declared at the end of
`cogs.lobby.LobbyCog` (a hybrid group lives in one cog) and call these functions: parse → service
→ render → reply, like every cog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.standings import board_heading, board_lines, member_lines
from bot.tables import TableError
from cogs.common import NO_PINGS, clip, display_name, private, resolve_table
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
    """A member's games per game at this server, each rated game's rating and its trend, and each
    co-operative game's run of wins, as a public embed that pings nobody."""
    who = member or ctx.author
    guild_id = ctx.guild.id if ctx.guild is not None else None
    found = await bot.service.member_stats(who.id, guild_id)
    titles = {key: game.title for key, game in bot.service.games.items()}
    where = "at this server" if guild_id is not None else "everywhere"
    embed = discord.Embed(title=f"{display_name(who)}'s games {where}", colour=COLOUR)
    if not found:
        embed.description = "No finished games yet."
    else:
        embed.description = clip("\n".join(member_lines(found, titles)), DESCRIPTION)
        tallies = [entry.tally for entry in found if entry.tally is not None]
        won = sum(t.won for t in tallies)
        played = sum(t.played for t in tallies)
        note = STATS_NOTE if guild_id is not None else "Ratings belong to a server: ask there."
        embed.set_footer(text=f"{played} played, {won} won. {note}")
    await ctx.send(embed=embed, allowed_mentions=NO_PINGS)


async def leaderboard(bot: SnowboundBot, ctx: commands.Context[Any], game: str) -> None:
    """This server's leaderboard as a public embed: one game's lists (its ratings, its
    co-operative wins, or both) with the top 10, or every game's with the top 5, each list named."""
    if ctx.guild is None:
        raise TableError("Leaderboards belong to a server: ask in one of its channels.")
    lists = await bot.service.leaderboards(ctx.guild.id, game or None)
    titles = {key: g.title for key, g in bot.service.games.items()}
    title = bot.service.game(game).title if game else "every game"
    embed = discord.Embed(title=f"Leaderboard — {title}", colour=COLOUR)
    shown = [board for board in lists if board.rows]
    if not shown:
        embed.description = "No finished games yet."
    elif game and len(lists) == 1:
        embed.description = clip("\n".join(board_lines(shown[0], mention=True)), DESCRIPTION)
        embed.set_footer(text=NOTES[shown[0].kind])
    else:
        for board in shown[:FIELDS]:
            embed.add_field(
                name=board_heading(board, titles),
                value=clip("\n".join(board_lines(board, mention=True)), FIELD),
                inline=False,
            )
        kinds = {board.kind for board in shown}
        embed.set_footer(text=" ".join(NOTES[kind] for kind in NOTES if kind in kinds))
    await ctx.send(embed=embed, allowed_mentions=NO_PINGS)


DESCRIPTION = 4000  # Discord allows 4,096 characters in an embed's description
# The overview: at most 8 lists (5 games, Dead of Winter twice) of 5 players (about 80 characters
# a line), each clipped to 600 characters: with names and footer well under an embed's 6,000.
FIELD = 600
FIELDS = 8
STATS_NOTE = (
    "A rating rises as you beat strong players and is provisional for 5 rated games; games "
    "with an AI or a substitute are unrated. Co-operative wins count for every player."
)
NOTES = {
    "rated": "Rating: a cautious estimate that rises as you beat strong players; provisional "
    "for the first 5 rated games. Games with an AI or a substitute are unrated.",
    "co-op": "Co-operative wins count for every player at the table.",
    "wins": "Wins at finished games.",
}

"""`/game …`: lobbies, seats, starting, views, leaving. Thin: parse → service → render → reply."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import message_ref
from bot.tables import Player, TableError, seat_of, user_error
from cogs.ui import (
    DYNAMIC_ITEMS,
    ConfirmAbandon,
    LobbyView,
    board_message,
    can_manage,
    clip,
    lobby_embed,
    panel_message,
    picture_of,
    private_update,
    publish,
    reply_error,
)
from rules.core import seat_range
from rules.parsing import parse_options
from storage.base import TableRecord

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or user.name
    return clip(discord.utils.escape_markdown(name), 40)


async def private(ctx: commands.Context[Any], content: str | None = None, **message: Any) -> None:
    """Reply so only the author sees it: ephemeral for slash commands, a DM for chat commands."""
    if ctx.interaction is not None:
        await ctx.send(content, ephemeral=True, **message)
        return
    bot: SnowboundBot = ctx.bot
    if await bot.delivery.dm(ctx.author.id, content=content, **message) is None:
        await ctx.send(
            f"{ctx.author.mention}, I could not DM you the answer: use the slash command "
            "instead, so that only you see it.",
            allowed_mentions=discord.AllowedMentions(users=[ctx.author]),
        )


async def resolve_table(ctx: commands.Context[Any], *, lobby: bool | None = None) -> TableRecord:
    """The table this command is about: the one in this thread/channel, or in a DM your only one."""
    bot: SnowboundBot = ctx.bot
    service = bot.service
    if ctx.guild is not None:
        table = await service.table_in(ctx.channel.id)
        if table is None:
            raise TableError("There is no table in this channel. Open one with `/game new <game>`.")
    else:
        mine = await service.tables_of(ctx.author.id)
        if len(mine) != 1:
            raise TableError(
                "Use this command in your table's channel or thread"
                + (" (you sit at several tables)." if mine else ".")
            )
        table = mine[0]
    if lobby is True and table.status != "lobby":
        raise TableError("The game at this table has already started.")
    if lobby is False and table.status == "lobby":
        raise TableError("The game has not started yet: the host starts it with `/game start`.")
    return table


async def refresh_lobby(bot: SnowboundBot, table: TableRecord, channel: Any) -> None:
    """Edit the lobby message in place (or post it if it is gone)."""
    embed, view = lobby_embed(bot.service, table), LobbyView(table)
    if table.lobby_message_id and channel is not None:
        try:
            await message_ref(bot, channel, table.lobby_message_id).edit(embed=embed, view=view)
            return
        except discord.HTTPException:
            log.info("lobby message of table %s is gone", table.id)
    if channel is not None:
        sent = await channel.send(embed=embed, view=view)
        await bot.service.remember(table.id, lobby_message_id=sent.id)


async def begin(bot: SnowboundBot, table_id: int, user: discord.abc.User, channel: Any) -> None:
    """Start the table, open its thread (or stay in the channel), then show everything."""
    service = bot.service
    played = await service.start(table_id, user.id, can_manage=can_manage(user))
    table = played.table
    await refresh_lobby(bot, table, channel)
    thread = await open_thread(bot, table, channel)
    if thread is not None:
        table = await service.remember(table.id, thread_id=thread.id)
        played.table = table
    await publish(bot, played)


async def open_thread(bot: SnowboundBot, table: TableRecord, channel: Any) -> Any:
    if not bot.settings.use_threads or not isinstance(channel, discord.TextChannel):
        return None
    name = f"{bot.service.games[table.game].title} #{table.id}"
    try:
        if table.lobby_message_id:
            return await message_ref(bot, channel, table.lobby_message_id).create_thread(name=name)
        return await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    except Exception as err:  # no permission, or not supported: play in the channel
        log.info("no thread for table %s (%s); playing in the channel", table.id, err)
        return None


async def lobby_operation(interaction: discord.Interaction, table_id: int, op: str) -> None:
    """A lobby button: join, leave, add an AI, or start."""
    bot: SnowboundBot = interaction.client  # type: ignore[assignment]
    service = bot.service
    user = interaction.user
    try:
        if op == "start":
            await interaction.response.defer()
            await begin(bot, table_id, user, interaction.channel)
            return
        if op == "join":
            table = await service.join(table_id, Player(user.id, display_name(user)))
            await check_dm(bot, user, table, interaction.channel)
        elif op == "leave":
            table = await service.leave(table_id, user.id)
        else:
            table = await service.add_agent(table_id, user.id)
    except Exception as err:
        await reply_error(interaction, err)
        return
    await interaction.response.edit_message(
        embed=lobby_embed(service, table), view=LobbyView(table)
    )


async def check_dm(
    bot: SnowboundBot, user: discord.abc.User, table: TableRecord, channel: Any
) -> None:
    """DM reachability is tested when a player joins, so nobody learns it mid-game."""
    title = bot.service.games[table.game].title
    sent = await bot.delivery.dm(
        user.id,
        content=f"You joined **{title}** (table #{table.id}). Your hand and moves arrive here.",
    )
    if sent is None and channel is not None:
        await channel.send(
            f"{user.mention}, your DMs are closed, so I cannot send your hand privately. "
            "Open them, or use `/game hand` during the game.",
            allowed_mentions=discord.AllowedMentions(users=[user]),
        )


class LobbyCog(commands.Cog, name="Games"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        await handle_command_error(ctx, error)

    @commands.hybrid_group(name="game", invoke_without_command=True)
    async def game(self, ctx: commands.Context[Any]) -> None:
        """Show this channel's table again."""
        await self.status(ctx)

    @game.command(name="help")
    async def help(self, ctx: commands.Context[Any]) -> None:
        """How to play with Snowbound."""
        await private(ctx, HELP.replace("!", ctx.prefix if ctx.interaction is None else "/"))

    @commands.command(name="help")
    async def plain_help(self, ctx: commands.Context[Any]) -> None:
        """`!help`: the same as `!game help`."""
        await self.help(ctx)

    @game.command(name="list")
    async def list_games(self, ctx: commands.Context[Any]) -> None:
        """The games Snowbound hosts."""
        lines = []
        for key, game in sorted(self.service.games.items(), key=lambda kv: kv[1].title):
            players = seat_range(game)
            lines.append(f"**{game.title}** (`{key}`, {players} players) — {game.pitch}")
        await ctx.send("\n".join(lines))

    @game.command(name="new")
    @app_commands.describe(game="which game", options="variant options, as key=value pairs")
    async def new(self, ctx: commands.Context[Any], game: str, *, options: str = "") -> None:
        """Open a lobby for a game in this channel."""
        if ctx.guild is None:
            raise TableError("Open tables in a server channel, not in DMs.")
        parsed = parse_options(options.split()) if options.strip() else None
        table = await self.service.open(
            game,
            Player(ctx.author.id, display_name(ctx.author)),
            guild_id=ctx.guild.id,
            channel_id=ctx.channel.id,
            options=parsed,
        )
        sent = await ctx.send(embed=lobby_embed(self.service, table), view=LobbyView(table))
        await self.service.remember(table.id, lobby_message_id=sent.id)
        await check_dm(self.bot, ctx.author, table, ctx.channel)

    @new.autocomplete("game")
    async def new_game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        wanted = current.casefold()
        return [
            app_commands.Choice(name=game.title, value=key)
            for key, game in sorted(self.service.games.items())
            if wanted in key or wanted in game.title.casefold()
        ][:25]

    @game.command(name="join")
    async def join(self, ctx: commands.Context[Any]) -> None:
        """Take a seat at this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.join(table.id, Player(ctx.author.id, display_name(ctx.author)))
        await self.lobby_changed(ctx, table, f"{display_name(ctx.author)} joined.")
        await check_dm(self.bot, ctx.author, table, ctx.channel)

    @game.command(name="leave")
    async def leave(self, ctx: commands.Context[Any]) -> None:
        """Leave this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.leave(table.id, ctx.author.id)
        await self.lobby_changed(ctx, table, f"{display_name(ctx.author)} left.")

    @game.command(name="ai")
    @app_commands.describe(level="AI level: heuristic (default) or random")
    async def ai(self, ctx: commands.Context[Any], level: str | None = None) -> None:
        """Add an AI player to this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.add_agent(table.id, ctx.author.id, level)
        await self.lobby_changed(ctx, table, f"{table.seats[-1].name} joined.")

    @game.command(name="kick")
    @app_commands.describe(member="the player to remove")
    async def kick(self, ctx: commands.Context[Any], member: discord.Member) -> None:
        """Remove a player from the lobby (host or Manage Server)."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.kick(
            table.id, ctx.author.id, member.id, can_manage=can_manage(ctx.author)
        )
        await self.lobby_changed(ctx, table, f"{display_name(member)} was removed.")

    async def lobby_changed(
        self, ctx: commands.Context[Any], table: TableRecord, line: str
    ) -> None:
        await refresh_lobby(self.bot, table, ctx.channel)
        await ctx.send(line, ephemeral=False)

    @game.command(name="start")
    async def start(self, ctx: commands.Context[Any]) -> None:
        """Start the game (host)."""
        table = await resolve_table(ctx, lobby=True)
        if ctx.interaction is not None:
            await ctx.defer()
        await begin(self.bot, table.id, ctx.author, ctx.channel)
        if ctx.interaction is not None:
            await ctx.send("Started.", ephemeral=True)

    @game.command(name="hand")
    async def hand(self, ctx: commands.Context[Any]) -> None:
        """Your private view and moves (only you see it)."""
        table = await resolve_table(ctx, lobby=False)
        seat = seat_of(table, ctx.author.id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        update = private_update(self.service, table, seat)
        await private(ctx, **panel_message(self.service, table, update))

    @game.command(name="hint")
    async def hint(self, ctx: commands.Context[Any]) -> None:
        """The board picture with your legal spots marked (only you see it)."""
        table = await resolve_table(ctx, lobby=False)
        seat = seat_of(table, ctx.author.id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        # a picture marks the moves of the seat to act, so out of turn it would show someone else's
        mine = seat in self.service.waiting_for(table)
        observation = self.service.observation(table, seat)
        png = await asyncio.to_thread(picture_of, table, observation, hints=mine)
        if png is None:
            raise TableError("This game has no board picture; `/game hand` lists your moves.")
        note = None if mine else "It is not your turn, so nothing is marked on this picture."
        await private(ctx, note, file=discord.File(io.BytesIO(png), "hint.png"))

    @game.command(name="status")
    async def status(self, ctx: commands.Context[Any]) -> None:
        """Post the public board again."""
        table = await resolve_table(ctx)
        if table.status == "lobby":
            await ctx.send(embed=lobby_embed(self.service, table))
            return
        message = await board_message(self.service, table)
        files = message.pop("attachments", None)
        sent = await ctx.send(**message, **({"files": files} if files else {}))
        await self.service.remember(table.id, board_message_id=sent.id)

    @game.command(name="log")
    @app_commands.describe(count="how many events (default 15)")
    async def log(self, ctx: commands.Context[Any], count: int = 15) -> None:
        """Recent public events."""
        table = await resolve_table(ctx, lobby=False)
        lines = await self.service.log(table, max(1, min(count, 50)))
        await ctx.send(clip("\n".join(lines) or "Nothing has happened yet.", 1900))

    @game.command(name="rules")
    @app_commands.describe(game="which game (default: this channel's)")
    async def rules(self, ctx: commands.Context[Any], game: str | None = None) -> None:
        """A rules summary."""
        if game is None:
            table = await self.service.table_in(ctx.channel.id) if ctx.guild else None
            if table is None:
                raise TableError("Name a game: `/game rules coldest_night`.")
            game = table.game
        found = self.service.game(game)
        await ctx.send(clip(f"**{found.title}**\n{found.rules_text()}", 1990))

    @game.command(name="resign")
    async def resign(self, ctx: commands.Context[Any]) -> None:
        """Leave a running game; an AI takes your seat."""
        table = await resolve_table(ctx, lobby=False)
        played = await self.service.resign(table.id, ctx.author.id)
        await publish(self.bot, played)
        await private(ctx, "You have resigned; an AI plays your seat.")

    @game.command(name="abandon")
    async def abandon(self, ctx: commands.Context[Any]) -> None:
        """End this table for everyone (host or Manage Server), after a confirmation."""
        table = await resolve_table(ctx)
        if ctx.author.id != table.host_id and not can_manage(ctx.author):
            raise TableError("Only the host (or someone with Manage Server) can end this table.")
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmAbandon(table.id, ctx.author.id))
        await private(ctx, f"End table #{table.id} for everyone?", view=view)


HELP = """**Snowbound** hosts winter tabletop games. Every command works with `/` or `!`.
`!game list` the games · `!game new <game> [key=value …]` open a lobby here
`!game join` / `!game leave` / `!game ai [heuristic|random]` seats · `!game start` (host)
`!play <move>` make a move (the slash command lists your moves as you type)
`!game hand` your hand and moves, privately · `!game hint` your spots on the board picture
`!game status` the board again · `!game log [n]` recent events · `!game rules [game]`
`!game resign` an AI takes your seat · `!game abandon` end the table (host)
Your hand and moves also arrive by DM, with buttons; you are mentioned when it is your move."""


async def handle_command_error(ctx: commands.Context[Any], error: Exception) -> None:
    original = error
    while (
        isinstance(
            original,
            commands.CommandInvokeError
            | commands.HybridCommandError
            | app_commands.CommandInvokeError,
        )
        and original.__cause__ is not None
    ):
        original = original.__cause__  # type: ignore[assignment]
    original = getattr(original, "original", original)
    message = user_error(original)
    if message is None:
        if isinstance(original, commands.MissingRequiredArgument):
            message = (
                f"Missing `{original.param.name}`. Usage: `{ctx.prefix}{ctx.command} "
                f"{ctx.command.signature if ctx.command else ''}`"
            )
        elif isinstance(original, commands.BadArgument | commands.UserInputError):
            message = str(original)
        elif isinstance(original, commands.CheckFailure):
            message = "You are not allowed to use this command."
        else:
            log.error("command %s failed", ctx.command, exc_info=original)
            message = "Sorry, something went wrong on my side. Nothing was changed."
    await private(ctx, message)


async def setup(bot: SnowboundBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(LobbyCog(bot))


__all__ = ["LobbyCog", "handle_command_error", "lobby_operation", "private", "resolve_table"]

"""`/game …`: lobbies, seats, starting, views, leaving. Thin: parse → service → render → reply."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import Player, TableError, TableRecord
from cogs import (
    challenge_commands,
    me,
    replay_commands,
    suggest,
    table_info,
    takebacks_stats,
    watching,
)
from cogs.common import (
    NO_PINGS,
    answer_privately,
    can_manage,
    clip,
    display_name,
    handle_command_error,
    hybrid_command,
    hybrid_group,
    private,
    resolve_table,
    subcommand,
)
from cogs.me import PACE_ITEMS
from cogs.present import (
    DYNAMIC_ITEMS,
    KIT,
    ConfirmAbandon,
    LobbyView,
    begin,
    check_dm,
    lobby_embed,
    publish,
    refresh_lobby,
)
from rules.core import seat_range
from rules.parsing import parse_options

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

# the longest text a slash option accepts (Discord enforces `max_length`; chat commands are refused
# with one sentence): no game or level name is longer, no set of options needs more
GAME_NAME = 40
OPTIONS_TEXT = 400
# the bound Discord enforces on `/game log count` (a chat command outside it is refused with one
# sentence): the most events a log shows. `/game sub seat` has no upper bound: a slash command's
# schema is fixed when it is synced, and a game registered later may seat more, so the service
# refuses a seat the table does not have, naming the table's seats (`MemberSettings.sub_seat`).
LOG_MOST = 50


class LobbyCog(commands.Cog, name="Games"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.log_calls: dict[tuple[int, int], float] = {}  # (user, table) → last `/game log`

    async def cog_load(self) -> None:
        """The persistent buttons are registered once, in the bot's `setup_hook` (which loads this
        cog), by the cog whose messages carry them; a restart finds them again by custom id. The
        presenter's kit (what clicks draw panels with, `cogs.ui.own.Kit`) is handed over here."""
        self.bot.kit = KIT
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        suggest.install(self.bot)  # an expert AI's "thinking…" shows in the table's place

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        await handle_command_error(ctx, error)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click whose custom id matches none of Snowbound's buttons (forged, malformed, an id
        over 2⁶³, or from a retired version) would otherwise get no answer at all: Discord shows
        "This interaction failed". Every button here is a `DynamicItem`, so matching their
        templates is the whole test; the ones that match answer for themselves."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if any(
            item.__discord_ui_compiled_template__.fullmatch(custom_id)
            for item in (*DYNAMIC_ITEMS, *PACE_ITEMS)
        ):
            return
        await answer_privately(
            interaction, "That button is not one of mine, or it is out of date: use `/game hand`."
        )

    @hybrid_group("game", invoke_without_command=True)
    async def game(self, ctx: commands.Context[Any]) -> None:
        """Show this channel's table again."""
        await self.status(ctx)

    @subcommand(game, "help")
    async def help(self, ctx: commands.Context[Any]) -> None:
        """How to play with Snowbound."""
        await private(
            ctx, HELP.replace("!", (ctx.prefix or "!") if ctx.interaction is None else "/")
        )

    @commands.command(name="help")
    async def plain_help(self, ctx: commands.Context[Any]) -> None:
        """`!help`: the same as `!game help`."""
        await self.help(ctx)

    @subcommand(game, "list")
    async def list_games(self, ctx: commands.Context[Any]) -> None:
        """The games Snowbound hosts."""
        lines = []
        for key, game in sorted(self.service.games.items(), key=lambda kv: kv[1].title):
            players = seat_range(game)
            lines.append(f"**{game.title}** (`{key}`, {players} players) — {game.pitch}")
        await ctx.send("\n".join(lines), allowed_mentions=NO_PINGS)

    @subcommand(game, "new")
    @app_commands.describe(
        game="which game",
        options=(
            "variant options, key=value pairs; pace=live|daily|weekly|<hours>h; suggestions=on|off"
        ),
    )
    async def new(
        self,
        ctx: commands.Context[Any],
        game: commands.Range[str, 1, GAME_NAME],
        *,
        options: commands.Range[str, 0, OPTIONS_TEXT] = "",
    ) -> None:
        """Open a lobby for a game in this channel (`pace=daily` for a game played over days)."""
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

    @subcommand(game, "join")
    async def join(self, ctx: commands.Context[Any]) -> None:
        """Take a seat at this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.join(table.id, Player(ctx.author.id, display_name(ctx.author)))
        await self.lobby_changed(ctx, table, f"{display_name(ctx.author)} joined.")
        await check_dm(self.bot, ctx.author, table, ctx.channel)

    @subcommand(game, "leave")
    async def leave(self, ctx: commands.Context[Any]) -> None:
        """Leave this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.leave(table.id, ctx.author.id)
        await self.lobby_changed(ctx, table, f"{display_name(ctx.author)} left.")

    @subcommand(game, "ai")
    @app_commands.describe(level="AI level: heuristic (default), random or expert")
    async def ai(
        self, ctx: commands.Context[Any], level: commands.Range[str, 0, GAME_NAME] = ""
    ) -> None:
        """Add an AI player to this channel's lobby."""
        table = await resolve_table(ctx, lobby=True)
        table = await self.service.add_agent(table.id, ctx.author.id, level or None)
        await self.lobby_changed(ctx, table, f"{table.seats[-1].name} joined.")

    @subcommand(game, "kick")
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
        """The command is answered first (Discord allows an interaction 3 s for its first
        answer), then the lobby message is edited."""
        await ctx.send(line, ephemeral=False, allowed_mentions=NO_PINGS)
        await refresh_lobby(self.bot, table, ctx.channel)

    @subcommand(game, "start")
    async def start(self, ctx: commands.Context[Any]) -> None:
        """Start the game (host)."""
        table = await resolve_table(ctx, lobby=True)
        if ctx.interaction is not None:
            await ctx.defer()

        async def started() -> None:  # the opening is shown (before an expert moving first thinks)
            if ctx.interaction is not None:
                await ctx.send("Started.", ephemeral=True)

        await begin(self.bot, table.id, ctx.author, ctx.channel, started)

    # the table seen again: bodies in `cogs.table_info` -----------------------------------------
    @subcommand(game, "hand")
    async def hand(self, ctx: commands.Context[Any]) -> None:
        """Your private view and moves (only you see it)."""
        await table_info.hand(self.bot, ctx)

    @subcommand(game, "hint")
    async def hint(self, ctx: commands.Context[Any]) -> None:
        """The board picture with your legal spots marked (only you see it)."""
        await table_info.hint(self.bot, ctx)

    @subcommand(game, "status")
    async def status(self, ctx: commands.Context[Any]) -> None:
        """Post the public board again."""
        await table_info.status(self.bot, ctx)

    @subcommand(game, "log")
    @app_commands.describe(count="how many events (default 15)")
    async def log(
        self, ctx: commands.Context[Any], count: commands.Range[int, 1, LOG_MOST] = 15
    ) -> None:
        """Recent public events."""
        await table_info.log(self.bot, ctx, count, self.log_calls)

    @subcommand(game, "rules")
    @app_commands.describe(game="which game (default: this channel's)")
    async def rules(
        self, ctx: commands.Context[Any], game: commands.Range[str, 0, GAME_NAME] = ""
    ) -> None:
        """A rules summary."""
        if not game:
            table = await self.service.table_in(ctx.channel.id) if ctx.guild else None
            if table is None:
                raise TableError("Name a game: `/game rules coldest_night`.")
            game = table.game
        found = self.service.game(game)
        text = clip(f"**{found.title}**\n{found.text.rules_text()}", 1990)
        await ctx.send(text, allowed_mentions=NO_PINGS)

    @subcommand(game, "resign")
    async def resign(self, ctx: commands.Context[Any]) -> None:
        """Leave a running game; an AI takes your seat."""
        table = await resolve_table(ctx, lobby=False)
        if ctx.interaction is not None:  # AI seats may play on: answer first
            await ctx.defer(ephemeral=True)
        await watching.resign(self.bot, ctx, table.id)

    @subcommand(game, "abandon")
    async def abandon(self, ctx: commands.Context[Any]) -> None:
        """End this table for everyone (host or Manage Server), after a confirmation."""
        table = await resolve_table(ctx)
        if ctx.author.id != table.host_id and not can_manage(ctx.author):
            raise TableError("Only the host (or someone with Manage Server) can end this table.")
        view = discord.ui.View(timeout=None)
        view.add_item(ConfirmAbandon(table.id, ctx.author.id))
        await private(ctx, f"End table #{table.id} for everyone?", view=view)

    @subcommand(game, "rejoin")
    async def rejoin(self, ctx: commands.Context[Any]) -> None:
        """Take back your seat after an AI took it over for missed deadlines."""
        table = await resolve_table(ctx, lobby=False)
        played = await self.service.rejoin(table.id, ctx.author.id)
        await private(ctx, "Welcome back: the seat is yours again.")
        await publish(self.bot, played)

    @subcommand(game, "sub")
    @app_commands.describe(player="whose seat to take over (if several are free)")
    async def sub(
        self, ctx: commands.Context[Any], *, player: commands.Range[str, 0, 100] = ""
    ) -> None:
        """Offer to take over the seat of a player who resigned, timed out, or is away."""
        await me.offer_sub(self.bot, ctx, player)

    @sub.autocomplete("player")
    async def sub_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await me.open_seats(self.bot, interaction, current)

    # take-backs and stats: bodies in `cogs.takebacks_stats` ------------------------------------
    @subcommand(game, "undo")
    async def undo(self, ctx: commands.Context[Any]) -> None:
        """Take back your last move, if nobody moved since and it showed nothing hidden."""
        await takebacks_stats.undo(self.bot, ctx)

    @subcommand(game, "stats")
    @app_commands.describe(member="whose games (default: yours)")
    async def stats(self, ctx: commands.Context[Any], member: discord.User | None = None) -> None:
        """Games played, won, lost and abandoned, per game, at this server."""
        await takebacks_stats.stats(self.bot, ctx, member)

    @subcommand(game, "leaderboard")
    @app_commands.describe(game="one game (default: all games)")
    async def leaderboard(
        self, ctx: commands.Context[Any], game: commands.Range[str, 0, GAME_NAME] = ""
    ) -> None:
        """This server's top 10 players by wins."""
        await takebacks_stats.leaderboard(self.bot, ctx, game)

    # watching, replays, challenges: bodies in cogs.watching, .replay_commands, .challenge_commands
    @subcommand(game, "watch")
    async def watch(self, ctx: commands.Context[Any]) -> None:
        """Follow this channel's table as a spectator: the public view only, privately."""
        await watching.watch(self.bot, ctx)

    @subcommand(game, "unwatch")
    async def unwatch(self, ctx: commands.Context[Any]) -> None:
        """Stop following this channel's table."""
        await watching.unwatch(self.bot, ctx)

    # `/suggest`, not `/game suggest`: Discord allows a group 25 subcommands and /game has them.
    # In chat both `!suggest` and `!game suggest` work.
    @hybrid_command("suggest")
    async def suggest(self, ctx: commands.Context[Any]) -> None:
        """The expert's pick for your move: its reason and chance of winning (only you see it)."""
        await suggest.suggest(self.bot, ctx)

    @subcommand(game, "suggest", with_app_command=False)
    async def game_suggest(self, ctx: commands.Context[Any]) -> None:
        """The expert's pick for your move: its reason and chance of winning (only you see it)."""
        await suggest.suggest(self.bot, ctx)

    @subcommand(game, "replay")
    @app_commands.describe(table="the number of a finished table of this server")
    async def replay(self, ctx: commands.Context[Any], table: commands.Range[int, 1]) -> None:
        """Post the replay of a finished table: every move, from every player's eyes."""
        await replay_commands.replay(self.bot, ctx, table)

    @subcommand(game, "challenge")
    @app_commands.describe(game="one game (default: every game with a challenge)")
    async def challenge(
        self, ctx: commands.Context[Any], game: commands.Range[str, 0, GAME_NAME] = ""
    ) -> None:
        """Today's challenge: the same deal for every group, and how each group did."""
        await challenge_commands.challenge(self.bot, ctx, game)

    @subcommand(game, "challenge-server")
    @app_commands.describe(name="show this server's name on challenge leaderboards, or hide it")
    @app_commands.choices(
        name=[app_commands.Choice(name=word, value=word) for word in ("show", "hide")]
    )
    async def challenge_server(
        self, ctx: commands.Context[Any], name: commands.Range[str, 1, 4]
    ) -> None:
        """Whether other servers see this server's name beside its challenge results."""
        await challenge_commands.server_name(self.bot, ctx, name)


HELP = """**Snowbound** hosts winter tabletop games. Every command works with `/` or `!`.
`!game list` the games · `!game new <game> [key=value …]` open a lobby here
`!game join` / `!game leave` / `!game ai [heuristic|random|expert]` seats · `!game start` (host)
`!play <move>` make a move (the slash command lists your moves as you type)
`!game hand` your hand and moves, privately · `!game hint` your spots on the board picture
`!suggest` the expert's pick for your move, privately (`suggestions=on|off` at `!game new`)
`!game status` the board again · `!game log [n]` recent events · `!game rules [game]`
`!game resign` an AI takes your seat · `!game abandon` end the table (host)
Over days: `pace=daily` at `!game new` · `!me` your time zone, quiet hours, reminders, away
`!game rejoin` take back a timed-out seat · `!game sub [seat]` take over a free seat
`!game undo` take back your last move · `!game stats [member]` · `!game leaderboard [game]`
`!game watch` / `!game unwatch` follow a table you do not play at · `!game replay <table>` a replay
`!game challenge [game]` today's seeded challenges (`challenge=daily` at `!game new`)
Your hand and moves also arrive by DM, with buttons; you are mentioned when it is your move."""


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(LobbyCog(bot))


__all__ = ["LobbyCog"]

"""Helpers every cog shares (clipping, permissions, buttons, replies, finding a table and its
channel), below every other cog module so that no two cogs import each other."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import message_ref
from bot.guard import clip as clip_text
from bot.guard import refusal
from bot.records import OPEN
from bot.tables import Ending, TableError, TableRecord, TableService

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)


CommandFunction = Callable[..., Coroutine[Any, Any, None]]
HybridCommand = commands.HybridCommand[Any, ..., None]
HybridGroup = commands.HybridGroup[Any, ..., None]


def hybrid_command(name: str, **attrs: Any) -> Callable[[CommandFunction], HybridCommand]:
    """`commands.hybrid_command`, typed for a cog's methods: mypy cannot solve discord.py's union
    of `Concatenate` callbacks when the callback is a method (it infers `Never`), so the
    decorator's type is narrowed here, once, instead of an ignore on every command."""
    return cast(Callable[[CommandFunction], HybridCommand], commands.hybrid_command(name, **attrs))


def hybrid_group(name: str, **attrs: Any) -> Callable[[CommandFunction], HybridGroup]:
    """`commands.hybrid_group`, typed like `hybrid_command`."""
    return cast(Callable[[CommandFunction], HybridGroup], commands.hybrid_group(name, **attrs))


def subcommand(
    group: HybridGroup, name: str, **attrs: Any
) -> Callable[[CommandFunction], HybridCommand]:
    """`group.command(...)`, typed like `hybrid_command`."""
    return cast(Callable[[CommandFunction], HybridCommand], group.command(name, **attrs))


def clip(text: str, limit: int) -> str:
    return clip_text(text, limit)


NO_PINGS = discord.AllowedMentions.none()


def pings(*users: int) -> discord.AllowedMentions:
    """Mentions that ping exactly these users: never @everyone, @here or a role, whatever the
    text around them says (a nickname, a move, a chat line)."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


FALLBACK = "Sorry, I could not send that answer. The table is unchanged."


def grey_button(label: str, custom_id: str, emoji: str | None = None) -> discord.ui.Button[Any]:
    """A button that shows or follows something, grey: blue is for moves."""
    return discord.ui.Button(
        label=label, emoji=emoji, style=discord.ButtonStyle.secondary, custom_id=custom_id
    )


def snowbound(client: discord.Client) -> SnowboundBot:
    """The client behind an interaction, typed: every interaction here comes from Snowbound."""
    return client  # type: ignore[return-value]  # the one client class this bot ever runs


def can_manage(user: discord.abc.User) -> bool:
    """Manage Server: the permission that lets a moderator end or clean up anyone's table."""
    if isinstance(user, discord.Member):
        return user.guild_permissions.manage_guild
    return False


def display_name(user: discord.abc.User) -> str:
    name = getattr(user, "display_name", None) or user.name
    return clip(discord.utils.escape_markdown(name), 40)


async def reply_error(interaction: discord.Interaction, err: BaseException) -> None:
    """One private sentence for a refusal; a real fault is logged and apologised for."""
    message = refusal(err)
    if message is None:
        log.error("interaction failed", exc_info=err)
        message = "Sorry, something went wrong on my side. The table is unchanged."
    await answer_privately(interaction, message)


async def answer_privately(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, as a response or a follow-up; if Discord refuses it (HTTP 400), the
    error is logged and a short fallback goes instead, so the member is never left without one."""
    for text in (clip(message, 1900), FALLBACK):
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
            return
        except discord.HTTPException as err:
            if err.status != 400 or text == FALLBACK:
                log.warning("could not answer interaction %s (%s)", interaction.id, err)
                return
            log.warning("Discord refused an answer (%s); sending the fallback", err)


def table_channel(bot: discord.Client, table: TableRecord) -> Any:
    """Where the table is played: its thread, else its channel, if the bot can still see it."""
    for channel_id in (table.thread_id, table.channel_id):
        if channel_id:
            channel = bot.get_channel(channel_id)
            if channel is not None:
                return channel
    return None


# ---------------------------------------------------------------------------------------------
# the lobby message, and a table that leaves its thread (deleted or locked) for its channel

COLOUR = discord.Colour.from_rgb(120, 170, 220)  # the board's and the lobby's
MAX_DESCRIPTION = 4000


def where_played(table: TableRecord) -> str:
    """A link to where the table is played: its thread, else its channel."""
    place = table.thread_id or table.channel_id
    return f"<#{place}>" if place else "this channel"


def lobby_embed(
    service: TableService, table: TableRecord, ending: Ending | None = None
) -> discord.Embed:
    """The lobby as an embed. While the game runs it links to the table; once it is over it
    says how it ended (`ending`, when the caller has it)."""
    title = f"{service.games[table.game].title} — table #{table.id}"
    text = service.lobby_text(table)
    if table.status == "lobby":
        footer = "Join, add AI players, and the host presses Start."
    elif table.status == "active":
        text = f"▶ **Playing now in {where_played(table)}.**\n\n{text}"
        where = "the thread" if table.thread_id else "this channel"  # no thread, or it was left
        footer = f"The game is on: follow it in {where}."
    elif table.status == "finished":
        if ending is not None:
            result = f"🏁 **{ending.headline}** {ending.why}".rstrip()
            text = f"{result}\n\nPlayed in {where_played(table)}.\n\n{text}"
        else:
            text = f"🏁 **The game is over**: the result is in {where_played(table)}.\n\n{text}"
        footer = "Game over."
    else:
        text = f"This table was closed before the end (played in {where_played(table)}).\n\n{text}"
        footer = "Table closed."
    embed = discord.Embed(title=title, description=clip(text, MAX_DESCRIPTION), colour=COLOUR)
    embed.set_footer(text=footer)
    return embed


# why a table left its thread, as the players are told it
LEFT_THREAD = {
    "deleted": "The thread of table #{id} was deleted: the game goes on here.",
    "locked": "The thread of table #{id} was locked: the game goes on here.",
    "refused": "I can no longer write in the thread of table #{id}: the game goes on here.",
}


async def leave_thread(
    bot: discord.Client, table: TableRecord, why: str, *, board_follows: bool = True
) -> TableRecord | None:
    """The table's thread was deleted, locked, or refuses the bot (`why`, a key of
    `LEFT_THREAD`): the game goes on in the channel the thread was opened from. Stored first
    (`TableService.leave_thread`: no thread, no board message), so commands, buttons and every
    process find the table in that channel from now on; then, only by the call that moved it,
    the players are told there once (pinged: the thread they followed is gone) and the lobby
    message links there. `board_follows`: the caller is about to post the board there (a move,
    a command); else the notice says how to see it now. The table as stored now, or None if
    this call did not move it (already moved, or the game is over)."""
    if table.thread_id is None:
        return None
    client = snowbound(bot)
    moved = await client.service.leave_thread(table.id, table.thread_id)
    if moved is None:
        return None
    client.boards.forget(table.id)  # the live board was in the thread
    log.info("table %s left its thread %s (%s)", table.id, table.thread_id, why)
    channel = bot.get_channel(moved.channel_id) if moved.channel_id else None
    if not isinstance(channel, discord.abc.Messageable):
        return moved
    players = sorted({s.user_id for s in moved.seats if s.user_id is not None})
    text = LEFT_THREAD.get(why, LEFT_THREAD["refused"]).format(id=moved.id)
    if not board_follows:
        text += " The board comes down here with the next move; `/game status` shows it now."
    if players:
        text += "\n" + " ".join(f"<@{user}>" for user in players)
    try:
        await channel.send(text, allowed_mentions=pings(*players))
    except discord.HTTPException as err:
        log.warning("could not tell table %s's players where it went (%s)", moved.id, err)
    if moved.lobby_message_id:
        try:  # the lobby message's link: "Playing now in #channel"
            await message_ref(bot, channel, moved.lobby_message_id).edit(
                embed=lobby_embed(client.service, moved)
            )
        except (discord.HTTPException, AttributeError) as err:
            log.info("lobby message of table %s not updated (%s)", moved.id, err)
    return moved


async def find_thread(bot: discord.Client, table: TableRecord) -> tuple[Any, str | None]:
    """The table's thread, and why the game can no longer be played there ("deleted", "locked",
    "refused": hidden from the bot), else None. A thread the bot holds costs nothing; one it
    does not (archived: discord.py drops those) is fetched. When Discord fails to answer the
    fetch (a 5xx), (None, None): that is not a deleted thread."""
    if table.thread_id is None:
        return None, None
    thread = bot.get_channel(table.thread_id)
    if thread is None:
        try:
            thread = await bot.fetch_channel(table.thread_id)
        except discord.NotFound:
            return None, "deleted"
        except discord.Forbidden:
            return None, "refused"
        except discord.HTTPException as err:
            log.warning("thread of table %s not fetched (%s)", table.id, err)
            return None, None
    return thread, "locked" if getattr(thread, "locked", False) else None


async def private(ctx: commands.Context[Any], content: str | None = None, **message: Any) -> None:
    """Reply so only the author sees it: ephemeral for slash commands, a DM for chat commands."""
    if content is not None:
        content = clip(content, 1900)
    if ctx.interaction is not None:
        try:
            await ctx.send(content, ephemeral=True, **message)
        except discord.HTTPException as err:
            if err.status != 400:
                raise
            log.warning("Discord refused a private answer (%s); sending the fallback", err)
            await ctx.send(FALLBACK, ephemeral=True)
        return
    bot = snowbound(ctx.bot)
    if await bot.delivery.dm(ctx.author.id, content=content, **message) is None:
        await ctx.send(
            f"{ctx.author.mention}, I could not DM you the answer: use the slash command "
            "instead, so that only you see it.",
            allowed_mentions=pings(ctx.author.id),
        )


async def resolve_table(ctx: commands.Context[Any], *, lobby: bool | None = None) -> TableRecord:
    """The table this command is about: the one in this thread/channel, or in a DM your only one."""
    service = snowbound(ctx.bot).service
    if ctx.guild is not None:
        table = await table_here(ctx.bot, ctx.channel.id, lobby)
        if table is None or (lobby is False and table.status == "lobby"):
            # a slash command is answered before any request: its threads are checked after
            answered = ctx.interaction is None or ctx.interaction.response.is_done()
            moved, threaded = await came_back(ctx.bot, ctx.channel.id, answered=answered)
            table = moved or table
            if table is None:
                raise TableError(nothing_here(threaded))
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


async def table_here(
    bot: discord.Client, channel_id: int, lobby: bool | None
) -> TableRecord | None:
    """The open table played in this thread or channel (`TableService.table_in`). A channel can
    hold a lobby and a game at once (a game whose thread was deleted came back to its channel,
    beside the next lobby): then the one `lobby` asks for, a lobby (True) or a game (False)."""
    service = snowbound(bot).service
    table = await service.table_in(channel_id)
    if table is None or lobby is None or (table.status == "lobby") == lobby:
        return table
    here = [
        t
        for t in await service.store.find_tables(status=OPEN, channel_id=channel_id)
        if t.thread_id in (None, channel_id) and (t.status == "lobby") == lobby
    ]
    return here[-1] if here else table


async def came_back(
    bot: discord.Client, channel_id: int, *, answered: bool = True
) -> tuple[TableRecord | None, list[TableRecord]]:
    """A game opened from this channel whose thread was deleted or locked while nobody moved,
    found now and moved here (`leave_thread`), if there is one; and the games opened from here
    that are still played in their threads.

    Finding out may cost requests (a fetch, the notice): an interaction not `answered` yet makes
    none, since it is answered first. Its threads are checked after its answer instead (the
    `table_thread_check` event, `PlayCog`): the command is refused with where the game is, and
    a game whose thread is gone comes back here, with its notice, a moment later."""
    service = snowbound(bot).service
    threaded = [
        t
        for t in await service.store.find_tables(status="active", channel_id=channel_id)
        if t.thread_id is not None and t.thread_id != channel_id
    ]
    for table in threaded:
        if not answered:
            held = bot.get_channel(table.thread_id or 0)
            if held is None or getattr(held, "locked", False):
                bot.dispatch("table_thread_check", table)  # runs once this task yields
            continue
        _, why = await find_thread(bot, table)
        if why is not None:  # the command may show no board (`/game hand`): the notice says how
            await leave_thread(bot, table, why, board_follows=False)
            moved = await service.table(table.id)
            if moved.thread_id is None and moved.status == "active":
                return moved, [t for t in threaded if t.id != table.id]
    return None, threaded


async def check_thread(bot: discord.Client, table: TableRecord) -> None:
    """The table leaves its thread for its channel if the thread is gone or locked."""
    _, why = await find_thread(bot, table)
    if why is not None:
        await leave_thread(bot, table, why, board_follows=False)


def nothing_here(threaded: list[TableRecord]) -> str:
    """The refusal of a table command in a channel where no table is played."""
    if not threaded:
        return "There is no table in this channel. Open one with `/game new <game>`."
    where = ", ".join(f"<#{t.thread_id}>" for t in threaded)
    if len(threaded) == 1:
        return f"The game here is played in its thread, {where}: use the command there."
    return f"The games here are played in their threads, {where}: use the command there."


def _unwrap(error: BaseException) -> BaseException:
    """The error a command really raised, under discord.py's wrappers."""
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
        original = original.__cause__
    inner = getattr(original, "original", None)
    return inner if isinstance(inner, BaseException) else original


async def handle_command_error(ctx: commands.Context[Any], error: Exception) -> None:
    original = _unwrap(error)
    message = refusal(original)
    if message is None:
        if isinstance(original, commands.RangeError) and isinstance(original.value, str):
            name = ctx.current_parameter.name if ctx.current_parameter else "text"
            message = f"`{name}` is too long: at most {original.maximum} characters."
            if name == "options":
                message += " Options are written key=value, separated by spaces."
        elif isinstance(original, commands.RangeError):  # a number (`/game log 99`)
            name = ctx.current_parameter.name if ctx.current_parameter else "number"
            message = f"`{name}` must be from {original.minimum} to {original.maximum}."
        elif isinstance(original, commands.MissingRequiredArgument):
            message = (
                f"Missing `{original.param.name}`. Usage: `{ctx.prefix}{ctx.command} "
                f"{ctx.command.signature if ctx.command else ''}`"
            )
        elif isinstance(original, commands.BadArgument | commands.UserInputError):
            message = clip(str(original), 300)
        elif isinstance(original, commands.CheckFailure):
            message = "You are not allowed to use this command."
        else:
            log.error("command %s failed", ctx.command, exc_info=original)
            message = "Sorry, something went wrong on my side. Nothing was changed."
    try:
        await private(ctx, message)
    except discord.HTTPException as err:
        log.warning("could not answer %s (%s)", ctx.command, err)

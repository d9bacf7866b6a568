"""Helpers every cog shares: clipping, permissions, replies, finding a table and its channel.

They live here, below every other cog module, so that no two cogs import each other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.guard import clip as clip_text
from bot.guard import refusal
from bot.tables import TableError, TableRecord

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

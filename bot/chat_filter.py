"""The chat filter: the Discord adapter that enforces a table's talking rules (CN-47/CN-48).

The bot's message, edit and reaction listeners hand every guild event to `ChatFilter`. The verdict
is the pure `rules.chat.check_message` on the author's `ChatPolicy`; the words telling the author
why come from that policy (`ChatPolicy.notice`: each game writes its own), so nothing here knows
any game. What is blocked is deleted and explained privately.

Typed moves: a `!play …` command that the game accepts as a legal move of the author's own seat
is a move, not table talk, so it is never removed, even when it names a number (`!play give Rug to
seat 2`) or its author may not speak (Blue Lips). A `!play` the game refuses (not parsed, not
legal, not the author's turn) was not a move: its text is judged like any message, so a number
smuggled in a failed "move" is removed. Every other chat command is judged like a message after
it is carried out. A secret move typed in the channel is removed by `/play` itself.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.delivery import Delivery
from bot.tables import TableService
from rules.chat import ChatVerdict
from rules.core import ChatPolicy

log = logging.getLogger(__name__)

NOTICE_EVERY = 60.0  # seconds: at most one "your message was removed" DM per author per minute
DETAIL = 300  # the longest explanation detail repeated to the author (a list of numbers…)

# refusals that come from the filter itself, not from one game's rule
ATTACHMENT = (
    "attachments and stickers cannot be checked by the number filter, so they are not allowed "
    "during the game"
)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def said(message: Any) -> tuple[str, bool]:
    """Everything a message says, and whether it carries something the filter cannot read: its
    text, the text of the messages it forwards (snapshots), and a poll's question and answers.
    A forward or a poll is table talk as much as typed text is."""
    parts = [message.content or ""]
    has_attachment = bool(message.attachments or message.stickers)
    for snapshot in getattr(message, "message_snapshots", None) or ():
        parts.append(snapshot.content or "")
        has_attachment = has_attachment or bool(snapshot.attachments)
        has_attachment = has_attachment or bool(getattr(snapshot, "stickers", None))
    poll = getattr(message, "poll", None)
    if poll is not None:
        parts.append(poll.question or "")
        parts += [answer.text or "" for answer in poll.answers]
    return "\n".join(p for p in parts if p), has_attachment


def notice(
    verdict: ChatVerdict, policy: ChatPolicy, channel_name: str, *, command: bool = False
) -> str:
    """The private message sent to the author of a deleted message.

    A chat command is carried out before its message is removed, and the author is told so (a
    `!play` the game played is never removed: see the module's docstring); slash commands keep a
    command's words out of the channel altogether.
    """
    reason = verdict.reason or "blocked"
    if reason == "attachment":
        why = ATTACHMENT
    else:
        why = policy.notice or f"the game's rules do not allow it ({reason})"
    detail = f" {clip(verdict.detail, DETAIL)}" if verdict.detail else ""
    if command:
        return (
            f"Your command in #{channel_name} was carried out, then removed from the channel: "
            f"{why}.{detail} Slash commands (`/play`, `/me`, `/game …`) keep a command's words "
            "out of the channel. "
            f"(reason: `{reason}`)"
        )
    return f"Your message in #{channel_name} was removed: {why}.{detail} (reason: `{reason}`)"


def is_played_move(ctx: Any) -> bool:
    """True for a `!play` command that was carried out: the game parsed it as a legal move of the
    author's own seat, so its words are a move, which every player sees as an event line anyway."""
    command = getattr(ctx, "command", None)
    name = getattr(command, "qualified_name", None)
    return name == "play" and not ctx.command_failed


class Host(Protocol):
    """What the chat filter uses of the bot (`bot.app.SnowboundMixin`)."""

    service: TableService
    delivery: Delivery

    @property
    def user(self) -> discord.ClientUser | None: ...

    async def get_context(self, origin: discord.Message, /) -> commands.Context[Any]: ...

    async def invoke(self, ctx: commands.Context[Any], /) -> None: ...

    def get_channel(self, id: int, /) -> Any: ...


class ChatFilter:
    """Deletes what a seated player may not say, and tells them why, once where it would nag."""

    def __init__(self, bot: Host, clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.clock = clock
        self.warned_permissions: set[int] = set()
        self.told_about_commands: set[tuple[int, int]] = set()
        self.last_notice: dict[int, float] = {}  # author id → when they were last told

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        bot = self.bot
        ctx = await bot.get_context(message)
        if ctx.valid:
            # A chat command is carried out first. A `!play` that was played is a move, not table
            # talk: its text stays, numbers and all (`!play give Rug to seat 2`). Any other command,
            # and a `!play` the game refused (not a legal move of the author's own), is judged as
            # talk and removed if it breaks the table's rule: the rule in force when it was sent,
            # as a move can end a night or begin one.
            judged = await self.judge(message)
            await bot.invoke(ctx)
            if is_played_move(ctx):
                return
            await self.remove_blocked(message, judged, command=not ctx.command_failed)
            return
        await self.filter_message(message)

    async def on_message_edit(self, before: discord.Message, after: discord.Message) -> None:
        if not after.author.bot and said(before) != said(after):
            await self.filter_message(after)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """Edits of messages the client no longer (or never) cached: discord.py sends those only
        as raw events, and an old message edited into table talk must be caught too. Cached ones
        are left to `on_message_edit`, which sees both versions."""
        if payload.cached_message is not None:
            return
        message = payload.message
        if message.author.bot or ("content" not in payload.data and "poll" not in payload.data):
            return
        await self.filter_message(message)

    async def judge(self, message: discord.Message) -> tuple[ChatPolicy, ChatVerdict] | None:
        """The author's chat rule and its verdict on the message; None when no rule applies."""
        if message.guild is None:
            return None
        text, has_attachment = said(message)
        return await self.bot.service.chat(
            message.channel.id, message.author.id, text, has_attachment=has_attachment
        )

    async def filter_message(self, message: discord.Message, *, command: bool = False) -> bool:
        """Delete a message the author's seat may not send; True if it was blocked."""
        return await self.remove_blocked(message, await self.judge(message), command=command)

    async def remove_blocked(
        self,
        message: discord.Message,
        judged: tuple[ChatPolicy, ChatVerdict] | None,
        *,
        command: bool = False,
    ) -> bool:
        """Delete the message if the verdict blocks it and tell the author why; `command`: a chat
        command that was carried out. True if it was blocked."""
        if judged is None or judged[1].allowed:
            return False
        policy, verdict = judged
        try:
            await message.delete()
        except discord.Forbidden:
            await self.warn_missing_manage_messages(message.channel)
        except discord.NotFound:
            pass
        if command:
            # a removed chat command is explained once per player and channel, not on every move
            key = (message.channel.id, message.author.id)
            if key in self.told_about_commands:
                return True
            self.told_about_commands.add(key)
        now = self.clock()
        last = self.last_notice.get(message.author.id)
        if last is not None and now - last < NOTICE_EVERY:
            return True  # deleted; told already this minute (a burst must not become 200 DMs)
        self.last_notice[message.author.id] = now
        channel_name = getattr(message.channel, "name", "game")
        text = notice(verdict, policy, channel_name, command=command)
        if await self.bot.delivery.dm(message.author.id, content=text) is None:
            log.info("could not tell %s why a message was removed", message.author.id)
        return True

    async def warn_missing_manage_messages(self, channel: discord.abc.Messageable) -> None:
        key = getattr(channel, "id", 0)
        if key in self.warned_permissions:
            return
        self.warned_permissions.add(key)
        await channel.send(
            "I need the **Manage Messages** permission here to enforce the game's chat rules.",
            allowed_mentions=discord.AllowedMentions.none(),
        )

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        bot = self.bot
        if payload.guild_id is None or payload.user_id == (bot.user.id if bot.user else 0):
            return
        if await bot.service.check_reaction(
            payload.channel_id, payload.user_id, str(payload.emoji)
        ):
            return
        channel = bot.get_channel(payload.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            try:
                message = await channel.fetch_message(payload.message_id)
                await message.remove_reaction(payload.emoji, discord.Object(id=payload.user_id))
            except discord.HTTPException:
                log.info("could not remove a reaction in %s", payload.channel_id)

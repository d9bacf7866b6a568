"""Composition root: the Discord bot with its service, store and extensions wired together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import aiohttp
import discord
from discord.ext import commands

from bot.chat import notice
from bot.config import Settings
from bot.delivery import Delivery
from bot.startup import StartupError, fail, open_database
from bot.tables import TableService
from rules.chat import ChatVerdict
from storage.base import Store

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("cogs.lobby", "cogs.play", "cogs.admin", "cogs.timers")


def intents() -> discord.Intents:
    wanted = discord.Intents.default()
    wanted.message_content = True  # play-by-chat and the chat filter
    wanted.members = True  # names of seated players
    return wanted


if TYPE_CHECKING:
    _Base = commands.Bot
else:
    _Base = commands.bot.BotBase


class SnowboundMixin(_Base):
    """Everything Snowbound adds to a discord.py bot; see `SnowboundBot`."""

    def __init__(
        self,
        settings: Settings,
        service: TableService,
        *,
        extensions: Sequence[str] = EXTENSIONS,
        **kwargs: object,
    ) -> None:
        # Snowbound has no voice features: discord.py's start-up warnings about the missing voice
        # libraries (PyNaCl, davey) would only puzzle whoever runs the bot.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned_or(settings.command_prefix),
            intents=intents(),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **kwargs,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.service = service
        self.delivery = Delivery(self, service)
        self.extension_names = tuple(extensions)
        self.warned_permissions: set[int] = set()
        self.told_about_commands: set[tuple[int, int]] = set()

    async def setup_hook(self) -> None:
        for name in self.extension_names:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def on_ready(self) -> None:
        log.info("Snowbound is on Discord as %s in %d servers", self.user, len(self.guilds))

    # chat filter ---------------------------------------------------------------------------
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        ctx = await self.get_context(message)
        if ctx.valid:
            # A chat command is a move, not table talk: it is carried out, and then removed if its
            # text breaks the table's chat rule (`!play give Teddy Bear to seat 2` names a number).
            # The rule is the one in force when it was sent: a move can end a night or begin one.
            verdict = await self.chat_verdict(message)
            await self.invoke(ctx)
            await self.remove_blocked(message, verdict, command=not ctx.command_failed)
            return
        await self.filter_message(message)

    async def on_message_edit(self, before: discord.Message, after: discord.Message) -> None:
        if not after.author.bot and before.content != after.content:
            await self.filter_message(after)

    async def chat_verdict(self, message: discord.Message) -> ChatVerdict | None:
        """The chat filter's verdict on a message, None when no table rule applies to it."""
        if message.guild is None:
            return None
        return await self.service.check_chat(
            message.channel.id,
            message.author.id,
            message.content,
            has_attachment=bool(message.attachments or message.stickers),
        )

    async def filter_message(self, message: discord.Message, *, command: bool = False) -> bool:
        """Delete a message the author's seat may not send; True if it was blocked."""
        return await self.remove_blocked(message, await self.chat_verdict(message), command=command)

    async def remove_blocked(
        self, message: discord.Message, verdict: ChatVerdict | None, *, command: bool = False
    ) -> bool:
        """Delete the message if the verdict blocks it and tell the author why; `command`: a chat
        command that was carried out. True if it was blocked."""
        if verdict is None or verdict.allowed:
            return False
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
        channel_name = getattr(message.channel, "name", "game")
        text = notice(verdict, channel_name, command=command)
        if await self.delivery.dm(message.author.id, content=text) is None:
            log.info("could not tell %s why a message was removed", message.author.id)
        return True

    async def warn_missing_manage_messages(self, channel: discord.abc.Messageable) -> None:
        key = getattr(channel, "id", 0)
        if key in self.warned_permissions:
            return
        self.warned_permissions.add(key)
        await channel.send(
            "I need the **Manage Messages** permission here to enforce the game's chat rules."
        )

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        if payload.guild_id is None or payload.user_id == (self.user.id if self.user else 0):
            return
        if await self.service.check_reaction(
            payload.channel_id, payload.user_id, str(payload.emoji)
        ):
            return
        channel = self.get_channel(payload.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            try:
                message = await channel.fetch_message(payload.message_id)
                await message.remove_reaction(payload.emoji, discord.Object(id=payload.user_id))
            except discord.HTTPException:
                log.info("could not remove a reaction in %s", payload.channel_id)


class SnowboundBot(SnowboundMixin, commands.AutoShardedBot):
    """The production bot: sharded automatically as the bot grows."""


class SingleShardBot(SnowboundMixin, commands.Bot):
    """The same bot on one shard: what dpytest can drive (it refuses sharded clients)."""


def build_bot(settings: Settings, store: Store) -> SnowboundBot:
    service = TableService(
        store,
        default_agent=settings.default_agent,
        max_tables_per_channel=settings.max_tables_per_channel,
    )
    return SnowboundBot(settings, service)


PORTAL = "https://discord.com/developers/applications"


def startup_problem(err: BaseException) -> str | None:
    """The one line to show for a failure while logging in or connecting, None if unknown."""
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return (
            "Discord refused the privileged intents Message Content and Server Members: switch "
            f"both on at {PORTAL} → your application → Bot → Privileged Gateway Intents, "
            "then start again"
        )
    if isinstance(err, discord.LoginFailure):
        return (
            "Discord refused the token in SNOWBOUND_TOKEN: copy it again from "
            f"{PORTAL} → your application → Bot → Reset Token, and put it in .env"
        )
    if isinstance(err, discord.DiscordServerError):
        return (
            f"Discord answered with a server error (HTTP {err.status}): it is having trouble; "
            "try again in a few minutes"
        )
    if isinstance(err, aiohttp.ClientConnectorError | discord.GatewayNotFound):
        return (
            f"Discord cannot be reached ({err}): check this machine's network connection, "
            "DNS and firewall, then start again"
        )
    if isinstance(err, aiohttp.ClientError | TimeoutError | OSError):
        return (
            f"the connection to Discord failed ({type(err).__name__}: {err}): check this "
            "machine's network connection, then start again"
        )
    return None


def run_bot(settings: Settings) -> int:
    """Run until stopped; a start-up failure is one line on stderr and exit status 1."""

    async def runner() -> None:
        store = await open_database(settings.database_url)
        bot = build_bot(settings, store)
        try:
            assert settings.token is not None
            async with bot:
                try:
                    await bot.start(settings.token.get_secret_value())
                except Exception as err:
                    # only a failure before the bot was ever ready is a start-up failure
                    problem = None if bot.is_ready() else startup_problem(err)
                    if problem is None:
                        raise
                    raise StartupError(problem) from err
        finally:
            await store.close()

    try:
        asyncio.run(runner())
    except StartupError as err:
        return fail(err)
    except KeyboardInterrupt:
        pass
    return 0

"""Composition root: the Discord bot with its service, store and extensions wired together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands
from discord.app_commands import AppCommand
from discord.ext import commands

from bot.chat_filter import ChatFilter
from bot.collector import IdleCollector
from bot.config import Settings
from bot.delivery import Boards, Delivery, Pictures
from bot.startup import StartupError, check_folder, fail, open_database
from bot.tables import TableService
from storage.base import Store
from storage.lockfile import DatabaseLockedError, lock_for

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = (
    "cogs.lobby",
    "cogs.play",
    "cogs.admin",
    "cogs.timers",
    "cogs.me",
)


def intents() -> discord.Intents:
    """Only what the bot reads: no typing, voice, invites, presences, emojis or moderation
    events (`Intents.default()` would subscribe to all of them, each one a gateway event the
    bot decodes for nothing)."""
    return discord.Intents(
        guilds=True,  # channels and threads: where tables are played
        members=True,  # names of seated players, and who may manage a table
        guild_messages=True,  # play-by-chat and the chat filter (`bot/chat.py`)
        dm_messages=True,  # `!play` and `!game hand` typed in a DM
        message_content=True,  # what those messages say
        guild_reactions=True,  # the chat filter's reaction rules
    )


# where Snowbound's slash commands can be used: in servers that installed it, and in a member's
# DM with the bot (`/game hand`, `/me`, `/play` at their only table). Declared as Discord's
# current `contexts` / `integration_types` fields, not the deprecated `dm_permission`.
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True)
INSTALLS = app_commands.AppInstallationType(guild=True)


class SnowboundTree(app_commands.CommandTree[Any]):
    """discord.py's command tree, whose sync sends Discord's current fields only: every command
    declares `contexts` and `integration_types` (the tree's defaults above), and the deprecated
    `dm_permission` discord.py still adds to each top-level command is left out."""

    def payload(self, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """What `sync` sends: each command's fields as discord.py builds them, less
        `dm_permission`."""
        return [
            {k: v for k, v in command.to_dict(self).items() if k != "dm_permission"}
            for command in self._get_all_commands(guild=guild)
        ]

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[AppCommand]:
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        payload = self.payload(guild)
        http = self._http
        try:
            if guild is None:
                data = await http.bulk_upsert_global_commands(
                    self.client.application_id, payload=payload
                )
            else:
                data = await http.bulk_upsert_guild_commands(
                    self.client.application_id, guild.id, payload=payload
                )
        except discord.HTTPException as err:
            if err.status == 400 and err.code == 50035:
                raise app_commands.CommandSyncFailure(
                    err, self._get_all_commands(guild=guild)
                ) from None
            raise
        return [AppCommand(data=d, state=self._state) for d in data]


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
        collector: IdleCollector | None = None,
        **kwargs: object,
    ) -> None:
        # Snowbound has no voice features: discord.py's start-up warnings about the missing voice
        # libraries (PyNaCl, davey) would only puzzle whoever runs the bot.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned_or(settings.command_prefix),
            intents=intents(),
            tree_cls=SnowboundTree,
            allowed_contexts=CONTEXTS,
            allowed_installs=INSTALLS,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            **kwargs,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.service = service
        self.delivery = Delivery(self, service)
        # the presenter's caches (`cogs/ui`): each table's last pictures, and its live board
        self.pictures = Pictures()
        self.boards = Boards()
        # what the presenter draws panels and end buttons with (`cogs.ui.own.Kit`): set by the
        # lobby cog when it loads, read by clicks through `interaction.client`
        self.kit: object = None
        self.extension_names = tuple(extensions)
        self.chat = ChatFilter(self)
        self.collector = collector  # started once the extensions are loaded

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            self.delivery.stop()  # panels waiting to be sent again
            if self.collector is not None:
                self.collector.close()

    async def setup_hook(self) -> None:
        for name in self.extension_names:
            await self.load_extension(name)
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        if self.collector is not None:
            self.collector.start()  # what start-up built is frozen: see bot.collector

    async def on_ready(self) -> None:
        log.info("Snowbound is on Discord as %s in %d servers", self.user, len(self.guilds))

    # chat filter (bot/chat.py) -------------------------------------------------------------
    async def on_message(self, message: discord.Message) -> None:
        await self.chat.on_message(message)

    async def on_message_edit(self, before: discord.Message, after: discord.Message) -> None:
        await self.chat.on_message_edit(before, after)

    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        await self.chat.on_raw_message_edit(payload)

    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        await self.chat.on_raw_reaction_add(payload)


class SnowboundBot(SnowboundMixin, commands.AutoShardedBot):
    """The production bot: sharded automatically as the bot grows."""


class SingleShardBot(SnowboundMixin, commands.Bot):
    """The same bot on one shard: what dpytest can drive (it refuses sharded clients)."""


def build_bot(settings: Settings, store: Store) -> SnowboundBot:
    service = TableService(
        store,
        default_agent=settings.default_agent,
        ai_move_seconds=settings.ai_move_seconds,
        max_tables_per_channel=settings.max_tables_per_channel,
        table_cache_size=settings.table_cache_size,
        channel_index_seconds=settings.channel_index_seconds,
    )
    shards: dict[str, Any] = {}
    if settings.shard_count is not None:
        # A process connects only its own shards; several processes together cover them all.
        shards["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
    collector = IdleCollector() if settings.collect_between_moves else None
    return SnowboundBot(settings, service, collector=collector, **shards)


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
    try:
        check_folder(settings.database_url)  # before the lock file would create the folder
    except StartupError as err:
        return fail(err)
    lock = lock_for(settings.database_url)  # one bot process per SQLite file
    try:
        if lock is not None:
            lock.acquire()
    except DatabaseLockedError as refused:
        return fail(StartupError(str(refused)))
    except OSError:
        lock = None  # the database's folder cannot be made: opening it names the path and the fix

    async def runner() -> None:
        store = await open_database(settings.database_url, pool_size=settings.database_pool_size)
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
    finally:
        if lock is not None:
            lock.release()
    return 0

"""`/me` (chat: `!me`): a member's own settings for paced games, and `/game sub`'s offer (its
body and its list of open seats; the command sits in `cogs.lobby`) with the host's confirm
button. Thin: parse → service → reply; the rules of paces live in `bot.pace_rules`."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import Player, TableError
from cogs.common import (
    NO_PINGS,
    can_manage,
    display_name,
    handle_command_error,
    hybrid_command,
    private,
    reply_error,
    resolve_table,
    snowbound,
    table_here,
)
from cogs.present import publish, update_board
from cogs.ui.board import table_place
from cogs.ui.buttons import IdButton

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

ME_TEXT = 200  # every setting at once fits in far less


class ConfirmSub(
    IdButton,
    template=r"sb:sub:(?P<t>\d{1,18}):(?P<s>\d{1,2}):(?P<u>\d{1,20})",
):
    """The host's (or a Manage Server member's) yes to a substitute's offer. Persistent like the
    other buttons: the offer still works after a restart, and a click after the seat was taken
    (or its player came back) is refused in one sentence."""

    def __init__(self, table_id: int, seat: int, user_id: int) -> None:
        self.table_id, self.seat, self.user_id = table_id, seat, user_id
        super().__init__(
            discord.ui.Button(
                label="Yes, let them take over",
                style=discord.ButtonStyle.success,
                custom_id=f"sb:sub:{table_id}:{seat}:{user_id}",
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = snowbound(interaction.client)
        member = interaction.guild.get_member(self.user_id) if interaction.guild else None
        user = member or interaction.client.get_user(self.user_id)
        name = display_name(user) if user is not None else "A substitute"
        try:
            played = await bot.service.substitute(
                self.table_id,
                interaction.user.id,
                self.seat,
                Player(self.user_id, name),
                can_manage=can_manage(interaction.user),
            )
        except Exception as err:
            await reply_error(interaction, err)
            return
        await interaction.response.edit_message(
            content=f"Confirmed: {played.lines[0] if played.lines else name + ' takes over.'}",
            view=None,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await publish(bot, played)


async def offer_sub(bot: SnowboundBot, ctx: commands.Context[Any], wanted: str) -> None:
    """`/game sub [player]`: the offer, in the channel, with the host's confirm button."""
    table = await resolve_table(ctx, lobby=False)
    index = bot.service.sub_seat(table, ctx.author.id, wanted or None)
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmSub(table.id, index, ctx.author.id))
    host = f"<@{table.host_id}>" if table.host_id else "The host"
    await ctx.send(
        f"{display_name(ctx.author)} offers to take over from {table.seats[index].name}. "
        f"{host} (or someone with Manage Server), confirm?",
        view=view,
        allowed_mentions=discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(table.host_id)]
        )
        if table.host_id
        else NO_PINGS,
    )


async def open_seats(
    bot: SnowboundBot, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`/game sub`'s list: the seats the caller could take over here, by their players' names."""
    table = None
    if interaction.channel_id is not None:
        table = await table_here(bot, interaction.channel_id, lobby=False)
    if table is None or table.status != "active":
        return []
    found = []
    for seat in table.seats:
        try:
            bot.service.sub_seat(table, interaction.user.id, seat.name)
        except TableError:
            continue
        if current.casefold() in seat.name.casefold():
            found.append(app_commands.Choice(name=seat.name, value=seat.name))
    return found[:25]


PACE_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ConfirmSub,)


class MeCog(commands.Cog, name="Me"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*PACE_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*PACE_ITEMS)

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        await handle_command_error(ctx, error)

    @hybrid_command("me")
    @app_commands.describe(
        settings="e.g. tz=Europe/Paris quiet=22-08 reminders=off away=2026-12-24 (away=off)"
    )
    async def me(
        self, ctx: commands.Context[Any], *, settings: commands.Range[str, 0, ME_TEXT] = ""
    ) -> None:
        """Your settings for paced games: time zone, quiet hours, reminders, away."""
        now = self.service.clock()
        if settings.strip():
            saved = await self.service.set_me(ctx.author.id, settings)
            await private(ctx, "Saved. " + saved.describe(now))
            if "away" in settings.casefold():
                await self.show_away(ctx.author.id)
        else:
            current = await self.service.me(ctx.author.id)
            await private(
                ctx,
                current.describe(now) + "\nChange them with `/me tz=… quiet=22-08 "
                "reminders=on|off away=YYYY-MM-DD`.",
            )

    async def show_away(self, user_id: int) -> None:
        """The boards of the member's paced tables say they are away (or back), at once."""
        for table in await self.service.tables_of(user_id):
            if table.pace is None or table.status != "active":
                continue
            channel = await table_place(self.bot, table)  # an archived thread is woken
            if channel is None:
                continue
            try:
                await update_board(self.bot, table, channel)
            except discord.HTTPException as err:
                log.warning("board of table %s not updated (%s)", table.id, err)


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(MeCog(bot))


__all__ = ["PACE_ITEMS", "ConfirmSub", "MeCog"]

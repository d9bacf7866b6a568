"""Spectators on Discord: the **Watch** button (on the lobby message and the board), the
spectator panel (a DM, or an ephemeral answer when DMs are closed) and `spectate`, which keeps
every spectator's panel up to date after a change, the way players' panels are.

A spectator panel shows only the public view (`bot.watchers.SpectatorView`): the board in words,
whose turn it is and the last public lines — never a picture (its alt text is the board's text
anyway: the thread's board shows the picture). It is edited in place, never sent twice; a panel
whose digest did not change costs no request; a refused DM pauses it until the member presses
Watch again (or types `/game watch`)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.delivery import message_ref, passing
from bot.tables import Played, TableRecord, seat_of
from bot.watchers import SpectatorView, WatcherRecord
from cogs.common import (
    clip,
    display_name,
    grey_button,
    reply_error,
    snowbound,
    table_channel,
)
from cogs.ui.buttons import IdButton

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(150, 160, 175)  # greyer than the board: a view, not a seat
BOARD_TEXT = 3000
WATCHING = "You are watching: you see what everyone sees, nothing private."
CLOSED_DM = (
    "I cannot send you private messages, so here is the table as everyone sees it now. "
    "Press Watch again (or use `/game watch`) for a fresh view once your DMs are open."
)


class WatchButton(
    IdButton,
    template=r"sb:w:(?P<t>\d{1,18}):(?P<op>watch|unwatch)",
):
    """**Watch** (on the lobby message, the board and a spectator's ephemeral view) follows the
    table as a spectator; **Stop watching** (on the spectator's DM panel) stops it."""

    STYLES = {
        "watch": ("Watch", "👀"),
        "unwatch": ("Stop watching", None),
    }

    def __init__(self, table_id: int, op: str = "watch") -> None:
        self.table_id, self.op = table_id, op
        label, emoji = self.STYLES[op]
        super().__init__(grey_button(label, f"sb:w:{table_id}:{op}", emoji))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "watch":
            await press_watch(interaction, self.table_id)
        else:
            await press_unwatch(interaction, self.table_id)


class SpectatorPanelView(discord.ui.View):
    def __init__(self, table_id: int, op: str) -> None:
        super().__init__(timeout=None)
        self.add_item(WatchButton(table_id, op))


# ---------------------------------------------------------------------------------------------
# the spectator panel


def spectator_message(view: SpectatorView, *, dm: bool = True) -> dict[str, Any]:
    """The spectator panel as message fields: the public board, the last public lines, the result
    once the game is over. On a DM it carries Stop watching; in an ephemeral answer, Watch (which
    draws it afresh)."""
    board = view.board
    embed = discord.Embed(
        title=clip(f"👀 {board.title}", 256),
        description=clip(board.text, BOARD_TEXT),
        colour=COLOUR,
    )
    if view.recent:
        lately = "\n".join(f"• {line}" for line in view.recent)
        embed.add_field(name="Lately", value=clip(lately, 1024), inline=False)
    if view.result:
        embed.add_field(name="Result", value=clip("\n".join(view.result), 1024), inline=False)
    if view.over:
        footer = "The game is over." if view.status == "finished" else "This table was closed."
    else:
        turn = "The game has not started yet." if view.status == "lobby" else board.turn
        footer = " ".join(part for part in (turn, WATCHING) if part)
    embed.set_footer(text=clip(footer, 2048))
    buttons = None if view.over else SpectatorPanelView(view.table_id, "unwatch" if dm else "watch")
    return {"embed": embed, "view": buttons}


def stopped_message(table: TableRecord) -> dict[str, Any]:
    """A spectator panel closed by Stop watching: the last view stays, its button goes."""
    embed = discord.Embed(
        title=f"Table #{table.id}",
        description="You stopped watching this table. Press Watch on its board to follow it again.",
        colour=COLOUR,
    )
    return {"embed": embed, "view": None}


async def deliver(bot: SnowboundBot, record: WatcherRecord, view: SpectatorView) -> WatcherRecord:
    """Edit the spectator's DM panel in place, or send it (once) when there is none or it is
    gone; a refused DM marks the panel paused. Raises `discord.HTTPException` when Discord fails
    to take it (the digest stays, so the table's next change tries again)."""
    service = bot.service
    message = spectator_message(view)
    if record.message_id and record.channel_id and not record.dm_closed:
        channel: Any = bot.get_channel(record.channel_id)
        if channel is None:  # after a restart the DM channel is not cached: its id is enough
            channel = bot.get_partial_messageable(
                record.channel_id, type=discord.ChannelType.private
            )
        try:
            await message_ref(bot, channel, record.message_id).edit(**message)
            return await service.watchers.panel_sent(
                record, view, channel_id=record.channel_id, message_id=record.message_id
            )
        except discord.HTTPException as err:
            if passing(err):  # still there: sending another would leave two live panels
                raise
            log.info(
                "spectator panel of %s at table %s is gone (%s)", record.user_id, view.table_id, err
            )
    sent = await bot.delivery.dm(record.user_id, fallback=False, **message)
    if sent is None:
        return await service.watchers.panel_sent(
            record, view, channel_id=None, message_id=None, dm_closed=True
        )
    return await service.watchers.panel_sent(
        record, view, channel_id=sent.channel.id, message_id=sent.id
    )


async def into_thread(bot: SnowboundBot, table: TableRecord, user_id: int, *, add: bool) -> None:
    """Add the spectator to the table's thread (so it is in their list), or take them out."""
    place = table_channel(bot, table)
    if not isinstance(place, discord.Thread):
        return
    try:
        if add:
            await place.add_user(discord.Object(user_id))
        else:
            await place.remove_user(discord.Object(user_id))
    except (discord.HTTPException, AttributeError) as err:
        log.info("thread of table %s: spectator %s not changed (%s)", table.id, user_id, err)


async def spectate(bot: SnowboundBot, played: Played) -> None:
    """After a change is shown: every spectator whose panel would read differently gets it
    edited (the public view only). Costs one store read for a table nobody watches."""
    table = played.table
    records = [r for r in await bot.service.store.watchers(table.id) if not r.dm_closed]
    if not records:
        return
    view = await bot.service.watchers.spectator_view(table, played.ending)
    for record in records:
        if record.digest == view.digest or seat_of(table, record.user_id) is not None:
            continue  # unchanged, or they took a seat since (`/game sub`): their panel shows it
        if table.status == "active" and not record.digest.startswith("active"):
            await into_thread(bot, table, record.user_id, add=True)  # a watched lobby started
        try:
            await deliver(bot, record, view)
        except discord.HTTPException as err:
            log.warning(
                "spectator panel of table %s for %s not delivered (%s)",
                table.id,
                record.user_id,
                err,
            )


# ---------------------------------------------------------------------------------------------
# watching and stopping: the work of `/game watch`, `/game unwatch` and the buttons


async def start_watching(
    bot: SnowboundBot, table: TableRecord, user: discord.abc.User
) -> tuple[str, dict[str, Any]]:
    """Watch `table`: the spectator panel goes by DM (edited in place if there is one). The answer
    to give the member privately, and the panel itself when DMs are closed."""
    service = bot.service
    record = await service.watchers.watch(table, user.id, display_name(user))
    view = await service.watchers.spectator_view(table)
    if table.status == "active":
        await into_thread(bot, table, user.id, add=True)
    try:
        record = await deliver(bot, record, view)
    except discord.HTTPException as err:
        log.warning("spectator panel of table %s for %s not sent (%s)", table.id, user.id, err)
        return (
            "You are watching, but Discord did not take your view just now: it comes with "
            "the next move.",
            {},
        )
    if record.dm_closed:
        return CLOSED_DM, spectator_message(view, dm=False)
    where = "the lobby" if table.status == "lobby" else "the game"
    return (
        f"You are watching table #{table.id}: {where} as everyone sees it comes to your DMs, "
        "kept up to date. `/game unwatch` stops it.",
        {},
    )


async def stop_watching(bot: SnowboundBot, table: TableRecord, user_id: int) -> WatcherRecord:
    """Stop watching `table`: the DM panel is closed where it is, the thread left."""
    record = await bot.service.watchers.unwatch(table, user_id)
    await close_panel(bot, table, record)
    await into_thread(bot, table, user_id, add=False)
    return record


async def close_panel(bot: SnowboundBot, table: TableRecord, record: WatcherRecord) -> None:
    if not record.message_id or not record.channel_id or record.dm_closed:
        return
    channel: Any = bot.get_channel(record.channel_id) or bot.get_partial_messageable(
        record.channel_id, type=discord.ChannelType.private
    )
    try:
        await message_ref(bot, channel, record.message_id).edit(**stopped_message(table))
    except discord.HTTPException as err:
        log.info("spectator panel of %s not closed (%s)", record.user_id, err)


async def press_watch(interaction: discord.Interaction, table_id: int) -> None:
    """The Watch button: answered first (privately), then the panel is sent."""
    bot = snowbound(interaction.client)
    try:
        table = await bot.service.table(table_id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, panel = await start_watching(bot, table, interaction.user)
    except Exception as err:
        await reply_error(interaction, err)
        return
    await interaction.followup.send(text, ephemeral=True, **panel)


async def press_unwatch(interaction: discord.Interaction, table_id: int) -> None:
    """Stop watching, from the DM panel: the click's answer closes the panel in place."""
    bot = snowbound(interaction.client)
    try:
        table = await bot.service.table(table_id)
        record = await bot.service.watchers.unwatch(table, interaction.user.id)
    except Exception as err:
        await reply_error(interaction, err)
        return
    clicked = interaction.message.id if interaction.message is not None else None
    if clicked is not None and clicked == record.message_id:
        await interaction.response.edit_message(**stopped_message(table))
    else:
        await interaction.response.send_message(
            f"You stopped watching table #{table.id}.", ephemeral=True
        )
        await close_panel(bot, table, record)
    await into_thread(bot, table, interaction.user.id, add=False)


__all__ = [
    "SpectatorPanelView",
    "WatchButton",
    "close_panel",
    "deliver",
    "into_thread",
    "press_unwatch",
    "press_watch",
    "spectate",
    "spectator_message",
    "start_watching",
    "stop_watching",
    "stopped_message",
]

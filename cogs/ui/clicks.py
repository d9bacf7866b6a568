"""A click on a move: play it, answer the click with the mover's fresh panel, then publish; when a
searching AI thinks after it, the move is answered and published first, then the AI's moves.

The panel's move buttons (`cogs.ui.steps`) call `play_choice`; panels are drawn with the bot's
kit (`cogs.ui.own.Kit`), so nothing here imports the panel modules."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.tables import Played, seat_of
from cogs.common import reply_error, snowbound
from cogs.ui.own import closed_panel, kit_of, panel_news
from cogs.ui.publish import publish

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)


async def play_choice(
    interaction: discord.Interaction,
    table_id: int,
    ply: int,
    index: int,
    mark: str | None,
    *,
    since: Sequence[str] | None = None,
    forced: bool = False,
) -> None:
    """The move at `index` for the clicker (`cogs.ui.own.PlayChoice` says what `since` and
    `forced` do)."""
    bot = snowbound(interaction.client)

    async def first(played: Played) -> None:
        """The move, before a searching AI thinks: the click answered, the thread shows it."""
        await answer_mover(bot, interaction, played, since=since, forced=forced)
        await publish(bot, played)

    try:
        # the interaction's id goes with the move: Discord may deliver the same press again
        played = await bot.service.act_choice(
            table_id, interaction.user.id, ply, index, mark, source=interaction.id, show=first
        )
    except Exception as err:
        await reply_error(interaction, err)
        return
    await answer_mover(bot, interaction, played, since=since, forced=forced)
    await publish(bot, played)


async def answer_mover(
    bot: SnowboundBot,
    interaction: discord.Interaction,
    played: Played,
    *,
    since: Sequence[str] | None = None,
    forced: bool = False,
) -> None:
    """Redraw the clicked panel (the DM panel or the ephemeral one from "My hand & moves") in the
    interaction's response: the mover sees their new hand and moves at no request's cost. When
    the click came from their DM panel, that panel is now up to date, so `publish` skips it; it
    is redrawn as a DM panel (with "My hand & moves") even when nothing private changed. It is
    drawn from the result record alone (`Played.panels` or `Played.mover_panel`). A click answered
    already (its move shown before a searching AI thought) has its panel edited again with the
    AI seats' moves, when they changed it. `since` heads the panel with the lines since the
    mover's last move; `forced`: "My hand & moves" made the move for them (`BaseGame.forced`),
    so the digest ends with what it did ("Bo draws a card: …"), and the panel is a new answer
    only the mover sees, unless the click was on their DM panel."""
    service, table = bot.service, played.table
    kit = kit_of(bot)
    seat = seat_of(table, interaction.user.id)
    update = next((u for u in played.panels if u.seat == seat), None)
    fresh = update if update is not None else played.mover_panel
    answered = interaction.response.is_done()
    if seat is None or table.state is None or fresh is None:
        if not answered:
            await interaction.response.defer()
        return
    if forced:  # what opening the panel did, told where the player looks
        since = [*(since or ()), *played.lines]
    fresh = panel_news(fresh, since, played.ending)
    clicked = interaction.message.id if interaction.message is not None else None
    # where the seat's DM panel is (the result record carries it): a click there redraws it as
    # a DM panel, with its "My hand & moves" button, even when nothing private changed
    panel = fresh.panel
    on_dm = panel is not None and clicked is not None and panel.message_id == clicked
    message = kit.panel(service, table, fresh, dm=on_dm)
    if table.status != "active":
        message = closed_panel(message, table)
    try:
        if answered:
            await interaction.edit_original_response(attachments=[], **message)
        elif forced and not on_dm:
            await interaction.response.send_message(ephemeral=True, **message)
        else:
            await interaction.response.edit_message(attachments=[], **message)
    except discord.HTTPException as err:
        log.info("could not redraw the panel of table %s in the response (%s)", table.id, err)
        return
    if update is not None and panel is not None and on_dm:
        # a write after answering: the DM panel now shows this update
        await service.panel_sent(update, channel_id=panel.channel_id, message_id=panel.message_id)
        played.panels = [u for u in played.panels if u is not update]

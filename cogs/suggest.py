"""`/suggest` (`!suggest`, `!game suggest`) and the private panel's "Suggest a move" button:
the expert's pick for the caller, privately, with its reason and estimated chance of winning
(`bot.ai.suggest`: from the caller's own observation only). Both answer first (the expert
thinks about a second, in a worker thread), then send the suggestion where only the caller reads
it: an ephemeral follow-up, or a DM for a chat command. The Coldest Night's talking rule is about
the channel: nothing is said there.

Also the Discord side of "thinking…" (`install`): while an expert AI thinks, the bot shows as
typing in the table's thread (one request per stretch of AI turns)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import ai
from bot.tables import TableError, TableRecord
from cogs.common import (
    answer_privately,
    grey_button,
    private,
    reply_error,
    resolve_table,
    snowbound,
    table_channel,
)
from cogs.ui.buttons import IdButton

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

BUTTON_LABEL = "Suggest a move"


async def suggest(bot: SnowboundBot, ctx: commands.Context[Any]) -> None:
    """The body of `/suggest`: answered first, then the suggestion privately."""
    table = await resolve_table(ctx, lobby=False)
    why = ai.refusal(bot.service.cache, table, ctx.author.id)
    if why is not None:
        raise TableError(why)
    if ctx.interaction is not None:  # the expert thinks for about a second: answer first
        await ctx.defer(ephemeral=True)
    advice = await ai.suggest(bot.service.cache, bot.service.ai, table, ctx.author.id)
    await private(ctx, advice.text)


class SuggestButton(IdButton, template=r"sb:g:(?P<t>\d{1,18})"):
    """ "Suggest a move" on a private panel (DM or ephemeral) of a table that gives suggestions:
    the answer is deferred (only the clicker sees it), then the suggestion follows."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(grey_button(BUTTON_LABEL, f"sb:g:{table_id}", "💡"))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = snowbound(interaction.client).service
        try:
            table = await service.table(self.table_id)
        except Exception as err:  # no such table (a forged or old button): one sentence
            await reply_error(interaction, err)
            return
        try:
            why = ai.refusal(service.cache, table, interaction.user.id)
            if why is not None:
                raise TableError(why)
            await interaction.response.defer(ephemeral=True, thinking=True)
            advice = await ai.suggest(service.cache, service.ai, table, interaction.user.id)
        except TableError as err:
            await answer_privately(interaction, str(err))
            return
        except Exception:
            log.exception("a suggestion at table %s failed", self.table_id)
            await answer_privately(interaction, "Sorry, no suggestion could be made just now.")
            return
        await answer_privately(interaction, advice.text)


def panel_items(service: Any, table: TableRecord) -> list[discord.ui.Item[Any]]:
    """The "Suggest a move" button for a private panel, when the table gives suggestions and
    the game has an expert to ask (none on a finished table)."""
    if table.status != "active" or not ai.suggestions_on(table):
        return []
    game = service.games.get(table.game)
    if game is None or ai.ADVISOR_LEVEL not in game.agents:
        return []
    return [SuggestButton(table.id)]


def install(bot: SnowboundBot) -> None:
    """Show an expert AI's thinking: the bot types in the table's place while it thinks."""

    async def thinking(table: TableRecord, seat: int) -> None:
        channel = table_channel(bot, table)
        if channel is not None and hasattr(channel, "typing"):
            try:
                await channel.typing()
            except discord.HTTPException as err:
                log.info("table %s: the typing notice was refused (%s)", table.id, err)

    bot.service.ai.on_thinking = thinking


__all__ = ["BUTTON_LABEL", "SuggestButton", "install", "panel_items", "suggest"]

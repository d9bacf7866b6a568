"""Getting private views to players: one DM panel per player per table, edited in place.

Closed DMs (Discord error 50007, or any Forbidden) never stop a table: the panel is marked closed,
the player is told once in the table's channel to use `/game hand`, and play goes on.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.tables import PanelUpdate, TableService

log = logging.getLogger(__name__)

CANNOT_DM = 50007


def message_ref(client: discord.Client, channel: Any, message_id: int) -> Any:
    """The cached message if the client still has it, else a partial one: editing either costs one
    request, and no fetch is needed."""
    for message in reversed(client.cached_messages):
        if message.id == message_id:
            return message
    return channel.get_partial_message(message_id)


class Delivery:
    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service

    async def user(self, user_id: int) -> discord.User | None:
        found = self.client.get_user(user_id)
        if found is not None:
            return found
        try:
            return await self.client.fetch_user(user_id)
        except discord.HTTPException:
            return None

    async def dm(self, user_id: int, **message: Any) -> discord.Message | None:
        """Send a DM; None when the user cannot be reached privately."""
        user = await self.user(user_id)
        if user is None:
            return None
        try:
            return await user.send(**message)
        except discord.Forbidden:
            return None
        except discord.HTTPException as err:
            if err.code == CANNOT_DM:
                return None
            raise

    async def deliver(
        self, update: PanelUpdate, message: dict[str, Any], table_channel: Any | None
    ) -> bool:
        """Edit the seat's panel in place, or send a new one; False if DMs are closed."""
        panel = update.panel
        if panel is not None and panel.message_id and panel.channel_id and not panel.dm_closed:
            try:
                channel = self.client.get_channel(panel.channel_id)
                if channel is None:
                    user = await self.user(update.user_id)
                    channel = await user.create_dm() if user else None
                if channel is not None:
                    await message_ref(self.client, channel, panel.message_id).edit(**message)
                    await self.service.panel_sent(
                        update, channel_id=panel.channel_id, message_id=panel.message_id
                    )
                    return True
            except discord.HTTPException as err:
                log.info(
                    "panel edit failed for table %s seat %s (%s); re-sending",
                    update.table_id,
                    update.seat,
                    err,
                )
        sent = await self.dm(update.user_id, **message)
        if sent is None:
            already = panel is not None and panel.dm_closed
            await self.service.panel_sent(update, channel_id=None, message_id=None, dm_closed=True)
            if not already and table_channel is not None:
                await table_channel.send(
                    f"<@{update.user_id}>, I cannot send you private messages, so your hand is "
                    "not in your DMs: use `/game hand` to see it (only you will see the reply).",
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
            return False
        await self.service.panel_sent(update, channel_id=sent.channel.id, message_id=sent.id)
        return True

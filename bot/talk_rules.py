"""Table talk: what a seated player may say in a running table's channel or thread now (the
game's `chat_policy`), and the verdict on a message or a reaction. The Discord side that deletes
and explains is the chat filter (`bot.chat_filter`)."""

from __future__ import annotations

from bot.records import seat_of
from bot.table_cache import CachePart
from rules.chat import ChatVerdict, check_message, reaction_allowed
from rules.core import ChatPolicy


class TalkRules(CachePart):
    """What a seated player may say in the table's channel now (the game's `chat_policy`)."""

    async def check_chat(
        self, channel_id: int, user_id: int, content: str, *, has_attachment: bool = False
    ) -> ChatVerdict | None:
        """The verdict on a seated player's message in an active table's channel, else None."""
        judged = await self.chat(channel_id, user_id, content, has_attachment=has_attachment)
        return None if judged is None else judged[1]

    async def chat(
        self, channel_id: int, user_id: int, content: str, *, has_attachment: bool = False
    ) -> tuple[ChatPolicy, ChatVerdict] | None:
        """The author's chat rule (whose `notice` explains a refusal) and its verdict, or None
        when no table rule applies to them here."""
        policy = await self._policy(channel_id, user_id)
        if policy is None:
            return None
        return policy, check_message(policy, content, has_attachment=has_attachment)

    async def check_reaction(self, channel_id: int, user_id: int, emoji: str) -> bool:
        policy = await self._policy(channel_id, user_id)
        return policy is None or reaction_allowed(policy, emoji)

    async def _policy(self, channel_id: int, user_id: int) -> ChatPolicy | None:
        table = await self.cache.table_in(channel_id, indexed=True)
        if table is None or table.status != "active":
            return None
        if table.thread_id is not None and table.thread_id != channel_id:
            return None
        seat = seat_of(table, user_id)
        if seat is None:
            return None
        return self.games[table.game].chat_policy(self.cache.state(table), seat)

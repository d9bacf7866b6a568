"""The persistent buttons that keep everything they need in their custom id: one way back from
the id to the button, for all of them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Self

import discord

NUMBERED = frozenset({"t", "s", "u"})  # a custom id's table, seat and user


class IdButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button that keeps everything it needs in its `custom_id`, so it still works after a
    restart: its template's groups, in order, are its constructor's arguments, the numbered ones
    (`NUMBERED`) as ints. This base matches no id (`(?!)`) and is never registered itself."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        make: Callable[..., Self] = cls
        groups = match.groupdict().items()
        return make(*(int(value) if name in NUMBERED else value for name, value in groups))

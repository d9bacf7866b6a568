"""`/play <move>` (and `!play <move>`): a legal move by its label or the game's notation; and a
table whose thread is deleted or locked, moved to its channel as soon as Discord says so."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.reporter import played_answer
from bot.tables import Played, SecretMoveError, TableRecord, seat_of
from cogs.common import (
    check_thread,
    clip,
    handle_command_error,
    hybrid_command,
    leave_thread,
    resolve_table,
    table_here,
)
from cogs.present import publish
from rules.choices import Node
from rules.parsing import normalise

if TYPE_CHECKING:
    from bot.app import SnowboundBot


MOVE_TEXT = 300  # the engine refuses longer typed moves; Discord enforces this on `/play`


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: SnowboundBot) -> None:
        self.bot = bot
        self.service = bot.service

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        await handle_command_error(ctx, error)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A table's thread deleted: the game goes on in its channel at once, its players told
        there, not only once a move finds the thread gone. The board comes down there with the
        next move (or `/game status`): a board posted from here could race a move's own."""
        await self.thread_closed(payload.thread_id, "deleted")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A table's thread locked: likewise. Unlocking it later changes nothing: the game stays
        in the channel, where its players were sent."""
        if (payload.data.get("thread_metadata") or {}).get("locked"):
            await self.thread_closed(payload.thread_id, "locked")

    @commands.Cog.listener()
    async def on_table_thread_check(self, table: TableRecord) -> None:
        """A slash command in a channel whose game stands in a thread discord.py does not hold
        (`cogs.common.came_back`), after its answer: the thread is fetched, and if it is gone
        or locked the game comes back to the channel."""
        await check_thread(self.bot, table)

    async def thread_closed(self, thread_id: int, why: str) -> None:
        # the channel index first: most threads hold no table, and cost no store call
        table = await self.service.table_in(thread_id, indexed=True)
        if table is None or table.thread_id != thread_id or table.status != "active":
            return
        await leave_thread(self.bot, table, why, board_follows=False)

    @hybrid_command("play")
    @app_commands.describe(move="your move: pick from the list or type it")
    async def play(
        self, ctx: commands.Context[Any], *, move: commands.Range[str, 1, MOVE_TEXT]
    ) -> None:
        """Make a move at this channel's table."""
        # Discord delivered this move again: said so first, even when its table is over since
        self.service.refuse_repeat(ctx.interaction.id if ctx.interaction else ctx.message.id)
        table = await resolve_table(ctx, lobby=False)
        if ctx.interaction is not None:
            await ctx.defer(ephemeral=True)
        in_public = ctx.interaction is None and ctx.guild is not None
        answered = ctx.interaction is None  # a typed `!play` is answered by the thread alone

        async def answer(shown: Played) -> None:
            """The slash command's private answer: the player's own move (`played_answer`), as
            soon as it is shown, before any searching AI seat thinks."""
            nonlocal answered
            if not answered:
                answered = True
                seat = seat_of(shown.table, ctx.author.id)
                await ctx.send(played_answer(shown, seat), ephemeral=True)

        async def show(shown: Played) -> None:
            await publish(self.bot, shown)
            await answer(shown)

        try:
            # the slash command's interaction or the typed message goes with the move: Discord
            # may deliver either again, and it is then played once
            source = ctx.interaction.id if ctx.interaction is not None else ctx.message.id
            played = await self.service.act(
                table.id,
                ctx.author.id,
                move,
                in_public=in_public,
                source=source,
                show=show,  # the move, before a searching AI thinks
            )
        except SecretMoveError:
            with contextlib.suppress(discord.HTTPException):
                await ctx.message.delete()  # a ballot typed in the channel: gone before it is read
            raise
        await publish(self.bot, played)
        await answer(played)

    @play.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.choices(interaction.channel_id, interaction.user.id, current)

    async def choices(
        self, channel_id: int | None, user_id: int, current: str
    ) -> list[app_commands.Choice[str]]:
        """The caller's moves as their panel's steps (`suggest`), narrowed by what is typed."""
        if channel_id is None:
            return []
        table = await table_here(self.bot, channel_id, lobby=False)
        if table is None or table.status != "active":
            return []
        seat = seat_of(table, user_id)
        if seat is None:
            return []
        update = self.service.panel_update(table, seat)
        return [
            app_commands.Choice(name=name, value=value)
            for name, value in suggest(update.tree, update.choices, current)
        ]


def suggest(root: Node, labels: Sequence[str], current: str) -> list[tuple[str, str]]:
    """Autocomplete along the panel's choice path: (what the list shows, what it fills in).

    Nothing typed: the top steps ("Play a card …", "End turn"). A step picked (its words typed):
    its own steps first. Otherwise every step and move whose path holds every typed word, the
    steps nearest the top first. A move fills in its whole label, which `/play` reads as typed;
    a step fills in its path, so the next suggestions are that step's options."""
    words = normalise(current).split()
    typed = " ".join(words)
    found: list[tuple[int, int, int, str, str]] = []  # (focus, depth, order, name, value)
    order = 0

    def walk(node: Node, trail: list[str], focused: bool) -> None:
        nonlocal order
        for child in node.children:
            order += 1
            path = [*trail, child.label]
            shown = " › ".join(path)
            if child.index is not None:
                whole = labels[child.index] if child.index < len(labels) else child.label
                text, value, name = f"{shown} {whole}", whole, shown
            else:
                text, value, name = shown, shown, f"{shown} …"
            matches = all(word in normalise(text) for word in words)
            if matches and (child.index is not None or normalise(shown) != typed):
                found.append((0 if focused else 1, len(path), order, name, value))
            if child.index is None and words:  # nothing typed: the top steps only
                walk(child, path, normalise(shown) == typed)

    walk(root, [], False)
    found.sort(key=lambda hit: hit[:3])
    return [(clip(name, 100), clip(value, 100)) for *_, name, value in found[:25]]


async def setup(bot: SnowboundBot) -> None:
    await bot.add_cog(PlayCog(bot))


__all__ = ["PlayCog"]

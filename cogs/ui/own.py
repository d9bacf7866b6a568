"""A player's own panel as a click finds it, and the kit that draws panels.

Panels are drawn by `cogs.ui.panel`, whose buttons act and then publish; `publish` and the board's
button draw panels too. So that no module here imports one that imports it back, what draws
panels and the views that lead back to acting is one `Kit`, made at the top (`cogs.present.KIT`)
and held by the bot (`SnowboundBot.kit`, set when the lobby cog loads): a click reaches it
through `interaction.client`."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.tables import Ending, PanelUpdate, TableRecord, TableService, seat_of
from cogs.common import reply_error, snowbound
from cogs.ui.ending import panel_result

if TYPE_CHECKING:
    from bot.app import SnowboundBot


class PanelDrawer(Protocol):
    """Draws a seat's panel as message fields: an answer only it sees, or its DM panel (`dm`)."""

    def __call__(
        self, service: TableService, table: TableRecord, update: PanelUpdate, *, dm: bool = False
    ) -> dict[str, Any]: ...


ViewOf = Callable[[TableRecord], discord.ui.View | None]
OpenStep = Callable[[discord.Interaction, int, tuple[int, ...], str], Awaitable[None]]


class PlayChoice(Protocol):
    """Plays the move at `index` for the clicker (`cogs.ui.clicks.play_choice`): `since`, the
    lines since their last move to head the panel it answers with; `forced`, the move was made
    for them by "My hand & moves" (`BaseGame.forced`): the panel comes as a new answer only they
    see (their DM panel, when the click was there), its digest ending with the move's lines."""

    def __call__(
        self,
        interaction: discord.Interaction,
        table_id: int,
        ply: int,
        index: int,
        mark: str | None,
        *,
        since: Sequence[str] | None = None,
        forced: bool = False,
    ) -> Awaitable[None]: ...


@dataclass(frozen=True)
class Kit:
    """`panel` draws the panel only its seat sees in a server (an ephemeral answer), or its DM
    panel (`dm`, with its "My hand & moves" button), `end_view` the end message's
    buttons (Rematch); `open_step` and `play_choice` are what a panel's step and move clicks run
    (`cogs.ui.panel`, `cogs.ui.clicks`), so the components in `cogs.ui.steps` need not import the
    code that draws them."""

    panel: PanelDrawer
    end_view: ViewOf
    open_step: OpenStep
    play_choice: PlayChoice


def kit_of(bot: SnowboundBot) -> Kit:
    kit = getattr(bot, "kit", None)
    if not isinstance(kit, Kit):
        raise RuntimeError("the presenter's kit is set when the lobby cog loads (cogs.present)")
    return kit


def private_update(service: TableService, table: TableRecord, seat: int) -> PanelUpdate:
    """A seat's panel as it is now (what only it sees, and its moves), for an answer only the
    seat reads."""
    return service.panel_update(table, seat)


def panel_news(
    update: PanelUpdate, since: Sequence[str] | None, ending: Ending | None
) -> PanelUpdate:
    """The panel headed by the public lines since the seat's last move (when the game comes
    back to it), and ended by the seat's own result (when the game is over)."""
    text = update.text
    if since:
        # a bullet a line: a move's own lines (a night falling, each attack) each get one;
        # "… 3 earlier moves are in `/game log`." is no move: no bullet
        lines = [
            line if line.startswith("…") else "\n".join(f"• {part}" for part in line.split("\n"))
            for line in since
        ]
        head = "**Since your last move:**\n" + "\n".join(lines)
        text = f"{head}\n\n{text}"
    if ending is not None:
        text = f"{text}\n\n{panel_result(ending, update.seat)}"
    if text == update.text:
        return update
    return dataclasses.replace(update, text=text)


def with_digest(update: PanelUpdate, since: list[str]) -> PanelUpdate:
    """The panel headed by the public events since the seat's last move, so a player who comes
    back after a day sees what happened without scrolling the thread."""
    return panel_news(update, since, None)


def closed_panel(message: dict[str, Any], table: TableRecord) -> dict[str, Any]:
    """A panel of a table that is over: no buttons, and a footer that says so (not "when the
    game waits for you")."""
    embed = message.get("embed")
    if isinstance(embed, discord.Embed):
        over = "The game is over." if table.status == "finished" else "This table was closed."
        embed.set_footer(text=over)
    return {**message, "view": None}


async def returning_panel(
    service: TableService, table: TableRecord, update: PanelUpdate
) -> PanelUpdate:
    """`update` with the "since your last move" digest on top when the game waits for its seat
    (a click asks for it; after a move the result record carries it, `Played.since`)."""
    if table.status != "active" or update.seat not in service.waiting_for(table):
        return update
    return with_digest(update, await service.since_last_move(table, update.seat))


async def own_panel(
    interaction: discord.Interaction, table_id: int
) -> tuple[TableService, TableRecord, PanelUpdate] | None:
    """The clicker's own private view of a running table, or None after telling them privately
    why there is none (no such table, or they do not play at it)."""
    service = snowbound(interaction.client).service
    try:
        table = await service.table(table_id)
    except Exception as err:
        await reply_error(interaction, err)
        return None
    seat = seat_of(table, interaction.user.id)
    if seat is None or table.status != "active":
        await interaction.response.send_message(
            "You are not playing at this table.", ephemeral=True
        )
        return None
    # the player opened a panel: a DM refused before is tried again on the next change
    await snowbound(interaction.client).delivery.reopen(table.id, seat)
    return (
        service,
        table,
        await returning_panel(service, table, private_update(service, table, seat)),
    )

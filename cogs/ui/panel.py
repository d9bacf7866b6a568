"""A seat's private panel: what only it sees, and its moves as a few short steps.

The panel walks the seat's choice tree (`PanelUpdate.tree`, `rules/choices.py`): it opens at the
top (the kinds of move, with a menu for each kind's own list inline), and each step shows at most
25 options; `cogs.ui.steps` lays a step out and holds its components. A click on a step only
redraws the clicker's own panel, in the click's answer (no request of its own). A step whose
options are places on the board (`Choice.at`) also shows the game's hint picture with those
places labelled, drawn in a worker thread after the click is answered.

The panel is a classic message (an embed and rows of components), not a Components V2 layout:
see docs/DESIGN.md.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.records import PanelUpdate, seat_names
from bot.tables import TableRecord, TableService
from cogs import suggest
from cogs.common import clip
from cogs.games import PICTURES
from cogs.ui.step_layout import Step, step_view
from cogs.ui.steps import Address, claim, newest, reach, release

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(120, 170, 220)
MAX_DESCRIPTION = 4000
MAX_TRAIL = 300
MAX_FIELD = 1024
HINT = "spots.png"
IDLE_FOOTER = (
    "No moves for you right now. When the game waits for you, you are pinged on the board: "
    "press “My hand & moves” there or below for your moves."
)
OVER_FOOTER = "This game is over: its result is on the table's board."
GONE = "Your moves changed since that step was drawn: here they are now."


def _embed(
    service: TableService, table: TableRecord, update: PanelUpdate, step: Step, notice: str | None
) -> discord.Embed:
    game = service.games[table.game]
    text = f"*{notice}*\n\n{update.text}" if notice else update.text
    embed = discord.Embed(
        title=f"{game.title} — table #{table.id} — your view",
        description=clip(text, MAX_DESCRIPTION),
        colour=COLOUR,
    )
    if step.trail:
        embed.add_field(
            name="Your move so far", value=clip(" › ".join(step.trail), MAX_TRAIL), inline=False
        )
    if step.details:
        lines = [f"**{label}** — {detail}" for label, detail in step.details]
        embed.add_field(name="Options", value=clip("\n".join(lines), MAX_FIELD), inline=False)
    if step.node is None:
        embed.set_footer(text=IDLE_FOOTER if table.status == "active" else OVER_FOOTER)
    elif step.spots:
        embed.set_footer(text="The letters are marked on the picture. Choose one below.")
    elif step.address:
        embed.set_footer(text="Choose below, or ◀ Back.")
    else:
        embed.set_footer(text="Choose a move below, or type /play.")
    return embed


def draw_panel(
    service: TableService,
    table: TableRecord,
    update: PanelUpdate,
    *,
    address: Address = (),
    notice: str | None = None,
    dm: bool = False,
) -> tuple[dict[str, Any], Step]:
    """The panel's message at the step `address` (the top when it is gone), and the step. A DM
    panel (`dm`) also has a "My hand & moves" button that redraws it in place with the moves of
    the moment (the panel is not edited for every move, see `panel_update`)."""
    if table.status == "active":
        from cogs.ui.board import BoardButton  # the board's own button

        extra: list[discord.ui.Item[Any]] = [BoardButton(table.id)] if dm else []
        if update.choices:  # "Suggest a move", if offered, beside moves to suggest among
            extra += suggest.panel_items(service, table)
        step = step_view(table.id, update.ply, update.tree, address, update.choices, extra=extra)
    else:  # a finished table offers nothing: no tree to build, no buttons
        step = Step(discord.ui.View(timeout=None), None, (), [])
    return {"embed": _embed(service, table, update, step, notice), "view": step.view}, step


def panel_message(
    service: TableService, table: TableRecord, update: PanelUpdate, *, dm: bool = False
) -> dict[str, Any]:
    """The panel as an answer only the seat reads (the ephemeral panel of "My hand & moves"),
    or as a DM panel (`dm`, see `draw_panel`)."""
    return draw_panel(service, table, update, dm=dm)[0]


def hint_picture(
    game: str, observation: Any, names: Sequence[str], spots: dict[str, tuple[int, int]]
) -> bytes | None:
    """The game's hint picture with `spots` labelled (run in a worker thread). A renderer that
    does not take names and spots yet draws its plain hint picture."""
    draw = PICTURES[game]
    try:
        try:
            return draw(observation, hints=True, names=tuple(names), spots=spots)
        except TypeError:
            return draw(observation, hints=True)
    except Exception:
        log.exception("hint picture of %s failed", game)
        return None


def spot_text(spots: dict[str, tuple[int, int]]) -> str:
    """The picture's alt text: which places are marked."""
    letters = ", ".join(label.removeprefix("Spot ") for label in spots)
    return clip(f"The board, with the places you can choose marked: {letters}.", 1000)


async def open_step(
    interaction: discord.Interaction, table_id: int, address: Address, mark: str
) -> None:
    """A step's click: redraw the clicker's own panel at that step, from the table as it is now
    (at the top, politely, when the step is gone), then add the picture of its spots — unless
    another click on the same panel came meanwhile (its answer is newer than the picture)."""
    claim(interaction)
    try:
        await _open_step(interaction, table_id, address, mark)
    finally:
        release(interaction)


async def _open_step(
    interaction: discord.Interaction, table_id: int, address: Address, mark: str
) -> None:
    from cogs.ui.own import own_panel

    found = await own_panel(interaction, table_id)
    if found is None:
        return
    service, table, update = found
    notice = None
    if reach(update.tree, address, mark) is None:
        address, notice = (), GONE
    dm = interaction.guild is None  # a click on a DM panel
    message, step = draw_panel(service, table, update, address=address, notice=notice, dm=dm)
    await interaction.response.edit_message(attachments=[], **message)
    game = service.games[table.game]
    if not step.spots or not game.picture or table.game not in PICTURES:
        return
    observation = service.observation(table, update.seat)
    png = await asyncio.to_thread(
        hint_picture, table.game, observation, seat_names(table), step.spots
    )
    if not png or not newest(interaction):
        return
    embed: discord.Embed = message["embed"]
    embed.set_image(url=f"attachment://{HINT}")
    picture = discord.File(io.BytesIO(png), HINT, description=spot_text(step.spots))
    try:
        await interaction.edit_original_response(embed=embed, view=step.view, attachments=[picture])
    except discord.HTTPException as err:
        log.info("no spots picture for table %s (%s)", table.id, err)

"""The Discord presenter: what tables look like on Discord, the buttons that survive restarts,
and `publish`, which turns the service's one result record (`Played`) into Discord requests.

Buttons are `DynamicItem`s: everything they need is in their `custom_id`, so after a restart they
keep working without any registry, and a click on an out-of-date move is refused politely. A
button's callback acts and then presents its result, and what it presents holds buttons again:
that is why the buttons, the views and the presenter share this one module (no import cycle).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import io
import json
import logging
import re
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

from bot.delivery import message_ref
from bot.guard import sane_id
from bot.tables import (
    Board,
    PanelUpdate,
    Played,
    Player,
    TableRecord,
    TableService,
    label_mark,
    seat_of,
)
from cogs.common import (
    answer_privately,
    can_manage,
    clip,
    display_name,
    pings,
    reply_error,
    snowbound,
    table_channel,
)
from cogs.games import PICTURES
from cogs.panels import Components, grouped_panel

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(120, 170, 220)
MAX_DESCRIPTION = 4000
BUTTONS_MAX = 5  # one row of buttons; more choices become select menus
PER_SELECT = 25
MAX_SELECTS = 4
IDLE_FOOTER = (
    "No moves for you right now. When the game waits for you, you are pinged on the board: "
    "press “My hand & moves” there or below for your moves."
)
NOT_OFFERED = "That choice is not one I offered; pick again from your panel or use `/play`."


def has_picture(service: TableService, table: TableRecord) -> bool:
    """Whether the game draws a board picture: checked before handing anything to a thread, so a
    game without one costs nothing at publish."""
    return service.games[table.game].picture and table.game in PICTURES


# The last picture of each (table, hints), with a hash of the observation it was drawn from:
# publishing a board that did not change (a private move, a re-post, a second look) sends the
# same PNG instead of drawing it again. Least recently used first, `PICTURES_KEPT` tables at most.
# `picture_of` runs in worker threads, hence the lock.
PICTURES_KEPT = 128
_drawn: OrderedDict[tuple[int, bool], tuple[bytes, bytes]] = OrderedDict()
_drawn_lock = threading.Lock()


def _source_hash(observation: Any) -> bytes:
    """A digest of everything a picture is drawn from (the observation is all a renderer reads)."""
    if isinstance(observation, BaseModel):
        text = observation.model_dump_json()
    else:
        text = json.dumps(observation, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def picture_of(
    service: TableService, table: TableRecord, observation: Any, *, hints: bool = False
) -> bytes | None:
    """The game's PNG board, if it declares one (`picture = True`, drawn by `cogs.games`), drawn
    again only when the observation it shows changed since the table's last picture."""
    if not has_picture(service, table):
        return None
    draw = PICTURES[table.game]
    key = (table.id, hints)
    source = _source_hash(observation)
    with _drawn_lock:
        kept = _drawn.get(key)
        if kept is not None and kept[0] == source:
            _drawn.move_to_end(key)
            return kept[1]
    try:
        png = draw(observation, hints=hints)
    except Exception:
        log.exception("picture for table %s failed", table.id)
        return None
    if png and table.id:
        with _drawn_lock:
            _drawn[key] = (source, png)
            _drawn.move_to_end(key)
            while len(_drawn) > PICTURES_KEPT:
                _drawn.popitem(last=False)
    return png


# ---------------------------------------------------------------------------------------------
# embeds


def lobby_embed(service: TableService, table: TableRecord) -> discord.Embed:
    embed = discord.Embed(
        title=f"{service.games[table.game].title} — table #{table.id}",
        description=clip(service.lobby_text(table), MAX_DESCRIPTION),
        colour=COLOUR,
    )
    if table.status == "lobby":
        embed.set_footer(text="Join, add AI players, and the host presses Start.")
    else:
        embed.set_footer(text=f"This lobby is {table.status}.")
    return embed


async def board_message(
    service: TableService, table: TableRecord, board: Board | None = None
) -> dict[str, Any]:
    """The public board: the game's text, players, clock, and its picture if it has one (drawn in a
    worker thread, so a big lake or city does not hold up the bot)."""
    board = board if board is not None else service.board(table)
    embed = discord.Embed(
        title=board.title, description=clip(board.text, MAX_DESCRIPTION), colour=COLOUR
    )
    names = " · ".join(
        f"{i}. {s.name}" + (" (AI)" if s.agent and "(AI)" not in s.name else "")
        for i, s in enumerate(table.seats, 1)
    )
    embed.add_field(name="Players", value=clip(names, 1024), inline=False)
    if table.status == "active" and table.deadline is not None:
        embed.add_field(name="Clock", value=f"Time runs out <t:{int(table.deadline)}:R>.")
    if pace := service.pace_text(table):  # a paced table's deadlines (`bot.pace`)
        embed.add_field(name="Pace", value=clip(pace, 1024), inline=False)
    embed.set_footer(text=clip(board.turn, 2048))
    message: dict[str, Any] = {
        "embed": embed,
        "view": BoardView(table) if table.status == "active" else None,
    }
    if table.state is not None and has_picture(service, table):
        png = await asyncio.to_thread(picture_of, service, table, board.observation)
        if png:
            embed.set_image(url="attachment://board.png")
            message["attachments"] = [discord.File(io.BytesIO(png), "board.png")]
    return message


def panel_message(
    service: TableService,
    table: TableRecord,
    update: PanelUpdate,
    *,
    page: int = 0,
    focus: str | None = None,
) -> dict[str, Any]:
    game = service.games[table.game]
    embed = discord.Embed(
        title=f"{game.title} — table #{table.id} — your view",
        description=clip(update.text, MAX_DESCRIPTION),
        colour=COLOUR,
    )
    grouped = grouped_panel(
        game, GROUPED, table.id, update.ply, update.choices, focus=focus, page=page
    )
    if grouped is not None:  # a game that names its moves' kinds (`cogs/panels.py`)
        embed.set_footer(text=grouped.footer)
        return {"embed": embed, "view": grouped.view}
    count = len(update.choices)
    if count > PER_SELECT * MAX_SELECTS:
        first, last = page_span(count, page)
        embed.set_footer(text=f"Moves {first}–{last} of {count} below, or type /play.")
    elif count:
        embed.set_footer(text="Choose a move below, or type /play.")
    else:
        embed.set_footer(text=IDLE_FOOTER)
    return {"embed": embed, "view": ChoicesView(table.id, update.ply, update.choices, page)}


def dm_panel_message(
    service: TableService, table: TableRecord, update: PanelUpdate, *, page: int = 0
) -> dict[str, Any]:
    """A DM panel: the panel, plus a "My hand & moves" button that redraws it in place with the
    moves of the moment (the panel is not edited for every move, see `panel_update`)."""
    message = panel_message(service, table, update, page=page)
    view = message.get("view")
    if isinstance(view, discord.ui.View) and table.status == "active":
        # five full rows of moves leave no room: the board's button still works then
        with contextlib.suppress(ValueError):
            view.add_item(BoardButton(table.id))
    return message


def private_update(service: TableService, table: TableRecord, seat: int) -> PanelUpdate:
    """A seat's panel as it is now (what only it sees, and its moves), for an answer only the
    seat reads."""
    return service.panel_update(table, seat)


def with_digest(update: PanelUpdate, since: list[str]) -> PanelUpdate:
    """The panel headed by the public events since the seat's last move (`since_last_move`), so a
    player who comes back after a day sees what happened without scrolling the thread."""
    if not since:
        return update
    head = "**Since your last move:**\n" + "\n".join(f"• {line}" for line in since)
    return dataclasses.replace(update, text=f"{head}\n\n{update.text}")


async def returning_panel(
    service: TableService, table: TableRecord, update: PanelUpdate
) -> PanelUpdate:
    """`update` with the "since your last move" digest on top when the game waits for its seat."""
    if table.status != "active" or update.seat not in service.waiting_for(table):
        return update
    return with_digest(update, await service.since_last_move(table, update.seat))


# ---------------------------------------------------------------------------------------------
# views and dynamic items


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
    return (
        service,
        table,
        await returning_panel(service, table, private_update(service, table, seat)),
    )


def _label(item: discord.ui.Item[Any]) -> str:
    """The text on a clicked button (discord.py hands `from_custom_id` any item type)."""
    return (item.label or "") if isinstance(item, discord.ui.Button) else ""


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:a:(?P<t>\d{1,18}):(?P<p>\d{1,18}):(?P<i>\d{1,18}):(?P<m>[0-9a-f]{6})",
):
    def __init__(self, table_id: int, ply: int, index: int, label: str) -> None:
        self.table_id, self.ply, self.index, self.mark = table_id, ply, index, label_mark(label)
        super().__init__(
            discord.ui.Button(
                label=clip(label, 80) or "…",
                style=discord.ButtonStyle.primary,
                custom_id=f"sb:a:{table_id}:{ply}:{index}:{self.mark}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        button = cls(int(match["t"]), int(match["p"]), int(match["i"]), _label(item))
        button.mark = match["m"]
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        await play_choice(interaction, self.table_id, self.ply, self.index, self.mark)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sb:s:(?P<t>\d{1,18}):(?P<p>\d{1,18}):(?P<g>\d{1,18})",
):
    def __init__(self, table_id: int, ply: int, page: int, labels: list[tuple[int, str]]) -> None:
        self.table_id, self.ply = table_id, ply
        options = [
            discord.SelectOption(label=clip(label, 100), value=f"{index}:{label_mark(label)}")
            for index, label in labels
        ] or [discord.SelectOption(label="—", value="none")]
        first, last = (labels[0][0] + 1, labels[-1][0] + 1) if labels else (0, 0)
        super().__init__(
            discord.ui.Select(
                placeholder=f"Moves {first}–{last}",
                options=options,
                custom_id=f"sb:s:{table_id}:{ply}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        select = cls(int(match["t"]), int(match["p"]), int(match["g"]), [])
        if isinstance(item, discord.ui.Select):
            select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = list(self.item.values)
        raw = interaction.data.get("values") if interaction.data is not None else None
        if not values and isinstance(raw, list):
            values = [str(v) for v in raw]
        if not values or values[0] == "none":
            await interaction.response.send_message("Pick a move.", ephemeral=True)
            return
        raw_index, _, mark = str(values[0]).partition(":")
        index = sane_id(raw_index)
        if index is None:
            await answer_privately(interaction, NOT_OFFERED)
            return
        await play_choice(interaction, self.table_id, self.ply, index, mark or None)


class ChoicesView(discord.ui.View):
    """A seat's moves: buttons for a few, else select menus of 25 — four menus a page, with
    page buttons beyond that."""

    def __init__(self, table_id: int, ply: int, choices: tuple[str, ...], page: int = 0) -> None:
        super().__init__(timeout=None)
        if len(choices) <= BUTTONS_MAX:
            for index, label in enumerate(choices):
                self.add_item(ChoiceButton(table_id, ply, index, label))
            return
        indexed = list(enumerate(choices))
        groups = [indexed[i : i + PER_SELECT] for i in range(0, len(indexed), PER_SELECT)]
        pages = (len(groups) + MAX_SELECTS - 1) // MAX_SELECTS
        page = max(0, min(page, pages - 1))
        for number in range(page * MAX_SELECTS, min(len(groups), (page + 1) * MAX_SELECTS)):
            self.add_item(ChoiceSelect(table_id, ply, number, groups[number]))
        if pages > 1:
            for target, text in ((page - 1, "◀ Earlier moves"), (page + 1, "More moves ▶")):
                if 0 <= target < pages:
                    self.add_item(PageButton(table_id, target, text))


def page_span(count: int, page: int) -> tuple[int, int]:
    """The 1-based numbers of the first and last move shown on `page` of a panel."""
    per_page = PER_SELECT * MAX_SELECTS
    first = page * per_page
    return first + 1, min(count, first + per_page)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:g:(?P<t>\d{1,18}):(?P<g>\d{1,18})",
):
    def __init__(self, table_id: int, page: int, text: str = "More moves") -> None:
        self.table_id, self.page = table_id, page
        super().__init__(
            discord.ui.Button(
                label=text, style=discord.ButtonStyle.secondary, custom_id=f"sb:g:{table_id}:{page}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(int(match["t"]), int(match["g"]), _label(item) or "More moves")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show the clicker's own moves on another page (their panel, fresh)."""
        found = await own_panel(interaction, self.table_id)
        if found is not None:
            service, table, update = found
            # in DMs it is the DM panel: it keeps its "My hand & moves" button
            draw = dm_panel_message if interaction.guild is None else panel_message
            await interaction.response.edit_message(**draw(service, table, update, page=self.page))


class KindButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:o:(?P<t>\d{1,18}):(?P<k>[a-z0-9_]{0,40}):(?P<g>\d{1,3})",
):
    """On a grouped panel (`cogs/panels.py`): opens a kind of moves at a page, or (no kind) shows
    all of them again. Like `PageButton` it only redraws the clicker's own panel, fresh."""

    def __init__(self, table_id: int, kind: str, page: int, text: str) -> None:
        self.table_id, self.kind, self.page = table_id, kind, page
        super().__init__(
            discord.ui.Button(
                label=clip(text, 80) or "…",
                style=discord.ButtonStyle.secondary,
                custom_id=f"sb:o:{table_id}:{kind}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> KindButton:
        return cls(int(match["t"]), match["k"], int(match["g"]), _label(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        found = await own_panel(interaction, self.table_id)
        if found is not None:
            service, table, update = found
            await interaction.response.edit_message(
                **panel_message(service, table, update, page=self.page, focus=self.kind or None)
            )


GROUPED = Components(move=ChoiceButton, menu=ChoiceSelect, opener=KindButton)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:l:(?P<t>\d{1,18}):(?P<op>join|leave|ai|start)",
):
    STYLES = {
        "join": ("Join", discord.ButtonStyle.success),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "ai": ("Add AI", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.primary),
    }

    def __init__(self, table_id: int, op: str) -> None:
        self.table_id, self.op = table_id, op
        label, style = self.STYLES[op]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"sb:l:{table_id}:{op}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(int(match["t"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_operation(interaction, self.table_id, self.op)


class LobbyView(discord.ui.View):
    def __init__(self, table: TableRecord) -> None:
        super().__init__(timeout=None)
        if table.status == "lobby":
            for op in ("join", "leave", "ai", "start"):
                self.add_item(LobbyButton(table.id, op))


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sb:b:(?P<t>\d{1,18}):(?P<op>hand)"
):
    def __init__(self, table_id: int, op: str = "hand") -> None:
        self.table_id, self.op = table_id, op
        super().__init__(
            discord.ui.Button(
                label="My hand & moves",
                style=discord.ButtonStyle.secondary,
                custom_id=f"sb:b:{table_id}:{op}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["t"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """The clicker's panel with the moves of the moment: redrawn in place when the click is
        on their DM panel, else shown only to them. Either way the click's answer carries it, so
        it costs no request of its own."""
        found = await own_panel(interaction, self.table_id)
        if found is None:
            return
        service, table, update = found
        stored = {p.seat: p for p in await service.store.panels(table.id)}.get(update.seat)
        clicked = interaction.message.id if interaction.message is not None else None
        if stored is not None and clicked is not None and stored.message_id == clicked:
            await interaction.response.edit_message(**dm_panel_message(service, table, update))
            await service.panel_sent(
                update, channel_id=stored.channel_id, message_id=stored.message_id
            )
            return
        await interaction.response.send_message(
            ephemeral=True, **panel_message(service, table, update)
        )


class BoardView(discord.ui.View):
    def __init__(self, table: TableRecord) -> None:
        super().__init__(timeout=None)
        self.add_item(BoardButton(table.id))


class ConfirmAbandon(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sb:x:(?P<t>\d{1,18}):(?P<u>\d{1,20})"
):
    def __init__(self, table_id: int, user_id: int) -> None:
        self.table_id, self.user_id = table_id, user_id
        super().__init__(
            discord.ui.Button(
                label="Yes, end this table",
                style=discord.ButtonStyle.danger,
                custom_id=f"sb:x:{table_id}:{user_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmAbandon:
        return cls(int(match["t"]), int(match["u"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = snowbound(interaction.client)
        if interaction.user.id != self.user_id:
            await interaction.response.send_message("This button is not yours.", ephemeral=True)
            return
        try:
            played = await bot.service.end(
                self.table_id, interaction.user.id, can_manage=can_manage(interaction.user)
            )
        except Exception as err:
            await reply_error(interaction, err)
            return
        await interaction.response.send_message(f"Table #{played.table.id} has been ended.")
        await publish(bot, played)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    PageButton,
    ChoiceSelect,
    LobbyButton,
    BoardButton,
    ConfirmAbandon,
    KindButton,
)


# ---------------------------------------------------------------------------------------------
# acting and publishing


async def play_choice(
    interaction: discord.Interaction, table_id: int, ply: int, index: int, mark: str | None
) -> None:
    bot: SnowboundBot = interaction.client  # type: ignore[assignment]
    try:
        played = await bot.service.act_choice(table_id, interaction.user.id, ply, index, mark)
    except Exception as err:
        await reply_error(interaction, err)
        return
    await answer_mover(bot, interaction, played)
    await publish(bot, played)


async def answer_mover(bot: SnowboundBot, interaction: discord.Interaction, played: Played) -> None:
    """Redraw the clicked panel (the DM panel or the ephemeral one from "My hand & moves") in the
    interaction's response: the mover sees their new hand and moves at no request's cost. When
    the click came from their DM panel, that panel is now up to date, so `publish` skips it; it
    is redrawn as a DM panel (with "My hand & moves") even when nothing private changed."""
    service, table = bot.service, played.table
    seat = seat_of(table, interaction.user.id)
    update = next((u for u in played.panels if u.seat == seat), None)
    if seat is None or table.state is None:
        await interaction.response.defer()
        return
    fresh = update if update is not None else service.panel_update(table, seat)
    clicked = interaction.message.id if interaction.message is not None else None
    panel = update.panel if update is not None else None
    if update is None and clicked is not None:
        # the mover's private part did not change: the report holds no panel of theirs, but a
        # click on the DM panel must still redraw it as one (with its "My hand & moves" button)
        panel = {p.seat: p for p in await service.store.panels(table.id)}.get(seat)
    on_dm = panel is not None and panel.message_id == clicked
    draw = dm_panel_message if on_dm else panel_message
    try:
        await interaction.response.edit_message(**draw(service, table, fresh))
    except discord.HTTPException as err:
        log.info("could not redraw the panel of table %s in the response (%s)", table.id, err)
        return
    if update is not None and panel is not None and on_dm:
        await service.panel_sent(update, channel_id=panel.channel_id, message_id=panel.message_id)
        played.panels = [u for u in played.panels if u is not update]


async def send_lines(channel: Any, lines: list[str], *, ping: tuple[int, ...] = ()) -> None:
    """Post event lines, packed into as few messages as fit; `ping` users get mentioned."""
    allowed = pings(*ping)
    chunk = ""
    for line in lines:
        line = clip(line, 1900)
        if len(chunk) + len(line) + 1 > 1900:
            await channel.send(chunk, allowed_mentions=allowed)
            chunk = ""
        chunk = f"{chunk}\n{line}" if chunk else line
    if chunk:
        await channel.send(chunk, allowed_mentions=allowed)


BOARD_LINES = 1900  # the most event text one board message carries (Discord allows 2,000)

# table id → (its board message id, the event lines that message shows). Lines of several moves
# gather in one board message until it is full or someone new must be pinged; forgotten when the
# table closes, and after a restart the next move simply starts a fresh list.
_shown: dict[int, tuple[int, list[str]]] = {}


def ping_line(ping: tuple[int, ...]) -> str:
    return "Your move: " + ", ".join(f"<@{u}>" for u in ping) + "."


def board_content(lines: list[str]) -> str:
    """The event lines a board message carries, clipped line by line to fit one message."""
    return "\n".join(clip(line, BOARD_LINES) for line in lines)


def split_news(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines that fit in a board message, taken from the end (the ping is last), and those
    before them, which need messages of their own."""
    tail: list[str] = []
    for line in reversed(lines):
        if tail and len(board_content([line, *tail])) > BOARD_LINES:
            break
        tail.insert(0, line)
    return lines[: len(lines) - len(tail)], tail


async def publish(bot: SnowboundBot, played: Played) -> None:
    """Show a result record with as few Discord requests as the news allows: one public message
    a move, and a private panel only where a seat's private view changed.

    The event lines go into the board message with the board. While the game waits for nobody
    new, the board message is edited (the lines of several moves gather there); when it waits
    for someone new, a new board message is posted that pings them (an edit notifies nobody) and
    the old one stays above as history. Decisions about *how* to send are made here, never in
    the service."""
    table = played.table
    channel = table_channel(bot, table)
    if channel is None:
        log.warning("table %s has no reachable channel", table.id)
        return
    # Each part is sent on its own: a part Discord refuses is logged and the rest still goes out
    # (a panel that failed is sent again on the table's next change, see `Delivery.deliver`).
    # One move costs the table's channel one request (the board, edited or posted), well under
    # Discord's five per five seconds per channel; panels go to DMs.
    if played.board is not None:
        try:
            await show_board(bot, table, channel, played.board, list(played.lines), played.ping)
        except discord.HTTPException as err:
            log.warning("board of table %s not updated (%s)", table.id, err)
    else:
        lines = list(played.lines) + ([ping_line(played.ping)] if played.ping else [])
        if lines:
            try:
                await send_lines(channel, lines, ping=played.ping)
            except discord.HTTPException as err:
                log.warning("event lines of table %s not sent (%s)", table.id, err)
    if table.status != "active":
        _shown.pop(table.id, None)
    returning = {s for s, seat in enumerate(table.seats) if seat.user_id in played.ping}
    for update in played.panels:
        if update.seat in returning:
            update = await returning_panel(bot.service, table, update)
        message = dm_panel_message(bot.service, table, update)
        if not await bot.delivery.deliver(update, message, channel):
            await bot.service.panel_undelivered(update)


async def show_board(
    bot: SnowboundBot,
    table: TableRecord,
    channel: Any,
    board: Board | None,
    lines: list[str],
    ping: tuple[int, ...] = (),
) -> None:
    """The one public request of a move: the board message with the move's event lines, edited
    in place, or posted anew when it must ping someone, when it is gone, or when the lines it
    already carries leave no room (the old message then keeps its lines as history)."""
    message = await board_message(bot.service, table, board)
    shown = _shown.get(table.id)
    known = shown is not None and shown[0] == table.board_message_id
    earlier = shown[1] if shown is not None and known else []
    gathered = earlier + lines
    fits = len(board_content(gathered)) <= BOARD_LINES
    # After a restart (or `/game status`) the lines the board message shows are not known here:
    # news then goes into a new message rather than overwrite them.
    if table.board_message_id and not ping and fits and (known or not lines):
        if lines:
            message["content"] = board_content(gathered)
        message["allowed_mentions"] = pings()
        try:
            await message_ref(bot, channel, table.board_message_id).edit(**message)
            _shown[table.id] = (table.board_message_id, gathered if lines else earlier)
            return
        except (discord.HTTPException, AttributeError):
            log.info("board message of table %s is gone; posting a new one", table.id)
        message.pop("content", None)
    news = list(lines) + ([ping_line(ping)] if ping else [])
    head, news = split_news(news)
    if head:  # more news than one message holds (a game's opening): the start goes first
        await send_lines(channel, head)
    if news:
        message["content"] = board_content(news)
    message["allowed_mentions"] = pings(*ping)
    files = message.pop("attachments", None)
    if files:
        message["files"] = files
    sent = await channel.send(**message)
    _shown[table.id] = (sent.id, list(news))
    await bot.service.remember(table.id, board_message_id=sent.id)


async def update_board(
    bot: SnowboundBot, table: TableRecord, channel: Any, board: Board | None = None
) -> None:
    """Redraw the board message without news (kept for callers that only refresh it)."""
    await show_board(bot, table, channel, board, [])


# ---------------------------------------------------------------------------------------------
# the lobby's buttons and starting a table


async def refresh_lobby(bot: SnowboundBot, table: TableRecord, channel: Any) -> None:
    """Edit the lobby message in place (or post it if it is gone)."""
    embed, view = lobby_embed(bot.service, table), LobbyView(table)
    if table.lobby_message_id and channel is not None:
        try:
            await message_ref(bot, channel, table.lobby_message_id).edit(embed=embed, view=view)
            return
        except discord.HTTPException:
            log.info("lobby message of table %s is gone", table.id)
    if channel is not None:
        sent = await channel.send(embed=embed, view=view)
        await bot.service.remember(table.id, lobby_message_id=sent.id)


async def begin(bot: SnowboundBot, table_id: int, user: discord.abc.User, channel: Any) -> None:
    """Start the table, open its thread (or stay in the channel), then show everything."""
    service = bot.service
    played = await service.start(table_id, user.id, can_manage=can_manage(user))
    table = played.table
    await refresh_lobby(bot, table, channel)
    thread = await open_thread(bot, table, channel)
    if thread is not None:
        played.table = await service.remember(table.id, thread_id=thread.id)
    await publish(bot, played)


async def open_thread(bot: SnowboundBot, table: TableRecord, channel: Any) -> Any:
    if not bot.settings.use_threads or not isinstance(channel, discord.TextChannel):
        return None
    name = f"{bot.service.games[table.game].title} #{table.id}"
    try:
        if table.lobby_message_id:
            return await message_ref(bot, channel, table.lobby_message_id).create_thread(name=name)
        return await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    except Exception as err:  # no permission, or not supported: play in the channel
        log.info("no thread for table %s (%s); playing in the channel", table.id, err)
        return None


async def lobby_operation(interaction: discord.Interaction, table_id: int, op: str) -> None:
    """A lobby button: join, leave, add an AI, or start."""
    bot = snowbound(interaction.client)
    service = bot.service
    user = interaction.user
    try:
        if op == "start":
            await interaction.response.defer()
            await begin(bot, table_id, user, interaction.channel)
            return
        if op == "join":
            table = await service.join(table_id, Player(user.id, display_name(user)))
            await check_dm(bot, user, table, interaction.channel)
        elif op == "leave":
            table = await service.leave(table_id, user.id)
        else:
            table = await service.add_agent(table_id, user.id)
    except Exception as err:
        await reply_error(interaction, err)
        return
    await interaction.response.edit_message(
        embed=lobby_embed(service, table), view=LobbyView(table)
    )


async def check_dm(
    bot: SnowboundBot, user: discord.abc.User, table: TableRecord, channel: Any
) -> None:
    """DM reachability is tested when a player joins, so nobody learns it mid-game."""
    title = bot.service.games[table.game].title
    sent = await bot.delivery.dm(
        user.id,
        content=f"You joined **{title}** (table #{table.id}). Your hand and moves arrive here.",
    )
    if sent is None and channel is not None:
        await channel.send(
            f"{user.mention}, your DMs are closed, so I cannot send your hand privately. "
            "Open them, or use `/game hand` during the game.",
            allowed_mentions=pings(user.id),
        )

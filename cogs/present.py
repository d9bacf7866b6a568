"""The Discord presenter: what tables look like on Discord, the buttons that survive restarts,
and `publish`, which turns the service's one result record (`Played`) into Discord requests.

Buttons are `DynamicItem`s: everything they need is in their `custom_id`, so after a restart they
keep working without any registry, and a click on an out-of-date move is refused politely. A
button's callback acts and then presents its result, and what it presents holds buttons again:
that is why the buttons, the views and the presenter share this one module (no import cycle).
"""

from __future__ import annotations

import asyncio
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

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

COLOUR = discord.Colour.from_rgb(120, 170, 220)
MAX_DESCRIPTION = 4000
BUTTONS_MAX = 5  # one row of buttons; more choices become select menus
PER_SELECT = 25
MAX_SELECTS = 4
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
    service: TableService, table: TableRecord, update: PanelUpdate, *, page: int = 0
) -> dict[str, Any]:
    game = service.games[table.game]
    embed = discord.Embed(
        title=f"{game.title} — table #{table.id} — your view",
        description=clip(update.text, MAX_DESCRIPTION),
        colour=COLOUR,
    )
    count = len(update.choices)
    if count > PER_SELECT * MAX_SELECTS:
        first, last = page_span(count, page)
        embed.set_footer(text=f"Moves {first}–{last} of {count} below, or type /play.")
    elif count:
        embed.set_footer(text="Choose a move below, or type /play.")
    else:
        embed.set_footer(text="Nothing to do right now; this panel updates when that changes.")
    return {"embed": embed, "view": ChoicesView(table.id, update.ply, update.choices, page)}


def private_update(service: TableService, table: TableRecord, seat: int) -> PanelUpdate:
    choices = tuple(service.labels(table, seat))
    text = service.private_text(table, seat)
    user = table.seats[seat].user_id or 0
    return PanelUpdate(table.id, seat, user, text, choices, table.ply, "", None)


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
    return service, table, private_update(service, table, seat)


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
            await interaction.response.edit_message(
                **panel_message(service, table, update, page=self.page)
            )


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
        found = await own_panel(interaction, self.table_id)
        if found is not None:
            service, table, update = found
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
    await interaction.response.defer()
    await publish(bot, played)


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


async def publish(bot: SnowboundBot, played: Played) -> None:
    """Show a result record: the event lines (with a ping for whoever the game now waits for),
    the board (edited in place), and the private panels that changed. Decisions about *how* to
    send (one message or several, edit or post) are made here, never in the service."""
    table = played.table
    channel = table_channel(bot, table)
    if channel is None:
        log.warning("table %s has no reachable channel", table.id)
        return
    lines = list(played.lines)
    if played.ping:
        lines.append("Your move: " + ", ".join(f"<@{u}>" for u in played.ping) + ".")
    # Each part is sent on its own: a part Discord refuses is logged and the rest still goes out
    # (a panel that failed is sent again on the table's next change, see `Delivery.deliver`).
    # One move costs the table's channel at most two requests (the lines, packed, and the board
    # edit), well under Discord's five per five seconds per channel; panels go to DMs.
    if lines:
        try:
            await send_lines(channel, lines, ping=played.ping)
        except discord.HTTPException as err:
            log.warning("event lines of table %s not sent (%s)", table.id, err)
    if played.board is not None:
        try:
            await update_board(bot, table, channel, played.board)
        except discord.HTTPException as err:
            log.warning("board of table %s not updated (%s)", table.id, err)
    for update in played.panels:
        await bot.delivery.deliver(update, panel_message(bot.service, table, update), channel)


async def update_board(
    bot: SnowboundBot, table: TableRecord, channel: Any, board: Board | None = None
) -> None:
    message = await board_message(bot.service, table, board)
    if table.board_message_id:
        try:
            await message_ref(bot, channel, table.board_message_id).edit(**message)
            return
        except (discord.HTTPException, AttributeError):
            log.info("board message of table %s is gone; posting a new one", table.id)
    files = message.pop("attachments", None)
    if files:
        message["files"] = files
    sent = await channel.send(**message)
    await bot.service.remember(table.id, board_message_id=sent.id)


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

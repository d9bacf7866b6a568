"""The Discord presenter's top: the clickable items that survive restarts, what a click does,
and `publish`, which turns the service's one result record (`Played`) into Discord requests.

What tables look like lives below, in `cogs/ui/` (the board and its feed, pictures, the lobby,
the end, the private panel). A button acts and then presents its result, and what it presents
holds buttons again: so the buttons whose clicks present (board, lobby, rematch, abandon) and
`publish` with its drawing kit (`KIT`) sit here, above `cogs.ui`, and hand `cogs.ui.publish` the
panel and the views it draws with. Every name this module offered before is still offered here.

Buttons are `DynamicItem`s: everything they need is in their `custom_id`, so after a restart they
keep working without any registry, and a click on an out-of-date move is refused politely.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.board_cache import Pictures
from bot.delivery import message_ref
from bot.records import seat_names
from bot.tables import Board, Played, Player, TableRecord, TableService
from cogs.common import can_manage, display_name, reply_error, snowbound
from cogs.suggest import SuggestButton
from cogs.ui import board, pictures
from cogs.ui import board as ui_board
from cogs.ui import publish as ui_publish
from cogs.ui.board import BoardButton, BoardView
from cogs.ui.buttons import IdButton
from cogs.ui.clicks import answer_mover, play_choice
from cogs.ui.feed import BOARD_LINES, board_content, ping_line, send_lines, split_news
from cogs.ui.lobby_message import check_dm, lobby_embed, open_thread
from cogs.ui.own import Kit, own_panel, private_update, returning_panel, with_digest
from cogs.ui.panel import IDLE_FOOTER, open_step, panel_message
from cogs.ui.steps import NOT_OFFERED, ChoiceButton, ChoiceSelect, StepButton
from cogs.ui.watch import WatchButton

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)

COLOUR = board.COLOUR
MAX_DESCRIPTION = board.MAX_DESCRIPTION


# ---------------------------------------------------------------------------------------------
# pictures and the board, for commands that show them outside a move (`/game status`, `hint`)


def has_picture(service: TableService, table: TableRecord) -> bool:
    """Whether the table's game draws a board picture."""
    return pictures.has_picture(table.game, service.games[table.game].picture)


def picture_of(
    service: TableService,
    table: TableRecord,
    observation: Any,
    *,
    hints: bool = False,
    cache: Pictures | None = None,
) -> bytes | None:
    """The game's PNG of `observation` with the players' names, if it draws one (`cache`: the
    bot's `pictures`, so an unchanged board is not drawn again)."""
    if not has_picture(service, table):
        return None
    return pictures.picture_of(
        table.id,
        table.game,
        observation,
        hints=hints,
        names=seat_names(table),
        cache=cache,
    )


async def board_message(
    service: TableService,
    table: TableRecord,
    board: Board | None = None,
    *,
    cache: Pictures | None = None,
) -> dict[str, Any]:
    """The public board as message fields (`board.board_message`), from the service's board of
    the table when none is given."""
    found = board if board is not None else service.board(table)
    return await ui_board.board_message(table, found, pictures=cache)


# ---------------------------------------------------------------------------------------------
# clickable items: each acts, then presents what it did (so they sit above `cogs.ui`)


class LobbyButton(
    IdButton,
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

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_operation(interaction, self.table_id, self.op)


class LobbyView(discord.ui.View):
    def __init__(self, table: TableRecord) -> None:
        super().__init__(timeout=None)
        if table.status == "lobby":
            for op in ("join", "leave", "ai", "start"):
                self.add_item(LobbyButton(table.id, op))
        if table.status in ("lobby", "active"):  # spectators (`cogs.ui.watch`)
            self.add_item(WatchButton(table.id))


class ConfirmAbandon(IdButton, template=r"sb:x:(?P<t>\d{1,18}):(?P<u>\d{1,20})"):
    def __init__(self, table_id: int, user_id: int) -> None:
        self.table_id, self.user_id = table_id, user_id
        super().__init__(
            discord.ui.Button(
                label="Yes, end this table",
                style=discord.ButtonStyle.danger,
                custom_id=f"sb:x:{table_id}:{user_id}",
            )
        )

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


class RematchButton(IdButton, template=r"sb:r:(?P<t>\d{1,18})"):
    """On the end message: a new lobby for the same players, seats and options, where the game
    was opened. Any player of the finished table may press it; the presser hosts."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label="Rematch",
                style=discord.ButtonStyle.success,
                emoji="🔁",
                custom_id=f"sb:r:{table_id}",
            )
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await rematch(interaction, self.table_id)


class EndView(discord.ui.View):
    def __init__(self, table: TableRecord) -> None:
        super().__init__(timeout=None)
        self.add_item(RematchButton(table.id))


def end_view(table: TableRecord) -> discord.ui.View | None:
    return EndView(table) if table.status == "finished" else None


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    StepButton,
    ChoiceSelect,
    LobbyButton,
    BoardButton,
    ConfirmAbandon,
    RematchButton,
    WatchButton,
    SuggestButton,
)


# ---------------------------------------------------------------------------------------------
# acting and publishing


# what `cogs.ui` draws with but does not own (see `cogs.ui.own.Kit`); the lobby cog hands it to
# the bot when it loads (`SnowboundBot.kit`)
KIT = Kit(
    panel=panel_message,
    end_view=end_view,
    open_step=open_step,
    play_choice=play_choice,
)


async def publish(bot: SnowboundBot, played: Played) -> None:
    """Show a result record on Discord (`cogs.ui.publish`)."""
    await ui_publish.publish(bot, played, KIT)


async def show_board(
    bot: SnowboundBot,
    table: TableRecord,
    channel: Any,
    board: Board | None,
    lines: list[str],
    ping: tuple[int, ...] = (),
    *,
    below: bool = False,
) -> None:
    """The board with `lines` for its feed (and `ping`), as a move shows it
    (`cogs.ui.publish.show_board`); `below`: posted under everything, the old one folded."""
    found = board if board is not None else bot.service.board(table)
    played = Played(table=table, lines=list(lines), ping=ping, board=found)
    await ui_publish.show_board(bot, played, channel, KIT, below=below)


async def update_board(
    bot: SnowboundBot, table: TableRecord, channel: Any, board: Board | None = None
) -> None:
    """Redraw the board message without news (after a pace or away change)."""
    await show_board(bot, table, channel, board, [])


# ---------------------------------------------------------------------------------------------
# the lobby's buttons, starting a table, and a rematch


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


async def begin(
    bot: SnowboundBot,
    table_id: int,
    user: discord.abc.User,
    channel: Any,
    started: Callable[[], Awaitable[None]] | None = None,
) -> None:
    """Start the table, open its thread (or stay in the channel), then show everything: the
    lobby message then links to the thread; then `started` (a command's answer). When a
    searching AI seat moves first, all this is shown before it thinks, and its moves after
    (`ui_publish.show_early`)."""
    service = bot.service

    async def opening(played: Played) -> None:
        table = played.table
        thread = await open_thread(bot, table, channel)
        if thread is not None:
            played.table = table = await service.remember(table.id, thread_id=thread.id)
        try:
            await refresh_lobby(bot, table, channel)
        except discord.HTTPException as err:
            # the start is stored: what follows is delivery, and the board, its ping and the
            # panels still go out (the lobby message is only a link to the table)
            log.warning("lobby message of table %s not updated at its start (%s)", table.id, err)
        await publish(bot, played)
        if started is not None:
            await started()

    await ui_publish.show_early(
        lambda show: service.start(table_id, user.id, can_manage=can_manage(user), show=show),
        opening,
        lambda played: publish(bot, played),
    )


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
    if op == "join":  # the click is answered first: the DM test costs requests
        await check_dm(bot, user, table, interaction.channel)


async def rematch(interaction: discord.Interaction, table_id: int) -> None:
    """The Rematch button: a new lobby with the same seats (players and AI levels) and options,
    in the channel the finished table was opened in, hosted by the presser. The players start it
    when they are ready (anyone may still join or leave)."""
    bot = snowbound(interaction.client)
    try:
        table = await bot.service.rematch(table_id, interaction.user.id)
    except Exception as err:
        await reply_error(interaction, err)
        return
    channel: Any = bot.get_channel(table.channel_id) if table.channel_id else None
    if channel is None:
        channel = interaction.channel
    await interaction.response.send_message(
        f"A rematch lobby is open: table #{table.id}, in <#{table.channel_id}>.", ephemeral=True
    )
    if channel is None:
        return
    sent = await channel.send(embed=lobby_embed(bot.service, table), view=LobbyView(table))
    await bot.service.remember(table.id, lobby_message_id=sent.id)


__all__ = [
    "BOARD_LINES",
    "COLOUR",
    "DYNAMIC_ITEMS",
    "IDLE_FOOTER",
    "KIT",
    "MAX_DESCRIPTION",
    "NOT_OFFERED",
    "BoardButton",
    "BoardView",
    "ChoiceButton",
    "ChoiceSelect",
    "ConfirmAbandon",
    "EndView",
    "LobbyButton",
    "LobbyView",
    "RematchButton",
    "StepButton",
    "answer_mover",
    "begin",
    "board_content",
    "board_message",
    "check_dm",
    "has_picture",
    "lobby_embed",
    "lobby_operation",
    "open_thread",
    "own_panel",
    "panel_message",
    "picture_of",
    "ping_line",
    "play_choice",
    "private_update",
    "publish",
    "refresh_lobby",
    "rematch",
    "returning_panel",
    "send_lines",
    "show_board",
    "split_news",
    "update_board",
    "with_digest",
]

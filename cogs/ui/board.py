"""The board message: the game's public text, players, clock and picture, under the feed, with
its "My hand & moves" button.

Built from the service's `Board` record alone (no call back into the service); its picture is
drawn in a worker thread, so a big lake or city does not hold up the bot."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord

from bot.board_cache import observation_digest
from bot.delivery import Pictures
from bot.records import label_mark, seat_names
from bot.tables import Board, Played, TableRecord
from cogs.common import COLOUR as COLOUR
from cogs.common import MAX_DESCRIPTION as MAX_DESCRIPTION
from cogs.common import clip, find_thread, grey_button, leave_thread, snowbound, table_channel
from cogs.ui.buttons import IdButton
from cogs.ui.own import ViewOf, kit_of, own_panel
from cogs.ui.pictures import FILENAME, alt_text, has_picture, picture_file, picture_of
from cogs.ui.watch import WatchButton

log = logging.getLogger(__name__)

# a board with a picture keeps its text short: the picture shows the rest (a game's text puts what
# the picture draws in a code block, which `board_text` leaves out)
WITH_PICTURE = 1000


class BoardButton(IdButton, template=r"sb:b:(?P<t>\d{1,18}):(?P<op>hand)"):
    """ "My hand & moves", on the board and on each DM panel: the clicker's own panel."""

    def __init__(self, table_id: int, op: str = "hand") -> None:
        self.table_id, self.op = table_id, op
        super().__init__(grey_button("My hand & moves", f"sb:b:{table_id}:{op}"))

    async def callback(self, interaction: discord.Interaction) -> None:
        """The clicker's panel with the moves of the moment: redrawn in place when the click is
        on their DM panel, else shown only to them. Either way the click's answer carries it, so
        it costs no request of its own. When the game waits for them with one move that needs
        no choosing (`BaseGame.forced`: Winter's draw), it is made first, as a click on it
        would be, and the panel shows what comes after it."""
        found = await own_panel(interaction, self.table_id)
        if found is None:
            return
        service, table, update = found
        kit = kit_of(snowbound(interaction.client))
        forced = service.forced(table, update.seat)
        if forced is not None:  # nothing to choose (Winter's draw): made, and the panel after it
            since = await service.since_last_move(table, update.seat)
            mark = label_mark(update.choices[forced])
            await kit.play_choice(
                interaction, table.id, update.ply, forced, mark, since=since, forced=True
            )
            return
        stored = {p.seat: p for p in await service.store.panels(table.id)}.get(update.seat)
        clicked = interaction.message.id if interaction.message is not None else None
        if stored is not None and clicked is not None and stored.message_id == clicked:
            await interaction.response.edit_message(**kit.panel(service, table, update, dm=True))
            await service.panel_sent(
                update, channel_id=stored.channel_id, message_id=stored.message_id
            )
            return
        await interaction.response.send_message(ephemeral=True, **kit.panel(service, table, update))


class BoardView(discord.ui.View):
    def __init__(self, table: TableRecord) -> None:
        super().__init__(timeout=None)
        self.add_item(BoardButton(table.id))
        self.add_item(WatchButton(table.id))  # spectators (`cogs.ui.watch`)


def board_view(table: TableRecord) -> discord.ui.View | None:
    return BoardView(table) if table.status == "active" else None


def players_line(table: TableRecord) -> str:
    """The seats by name, AI seats marked once."""
    return " · ".join(
        f"{i}. {s.name}"
        + (" (AI)" if s.agent and "(AI)" not in s.name and "🤖" not in s.name else "")
        for i, s in enumerate(table.seats, 1)
    )


CODE_BLOCK = re.compile(r"\n?```.*?```\n?", re.DOTALL)


def board_text(board: Board) -> str:
    """The board's text as the embed shows it. With a picture, a text drawing of the board (a
    code block: Winter's lake as letters, Cold Comfort's map and its key, Dead of Winter's places
    and survivors) is left out — the picture shows it, and the picture's alt text says it — and
    the rest is clipped shorter."""
    if not has_picture(board.game, board.picture):
        return clip(board.text, MAX_DESCRIPTION)
    text = CODE_BLOCK.sub("\n", board.text).strip()
    return clip_lines(re.sub(r"\n{3,}", "\n\n", text), WITH_PICTURE)


def clip_lines(text: str, limit: int) -> str:
    """`text` cut to `limit` characters at the end of a line, "…" marking what is left out (a
    line is never cut in half: a half line misleads); a first line too long alone is clipped."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = 2  # the closing "\n…"
    for line in text.split("\n"):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join([*kept, "…"]) if kept else clip(text, limit)


def board_embed(table: TableRecord, board: Board) -> discord.Embed:
    embed = discord.Embed(title=board.title, description=board_text(board), colour=COLOUR)
    embed.add_field(name="Players", value=clip(players_line(table), 1024), inline=False)
    if table.status == "active" and table.deadline is not None:
        embed.add_field(name="Clock", value=f"Time runs out <t:{int(table.deadline)}:R>.")
    if board.pace:  # a paced table's deadlines (`bot.pace_rules`)
        embed.add_field(name="Pace", value=clip(board.pace, 1024), inline=False)
    if board.turn:
        embed.set_footer(text=clip(board.turn, 2048))
    return embed


def picture_digest(table: TableRecord, board: Board) -> bytes | None:
    """A digest of what the board's picture shows (None for a game without one): a board whose
    picture did not change is edited without uploading it again."""
    if table.state is None or not has_picture(board.game, board.picture):
        return None
    return observation_digest(board.observation) + "\x1f".join(seat_names(table)).encode()


async def board_message(
    table: TableRecord,
    board: Board,
    *,
    view: ViewOf | None = board_view,
    pictures: Pictures | None = None,
    with_picture: bool = True,
) -> dict[str, Any]:
    """The public board as message fields: `embed`, `view`, and `attachments` (the picture, when
    the game has one and `with_picture`). A board edited without its picture keeps the one it
    has: the embed still points at it."""
    embed = board_embed(table, board)
    message: dict[str, Any] = {
        "embed": embed,
        "view": view(table) if view is not None and table.status == "active" else None,
    }
    if table.state is None or not has_picture(board.game, board.picture):
        return message
    embed.set_image(url=f"attachment://{FILENAME}")
    if not with_picture:
        return message
    names = seat_names(table)
    png = await asyncio.to_thread(
        picture_of,
        table.id,
        board.game,
        board.observation,
        names=names,
        cache=pictures,
    )
    if png:
        alt = alt_text(board.game, board.observation, names, board.text)
        message["attachments"] = [picture_file(png, alt)]
    else:
        embed.set_image(url=None)
    return message


async def table_place(bot: discord.Client, table: TableRecord, played: Played | None = None) -> Any:
    """Where the table is played, found even when its thread is archived: discord.py drops an
    archived thread from its cache, so a thread it does not hold is fetched (one request) and
    unarchived before anything is edited in it. When Discord fails to answer the fetch (a 5xx),
    the thread is written to by its id.

    A thread that was deleted, is locked, or refuses the bot (a 403 on the fetch or on the
    unarchive) is left for good: the table is played in its channel from now on, stored, and
    its players are told there once (`cogs.common.leave_thread`). `played` (a move's record):
    its `table` then becomes the table as stored (no thread, no board message), so the move's
    board is posted anew in the channel."""
    if table.thread_id is None:
        channel = table_channel(bot, table)  # a table opened in a thread plays in that one
        await awake(channel)
        return channel
    thread, why = await find_thread(bot, table)
    if thread is None and why is None:  # Discord failed to answer: the thread is still there
        return bot.get_partial_messageable(
            table.thread_id, guild_id=table.guild_id, type=discord.ChannelType.public_thread
        )
    if why is None and not await awake(thread):
        why = "refused"  # archived, and Discord refuses to unarchive it
    if why is None:
        return thread
    return await left(bot, table, why, played)


async def left(bot: discord.Client, table: TableRecord, why: str, played: Played | None) -> Any:
    """The table leaves its thread (`leave_thread`) for its channel, which is returned;
    `played.table` becomes the table as stored."""
    moved = await leave_thread(bot, table, why)
    if played is not None and played.table.id == table.id:
        played.table = moved or await snowbound(bot).service.table(table.id)
    return bot.get_channel(table.channel_id) if table.channel_id else None


UNKNOWN_CHANNEL = 10003  # Discord's error codes: a channel (or thread) that no longer exists,
THREAD_LOCKED = 160005  # and a locked thread


async def refused_thread(bot: discord.Client, played: Played, channel: Any, err: Exception) -> Any:
    """A board write in the table's thread failed with `err`. When Discord said the thread is
    gone (404, unknown channel) or refuses the bot there (403: locked, or no permission), the
    table leaves the thread for its channel (`left`), which is returned for the caller to show
    the board there, and `played.table` is the table as stored; else None."""
    table = played.table
    if table.thread_id is None or getattr(channel, "id", None) != table.thread_id:
        return None
    if isinstance(err, discord.Forbidden):
        why = "locked" if err.code == THREAD_LOCKED else "refused"
    elif isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL:
        why = "deleted"
    else:
        return None
    return await left(bot, table, why, played)


async def awake(channel: Any) -> bool:
    """Unarchive the table's thread before its board is edited: a paced table's thread archives
    itself after a week without messages, and Discord refuses an edit in an archived thread (it
    would read as a board that is gone). A thread the cache knows is open costs nothing. False
    when Discord refuses (a 403: the thread is locked, or the bot may not): nothing can be
    written there."""
    if not isinstance(channel, discord.Thread) or not channel.archived:
        return True
    try:
        await channel.edit(archived=False)
    except discord.Forbidden as err:
        log.info("thread %s may not be unarchived (%s)", channel.id, err)
        return False
    except discord.HTTPException as err:  # Discord failed: the edit will say more
        log.info("thread %s could not be unarchived (%s)", channel.id, err)
    return True

"""`publish`: the service's result record (`Played`) turned into Discord requests.

The thread reads like a story: one live board per table — the newest of the bot's messages in
the thread — edited in place as moves come, with one short feed line per move above it. When a
move must ping someone (an edit notifies nobody), when something was posted below the board (a
typed `!play`, a chat line), when the feed above it is full, or when the game ends, a new board is
posted and the previous one becomes its feed lines alone (its board, picture and buttons removed)
in the same breath: at most two requests to the table's channel a move. Private panels go by DM
only when something private changed.

Everything shown comes from the record: nothing here asks the service what to show. The writes
after sending stay calls: where the board message now is (`remember`), and where each panel was
delivered (`Delivery.deliver`)."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.agent_turns import Show
from bot.board_cache import Shown
from bot.delivery import BOARD, message_ref, passing
from bot.tables import Board, Ending, Played, TableRecord
from cogs.common import pings
from cogs.replay_commands import attachment, end_replay
from cogs.ui.board import board_message, picture_digest, refused_thread, table_place
from cogs.ui.ending import end_embed
from cogs.ui.feed import (
    BOARD_LINES,
    FEED_SHOWN,
    board_content,
    feed_line,
    merged,
    ping_line,
    send_lines,
)
from cogs.ui.lobby_message import lobby_embed
from cogs.ui.own import Kit, closed_panel, kit_of, panel_news
from cogs.ui.watch import spectate
from rules.core import plural

if TYPE_CHECKING:
    from bot.app import SnowboundBot

log = logging.getLogger(__name__)


async def publish(bot: SnowboundBot, played: Played, kit: Kit | None = None) -> None:
    """Show a result record: the board (edited, or posted anew with the previous one folded into
    its feed lines), then the private panels that changed. Each part is sent on its own: a part
    Discord refuses is logged and the rest still goes out (a panel that failed is sent again on
    the table's next change, see `Delivery.deliver`). `kit`: the bot's (`SnowboundBot.kit`)."""
    kit = kit if kit is not None else kit_of(bot)
    # an archived thread is found and unarchived; a deleted or locked one is left for the
    # table's channel, and `played.table` is then the table as stored (no thread)
    channel = await table_place(bot, played.table, played)
    table = played.table
    if channel is None:
        log.warning("table %s has no reachable channel", table.id)
        return
    if played.board is not None:
        if played.ending is not None and table.status == "finished":
            played.replay = await end_replay(bot, table, channel)  # built in a worker thread
        async with bot.delivery.sending((table.id, BOARD)):  # a waiting retry is older: dropped
            await _show_board(bot, played, channel, kit)
    else:
        lines = list(played.feed) + ([ping_line(played.ping)] if played.ping else [])
        if lines:
            try:
                await send_lines(channel, lines, ping=played.ping)
            except discord.HTTPException as err:
                log.warning("event lines of table %s not sent (%s)", table.id, err)
    if table.status != "active":
        bot.boards.forget(table.id)
        await show_result_in_lobby(bot, table, played.ending)
    for update in played.panels:
        update = panel_news(update, played.since.get(update.seat), played.ending)
        message = kit.panel(bot.service, table, update, dm=True)
        if table.status != "active":
            message = closed_panel(message, table)
        if not await bot.delivery.deliver(update, message, channel):
            await bot.service.panel_undelivered(update)
    await spectate(bot, played)  # spectators' panels, the public view only (`cogs.ui.watch`)


async def show_early(call: Callable[[Show], Awaitable[Played]], first: Show, then: Show) -> None:
    """Run a service call that takes a `show` (a start, a resignation: `bot.agent_turns`) and show
    its records: `first` shows what the call did, at once when a searching AI is left to think
    after it, and `then` the AI seats' own record that follows. Without a searching AI the call's
    one record goes to `first`, when it returns."""
    early = False

    async def show(played: Played) -> None:
        nonlocal early
        early = True
        await first(played)

    played = await call(show)
    await (then if early else first)(played)


async def _show_board(bot: SnowboundBot, played: Played, channel: Any, kit: Kit) -> None:
    """`show_board`; when Discord fails to take it (a 5xx, a 429 given up), shown again on its own
    with back-off (`Delivery.again`) until it goes out, a newer board replaces it, or the table is
    gone: after the last move no next change would carry the end message."""
    try:
        await show_board(bot, played, channel, kit)
    except discord.HTTPException as err:
        moved = await refused_thread(bot, played, channel, err)  # a deleted or locked thread
        if moved is not None:
            await _show_board(bot, played, moved, kit)
            return
        later = passing(err)
        log.warning(
            "board of table %s not updated (%s)%s",
            played.table.id,
            err,
            "; shown again later" if later else "",
        )
        if later:
            bot.delivery.again(
                (played.table.id, BOARD), lambda: _show_board(bot, played, channel, kit)
            )


async def show_result_in_lobby(
    bot: SnowboundBot, table: TableRecord, ending: Ending | None
) -> None:
    """The lobby message (in the channel the table was opened in) shows how the game ended."""
    if not table.lobby_message_id or not table.channel_id:
        return
    channel = bot.get_channel(table.channel_id)
    if channel is None:
        return
    try:
        await message_ref(bot, channel, table.lobby_message_id).edit(
            embed=lobby_embed(bot.service, table, ending), view=None
        )
    except (discord.HTTPException, AttributeError) as err:
        log.info("lobby message of table %s not updated (%s)", table.id, err)


def _fit(lines: list[str], extra: list[str]) -> tuple[list[str], list[str]]:
    """The newest of `lines` that fit one message with `extra` below them (at most
    `FEED_SHOWN`), and the older ones that do not."""
    kept: list[str] = []
    for line in reversed(lines):
        if len(kept) >= FEED_SHOWN or len(board_content([line, *kept, *extra])) > BOARD_LINES:
            break
        kept.insert(0, line)
    return lines[: len(lines) - len(kept)], kept


def history(lines: list[str]) -> str:
    """What a folded board keeps: its feed lines (the newest that fit one message)."""
    kept: list[str] = []
    for line in reversed(lines):
        if len(board_content([line, *kept])) > BOARD_LINES - 60:
            break
        kept.insert(0, line)
    dropped = len(lines) - len(kept)
    if dropped:
        kept.insert(0, f"… {plural(dropped, 'earlier line')} in `/game log`.")
    return board_content(kept)


async def fold(bot: SnowboundBot, channel: Any, message_id: int, shown: Shown | None) -> None:
    """Turn a board message that is no longer the live one into its feed lines: its board,
    picture and buttons go. A board whose lines this process does not know (after a restart)
    keeps its text; one with no lines at all is deleted."""
    ref = message_ref(bot, channel, message_id)
    try:
        if shown is not None and not shown.lines:
            await ref.delete()
        elif shown is not None:
            await ref.edit(
                content=history(shown.lines),
                embeds=[],
                attachments=[],
                view=None,
                allowed_mentions=pings(),
            )
        else:
            await ref.edit(embeds=[], attachments=[], view=None, allowed_mentions=pings())
    except (discord.HTTPException, AttributeError) as err:
        log.info("old board %s not folded (%s)", message_id, err)


async def show_board(
    bot: SnowboundBot, played: Played, channel: Any, kit: Kit, *, below: bool = False
) -> None:
    """The board after a move: edited in place when it is still the newest message, nobody new
    must be pinged and its feed has room; else posted anew below, the old one folded. `below`:
    posted anew in any case (`/game status` asks for the board under the command)."""
    table, board = played.table, played.board
    assert board is not None
    shown = bot.boards.get(table.id)
    known = shown is not None and shown.message_id == table.board_message_id
    if not known:
        shown = None
    feed = merged([feed_line(line) for line in played.feed])
    # nothing newer than the board known in the channel (an id is a time: the gateway's echo of
    # the board itself may still be on its way)
    newest = getattr(channel, "last_message_id", None)
    at_bottom = shown is not None and (newest is None or newest <= shown.message_id) and not below
    gathered = merged((shown.lines if shown is not None else []) + feed)
    over = table.status != "active"
    digest = picture_digest(table, board)
    if table.board_message_id and not feed and not played.ping and not over and not below:
        # no news (a pace or away change, a secret ballot): the board is redrawn where it is
        kept = shown.picture if shown is not None else None
        message = await board_message(
            table, board, pictures=bot.pictures, with_picture=digest != kept
        )
        message["allowed_mentions"] = pings()
        try:
            await message_ref(bot, channel, table.board_message_id).edit(**message)
            if shown is not None:
                bot.boards.set(table.id, Shown(shown.message_id, shown.lines, digest or kept))
            return
        except (discord.HTTPException, AttributeError):
            log.info("board message of table %s is gone; posting a new one", table.id)
            shown = None
    if (
        shown is not None
        and at_bottom
        and (not played.ping or over)
        and len(gathered) <= FEED_SHOWN
        and len(board_content(gathered)) <= BOARD_LINES
    ):
        # still the newest message, and nobody new to ping: edited where it is (at the end it
        # becomes the end message)
        message = await board_message(
            table,
            board,
            pictures=bot.pictures,
            # an edit's attachments replace the message's: with a replay, the picture goes again
            with_picture=digest != shown.picture or (over and played.replay is not None),
        )
        if over:
            message = end_message(message, table, board, played.ending, kit, played.replay)
        message["content"] = board_content(gathered) or None
        message["allowed_mentions"] = pings()
        try:
            await message_ref(bot, channel, shown.message_id).edit(**message)
            if not over:
                bot.boards.set(table.id, Shown(shown.message_id, gathered, digest or shown.picture))
            return
        except (discord.HTTPException, AttributeError):
            log.info("board message of table %s is gone; posting a new one", table.id)
            shown, gathered = None, feed
    await post_board(bot, played, channel, kit, shown, gathered if shown is None else feed)


async def post_board(
    bot: SnowboundBot,
    played: Played,
    channel: Any,
    kit: Kit,
    old: Shown | None,
    feed: list[str],
) -> None:
    """Post the live board (or the end message) below everything, then fold the old one."""
    table, board = played.table, played.board
    assert board is not None
    extra = [ping_line(played.ping)] if played.ping else []
    earlier, lines = _fit(feed, extra)
    if earlier and old is None:
        # more news than the board carries and no old board of known lines to keep them (a
        # game's opening, a restart): they go first, in a message of their own
        await send_lines(channel, earlier)
        earlier = []
    message = await board_message(table, board, pictures=bot.pictures)
    if table.status != "active":
        message = end_message(message, table, board, played.ending, kit, played.replay)
    content = board_content(lines + extra)
    if content:
        message["content"] = content
    message["allowed_mentions"] = pings(*played.ping)
    files = message.pop("attachments", None)
    if files:
        message["files"] = files
    sent = await channel.send(**message)
    previous = table.board_message_id
    if table.status == "active":
        bot.boards.set(table.id, Shown(sent.id, lines, picture_digest(table, board)))
    if previous and previous != sent.id:
        if old is not None:  # the lines that did not fit go on the old board, under its own
            old = Shown(previous, old.lines + earlier)
        await fold(bot, channel, previous, old)
    # a write after sending: where the live board is now, for the next move and restarts
    await bot.service.remember(table.id, board_message_id=sent.id)


GAME_OVER = re.compile(r"^\W*Game over\b")  # a game's own end line on its board


def end_message(
    message: dict[str, Any],
    table: TableRecord,
    board: Board,
    ending: Ending | None,
    kit: Kit,
    replay: tuple[str, bytes] | None = None,
) -> dict[str, Any]:
    """The one end message: the final board, then who won and why, each seat's objective and
    the seed, with a Rematch button, and the game's replay file (`cogs.replay_commands`) when it is
    ready."""
    embeds = [message.pop("embed")]
    if ending is not None:
        embeds.append(end_embed(board, ending))
        # the result is said once, below: the board keeps the position, not its own "Game over"
        text = embeds[0].description or ""
        kept = [line for line in text.splitlines() if not GAME_OVER.match(line)]
        embeds[0].description = "\n".join(kept) or None
    embeds[0].set_footer(text="Final board.")
    ended = {**message, "embeds": embeds, "view": kit.end_view(table)}
    if replay is not None:
        ended["attachments"] = [*message.get("attachments", ()), attachment(replay)]
    return ended

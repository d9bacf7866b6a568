"""Spectators: members who follow a table they do not play at, seeing only what everyone sees.

A spectator (`WatcherRecord`) gets a spectator panel: the public board in words, whose turn it
is, and the last public event lines — built from the game's public view (`observe(state, None)`
through `TableTexts.board`) and the public lines of the stored log, never from a seat's view. It
is kept up to date after every change the way a player's panel is (edited in place, skipped when
its digest did not change); the presenter (`cogs/ui/watch.py`) sends it.

A seated member cannot watch their own table. A member who resigns becomes a spectator of the table
they left (`Watchers.resigned`): they keep what they saw while seated (their old panel is left as it
was) and from then on get the public view only. A Dead of Winter player who is exiled keeps playing
(an exiled objective, turns, a hand: §6.16), so stays a player; one out of the game under player
elimination (§8.5) keeps their seat's panel, which from then on holds nothing new that is private
(their hand is discarded, they take no turns, hold no twist card and cast no ballot).

Nothing here imports discord: the presenter turns a `SpectatorView` into a message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.records import OPEN, Board, Ending, TableError, digest, seat_of
from storage.base import AI_SUFFIX, Store, TableRecord, WatcherRecord

RECENT = 6  # the public event lines a spectator panel shows

SEATED = (
    "You are playing at this table, so there is nothing to watch: your own panel shows it "
    "(`/game hand`)."
)
OVER = "This table is over: `/game status` shows how it ended."
NOT_WATCHING = "You are not watching this table."


@dataclass(frozen=True)
class SpectatorView:
    """A spectator panel in words: the public board, the last public lines and, once the game is
    over, its result. `digest` covers everything shown, and starts with the table's status (the
    presenter adds a spectator to the table's thread when a watched lobby starts)."""

    table_id: int
    status: str
    board: Board
    recent: tuple[str, ...]
    result: tuple[str, ...] = ()
    digest: str = ""

    @property
    def over(self) -> bool:
        return self.status not in OPEN


def former_seat(table: TableRecord, user_id: int) -> int | None:
    """The seat this member resigned from, if they did (an AI plays it now)."""
    for index, seat in enumerate(table.seats):
        if seat.user_id is None and seat.resigned_by == user_id:
            return index
    return None


class Watchers:
    """The spectators of every table: built once by the table service (`bot.tables`) from the
    store, the public board (`TableTexts.board`), the public log (`GameLog.log`) and the clock."""

    def __init__(
        self,
        store: Store,
        board: Callable[[TableRecord], Board],
        log: Callable[[TableRecord, int], Awaitable[list[str]]],
        *,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.board = board
        self.log = log
        self.clock = clock

    async def watcher(self, table_id: int, user_id: int) -> WatcherRecord | None:
        """The member's spectator record at this table, if they watch it."""
        for record in await self.store.watchers(table_id):
            if record.user_id == user_id:
                return record
        return None

    async def watch(self, table: TableRecord, user_id: int, name: str) -> WatcherRecord:
        """Start (or resume) watching: the spectator panel is drawn afresh and a DM refused before
        is tried again. A seated member, or a table that is over, is refused in one sentence."""
        if seat_of(table, user_id) is not None:
            raise TableError(SEATED)
        if table.status not in OPEN:
            raise TableError(OVER)
        held = await self.watcher(table.id, user_id)
        record = WatcherRecord(
            table_id=table.id,
            user_id=user_id,
            name=name,
            seat=former_seat(table, user_id),
            # the panel already sent is edited in place: never two live spectator panels
            channel_id=None if held is None else held.channel_id,
            message_id=None if held is None else held.message_id,
            digest="",
            dm_closed=False,
            since=self.clock() if held is None else held.since,
        )
        await self.store.save_watcher(record)
        return record

    async def unwatch(self, table: TableRecord, user_id: int) -> WatcherRecord:
        """Stop watching; the record as it was (where its panel is, to close it)."""
        held = await self.watcher(table.id, user_id)
        if held is None or not await self.store.remove_watcher(table.id, user_id):
            raise TableError(NOT_WATCHING)
        return held

    async def resigned(self, table: TableRecord, user_id: int) -> WatcherRecord | None:
        """A member who just resigned becomes a spectator of the running table they left."""
        seat = former_seat(table, user_id)
        if seat is None or table.status != "active" or seat_of(table, user_id) is not None:
            return None
        held = await self.watcher(table.id, user_id)
        name = table.seats[seat].name.removesuffix(AI_SUFFIX)
        record = WatcherRecord(
            table_id=table.id,
            user_id=user_id,
            name=held.name if held is not None else name,
            seat=seat,
            channel_id=None if held is None else held.channel_id,
            message_id=None if held is None else held.message_id,
            digest="",
            since=self.clock() if held is None else held.since,
        )
        await self.store.save_watcher(record)
        return record

    async def spectator_view(
        self, table: TableRecord, ending: Ending | None = None
    ) -> SpectatorView:
        """What a spectator sees of the table now: only the public view and public lines."""
        board = self.board(table)  # `observe(state, None)`, described; a lobby's seats
        recent = tuple(await self.log(table, RECENT)) if table.state is not None else ()
        result: tuple[str, ...] = ()
        if ending is not None:
            result = (f"{ending.headline} {ending.why}".strip(), *ending.objectives)
            result += (ending.seed_words,)
        shown = digest(board.title, board.text, board.turn, *recent, *result)
        return SpectatorView(
            table_id=table.id,
            status=table.status,
            board=board,
            recent=recent,
            result=result,
            digest=f"{table.status}:{shown}",
        )

    async def panel_sent(
        self,
        record: WatcherRecord,
        view: SpectatorView | None,
        *,
        channel_id: int | None,
        message_id: int | None,
        dm_closed: bool = False,
    ) -> WatcherRecord:
        """Where the spectator panel now is and what it shows (a refused DM pauses the panel until
        the member presses Watch again). A member who stopped watching meanwhile stays stopped."""
        if await self.watcher(record.table_id, record.user_id) is None:
            return record
        updated = record.model_copy(
            update={
                "channel_id": channel_id,
                "message_id": message_id,
                "digest": "" if dm_closed or view is None else view.digest,
                "dm_closed": dm_closed,
            }
        )
        await self.store.save_watcher(updated)
        return updated


__all__ = [
    "NOT_WATCHING",
    "OVER",
    "RECENT",
    "SEATED",
    "SpectatorView",
    "WatcherRecord",
    "Watchers",
    "former_seat",
]

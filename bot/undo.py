"""The game's log, forward and back: `/game log` and `/game undo`.

A take-back returns the table to exactly the state before the move by replaying the stored action
log up to it (the log is the source of truth; no earlier state is stored), after the engine has
ruled the move not final (`Engine.final`). The stored `version` guards the write like any move,
the action row goes and an audit entry stays, all in one transaction (`Store.take_back`); the
refreshed board and panels go out through the same `Played` → presenter pipeline as a move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.clock import Deadlines
from bot.records import Played, TableError, seat_names
from bot.table_cache import CachePart, TableCache
from rules.core import SYSTEM_SEAT, Game, Seat, format_event, seat_ref
from storage.base import StaleActionError, TableRecord, UndoRecord

log = logging.getLogger(__name__)

GAME_OVER = "You cannot take a move back: the game is over."
NO_MOVE = "You have no move to take back."
RACED = "The table changed at the same moment; please try again."
CHALLENGE = "A challenge table takes no moves back: every group plays it under the same rules."


class GameLog(CachePart):
    def __init__(
        self,
        cache: TableCache,
        seat_for: Callable[[TableRecord, int], Seat],
        deadlines: Deadlines,
        report: Callable[[Played], Awaitable[Played]],
        *,
        clock: Callable[[], float],
    ) -> None:
        super().__init__(cache)
        self.seat_for, self.deadlines, self.report, self.clock = seat_for, deadlines, report, clock

    async def undo(self, table_id: int, user_id: int) -> Played:
        """Take back the user's own last move if it is the table's last move, the engine rules it
        not final and the game is not over; otherwise one sentence says why (`TableError`)."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status == "finished":
                raise TableError(GAME_OVER)
            if table.challenge:
                raise TableError(CHALLENGE)
            seat = self.seat_for(table, user_id)  # a lobby, a closed table, someone not seated
            entries = await self.store.actions(table_id)
            if not any(entry.seat == seat for entry in entries):
                raise TableError(NO_MOVE)
            last = entries[-1]
            if last.seat != seat:
                who = (
                    "the game's clock has"
                    if last.seat == SYSTEM_SEAT
                    else f"another player ({table.seats[last.seat].name}) has"
                )
                raise TableError(f"You cannot take your move back: {who} moved since.")
            game = self.games[table.game]
            engine = self.engines[table.game]
            seats = len(table.seats)
            before = engine.replay(
                seats, table.options, table.seed, [(e.seat, e.action) for e in entries[:-1]]
            )
            action = engine.parse_action(last.action)
            step = engine.act(before, seat, action, seed=table.seed, ply=last.ply, checked=True)
            now_state = self.cache.state(table)
            if step.state != now_state:
                log.warning(
                    "table %s does not replay to its stored state at ply %s", table.id, last.ply
                )
                raise TableError("That move cannot be taken back: the table's log does not replay.")
            reason = engine.final(
                before, seat, action, step, seed=table.seed, ply=last.ply, seats=seats
            )
            if reason is not None:
                raise TableError(f"That move cannot be taken back: {reason}.")
            text = audit_line(game, before, seat, action)
            waited = self.cache.waiting_set(table, now_state) | {seat}
            new = table.model_copy(
                update={
                    "state": before.model_dump(mode="json"),
                    "ply": last.ply - 1,
                    "status": "active",
                    "updated_at": self.clock(),
                    "deadline": self.deadlines.deadline(game, now_state, before, table.deadline),
                    # a paced table's seat clocks follow the state taken back to, as after a move
                    **self.deadlines.pace_fields(
                        Played(table=table), table, before, None, self.clock()
                    ),
                }
            )
            record = UndoRecord(
                table_id=table.id,
                ply=last.ply,
                seat=seat,
                action=last.action,
                text=text,
                at=self.clock(),
            )
            try:
                table = await self.store.take_back(new, table.version, record)
            except StaleActionError:
                self.cache.forget_copy(table.id)
                raise TableError(RACED) from None
            self.cache.keep(table, before)
            played = Played(table=table, waited_before=waited)
            played.lines.append(format_event(text, seat_names(table)))
            return await self.report(played)

    async def log(
        self, table: TableRecord, limit: int = 15, *, seat: Seat | None = None
    ) -> list[str]:
        """Recent event lines: read from the events each move stored as it committed.

        Moves stored before events were kept (older databases) have none; such a table's log is
        regenerated by replaying its action log from the seed instead."""
        if table.state is None:
            return []
        entries = await self.store.actions(table.id)
        names = seat_names(table)
        if all(entry.events is not None for entry in entries):
            # A take-back of ply p reads after the moves before p and before the p-th move now
            # in the log (the one played instead), in the order they were taken back.
            undos = list(reversed(await self.store.undos(table.id)))
            lines = []
            for entry in entries:
                while undos and undos[-1].ply <= entry.ply:
                    lines.append(format_event(undos.pop().text, names))
                lines.extend(
                    format_event(event["text"], names)
                    for event in entry.events or ()
                    if event.get("visible_to") is None
                    or (seat is not None and seat in event["visible_to"])
                )
            lines.extend(format_event(undo.text, names) for undo in reversed(undos))
            return lines[-limit:]
        return await self._replayed_log(table, entries, limit, seat)

    async def _replayed_log(
        self, table: TableRecord, entries: Sequence[Any], limit: int, seat: Seat | None
    ) -> list[str]:
        """The log of a table stored before events were kept, by replay.

        A long game takes a while to replay, so it yields to the other tables every few moves
        (not a thread: some engines keep caches that are not made for threads)."""
        engine = self.engines[table.game]
        state = engine.setup(len(table.seats), table.options, table.seed)
        lines: list[str] = []
        names = seat_names(table)
        for entry in entries:
            if entry.ply % 10 == 0:
                await asyncio.sleep(0)
            step = engine.act(
                state, entry.seat, engine.parse_action(entry.action), seed=table.seed, ply=entry.ply
            )
            state = step.state
            lines.extend(format_event(e.text, names) for e in step.events if e.seen_by(seat))
        return lines[-limit:]


def audit_line(game: Game[Any, Any, Any], before: Any, seat: int, action: Any) -> str:
    """The log's line for a take-back, seats as placeholders. A secret move (a ballot) is not
    named: the line is public, and the move was seen by its maker alone."""
    if game.is_secret(before, action):
        return f"{seat_ref(seat)} takes back a secret move."
    return f"{seat_ref(seat)} takes back their move: {game.text.label(before, action)}."

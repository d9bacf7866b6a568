"""The AI seats' turns: after a move (or a start, a resignation, a clock's time-out), each AI seat
the game waits for moves in turn, committed by the move runner (`bot.moves.MoveRunner`) like a
human's, until the game waits for a human or ends.

Random and heuristic seats answer at once, and a player's move and their answers are reported
together. A searching level (`bot.ai.searches`) thinks in a worker thread, about a second a
move: when the caller can show a report at once (a presenter's `Show`), the player's move (the
opening, the resignation, the time-out) is reported and shown first, and the AI seats' moves
follow in a report of their own (`shown_first`). A table whose AI seats were left to move (a
crash, a process stopped meanwhile) is flagged `ai_turn` in the store, and `resume` lets them move
(`bot.clock.Clock.resume_agents`).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot import ai
from bot.records import Played, TableError
from bot.scan import waits_for_agents
from bot.table_cache import CachePart, TableCache
from rules.core import Seat
from storage.base import StaleActionError

log = logging.getLogger(__name__)

Show = Callable[[Played], Awaitable[None]]
"""A presenter's way to show a report at once (Discord's `publish`, with a click's answer)."""


class Mover(Protocol):
    """What the AI turns, the clock (`bot.clock`) and the seating (`bot.seating`: a start, a
    resignation) need of the move runner (`bot.moves.MoveRunner`)."""

    async def commit(
        self, played: Played, seat: Seat, action: Any, *, checked: bool = ..., state: Any = ...
    ) -> None: ...

    async def resume(self, table_id: int) -> Played | None: ...

    async def play_agents(self, played: Played, show: Show | None) -> Seat | None: ...

    async def finish_agents(
        self, played: Played, show: Show | None, seat: Seat | None
    ) -> Played: ...


_PAUSED = "The AI players could not finish their turns; the table is paused."


class AgentTurns(CachePart):
    def __init__(
        self,
        cache: TableCache,
        mover: Mover,
        report: Callable[[Played], Awaitable[Played]],
        *,
        ai_runner: ai.AiRunner,
        max_ai_plies: int,
    ) -> None:
        super().__init__(cache)
        self.mover, self.report, self.ai = mover, report, ai_runner  # the move runner commits
        self.max_ai_plies = max_ai_plies

    async def run(self, played: Played, *, pause: bool = False) -> Seat | None:
        """AI seats act while the game awaits one of them, each move committed like a human's.
        `pause`: stop before a searching level thinks, and return its seat (None: every AI turn
        that was due is played).

        A table without AI seats (most human moves) returns before looking up its state and
        whom the game waits for: no AI seat can be awaited."""
        table = played.table
        game = self.games[table.game]
        engine = self.engines[table.game]
        told: set[int] = set()  # "thinking…" is shown once a stretch of AI turns (`bot.ai`)
        for _ in range(self.max_ai_plies):
            table = played.table
            if table.status != "active" or not any(s.agent for s in table.seats):
                return None
            state = self.cache.state(table)
            agents = [s for s in self.cache.waiting_for(table, state) if table.seats[s].agent]
            if not agents:
                return None
            seat = agents[0]
            legal = engine.legal(state, seat)
            level = ai.level_for(game, table.seats[seat].agent or "random")
            if pause and ai.searches(level, legal):
                return seat
            choice = await self.ai.choose(game, engine, table, seat, state, legal, level, told=told)
            try:
                await self.mover.commit(played, seat, choice, checked=choice in legal, state=state)
            except TableError:
                if not played.moves:
                    raise
                # Another process moved this table after our move was stored: what we report
                # must match the store, so the stored moves stand and that process (or the next
                # `resume_agents`) goes on with the AI seats.
                log.info("table %s moved elsewhere while its AI seats played", table.id)
                return None
        if not played.moves:
            raise TableError(_PAUSED)
        log.warning("table %s: AI seats still to move after %d plies", table.id, self.max_ai_plies)
        played.note(_PAUSED)
        return None

    async def resume(self, table_id: int, *, after: Played | None = None) -> Played | None:
        """Let the AI seats of one table move, under its lock, if it still waits for one of them,
        and report their moves (None: there was nothing to play). A flag left standing (rows from
        before the flag existed, a stale copy) is cleared. `after`: the player's move these turns
        follow (`shown_first`): whom the game waited for before it is not pinged, and the mover's
        panel is reported (a click's answer redraws it with their moves)."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active" or table.state is None:
                return None
            state = self.cache.held_state(table)
            if not waits_for_agents(self.engines[table.game], table.seats, state):
                if table.ai_turn:
                    with contextlib.suppress(StaleActionError):  # moved meanwhile: it set the flag
                        await self.store.update_table(
                            table.model_copy(update={"ai_turn": False}), table.version
                        )
                    self.cache.forget_copy(table_id)
                return None
            self.cache.keep(table, state)
            played = Played(table=table, waited_before=self.cache.waiting_set(table, state))
            if after is not None:
                played.waited_before, played.mover = after.waited_before, after.mover
            await self.run(played)
            if not played.moves:
                return None
            return await self.report(played)

    def mark_thinking(self, played: Played, seat: Seat) -> None:
        """The board of the report shown before `seat` thinks already says "… is thinking…"."""
        self.ai.thinking[played.table.id] = seat

    async def shown_first(self, played: Played, show: Show, seat: Seat) -> Played:
        """Show a player's move (`played`, reported; or a start, a resignation, a time-out) before
        the searching AI `seat` thinks, then let the AI seats move and return their report, for
        the caller to show.

        The table's lock is left while the move is shown (the presenter writes where the board
        now is), and taken again for the AI turns (`resume`). The move and the `ai_turn` flag are
        stored already: a crash meanwhile loses nothing. The AI turns' report pings whom the
        player's move would have, and carries the mover's panel as a click's answer shows it. An
        empty record when nothing was left to play (another process, or the clock's
        `resume_agents`, played it meanwhile, and shows it)."""
        table_id = played.table.id
        try:
            try:
                await show(played)
            except Exception:  # a presenter's hiccup never stops the game
                log.exception("table %s: showing a move before the AI's turn failed", table_id)
            later = await self.resume(table_id, after=played)
        finally:
            if self.ai.thinking.get(table_id) == seat:
                del self.ai.thinking[table_id]
        return later if later is not None else Played(table=played.table)

"""One clock for a game's own timers and a paced table's seat clocks.

`Deadlines` says what clocks a change leaves: the game timer's deadline (`Game.timer`: kept while
it waits at the same point, else restarted) and a paced table's per-seat clocks (`clocks` JSON and
`wake_at`, the pure rules of `bot.pace_rules`), written with each move in the move's own commit,
and the board's pace lines.

`Clock.tick` is the one loop that acts on them: every table whose game timer ran out gets the
timer's moves; every paced table whose `wake_at` passed gets its reminders and timeouts (after
`ZOMBIE_AFTER` in a row an AI keeps the seat); and every `resume_every` the AI turns a crash left
waiting are played. Each due table is handled under its lock (a second clock finds the deadline
moved on), and one broken table never stops the others' clocks. Given the caller's `show`, each
table's record is shown as soon as it is handled, before a searching AI seat thinks
(`bot.agent_turns`), while the clock goes on to the next table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot import ai
from bot.agent_turns import Mover, Show
from bot.pace_rules import ZOMBIE_AFTER, UserSettings, describe_pace, remind_at, sync, wake_at
from bot.records import Played, Reminder
from bot.scan import RESUME_PAGE
from bot.table_cache import CachePart, TableCache
from rules.core import SYSTEM_SEAT, Game, Seat, Timer
from storage.base import SeatRecord, TableRecord

log = logging.getLogger(__name__)

Owns = Callable[[int | None], bool]  # a sharded process's test of a guild id: its own?
Settings = Callable[[int], Awaitable[UserSettings]]  # a member's `/me` settings


class Deadlines:
    def __init__(
        self,
        games: Mapping[str, Game[Any, Any, Any]],
        *,
        clock: Callable[[], float],
        settings: Settings,
    ) -> None:
        self.games = games
        self.clock = clock
        self.settings = settings

    def deadline(
        self, game: Game[Any, Any, Any], before: Any, after: Any, current: float | None
    ) -> float | None:
        """When the game's clock runs out: kept while it waits at the same point, else restarted."""
        timer = game.timer(after)
        if timer is None:
            return None
        previous = game.timer(before) if before is not None else None
        if current is not None and previous is not None and previous.key == timer.key:
            return current
        return self.clock() + timer.seconds

    def pace_fields(
        self, played: Played, table: TableRecord, state: Any, seat: Seat | None, now: float
    ) -> dict[str, Any]:
        """The `clocks` and `wake_at` of `table` once the game is in `state` (after `seat`
        moved); {} for a live table, so a live table's move writes nothing more."""
        if table.pace is None:
            return {}
        game = self.games[table.game]
        waiting: dict[Seat, int] = {}
        if game.outcome(state) is None:
            seats = sorted(game.awaiting(state) or game.to_act(state))
            waiting = {s: u for s in seats if (u := table.seats[s].user_id) is not None}
        clocks = sync(
            table.clocks,
            waiting,
            now=now,
            pace=table.pace,
            moved=seat,
            timed_out=seat is not None and played.timed_out == seat,
            suspended=game.timer(state) is not None,
        )
        return {"clocks": clocks, "wake_at": wake_at(clocks)}

    async def pace_start(self, table: TableRecord, state: Any) -> dict[str, Any]:
        """The first clocks: members already away get their time added from the start."""
        if table.pace is None:
            return {}
        away: dict[str, float] = {}
        now = self.clock()
        for seat in table.seats:
            if seat.user_id is not None:
                settings = await self.settings(seat.user_id)
                if settings.away_until is not None and settings.away(now):
                    away[str(seat.user_id)] = settings.away_until
        start = table.model_copy(update={"clocks": {"away": away}})
        return self.pace_fields(Played(table=start), start, state, None, now)

    def pace_text(self, table: TableRecord) -> str:
        """The board's pace lines: each waiting player's deadline as Discord timestamps (each
        reader sees their own time zone), and who is away."""
        if table.pace is None or table.status != "active":
            return ""
        lines = [f"Pace: {describe_pace(table.pace)}."]
        for key, clock in sorted(table.clocks.get("seats", {}).items()):
            user = table.seats[int(key)].user_id
            if user is None:
                continue
            due = int(clock["due"])
            lines.append(f"<@{user}>'s move — due <t:{due}:f> (<t:{due}:R>)")
        now = self.clock()
        seated = {s.user_id for s in table.seats}
        for user, until in sorted(table.clocks.get("away", {}).items()):
            if until > now and int(user) in seated:
                lines.append(f"<@{user}> is away until <t:{int(until)}:f>.")
        return "\n".join(lines)


class Clock(CachePart):
    def __init__(
        self,
        cache: TableCache,
        mover: Mover,
        deadlines: Deadlines,
        *,
        ai_runner: ai.AiRunner,
        default_agent: str,
        settings: Settings,
        clock: Callable[[], float],
        resume_every: float = 30.0,
    ) -> None:
        super().__init__(cache)
        self.mover, self.deadlines = mover, deadlines
        self.ai, self.default_agent, self.settings = ai_runner, default_agent, settings
        self.clock = clock
        self.resume_every = resume_every
        self.resumed_at: float | None = None  # when `tick` last ran `resume_agents`

    async def tick(
        self, now: float | None = None, *, owns: Owns | None = None, show: Show | None = None
    ) -> list[Played]:
        """Play the timer's move at every table whose game clock ran out by `now`, then the
        reminders and timeouts of every paced table due by then, then (every `resume_every`)
        resume AI turns left waiting by a crash; `owns(guild_id)` keeps a sharded process to the
        tables of its own guilds (one process per clock). The records are returned for the
        caller to show.

        `show`: how the caller shows a record at once. Given, each table's record is shown as
        soon as the table is handled, before a searching AI seat thinks (`Mover.finish_agents`),
        while the clock goes on to the next table; the AI seats' own record is shown after it,
        and the records returned (each table's first) were shown already."""
        now = self.clock() if now is None else now
        results = []
        showing: dict[int, asyncio.Task[None]] = {}  # a table's latest record being shown
        try:
            for what in ("clock", "pace"):
                if what == "clock":  # a game's own timer ran out
                    found = await self.store.find_tables(status="active", due_before=now)
                else:  # a paced table's reminder or deadline
                    found = await self.store.find_tables(status="active", wake_before=now)
                for due in found:
                    if owns is not None and not owns(due.guild_id):
                        continue
                    try:
                        if what == "clock":
                            handled = await self._timer_table(due.id, now, show)
                        else:
                            handled = await self._pace_table(due.id, now, show)
                    except Exception:
                        log.exception("the %s of table %s could not be played", what, due.id)
                        continue
                    if handled is not None:
                        results.append(handled[0])
                        if show is not None:  # after the table's record before, if any
                            after = showing.get(due.id)
                            show_it = self._show(*handled, show, after=after)
                            showing[due.id] = asyncio.create_task(show_it)
                        await asyncio.sleep(0)  # the loop's turn between tables the clock moved
        finally:
            await asyncio.gather(*showing.values())  # before `resume_agents` plays their AIs
        if self.resumed_at is None or now - self.resumed_at >= self.resume_every:
            self.resumed_at = now
            resumed = await self.resume_agents(owns=owns)
            results.extend(resumed)
            if show is not None:
                for played in resumed:
                    await self._show(played, None, show)
        return results

    async def _show(
        self,
        played: Played,
        seat: Seat | None,
        show: Show,
        *,
        after: asyncio.Task[None] | None = None,
    ) -> None:
        """Show a table's record (once the table's record before it, `after`, is shown); when a
        searching AI `seat` was left to think, the AI seats' turns then, and their record
        (`Mover.finish_agents`). A failure is logged."""
        try:
            if after is not None:
                await after
            await show(await self.mover.finish_agents(played, show, seat))
        except Exception:
            log.exception("the clock's record of table %s could not be shown", played.table.id)

    # a game's own timer -------------------------------------------------------------------------
    async def _timer_table(
        self, table_id: int, now: float, show: Show | None
    ) -> tuple[Played, Seat | None] | None:
        """The timer's moves of one table, then its AI seats' turns (`Mover.play_agents`, with
        `show`: up to a searching one, whose seat is returned with the record)."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active" or table.deadline is None or table.deadline > now:
                return None
            state = self.cache.state(table)
            timer = self.games[table.game].timer(state)
            played = Played(table=table, waited_before=self.cache.waiting_set(table, state))
            if timer is None:  # nothing waits on a clock any more
                played.table = await self.cache.save(table, deadline=None)
                return None
            await self._play_timer(played, timer)
            return played, await self.mover.play_agents(played, show)

    async def _play_timer(self, played: Played, timer: Timer) -> None:
        """Make each of the clock's moves that is still open when its turn in the list comes."""
        key = timer.key
        for seat, action in timer.moves:
            table = played.table
            if table.status != "active":
                return
            state = self.cache.state(table)
            now = self.games[table.game].timer(state)
            if now is None or (now.key != key and seat == SYSTEM_SEAT):
                continue
            if seat != SYSTEM_SEAT:
                if action not in self.engines[table.game].legal(state, seat):
                    continue  # decided in the meantime
                played.note(f"⏰ Time ran out for {table.seats[seat].name}.")
            await self.mover.commit(played, seat, action)

    # a paced table's seat clocks ----------------------------------------------------------------
    async def _pace_table(
        self, table_id: int, now: float, show: Show | None
    ) -> tuple[Played, Seat | None] | None:
        """The reminders and timeouts of one paced table, then as `_timer_table`."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active" or table.pace is None:
                return None
            state = self.cache.state(table)
            fields = self.deadlines.pace_fields(Played(table=table), table, state, None, now)
            clocks = fields["clocks"]
            reminders = await self._reminders(table, clocks, now)
            if clocks != table.clocks or fields["wake_at"] != table.wake_at:
                table = await self.cache.save(table, clocks=clocks, wake_at=wake_at(clocks))
            played = Played(table=table, waited_before=self.cache.waiting_set(table, state))
            played.reminders = reminders
            expired = [int(k) for k, c in clocks["seats"].items() if c["due"] <= now]
            for seat in expired:
                await self._time_out(played, seat)
            if not played.moves and len(played.lines) == 0:
                return (played, None) if reminders else None
            return played, await self.mover.play_agents(played, show)

    async def _reminders(
        self, table: TableRecord, clocks: dict[str, Any], now: float
    ) -> list[Reminder]:
        """Send (return) the reminders due by now; defer or drop the others (in `clocks`)."""
        out = []
        title = self.games[table.game].title
        where = f" in <#{table.thread_id or table.channel_id}>" if table.channel_id else ""
        for key, clock in clocks["seats"].items():
            user = table.seats[int(key)].user_id
            if user is None:
                continue
            planned = clock.get("next", {})
            if clock["due"] <= now:  # the bot was down past the deadline: the timeout says it
                clocks["seats"][key] = {**clock, "next": {}}
                continue
            if not any(t <= now for t in planned.values()):
                continue
            settings = await self.settings(user)
            kept = {}
            for kind, at in sorted(planned.items(), key=lambda kv: kv[1]):
                if at > now:
                    kept[kind] = at
                    continue
                when = remind_at(at, clock["due"], clock["last"], settings)
                if when is None:
                    continue
                if when > now:
                    kept[kind] = when
                    continue
                due = int(clock["due"])
                text = (
                    f"⏰ Reminder: **{title}** (table #{table.id}){where} is waiting for your "
                    f"move, due <t:{due}:f> (<t:{due}:R>). If you have not moved by then, an AI "
                    "plays one move for you. (`/me reminders=off` stops these.)"
                )
                out.append(Reminder(user, table.id, int(key), clock["due"], text))
                clock = {**clock, "last": now}
            clocks["seats"][key] = {**clock, "next": kept}
        return out

    async def _time_out(self, played: Played, seat: Seat) -> None:
        """The deadline passed: the table's default AI plays one move for the seat; after
        `ZOMBIE_AFTER` in a row an AI keeps the seat until the player rejoins."""
        table = played.table
        if table.status != "active" or seat not in self.cache.waiting_for(table):
            return
        record = table.seats[seat]
        if record.user_id is None:
            return
        game = self.games[table.game]
        engine = self.engines[table.game]
        state = self.cache.state(table)
        legal = engine.legal(state, seat)
        if not legal:
            return
        level = ai.table_level(game, table, self.default_agent)
        choice = await self.ai.choose(game, engine, table, seat, state, legal, level)
        played.lines.append(f"⏰ played for {record.name} by the AI (the deadline passed).")
        played.timed_out = seat
        try:
            await self.mover.commit(played, seat, choice, checked=choice in legal)
        finally:
            played.timed_out = None
        table = played.table
        count = table.clocks.get("timeouts", {}).get(str(seat), 0)
        others = [s for i, s in enumerate(table.seats) if i != seat and s.user_id is not None]
        # The last human seat stays theirs: an all-AI table would play itself out in one tick,
        # so it goes on one AI move per deadline until somebody comes back or takes a seat.
        if count >= ZOMBIE_AFTER and table.status == "active" and others:
            seats = list(table.seats)
            seats[seat] = SeatRecord(
                name=record.name, agent=level, user_id=None, zombie_of=record.user_id
            )
            clocks = {**table.clocks}
            clocks["timeouts"] = {k: v for k, v in clocks["timeouts"].items() if k != str(seat)}
            clocks["seats"] = {k: v for k, v in clocks["seats"].items() if k != str(seat)}
            played.table = await self.cache.save(
                table, seats=tuple(seats), clocks=clocks, wake_at=wake_at(clocks)
            )
            played.lines.append(
                f"⏰ {record.name} missed {ZOMBIE_AFTER} deadlines in a row: an AI plays their "
                f"seat from now on. {record.name} can take it back with `/game rejoin`."
            )

    # AI turns a crash left waiting --------------------------------------------------------------
    async def resume_agents(self, *, owns: Owns | None = None) -> list[Played]:
        """Let the AI seats move at every active table that waits for one of them.

        AI seats move right after a human move commits; a crash in between leaves a table that
        nobody will ever move again. This runs at start-up (the first `tick`) and from `tick`.
        Such tables carry the `ai_turn` flag, written with the move that left them so: they are
        read from the store's index of flagged rows, `RESUME_PAGE` at a time, and no other table
        is read or decoded. The event loop gets a turn after each page and each flagged table."""
        results = []
        after = 0
        while True:
            page = await self.store.agent_turns(after=after, limit=RESUME_PAGE)
            for table_id, guild_id in page:
                after = table_id
                if owns is not None and not owns(guild_id):
                    continue
                if self.cache.lock(table_id).locked():
                    continue  # a move is running here now; it runs the AI seats itself
                try:
                    played = await self._resume_table(table_id)
                except Exception:
                    log.exception("the AI seats of table %s could not be resumed", table_id)
                    played = None
                if played is not None:
                    results.append(played)
                await asyncio.sleep(0)  # each flagged table decodes a state: the loop's turn
            if len(page) < RESUME_PAGE:
                return results
            await asyncio.sleep(0)  # the loop's turn between pages

    async def _resume_table(self, table_id: int) -> Played | None:
        """Let the AI seats of one flagged table move (`bot.agent_turns.AgentTurns.resume`)."""
        played = await self.mover.resume(table_id)
        if played is not None:
            log.info("resumed %d AI moves at table %s", played.moves, table_id)
        return played

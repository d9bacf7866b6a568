"""`PaceService`, the pace half of `TableService`: the clock's reminders and timeouts, zombie
seats, `/game rejoin`, `/game sub`, `/me`, and the board's pace lines. The rules they follow are
the pure functions of `bot.pace`; this module reads and writes the tables and settings."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot import ai
from bot.pace import (
    ZOMBIE_AFTER,
    UserSettings,
    describe_pace,
    extend,
    parse_me,
    remind_at,
    sync,
    wake_at,
)
from bot.records import Played, Player, Reminder, TableError, seat_of
from rules.core import Seat
from storage.base import SeatRecord, Store, TableRecord

if TYPE_CHECKING:
    from rules.core import Game

log = logging.getLogger(__name__)


class PaceService:
    """The pace half of `TableService` (which sets these attributes and methods)."""

    store: Store
    games: dict[str, Game[Any, Any, Any]]
    clock: Callable[[], float]
    default_agent: str
    ai: ai.AiRunner

    if TYPE_CHECKING:
        from asyncio import Lock

        from rules.engine import Engine

        engines: dict[str, Engine[Any, Any, Any]]

        def lock(self, table_id: int) -> Lock: ...
        def state(self, table: TableRecord) -> Any: ...
        def waiting_for(self, table: TableRecord, state: Any = None) -> list[Seat]: ...
        def _waiting_set(self, table: TableRecord, state: Any = None) -> frozenset[Seat]: ...
        async def _commit(
            self,
            played: Played,
            seat: Seat,
            action: Any,
            *,
            checked: bool = False,
            retry: bool = True,
            state: Any = None,
        ) -> None: ...
        async def _run_agents(self, played: Played) -> None: ...
        async def report(self, played: Played) -> Played: ...
        async def _save(self, table: TableRecord, **changes: Any) -> TableRecord: ...
        async def tables_of(self, user_id: int) -> list[TableRecord]: ...

    # the clocks a change leaves ----------------------------------------------------------------
    def _waiting_humans(self, table: TableRecord, state: Any) -> dict[Seat, int]:
        game = self.games[table.game]
        if game.outcome(state) is not None:
            return {}
        seats = sorted(game.awaiting(state) or game.to_act(state))
        return {s: u for s in seats if (u := table.seats[s].user_id) is not None}

    def _pace_fields(
        self, played: Played, table: TableRecord, state: Any, seat: Seat | None, now: float
    ) -> dict[str, Any]:
        """The `clocks` and `wake_at` of `table` once the game is in `state` (after `seat`
        moved); {} for a live table, so a live table's move writes nothing more."""
        if table.pace is None:
            return {}
        clocks = sync(
            table.clocks,
            self._waiting_humans(table, state),
            now=now,
            pace=table.pace,
            moved=seat,
            timed_out=seat is not None and played.timed_out == seat,
            suspended=self.games[table.game].timer(state) is not None,
        )
        return {"clocks": clocks, "wake_at": wake_at(clocks)}

    async def _pace_start(self, table: TableRecord, state: Any) -> dict[str, Any]:
        """The first clocks: members already away get their time added from the start."""
        if table.pace is None:
            return {}
        away: dict[str, float] = {}
        now = self.clock()
        for seat in table.seats:
            if seat.user_id is not None:
                settings = await self.me(seat.user_id)
                if settings.away_until is not None and settings.away(now):
                    away[str(seat.user_id)] = settings.away_until
        start = table.model_copy(update={"clocks": {"away": away}})
        return self._pace_fields(Played(table=start), start, state, None, now)

    # the clock ---------------------------------------------------------------------------------
    async def pace_tick(
        self, now: float, *, owns: Callable[[int | None], bool] | None = None
    ) -> list[Played]:
        """Reminders and timeouts due by `now` at every paced table; one broken table never
        stops the others' clocks."""
        results = []
        for due in await self.store.find_tables(status="active", wake_before=now):
            if owns is not None and not owns(due.guild_id):
                continue
            try:
                played = await self._pace_table(due.id, now)
            except Exception:
                log.exception("the pace of table %s failed", due.id)
                continue
            if played is not None:
                results.append(played)
                await asyncio.sleep(0)  # the loop's turn between tables the clock moved
        return results

    async def _pace_table(self, table_id: int, now: float) -> Played | None:
        """Under the table's lock, so two clocks running at once cannot both play a timeout:
        the second finds the deadline already moved on."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active" or table.pace is None:
                return None
            state = self.state(table)
            fields = self._pace_fields(Played(table=table), table, state, None, now)
            clocks = fields["clocks"]
            reminders = await self._reminders(table, clocks, now)
            if clocks != table.clocks or fields["wake_at"] != table.wake_at:
                table = await self._save(table, clocks=clocks, wake_at=wake_at(clocks))
            played = Played(table=table, waited_before=self._waiting_set(table, state))
            played.reminders = reminders
            expired = [int(k) for k, c in clocks["seats"].items() if c["due"] <= now]
            for seat in expired:
                await self._time_out(played, seat, now)
            if not played.moves and len(played.lines) == 0:
                return played if reminders else None
            await self._run_agents(played)
            return await self.report(played)

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
            settings = await self.me(user)
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
                out.append(
                    Reminder(
                        user_id=user,
                        table_id=table.id,
                        seat=int(key),
                        due=clock["due"],
                        text=(
                            f"⏰ Reminder: **{title}** (table #{table.id}){where} is waiting for "
                            f"your move, due <t:{due}:f> (<t:{due}:R>). If you have not moved "
                            "by then, an AI plays one move for you. (`/me reminders=off` stops "
                            "these.)"
                        ),
                    )
                )
                clock = {**clock, "last": now}
            clocks["seats"][key] = {**clock, "next": kept}
        return out

    async def _time_out(self, played: Played, seat: Seat, now: float) -> None:
        """The deadline passed: the table's default AI plays one move for the seat; after
        `ZOMBIE_AFTER` in a row an AI keeps the seat until the player rejoins."""
        table = played.table
        if table.status != "active" or seat not in self.waiting_for(table):
            return
        record = table.seats[seat]
        if record.user_id is None:
            return
        game = self.games[table.game]
        engine = self.engines[table.game]
        state = self.state(table)
        legal = engine.legal(state, seat)
        if not legal:
            return
        level = ai.table_level(game, table, self.default_agent)
        choice = await self.ai.choose(game, engine, table, seat, state, legal, level)
        played.lines.append(f"⏰ played for {record.name} by the AI (the deadline passed).")
        played.timed_out = seat
        try:
            await self._commit(played, seat, choice, checked=choice in legal)
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
            played.table = await self._save(
                table, seats=tuple(seats), clocks=clocks, wake_at=wake_at(clocks)
            )
            played.lines.append(
                f"⏰ {record.name} missed {ZOMBIE_AFTER} deadlines in a row: an AI plays their "
                f"seat from now on. {record.name} can take it back with `/game rejoin`."
            )

    # rejoin and substitutes ------------------------------------------------------------------
    async def rejoin(self, table_id: int, user_id: int) -> Played:
        """Take back the seat an AI took after three timeouts (only its own player)."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active":
                raise TableError("This game is not running.")
            seat = next((i for i, s in enumerate(table.seats) if s.zombie_of == user_id), None)
            if seat is None:
                raise TableError(
                    "You have no seat to take back here: `/game rejoin` is for a player whose "
                    "seat an AI took after three missed deadlines."
                )
            name = table.seats[seat].name
            return await self._reseat(
                table,
                seat,
                SeatRecord(name=name, user_id=user_id, handed_over=True),
                (f"{name} is back and plays their own seat again."),
            )

    def sub_seat(self, table: TableRecord, user_id: int, seat_number: int | None) -> Seat:
        """The seat a member may take over: resigned, timed out into AI, or whose player is
        away. One clear sentence otherwise."""
        if table.status != "active":
            raise TableError("Substitutes can only join a running game.")
        if seat_of(table, user_id) is not None:
            raise TableError("You are already playing at this table.")
        left = next(  # one member, one seat: the game counts for them once (`result_owner`)
            (i for i, s in enumerate(table.seats) if user_id in (s.resigned_by, s.zombie_of)),
            None,
        )
        if left is not None and seat_number not in (None, left + 1):
            raise TableError(
                f"You left seat {left + 1} of this game: you can take that seat back, not another."
            )
        if left is not None:
            return left
        now = self.clock()
        away = table.clocks.get("away", {})
        open_seats = [
            i
            for i, s in enumerate(table.seats)
            if s.resigned
            or s.zombie_of is not None
            or (s.user_id is not None and away.get(str(s.user_id), 0) > now)
        ]
        if not open_seats:
            raise TableError(
                "No seat here needs a substitute: only a seat whose player resigned, timed out "
                "into an AI, or is away can be taken over."
            )
        if seat_number is None:
            if len(open_seats) > 1:
                numbers = ", ".join(str(i + 1) for i in open_seats)
                raise TableError(f"Several seats can be taken over ({numbers}): name one.")
            return open_seats[0]
        if not 1 <= seat_number <= len(table.seats):
            raise TableError(f"There is no seat {seat_number}: seats are 1 to {len(table.seats)}.")
        if seat_number - 1 not in open_seats:
            raise TableError(
                f"Seat {seat_number} cannot be taken over: its player is still playing it."
            )
        return seat_number - 1

    async def substitute(
        self,
        table_id: int,
        by_user: int,
        seat: Seat,
        newcomer: Player,
        *,
        can_manage: bool = False,
    ) -> Played:
        """The host (or Manage Server) confirmed: `newcomer` plays `seat` from now on. They get
        the seat's private panel as it is now and none of the old player's private history."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if by_user != table.host_id and not can_manage:
                raise TableError("Only the host (or someone with Manage Server) can confirm.")
            if seat != self.sub_seat(table, newcomer.user_id, seat + 1):
                raise TableError("That seat cannot be taken over any more.")
            old = table.seats[seat].name
            return await self._reseat(
                table,
                seat,
                SeatRecord(name=newcomer.name, user_id=newcomer.user_id, handed_over=True),
                f"{newcomer.name} takes over seat {seat + 1} ({old}).",
            )

    async def _reseat(
        self, table: TableRecord, seat: Seat, record: SeatRecord, line: str
    ) -> Played:
        seats = list(table.seats)
        seats[seat] = record
        table = table.model_copy(update={"seats": tuple(seats)})
        state = self.state(table)
        now = self.clock()
        played = Played(table=table)
        fields = self._pace_fields(played, table, state, seat, now)
        table = await self._save(table, seats=tuple(seats), **fields)
        waiting = self._waiting_set(table, state)
        played = Played(table=table, lines=[line], waited_before=waiting - {seat})
        return await self.report(played)

    # `/me` -------------------------------------------------------------------------------------
    async def me(self, user_id: int) -> UserSettings:
        stored = await self.store.user_settings(user_id)
        try:
            return UserSettings.model_validate(stored)
        except ValueError:
            return UserSettings()

    async def set_me(self, user_id: int, text: str) -> UserSettings:
        """Apply `/me key=value …`; a new away date extends the member's paced deadlines."""
        now = self.clock()
        before = await self.me(user_id)
        after = parse_me(text, before, now)
        await self.store.set_user_settings(user_id, after.model_dump(mode="json"))
        if after.away_until != before.away_until:
            for found in await self.tables_of(user_id):
                if found.pace is None or found.status != "active":
                    continue
                async with self.lock(found.id):
                    table = await self.store.get_table(found.id)
                    mine = {i for i, s in enumerate(table.seats) if s.user_id == user_id}
                    clocks = extend(table.clocks, mine, user_id, after.away_until, now)
                    await self._save(table, clocks=clocks, wake_at=wake_at(clocks))
        return after

    # the board ---------------------------------------------------------------------------------
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

"""Paces: turn clocks for every game, polite reminders, timeouts, zombie seats, rejoin, substitutes.

A paced table (`pace=daily` at `/game new`) gives every human seat the game waits for a deadline,
kept in the table row (`TableRecord.clocks`, `wake_at`), so it survives restarts and needs no code
in any game: whose decision the game waits for is `TableViews.waiting_for` (Dead of Winter's votes
and requests included). A game's own clock (`Game.timer`, The 10th Night) takes precedence while it
runs: the seat clocks are suspended and start afresh when it stops.

The clock data is plain JSON the service rewrites on every move (`sync`)::

    {"seats": {"0": {"since": t, "due": t, "last": t, "next": {"half": t, "late": t}}},
     "timeouts": {"0": 2}, "away": {"<user id>": until}}

`since` is when the seat began to wait (its turn ping), `last` the last message about this move
(the ping, then each reminder), `next` the reminders still to send. The functions at the top are
pure and take `now`; `PaceService` (mixed into `TableService`) does the reading and writing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict

from bot.records import Played, Player, Reminder, TableError, seat_of
from rules.core import Seat
from storage.base import SeatRecord, Store, TableRecord

if TYPE_CHECKING:
    from rules.core import Game

log = logging.getLogger(__name__)

HOUR = 3600
DAY = 24 * HOUR
PACES: dict[str, int | None] = {"live": None, "daily": DAY, "weekly": 7 * DAY}
MAX_PACE_HOURS = 30 * 24  # a month a move is slow enough for any server
LATE_REMINDER = 2 * HOUR  # the second reminder comes this long before the deadline
QUIET_GAP = HOUR  # never two messages about one move (ping, reminders) within this
ZOMBIE_AFTER = 3  # timeouts in a row before an AI keeps the seat
MAX_AWAY_DAYS = 90

_HOURS = re.compile(r"^(\d{1,4})\s*h(ours?)?$")
_QUIET = re.compile(r"^(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?$")


# -- paces ----------------------------------------------------------------------------------------


def parse_pace(text: str | None) -> int | None:
    """Seconds a move may take, None for `live`; a bad value is one sentence (TableError)."""
    if text is None:
        return None
    wanted = str(text).strip().casefold()
    if wanted in PACES:
        return PACES[wanted]
    match = _HOURS.match(wanted)
    if match and 1 <= int(match.group(1)) <= MAX_PACE_HOURS:
        return int(match.group(1)) * HOUR
    raise TableError(
        f"“{str(text)[:30]}” is not a pace: use `pace=live`, `pace=daily`, `pace=weekly` or "
        f"a number of hours such as `pace=36h` (1 to {MAX_PACE_HOURS})."
    )


def describe_pace(seconds: int | None) -> str:
    if seconds is None:
        return "live (no clock)"
    for name, value in PACES.items():
        if value == seconds:
            return f"{name} ({seconds // HOUR} h a move)"
    return f"{seconds // HOUR} h a move"


# -- a member's settings (`/me`) ------------------------------------------------------------------


class UserSettings(BaseModel):
    """What `/me` stores: how and when Snowbound may remind a member."""

    model_config = ConfigDict(frozen=True)

    timezone: str = "UTC"
    quiet: tuple[int, int] | None = None  # local hours [start, end), e.g. (22, 8)
    reminders: bool = True
    away_until: float | None = None

    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now

    def describe(self, now: float) -> str:
        quiet = "none" if self.quiet is None else f"{self.quiet[0]:02d}:00–{self.quiet[1]:02d}:00"
        away = (
            f"until <t:{int(self.away_until)}:f>"
            if self.away_until is not None and self.away(now)
            else "no"
        )
        return (
            f"Time zone: {self.timezone} · Quiet hours: {quiet} · "
            f"Reminders: {'on' if self.reminders else 'off'} · Away: {away}"
        )


ME_USAGE = (
    "Use `key=value` pairs: `tz=Europe/Paris`, `quiet=22-08` (or `quiet=off`), "
    "`reminders=on|off`, `away=2026-12-24` (or `away=off`)."
)


def parse_me(text: str, current: UserSettings, now: float) -> UserSettings:
    """`/me tz=… quiet=… reminders=… away=…` applied to `current`; one sentence if wrong."""
    pairs: dict[str, str] = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        key = {"timezone": "tz", "zone": "tz", "reminder": "reminders"}.get(key.casefold(), key)
        if not sep or key not in ("tz", "quiet", "reminders", "away"):
            raise TableError(f"“{word[:30]}” is not a setting. {ME_USAGE}")
        pairs[key.casefold()] = value.strip()
    changes: dict[str, Any] = {}
    if "tz" in pairs:
        try:
            ZoneInfo(pairs["tz"])
        except (ZoneInfoNotFoundError, ValueError):
            raise TableError(
                f"“{pairs['tz'][:40]}” is not a time zone I know: use an IANA name such as "
                "`Europe/Paris`, `America/New_York` or `UTC`."
            ) from None
        changes["timezone"] = pairs["tz"]
    if "quiet" in pairs:
        changes["quiet"] = _parse_quiet(pairs["quiet"])
    if "reminders" in pairs:
        value = pairs["reminders"].casefold()
        if value not in ("on", "off", "yes", "no", "true", "false"):
            raise TableError("Reminders are `reminders=on` or `reminders=off`.")
        changes["reminders"] = value in ("on", "yes", "true")
    settings = current.model_copy(update=changes)
    if "away" in pairs:
        settings = settings.model_copy(
            update={"away_until": _parse_away(pairs["away"], settings, now)}
        )
    return settings


def _parse_quiet(value: str) -> tuple[int, int] | None:
    if value.casefold() in ("off", "none", "no"):
        return None
    match = _QUIET.match(value)
    if match is None or not all(0 <= int(h) <= 23 for h in match.groups()):
        raise TableError("Quiet hours are two hours of the day, like `quiet=22-08` (or `off`).")
    start, end = int(match.group(1)), int(match.group(2))
    if start == end:
        raise TableError("Quiet hours must start and end at different hours, like `22-08`.")
    return (start, end)


def _parse_away(value: str, settings: UserSettings, now: float) -> float | None:
    """Away until the start of that date in the member's time zone (they are back that day)."""
    if value.casefold() in ("off", "no", "back", "none"):
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise TableError(
            "Give the date you are back as `away=YYYY-MM-DD` (or `away=off`)."
        ) from None
    until = datetime(day.year, day.month, day.day, tzinfo=settings.zone()).timestamp()
    if until <= now:
        raise TableError("That date has passed: give the day you are back, in the future.")
    if until - now > MAX_AWAY_DAYS * DAY:
        raise TableError(f"You can be away for at most {MAX_AWAY_DAYS} days at a time.")
    return until


def in_quiet(at: float, settings: UserSettings) -> bool:
    if settings.quiet is None:
        return False
    start, end = settings.quiet
    hour = datetime.fromtimestamp(at, settings.zone()).hour
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_end(at: float, settings: UserSettings) -> float:
    """The first moment after `at` that the member's quiet hours end, by their wall clock (so a
    change to or from summer time moves it with them)."""
    assert settings.quiet is not None
    local = datetime.fromtimestamp(at, settings.zone())
    end = local.replace(hour=settings.quiet[1], minute=0, second=0, microsecond=0)
    if end <= local:
        end += timedelta(days=1)  # wall-clock arithmetic: the same local hour the next day
    return end.timestamp()


# -- seat clocks ----------------------------------------------------------------------------------


def new_clock(now: float, pace: int, away_until: float | None) -> dict[str, Any]:
    """A fresh move's clock: `pace` from now, plus the time the player is still away."""
    start = max(now, away_until or now)
    due = start + pace
    half = start + pace / 2
    late = due - LATE_REMINDER
    planned = {"half": half}
    if late > half:  # a short pace gets the half-time reminder only
        planned["late"] = late
    return {"since": now, "due": due, "last": now, "next": planned}


def sync(
    clocks: Mapping[str, Any],
    waiting: Mapping[Seat, int],
    *,
    now: float,
    pace: int,
    moved: Seat | None = None,
    timed_out: bool = False,
    suspended: bool = False,
) -> dict[str, Any]:
    """The clocks after a change: a clock for each waiting human seat (kept if it was already
    waiting and did not move, else a new one), none for the others. A move by the player resets
    their timeout count; a move the AI made for them on a timeout adds one. `suspended`: the
    game's own clock runs, so no seat clock does."""
    old = clocks.get("seats", {})
    away: dict[str, float] = dict(clocks.get("away", {}))
    timeouts: dict[str, int] = dict(clocks.get("timeouts", {}))
    if moved is not None:
        if timed_out:
            timeouts[str(moved)] = timeouts.get(str(moved), 0) + 1
        else:
            timeouts.pop(str(moved), None)
    seats: dict[str, Any] = {}
    if not suspended:
        for seat, user in sorted(waiting.items()):
            key = str(seat)
            if key in old and seat != moved:
                seats[key] = old[key]
            else:
                seats[key] = new_clock(now, pace, away.get(str(user)))
    return {"seats": seats, "timeouts": timeouts, "away": away}


def wake_at(clocks: Mapping[str, Any]) -> float | None:
    """The earliest deadline or reminder the clock must look at, None if nothing waits."""
    times = [
        t
        for clock in clocks.get("seats", {}).values()
        for t in (clock["due"], *clock.get("next", {}).values())
    ]
    return min(times) if times else None


def extend(
    clocks: Mapping[str, Any], seats: set[Seat], user_id: int, until: float | None, now: float
) -> dict[str, Any]:
    """The clocks after `user_id` said they are away until `until` (None: back now): their
    deadlines (and planned reminders) move by the time away not already granted. Coming back
    early shortens nothing already granted, but later moves get no extra time."""
    away = dict(clocks.get("away", {}))
    granted = max(now, away.get(str(user_id), now))
    extra = 0.0 if until is None else max(0.0, until - granted)
    if until is None:
        away.pop(str(user_id), None)
    else:
        away[str(user_id)] = until
    seat_clocks = {}
    for key, clock in clocks.get("seats", {}).items():
        if int(key) in seats and extra:
            clock = {
                **clock,
                "due": clock["due"] + extra,
                "next": {k: t + extra for k, t in clock.get("next", {}).items()},
            }
        seat_clocks[key] = clock
    return {**clocks, "seats": seat_clocks, "away": away}


def remind_at(planned: float, due: float, last: float, settings: UserSettings) -> float | None:
    """When a reminder planned for `planned` may go out, or None to drop it: never within an hour
    of the last message about this move (the turn ping included), never while the member is away
    or has reminders off, and never in their quiet hours (then at the end of them) — all before
    the deadline, or not at all."""
    if not settings.reminders:
        return None
    at = max(planned, last + QUIET_GAP)
    if settings.away(at):
        return None
    if in_quiet(at, settings):
        at = quiet_end(at, settings)
    return at if at < due else None


# -- the service side -----------------------------------------------------------------------------


class PaceService:
    """The pace half of `TableService` (which sets these attributes and methods)."""

    store: Store
    games: dict[str, Game[Any, Any, Any]]
    clock: Callable[[], float]
    default_agent: str

    if TYPE_CHECKING:
        from asyncio import Lock

        from rules.engine import Engine

        engines: dict[str, Engine[Any, Any, Any]]

        def lock(self, table_id: int) -> Lock: ...
        def state(self, table: TableRecord) -> Any: ...
        def waiting_for(self, table: TableRecord, state: Any = None) -> list[Seat]: ...
        def _waiting_set(self, table: TableRecord, state: Any = None) -> frozenset[Seat]: ...
        async def _commit(
            self, played: Played, seat: Seat, action: Any, *, checked: bool = False
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
        level = self.default_agent if self.default_agent in game.agents else "random"
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        choice = game.agents[level]().choose(game.observe(state, seat), legal, rng)
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
                SeatRecord(name=name, user_id=user_id),
                (f"{name} is back and plays their own seat again."),
            )

    def sub_seat(self, table: TableRecord, user_id: int, seat_number: int | None) -> Seat:
        """The seat a member may take over: resigned, timed out into AI, or whose player is
        away. One clear sentence otherwise."""
        if table.status != "active":
            raise TableError("Substitutes can only join a running game.")
        if seat_of(table, user_id) is not None:
            raise TableError("You are already playing at this table.")
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
                SeatRecord(name=newcomer.name, user_id=newcomer.user_id),
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

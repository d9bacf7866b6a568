"""Paces: turn clocks for every game, polite reminders, timeouts, zombie seats, rejoin, substitutes.

A paced table (`pace=daily` at `/game new`) gives every human seat the game waits for a deadline,
kept in the table row (`TableRecord.clocks`, `wake_at`), so it survives restarts and needs no code
in any game: whose decision the game waits for is `TableCache.waiting_for` (Dead of Winter's votes
and requests included). A game's own clock (`Game.timer`, The 10th Night) takes precedence while it
runs: the seat clocks are suspended and start afresh when it stops.

The clock data is plain JSON the service rewrites on every move (`sync`)::

    {"seats": {"0": {"since": t, "due": t, "last": t, "next": {"half": t, "late": t}}},
     "timeouts": {"0": 2}, "away": {"<user id>": until}}

`since` is when the seat began to wait (its turn ping), `last` the last message about this move
(the ping, then each reminder), `next` the reminders still to send. The functions here are pure
and take `now`; the clock (`bot.clock`: `Deadlines` writes them with each move, `Clock` sends the
reminders and plays the timeouts) and the member settings (`bot.member_settings`) read and write.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict

from bot.records import TableError
from rules.core import Seat

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

"""A member's own settings and seats: `/me` (time zone, quiet hours, reminders, away: the
rules are `bot.pace_rules`), and taking a seat back or over in a running game (`/game rejoin`
after three missed deadlines, `/game sub` for a seat whose player resigned, timed out into an AI
or is away)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.names import plain_name
from bot.pace_rules import UserSettings, extend, parse_me, wake_at
from bot.records import OPEN, Played, Player, TableError, seat_of
from bot.table_cache import CachePart, TableCache
from rules.core import Seat, listed
from storage.base import AI_SUFFIX, SeatRecord, Store, TableRecord


async def settings_of(store: Store, user_id: int) -> UserSettings:
    """A member's stored `/me` settings (the defaults if none, or if they no longer read)."""
    stored = await store.user_settings(user_id)
    try:
        return UserSettings.model_validate(stored)
    except ValueError:
        return UserSettings()


class PaceFields(Protocol):
    """The seat clocks a change leaves (`bot.clock.Deadlines.pace_fields`)."""

    def __call__(
        self, played: Played, table: TableRecord, state: Any, seat: Seat | None, now: float
    ) -> dict[str, Any]: ...


class MemberSettings(CachePart):
    def __init__(
        self,
        cache: TableCache,
        pace_fields: PaceFields,
        report: Callable[[Played], Awaitable[Played]],
        *,
        clock: Callable[[], float],
    ) -> None:
        super().__init__(cache)
        self.pace_fields, self.report = pace_fields, report
        self.clock = clock

    async def me(self, user_id: int) -> UserSettings:
        return await settings_of(self.store, user_id)

    async def set_me(self, user_id: int, text: str) -> UserSettings:
        """Apply `/me key=value …`; a new away date extends the member's paced deadlines."""
        now = self.clock()
        before = await self.me(user_id)
        after = parse_me(text, before, now)
        await self.store.set_user_settings(user_id, after.model_dump(mode="json"))
        if after.away_until != before.away_until:
            for found in await self.store.find_tables(status=OPEN, user_id=user_id):
                if found.pace is None or found.status != "active":
                    continue
                async with self.cache.lock(found.id):
                    table = await self.store.get_table(found.id)
                    mine = {i for i, s in enumerate(table.seats) if s.user_id == user_id}
                    clocks = extend(table.clocks, mine, user_id, after.away_until, now)
                    await self.cache.save(table, clocks=clocks, wake_at=wake_at(clocks))
        return after

    # taking a seat back or over ---------------------------------------------------------------
    async def rejoin(self, table_id: int, user_id: int) -> Played:
        """Take back the seat an AI took after three timeouts (only its own player)."""
        async with self.cache.lock(table_id):
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

    def sub_seat(self, table: TableRecord, user_id: int, wanted: int | str | None) -> Seat:
        """The seat a member may take over: resigned, timed out into AI, or whose player is
        away. `wanted` names it (its player's name, or its number as `/game sub 2` always
        took); None when only one seat is open. One clear sentence otherwise."""
        if table.status != "active":
            raise TableError("Substitutes can only join a running game.")
        if seat_of(table, user_id) is not None:
            raise TableError("You are already playing at this table.")
        left = next(  # one member, one seat: the game counts for them once (`result_owner`)
            (i for i, s in enumerate(table.seats) if user_id in (s.resigned_by, s.zombie_of)),
            None,
        )
        open_seats = [left] if left is not None else self.open_seats(table)
        if not open_seats:
            raise TableError(
                "No seat here needs a substitute: only a seat whose player resigned, timed out "
                "into an AI, or is away can be taken over."
            )
        names = [table.seats[i].name for i in open_seats]
        if wanted in (None, "", 0):
            if len(open_seats) > 1:
                raise TableError(f"{listed(names)} can be taken over: name the one you want.")
            return open_seats[0]
        named = seat_named(table, wanted, f"You can take over {listed(names, 'or')}.")
        if left is not None and named != left:
            raise TableError(
                f"You left this game: you can take back your own seat ({names[0]}), not another."
            )
        if named not in open_seats:
            name = table.seats[named].name
            raise TableError(f"{name}'s seat cannot be taken over: {name} is still playing it.")
        return named

    def open_seats(self, table: TableRecord) -> list[Seat]:
        """Seats a substitute may take: their player resigned, timed out into an AI, or is away."""
        now = self.clock()
        away = table.clocks.get("away", {})
        return [
            i
            for i, s in enumerate(table.seats)
            if s.resigned
            or s.zombie_of is not None
            or (s.user_id is not None and away.get(str(s.user_id), 0) > now)
        ]

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
        async with self.cache.lock(table_id):
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
                f"{newcomer.name} takes over from {old}.",
            )

    async def _reseat(
        self, table: TableRecord, seat: Seat, record: SeatRecord, line: str
    ) -> Played:
        seats = list(table.seats)
        seats[seat] = record
        table = table.model_copy(update={"seats": tuple(seats)})
        state = self.cache.state(table)
        now = self.clock()
        played = Played(table=table)
        fields = self.pace_fields(played, table, state, seat, now)
        table = await self.cache.save(table, seats=tuple(seats), **fields)
        waiting = self.cache.waiting_set(table, state)
        played = Played(table=table, lines=[line], waited_before=waiting - {seat})
        return await self.report(played)


def seat_named(table: TableRecord, wanted: int | str, hint: str) -> Seat:
    """The seat `wanted` names: a player's name as the table shows it, with or without its AI
    mark ("Bo", "Bo (AI)", "Frost"), or a seat number from 1. `hint` follows a refusal."""
    text = str(wanted).strip()
    if text.isdigit():
        if not 1 <= int(text) <= len(table.seats):
            raise TableError(f"There is no seat {text} here. {hint}")
        return int(text) - 1
    for i, seat in enumerate(table.seats):
        if _bare(seat.name) == _bare(text):
            return i
    raise TableError(f"Nobody called {text} plays at this table. {hint}")


def _bare(name: str) -> str:
    """A name as typed: no AI mark, no Markdown escapes (a display name's "\\_"), any case."""
    return plain_name(name).removesuffix(AI_SUFFIX).replace("\\", "").strip().casefold()

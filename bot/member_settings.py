"""A member's own settings and seats: `/me` (time zone, quiet hours, reminders, away: the
rules are `bot.pace_rules`), and taking a seat back or over in a running game (`/game rejoin`
after three missed deadlines, `/game sub` for a seat whose player resigned, timed out into an AI
or is away)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.pace_rules import UserSettings, extend, parse_me, wake_at
from bot.records import OPEN, Played, Player, TableError, seat_of
from bot.table_cache import CachePart, TableCache
from rules.core import Seat
from storage.base import SeatRecord, Store, TableRecord


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
                f"{newcomer.name} takes over seat {seat + 1} ({old}).",
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

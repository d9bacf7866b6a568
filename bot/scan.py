"""What `TableService` does on its own with many stored tables, without decoding them all.

- The `ai_turn` flag of a table row: the running game waits only for AI seats. The service sets it
  with every write of the row (a move's in the move's own transaction: `agent_turn`), so start-up
  and the clock find the tables a crash left waiting for AI seats by an index of those rows
  (`Store.agent_turns`), a page at a time, instead of loading and decoding every running table
  (`resume_table`, called by `TableService.resume_agents`).
- The channel index (`ChannelIndex`): which channels and threads hold an open table, for the chat
  filter, which sees every message. It holds the places this process wrote or asked about, each
  for at most `channel_index_seconds` (then it asks the store again: two index lookups), at most
  `size` of them; never every open table of the store at once.

The state of a table looked at only to read its flag is decoded without entering the service's
state cache (`held_state`): a pass over many tables leaves the caches as they were.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any, Protocol

from bot.records import OPEN, Played
from rules.core import Game, Seat
from rules.engine import Engine
from storage.base import SeatRecord, StaleActionError, Store, TableRecord

log = logging.getLogger(__name__)

RESUME_PAGE = 100  # flagged tables read from the store at a time; the loop gets a turn after each
PLACES_KEPT = 50_000  # channels and threads the channel index remembers (about 150 bytes each)
_NOTHING: tuple[int, ...] = ()


class TableService(Protocol):
    """What these functions use of `bot.tables.TableService`."""

    store: Store
    games: dict[str, Game[Any, Any, Any]]
    engines: dict[str, Engine[Any, Any, Any]]
    _states: OrderedDict[int, tuple[int, int, Any]]

    def lock(self, table_id: int) -> asyncio.Lock: ...
    def _keep(self, table: TableRecord, state: Any = None) -> None: ...
    def _forget_copy(self, table_id: int) -> None: ...
    def _waiting_set(self, table: TableRecord, state: Any = None) -> frozenset[Seat]: ...
    async def _run_agents(self, played: Played) -> None: ...
    async def report(self, played: Played) -> Played: ...


def waits_for_agents(
    engine: Engine[Any, Any, Any], seats: tuple[SeatRecord, ...], state: Any
) -> bool:
    """The game in `state` waits for somebody, and only for AI seats. A table without an AI seat
    answers before asking the game anything."""
    if not any(seat.agent for seat in seats):
        return False
    waiting: Iterable[Seat] = engine.awaiting(state) or engine.to_act(state)
    found = False
    for seat in waiting:
        if seat >= len(seats) or not seats[seat].agent:
            return False
        found = True
    return found


def held_state(service: TableService, table: TableRecord, *, fresh: bool = False) -> Any:
    """The table's parsed state: the service's cached one when it is this ply and version (and not
    `fresh`, a state just replaced), else decoded here without entering the cache."""
    if not fresh:
        cached = service._states.get(table.id)
        if cached is not None and cached[0] == table.ply and cached[1] == table.version:
            return cached[2]
    return service.games[table.game].state_model.model_validate(table.state)


def flagged(service: TableService, table: TableRecord, *, fresh: bool = False) -> TableRecord:
    """`table` with its `ai_turn` flag as its status, seats and state make it (`_save`; `fresh`:
    the write replaces the state, so no cached one is its)."""
    turn = (
        table.status == "active"
        and table.state is not None
        and any(seat.agent for seat in table.seats)
        and waits_for_agents(
            service.engines[table.game], table.seats, held_state(service, table, fresh=fresh)
        )
    )
    return table if turn == table.ai_turn else table.model_copy(update={"ai_turn": turn})


async def resume_table(service: TableService, table_id: int) -> Played | None:
    """Let the AI seats of one flagged table move, under its lock, if it still waits only for
    them; a flag left standing (rows from before the flag existed, a stale copy) is cleared."""
    async with service.lock(table_id):
        table = await service.store.get_table(table_id)
        if table.status != "active" or table.state is None:
            return None
        state = held_state(service, table)
        if not waits_for_agents(service.engines[table.game], table.seats, state):
            if table.ai_turn:
                with contextlib.suppress(StaleActionError):  # moved meanwhile: it set the flag
                    await service.store.update_table(
                        table.model_copy(update={"ai_turn": False}), table.version
                    )
                service._forget_copy(table_id)
            return None
        service._keep(table, state)
        played = Played(table=table, waited_before=service._waiting_set(table, state))
        await service._run_agents(played)
        if not played.moves:
            return None
        log.info("resumed %d AI moves at table %s", played.moves, table.id)
        return await service.report(played)


class ChannelIndex:
    """Channel or thread id → the open tables known there and when that was last true of the
    store, least recently asked first. A place with no open table is kept too (an empty tuple),
    so a message where no table is costs no store call until `seconds` have passed."""

    def __init__(self, size: int = PLACES_KEPT) -> None:
        self.size = max(1, size)
        self._places: OrderedDict[int, tuple[tuple[int, ...], float]] = OrderedDict()
        self.changed = 0  # bumped by `note`, so a lookup can tell it raced one
        self.lookups = 0  # store calls made (tests, bench)

    def __len__(self) -> int:
        return len(self._places)

    def note(self, table: TableRecord, now: float) -> None:
        """A table this process opened, moved to a thread or ended: known at once."""
        if table.channel_id is None and table.thread_id is None:
            return
        self.changed += 1
        for place in (table.channel_id, table.thread_id):
            if place is None:
                continue
            held = self._places.get(place, (_NOTHING, float("-inf")))[0]
            if table.status in OPEN:
                ids = held if table.id in held else (*held, table.id)
            else:
                ids = tuple(i for i in held if i != table.id)
            self._keep(place, ids, now)

    def drop(self, place: int, table_id: int, now: float) -> None:
        """A table no longer played at `place` though still open (its thread was deleted or
        locked: it went back to its channel, which `note` records)."""
        held = self._places.get(place)
        if held is not None and table_id in held[0]:
            self.changed += 1
            self._keep(place, tuple(i for i in held[0] if i != table_id), now)

    async def may_hold(self, store: Store, place: int, seconds: float, now: float) -> bool:
        """Whether `place` may hold an open table: what was found there less than `seconds` ago,
        else one lookup of the store's open-table indexes."""
        known = self._places.get(place)
        if known is not None and now - known[1] < seconds:
            self._places.move_to_end(place)
            return bool(known[0])
        changed = self.changed
        self.lookups += 1
        ids = tuple(await store.open_tables_at(place))
        if changed != self.changed:  # a table written meanwhile may be missing: ask next time
            held = self._places.get(place, (_NOTHING, now))[0]
            self._keep(place, tuple(sorted({*ids, *held})), float("-inf"))
        else:
            self._keep(place, ids, now)
        return bool(self._places[place][0])

    def _keep(self, place: int, ids: tuple[int, ...], at: float) -> None:
        self._places[place] = (ids or _NOTHING, at)
        self._places.move_to_end(place)
        while len(self._places) > self.size:
            self._places.popitem(last=False)

"""What the service does on its own with many stored tables, without decoding them all.

- The `ai_turn` flag of a table row: the running game waits for an AI seat (`waits_for_agents`),
  alone or beside players (a 10th Night day awaits everybody at once).
  The service sets it with every write of the row (a move's in the move's own transaction), so
  start-up and the clock find the tables a crash left waiting for AI seats by an index of those
  rows (`Store.agent_turns`), a page at a time, instead of loading and decoding every running
  table (`bot.clock.Clock.resume_agents`).
- The channel index (`ChannelIndex`): which channels and threads hold an open table, for the chat
  filter, which sees every message. It holds the places this process wrote or asked about, each
  for at most `channel_index_seconds` (then it asks the store again: two index lookups), at most
  `size` of them; never every open table of the store at once.

The state of a table looked at only to read its flag is decoded without entering the service's
state cache (`TableCache.held_state`): a pass over many tables leaves the caches as they were.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from bot.records import OPEN
from rules.core import Seat
from rules.engine import Engine
from storage.base import SeatRecord, Store, TableRecord

log = logging.getLogger(__name__)

RESUME_PAGE = 100  # flagged tables read from the store at a time; the loop gets a turn after each
PLACES_KEPT = 50_000  # channels and threads the channel index remembers (about 150 bytes each)
_NOTHING: tuple[int, ...] = ()


def waits_for_agents(
    engine: Engine[Any, Any, Any], seats: tuple[SeatRecord, ...], state: Any
) -> bool:
    """The game in `state` waits for an AI seat, alone or beside players (a phase everybody plays
    at once). AI seats move as soon as they are awaited, so one still awaited after a move was
    left to move: a crash, or a searching AI thinking after the move was shown. A table without
    an AI seat answers before asking the game anything."""
    if not any(seat.agent for seat in seats):
        return False
    waiting: Iterable[Seat] = engine.awaiting(state) or engine.to_act(state)
    return any(seat < len(seats) and seats[seat].agent for seat in waiting)


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

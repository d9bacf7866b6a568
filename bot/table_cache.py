"""The table cache: the running tables as this process holds them.

Per running table, least recently played dropped first beyond `size` tables: its record as this
process last wrote it, its parsed state (keyed by ply and version), its lock, and whatever other
part keeps per table (`per_table`: the reporter's public views, private texts and since-lines).
A table's entries all go when its game ends. A held record only saves a read: the stored version
guards every write, and a stale copy is dropped (`forget_copy`) and read again. Every write of a
row that is not a move (seats, status, where its messages are, its clocks) is `save`, which keeps
the held copy and the row's `ai_turn` flag (the game waits for an AI seat) in step.

Beside it, the channel index (`bot.scan.ChannelIndex`): which channels and threads hold an open
table, for the chat filter, which sees every message.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from bot.records import OPEN, TableError
from bot.scan import ChannelIndex, waits_for_agents
from rules.core import Game, Seat
from rules.engine import Engine
from storage import codec
from storage.base import StaleActionError, Store, TableRecord


def find_game(games: Mapping[str, Game[Any, Any, Any]], key: str) -> Game[Any, Any, Any]:
    """The game a player named by its key ("coldest night", "coldest-night") or its title; one
    sentence listing the games otherwise."""
    found = games.get(key.strip().casefold().replace(" ", "_").replace("-", "_"))
    if found is None:
        for game in games.values():
            if game.title.casefold() == key.strip().casefold():
                return game
        known = ", ".join(f"`{k}`" for k in sorted(games))
        raise TableError(f"There is no game called “{key}”. Games: {known}.")
    return found


def _free(lock: asyncio.Lock) -> bool:
    """Nobody holds `lock` or waits for it (a released lock may still have a waiter about to
    take it, which `locked()` does not show)."""
    return not lock.locked() and not getattr(lock, "_waiters", None)


class TableCache:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any, Any, Any]],
        engines: Mapping[str, Engine[Any, Any, Any]],
        *,
        clock: Callable[[], float],
        size: int = 2_000,
        channel_index_seconds: float = 10.0,
    ) -> None:
        self.store = store
        self.games = games
        self.engines = engines
        self.clock = clock
        self.size = max(1, size)
        codec.keep_encodings(self.size)
        # The store's own copy of each row (`SqliteStore`: a move writes only the columns that
        # differ from it) holds as many tables as these caches, else a process configured for
        # more running tables than the store's default would write every column of most moves.
        rows = getattr(store, "row_cache_size", None)
        if isinstance(rows, int) and rows < self.size:
            setattr(store, "row_cache_size", self.size)  # noqa: B010 — not on Store
        self.locks: OrderedDict[int, asyncio.Lock] = OrderedDict()
        self.records: OrderedDict[int, TableRecord] = OrderedDict()  # as this process last wrote
        self.states: OrderedDict[int, tuple[int, int, Any]] = OrderedDict()  # (ply, version, state)
        self._others: list[tuple[OrderedDict[int, Any], bool]] = []  # (cache, dropped with a copy)
        self.channel_index_seconds = channel_index_seconds
        self.channels = ChannelIndex()  # channel/thread id → open table ids

    def per_table(self, *, copy: bool = True) -> OrderedDict[int, Any]:
        """A new per-table cache another part keeps (trimmed with `trim`), emptied of a table when
        its game ends and, if `copy`, when the store moved past this process's copy."""
        cache: OrderedDict[int, Any] = OrderedDict()
        self._others.append((cache, copy))
        return cache

    def trim(self, cache: OrderedDict[int, Any], table_id: int) -> None:
        """`table_id` was just used in `cache`: most recent, the oldest beyond `size` dropped."""
        cache.move_to_end(table_id)
        while len(cache) > self.size:
            cache.popitem(last=False)

    # locks --------------------------------------------------------------------------------------
    def lock(self, table_id: int) -> asyncio.Lock:
        found = self.locks.get(table_id)
        if found is not None:
            self.locks.move_to_end(table_id)
            return found
        found = self.locks[table_id] = asyncio.Lock()
        # Only a lock nobody holds or waits for may go (a new one for the same table would let two
        # moves in at once), the least recently used first; if every lock is busy, none goes.
        while len(self.locks) > self.size:
            old = next((k for k, lock in self.locks.items() if _free(lock)), None)
            if old is None:
                break
            del self.locks[old]
        return found

    # what is held -------------------------------------------------------------------------------
    def held(self, table_id: int) -> TableRecord | None:
        """The table as this process last wrote it, if it still holds it."""
        return self.records.get(table_id)

    def keep(self, table: TableRecord, state: Any = None) -> None:
        """Remember `table` as stored now (and `state`, its parsed game state, if known), or
        forget it if its game is over."""
        if table.status not in OPEN:
            self.note_place(table)
            self.forget(table.id)
            return
        held = self.records.get(table.id)
        if held is not None and held.version > table.version:
            return  # an older copy (a view read before the last move): keep the newer one
        self.records[table.id] = table
        self.trim(self.records, table.id)
        if state is not None:
            self.states[table.id] = (table.ply, table.version, state)
            self.trim(self.states, table.id)

    async def save(self, table: TableRecord, **changes: Any) -> TableRecord:
        """Write `changes` to the table's row (not a move: seats, status, where its messages
        are, its clocks), version-checked, with its `ai_turn` flag as they leave it."""
        updated = table.model_copy(update={**changes, "updated_at": self.clock()})
        updated = self._flagged(updated, fresh="state" in changes)  # waits for an AI seat?
        try:
            saved = await self.store.update_table(updated, table.version)
        except StaleActionError:
            self.forget_copy(table.id)
            raise TableError("The table changed at the same moment; please try again.") from None
        self.note_place(saved)
        cached = self.states.get(table.id)
        same = cached is not None and cached[:2] == (table.ply, table.version)
        self.keep(saved, cached[2] if same and "state" not in changes and cached else None)
        return saved

    def _flagged(self, table: TableRecord, *, fresh: bool = False) -> TableRecord:
        """`table` with its `ai_turn` flag as its status, seats and state make it (`fresh`: the
        write replaces the state, so no cached one is its)."""
        turn = (
            table.status == "active"
            and table.state is not None
            and any(seat.agent for seat in table.seats)
            and waits_for_agents(
                self.engines[table.game], table.seats, self.held_state(table, fresh=fresh)
            )
        )
        return table if turn == table.ai_turn else table.model_copy(update={"ai_turn": turn})

    def forget(self, table_id: int) -> None:
        """Drop an ended table's entries. Its lock goes even while held: whoever waits on it
        finds the game over, as would anyone on a new lock."""
        self.forget_copy(table_id)
        for cache, _ in self._others:
            cache.pop(table_id, None)
        self.locks.pop(table_id, None)

    def forget_copy(self, table_id: int) -> None:
        """The store moved past what this process holds (another process wrote): reload next."""
        self.records.pop(table_id, None)
        self.states.pop(table_id, None)
        for cache, copy in self._others:
            if copy:
                cache.pop(table_id, None)

    def state(self, table: TableRecord) -> Any:
        """The table's parsed game state, from the cache when it is this ply and version."""
        if table.state is None:
            raise TableError("This table has not started yet.")
        cached = self.states.get(table.id)
        if cached is not None and cached[0] == table.ply and cached[1] == table.version:
            self.states.move_to_end(table.id)
            return cached[2]
        state = self.games[table.game].state_model.model_validate(table.state)
        if table.status == "active":  # an ended game's state is read once, for its last report
            self.keep(table, state)
        return state

    def held_state(self, table: TableRecord, *, fresh: bool = False) -> Any:
        """The table's parsed state: the cached one when it is this ply and version (and not
        `fresh`, a state just replaced), else decoded without entering the cache (a pass over
        many tables leaves the cache as it was)."""
        if not fresh:
            cached = self.states.get(table.id)
            if cached is not None and cached[0] == table.ply and cached[1] == table.version:
                return cached[2]
        return self.games[table.game].state_model.model_validate(table.state)

    def waiting_for(self, table: TableRecord, state: Any = None) -> list[Seat]:
        """The seats the running game waits for (`Game.awaiting`, else `to_act`)."""
        if table.status != "active":
            return []
        engine = self.engines[table.game]
        state = self.state(table) if state is None else state
        return sorted(engine.awaiting(state) or engine.to_act(state))

    def waiting_set(self, table: TableRecord, state: Any = None) -> frozenset[Seat]:
        return frozenset(self.waiting_for(table, state))

    # where tables are ---------------------------------------------------------------------------
    def note_place(self, table: TableRecord) -> None:
        """Keep the channel index in step with a table opened, moved to a thread or ended."""
        self.channels.note(table, time.monotonic())

    def drop_place(self, place: int, table_id: int) -> None:
        """The table is no longer played at `place` (its thread went)."""
        self.channels.drop(place, table_id, time.monotonic())

    async def table_in(self, channel_id: int, *, indexed: bool = False) -> TableRecord | None:
        """The open table played in this thread or channel (a thread's table wins).

        `indexed` (the chat filter, which sees every message): trust the channel index, so a
        channel without a table costs no database call. The index is kept in step with every
        table this process writes; tables another process opens appear once it is reloaded, on
        a miss at most every `channel_index_seconds` (a command asks the store every time:
        answering "no table here" wrongly is worse than a late chat rule)."""
        if indexed and not await self.channels.may_hold(
            self.store, channel_id, self.channel_index_seconds, time.monotonic()
        ):
            return None
        for found in (
            await self.store.find_tables(status=OPEN, thread_id=channel_id),
            await self.store.find_tables(status=OPEN, channel_id=channel_id),
        ):
            playing = [t for t in found if t.thread_id in (None, channel_id)]
            if playing:
                return playing[-1]
        return None


class CachePart:
    """A part of the service that reads tables through the cache (`TableService` builds each with
    the one cache): the store, the games and their engines are the cache's."""

    def __init__(self, cache: TableCache) -> None:
        self.cache = cache
        self.store, self.games, self.engines = cache.store, cache.games, cache.engines

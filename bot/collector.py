"""Python's cyclic garbage collection between moves, not inside them.

CPython collects when allocations pass a threshold, inside whatever code happens to be running.
In a running bot that is most often a move: each move replaces its table's cached record, state
and views, and because freeing the old objects counts against allocating the new ones, the
young generation grows to thousands of objects between collections. So one move in 60-180
paid for a 1-5 ms collection (at 1,000 running tables), and one in a few thousand for a
full one: 80-90 ms at 1,000 tables, about 0.4 s at 10,000, half of it at 1,000 tables spent on
objects built at start-up (modules, classes, discord.py) that live as long as the process.

`IdleCollector`, which the Discord bot installs once its extensions are loaded:

- freezes what start-up built (`gc.freeze`), so no collection looks at it again;
- raises the automatic young threshold `SAFETY` times, so Python itself collects only if the bot
  never gets an idle moment;
- runs a due collection itself every `INTERVAL` seconds, from an event-loop timer: a timer runs
  between callbacks, and on SQLite a move gives the loop no turn from its start to its report (it
  commits on the store's quick connection, `storage.sqlite`), so the collection lands before or
  after a move, often while the move's answer is on its way to Discord. (On PostgreSQL a move
  waits for the database, and a collection may run meanwhile.) A request that arrives while a
  collection runs waits for it, as for any other work on the loop.

A collection is due as Python's own policy has it: the young generation once `YOUNG` more objects
were allocated than freed, the middle one every `MIDDLE` young collections. A full collection,
whose cost grows with every object the bot holds, is due every `OLD` middle ones, but at most
every `FULL_EVERY` seconds (Python's own rule, that a full collection waits until a quarter
more objects survived, reads counts Python does not expose).

`SNOWBOUND_COLLECT_BETWEEN_MOVES=false` leaves collection to Python. The terminal table does not
install it: one table makes no garbage worth the trouble.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable

INTERVAL = 0.05  # seconds between two looks at the collector's counts
YOUNG = 700  # Python's default young threshold
MIDDLE = 10
OLD = 10
FULL_EVERY = 60.0  # seconds, at least, between two full collections
SAFETY = 50  # the automatic young threshold while installed, in multiples of YOUNG

_installed: IdleCollector | None = None  # the process has one garbage collector


class IdleCollector:
    """Garbage collection run from the event loop's idle moments (see the module's docstring)."""

    def __init__(
        self,
        *,
        interval: float = INTERVAL,
        young: int = YOUNG,
        middle: int = MIDDLE,
        old: int = OLD,
        full_every: float = FULL_EVERY,
        safety: int = SAFETY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.interval = interval
        self.young, self.middle, self.old = young, middle, old
        self.full_every = full_every
        self.safety = safety
        self.clock = clock
        self.collections = [0, 0, 0]  # run by `step`, per generation
        self._saved: tuple[int, int, int] | None = None  # Python's thresholds before `install`
        self._frozen = 0  # objects frozen by `install`
        self._last_full = clock()
        self._timer: asyncio.TimerHandle | None = None

    @property
    def installed(self) -> bool:
        return self._saved is not None

    def install(self) -> None:
        """Freeze what exists now and raise the automatic threshold (the timer is `start`'s)."""
        global _installed
        if _installed is self:
            return
        if _installed is not None:
            raise RuntimeError("another IdleCollector is installed: close it first")
        gc.collect()  # start-up's garbage goes before the rest is frozen
        before = gc.get_freeze_count()
        gc.freeze()
        self._frozen = gc.get_freeze_count() - before
        self._saved = gc.get_threshold()
        gc.set_threshold(self.young * self.safety, self.middle, self.old)
        self._last_full = self.clock()
        _installed = self

    def start(self) -> None:
        """`install`, then look at the counts every `interval` seconds on the running loop."""
        self.install()
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def _tick(self) -> None:
        self.step()
        self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def step(self) -> int | None:
        """Run the collection due now, if any: the generation collected, else None."""
        young, middle, old = gc.get_count()
        if young < self.young:
            return None
        generation = 0
        if middle >= self.middle:
            generation = 1
        now = self.clock()
        if generation == 1 and old >= self.old and now - self._last_full >= self.full_every:
            generation = 2
        gc.collect(generation)
        if generation == 2:
            self._last_full = now
        self.collections[generation] += 1
        return generation

    def close(self) -> None:
        """Stop the timer and give collection back to Python as it was before `install`."""
        global _installed
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._saved is None:
            return
        gc.set_threshold(*self._saved)
        self._saved = None
        if self._frozen:
            gc.unfreeze()  # back into the oldest generation, collected as before
            self._frozen = 0
        if _installed is self:
            _installed = None

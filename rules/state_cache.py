"""Values computed once per frozen state (`StateCache`): a game's or the engine's legal lists,
labels and views, asked of the same state many times in one move."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from typing import Generic, TypeVar

V = TypeVar("V")


class StateCache(Generic[V]):
    """Values kept per state object and key, for the `size` states used last.

    States are frozen, so a value computed from one stays right while the state lives; the cache
    holds the state itself, so its `id` cannot pass to another state while the value is kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._held: OrderedDict[tuple[int, Hashable], tuple[object, V]] = OrderedDict()

    def get(self, state: object, key: Hashable, compute: Callable[[], V]) -> V:
        """The value for `state` and `key`, made by `compute()` the first time it is asked."""
        at = (id(state), key)
        hit = self._held.get(at)
        if hit is not None and hit[0] is state:
            with suppress(KeyError):  # a search thread sharing the cache may have just dropped it
                self._held.move_to_end(at)
            return hit[1]
        value = compute()
        self._held[at] = (state, value)
        if len(self._held) > self.size:
            self._held.popitem(last=False)
        return value

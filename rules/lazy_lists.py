"""Legal lists a playout reads only in part: `ByKind` (a seat's actions by kind, each kind listed
only when asked) and `MadeOnRead` (actions made only when read), both re-exported by `rules.core`,
and `MadeByIndex`, the base of a game's own list that finds its i-th action when read."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar, overload

A = TypeVar("A")


class ByKind(Sequence[A]):
    """A seat's legal actions grouped by kind (their `type`), each group listed only when asked.

    An agent that first picks a kind of move (The 10th Night's random agent) reads `kinds()` and
    then `of_kind(kind)`, so a playout never builds the hundreds of exchange proposals it does not
    pick. Used as a plain sequence it lists everything, in the game's fixed order. `kinds` maps
    each kind to a function yielding its actions in that same order; a kind that yields nothing
    is not offered.
    """

    def __init__(
        self, kinds: Mapping[str, Callable[[], Iterable[A]]], everything: Callable[[], Sequence[A]]
    ) -> None:
        self._kinds = kinds
        self._everything = everything
        self._found: dict[str, Sequence[A]] = {}
        self._all: Sequence[A] | None = None

    def kinds(self) -> list[str]:
        """The kinds with at least one legal action, sorted by name (only the first of each
        kind is made to find out)."""
        return sorted(
            k
            for k, make in self._kinds.items()
            if self._found.get(k) or next(iter(make()), None) is not None
        )

    def of_kind(self, kind: str) -> Sequence[A]:
        found = self._found.get(kind)
        if found is None:
            make = self._kinds.get(kind)
            found = self._found[kind] = list(make()) if make is not None else []
        return found

    def _list(self) -> Sequence[A]:
        if self._all is None:
            self._all = self._everything()
        return self._all

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]


class MadeOnRead(Sequence[A]):
    """A legal list whose actions are made only when read: the i-th is `make(*keys[i])`.

    A playout's random agent reads one action of a list that can hold hundreds (Cold Comfort's
    placements of a drawn tile, The 10th Night's exchange offers), so the game lists plain keys in
    the list's order and the action records wait until asked. Slices make a plain list."""

    def __init__(self, keys: Sequence[tuple[Any, ...]], make: Callable[..., A]) -> None:
        self.keys = keys
        self._make = make

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, index: int) -> A: ...
    @overload
    def __getitem__(self, index: slice) -> list[A]: ...
    def __getitem__(self, index: int | slice) -> A | list[A]:
        make = self._make
        if isinstance(index, slice):
            return [make(*k) for k in self.keys[index]]
        return make(*self.keys[index])


class MadeByIndex(Sequence[A]):
    """A legal list that finds its i-th action only when it is read (a playout's random agent
    reads one of dozens). A subclass gives `__len__`, `_at(i)` for 0 <= i < len (a negative index
    is already turned round, one out of range already refused) and `_whole()`, every action in
    order, which a slice reads."""

    __slots__ = ()

    @abstractmethod
    def _at(self, index: int) -> A: ...

    @abstractmethod
    def _whole(self) -> Sequence[A]: ...

    @overload
    def __getitem__(self, index: int) -> A: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...
    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        if isinstance(index, slice):
            return self._whole()[index]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(index)
        return self._at(index)

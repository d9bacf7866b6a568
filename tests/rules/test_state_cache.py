"""`StateCache`: values kept per frozen state object (and key), for the few states used last —
the engine's and the games' legal lists, labels and views."""

from __future__ import annotations

from rules.state_cache import StateCache


class _State:
    """A stand-in for a frozen state: told apart by identity, as the cache tells states apart."""


def test_a_value_is_made_once_per_state_object_and_key() -> None:
    cache: StateCache[str] = StateCache(4)
    made: list[str] = []

    def make(word: str) -> str:
        made.append(word)
        return word

    state = _State()
    assert cache.get(state, 0, lambda: make("first")) == "first"
    assert cache.get(state, 0, lambda: make("again")) == "first"
    assert cache.get(state, 1, lambda: make("other seat")) == "other seat"
    assert cache.get(_State(), 0, lambda: make("other state")) == "other state"
    assert made == ["first", "other seat", "other state"]


def test_beyond_its_size_the_value_used_longest_ago_is_made_anew() -> None:
    cache: StateCache[int] = StateCache(2)
    a, b, c = _State(), _State(), _State()
    cache.get(a, None, lambda: 1)
    cache.get(b, None, lambda: 2)
    cache.get(a, None, lambda: 0)  # used again: b is now the oldest
    cache.get(c, None, lambda: 3)  # one too many: b is dropped
    assert cache.get(a, None, lambda: 0) == 1
    assert cache.get(b, None, lambda: 20) == 20

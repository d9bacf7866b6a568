"""A frozen state as the dict the rules and the words read (`as_dict`), made once per state."""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter.state import State
from rules.state_cache import StateCache

_VIEWS: StateCache[dict[str, Any]] = StateCache(16)


def as_dict(state: State) -> dict[str, Any]:
    """A read-only dict view of a state, computed once per state object (states are frozen).

    Only `rules_flow.apply` changes a dict, and it makes its own copy."""
    return _VIEWS.get(state, None, lambda: state.model_dump(mode="json"))

"""A frozen state as the dict the rules and the words read (`as_dict`), made once per state."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from rules.dead_of_winter.state import State

_VIEWS: OrderedDict[int, tuple[State, dict[str, Any]]] = OrderedDict()


def as_dict(state: State) -> dict[str, Any]:
    """A read-only dict view of a state, computed once per state object (states are frozen).

    Only `rules_flow.apply` changes a dict, and it makes its own copy."""
    hit = _VIEWS.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    w = state.model_dump(mode="json")
    _VIEWS[id(state)] = (state, w)
    if len(_VIEWS) > 16:
        _VIEWS.popitem(last=False)
    return w

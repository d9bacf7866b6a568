"""One legal action's effect: the dispatcher over the Freezing and the Thawing.

Agents use `resolve` to look one ply ahead with the real rules, without the game object.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Seat, Step
from rules.winter import actions as act
from rules.winter.rules_freeze import choose_colour, counter, draw, place
from rules.winter.rules_thaw import keep, move, remove, take
from rules.winter.state import WinterState


def resolve(state: WinterState, seat: Seat, action: act.WinterAction) -> Step[WinterState]:
    """Apply an action already known to be legal."""
    made = _BY_KIND.get(type(action), keep)
    return made(state, seat, action, [])


_BY_KIND: dict[type, Callable[..., Step[WinterState]]] = {
    act.ChooseColour: choose_colour,
    act.Draw: draw,
    act.Place: place,
    act.PutCounter: counter,
    act.Take: take,
    act.Remove: remove,
    act.Move: move,
}
"""What each kind of action does (a Keep otherwise)."""

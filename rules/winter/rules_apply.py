"""One legal action's effect: the dispatcher over the Freezing and the Thawing.

Agents use `resolve` to look one ply ahead with the real rules, without the game object.
"""

from __future__ import annotations

from rules.core import Seat, Step
from rules.winter.actions import (
    ChooseColour,
    Draw,
    Move,
    Place,
    PutCounter,
    Remove,
    Take,
    WinterAction,
)
from rules.winter.rules_freeze import choose_colour, counter, draw, place
from rules.winter.rules_thaw import keep, move, remove, take
from rules.winter.state import WinterState


def resolve(state: WinterState, seat: Seat, action: WinterAction) -> Step[WinterState]:
    """Apply an action already known to be legal."""
    lines: list[str] = []
    if isinstance(action, ChooseColour):
        return choose_colour(state, seat, action, lines)
    if isinstance(action, Draw):
        return draw(state, seat, action, lines)
    if isinstance(action, Place):
        return place(state, seat, action, lines)
    if isinstance(action, PutCounter):
        return counter(state, seat, action, lines)
    if isinstance(action, Take):
        return take(state, seat, action, lines)
    if isinstance(action, Remove):
        return remove(state, seat, action, lines)
    if isinstance(action, Move):
        return move(state, seat, action, lines)
    return keep(state, seat, action, lines)

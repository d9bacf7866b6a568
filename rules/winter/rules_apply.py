"""One legal action's effect: the dispatcher over the Freezing and the Thawing.

Agents use `resolve` to look one ply ahead with the real rules, without the game object.
"""

from __future__ import annotations

from rules.core import Seat, Step
from rules.winter import rules_freeze, rules_thaw
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
from rules.winter.state import WinterState


def resolve(state: WinterState, seat: Seat, action: WinterAction) -> Step[WinterState]:
    """Apply an action already known to be legal."""
    lines: list[str] = []
    if isinstance(action, ChooseColour):
        return rules_freeze.choose_colour(state, seat, action, lines)
    if isinstance(action, Draw):
        return rules_freeze.draw(state, seat, action, lines)
    if isinstance(action, Place):
        return rules_freeze.place(state, seat, action, lines)
    if isinstance(action, PutCounter):
        return rules_freeze.counter(state, seat, action, lines)
    if isinstance(action, Take):
        return rules_thaw.take(state, seat, action, lines)
    if isinstance(action, Remove):
        return rules_thaw.remove(state, seat, action, lines)
    if isinstance(action, Move):
        return rules_thaw.move(state, seat, action, lines)
    return rules_thaw.keep(state, seat, action, lines)

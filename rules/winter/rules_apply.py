"""One legal action's effect: the dispatcher over the Freezing and the Thawing.

Agents use `resolve` to look one ply ahead with the real rules, without the game object.
"""

from __future__ import annotations

from rules.core import Seat, Step
from rules.winter import actions as act
from rules.winter.rules_freeze import choose_colour, counter, draw, place
from rules.winter.rules_thaw import keep, move, remove, take
from rules.winter.state import WinterState


def resolve(state: WinterState, seat: Seat, action: act.WinterAction) -> Step[WinterState]:
    """Apply an action already known to be legal."""
    lines: list[str] = []
    if isinstance(action, act.ChooseColour):
        return choose_colour(state, seat, action, lines)
    if isinstance(action, act.Draw):
        return draw(state, seat, action, lines)
    if isinstance(action, act.Place):
        return place(state, seat, action, lines)
    if isinstance(action, act.PutCounter):
        return counter(state, seat, action, lines)
    if isinstance(action, act.Take):
        return take(state, seat, action, lines)
    if isinstance(action, act.Remove):
        return remove(state, seat, action, lines)
    if isinstance(action, act.Move):
        return move(state, seat, action, lines)
    return keep(state, seat, action, lines)

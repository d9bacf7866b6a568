"""Words for players: action labels, the typed notation (WI-24), refusals and the rules summary."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.errors import IllegalActionError, NotYourTurnError, ParseError
from rules.parsing import match_label
from rules.winter.cards import Orientation, sections_of
from rules.winter.geometry import (
    Cell,
    cell_label,
    corner_only,
    frame,
    groups,
    is_legal_spot,
    label_cell,
    overlaps,
    square_at,
    touches,
)
from rules.winter.lake import Lake
from rules.winter.state import (
    COLOUR_OF,
    SECTION_OF,
    ChooseColour,
    Draw,
    Keep,
    Move,
    Place,
    PutCounter,
    Remove,
    Result,
    Take,
    WinterAction,
    WinterState,
)

if TYPE_CHECKING:
    from rules.winter.game import WinterGame

RULES = (
    "**Winter** — two players build a frozen lake from 18 cards, each with four light or dark "
    "sections.\n"
    "**Freezing:** on your turn either draw a card and place it edge to edge with the lake "
    "(offsets of one section are fine, corners alone are not; `up` or turned `down`), or put a "
    "counter on an open *square* of your colour: a 2×2 block of four sections of your colour. "
    "After the first two cards the second player picks the colours. Cards under a counter are "
    "locked.\n"
    "**Thawing** (deck empty): move an unlocked card so it claims at least one new square (a "
    "counter on each), remove an unlocked card, or take back one of your counters. If the lake "
    "splits, every group but the largest melts with its counters; a tie is your choice.\n"
    "**Goal:** keep a counter on the table. Whoever has none left loses.\n"
    "Type e.g. `place C3 up`, `counter D4`, `move G3 to B5 down`, `remove G3`, `take D4`, "
    "`keep C3`."
)

FILLER = frozenset(
    {"card", "at", "on", "to", "back", "counter", "the", "group", "of", "a", "blue", "from"}
)
_TOKENS = re.compile(r"[a-z]+\d+|[a-z]+|\d+")


def origin(state: WinterState) -> Cell:
    return frame((c.row, c.col) for c in state.cards)


def cell_text(state: WinterState, cell: Cell) -> str:
    return cell_label(cell, origin(state))


def result_line(result: Result) -> str:
    if result.reason == "both_frozen_out":
        return "Both players have no counter left on the table: the game is drawn."
    if result.reason == "turn_limit":
        return "The thaw turn limit is reached: the game is drawn."
    (winner,) = result.winners
    return f"{{s{1 - winner}}} has no counter left on the table: {{s{winner}}} wins."


# -- labels ---------------------------------------------------------------------------------------


def label(state: WinterState, action: WinterAction) -> str:

    def at(r: int, c: int) -> str:
        return cell_text(state, (r, c))

    if isinstance(action, ChooseColour):
        return f"Play {action.colour} blue"
    if isinstance(action, Draw):
        return "Draw a card"
    if isinstance(action, Place):
        return f"Place card at {at(action.row, action.col)} ({action.orientation})"
    if isinstance(action, PutCounter):
        return f"Counter on {at(action.row, action.col)}"
    if isinstance(action, Move):
        return (
            f"Move {at(action.from_row, action.from_col)} to {at(action.to_row, action.to_col)} "
            f"({action.orientation})"
        )
    if isinstance(action, Remove):
        return f"Remove card {at(action.row, action.col)}"
    if isinstance(action, Take):
        return f"Take back counter {at(action.row, action.col)}"
    size = len(Lake(state.cards, ()).group_of((action.row, action.col)))
    return f"Keep the group of {at(action.row, action.col)} ({size} cards)"


# -- typed notation -------------------------------------------------------------------------------

USAGE = {
    "place": "`place C3 up` (or `down`)",
    "counter": "`counter D4`",
    "move": "`move G3 to B5 down`",
    "remove": "`remove G3`",
    "take": "`take D4`",
    "keep": "`keep C3`",
    "colour": "`colour light` or `colour dark`",
}


def _cell(state: WinterState, word: str, verb: str) -> Cell:
    cell = label_cell(word, origin(state))
    if cell is None:
        raise ParseError(
            f"“{word}” is not a board spot. Write a column letter and a row number, "
            f"like {USAGE[verb]}."
        )
    return cell


def _orientations(words: list[str]) -> tuple[Orientation, ...]:
    if not words:
        return ("up", "down")
    if words[0] in ("up", "down"):
        return (words[0],)  # type: ignore[return-value]
    raise ParseError(f"“{words[0]}” is not an orientation: write `up` or `down`.")


def notation(
    state: WinterState, typed: str, legal: list[WinterAction] | None = None
) -> list[WinterAction] | None:
    """The actions a typed command could mean, or None if it is not in Winter's notation.

    Trailing words may be left out (WI-24): `move G3` stands for every legal move of G3, and a
    bare `place` for every legal placement, so a unique one is accepted.
    """
    legal = legal or []
    kind = {"place": "place", "counter": "counter", "move": "move", "remove": "remove",
            "take": "take", "keep": "keep"}  # fmt: skip
    words = _TOKENS.findall(typed.casefold())
    if not words:
        return None
    verb, rest = words[0], [w for w in words[1:] if w not in FILLER]
    if verb in ("colour", "color", "play") and rest and rest[0] in ("light", "dark"):
        return [ChooseColour(colour=rest[0])]  # type: ignore[arg-type]
    if verb == "draw" and not rest:
        return [Draw()]
    if verb not in USAGE or verb == "colour":
        return None
    if not rest:
        found = [a for a in legal if a.type == kind[verb]]
        if not found:
            raise ParseError(f"Say where: {USAGE[verb]}.")
        return found
    first = _cell(state, rest[0], verb)
    if verb == "place":
        return [Place(row=first[0], col=first[1], orientation=o) for o in _orientations(rest[1:])]
    if verb == "move":
        if len(rest) < 2:
            found = [a for a in legal if isinstance(a, Move) and (a.from_row, a.from_col) == first]
            if not found:
                raise ParseError(f"Say where the card goes: {USAGE['move']}.")
            return found
        to = _cell(state, rest[1], verb)
        return [
            Move(from_row=first[0], from_col=first[1], to_row=to[0], to_col=to[1], orientation=o)
            for o in _orientations(rest[2:])
        ]
    if len(rest) > 1 and verb != "keep":
        raise ParseError(f"Too many words: write {USAGE[verb]}.")
    if verb == "counter":
        return [PutCounter(row=first[0], col=first[1])]
    if verb == "remove":
        return [Remove(row=first[0], col=first[1])]
    if verb == "take":
        return [Take(row=first[0], col=first[1])]
    return [_keep(state, first)]


def _keep(state: WinterState, cell: Cell) -> Keep:
    """WI-24: any card of a group (any cell it covers) names the group's representative."""
    lake = Lake(state.cards, ())
    r, c = cell
    for g in groups(lake.cards):
        if any((r - dr, c - dc) in g for dr in (0, 1) for dc in (0, 1)):
            rep = min(g)
            return Keep(row=rep[0], col=rep[1])
    return Keep(row=r, col=c)


def parse(
    game: WinterGame, state: WinterState, seat: int, typed: str, legal_now: Sequence[WinterAction]
) -> WinterAction:
    legal = list(legal_now)
    candidates = notation(state, typed, legal)
    if candidates is None:
        return match_label(legal, lambda a: label(state, a), typed)
    ok = [a for a in candidates if a in legal]
    if len(ok) == 1:
        return ok[0]
    if ok:
        shown = ", ".join(f"`{label(state, a)}`" for a in ok)
        if len(ok) > 5:
            shown = ", ".join(f"`{label(state, a)}`" for a in ok[:5]) + f" and {len(ok) - 5} more"
        raise ParseError(f"“{typed}” could mean {shown}. Say which (add the spot or `up`/`down`).")
    reason = why_illegal(state, seat, candidates[0]) or "That move is not allowed right now."
    if state.phase != "over" and seat != state.active:
        raise NotYourTurnError(reason)
    raise IllegalActionError(reason)


# -- refusals -------------------------------------------------------------------------------------

PHASE_HINT = {
    "place_drawn": "place the card you drew (`place C3 up`)",
    "choose_colour": "choose the colours (`colour light` or `colour dark`)",
    "freezing": "draw a card or put a counter on a square of your colour",
    "thawing": "move a card, remove a card or take back a counter",
    "lake_choice": "choose which group of the lake to keep (`keep C3`)",
    "move_counters": "put your counters on the new squares of your move",
}

DOING = {
    "choose_colour": "choose the colours",
    "draw": "draw a card",
    "place": "place a card",
    "counter": "put a counter",
    "move": "move a card",
    "remove": "remove a card",
    "take": "take back a counter",
    "keep": "keep a group",
}

ALLOWED = {
    "choose_colour": ("choose_colour",),
    "place_drawn": ("place",),
    "freezing": ("draw", "counter"),
    "thawing": ("move", "remove", "take"),
    "lake_choice": ("keep",),
    "move_counters": ("counter",),
}


def _spot_problem(state: WinterState, anchors: set[Cell] | frozenset[Cell], spot: Cell) -> str:
    at = cell_text(state, spot)
    if overlaps(anchors, spot):
        return f"A card at {at} would overlap a card already on the table."
    if corner_only(anchors, spot):
        return (
            f"{at} touches the lake only at a corner. A card must share an edge with "
            f"another card (a shift of one section is fine)."
        )
    if not touches(anchors, spot):
        return f"{at} does not touch the lake. Put the card edge to edge with another card."
    return ""


def why_illegal(state: WinterState, seat: int, action: WinterAction) -> str | None:
    if state.phase == "over":
        return "This game is over; no more moves can be made."
    if seat != state.active:
        return f"It is not your turn: seat {state.active + 1} is to play."
    if action.type not in ALLOWED[state.phase]:
        return f"You cannot {DOING[action.type]} now: {PHASE_HINT[state.phase]}."
    lake = Lake(state.cards, state.counters)
    colour = state.colours[seat]
    if isinstance(action, Place):
        return _spot_problem(state, lake.anchors(), (action.row, action.col)) or None
    if isinstance(action, PutCounter):
        return _counter_problem(state, seat, lake, action)
    if isinstance(action, Take):
        sq = (action.row, action.col)
        owner = lake.counters.get(sq)
        if owner is None:
            return f"There is no counter on {cell_text(state, sq)}."
        if owner != colour:
            return (
                f"The counter on {cell_text(state, sq)} is {owner}: it belongs to the other "
                f"player. You can only take back your own ({colour}) counters."
            )
        return None
    if isinstance(action, Remove | Move):
        spot = (
            (action.row, action.col)
            if isinstance(action, Remove)
            else (action.from_row, action.from_col)
        )
        at = cell_text(state, spot)
        if spot not in lake.cards:
            return f"No card is anchored at {at} (a card is named by its top-left section)."
        if spot in lake.locked():
            holders = [
                cell_text(state, sq)
                for sq in lake.counters
                if abs(sq[0] - spot[0]) <= 1 and abs(sq[1] - spot[1]) <= 1
            ]
            return (
                f"The card at {at} is locked by the counter on {', '.join(holders)}: "
                f"a card under a counter can be neither moved nor removed."
            )
        if isinstance(action, Move):
            return _move_problem(state, seat, lake, action)
        return None
    if isinstance(action, Keep):
        offered = " or ".join(f"`keep {cell_text(state, r)}`" for r in state.lake_options)
        return f"Choose one of the offered groups: {offered}."
    return None


def _counter_problem(state: WinterState, seat: int, lake: Lake, action: PutCounter) -> str | None:
    sq = (action.row, action.col)
    at = cell_text(state, sq)
    colour = state.colours[seat]
    assert colour is not None
    if state.supply[seat] < 1:
        return "You have no counters left in supply."
    if state.phase == "move_counters":
        offered = ", ".join(cell_text(state, s) for s in state.counter_options)
        if sq not in state.counter_options:
            return f"Put your counters on the new squares of your move: {offered}."
        return None
    if sq in lake.counters:
        return (
            f"{at} already holds a {lake.counters[sq]} counter. Two counters may never sit on "
            f"the same square (overlapping squares are fine)."
        )
    found = square_at(lake.grid(), sq)
    if found is None:
        return (
            f"{at} is not a square: the four sections from {at} to the one diagonally below "
            f"right must all be covered and of one colour."
        )
    if found != SECTION_OF[colour]:
        return f"{at} is a {COLOUR_OF[found]} square; you play {colour}."
    return None


def _move_problem(state: WinterState, seat: int, lake: Lake, action: Move) -> str | None:
    colour = state.colours[seat]
    assert colour is not None
    origin_ = (action.from_row, action.from_col)
    dest = (action.to_row, action.to_col)
    if state.supply[seat] < 1:
        return "You need at least one counter in supply to move a card (WI-8)."
    if dest == origin_:
        return "A moved card may not return to its own place, in either orientation (WI-9)."
    card = lake.cards.pop(origin_)
    candidates, _ = lake.candidates_after_lift(origin_)
    face = sections_of(card.card_id, action.orientation)
    fits = [g for g in candidates if is_legal_spot(g, dest)]
    if not fits:
        keep = candidates[0] if candidates else frozenset()
        return _spot_problem(state, keep, dest) or "The card cannot go there."
    if not any(lake.passes(g, dest, face, SECTION_OF[colour]) for g in fits):
        return (
            f"Moving {cell_text(state, origin_)} to {cell_text(state, dest)} "
            f"({action.orientation}) makes no new {colour} square; a move must claim at "
            f"least one."
        )
    return None

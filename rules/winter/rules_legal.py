"""Who may do what now (spec §3, §4): the legal actions of a seat and why a move is refused.

`legal_actions` lists every legal action in a fixed order (the engine computes it once per state);
`why_illegal` puts a refused one into a sentence (a corner-only spot, a locked card, a move with no
new square, an occupied or wrong-colour square, someone else's counter).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from rules.core import seat_ref
from rules.lazy_lists import MadeByIndex
from rules.winter import actions as act
from rules.winter.rules_cards import Orientation, Section, sections_of
from rules.winter.rules_geometry import (
    Cell,
    all_squares,
    corner_only,
    is_legal_spot,
    legal_spots,
    overlaps,
    square_at,
    touches,
)
from rules.winter.rules_lake import ORIENTATIONS, Lake, cell_text
from rules.winter.state import PlacedCard, WinterState


def to_act(state: WinterState) -> frozenset[int]:
    return frozenset() if state.phase == "over" else frozenset({state.active})


@lru_cache(maxsize=4096)
def _place(row: int, col: int, orientation: Orientation) -> act.Place:
    """Actions are frozen records: the same placement serves every legal list that offers it."""
    return act.Place(row=row, col=col, orientation=orientation)


@lru_cache(maxsize=4096)
def _places_at(spot: Cell) -> tuple[act.Place, act.Place]:
    """The two `place` actions of a spot, in the order of `ORIENTATIONS`."""
    return (_place(spot[0], spot[1], ORIENTATIONS[0]), _place(spot[0], spot[1], ORIENTATIONS[1]))


class Placements(MadeByIndex[act.Place]):
    """`placements(spots)` without listing them: the i-th `place` is read from the spots when
    asked (a playout's random agent reads one of the dozens a drawn card may take)."""

    def __init__(self, spots: Sequence[Cell]) -> None:
        self.spots = spots

    def __len__(self) -> int:
        return 2 * len(self.spots)

    def _at(self, index: int) -> act.Place:
        return _places_at(self.spots[index >> 1])[index & 1]

    def _whole(self) -> list[act.Place]:
        return placements(self.spots)


def placements(spots: Iterable[Cell]) -> list[act.Place]:
    """The `place` actions of these legal spots, by spot then orientation."""
    out: list[act.Place] = []
    for spot in spots:
        out += _places_at(spot)
    return out


@lru_cache(maxsize=1024)
def _placements(anchors: frozenset[Cell]) -> tuple[act.Place, ...]:
    """Every `place` next to a lake with these anchors: the freezing stage offers the same
    lake's placements to the legal list and the agents again and again."""
    return tuple(placements(legal_spots(anchors)))


@lru_cache(maxsize=1024)
def _squares(cards: tuple[PlacedCard, ...]) -> tuple[tuple[Cell, Section], ...]:
    """Every square of a lake (WI-17), by top-left cell, counters aside: `Lake.open_squares`
    without the counters, remembered per lake (a counter changes none of them)."""
    return tuple(all_squares(Lake(cards, ()).grid()))


@lru_cache(maxsize=4096)
def _put(row: int, col: int) -> act.PutCounter:
    return act.PutCounter(row=row, col=col)


@lru_cache(maxsize=4096)
def _remove(row: int, col: int) -> act.Remove:
    return act.Remove(row=row, col=col)


@lru_cache(maxsize=4096)
def _take(row: int, col: int) -> act.Take:
    return act.Take(row=row, col=col)


_DRAW = act.Draw()


def legal_actions(state: WinterState, seat: int) -> list[act.WinterAction]:
    if state.phase == "over" or seat != state.active:
        return []
    phase = state.phase
    if phase == "choose_colour":
        return [act.ChooseColour(colour="light"), act.ChooseColour(colour="dark")]
    if phase == "place_drawn":
        return list(_placements(frozenset((c.row, c.col) for c in state.cards)))
    colour = state.colours[seat]
    assert colour is not None
    if phase == "freezing":
        return freezing_actions(state, seat, _squares(state.cards))
    lake = Lake(state.cards, state.counters)
    if phase == "move_counters":
        return [act.PutCounter(row=r, col=c) for r, c in state.counter_options]
    if phase == "lake_choice":
        return [act.Keep(row=r, col=c) for r, c in state.lake_options]
    # thawing
    thaw: list[act.WinterAction] = list(lake.moves(colour, state.supply[seat]))
    locked = lake.locked()
    thaw.extend(_remove(r, c) for r, c in sorted(lake.cards) if (r, c) not in locked)
    thaw.extend(_take(r, c) for (r, c), k in sorted(lake.counters.items()) if k == colour)
    return thaw


def freezing_actions(
    state: WinterState, seat: int, squares: Iterable[tuple[Cell, Section]]
) -> list[act.WinterAction]:
    """A Freezing turn's choices: draw, or put a counter on an open square of the seat's colour
    (`squares`: every square of the lake, by top-left cell)."""
    colour = state.colours[seat]
    assert colour is not None
    out: list[act.WinterAction] = [_DRAW]
    if state.supply[seat] >= 1:
        want = act.SECTION_OF[colour]
        taken = {(k.row, k.col) for k in state.counters}
        for (r, c), s in squares:
            if s == want and (r, c) not in taken:
                out.append(_put(r, c))
    return out


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


def why_illegal(state: WinterState, seat: int, action: act.WinterAction) -> str | None:
    if state.phase == "over":
        return "This game is over; no more moves can be made."
    if seat != state.active:
        return f"It is not your turn: {seat_ref(state.active)} is to play."
    if action.type not in ALLOWED[state.phase]:
        return f"You cannot {DOING[action.type]} now: {PHASE_HINT[state.phase]}."
    lake = Lake(state.cards, state.counters)
    colour = state.colours[seat]
    if isinstance(action, act.Place):
        return _spot_problem(state, lake.anchors(), (action.row, action.col)) or None
    if isinstance(action, act.PutCounter):
        return _counter_problem(state, seat, lake, action)
    if isinstance(action, act.Take):
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
    if isinstance(action, act.Remove | act.Move):
        spot = (
            (action.row, action.col)
            if isinstance(action, act.Remove)
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
        if isinstance(action, act.Move):
            return _move_problem(state, seat, lake, action)
        return None
    if isinstance(action, act.Keep):
        offered = " or ".join(f"`keep {cell_text(state, r)}`" for r in state.lake_options)
        return f"Choose one of the offered groups: {offered}."
    return None


def _counter_problem(
    state: WinterState, seat: int, lake: Lake, action: act.PutCounter
) -> str | None:
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
    if found != act.SECTION_OF[colour]:
        return f"{at} is a {act.COLOUR_OF[found]} square; you play {colour}."
    return None


def _move_problem(state: WinterState, seat: int, lake: Lake, action: act.Move) -> str | None:
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
    if not any(lake.passes(g, dest, face, act.SECTION_OF[colour]) for g in fits):
        return (
            f"Moving {cell_text(state, origin_)} to {cell_text(state, dest)} "
            f"({action.orientation}) makes no new {colour} square; a move must claim at "
            f"least one."
        )
    return None

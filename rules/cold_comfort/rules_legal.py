"""Legal actions (§4, §10 order) and, for refused ones, the reason in a player's words."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import (
    Placements,
    board_of,
    fmt,
    legal_placements,
    placement_problem,
)
from rules.cold_comfort.rules_manage import ManageView as ManageView  # read here by tests
from rules.cold_comfort.rules_manage import grow_move, land_move, manage_actions, spread_move
from rules.cold_comfort.rules_play import build_cost, change_cost
from rules.cold_comfort.state import ColdComfortState, Square
from rules.core import MadeOnRead, seat_ref

_ALONE: tuple[frozenset[int], ...] = tuple(frozenset({seat}) for seat in range(6))  # by seat
_NOBODY: frozenset[int] = frozenset()


def _alone(seat: int) -> frozenset[int]:
    return _ALONE[seat] if 0 <= seat < len(_ALONE) else frozenset({seat})


def acting_seats(state: ColdComfortState) -> frozenset[int]:
    if state.phase in ("manage", "grow"):
        return _alone(state.active_seat)
    if state.phase == "fire_spread" and state.fire_pending is not None:
        return _alone(state.fire_pending.chooser)
    if state.phase == "land_tie" and state.landing_pending is not None:
        return _alone(state.landing_pending.chooser)
    return _NOBODY


def legal_actions(state: ColdComfortState, seat: int) -> list[act.Action]:
    if seat not in acting_seats(state):
        return []
    if state.phase == "fire_spread" and state.fire_pending is not None:
        return [spread_move(x, y) for x, y in state.fire_pending.options]
    if state.phase == "land_tie" and state.landing_pending is not None:
        return [land_move(x, y) for x, y in state.landing_pending.options]
    if state.phase == "grow" and state.drawn_tile is not None:
        board = board_of(state.tiles)
        placements = legal_placements(board, state.drawn_tile)
        return [grow_move(x, y, r) for x, y, r in placements]
    return manage_actions(state, seat)


def legal_view(state: ColdComfortState, seat: int) -> Sequence[act.Action]:
    """`legal_actions` for a playout: the same actions in the same order, but a drawn tile's
    placements are a `Placements` view whose actions are made only when read, and a management
    turn's actions a `ManageView` that counts them and makes only the one read."""
    if state.phase == "manage" and seat == state.active_seat:
        return ManageView(state, seat)
    if state.phase == "grow" and state.drawn_tile is not None and seat in acting_seats(state):
        return MadeOnRead(Placements(board_of(state.tiles), state.drawn_tile), grow_move)
    return legal_actions(state, seat)


def why_illegal(state: ColdComfortState, seat: int, action: act.Action) -> str | None:
    """The reason `action` is refused, or None if it is legal (or no better reason is known)."""
    if state.phase == "over":
        return "The game is over."
    if seat not in acting_seats(state):
        return "It is not your turn."
    if isinstance(action, act.Spread):
        if state.fire_pending is None:
            return "There is no fire to pass on right now."
        return _not_offered(action.x, action.y, state.fire_pending.options, "pass the fire to")
    if isinstance(action, act.Land):
        if state.landing_pending is None:
            return "No die is waiting to land right now."
        return _not_offered(action.x, action.y, state.landing_pending.options, "land the die on")
    if isinstance(action, act.Grow):
        if state.phase != "grow" or state.drawn_tile is None:
            return "There is no tile to place right now: tiles are placed in a scoring round."
        return placement_problem(
            board_of(state.tiles), state.drawn_tile, action.x, action.y, action.rotation
        )
    if state.phase != "manage":
        return {
            "grow": "First place the drawn tile (`grow`).",
            "fire_spread": "A fire is spreading: choose where it goes first (`spread`).",
            "land_tie": "A die is waiting to land: choose its square first (`land`).",
        }.get(state.phase, "That move is not allowed right now.")
    if isinstance(action, act.Build | act.Change) and state.build_used:
        return "You have already built, upgraded or downgraded this turn: only one per turn."
    if isinstance(action, act.Build):
        return _why_build(state, seat, action)
    if isinstance(action, act.Change):
        return _why_change(state, seat, action)
    if isinstance(action, act.Host):
        return _why_host(state, seat, action)
    if isinstance(action, act.Fire):
        return _why_fire(state, seat, (action.x, action.y))
    if isinstance(action, act.Mine):
        if state.acted:
            return (
                "Mining must be your turn's only action, and you have already acted this turn "
                "(hosted, built or set a fire)."
            )
        if state.die_at((action.x, action.y)) is None or state.hotel_at((action.x, action.y)):
            return f"There is no camper at {fmt((action.x, action.y))} to mine."
    if isinstance(action, act.End):
        return None
    return None


def _not_offered(x: int, y: int, options: tuple[Square, ...], verb: str) -> str:
    return f"You cannot {verb} {fmt((x, y))}: choose one of " + ", ".join(map(fmt, options)) + "."


def _square_problem(state: ColdComfortState, square: Square) -> str | None:
    board = board_of(state.tiles)
    if square in board.streets:
        return f"{fmt(square)} is a street: nothing can ever be built on a street."
    if square not in board.printed:
        return f"{fmt(square)} is not on the map: no tile covers it."
    if board.printed[square] == 0:
        return f"{fmt(square)} is a public building, not a lot."
    return None


def _why_build(state: ColdComfortState, seat: int, a: act.Build) -> str | None:
    square = (a.x, a.y)
    problem = _square_problem(state, square)
    if problem:
        return problem
    printed = board_of(state.tiles).printed[square]
    hotel = state.hotel_at(square)
    if hotel is not None:
        return f"{fmt(square)} already has a hotel ({seat_ref(hotel.seat)}'s {hotel.value})."
    if a.value != printed:
        return (
            f"The lot at {fmt(square)} is a {printed}: only a {printed} can be built there, "
            f"not a {a.value}."
        )
    if state.supply[seat][a.value - 1] < 1:
        return f"You have no {a.value}-hotel left in your supply."
    camper = state.die_at(square) is not None
    cost = build_cost(a.value, camper)
    if state.gold[seat] < cost:
        what = "on a lot with a camper" if camper else "on an empty lot"
        have = state.gold[seat]
        return f"Not enough gold: a {a.value} {what} costs ${cost} and you have ${have}."
    return None


def _own_empty_hotel(state: ColdComfortState, seat: int, square: Square, rule: str) -> str | None:
    hotel = state.hotel_at(square)
    if hotel is None:
        return f"There is no hotel of yours at {fmt(square)}."
    if hotel.seat != seat:
        return f"The hotel at {fmt(square)} belongs to {seat_ref(hotel.seat)}, not to you."
    if state.die_at(square) is not None:
        return f"Your hotel at {fmt(square)} already has a guest: {rule}."
    return None


def _why_change(state: ColdComfortState, seat: int, a: act.Change) -> str | None:
    square = (a.x, a.y)
    problem = _own_empty_hotel(
        state, seat, square, "only an empty hotel can be upgraded or downgraded"
    )
    if problem:
        return problem
    hotel = state.hotel_at(square)
    assert hotel is not None
    if not 1 <= a.to <= 6 or a.to == hotel.value:
        return f"Choose a new value from 1 to 6 other than the current {hotel.value}."
    if state.supply[seat][a.to - 1] < 1:
        return f"You have no {a.to}-hotel left in your supply."
    cost = change_cost(hotel.value, a.to)
    if state.gold[seat] < cost:
        have = state.gold[seat]
        return f"Not enough gold: upgrading to {a.to} costs ${cost} and you have ${have}."
    return None


def _why_host(state: ColdComfortState, seat: int, a: act.Host) -> str | None:
    square = (a.x, a.y)
    problem = _own_empty_hotel(state, seat, square, "a hotel holds one guest at a time")
    if problem:
        return problem
    if square == state.built_at:
        return f"You built {fmt(square)} this turn: it can take a guest from your next turn on."
    source = (a.from_x, a.from_y)
    die = state.die_at(source)
    if die is None or state.hotel_at(source) is not None:
        return f"There is no camper at {fmt(source)}."
    hotel = state.hotel_at(square)
    assert hotel is not None
    if die.value != hotel.value:
        return (
            f"The camper at {fmt(source)} is a {die.value}; your hotel only takes a {hotel.value}."
        )
    return None


def _why_fire(state: ColdComfortState, seat: int, square: Square) -> str | None:
    if state.fire_used:
        return "You have already set a fire this turn: only one per turn."
    hotel = state.hotel_at(square)
    if hotel is None:
        return f"There is no hotel at {fmt(square)} to set on fire."
    if hotel.seat != seat:
        owner = seat_ref(hotel.seat)
        return f"You can only set fire to your own hotels; the one at {fmt(square)} is {owner}'s."
    if state.die_at(square) is not None:
        return f"Your hotel at {fmt(square)} has a guest: only an empty hotel can be set on fire."
    if square == state.built_at:
        return f"You built the hotel at {fmt(square)} this turn: a fire cannot start in it."
    return None

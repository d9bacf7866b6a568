"""State transitions: set-up (§3), management actions (§4.3) and fire (§4.4); the scoring round
(§4.5) and the next turn (§4.6) are in `rules_round`. `apply` trusts the engine to have checked
legality.

Every die roll is drawn here from the `rng` handed in, and each roll is written to the log, which
becomes public events (a playout's working copy passes no log, and no line is written).
"""

from __future__ import annotations

import random
from typing import Any

from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import board_of, fmt
from rules.cold_comfort.rules_dice import bump, dice_for, fill, sorted_dice, supply_after
from rules.cold_comfort.rules_round import dice_words, end_management, grow, land
from rules.cold_comfort.rules_tiles import DECK_ORDER
from rules.cold_comfort.state import (
    ColdComfortOptions,
    ColdComfortState,
    Die,
    FirePending,
    Log,
    PlacedTile,
    Square,
    new_die,
    new_hotel,
)
from rules.core import seat_ref
from rules.draft import evolve

HEART_SLOTS: tuple[tuple[int, int, int], ...] = (
    (-2, 0, 180),
    (1, 0, 0),
    (-1, 4, 270),
    (-1, -3, 90),
)


def setup(seats: int, options: ColdComfortOptions, rng: random.Random) -> ColdComfortState:
    """CC-6 – CC-9: the draws happen in exactly this order."""
    start = rng.randrange(seats)
    deck = list(DECK_ORDER)
    rng.shuffle(deck)
    total = dice_for(seats)
    pool = total
    tiles: list[PlacedTile] = []
    dice: list[Die] = []
    log = [f"{seat_ref(start)} starts."]
    for slot, (x, y, r) in enumerate(HEART_SLOTS):
        if slot >= 2 and pool < 6:
            break
        tile = PlacedTile(tile_id=deck.pop(0), x=x, y=y, rotation=r, order=slot)
        tiles.append(tile)
        roll = [rng.randint(1, 6) for _ in range(6)]
        placed, _ = fill(tile, roll, dice)
        dice.extend(placed)
        pool -= len(placed)
        log.append(
            f"Heart of the City: {tile.tile_id} at {fmt((x, y))}, rolled {dice_words(roll)}, "
            f"{len(placed)} dice settle on it."
        )
    return ColdComfortState(
        num_players=seats,
        options=options,
        phase="manage",
        turn_number=1,
        active_seat=start,
        start_seat=start,
        dice_total=total,
        pool=pool,
        deck=tuple(deck),
        tiles=tuple(tiles),
        dice=sorted_dice(dice),
        gold=tuple(9 + (s - start) % seats for s in range(seats)),
        points=(0,) * seats,
        supply=((2,) * 6,) * seats,
        log=tuple(log),
    )


def apply(
    state: ColdComfortState, seat: int, action: act.Action, rng: random.Random
) -> tuple[ColdComfortState, list[str]]:
    log: list[str] = []  # the state's `log` is replaced at the end: no rule reads it
    state = applied(state, seat, action, rng, log)
    return evolve(state, {"log": plain(log)}), log


def plain(log: list[str]) -> tuple[str, ...]:
    """The lines a state keeps: plain text (a `Heading` is only how the move's events say it)."""
    return tuple(str(line) for line in log)


def applied(
    state: ColdComfortState, seat: int, action: act.Action, rng: random.Random, log: Log
) -> ColdComfortState:
    """`apply` but for the state's `log`, which keeps the last move's lines: this move's are
    appended to `log`, or not written at all when `log` is None (a playout's working copy, which
    replays its last move with a log when it is frozen)."""
    if isinstance(action, act.Build):
        state = _build(state, seat, action, log)
    elif isinstance(action, act.Change):
        state = _change(state, seat, action, log)
    elif isinstance(action, act.Host):
        state = _host(state, seat, action, log)
    elif isinstance(action, act.Fire):
        state = _burn(state, (action.x, action.y), log)
        state = evolve(state, {"fire_used": True, "acted": True})
        state = _continue_fire(state, (action.x, action.y), seat, log)
    elif isinstance(action, act.Spread):
        state = _enter(evolve(state, {"fire_pending": None}), (action.x, action.y), log)
    elif isinstance(action, act.Mine):
        roll = rng.randint(1, 6)
        square = (action.x, action.y)
        if log is not None:
            camper = state.die_at(square)
            log.append(
                f"{seat_ref(seat)} mines the {camper.value if camper else '?'} camper at "
                f"{fmt(square)}: rolled {roll}, +${roll}."
            )
        mined = {"gold": bump(state.gold, seat, roll), "acted": True}
        state = evolve(state, {**mined, **_to_pool(state, square)})
        state = end_management(state, log)
    elif isinstance(action, act.End):
        if log is not None:
            log.append(f"{seat_ref(seat)} ends the turn.")
        state = end_management(state, log)
    elif isinstance(action, act.Grow):
        state = grow(state, action, rng, log)
    elif isinstance(action, act.Land):
        state = land(state, action, log)
    return state


# management -------------------------------------------------------------------------------------
def build_cost(value: int, with_camper: bool) -> int:
    """Proportional to the value: `rules_legal` lists builds by the cost of a 1."""
    return (4 if with_camper else 2) * value


def change_cost(old: int, new: int) -> int:
    return 2 * (new - old) if new > old else 0


def _build(state: ColdComfortState, seat: int, a: act.Build, log: Log) -> ColdComfortState:
    square = (a.x, a.y)
    camper = state.die_at(square) is not None
    cost = build_cost(a.value, camper)
    if log is not None:
        log.append(
            f"{seat_ref(seat)} builds a {a.value} hotel at {fmt(square)} for ${cost}"
            + (" and the camper there becomes its guest." if camper else ".")
        )
    hotels = sorted(
        [*state.hotels, new_hotel(x=a.x, y=a.y, seat=seat, value=a.value)], key=lambda h: (h.x, h.y)
    )
    return _one_build(
        state,
        seat,
        cost,
        {
            "hotels": tuple(hotels),
            "supply": supply_after(state, seat, a.value, -1),
            "built_at": square,
        },
    )


def _change(state: ColdComfortState, seat: int, a: act.Change, log: Log) -> ColdComfortState:
    square = (a.x, a.y)
    hotel = state.hotel_at(square)
    assert hotel is not None
    cost = change_cost(hotel.value, a.to)
    if log is not None:
        word = "upgrades" if a.to > hotel.value else "downgrades"
        log.append(
            f"{seat_ref(seat)} {word} the hotel at {fmt(square)} from {hotel.value} to {a.to} "
            f"for ${cost}."
        )
    supply = supply_after(state, seat, hotel.value, +1)
    supply = supply_after(evolve(state, {"supply": supply}), seat, a.to, -1)
    hotels = tuple(evolve(h, {"value": a.to}) if (h.x, h.y) == square else h for h in state.hotels)
    return _one_build(state, seat, cost, {"hotels": hotels, "supply": supply})


def _one_build(
    state: ColdComfortState, seat: int, cost: int, changes: dict[str, Any]
) -> ColdComfortState:
    """CC-13: the turn's one build, upgrade or downgrade, `changes` (its hotels and supply) with
    `cost` paid and `build_used` = `acted` = true."""
    paid = {"gold": bump(state.gold, seat, -cost), "build_used": True, "acted": True}
    return evolve(state, {**changes, **paid})


def _host(state: ColdComfortState, seat: int, a: act.Host, log: Log) -> ColdComfortState:
    source = (a.from_x, a.from_y)
    camper = state.die_at(source)
    assert camper is not None
    if log is not None:
        log.append(
            f"{seat_ref(seat)} hosts the {camper.value} camper from {fmt(source)} in the hotel at "
            f"{fmt((a.x, a.y))}."
        )
    dice = [d for d in state.dice if (d.x, d.y) != source]
    dice.append(new_die(x=a.x, y=a.y, value=camper.value))
    return evolve(state, {"dice": sorted_dice(dice), "acted": True})


def _to_pool(state: ColdComfortState, square: Square) -> dict[str, Any]:
    """The camper at `square` goes back to the pool (mined, CC-11, or fleeing a fire, CC-17)."""
    return {"dice": tuple(d for d in state.dice if (d.x, d.y) != square), "pool": state.pool + 1}


# fire --------------------------------------------------------------------------------------------
def _burn(state: ColdComfortState, square: Square, log: Log) -> ColdComfortState:
    """CC-16 step 1: the hotel goes back to supply and its owner collects insurance."""
    hotel = state.hotel_at(square)
    assert hotel is not None
    if log is not None:
        log.append(
            f"{seat_ref(hotel.seat)}'s empty {hotel.value} hotel at {fmt(square)} burns down: "
            f"insurance +${hotel.value}."
        )
    return evolve(
        state,
        {
            "hotels": tuple(h for h in state.hotels if (h.x, h.y) != square),
            "gold": bump(state.gold, hotel.seat, hotel.value),
            "supply": supply_after(state, hotel.seat, hotel.value, +1),
        },
    )


def fire_targets(state: ColdComfortState, square: Square) -> list[Square]:
    """CC-16 step 2: adjacent buildings a fire can enter, each named once, sorted."""
    board = board_of(state.tiles)
    found: set[Square] = set()
    for n in board.adjacent(square):
        if n in board.building_of:
            found.add(board.building_of[n])
        elif state.hotel_at(n) is not None and n != state.built_at:
            found.add(n)
    return sorted(found)


def _continue_fire(
    state: ColdComfortState, square: Square, owner: int, log: Log
) -> ColdComfortState:
    targets = fire_targets(state, square)
    if not targets:
        if log is not None:
            log.append("The fire finds nothing more to burn and goes out.")
        return evolve(state, {"phase": "manage", "fire_pending": None})
    if len(targets) == 1:
        return _enter(state, targets[0], log)
    if log is not None:
        log.append(
            f"{seat_ref(owner)} must pass the fire to one of " + ", ".join(map(fmt, targets)) + "."
        )
    return evolve(
        state,
        {
            "phase": "fire_spread",
            "fire_pending": FirePending(at=square, chooser=owner, options=tuple(targets)),
        },
    )


def _enter(state: ColdComfortState, target: Square, log: Log) -> ColdComfortState:
    """CC-16 step 4 and CC-17."""
    board = board_of(state.tiles)
    done = {"phase": "manage", "fire_pending": None}
    if target in board.building_of:
        if log is not None:
            log.append(f"The fire enters the public building at {fmt(target)} and goes out.")
        return evolve(state, done)
    hotel = state.hotel_at(target)
    assert hotel is not None
    guest = state.die_at(target)
    if guest is not None:
        if log is not None:
            log.append(
                f"The fire reaches {seat_ref(hotel.seat)}'s hotel at {fmt(target)}: its guest "
                f"{guest.value} flees to the pool and the fire goes out."
            )
        return evolve(state, {**done, **_to_pool(state, target)})
    state = _burn(state, target, log)
    return _continue_fire(state, target, hotel.seat, log)

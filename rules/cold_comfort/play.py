"""State transitions: set-up (§3), management actions (§4.3), fire (§4.4), the scoring round (§4.5)
and the next turn (§4.6). `apply` trusts the engine to have checked legality.

Every die roll is drawn here from the `rng` handed in, and each roll is written to the log, which
becomes public events.
"""

from __future__ import annotations

import random

from rules.cold_comfort.actions import (
    Action,
    Build,
    Change,
    End,
    Fire,
    Grow,
    Host,
    Land,
    Mine,
    Spread,
)
from rules.cold_comfort.board import board_of, fmt
from rules.cold_comfort.scoring import resolve_extras, score_neighbourhoods
from rules.cold_comfort.state import (
    SCORING_ROUNDS_TOTAL,
    ColdComfortOptions,
    ColdComfortState,
    Die,
    FirePending,
    Hotel,
    Landing,
    PlacedTile,
    Square,
)
from rules.cold_comfort.tiles import DECK_ORDER, placed_squares
from rules.core import seat_ref

HEART_SLOTS: tuple[tuple[int, int, int], ...] = (
    (-2, 0, 180),
    (1, 0, 0),
    (-1, 4, 270),
    (-1, -3, 90),
)


def dice_for(players: int) -> int:
    """CC-1: 12, 15, 18, 21, 24 dice for 2–6 players."""
    return 3 * players + 6


def _sorted_dice(dice: list[Die]) -> tuple[Die, ...]:
    return tuple(sorted(dice, key=lambda d: (d.x, d.y)))


def _with(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return tuple(v + delta if i == index else v for i, v in enumerate(values))


def _supply(
    state: ColdComfortState, seat: int, value: int, delta: int
) -> tuple[tuple[int, ...], ...]:
    return tuple(
        _with(row, value - 1, delta) if s == seat else row for s, row in enumerate(state.supply)
    )


def _fill(tile: PlacedTile, roll: list[int], dice: list[Die]) -> tuple[list[Die], list[int]]:
    """CC-8 / CC-19: in roll order, each die onto the new tile's lot of its value if still empty."""
    lots = {
        value: square
        for square, value in placed_squares(tile.tile_id, tile.x, tile.y, tile.rotation)
        if value
    }
    taken = {(d.x, d.y) for d in dice}
    placed: list[Die] = []
    extras: list[int] = []
    for value in roll:
        square = lots.get(value)
        if square is not None and square not in taken:
            taken.add(square)
            placed.append(Die(x=square[0], y=square[1], value=value))
        else:
            extras.append(value)
    return placed, extras


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
        placed, _ = _fill(tile, roll, dice)
        dice.extend(placed)
        pool -= len(placed)
        log.append(
            f"Heart of the City: {tile.tile_id} at {fmt((x, y))}, rolled {roll}, "
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
        dice=_sorted_dice(dice),
        gold=tuple(9 + (s - start) % seats for s in range(seats)),
        points=(0,) * seats,
        supply=((2,) * 6,) * seats,
        log=tuple(log),
    )


def apply(
    state: ColdComfortState, seat: int, action: Action, rng: random.Random
) -> tuple[ColdComfortState, list[str]]:
    log: list[str] = []
    state = state.model_copy(update={"log": ()})
    if isinstance(action, Build):
        state = _build(state, seat, action, log)
    elif isinstance(action, Change):
        state = _change(state, seat, action, log)
    elif isinstance(action, Host):
        state = _host(state, seat, action, log)
    elif isinstance(action, Fire):
        state = _burn(state, (action.x, action.y), log)
        state = state.model_copy(update={"fire_used": True, "acted": True})
        state = _continue_fire(state, (action.x, action.y), seat, log)
    elif isinstance(action, Spread):
        state = _enter(state.model_copy(update={"fire_pending": None}), (action.x, action.y), log)
    elif isinstance(action, Mine):
        roll = rng.randint(1, 6)
        square = (action.x, action.y)
        camper = state.die_at(square)
        log.append(
            f"{seat_ref(seat)} mines the {camper.value if camper else '?'} camper at "
            f"{fmt(square)}: rolled {roll}, +${roll}."
        )
        state = state.model_copy(
            update={
                "gold": _with(state.gold, seat, roll),
                "dice": tuple(d for d in state.dice if (d.x, d.y) != square),
                "pool": state.pool + 1,
                "acted": True,
            }
        )
        state = _end_management(state, log)
    elif isinstance(action, End):
        log.append(f"{seat_ref(seat)} ends the turn.")
        state = _end_management(state, log)
    elif isinstance(action, Grow):
        state = _grow(state, action, rng, log)
    elif isinstance(action, Land):
        state = _land(state, action, log)
    return state.model_copy(update={"log": tuple(log)}), log


# management -------------------------------------------------------------------------------------
def build_cost(value: int, with_camper: bool) -> int:
    return (4 if with_camper else 2) * value


def change_cost(old: int, new: int) -> int:
    return 2 * (new - old) if new > old else 0


def _build(state: ColdComfortState, seat: int, a: Build, log: list[str]) -> ColdComfortState:
    square = (a.x, a.y)
    camper = state.die_at(square) is not None
    cost = build_cost(a.value, camper)
    log.append(
        f"{seat_ref(seat)} builds a {a.value} at {fmt(square)} for ${cost}"
        + (" and the camper there becomes its guest." if camper else ".")
    )
    hotels = sorted(
        [*state.hotels, Hotel(x=a.x, y=a.y, seat=seat, value=a.value)], key=lambda h: (h.x, h.y)
    )
    return state.model_copy(
        update={
            "hotels": tuple(hotels),
            "gold": _with(state.gold, seat, -cost),
            "supply": _supply(state, seat, a.value, -1),
            "build_used": True,
            "acted": True,
            "built_at": square,
        }
    )


def _change(state: ColdComfortState, seat: int, a: Change, log: list[str]) -> ColdComfortState:
    square = (a.x, a.y)
    hotel = state.hotel_at(square)
    assert hotel is not None
    cost = change_cost(hotel.value, a.to)
    word = "upgrades" if a.to > hotel.value else "downgrades"
    log.append(f"{seat_ref(seat)} {word} {fmt(square)} from {hotel.value} to {a.to} for ${cost}.")
    supply = _supply(state, seat, hotel.value, +1)
    supply = _supply(state.model_copy(update={"supply": supply}), seat, a.to, -1)
    return state.model_copy(
        update={
            "hotels": tuple(
                h.model_copy(update={"value": a.to}) if (h.x, h.y) == square else h
                for h in state.hotels
            ),
            "gold": _with(state.gold, seat, -cost),
            "supply": supply,
            "build_used": True,
            "acted": True,
        }
    )


def _host(state: ColdComfortState, seat: int, a: Host, log: list[str]) -> ColdComfortState:
    source = (a.from_x, a.from_y)
    camper = state.die_at(source)
    assert camper is not None
    where = fmt((a.x, a.y))
    log.append(f"{seat_ref(seat)} hosts the {camper.value} from {fmt(source)} in {where}.")
    dice = [d for d in state.dice if (d.x, d.y) != source]
    dice.append(Die(x=a.x, y=a.y, value=camper.value))
    return state.model_copy(update={"dice": _sorted_dice(dice), "acted": True})


# fire --------------------------------------------------------------------------------------------
def _burn(state: ColdComfortState, square: Square, log: list[str]) -> ColdComfortState:
    """CC-16 step 1: the hotel goes back to supply and its owner collects insurance."""
    hotel = state.hotel_at(square)
    assert hotel is not None
    log.append(
        f"{seat_ref(hotel.seat)}'s empty {hotel.value} at {fmt(square)} burns down: "
        f"insurance +${hotel.value}."
    )
    return state.model_copy(
        update={
            "hotels": tuple(h for h in state.hotels if (h.x, h.y) != square),
            "gold": _with(state.gold, hotel.seat, hotel.value),
            "supply": _supply(state, hotel.seat, hotel.value, +1),
        }
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
    state: ColdComfortState, square: Square, owner: int, log: list[str]
) -> ColdComfortState:
    targets = fire_targets(state, square)
    if not targets:
        log.append("The fire finds nothing more to burn and goes out.")
        return state.model_copy(update={"phase": "manage", "fire_pending": None})
    if len(targets) == 1:
        return _enter(state, targets[0], log)
    log.append(
        f"{seat_ref(owner)} must pass the fire to one of " + ", ".join(map(fmt, targets)) + "."
    )
    return state.model_copy(
        update={
            "phase": "fire_spread",
            "fire_pending": FirePending(at=square, chooser=owner, options=tuple(targets)),
        }
    )


def _enter(state: ColdComfortState, target: Square, log: list[str]) -> ColdComfortState:
    """CC-16 step 4 and CC-17."""
    board = board_of(state.tiles)
    done = {"phase": "manage", "fire_pending": None}
    if target in board.building_of:
        log.append(f"The fire enters the public building at {fmt(target)} and goes out.")
        return state.model_copy(update=done)
    hotel = state.hotel_at(target)
    assert hotel is not None
    guest = state.die_at(target)
    if guest is not None:
        log.append(
            f"The fire reaches {seat_ref(hotel.seat)}'s hotel at {fmt(target)}: its guest "
            f"{guest.value} flees to the pool and the fire goes out."
        )
        return state.model_copy(
            update={
                **done,
                "dice": tuple(d for d in state.dice if (d.x, d.y) != target),
                "pool": state.pool + 1,
            }
        )
    state = _burn(state, target, log)
    return _continue_fire(state, target, hotel.seat, log)


# end of turn, scoring round, next turn ----------------------------------------------------------
def _end_management(state: ColdComfortState, log: list[str]) -> ColdComfortState:
    """CC-18: a scoring round follows when the pool holds at least N + 3 dice."""
    if state.pool >= state.trigger and state.deck:
        drawn = state.deck[0]
        log.append(
            f"The pool holds {state.pool} dice (≥ {state.trigger}): scoring round "
            f"{state.scoring_rounds + 1}. {seat_ref(state.active_seat)} draws {drawn} to place."
        )
        return state.model_copy(
            update={"phase": "grow", "drawn_tile": drawn, "deck": state.deck[1:]}
        )
    return _next_turn(state, log)


def _next_turn(state: ColdComfortState, log: list[str]) -> ColdComfortState:
    limit = state.options.turn_limit
    if limit > 0 and state.turn_number >= limit:
        log.append(f"The turn limit ({limit}) is reached: the game ends.")
        return _finish(state, "turn_limit")
    seat = state.next_seat(state.active_seat)
    gold = state.gold
    dice = []
    pool = state.pool
    for d in state.dice:
        hotel = state.hotel_at((d.x, d.y))
        if hotel is not None and hotel.seat == seat:
            gold = _with(gold, seat, d.value)
            pool += 1
            log.append(f"{seat_ref(seat)} collects ${d.value} from the guest at {fmt((d.x, d.y))}.")
        else:
            dice.append(d)
    log.append(f"Turn {state.turn_number + 1}: {seat_ref(seat)} to play.")
    return state.model_copy(
        update={
            "phase": "manage",
            "turn_number": state.turn_number + 1,
            "active_seat": seat,
            "acted": False,
            "build_used": False,
            "fire_used": False,
            "built_at": None,
            "gold": gold,
            "dice": tuple(dice),
            "pool": pool,
        }
    )


def _finish(state: ColdComfortState, reason: str) -> ColdComfortState:
    return state.model_copy(
        update={
            "phase": "over",
            "end_reason": reason,
            "fire_pending": None,
            "landing_pending": None,
            "drawn_tile": None,
        }
    )


def _grow(state: ColdComfortState, a: Grow, rng: random.Random, log: list[str]) -> ColdComfortState:
    assert state.drawn_tile is not None
    tile = PlacedTile(
        tile_id=state.drawn_tile, x=a.x, y=a.y, rotation=a.rotation, order=len(state.tiles)
    )
    roll = [rng.randint(1, 6) for _ in range(state.pool)]
    log.append(
        f"{seat_ref(state.active_seat)} places {tile.tile_id} at {fmt((a.x, a.y))}, turned "
        f"{a.rotation}°. The pool's {state.pool} dice roll {roll}."
    )
    placed, extras = _fill(tile, roll, list(state.dice))
    for d in placed:
        log.append(f"A {d.value} settles on the new tile at {fmt((d.x, d.y))}.")
    squares = placed_squares(tile.tile_id, tile.x, tile.y, tile.rotation)
    top = max(v for _, v in squares)
    counts = tuple(extras.count(v) for v in range(1, 7))
    state = state.model_copy(
        update={
            "tiles": (*state.tiles, tile),
            "drawn_tile": None,
            "dice": _sorted_dice([*state.dice, *placed]),
            "pool": state.pool - len(placed),
            "last_roll": tuple(roll),
            "last_landing": tuple(Landing(value=d.value, at=(d.x, d.y)) for d in placed),
            "last_scoring": None,
            "extras_left": counts,
            "origin": tuple(s for s, v in squares if v == top),
        }
    )
    return _after_landing(resolve_extras(state, log), log)


def _land(state: ColdComfortState, a: Land, log: list[str]) -> ColdComfortState:
    pending = state.landing_pending
    assert pending is not None
    square = (a.x, a.y)
    log.append(f"{seat_ref(pending.chooser)} lands the extra {pending.value} on {fmt(square)}.")
    extras = _with(state.extras_left, pending.value - 1, -1)
    state = state.model_copy(
        update={
            "dice": _sorted_dice([*state.dice, Die(x=a.x, y=a.y, value=pending.value)]),
            "pool": state.pool - 1,
            "phase": "grow",  # back to resolving the roll; resolve_extras may ask again
            "extras_left": extras,
            "landing_pending": None,
            "last_landing": (*(state.last_landing or ()), Landing(value=pending.value, at=square)),
        }
    )
    return _after_landing(resolve_extras(state, log), log)


def _after_landing(state: ColdComfortState, log: list[str]) -> ColdComfortState:
    if state.phase == "land_tie":
        return state
    scores = score_neighbourhoods(state)
    points = list(state.points)
    for hood in scores:
        names = "+".join(hood.tiles)
        if hood.winners:
            for s in hood.winners:
                points[s] += hood.points_each
            who = ", ".join(seat_ref(s) for s in hood.winners)
            log.append(f"[{names}] (value {hood.value}): {who} +{hood.points_each}.")
        elif hood.gang > 0:
            log.append(f"[{names}] (value {hood.value}): a street gang holds it; nobody scores.")
        else:
            log.append(f"[{names}] (value {hood.value}): nobody scores.")
    rounds = state.scoring_rounds + 1
    state = state.model_copy(
        update={
            "phase": "manage",
            "points": tuple(points),
            "last_scoring": scores,
            "scoring_rounds": rounds,
        }
    )
    if rounds >= SCORING_ROUNDS_TOTAL:
        log.append(f"That was scoring round {rounds} of {SCORING_ROUNDS_TOTAL}: the game ends.")
        return _finish(state, "nine_scoring_rounds")
    return _next_turn(state, log)

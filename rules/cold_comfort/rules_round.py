"""The end of a turn (CC-18), the scoring round (§4.5: grow the city, land the extras, score the
neighbourhoods) and the next turn (§4.6), with the end of the game.
"""

from __future__ import annotations

import random

from rules.cold_comfort.actions import Grow, Land
from rules.cold_comfort.rules_board import fmt
from rules.cold_comfort.rules_dice import bump, fill, sorted_dice
from rules.cold_comfort.rules_scoring import (
    resolve_extras,
    score_neighbourhoods,
    scoring_words,
    unscored_words,
)
from rules.cold_comfort.rules_tiles import placed_squares
from rules.cold_comfort.state import (
    SCORING_ROUNDS_TOTAL,
    ColdComfortState,
    Heading,
    Log,
    PlacedTile,
    new_die,
    new_landing,
)
from rules.core import seat_ref
from rules.draft import evolve
from rules.game_info import listed


def end_management(state: ColdComfortState, log: Log) -> ColdComfortState:
    """CC-18: a scoring round follows when the pool holds at least N + 3 dice."""
    if state.pool >= state.trigger and state.deck:
        drawn = state.deck[0]
        if log is not None:
            log.append(
                Heading(
                    f"The pool holds {state.pool} dice (≥ {state.trigger}): scoring round "
                    f"{state.scoring_rounds + 1}. {seat_ref(state.active_seat)} draws {drawn} "
                    "to place."
                )
            )
        return evolve(state, {"phase": "grow", "drawn_tile": drawn, "deck": state.deck[1:]})
    return next_turn(state, log)


def collected(who: str, paid: list[tuple[int, str]]) -> str:
    """CC's start of a turn: what the seat's guests pay, in one line ("Ana collects $6 from 2
    guests: $5 at (-1,2), $1 at (1,1).")."""
    if len(paid) == 1:
        ((value, spot),) = paid
        return f"{who} collects ${value} from the guest at {spot}."
    each = ", ".join(f"${value} at {spot}" for value, spot in paid)
    return f"{who} collects ${sum(v for v, _ in paid)} from {len(paid)} guests: {each}."


def next_turn(state: ColdComfortState, log: Log) -> ColdComfortState:
    limit = state.options.turn_limit
    if limit > 0 and state.turn_number >= limit:
        if log is not None:
            log.append(f"The turn limit ({limit}) is reached: the game ends.")
        return finish(state, "turn_limit")
    seat = (state.active_seat + 1) % state.num_players  # state.next_seat
    gold = state.gold
    dice = state.dice
    pool = state.pool
    hosts = {(h.x, h.y) for h in state.hotels if h.seat == seat}
    if hosts:  # the seat's guests pay and go back to the pool
        kept, paid = [], []
        for d in dice:
            if (d.x, d.y) in hosts:
                gold = bump(gold, seat, d.value)
                pool += 1
                paid.append((d.value, fmt((d.x, d.y))))
            else:
                kept.append(d)
        if len(kept) < len(dice):
            dice = tuple(kept)
        if log is not None and paid:
            log.append(collected(seat_ref(seat), paid))
    if log is not None:
        log.append(f"Turn {state.turn_number + 1}: {seat_ref(seat)} to play.")
    return evolve(
        state,
        {
            "phase": "manage",
            "turn_number": state.turn_number + 1,
            "active_seat": seat,
            "acted": False,
            "build_used": False,
            "fire_used": False,
            "built_at": None,
            "gold": gold,
            "dice": dice,
            "pool": pool,
        },
    )


def finish(state: ColdComfortState, reason: str) -> ColdComfortState:
    return evolve(
        state,
        {
            "phase": "over",
            "end_reason": reason,
            "fire_pending": None,
            "landing_pending": None,
            "drawn_tile": None,
        },
    )


def dice_words(roll: list[int]) -> str:
    """A roll as players read it: "2, 1, 3 and 6"."""
    return listed([str(d) for d in roll])


def grow(state: ColdComfortState, a: Grow, rng: random.Random, log: Log) -> ColdComfortState:
    assert state.drawn_tile is not None
    tile = PlacedTile(
        tile_id=state.drawn_tile, x=a.x, y=a.y, rotation=a.rotation, order=len(state.tiles)
    )
    roll = [rng.randint(1, 6) for _ in range(state.pool)]
    if log is not None:
        log.append(
            f"{seat_ref(state.active_seat)} places {tile.tile_id} at {fmt((a.x, a.y))}, turned "
            f"{a.rotation}°. The pool's {state.pool} dice roll {dice_words(roll)}."
        )
    placed, extras = fill(tile, roll, list(state.dice))
    # the dice that settle, in one line: "A 1 settles on the new tile at (5,-1) and a 2 at (4,0)."
    if log is not None and placed:
        first, *rest = placed
        where = [
            f"at {fmt((first.x, first.y))}",
            *(f"a {d.value} at {fmt((d.x, d.y))}" for d in rest),
        ]
        log.append(f"A {first.value} settles on the new tile {listed(where)}.")
    squares = placed_squares(tile.tile_id, tile.x, tile.y, tile.rotation)
    top = max(v for _, v in squares)
    counts = tuple(extras.count(v) for v in range(1, 7))
    state = evolve(
        state,
        {
            "tiles": (*state.tiles, tile),
            "drawn_tile": None,
            "dice": sorted_dice([*state.dice, *placed]),
            "pool": state.pool - len(placed),
            "last_roll": tuple(roll),
            "last_landing": tuple(new_landing(value=d.value, at=(d.x, d.y)) for d in placed),
            "last_scoring": None,
            "extras_left": counts,
            "origin": tuple(s for s, v in squares if v == top),
        },
    )
    return after_landing(resolve_extras(state, log), log)


def land(state: ColdComfortState, a: Land, log: Log) -> ColdComfortState:
    pending = state.landing_pending
    assert pending is not None
    square = (a.x, a.y)
    if log is not None:
        log.append(f"{seat_ref(pending.chooser)} lands the extra {pending.value} on {fmt(square)}.")
    extras = bump(state.extras_left, pending.value - 1, -1)
    state = evolve(
        state,
        {
            "dice": sorted_dice([*state.dice, new_die(x=a.x, y=a.y, value=pending.value)]),
            "pool": state.pool - 1,
            "phase": "grow",  # back to resolving the roll; resolve_extras may ask again
            "extras_left": extras,
            "landing_pending": None,
            "last_landing": (
                *(state.last_landing or ()),
                new_landing(value=pending.value, at=square),
            ),
        },
    )
    return after_landing(resolve_extras(state, log), log)


def after_landing(state: ColdComfortState, log: Log) -> ColdComfortState:
    if state.phase == "land_tie":
        return state
    scores = score_neighbourhoods(state)
    points = list(state.points)
    for hood in scores:
        for s in hood.winners:
            points[s] += hood.points_each
        if log is not None and hood.winners:  # each score a line; the rest together after them
            log.append(Heading(scoring_words(hood, seat_ref) + "."))
    if log is not None:
        log.extend(Heading(line) for line in unscored_words(list(scores)))
    rounds = state.scoring_rounds + 1
    state = evolve(
        state,
        {
            "phase": "manage",
            "points": tuple(points),
            "last_scoring": scores,
            "scoring_rounds": rounds,
        },
    )
    if rounds >= SCORING_ROUNDS_TOTAL:
        if log is not None:
            end = f"That was scoring round {rounds} of {SCORING_ROUNDS_TOTAL}: the game ends."
            log.append(Heading(end))
        return finish(state, "nine_scoring_rounds")
    start = len(log) if log is not None else 0
    state = next_turn(state, log)
    if log is not None and len(log) > start:  # the next turn opens a line after the scores
        log[start] = Heading(log[start])
    return state

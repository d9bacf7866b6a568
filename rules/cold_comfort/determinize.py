"""Worlds a search agent plays out (`BaseGame.determinize`): a whole Cold Comfort state consistent
with an observation.

CC-30: the only hidden information is the order of the City Deck and the values of dice not yet
rolled, the same for every seat. Dice to come are not in the state at all (each roll draws from
the move's rng), so a world differs from the real state only in its deck: the tiles nobody has
seen, in an order drawn from `rng`. Everything else is read back from the observation:
- hotels and dice from the squares, the hotel built this turn from its flag;
- during an exact landing tie (`land_tie`) the extras still to land are the last roll less the
  dice already placed or resolved (`last_landing`: an extra never lands on the new tile, whose
  lot of its value is taken), and the landing origin is the new tile's highest lot;
- the log lines as they read (the world's own observation then equals the one given).
"""

from __future__ import annotations

import random
from collections import Counter

from rules.cold_comfort.observation import ColdComfortObservation
from rules.cold_comfort.rules_tiles import DECK_ORDER, placed_squares
from rules.cold_comfort.state import (
    ColdComfortOptions,
    ColdComfortState,
    Die,
    FirePending,
    Hotel,
    Landing,
    LandingPending,
    NeighbourhoodScore,
    Square,
)
from rules.record_copies import remade


def unseen_tiles(obs: ColdComfortObservation) -> list[str]:
    """The City Deck tiles the observation does not show (not placed, not drawn), in id order."""
    seen = {t.tile_id for t in obs.tiles}
    if obs.drawn_tile is not None:
        seen.add(obs.drawn_tile.tile_id)
    return [t for t in DECK_ORDER if t not in seen]


def _pending_extras(obs: ColdComfortObservation) -> tuple[tuple[int, ...], tuple[Square, ...]]:
    """`extras_left` and `origin` while a landing tie waits; empty otherwise."""
    if obs.landing_pending is None or obs.last_roll is None or not obs.tiles:
        return (), ()
    left = Counter(obs.last_roll)
    left.subtract(x.value for x in obs.last_landing or ())
    newest = obs.tiles[-1]
    squares = placed_squares(newest.tile_id, newest.x, newest.y, newest.rotation)
    top = max(v for _, v in squares)
    return tuple(max(0, left[v]) for v in range(1, 7)), tuple(s for s, v in squares if v == top)


def determinize(obs: ColdComfortObservation, rng: random.Random) -> ColdComfortState:
    """A state whose observation is `obs`, its deck dealt from the unseen tiles by `rng`."""
    unseen = unseen_tiles(obs)
    deck = rng.sample(unseen, obs.deck_count) if obs.deck_count else []
    hotels: list[Hotel] = []
    dice: list[Die] = []
    built_at: Square | None = None
    for s in obs.squares:
        if s.hotel_seat is not None and s.hotel_value is not None:
            hotels.append(Hotel(x=s.x, y=s.y, seat=s.hotel_seat, value=s.hotel_value))
        if s.die is not None:
            dice.append(Die(x=s.x, y=s.y, value=s.die))
        if s.built_this_turn:
            built_at = (s.x, s.y)
    fire = obs.fire_pending
    land = obs.landing_pending
    extras_left, origin = _pending_extras(obs)
    players = sorted(obs.players, key=lambda p: p.seat)
    return remade(
        ColdComfortState,
        obs,
        options=ColdComfortOptions(
            block_strength="dice" if obs.options.block_strength == "dice" else "pips",
            turn_limit=obs.options.turn_limit,
        ),
        deck=tuple(deck),
        drawn_tile=obs.drawn_tile.tile_id if obs.drawn_tile else None,
        hotels=tuple(hotels),
        dice=tuple(sorted(dice, key=lambda d: (d.x, d.y))),
        gold=tuple(p.gold for p in players),
        points=tuple(p.points for p in players),
        supply=tuple(tuple(p.supply[v] for v in range(1, 7)) for p in players),
        acted=obs.turn_flags.acted,
        build_used=obs.turn_flags.build_used,
        fire_used=obs.turn_flags.fire_used,
        built_at=built_at,
        fire_pending=remade(FirePending, fire) if fire else None,
        landing_pending=remade(LandingPending, land) if land else None,
        extras_left=extras_left,
        origin=origin,
        last_landing=tuple(remade(Landing, x) for x in obs.last_landing)
        if obs.last_landing is not None
        else None,
        last_scoring=tuple(remade(NeighbourhoodScore, n) for n in obs.last_scoring)
        if obs.last_scoring is not None
        else None,
        end_reason=obs.outcome.reason if obs.outcome is not None else None,
    )

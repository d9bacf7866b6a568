"""Worlds a seat cannot tell from the real one (CN-50), for the `expert` search agent.

`determinize(observation, rng)` reads only a seat's own observation and deals everything that
seat cannot see at random among what is still possible: the other hands, another scavenger's
pool, the draw pile's kindling (the Fire Dwindles stay at their public positions), the
frostbite deck and, in solo, the 14 cards removed at set-up. Observing the world from that seat
gives the observation back.

A Memory Loss choice (its draw count and where the turn resumes are in nobody's view) is not
sampled: `None`, and the expert plays its heuristic move there.
"""

from __future__ import annotations

import random

from rules.coldest_night import data
from rules.coldest_night.observation import PrivateObservation
from rules.coldest_night.state import ColdestNightState, ScavengePool, TokenState
from rules.core import Seat


def determinize(o: PrivateObservation, seat: Seat, rng: random.Random) -> ColdestNightState | None:
    if o.phase in ("memory_choice", "game_over") or o.seat != seat:
        return None
    solo = o.variant == "solo"
    pit = tuple(p.id for p in o.pit)
    discard = tuple(p.id for p in o.discard)
    display = tuple(c.id for c in o.display)
    hand = tuple(c.id for c in o.hand)
    own_pool = tuple(c.id for c in o.scavenge_pool or ())
    seen = {*pit, *discard, *display, *hand, *own_pool}
    kindling = data.SOLO_KINDLING_IDS if solo else data.KINDLING_IDS
    unseen = [k for k in kindling if k not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[str, ...]] = []
    for p in o.players:
        if p.seat == seat:
            hands.append(hand)
        else:
            hands.append(tuple(unseen[: p.hand_count]))
            del unseen[: p.hand_count]
    scavenge = None
    if o.scavenge is not None:
        if o.scavenge.scavenger == seat:
            pool = own_pool
        else:
            pool = tuple(unseen[: o.scavenge.pool_count])
            del unseen[: o.scavenge.pool_count]
        scavenge = ScavengePool(scavenger=o.scavenge.scavenger, pool=pool)
    dwindles = [f for f in data.FD_IDS if f not in pit and f not in discard]
    at = set(o.fire_dwindles_positions)
    deck: list[str] = []
    for position in range(1, o.deck_count + 1):
        deck.append(dwindles.pop(0) if position in at else unseen.pop())
    removed = tuple(unseen[: o.removed_count])
    del unseen[: o.removed_count]
    if unseen or dwindles:  # the observation does not add up: a view of no real game
        return None
    frost_seen = {f.id for p in o.players for f in p.frostbite}
    frost_seen |= {f.id for f in o.frostbite_discard}
    frost_deck = [
        f for f in (data.SOLO_FROST_IDS if solo else data.FROST_IDS) if f not in frost_seen
    ]
    rng.shuffle(frost_deck)
    tokens: dict[data.TokenId, TokenState] = {}
    alcohol_on = None
    for t in o.tokens:
        tokens[t.token] = t.state  # type: ignore[index]
        if t.token == "alcohol":
            alcohol_on = t.attached_to
    played = [c for c in pit[: o.cards_played_this_turn] if c in data.CARDS]
    return ColdestNightState(
        variant=o.variant,  # type: ignore[arg-type]
        num_players=o.num_players,
        turn=o.turn,
        active_seat=o.active_seat,
        phase=o.phase,  # type: ignore[arg-type]
        pit=pit,
        turn_boost=o.turn_boost,
        deck=tuple(deck),
        frost_deck=tuple(frost_deck),
        hands=tuple(hands),
        frostbite=tuple(tuple(f.id for f in p.frostbite) for p in o.players),
        tokens=tokens,
        alcohol_on=alcohol_on,
        discard=discard,
        frostbite_discard=tuple(f.id for f in o.frostbite_discard),
        display=display,
        removed=removed,
        cards_played=o.cards_played_this_turn,
        main_action=o.main_action,  # type: ignore[arg-type]
        pending_target=o.pending_effects.target,
        pending_greatest=o.pending_effects.greatest,
        pending_burn_one=o.pending_effects.burn_one,
        fire_died_down=o.fire_died_down,
        # solo: the IF cards are only ever in the display, so this turn's plays still in the
        # pit tell where they came from (CN-45)
        display_only=all(c in data.IF_IDS for c in played),
        scavenge=scavenge,
    )

"""Set-up of The Coldest Night (CN-1…CN-4, CN-45): decks, hands, start seat and the display."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.coldest_night.data import (
    FD_IDS,
    FROST_IDS,
    IF_IDS,
    KINDLING_IDS,
    SOLO_FROST_IDS,
    SOLO_KINDLING_IDS,
    STARTER_IDS,
    TOKEN_ORDER,
)
from rules.coldest_night.state import ColdestNightOptions, ColdestNightState
from rules.errors import OptionsError

HAND_SIZE = {"standard": 3, "solo": 4}


def _order(
    given: Sequence[str] | None, ids: Sequence[str], what: str, rng: random.Random
) -> list[str]:
    if given is None:
        order = list(ids)
        rng.shuffle(order)
        return order
    if sorted(given) != sorted(ids):
        raise OptionsError(
            f"`{what}` must list exactly these {len(ids)} ids once each: {', '.join(ids)}."
        )
    return list(given)


def setup_state(seats: int, options: ColdestNightOptions, rng: random.Random) -> ColdestNightState:
    """CN-1…CN-4 and CN-45."""
    solo = seats == 1
    k = _order(
        options.kindling_order, SOLO_KINDLING_IDS if solo else KINDLING_IDS, "kindling_order", rng
    )
    f = _order(
        options.frostbite_order, SOLO_FROST_IDS if solo else FROST_IDS, "frostbite_order", rng
    )
    if options.start_seat is not None and not 0 <= options.start_seat < seats:
        raise OptionsError(
            f"`start_seat` is a 0-based seat index: with {seats} players it must be "
            f"between 0 and {seats - 1}, not {options.start_seat}."
        )
    if options.start_seat is not None:
        start = options.start_seat
    else:
        start = 0 if solo else rng.randrange(seats)
    fd1, fd2, fd3 = FD_IDS
    if solo:
        removed, r = tuple(k[:14]), k[14:]
        deck = [*r[:13], fd1, *r[13:21], fd2, *r[21:29], fd3]
    else:
        removed = ()
        deck = [*k[:20], fd1, *k[20:35], fd2, *k[35:50], fd3]
    size = HAND_SIZE["solo" if solo else "standard"]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for _ in range(size):
        for seat in range(seats):
            hands[seat].append(deck.pop(0))
    return ColdestNightState(
        variant="solo" if solo else "standard",
        num_players=seats,
        turn=1,
        active_seat=start,
        phase="main",
        pit=STARTER_IDS,
        deck=tuple(deck),
        frost_deck=tuple(f),
        hands=tuple(tuple(h) for h in hands),
        frostbite=tuple(() for _ in range(seats)),
        tokens=dict.fromkeys(TOKEN_ORDER, "supply"),
        display=IF_IDS if solo else (),
        removed=removed,
    )

"""What the game reads straight from the frozen state (no working copy) equals what the working
copy (`rules_turn.Table`) says: whom a token window waits for, legal lists, labels, typed moves
and the public view, over every state of seeded random games at each seat count."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rules.coldest_night import GAME, rules_tokens, text
from rules.coldest_night import observation as obs_mod
from rules.coldest_night.rules_turn import Table, legal
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightState
from rules.core import Seat
from tests.rules.coldest_night.helpers import ENGINE

GAMES_PER_COUNT = 12


def states() -> Iterator[tuple[ColdestNightState, int]]:
    """Every state of random games (any seat of those who may act moves, token uses included)."""
    for seats in (1, 2, 3, 4):
        for n in range(GAMES_PER_COUNT):
            seed = f"frozen-reads/{seats}/{n}"
            rng = random.Random(seed)
            state = ENGINE.setup(seats, None, seed)
            ply = 0
            while GAME.outcome(state) is None:
                yield state, seats
                ply += 1
                seat = rng.choice(sorted(GAME.to_act(state)))
                action = rng.choice(list(ENGINE.legal(state, seat)))
                state = ENGINE.act(state, seat, action, seed=seed, ply=ply, checked=True).state


def _to_act_of_the_table(t: Table) -> frozenset[Seat]:
    seat = t.awaited()
    if seat is None:
        return frozenset()
    seats = {seat}
    if t.phase in TOKEN_WINDOW_PHASES and t.token_usable():
        seats |= {s for s in range(t.num_players) if t.token_uses(s)}
    return frozenset(seats)


def test_frozen_reads_equal_the_working_copy() -> None:
    windows = 0
    for state, seats in states():
        t = Table(state)
        for seat in range(seats):
            assert rules_tokens.has_use(state, seat) == bool(rules_tokens.uses(t, seat))
            assert legal(state, seat) == legal(t, seat)
        assert GAME.to_act(state) == _to_act_of_the_table(t)
        windows += len(GAME.to_act(state)) > 1
        assert obs_mod.public(state) == obs_mod.public(t)
        for seat in GAME.to_act(state):
            for action in ENGINE.legal(state, seat):
                said = text.label(t, action)
                assert GAME.text.label(state, action) == said
                assert GAME.text.parse(state, seat, said) == text.parse(t, legal(t, seat), said)
    assert windows > 20  # token windows with more than one seat were read

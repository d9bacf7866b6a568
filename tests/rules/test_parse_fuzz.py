"""Anything a member types reaches `parse`: it gives back a legal action or a readable refusal,
never another exception (hypothesis, a bounded number of examples per game)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import GAMES
from rules.engine import Engine
from rules.errors import RuleError
from rules.playout import next_actor

TYPED = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789 -,>→abcdefghijklmnopqrstuvwxyzABC#*=", max_size=60),
    st.integers().map(str),
    st.just("9" * 5_000),
    st.just("take " + "9" * 4_400),
    st.text(min_size=1, max_size=3).map(lambda s: s * 2_000),
)


@cache
def positions(key: str) -> list[tuple[Any, int]]:
    """A few (state, seat to act) pairs along a seeded random game."""
    game = GAMES[key]
    engine = Engine(game)
    state = engine.setup(game.max_seats, None, "fuzz")
    agent = game.agents["random"]()
    found = []
    for ply in range(1, 400):
        seat = next_actor(game, state)
        if seat is None:
            break
        if ply % 25 == 1:
            found.append((state, seat))
        legal = engine.legal(state, seat)
        action = agent.choose(game.observe(state, seat), legal, engine.agent_rng("f", ply, seat))
        state = engine.act(state, seat, action, seed="fuzz", ply=ply).state
    return found


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed=TYPED, pick=st.integers(min_value=0, max_value=1_000))
def test_typed_text_is_a_legal_move_or_a_readable_refusal(key: str, typed: str, pick: int) -> None:
    game = GAMES[key]
    engine = Engine(game)
    found = positions(key)
    state, seat = found[pick % len(found)]
    try:
        action = engine.parse(state, seat, typed)
    except RuleError as err:
        assert 0 < len(str(err)) <= 600, "a refusal is one short message"
        return
    assert action in engine.legal(state, seat)

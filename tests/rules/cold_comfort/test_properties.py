"""Invariants along random playouts: dice conserved (CC-1, CC-4), gold never negative (CC-2),
no tile or hotel ever on a street (CC-22)."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cold_comfort import GAME
from rules.cold_comfort.rules_board import board_of
from rules.cold_comfort.state import ColdComfortState
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def states(players: int, seed: int, agent: str, max_plies: int = 400) -> Iterator[ColdComfortState]:
    state = ENGINE.setup(players, None, seed)
    agents = [GAME.agents[agent]() for _ in range(players)]
    yield state
    for ply in range(1, max_plies + 1):
        seat = next_actor(GAME, state)
        if seat is None:
            return
        legal = GAME.legal_actions(state, seat)
        action = agents[seat].choose(
            GAME.observe(state, seat), legal, ENGINE.agent_rng(seed, ply, seat)
        )
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply).state
        yield state


games = st.tuples(
    st.integers(min_value=2, max_value=6),
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from(["random", "heuristic"]),
)


@SETTINGS
@given(games)
def test_dice_are_conserved_pool_plus_lots_plus_hotels(game: tuple[int, int, str]) -> None:
    players, seed, agent = game
    for state in states(players, seed, agent):
        squares = [(d.x, d.y) for d in state.dice]
        assert len(squares) == len(set(squares))  # CC-4: one die per square
        assert state.pool >= 0
        assert state.pool + len(state.dice) == state.dice_total == 3 * players + 6


@SETTINGS
@given(games)
def test_gold_is_never_negative(game: tuple[int, int, str]) -> None:
    players, seed, agent = game
    for state in states(players, seed, agent):
        assert min(state.gold) >= 0


@SETTINGS
@given(games)
def test_a_street_square_is_never_built_on_or_covered(game: tuple[int, int, str]) -> None:
    players, seed, agent = game
    for state in states(players, seed, agent):
        board = board_of(state.tiles)
        assert not board.streets & set(board.printed)
        assert all(board.printed.get((h.x, h.y), 0) > 0 for h in state.hotels)
        for d in state.dice:  # dice only on lots, never on a street or public building
            assert board.printed.get((d.x, d.y), 0) > 0

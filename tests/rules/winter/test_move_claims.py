"""A thaw move's label names the squares it claims (issue 9), and the play agrees with it."""

from __future__ import annotations

import random

from rules.core import rng_for
from rules.engine import Engine
from rules.winter import GAME
from rules.winter.actions import Move
from rules.winter.rules_lake import cell_text
from rules.winter.state import WinterState


def thaw_positions(count: int) -> list[WinterState]:
    """States of random games in which the seat to act may move a card."""
    engine = Engine(GAME)
    found: list[WinterState] = []
    for game in range(40):
        rng = random.Random(game)
        state = engine.setup(2, {}, f"claims/{game}")
        for ply in range(1, 300):
            acting = sorted(GAME.to_act(state))
            if not acting:
                break
            legal = engine.legal(state, acting[0])
            if any(isinstance(a, Move) for a in legal):
                found.append(state)
                if len(found) >= count:
                    return found
            state = engine.act(state, acting[0], rng.choice(legal), seed="c", ply=ply).state
    return found


def test_a_thaw_moves_label_names_exactly_the_squares_the_move_then_claims_wi_10() -> None:
    checked = 0
    for state in thaw_positions(25):
        seat = state.active
        colour = state.colours[seat]
        for action in [a for a in GAME.legal_actions(state, seat) if isinstance(a, Move)]:
            label = GAME.text.label(state, action)
            assert ", claims " in label, label
            named = label.partition(", claims ")[2]
            after = GAME.apply(state, seat, action, rng_for("c", 1)).state
            if after.lake_options:  # the mover picks which group survives first
                continue
            if after.phase == "move_counters":  # fewer counters than squares: the choice
                claimed = set(after.counter_options)
            else:
                before = {(k.row, k.col) for k in state.counters}
                claimed = {
                    (k.row, k.col)
                    for k in after.counters
                    if k.colour == colour and (k.row, k.col) not in before
                }
            # the names are relative to the lake before the move, as the player reads them
            assert sorted(named.split(", ")) == sorted(cell_text(state, c) for c in claimed), label
            checked += 1
    assert checked >= 20

"""Every game's moves can be picked in a few short steps (`rules/choices.py`).

Over seeded games of every game and option set, at every decision of every seat that may act:
no step offers more than 25 options, no move is more than the game's `max_choice_depth` steps
deep (three; four for placing a tile: tile, turn, spot), every option has a label and its detail
fits a select menu, and every legal move is offered exactly once — except moves a game leaves to
typing (a path of `None`), which must be a small part of the list.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import GAMES
from rules.choices import MAX_CHOICES, build, check
from rules.core import Game
from rules.engine import Engine
from rules.playout import next_actor
from tests.rules.contract import option_sets

SAMPLED: dict[str, tuple[dict[str, Any], ...]] = {
    "coldest_night": ({},),
    "tenth_night": ({}, {"attack_schedule": "harsh"}),
    "winter": ({},),
    "cold_comfort": ({},),
    "dead_of_winter": (
        {},
        {"mode": "coop"},
        {"mode": "standard", "secret_deal": "betrayer"},
        {"long_night": True},
    ),
}
"""The option sets checked for games where every variant would cost more than it finds; any other
registered game is checked with its default options and every variant it declares."""


def cases() -> list[tuple[str, dict[str, Any]]]:
    """(game key, options) of every registered game."""
    return [
        (key, dict(options))
        for key, game in sorted(GAMES.items())
        for options in SAMPLED.get(key, option_sets(game))
    ]


SEEDS = 2
MAX_PLIES = 400
STRIDE = {"tenth_night": 3}  # its days offer the same moves for many plies: every third is checked


def tree_problems(game: Game[Any, Any, Any], state: Any, seat: int) -> tuple[list[str], int]:
    """What is wrong with the seat's choice tree now, and how many moves it leaves to typing."""
    legal = game.legal_actions(state, seat)
    paths = game.choice_paths(state, seat, legal)
    assert len(paths) == len(legal), "one path per legal move"
    tree = build(paths)
    problems = check(tree, len(legal), game.max_choice_depth)
    offered = set(tree.moves())
    unoffered = [i for i in range(len(legal)) if i not in offered]
    for index in unoffered:
        if paths[index] is not None:
            problems.append(f"move {index} has a path but is not in the tree")
    return problems, sum(1 for p in paths if p is None)


@pytest.mark.parametrize(
    ("key", "options"),
    cases(),
    ids=lambda v: v if isinstance(v, str) else ",".join(f"{k}={x}" for k, x in v.items()),
)
def test_every_move_is_a_few_short_steps_from_the_top_of_the_panel(
    key: str, options: dict[str, Any]
) -> None:
    game = GAMES[key]
    engine = Engine(game)
    for n in range(SEEDS):
        seats = game.min_seats + n % (game.max_seats - game.min_seats + 1)
        seed = f"paths/{key}/{n}"
        state = engine.setup(seats, options, seed)
        rng = random.Random(seed)
        for ply in range(1, MAX_PLIES):
            if game.outcome(state) is not None:
                break
            for acting in sorted(game.to_act(state)) if ply % STRIDE.get(key, 1) == 0 else ():
                problems, typed_only = tree_problems(game, state, acting)
                legal_count = len(game.legal_actions(state, acting))
                assert not problems, f"{key} {seed} ply {ply} seat {acting}: {problems[:5]}"
                assert typed_only <= max(MAX_CHOICES, legal_count // 2), (
                    f"{key} {seed} ply {ply}: {typed_only} of {legal_count} moves only typed"
                )
            seat = next_actor(game, state)
            assert seat is not None
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            state = engine.act(state, seat, action, seed=seed, ply=ply).state

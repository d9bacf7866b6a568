"""Each Long Night module alone, and all of them together, played to the end by the agents (§9):
no crash, no stuck decision, every module's moves reached."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.dead_of_winter import GAME
from rules.dead_of_winter.state import MODULES
from rules.engine import Engine
from rules.playout import next_actor

ENGINE = Engine(GAME)


def play(seats: int, options: dict[str, bool], seed: str, agents: list[str]) -> Counter[str]:
    """One game to its end; the kinds of the moves made."""
    players = [GAME.agents[a]() for a in agents]
    state = ENGINE.setup(seats, options, seed)
    moves: Counter[str] = Counter()
    ply = 0
    while GAME.outcome(state) is None:
        seat = next_actor(GAME, state)
        assert seat is not None, f"{seed}: nobody can act before the end"
        legal = GAME.legal_actions(state, seat)
        assert legal, f"{seed}: seat {seat} owes a move and has none"
        ply += 1
        assert ply < 5000, f"{seed}: no end in sight"
        action = players[seat].choose(
            GAME.observe(state, seat), legal, ENGINE.agent_rng(seed, ply, seat)
        )
        moves[action.type + ("_bandit" if getattr(action, "bandit", False) else "")] += 1
        state = ENGINE.act(state, seat, action, seed=seed, ply=ply, checked=True).state
    assert state.phase == "ended"
    return moves


@pytest.mark.parametrize("module", [*MODULES, "long_night"])
def test_each_module_alone_and_the_long_night_play_to_the_end(module: str) -> None:
    for n, seats in enumerate((1, 3, 5)):
        agents = ["heuristic" if (s + n) % 2 else "random" for s in range(seats)]
        play(seats, {module: True}, f"ln-{module}-{n}", agents)


def test_the_heuristic_agent_makes_the_module_moves_in_the_long_night() -> None:
    moves: Counter[str] = Counter()
    for n in range(4):
        moves += play(4, {"long_night": True}, f"ln-agent-{n}", ["heuristic"] * 4)
    for kind in ("work", "scrap", "raid", "contain", "first_player"):
        assert moves[kind] > 0, f"the heuristic never chose {kind}: {dict(moves)}"

"""Winter's event lines speak in the players' words: a card is told by its four colours, top row
first, and where it goes, never by the card number or type of the data table (§2); the colour
choice names the other player. Seeded whole games of heuristic players, every line read."""

from __future__ import annotations

import re

from rules import GAMES
from rules.core import format_event
from rules.engine import Engine
from rules.playout import next_actor

GAME = GAMES["winter"]
NAMES = ("Ana", "Bo")
FACE = r"(light|dark) (light|dark) / (light|dark) (light|dark)"


def lines_of(seed: str) -> list[str]:
    """Every public event line of one seeded heuristic game, names filled in."""
    engine = Engine(GAME)
    state = engine.setup(2, None, seed)
    agents = [GAME.agents["heuristic"]() for _ in range(2)]
    lines = [format_event(line, NAMES) for line in state.log]
    ply = 0
    while GAME.outcome(state) is None:
        seat = next_actor(GAME, state)
        assert seat is not None and ply < 2_000
        ply += 1
        legal = GAME.legal_actions(state, seat)
        action = agents[seat].choose(
            GAME.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
        )
        step = engine.act(state, seat, action, seed=seed, ply=ply)
        state = step.state
        lines += [format_event(e.text, NAMES) for e in step.events if e.public]
    return lines


def test_wi_cards_are_told_by_their_colours_and_players_by_name_never_by_number() -> None:
    lines = [line for n in range(3) for line in lines_of(f"words/{n}")]
    assert not [line for line in lines if re.search(r"\b(card|type) \d|\bseat\b", line)]
    assert re.fullmatch(rf"A card opens the lake at C3: {FACE}\.", lines[0]), lines[0]
    draws = [line for line in lines if " draws " in line]
    assert draws and all(re.fullmatch(rf"(Ana|Bo) draws a card: {FACE}\.", d) for d in draws)
    places = [line for line in lines if " places " in line]
    assert places and all(
        re.fullmatch(r"(Ana|Bo) places the card at [A-Z]+\d+, (upright|turned down)\.", p)
        for p in places
    )
    chosen = [line for line in lines if " chooses " in line and " blue" in line]
    assert len(chosen) == 3  # one colour choice a game
    for line in chosen:
        who, other = re.fullmatch(
            r"(Ana|Bo) chooses (?:light|dark) blue; (Ana|Bo) plays (?:light|dark) blue\.", line
        ).groups()  # type: ignore[union-attr]
        assert who != other  # the other player, by name

"""Winter's event lines speak in the players' words: a card is told by its four colours, top row
first, and where it goes, never by the card number or type of the data table (§2); the colour
choice names the other player. Seeded whole games of heuristic players, every line read."""

from __future__ import annotations

import re

from rules import GAMES
from rules.core import format_event
from rules.engine import Engine
from tests.support.seeded_games import seeded_steps

GAME = GAMES["winter"]
NAMES = ("Ana", "Bo")
FACE = r"(light|dark) (light|dark) / (light|dark) (light|dark)"


def lines_of(seed: str) -> list[str]:
    """Every public event line of one seeded heuristic game, names filled in."""
    lines = [format_event(line, NAMES) for line in Engine(GAME).setup(2, None, seed).log]
    agents = [GAME.agents["heuristic"]() for _ in range(2)]
    for step in seeded_steps(GAME, seed, agents):
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

"""docs/games/<key>.md: every example in a doc's "Typing moves" table is accepted by the game's own
`parse` in a position that really occurs (seeded games played by the bot's random players), every
option the doc lists exists with the default it states, and `/game rules` points at the doc."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.names import typed_refs
from rules import GAMES, TEST_PREFIX
from rules.engine import Engine
from rules.errors import RuleError
from rules.playout import next_actor

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"
SHIPPED = tuple(key for key in GAMES if not key.startswith(TEST_PREFIX))  # test games have no doc
MAX_GAMES = 24  # the search stops once every example was accepted somewhere


def section(text: str, title: str) -> str:
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def examples(key: str) -> list[str]:
    """The backticked text in the first column of the "Typing moves" table."""
    rows = section((DOCS / f"{key}.md").read_text(), "Typing moves").splitlines()
    found = []
    for row in rows:
        cells = row.split("|")
        if len(cells) > 2 and cells[1].strip().startswith("`"):
            found.extend(re.findall(r"`([^`]+)`", cells[1]))
    return found


def seat_counts(key: str) -> list[int]:
    game = GAMES[key]
    return list(range(game.min_seats, game.max_seats + 1))


NAMES = ("Ana", "Bo", "Cy", "Dee", "Eve")
"""The players the docs' examples name, seat by seat."""


def unparsed(key: str, wanted: list[str]) -> list[str]:
    """The examples no position of up to MAX_GAMES seeded games accepts (the bot's random and
    heuristic players take turns, so both short and long games are seen)."""
    game = GAMES[key]
    engine = Engine(game)
    left = list(wanted)
    counts = seat_counts(key)
    for n in range(MAX_GAMES):
        seats = counts[n % len(counts)]
        seed = f"docs/{n}"
        state: Any = engine.setup(seats, None, seed)
        agent = game.agents["random" if n % 2 == 0 else "heuristic"]()
        ply = 0
        while left and game.outcome(state) is None and ply < 2_000:
            for acting in game.to_act(state):
                legal = game.legal_actions(state, acting)
                for typed in list(left):
                    # as the bot reads it: as typed, else with the players' names as references
                    for text in (typed, typed_refs(typed, NAMES[:seats])):
                        try:
                            action = game.text.parse(state, acting, text)
                        except RuleError:
                            continue
                        if action in legal:
                            left.remove(typed)
                            break
            seat = next_actor(game, state)
            assert seat is not None
            ply += 1
            legal = game.legal_actions(state, seat)
            action = agent.choose(
                game.observe(state, seat), legal, engine.agent_rng(seed, ply, seat)
            )
            state = engine.act(state, seat, action, seed=seed, ply=ply).state
        if not left:
            break
    return left


@pytest.mark.parametrize("key", SHIPPED)
def test_every_shipped_game_has_a_player_doc_listed_in_the_index(key: str) -> None:
    doc = (DOCS / f"{key}.md").read_text()
    assert doc.startswith(f"# {GAMES[key].title}\n")
    assert f"*Key `{key}`" in doc
    for title in ("How a turn goes", "Typing moves", "Options"):
        assert f"\n## {title}\n" in doc, title
    assert f"games/{key}.md" in (ROOT / "docs" / "README.md").read_text()


@pytest.mark.parametrize("key", SHIPPED)
def test_every_typed_example_in_a_doc_is_a_move_the_game_accepts(key: str) -> None:
    wanted = examples(key)
    assert len(wanted) >= 5, wanted
    assert unparsed(key, wanted) == []


@pytest.mark.parametrize("key", SHIPPED)
def test_every_option_a_doc_names_exists_with_the_stated_default(key: str) -> None:
    model = GAMES[key].options_model
    options = section((DOCS / f"{key}.md").read_text(), "Options")
    hooks = set(getattr(model, "test_hooks", ()))
    for name, field in model.model_fields.items():
        assert f"`{name}`" in options, name
        if name in hooks:
            continue
        row = next(line for line in options.splitlines() if line.startswith(f"| `{name}`"))
        default = field.default
        shown = "none" if default is None else str(default).lower()
        assert f"default {shown}" in row.lower(), (name, row)
    for named in re.findall(r"^\| `(\w+)`", options, re.M):
        assert named in model.model_fields, named


@pytest.mark.parametrize("key", SHIPPED)
def test_the_rules_command_points_at_the_full_doc(key: str) -> None:
    assert f"docs/games/{key}.md" in GAMES[key].text.rules_text()

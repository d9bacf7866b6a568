"""Pure game engines. `GAMES` is the registry: each game key to its `Game` object.

The shipped games are the packages named in `_GAME_MODULES` (each exposes `GAME`); `register`
adds a game at run time (a test's throwaway game, a plug-in) and `unregister` takes it out again,
`registered` does both around a block. Every consumer reads `GAMES` when it needs it — the bot's
service when it is built, the command line when it parses, the lobby when it answers — never a
copy taken at import, so a game registered before that is offered everywhere.

A key is a lowercase identifier (`[a-z][a-z0-9_]*`): a package name, a command value and the first
part of a challenge code. Keys beginning with `test_` belong to test-only games; no shipped game
has one, so a test game can never clash with a real one.

Nothing here may import discord, asyncio, storage, bot or cogs, or use the global `random`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any

from rules.core import Game, Options

KEY = re.compile(r"[a-z][a-z0-9_]*\Z")
TEST_PREFIX = "test_"
"""Keys of test-only games begin with this; a shipped game's never does."""

# One entry per game package; each exposes `GAME`.
_GAME_MODULES: tuple[str, ...] = (
    "coldest_night",
    "winter",
    "cold_comfort",
    "tenth_night",
    "dead_of_winter",
)


def problems(game: Game[Any, Any, Any]) -> list[str]:
    """What keeps `game` out of the registry, in sentences (empty when it may join): the facts
    every part of the bot relies on without asking the game again."""
    found = []
    key = getattr(game, "key", None)
    if not isinstance(key, str) or not KEY.match(key):
        found.append(f"its key {key!r} is not a lowercase identifier ([a-z][a-z0-9_]*)")
    for name in ("title", "pitch"):
        if not str(getattr(game, name, "") or "").strip():
            found.append(f"it has no {name}")
    low, high = getattr(game, "min_seats", None), getattr(game, "max_seats", None)
    if not (isinstance(low, int) and isinstance(high, int) and 1 <= low <= high):
        found.append(f"its seats ({low!r} to {high!r}) are not 1 ≤ min_seats ≤ max_seats")
    model = getattr(game, "options_model", None)
    if not (isinstance(model, type) and issubclass(model, Options)):
        found.append("its options_model is not a rules.core.Options subclass")
    else:
        for variant in model.variants:
            try:
                model.model_validate(variant)
            except ValueError:
                found.append(f"its options refuse the variant it declares, {variant!r}")
    agents = getattr(game, "agents", None) or {}
    missing = {"random", "heuristic"} - set(agents)
    if missing:
        found.append(f"it has no {' and no '.join(sorted(missing))} agent")
    return found


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """Add `game` to the registry under its key (and return it). A key already taken by another
    game object, or a game that breaks a rule of `problems`, is refused with `ValueError`."""
    wrong = problems(game)
    if wrong:
        raise ValueError(f"{type(game).__name__} cannot be registered: {'; '.join(wrong)}.")
    held = GAMES.get(game.key)
    if held is not None and held is not game:
        raise ValueError(f"the game key {game.key!r} is taken by {held.title}")
    GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    """Take the game registered under `key` out of the registry (nothing if there is none)."""
    GAMES.pop(key, None)


@contextmanager
def registered(game: Game[Any, Any, Any]) -> Iterator[Game[Any, Any, Any]]:
    """`game` in the registry for the block, out of it afterwards."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.key)


def shipped() -> tuple[str, ...]:
    """The keys of the games that ship with the bot (the packages of `rules/`), in menu order."""
    return _GAME_MODULES


GAMES: dict[str, Game[Any, Any, Any]] = {}
for _name in _GAME_MODULES:
    _game = import_module(f"rules.{_name}").GAME
    if _name.startswith(TEST_PREFIX) or _game.key != _name:
        raise ValueError(f"rules.{_name}: a shipped game's key is its package name, never test_…")
    register(_game)
del _name, _game

"""Pure game engines. `GAMES` maps each game key to its `Game` object.

Nothing here may import discord, asyncio, storage, bot or cogs, or use the global `random`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rules.core import Game

# One entry per game package; each exposes `GAME`.
_GAME_MODULES: tuple[str, ...] = (
    "coldest_night",
    "winter",
    "cold_comfort",
    "tenth_night",
    "dead_of_winter",
)

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.key: game for game in (import_module(f"rules.{name}").GAME for name in _GAME_MODULES)
}

"""The games' `picture` flags and the renderers in `cogs/games/` stay in step: `PICTURES` reads
the registry, so every game that declares a picture must have its module, and no module that
draws a board may be left without a game that declares one."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from cogs.games import PICTURES
from rules import GAMES


def test_every_game_that_declares_a_picture_has_a_renderer_and_no_renderer_is_orphaned() -> None:
    declared = {key for key, game in GAMES.items() if game.picture}
    assert declared == set(PICTURES)
    assert declared  # Winter, Cold Comfort and Dead of Winter draw their boards
    folder = Path(import_module("cogs.games").__file__ or "").parent
    drawing = {
        path.stem
        for path in folder.glob("*.py")
        if callable(getattr(import_module(f"cogs.games.{path.stem}"), "picture", None))
    }
    assert drawing == declared

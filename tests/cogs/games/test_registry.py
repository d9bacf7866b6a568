"""The picture registry and the games' `picture` flags stay in step."""

from __future__ import annotations

from cogs.games import PICTURES
from rules import GAMES


def test_every_game_that_declares_a_picture_has_a_renderer_and_no_renderer_is_orphaned() -> None:
    declared = {key for key, game in GAMES.items() if game.picture}
    assert declared == set(PICTURES)
    assert declared  # Winter and Cold Comfort draw their boards

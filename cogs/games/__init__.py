"""Board pictures, one renderer per game that declares `picture = True` (a test keeps the two in
step). A renderer reads only the observation it is given (and the game's public rules helpers),
never agents or a game's internals, and returns a PNG."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cogs.games import cold_comfort, dead_of_winter, winter

Picture = Callable[..., bytes | None]  # (observation, *, hints=False, names=(), spots=None) -> PNG

PICTURES: dict[str, Picture] = {
    "winter": winter.picture,
    "cold_comfort": cold_comfort.picture,
    "dead_of_winter": dead_of_winter.picture,
}

# (observation, names in seat order) -> the picture's alt text, at most 1,000 characters; a game
# without one gets its board text, clipped
AltText = Callable[[Any, Sequence[str]], str]
ALT_TEXT: dict[str, AltText] = {
    "winter": winter.alt_text,
    "cold_comfort": cold_comfort.alt_text,
    "dead_of_winter": dead_of_winter.alt_text,
}

__all__ = ["ALT_TEXT", "PICTURES", "AltText", "Picture"]

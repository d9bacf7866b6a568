"""Board pictures, one renderer per game that declares `picture = True` (a test keeps the two in
step). A renderer reads only the observation it is given (and the game's public rules helpers),
never agents or a game's internals, and returns a PNG."""

from __future__ import annotations

from collections.abc import Callable

from cogs.games import cold_comfort, dead_of_winter, winter

Picture = Callable[..., bytes | None]  # (observation, *, hints: bool = False) -> PNG bytes

PICTURES: dict[str, Picture] = {
    "winter": winter.picture,
    "cold_comfort": cold_comfort.picture,
    "dead_of_winter": dead_of_winter.picture,
}

__all__ = ["PICTURES", "Picture"]

"""Board pictures: `cogs/games/<key>.py` draws the board of each game that declares a picture
(`Game.picture`), with `picture(...)` and, if it has one, `alt_text(...)`. `PICTURES` and
`ALT_TEXT` read the registry (`rules.GAMES`) when asked, so a new game's renderer needs no line
here (a test keeps the declarations and the modules in step). A renderer reads only the
observation it is given (and the game's public rules helpers), never agents or a game's internals,
and returns a PNG."""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping, Sequence
from importlib import import_module
from typing import Any, Generic, TypeVar

from rules import GAMES

Picture = Callable[..., bytes | None]  # (observation, *, hints=False, names=(), spots=None) -> PNG

# (observation, names in seat order) -> the picture's alt text, at most 1,000 characters; a game
# without one gets its board text, clipped
AltText = Callable[[Any, Sequence[str]], str]

F = TypeVar("F")


class Renderers(MutableMapping[str, F], Generic[F]):
    """The function `name` of `cogs/games/<key>.py`, by game key, for every registered game that
    declares a picture and whose module has it. A value set here (a test's counting wrapper)
    stands in for the module's until it is deleted."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.replaced: dict[str, F] = {}

    def __getitem__(self, key: str) -> F:
        if key in self.replaced:
            return self.replaced[key]
        game = GAMES.get(key)
        if game is None or not game.picture:
            raise KeyError(key)
        try:
            module = import_module(f"cogs.games.{key}")
        except ModuleNotFoundError as missing:
            if missing.name != f"cogs.games.{key}":
                raise
            raise KeyError(key) from None
        found = getattr(module, self.name, None)
        if found is None:
            raise KeyError(key)
        return found  # type: ignore[no-any-return]

    def __setitem__(self, key: str, value: F) -> None:
        self.replaced[key] = value

    def __delitem__(self, key: str) -> None:
        del self.replaced[key]

    def __iter__(self) -> Iterator[str]:
        return iter([key for key in GAMES if key in self])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, key: object) -> bool:
        try:
            self[key]  # type: ignore[index]
        except KeyError:
            return False
        return True


PICTURES: Renderers[Picture] = Renderers("picture")
ALT_TEXT: Renderers[AltText] = Renderers("alt_text")

__all__ = ["ALT_TEXT", "PICTURES", "AltText", "Picture", "Renderers"]

"""Names and words the service shows players: AI seats' names, table options in sentences, and
the players' display names in move labels and typed moves.

Player-facing text names players, never seat numbers or engine words (docs/DESIGN.md §2,
"Records"). A game writes a player into an event or a move label as `{sN}` (`rules.core.seat_ref`)
and the service fills in the name (`rules.core.format_event`). A typed move may name a player
as the buttons do ("exile Bo"): `typed_refs` turns each seat's name back into its `{sN}` form,
which every game's `parse` accepts as its own labels carry it; the service tries the text as typed
first, so the old notation ("exile seat 2") keeps working exactly as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules import GAMES
from rules.core import seat_ref

AI_MARK = "🤖"
AI_NAMES = (
    "Frost",
    "Sleet",
    "Rime",
    "Flurry",
    "Hail",
    "Drift",
    "Icicle",
    "Tundra",
    "Aurora",
    "Glacier",
    "Boreal",
    "Nimbus",
)
"""AI seats' names, winter words a table hands out in this order, each once."""

LEVEL_WORDS = {
    "random": "plays at random",
    "heuristic": "plays to win",
    "expert": "thinks each move through",
}
"""An AI level in words, for the lobby (the only place that shows it)."""


def ai_name(taken: Iterable[str]) -> str:
    """The first winter name no seat at the table has yet, with the AI mark: "Frost 🤖"."""
    used = {plain_name(name).casefold() for name in taken}
    for name in AI_NAMES:
        if name.casefold() not in used:
            return f"{name} {AI_MARK}"
    number = 2
    while f"frost {number}" in used:
        number += 1
    return f"Frost {number} {AI_MARK}"


def plain_name(name: str) -> str:
    """A name without the AI mark: what a player types for "Frost 🤖"."""
    return name.replace(AI_MARK, "").strip()


def level_words(level: str) -> str:
    """An AI level as the lobby shows it: "plays to win"."""
    return LEVEL_WORDS.get(level, f"{level.replace('_', ' ')} level")


# Table options in words: a game's own (`GameText.option_sentence`), else the option's words and
# the value ("Max turns: 40").
_ON_OFF = {True: "on", False: "off"}


def _words(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def option_sentence(game_key: str, key: str, value: Any) -> str:
    """One table option as players read it ("Secret deal: a betrayer is surely among you"),
    or "" for an option that says nothing worth a line (a variant set off)."""
    game = GAMES.get(game_key)
    said = game.text.option_sentence(key, value) if game is not None else None
    if said is not None:
        return said
    if isinstance(value, bool):
        return f"{_words(key)}: {_ON_OFF[value]}"
    if isinstance(value, list | tuple):
        shown = ", ".join(str(v) for v in value[:5]) + (" …" if len(value) > 5 else "")
        return f"{_words(key)}: {shown}"
    return f"{_words(key)}: {str(value).replace('_', ' ')}"


def options_text(game_key: str, options: Mapping[str, Any]) -> str:
    """A table's options in sentences, one after another ("Secret deal: a betrayer is surely
    among you. Hardcore: the main objective's harder side.")."""
    said = [option_sentence(game_key, key, value) for key, value in options.items()]
    return " ".join(f"{line}." for line in said if line)


def typed_refs(text: str, names: Sequence[str]) -> str:
    """`text` with each seat's name, as a whole word in any case, turned into its `{sN}` form
    (longer names first, so "Bo" never eats into "Bo Ray"; an AI seat's name with or without its
    mark). Text naming nobody comes back unchanged."""
    spellings: list[tuple[str, int]] = []
    for seat, name in enumerate(names):
        for spelling in {name.strip(), plain_name(name)}:
            if spelling:
                spellings.append((spelling, seat))
    spellings.sort(key=lambda pair: -len(pair[0]))
    for spelling, seat in spellings:
        pattern = re.compile(rf"(?<!\w){re.escape(spelling)}(?!\w)", re.IGNORECASE)
        text = pattern.sub(seat_ref(seat), text)
    return text


__all__ = [
    "AI_MARK",
    "AI_NAMES",
    "ai_name",
    "level_words",
    "option_sentence",
    "options_text",
    "plain_name",
    "typed_refs",
]

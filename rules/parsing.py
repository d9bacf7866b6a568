"""Turning typed text into a legal action by its label.

Games call `match_label` after trying their own notation, so `/play` and `!play` accept any unique
prefix or word-subset of a legal action's label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rules.errors import OptionsError, ParseError

A = TypeVar("A")

_SPACES = re.compile(r"\s+")
_PUNCT = re.compile(r"[^\w\s+\-→>]")
_SEAT_REF = re.compile(r"\{s(\d{1,4})\}")  # a seat number, never a 5,000-digit one


def seat_words(text: str) -> str:
    """`text` with each `{sN}` (a label's player, `rules.core.seat_ref`) in the typed notation
    players have always used: "seat N+1". A label and the move typed from it then read alike."""
    if "{s" not in text:
        return text
    return _SEAT_REF.sub(lambda m: f"seat {int(m.group(1)) + 1}", text)


def normalise(text: str) -> str:
    """Case- and punctuation-insensitive form used to compare typed text with labels (a label's
    `{sN}` reads as "seat N+1", as players type it)."""
    text = seat_words(text).casefold().replace("→", " ").replace("->", " ")
    text = _PUNCT.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def match_label(actions: Sequence[A], label: Callable[[A], str], text: str, *, limit: int = 5) -> A:
    """The one action whose label matches `text`: exactly, by prefix, or by all of its words."""
    wanted = normalise(text)
    if not wanted:
        raise ParseError("Type an action: `/play` lists what you can do right now.")
    labelled = [(normalise(label(a)), a) for a in actions]
    for stage in (
        lambda lab: lab == wanted,
        lambda lab: lab.startswith(wanted),
        lambda lab: all(word in lab.split() for word in wanted.split()),
        lambda lab: all(word in lab for word in wanted.split()),
    ):
        found = [a for lab, a in labelled if stage(lab)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            # Several actions can share a label (two copies of a card): they are the same move.
            distinct = {label(a) for a in found}
            if len(distinct) == 1:
                return found[0]
            shown = ", ".join(f"`{lab}`" for lab in sorted(distinct)[:limit])
            more = f" and {len(distinct) - limit} more" if len(distinct) > limit else ""
            raise ParseError(f"“{text}” could mean several moves: {shown}{more}. Be more specific.")
    if not actions:
        raise ParseError("You have nothing to do right now.")
    shown = ", ".join(f"`{label(a)}`" for a in actions[:limit])
    more = f" (and {len(actions) - limit} more)" if len(actions) > limit else ""
    raise ParseError(f"“{text}” is not a move you can make now. You can: {shown}{more}.")


def echo(text: str, limit: int = 60) -> str:
    """User text repeated in a reply, cut short so a reply never outgrows a message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


MAX_OPTIONS = 40


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """`key=value` pairs (from `/game new`, `play -o`, `simulate -o`): a value with commas becomes a
    list, digits become numbers, yes/no become booleans. Bad text is an `OptionsError`, a refusal
    the player reads — never an exit, since any member may type it."""
    if len(pairs) > MAX_OPTIONS:
        raise OptionsError(
            f"That is too many options ({len(pairs)}); a table takes at most {MAX_OPTIONS}."
        )
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise OptionsError(f"Options are written key=value, not “{echo(pair)}”.")
        options[key.strip()] = parse_value(raw.strip())
    return options


def parse_value(raw: str) -> Any:
    if "," in raw:
        return [parse_value(part.strip()) for part in raw.split(",") if part.strip()]
    digits = raw[1:] if raw.startswith("-") else raw
    if digits.isdigit() and digits.isascii() and len(digits) <= 18:
        return int(raw)
    if raw.casefold() in ("true", "yes", "on"):
        return True
    if raw.casefold() in ("false", "no", "off"):
        return False
    return raw


MAX_DIGITS = 9
"""No game's notation names a number this long: a longer one is refused, never handed to `int()`
(which refuses more than 4,300 digits with a ValueError, not a refusal a player can read)."""


def typed_int(digits: str) -> int:
    """A number typed in a move (optionally signed), or a `ParseError` the player can read: every
    game's `parse` answers any text with a `RuleError`, even when called directly."""
    text = digits.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body or not body.isdecimal():
        raise ParseError(f"“{echo(text)}” is not a number.")
    if len(body) > MAX_DIGITS:
        raise ParseError(f"“{echo(text, 20)}” is too long to be a number in a move.")
    return int(text)

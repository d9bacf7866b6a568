"""Board pictures: drawn by the game's renderer (`cogs.games`), in a worker thread, again only
when the observation they show changed. The cache is the bot's (`SnowboundBot.pictures`): nothing
here keeps state of its own."""

from __future__ import annotations

import hashlib
import inspect
import io
import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.board_cache import Pictures, observation_digest
from cogs.common import clip
from cogs.games import ALT_TEXT, PICTURES

log = logging.getLogger(__name__)

ALT_MAX = 1000  # Discord's limit on an attachment's description
FILENAME = "board.png"


def has_picture(game: str, declared: bool) -> bool:
    """Whether the game draws a board picture (`picture = True` and a renderer): checked before
    anything goes to a worker thread, so a game without one costs nothing."""
    return declared and game in PICTURES


def _draw(game: str, observation: Any, hints: bool, names: Sequence[str]) -> bytes | None:
    draw = PICTURES[game]
    try:
        takes_names = "names" in inspect.signature(draw).parameters
    except (TypeError, ValueError):
        takes_names = False
    if takes_names:
        return draw(observation, hints=hints, names=tuple(names))
    return draw(observation, hints=hints)


def picture_of(
    table_id: int,
    game: str,
    observation: Any,
    *,
    hints: bool = False,
    names: Sequence[str] = (),
    cache: Pictures | None = None,
) -> bytes | None:
    """The game's PNG of `observation` (None if it draws none, or drawing failed), taken from
    `cache` when the same table's last picture was drawn from the same observation."""
    if game not in PICTURES:
        return None
    source = observation_digest(observation)
    if names:  # legends name the players: a rename is a new picture
        source += hashlib.blake2b("\x1f".join(names).encode(), digest_size=8).digest()
    if cache is not None:
        kept = cache.get(table_id, hints, source)
        if kept is not None:
            return kept
    try:
        png = _draw(game, observation, hints, names)
    except Exception:
        log.exception("picture for table %s failed", table_id)
        return None
    if png and cache is not None and table_id:
        cache.put(table_id, hints, source, png)
    return png


def alt_text(game: str, observation: Any, names: Sequence[str], board_text: str) -> str:
    """What the picture shows, for screen readers: the game's own alt text when it has one,
    else the board's text (the same data the picture is drawn from), clipped."""
    make = ALT_TEXT.get(game)
    text = ""
    if make is not None:
        try:
            text = make(observation, tuple(names))
        except Exception:
            log.exception("alt text for %s failed", game)
    if not text:
        text = board_text.replace("**", "").replace("__", "")
    return clip(" ".join(text.split()), ALT_MAX)


def picture_file(png: bytes, alt: str, name: str = FILENAME) -> discord.File:
    """The picture as an attachment, with its alt text."""
    return discord.File(io.BytesIO(png), name, description=alt or None)

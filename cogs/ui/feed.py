"""The feed: the short lines above the live board, one per move, and how they are packed into
messages. Text only: no requests are made here except by `send_lines`."""

from __future__ import annotations

import re
from typing import Any

from bot.records import FEED_WIDTH
from cogs.common import clip, pings
from rules.core import times_words

BOARD_LINES = 1900  # the most feed text one board message carries (Discord allows 2,000)
# the longest feed line: one move's public lines, joined (its dice and draws are public facts
# the thread keeps); a longer move (a Dead of Winter colony phase) takes several feed lines, split
# where its own lines end (`Played.feed`), and only a single line longer still ends in "…"
FEED_LINE = FEED_WIDTH
FEED_SHOWN = 6  # the most feed lines a live board carries before it moves down the thread


def ping_line(ping: tuple[int, ...]) -> str:
    return "Your move: " + ", ".join(f"<@{u}>" for u in ping) + "."


def feed_line(line: str) -> str:
    """One feed line, clipped to a short line; the new lines a move's headings start are kept
    (a night's attacks each on its own line)."""
    return clip("\n".join(" ".join(part.split()) for part in line.split("\n")), FEED_LINE)


_REPEAT = re.compile(r"(.*) \((twice|(\d+) times)\)", re.S)


def merged(lines: list[str]) -> list[str]:
    """The feed with a line said again right after itself counted instead of repeated: three
    "Frost gives a card to Sleet." in a row read "Frost gives a card to Sleet. (3 times)", so the
    board keeps room for the moves that differ."""
    out: list[str] = []
    for line in lines:
        if out:
            last = _REPEAT.fullmatch(out[-1])
            base, times = (last[1], int(last[3] or 2)) if last else (out[-1], 1)
            if base == line:
                out[-1] = f"{line} ({times_words(times + 1)})"
                continue
        out.append(line)
    return out


def board_content(lines: list[str]) -> str:
    """The lines a board message carries, clipped line by line to fit one message."""
    return "\n".join(clip(line, BOARD_LINES) for line in lines)


def split_news(lines: list[str]) -> tuple[list[str], list[str]]:
    """The lines that fit in a board message, taken from the end (the ping is last), and those
    before them, which need messages of their own."""
    tail: list[str] = []
    for line in reversed(lines):
        if tail and len(board_content([line, *tail])) > BOARD_LINES:
            break
        tail.insert(0, line)
    return lines[: len(lines) - len(tail)], tail


async def send_lines(channel: Any, lines: list[str], *, ping: tuple[int, ...] = ()) -> None:
    """Post lines, packed into as few messages as fit; `ping` users get mentioned."""
    allowed = pings(*ping)
    chunk = ""
    for line in lines:
        line = clip(line, BOARD_LINES)
        if len(chunk) + len(line) + 1 > BOARD_LINES:
            await channel.send(chunk, allowed_mentions=allowed)
            chunk = ""
        chunk = f"{chunk}\n{line}" if chunk else line
    if chunk:
        await channel.send(chunk, allowed_mentions=allowed)

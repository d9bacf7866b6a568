"""The terminal table's text: Discord Markdown for a terminal, refusals in the terminal's words,
the numbered options of a step and the move lists. Pure functions of strings and choice nodes."""

from __future__ import annotations

import os
import re
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.records import PanelUpdate
from rules.choices import Node, at
from rules.choices import trail as steps_to

MAX_LISTED = 30
"""More moves than this are shown grouped by kind; `moves all` lists every one."""
MAX_CHOICES = 120
"""A grouped kind names the values of its first choice when there are at most this many."""
SMALL_GROUP = 6
"""A kind with this few moves is listed move by move even when the list is grouped."""

HELP = """Commands:
  <number>        play the move with that number, or open that step to see its options
  b (or back)     go back one step
  <text>          play a move by its label or the game's notation (e.g. `scavenge`), at any step
  @<seat> <move>  act for another human seat (hotseat), e.g. `@2 use kerosene`
  moves           your choices again, from the first step (`moves all`: every move, numbered,
                  however many; a number typed next plays from that list)
  typing          how to type each kind of move you have now
  board           show the board and your view again
  hand            show your private view again
  log             recent events
  suggest         the expert's pick for your move, with its reason and chance of winning
  undo            take back the last move, if a human seat here made it, nobody moved since,
                  and it drew nothing and showed nothing hidden
  rules           the rules summary
  help            this help
  quit (or q)     stop here; the game is saved (Ctrl-C and the end of input do the same)"""


# --- Discord Markdown for a terminal -------------------------------------------------------------
_FENCE = re.compile(r"```[a-z]*\n?(.*?)\n?```", re.DOTALL)
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.DOTALL)
_UNDER = re.compile(r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)", re.DOTALL)
_STRIKE = re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.DOTALL)
_STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def use_ansi(stream: Any = None) -> bool:
    """ANSI styles only on a terminal, and never when `NO_COLOR` is set (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def relative_time(at: float, now: float) -> str:
    """`<t:…:R>` in words, as Discord shows it: "in 2 min", "5 s ago"."""
    seconds = round(at - now)
    span = abs(seconds)
    if span < 60:
        amount = f"{span} s"
    elif span < 3600:
        amount = f"{span // 60} min"
    elif span < 86400:
        amount = f"{span // 3600} h"
    else:
        amount = f"{span // 86400} days"
    return f"in {amount}" if seconds >= 0 else f"{amount} ago"


def render_markdown(text: str, *, ansi: bool, now: float | None = None) -> str:
    """Discord's light Markdown for a terminal: bold, underline and strike as ANSI styles (or
    plain), code fences dropped around their block, timestamps in words. Inline `code` keeps its
    backticks: they show what to type."""
    now = time.time() if now is None else now

    def stamp(match: re.Match[str]) -> str:
        at = int(match.group(1))
        if match.group(2) == "R":
            return relative_time(at, now)
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))

    def style(on: str, off: str) -> Callable[[re.Match[str]], str]:
        return lambda m: f"\x1b[{on}m{m.group(1)}\x1b[{off}m" if ansi else m.group(1)

    text = _FENCE.sub(lambda m: m.group(1), text)
    text = _STAMP.sub(stamp, text)
    text = _BOLD.sub(style("1", "22"), text)
    text = _UNDER.sub(style("4", "24"), text)
    return _STRIKE.sub(style("9", "29"), text)


# --- refusals in the terminal's words ------------------------------------------------------------
_TERMINAL_WORDS = (
    (
        re.compile(r"That (button|move) is out of date: the game has moved on\..*"),
        "That move is out of date: the game moved on while you were typing. Here is the new list.",
    ),
    (re.compile(r"`/play` lists what you can do"), "`moves` lists what you can do"),
    (re.compile(r"`/game hand`"), "`hand`"),
    (re.compile(r"`/game rules`"), "`rules`"),
    (re.compile(r"`suggestions=on` at `/game new`"), "`-o suggestions=on` when starting `play`"),
)


def terminal_words(message: str) -> str:
    """A refusal the service words for Discord (buttons, panels, slash commands), said for the
    terminal, where there are only typed commands."""
    for pattern, words in _TERMINAL_WORDS:
        message = pattern.sub(words, message)
    return message


def is_stale(message: str) -> bool:
    return message.startswith("That move is out of date")


STALE = "That move is out of date: the game has moved on."


def option_text(node: Node) -> str:
    """One numbered choice of a step: its label ("…" when it has steps of its own) and what it
    does. A spot's detail names its place as the board does ("At B1: …"); the engine's own
    coordinates (`Choice.at`, for the picture's letters) are never shown."""
    choice = node.choice
    text = node.label if node.leaf or node.label.endswith("…") else f"{node.label} …"
    if choice is not None and choice.detail:
        text += f" — {choice.detail}"
    return text


# --- move lists ----------------------------------------------------------------------------------
_SNIPPET = re.compile(r"`([^`]+)`")


def kind_of(action: Any) -> str:
    kind = getattr(action, "type", None)
    return kind if isinstance(kind, str) else type(action).__name__


def syntax_for(notation: str, kind: str, labels: Sequence[str]) -> str | None:
    """The game's notation for a kind of move: the first `snippet` in the game's `notation()`
    whose first word is the kind or the first word of the kind's labels."""
    words = {kind.casefold().replace("_", " ").split()[0]}
    words |= {label.split()[0].casefold() for label in labels[:1] if label.split()}
    for snippet in _SNIPPET.findall(notation):
        snippet = str(snippet)
        head = snippet.split()
        if head and head[0].casefold() in words:
            return snippet
    return None


def first_choices(labels: Sequence[str]) -> list[str]:
    """The values of the first word where a kind's labels differ, in order (the spots a tile can
    go, the cards a swap can take): what a player picks first among many similar moves."""
    words = [label.split() for label in labels]
    if len({tuple(sorted(w)) for w in words}) == 1:
        return []  # the same words in other orders (a row to arrange): the order is the choice
    for i in range(min(len(w) for w in words)):
        if len({w[i] for w in words}) > 1:
            return list(dict.fromkeys(w[i].rstrip(",;:") for w in words))
    return []


def move_lines(
    labels: Sequence[str], kinds: Sequence[str], notation: str, *, full: bool
) -> list[str]:
    """The numbered list, or when it is long (and not `full`) one line per kind of move: the
    syntax to type, how many there are and an example; small kinds keep their numbered lines."""
    if full or len(labels) <= MAX_LISTED:
        return [f"  {n:>3}. {label}" for n, label in enumerate(labels, start=1)]
    groups: dict[str, list[int]] = {}
    for index, kind in enumerate(kinds):
        groups.setdefault(kind, []).append(index)
    lines: list[str] = []
    for kind, indexes in groups.items():
        if len(indexes) <= SMALL_GROUP:
            lines.extend(f"  {i + 1:>3}. {labels[i]}" for i in indexes)
            continue
        examples = [labels[i] for i in indexes]
        syntax = syntax_for(notation, kind, examples)
        shown = f"`{syntax}`" if syntax else kind.replace("_", " ")
        lines.append(f"    • {shown} ({len(indexes)} moves), e.g. `{examples[0]}`")
        choices = first_choices(examples)
        if 1 < len(choices) <= MAX_CHOICES and len(choices) < len(indexes):
            wrapped = textwrap.wrap(", ".join(choices), 92, break_on_hyphens=False)
            lines.append(f"      choose from: {wrapped[0]}")
            lines.extend(f"                   {more}" for more in wrapped[1:])
    lines.append(
        f"  ({len(labels)} moves in all: type one as shown, or `moves all` to number every one.)"
    )
    if notation.strip():  # the game's general note on names (cards, squares, spots)
        lines.append("  " + notation.strip().splitlines()[0])
    return lines


# --- a step of the choice tree ------------------------------------------------------------------
def step_node(update: PanelUpdate, address: tuple[int, ...]) -> tuple[tuple[int, ...], Node]:
    """The step at `address` of the panel's choice tree, or the first step (and its address) when
    that one is gone or is a move."""
    node = at(update.tree, address)
    if node is None or node.leaf:
        return (), update.tree
    return address, node


def step_menu(update: PanelUpdate, address: tuple[int, ...]) -> tuple[tuple[int, ...], list[str]]:
    """The step shown (`step_node`) and its lines, numbered: each option with what it does ("…"
    when it has steps of its own), then `b` below the top."""
    address, node = step_node(update, address)
    if not node.children:
        return address, ["  No moves for you right now."]
    lines = []
    if address:
        trail = " › ".join(steps_to(update.tree, address))
        lines.append(f"  Your move so far: {trail}")
    for number, child in enumerate(node.children, start=1):
        lines.append(f"  {number:>3}) {option_text(child)}")
    if address:
        lines.append("    b) back")
    count = len(update.choices)
    if not address and count > len(node.children):
        lines.append(
            f"  ({count} moves in all, a few steps each: type a number, or a move as "
            "`typing` shows.)"
        )
    return address, lines

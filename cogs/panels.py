"""Grouped private panels, for games whose turn offers dozens or hundreds of moves (Dead of Winter).

A plain panel (`cogs.present.ChoicesView`) lists moves in label order: a few buttons, else pages of
select menus, so "Move Bram to 5" may sit on page three behind a hundred barricades. A game that
names a kind for each move (`BaseGame.move_kind`) gets this panel instead, which is laid out by
kind, within Discord's limits (5 rows; a row holds 5 buttons or one select; 25 options a select):

- the game's common kinds (`BaseGame.panel_common`) come first, as buttons: one per move when the
  kind has at most `DIRECT_MAX` moves ("Vote yes", "Vote no"), otherwise one button ("Move… (12)")
  that opens that kind;
- every other kind gets a select menu of its own (a kind of one or two moves, "End turn", gets
  buttons; a kind of more than 25 gets an opening button);
- when that does not fit in five rows, the last select menus, then the largest groups of buttons,
  become opening buttons, until it fits. More kinds than 25 buttons (no game has that) fall back
  to the plain panel.

An opened kind shows its moves (buttons for five or fewer, else select menus, four a page) with
"◀ All moves" and page buttons on the last row.

This module only lays the panel out. Its components come from `cogs.present` (`Components`),
which holds every `DynamicItem` and the code their clicks run, as its docstring explains: the move
buttons and menus are the plain panel's own `ChoiceButton` and `ChoiceSelect`, whose custom ids
carry table, ply, move index and a hash of the label, so they survive restarts and a stale click is
judged by `TableService.act_choice` exactly as on any panel. The one new component, `KindButton`
(`sb:o:<table>:<kind>:<page>`), only redraws the clicker's own panel from the table as it is now,
so it is never stale; a kind no longer offered shows the overview.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import discord

from rules.core import Game

ROWS = 5  # Discord: five action rows a message
PER_ROW = 5  # five buttons a row; a select menu fills its row
PER_SELECT = 25  # options a select menu
DIRECT_MAX = 3  # a common kind with at most this many moves shows each as a button
SMALL_MAX = 2  # so does any other kind this small ("End turn", "Accept"/"Decline")
FOCUS_SELECTS = ROWS - 1  # an opened kind's menus a page: the last row holds back and pages
SLUG = re.compile(r"[^a-z0-9]+")

Form = Literal["moves", "open", "select"]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of move on a seat's panel: its moves as (index in the legal list, label)."""

    name: str
    slug: str
    moves: tuple[tuple[int, str], ...]
    common: bool


@dataclass(slots=True)
class Part:
    """How a kind is shown on the overview: its moves as buttons, an opening button, or a menu."""

    kind: Kind
    form: Form

    @property
    def buttons(self) -> int:
        return len(self.kind.moves) if self.form == "moves" else 1 if self.form == "open" else 0


def slug(name: str) -> str:
    """A kind's name as it travels in a custom id: lower-case letters, digits and `_`."""
    return SLUG.sub("_", name.lower()).strip("_")[:40] or "other"


def kinds_of(game: Game[Any, Any, Any], choices: Sequence[str]) -> list[Kind] | None:
    """The seat's moves grouped by the game's kinds, common kinds first (in the game's order),
    then the others in the order of their first move; None if the game does not group."""
    if not choices:
        return None
    found: dict[str, tuple[str, list[tuple[int, str]]]] = {}
    for index, label in enumerate(choices):
        name = game.move_kind(label)
        if name is None:
            return None
        found.setdefault(slug(name), (name, []))[1].append((index, label))
    common = [slug(name) for name in game.panel_common]
    order = [s for s in common if s in found] + [s for s in found if s not in common]
    return [Kind(found[s][0], s, tuple(found[s][1]), s in common) for s in order]


def rows_of(parts: Sequence[Part]) -> int:
    return math.ceil(sum(p.buttons for p in parts) / PER_ROW) + sum(
        1 for p in parts if p.form == "select"
    )


def plan(kinds: Sequence[Kind]) -> list[Part] | None:
    """The overview's layout (see the module docstring), or None if even one button per kind
    does not fit."""
    parts = []
    for kind in kinds:
        count = len(kind.moves)
        form: Form
        if count <= (DIRECT_MAX if kind.common else SMALL_MAX):
            form = "moves"
        elif kind.common or count > PER_SELECT:
            form = "open"
        else:
            form = "select"
        parts.append(Part(kind, form))
    while rows_of(parts) > ROWS:
        menus = [p for p in parts if p.form == "select"]
        groups = [p for p in parts if p.form == "moves" and len(p.kind.moves) > 1]
        if menus:
            menus[-1].form = "open"
        elif groups:
            max(groups, key=lambda p: len(p.kind.moves)).form = "open"
        else:
            return None
    return parts


@dataclass(frozen=True, slots=True)
class Panel:
    view: discord.ui.View
    footer: str


Make = Callable[..., discord.ui.Item[Any]]


@dataclass(frozen=True, slots=True)
class Components:
    """The persistent components a grouped panel is built from, given by `cogs.present` (which
    holds every `DynamicItem` and the code their clicks run, and imports this module):
    `move(table_id, ply, index, label)` a move's button, `menu(table_id, ply, number, moves)` a
    select menu of (index, label) moves, `opener(table_id, kind, page, text)` a button that opens
    a kind (an empty kind: back to all moves) at a page."""

    move: Make
    menu: Make
    opener: Make


def grouped_panel(
    game: Game[Any, Any, Any],
    make: Components,
    table_id: int,
    ply: int,
    choices: Sequence[str],
    *,
    focus: str | None = None,
    page: int = 0,
) -> Panel | None:
    """The grouped panel of a seat's moves (the overview, or the kind `focus` opened at `page`),
    or None when the plain panel should be used (the game does not group, or nothing to do)."""
    kinds = kinds_of(game, choices)
    if kinds is None:
        return None
    if focus:
        kind = next((k for k in kinds if k.slug == focus), None)
        if kind is not None:
            return focused(make, table_id, ply, kind, page)
    parts = plan(kinds)
    if parts is None:
        return None
    view = overview(make, table_id, ply, parts)
    footer = "Choose a move below (a button ending in … opens that kind), or type /play."
    if focus:
        footer = "Those moves are no longer offered; here are your moves now. " + footer
    return Panel(view, footer)


def _place(view: discord.ui.View, item: discord.ui.Item[Any], row: int) -> None:
    item.row = row
    view.add_item(item)


def _menu(
    make: Components,
    table_id: int,
    ply: int,
    number: int,
    kind: Kind,
    moves: Sequence[tuple[int, str]],
) -> discord.ui.Item[Any]:
    """A select menu of some of a kind's moves, named after the kind."""
    select = make.menu(table_id, ply, number, list(moves))
    inner = getattr(select, "item", select)  # a `DynamicItem` wraps its select
    if not isinstance(inner, discord.ui.Select):
        raise TypeError("Components.menu must make a select menu")
    whole = len(kind.moves)
    span = f"{len(moves)} of {whole}" if len(moves) < whole else str(whole)
    inner.placeholder = f"{kind.name} ({span})"[:150]
    return select


def overview(make: Components, table_id: int, ply: int, parts: Sequence[Part]) -> discord.ui.View:
    """Buttons first (rows from the top), then one select menu a row."""
    view = discord.ui.View(timeout=None)
    buttons: list[discord.ui.Item[Any]] = []
    for part in parts:
        if part.form == "moves":
            buttons += [make.move(table_id, ply, i, label) for i, label in part.kind.moves]
        elif part.form == "open":
            text = f"{part.kind.name}… ({len(part.kind.moves)})"
            buttons.append(make.opener(table_id, part.kind.slug, 0, text))
    for n, item in enumerate(buttons):
        _place(view, item, n // PER_ROW)
    row = math.ceil(len(buttons) / PER_ROW)
    for number, part in enumerate(p for p in parts if p.form == "select"):
        _place(view, _menu(make, table_id, ply, number, part.kind, part.kind.moves), row + number)
    return view


def focused(make: Components, table_id: int, ply: int, kind: Kind, page: int) -> Panel:
    """One kind's moves: buttons for a few, else menus of 25, four a page."""
    view = discord.ui.View(timeout=None)
    moves = kind.moves
    count = len(moves)
    if count <= PER_ROW:
        for index, label in moves:
            _place(view, make.move(table_id, ply, index, label), 0)
        pages, page, footer = 1, 0, f"{kind.name}: choose one, or go back to all your moves."
    else:
        per_page = PER_SELECT * FOCUS_SELECTS
        pages = math.ceil(count / per_page)
        page = max(0, min(page, pages - 1))
        shown = moves[page * per_page : (page + 1) * per_page]
        for n in range(math.ceil(len(shown) / PER_SELECT)):
            chunk = shown[n * PER_SELECT : (n + 1) * PER_SELECT]
            _place(view, _menu(make, table_id, ply, n, kind, chunk), n)
        first = page * per_page + 1
        footer = f"{kind.name}: moves {first}–{first + len(shown) - 1} of {count}; or go back."
    last = ROWS - 1
    _place(view, make.opener(table_id, "", 0, "◀ All moves"), last)
    if page > 0:
        _place(view, make.opener(table_id, kind.slug, page - 1, "◀ Earlier"), last)
    if page + 1 < pages:
        _place(view, make.opener(table_id, kind.slug, page + 1, "More ▶"), last)
    return Panel(view, footer)

"""Laying out one step of a private panel (`cogs.ui.steps` has the components): at most 25 options
of the node, a few as buttons, more as one select menu, an option with its own list inline as a
menu, a list of places on the board as its own step with the picture lettered; "◀ Back" below the
top. `step_view` builds the `Step` the panel draws."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.records import label_mark
from cogs.common import clip
from cogs.ui.steps import (
    BACK,
    BUTTONS_MAX,
    OPTION_TEXT,
    PER_ROW,
    ROWS,
    Address,
    ChoiceButton,
    ChoiceSelect,
    StepButton,
    opens,
    style_of,
    trail_mark,
)
from rules.choices import MAX_CHOICES, Node, at, trail

# ---------------------------------------------------------------------------------------------
# laying out one step


@dataclass(slots=True)
class Step:
    """One step of a panel: its components, where it is, and what the embed says about it."""

    view: discord.ui.View
    node: Node | None  # None: no moves at all
    address: Address
    trail: list[str]
    spots: dict[str, tuple[int, int]] = field(default_factory=dict)  # labels on the picture
    details: list[tuple[str, str]] = field(default_factory=list)  # buttons', menus' (label, detail)


def option_of(
    root: Node, address: Address, number: int, child: Node, labels: Sequence[str]
) -> discord.SelectOption:
    """The select option of `child`, the `number`-th option of the node at `address`."""
    choice = child.choice
    text = child.label if child.leaf else opens(child.label)
    if child.index is not None:
        whole = labels[child.index] if child.index < len(labels) else child.label
        value = f"{child.index}:{label_mark(whole)}"
    else:
        value = f"n{number}:{trail_mark(root, (*address, number))}"
    detail = choice.detail if choice is not None else ""
    return discord.SelectOption(
        label=clip(text, OPTION_TEXT) or "…",
        value=value,
        description=clip(detail, OPTION_TEXT) or None,
    )


def _button(
    table_id: int,
    ply: int,
    root: Node,
    address: Address,
    number: int,
    child: Node,
    labels: Sequence[str],
) -> discord.ui.Item[Any]:
    if child.index is not None:
        whole = labels[child.index] if child.index < len(labels) else child.label
        return ChoiceButton(
            table_id, ply, child.index, whole, text=child.label, style=style_of(child)
        )
    here = (*address, number)
    return StepButton(
        table_id, ply, here, trail_mark(root, here), opens(child.label), style_of(child)
    )


def inlined(node: Node) -> bool:
    """Whether a node's own options may be shown inline, as a menu on its parent's step: not when
    they are places on the board (their step shows the picture with the places lettered)."""
    return (
        not node.leaf
        and len(node.children) <= MAX_CHOICES
        and not any(child.choice is not None and child.choice.at for child in node.children)
    )


def layout(children: Sequence[Node], rows: int) -> tuple[list[int], list[int], list[int]]:
    """Which options of a node are buttons, which are inline menus of their own options, and
    which go into one select menu (child numbers), within `rows` rows.

    At most five options: buttons, and every option with a list of its own shown inline as its
    own menu while the rows allow. More: every list inline and the moves as buttons if that fits,
    else one menu, with the quiet, harmful and vote moves beside it as buttons when few."""
    numbers = list(range(len(children)))
    lists = [n for n in numbers if inlined(children[n])]
    if len(children) <= BUTTONS_MAX:
        inline = list(lists)
        while inline and len(inline) + (1 if len(inline) < len(numbers) else 0) > rows:
            inline.pop()
        return [n for n in numbers if n not in inline], inline, []
    moves = [n for n in numbers if n not in lists]
    if len(moves) <= BUTTONS_MAX and len(lists) + (1 if moves else 0) <= rows:
        return moves, lists, []
    quiet = [n for n in moves if style_of(children[n]) != discord.ButtonStyle.primary]
    if len(quiet) > BUTTONS_MAX or rows < 2:
        quiet = []
    menu = [n for n in numbers if n not in quiet]
    if len(menu) == 1 and len(quiet) < BUTTONS_MAX:
        return numbers, [], []
    return quiet, [], menu


def step_view(
    table_id: int,
    ply: int,
    root: Node,
    address: Address,
    labels: Sequence[str],
    *,
    extra: Sequence[discord.ui.Item[Any]] = (),
) -> Step:
    """The components of the step at `address` (the top when it is gone): its options, "◀ Back"
    below the top, then `extra` (a DM panel's "My hand & moves") on the last row."""
    node = at(root, address)
    if node is None or node.leaf:
        node, address = root, ()
    view = discord.ui.View(timeout=None)
    nav: list[discord.ui.Item[Any]] = []
    if address:
        up = address[:-1]
        nav.append(
            StepButton(table_id, ply, up, trail_mark(root, up), BACK, discord.ButtonStyle.secondary)
        )
    nav.extend(extra)
    children = node.children[:MAX_CHOICES]
    if not children:
        for item in nav:
            view.add_item(item)
        return Step(view, None, (), [])
    free = ROWS - (1 if nav else 0)
    buttons, inline, menu = layout(children, free)
    step = Step(view, node, address, trail(root, address))
    row = 0
    for count, number in enumerate(buttons):
        item = _button(table_id, ply, root, address, number, children[number], labels)
        item.row = row + count // PER_ROW
        view.add_item(item)
        choice = children[number].choice
        if choice is not None and choice.detail:
            step.details.append((children[number].label, choice.detail))
    row += -(-len(buttons) // PER_ROW)
    for number in inline:
        child = children[number]
        here = (*address, number)
        options = [
            option_of(root, here, k, grandchild, labels)
            for k, grandchild in enumerate(child.children[:MAX_CHOICES])
        ]
        select = ChoiceSelect(table_id, ply, here, options, opens(child.label))
        select.row = row
        row += 1
        view.add_item(select)
        if child.choice is not None and child.choice.detail:  # a menu says what it is for too
            step.details.append((child.label, child.choice.detail))
    if menu:
        options = [option_of(root, address, n, children[n], labels) for n in menu]
        placeholder = "Choose a move…" if not address else opens(node.label)
        select = ChoiceSelect(table_id, ply, address, options, placeholder)
        select.row = row
        row += 1
        view.add_item(select)
    for item in nav:
        item.row = min(row, ROWS - 1)
        view.add_item(item)
    step.spots = spots_of(node, inline)
    return step


def spots_of(node: Node, inline: Sequence[int] = ()) -> dict[str, tuple[int, int]]:
    """The places a step's options pick on the picture, by label ("Spot A" → the board's own
    coordinates): the node's options, and those of its lists shown inline when no label is
    taken twice."""
    spots: dict[str, tuple[int, int]] = {}
    groups = [node.children] + [node.children[n].children for n in inline]
    for group in groups:
        for child in group:
            if child.choice is None or child.choice.at is None:
                continue
            if child.label in spots and spots[child.label] != child.choice.at:
                continue
            spots[child.label] = child.choice.at
    return spots

"""The steps of a private panel: one node of the seat's choice tree (`rules/choices.py`) laid out
as Discord components, and the persistent components that walk it.

At a node the panel shows the node's options (at most 25), never pages:

- a few options (at most five) are buttons, coloured by `Choice.style` (a move blue, ending or
  passing grey, harmful red, votes green and red); an option with steps below it ends in "…";
- more options are one select menu, each option's `Choice.detail` as its description;
- to save a click, an option that has its own list is shown inline as a select menu named after
  it ("Play a card…", "Move a survivor…"), as many as the five rows allow, so the top of a turn
  reads as a row of buttons ("End turn") above a menu per kind of move — except a list of places
  on the board, which opens its own step with the picture of those places lettered;
- below the top, "◀ Back" (grey) goes one step up.

Components (all `DynamicItem`s, so they survive restarts):

- `ChoiceButton` `sb:a:<table>:<ply>:<index>:<mark>` plays legal move `index`; `mark` is a hash
  of the move's label, so `TableService.act_choice` judges a stale click as it always did;
- `StepButton` `sb:n:<table>:<ply>:<address>:<mark>` opens the node at `address` (child numbers
  from the top, "2.0") — `mark` hashes the labels of the steps to it, so a node that changed
  since is never opened by mistake; it only redraws the clicker's own panel;
- `ChoiceSelect` `sb:s:<table>:<ply>:<address>` offers options of the node at `address`; an
  option's value is `<index>:<mark>` for a move (played like a `ChoiceButton`) or `n<k>:<mark>`
  for the k-th option's own steps (opened like a `StepButton`).

The clicks' code lives in `cogs.ui.panel` and `cogs.ui.clicks`, reached through the bot's `Kit`
(they draw panels, which hold these components); a step is laid out by `cogs.ui.step_layout`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.guard import sane_id
from bot.records import label_mark
from cogs.common import answer_privately, clip, snowbound
from cogs.ui.own import kit_of
from rules.choices import MAX_CHOICES, Node, at, trail

Address = tuple[int, ...]

ROWS = 5  # Discord: five action rows a message
PER_ROW = 5  # five buttons a row; a select menu fills its row
BUTTONS_MAX = 5  # more options than this at a node are a select menu
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
BACK = "◀ Back"
NOT_OFFERED = "That choice is not one I offered; pick again from your panel or use `/play`."

STYLES: dict[str, discord.ButtonStyle] = {
    "move": discord.ButtonStyle.primary,
    "quiet": discord.ButtonStyle.secondary,
    "danger": discord.ButtonStyle.danger,
    "yes": discord.ButtonStyle.success,
    "no": discord.ButtonStyle.danger,
}
_ADDRESS = r"(?P<a>(?:\d{1,3}(?:\.\d{1,3}){0,7})?)"


def encode(address: Sequence[int]) -> str:
    return ".".join(str(number) for number in address)


def decode(text: str) -> Address:
    return tuple(int(part) for part in text.split(".")) if text else ()


def trail_mark(root: Node, address: Sequence[int]) -> str:
    """A short hash of the labels of the steps to `address`: carried by a step's component, so a
    click reaches the same step or none."""
    return label_mark(" › ".join(trail(root, address)))


def reach(root: Node, address: Sequence[int], mark: str) -> Node | None:
    """The node a step's component opens, or None when the tree no longer has that step there."""
    node = at(root, address)
    if node is None or node.leaf or trail_mark(root, address) != mark:
        return None
    return node


def style_of(node: Node) -> discord.ButtonStyle:
    return STYLES.get(node.choice.style if node.choice else "move", discord.ButtonStyle.primary)


def opens(label: str) -> str:
    """The label of an option with steps below it: it ends in "…"."""
    return label if label.endswith("…") else f"{label}…"


# ---------------------------------------------------------------------------------------------
# components


def _label(item: discord.ui.Item[Any]) -> str:
    """The text on a clicked button (discord.py hands `from_custom_id` any item type)."""
    return (item.label or "") if isinstance(item, discord.ui.Button) else ""


def _button(text: str, style: discord.ButtonStyle, custom_id: str) -> discord.ui.Button[Any]:
    """A panel's button (a move or a step), its text clipped to what a button shows."""
    return discord.ui.Button(
        label=clip(text, BUTTON_LABEL) or "…", style=style, custom_id=custom_id
    )


def _clicks(interaction: discord.Interaction) -> dict[int, int]:
    """The newest click on each panel message whose answer is still being made, kept by the bot
    (no module-level state): message id → interaction id."""
    client: Any = interaction.client
    clicks = getattr(client, "panel_clicks", None)
    if not isinstance(clicks, dict):
        clicks = {}
        client.panel_clicks = clicks
    return clicks


def claim(interaction: discord.Interaction) -> None:
    """Note a click on a panel as the newest on its message (see `cogs.ui.panel.open_step`)."""
    if interaction.message is not None:
        _clicks(interaction)[interaction.message.id] = interaction.id


def newest(interaction: discord.Interaction) -> bool:
    if interaction.message is None:
        return True
    return _clicks(interaction).get(interaction.message.id) == interaction.id


def release(interaction: discord.Interaction) -> None:
    if interaction.message is not None and newest(interaction):
        _clicks(interaction).pop(interaction.message.id, None)


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:a:(?P<t>\d{1,18}):(?P<p>\d{1,18}):(?P<i>\d{1,18}):(?P<m>[0-9a-f]{6})",
):
    """A move: legal move `index` after `ply` moves; `label` is the move's whole label (its hash
    is the stale check), `text` what the button says (the step's label)."""

    def __init__(
        self,
        table_id: int,
        ply: int,
        index: int,
        label: str,
        *,
        text: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.table_id, self.ply, self.index, self.mark = table_id, ply, index, label_mark(label)
        shown = text if text is not None else label
        super().__init__(_button(shown, style, f"sb:a:{table_id}:{ply}:{index}:{self.mark}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceButton:
        button = cls(int(match["t"]), int(match["p"]), int(match["i"]), _label(item))
        button.mark = match["m"]
        return button

    async def callback(self, interaction: discord.Interaction) -> None:
        claim(interaction)  # a spots picture still being drawn must not cover this answer
        try:
            await kit_of(snowbound(interaction.client)).play_choice(
                interaction, self.table_id, self.ply, self.index, self.mark
            )
        finally:
            release(interaction)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sb:n:(?P<t>\d{1,18}):(?P<p>\d{1,18}):" + _ADDRESS + r":(?P<m>[0-9a-f]{6})",
):
    """Opens a step of the clicker's panel (or goes back): redraws only their own panel."""

    def __init__(
        self,
        table_id: int,
        ply: int,
        address: Address,
        mark: str,
        text: str,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.table_id, self.ply, self.address, self.mark = table_id, ply, address, mark
        super().__init__(_button(text, style, f"sb:n:{table_id}:{ply}:{encode(address)}:{mark}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["t"]), int(match["p"]), decode(match["a"]), match["m"], _label(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await kit_of(snowbound(interaction.client)).open_step(
            interaction, self.table_id, self.address, self.mark
        )


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"sb:s:(?P<t>\d{1,18}):(?P<p>\d{1,18}):" + _ADDRESS,
):
    """A select menu of some options of the node at `address`: moves and steps (see the module's
    docstring for the values)."""

    def __init__(
        self,
        table_id: int,
        ply: int,
        address: Address,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str = "Choose…",
    ) -> None:
        self.table_id, self.ply, self.address = table_id, ply, address
        super().__init__(
            discord.ui.Select(
                placeholder=clip(placeholder, PLACEHOLDER),
                options=list(options) or [discord.SelectOption(label="—", value="none")],
                custom_id=f"sb:s:{table_id}:{ply}:{encode(address)}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChoiceSelect:
        select = cls(int(match["t"]), int(match["p"]), decode(match["a"]))
        if isinstance(item, discord.ui.Select):
            select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        values: list[str] = list(self.item.values)
        raw = interaction.data.get("values") if interaction.data is not None else None
        if not values and isinstance(raw, list):
            values = [str(v) for v in raw]
        if not values or values[0] == "none":
            await interaction.response.send_message("Pick a move.", ephemeral=True)
            return
        head, _, mark = str(values[0]).partition(":")
        if head.startswith("n"):  # an option with steps of its own: open it
            number = sane_id(head[1:])
            if number is None or number >= MAX_CHOICES or not re.fullmatch(r"[0-9a-f]{6}", mark):
                await answer_privately(interaction, NOT_OFFERED)
                return
            await kit_of(snowbound(interaction.client)).open_step(
                interaction, self.table_id, (*self.address, number), mark
            )
            return
        index = sane_id(head)
        if index is None:
            await answer_privately(interaction, NOT_OFFERED)
            return
        claim(interaction)  # a spots picture still being drawn must not cover this answer
        try:
            await kit_of(snowbound(interaction.client)).play_choice(
                interaction, self.table_id, self.ply, index, mark or None
            )
        finally:
            release(interaction)

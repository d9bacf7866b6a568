"""Clicking a move on a member's private panel the way a member does: open the panel, then follow
its steps (buttons and menus) down to the move, through real interaction payloads.

The panel is the one the bot draws (`cogs/ui/panel.py`); which step leads to the move is read from
the seat's choice tree (`rules.choices.find`), and each click is dispatched as Discord would send
it, so every redraw is the bot's own answer.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui.steps import decode
from rules.choices import find
from tests.e2e.test_interactions import Responses, button, dispatch, select


def _move(components: list[dict[str, Any]], index: int) -> tuple[str, str, str] | None:
    """The component that plays move `index` at once: (custom id, label or value, form)."""
    for row in components:
        for c in row["components"]:
            if c["type"] == 2 and c.get("custom_id", "").startswith("sb:a:"):
                if int(c["custom_id"].split(":")[4]) == index:
                    return c["custom_id"], c["label"], "button"
            elif c["type"] == 3:
                for option in c["options"]:
                    if option["value"].split(":")[0] == str(index):
                        return c["custom_id"], option["value"], "select"
    return None


def _step(components: list[dict[str, Any]], target: tuple[int, ...]) -> tuple[str, str, str] | None:
    """The component that opens the deepest step on the way to `target` (an address)."""
    best: tuple[int, tuple[str, str, str]] | None = None
    for row in components:
        for c in row["components"]:
            custom_id = c.get("custom_id", "")
            found: list[tuple[tuple[int, ...], tuple[str, str, str]]] = []
            if c["type"] == 2 and custom_id.startswith("sb:n:"):
                address = decode(custom_id.split(":")[4])
                found.append((address, (custom_id, c["label"], "button")))
            elif c["type"] == 3:
                base = decode(custom_id.split(":")[4])
                for option in c["options"]:
                    head = option["value"].split(":")[0]
                    if head.startswith("n"):
                        address = (*base, int(head[1:]))
                        found.append((address, (custom_id, option["value"], "select")))
            for address, how in found:
                deeper = best is None or len(address) > best[0]
                if address and target[: len(address)] == address and deeper:
                    best = (len(address), how)
    return best[1] if best is not None else None


async def _click(
    bot: Any, responses: Responses, member: discord.Member, how: tuple[str, str, str]
) -> None:
    custom_id, text, form = how
    if form == "button":
        await dispatch(bot, responses, button(member, custom_id, text))
    else:
        await dispatch(bot, responses, select(member, custom_id, text))


async def open_panel(bot: Any, responses: Responses, member: discord.Member) -> dict[str, Any]:
    """The member's panel as "My hand & moves" on the board shows it (an answer only they see)."""
    await dispatch(bot, responses, button(member, "sb:b:1:hand", "My hand & moves"))
    answer: dict[str, Any] = responses.of_type(4)[-1]["data"]
    return answer


async def click_move(
    bot: Any,
    responses: Responses,
    member: discord.Member,
    seat: int,
    index: int,
    panel: dict[str, Any] | None = None,
) -> int:
    """Open the member's panel (or start from `panel`) and click through its steps to legal move
    `index`, then play it; returns the number of choices it took (the last one plays)."""
    service = bot.service
    table = await service.table(1)
    tree = service.panel_update(table, seat).tree
    target = find(tree, index)
    assert target is not None, f"move {index} is not offered on the panel"
    data = panel if panel is not None else await open_panel(bot, responses, member)
    for clicks in range(1, 8):
        components = data["components"]
        move = _move(components, index)
        if move is not None:
            await _click(bot, responses, member, move)
            return clicks
        step = _step(components, tuple(target))
        assert step is not None, f"no step on the panel leads to move {index}: {components}"
        await _click(bot, responses, member, step)
        data = responses.of_type(7)[-1]["data"]
    raise AssertionError(f"move {index} is more than 7 clicks deep")

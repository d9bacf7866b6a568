"""How a seat's moves are laid out on its panel: buttons, select menus, pages."""

from __future__ import annotations

import discord

from cogs.present import ChoicesView, page_span


def layout(view: discord.ui.View) -> list[str]:
    kinds = []
    for item in view.children:
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Select):
            kinds.append(f"select:{len(inner.options)}")
        else:
            kinds.append(f"button:{inner.label}")
    return kinds


def test_a_few_moves_are_buttons() -> None:
    view = ChoicesView(1, 0, ("Take 1", "Take 2", "Shout"))
    assert layout(view) == ["button:Take 1", "button:Take 2", "button:Shout"]


def test_many_moves_are_select_menus_of_twenty_five() -> None:
    view = ChoicesView(1, 0, tuple(f"move {n}" for n in range(60)))
    assert layout(view) == ["select:25", "select:25", "select:10"]


def test_more_than_a_hundred_moves_are_paged() -> None:
    choices = tuple(f"move {n}" for n in range(250))
    assert layout(ChoicesView(1, 0, choices)) == ["select:25"] * 4 + ["button:More moves ▶"]
    assert layout(ChoicesView(1, 0, choices, page=1)) == ["select:25"] * 4 + [
        "button:◀ Earlier moves",
        "button:More moves ▶",
    ]
    assert layout(ChoicesView(1, 0, choices, page=2)) == [
        "select:25",
        "select:25",
        "button:◀ Earlier moves",
    ]
    assert page_span(250, 2) == (201, 250)


def test_select_options_carry_the_moves_index_across_pages() -> None:
    choices = tuple(f"move {n}" for n in range(250))
    first = ChoicesView(1, 7, choices, page=2).children[0]
    select = first.item  # type: ignore[attr-defined]
    assert select.custom_id == "sb:s:1:7:8"
    assert select.options[0].label == "move 200" and select.options[0].value.startswith("200:")

"""The persistent buttons that keep everything in their custom id (`cogs.common.IdButton`): after
a restart, discord.py rebuilds each one from the id alone, and it must be the button it was."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.me import ConfirmSub
from cogs.present import DYNAMIC_ITEMS, ConfirmAbandon, LobbyButton, RematchButton
from cogs.suggest import SuggestButton
from cogs.ui.board import BoardButton
from cogs.ui.buttons import IdButton
from cogs.ui.watch import WatchButton

BUTTONS = [
    LobbyButton(7, "join"),
    LobbyButton(7, "start"),
    ConfirmAbandon(7, 123_456_789_012_345_678),
    RematchButton(7),
    BoardButton(7),
    WatchButton(7, "unwatch"),
    SuggestButton(7),
    ConfirmSub(7, 2, 123_456_789_012_345_678),
]
FIELDS = ("table_id", "op", "seat", "user_id")


def fields(button: IdButton) -> dict[str, Any]:
    return {name: getattr(button, name) for name in FIELDS if hasattr(button, name)}


@pytest.mark.parametrize("button", BUTTONS, ids=lambda b: b.custom_id)
async def test_a_button_rebuilt_from_its_custom_id_alone_is_the_same_button(
    button: IdButton,
) -> None:
    match = button.template.fullmatch(button.custom_id)
    assert match is not None
    interaction: Any = None  # discord.py hands one in; these buttons read only the id
    again = await type(button).from_custom_id(interaction, button.item, match)
    assert type(again) is type(button)
    assert again.custom_id == button.custom_id and fields(again) == fields(button)
    assert all(type(value) is type(fields(button)[name]) for name, value in fields(again).items())


def test_the_shared_base_matches_no_custom_id_and_is_never_registered() -> None:
    assert all(
        IdButton.__discord_ui_compiled_template__.match(b.custom_id) is None for b in BUTTONS
    )
    assert IdButton not in DYNAMIC_ITEMS
    assert {type(b) for b in BUTTONS} - {ConfirmSub} <= set(DYNAMIC_ITEMS)

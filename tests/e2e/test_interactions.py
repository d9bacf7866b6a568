"""Slash commands, autocomplete and buttons, dispatched as real interaction payloads.

dpytest has no interaction support, so these tests build the gateway payload Discord would send,
hand it to the bot's connection state exactly as the gateway does, and capture the HTTP responses
the bot makes through discord.py's webhook adapter.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bench.bench_requests import interaction
from bot.tables import label_mark
from cogs.ui.steps import trail_mark
from tests.e2e.conftest import dm_to, drain, said, say, start_two, started_nim
from tests.support.nim import NIM

IDS = itertools.count(10_000)


class Responses(AsyncWebhookAdapter):
    """Records every interaction response instead of sending it to Discord."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[dict[str, Any]] = []

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        payload = kwargs.get("payload") or {}
        self.sent.append({"method": route.method, "path": route.path, "payload": payload})
        if route.path.endswith("/callback"):
            return {"interaction": {"id": str(next(IDS)), "type": payload.get("type", 4)}}
        channel = dpytest.get_config().channels[0]
        return facts.make_message_dict(channel, channel.guild.me, content="")

    def of_type(self, kind: int) -> list[dict[str, Any]]:
        return [r["payload"] for r in self.sent if r["payload"].get("type") == kind]


R = TypeVar("R", bound=AsyncWebhookAdapter)


@contextmanager
def answering(adapter: R) -> Iterator[R]:
    """`adapter` answers the interactions for the block (discord.py's webhook adapter)."""
    token = async_context.set(adapter)
    try:
        yield adapter
    finally:
        async_context.reset(token)


def payload(
    member: discord.Member,
    kind: int,
    data: dict[str, Any],
    *,
    channel: Any = None,
    ident: int | None = None,
) -> dict[str, Any]:
    """The gateway payload of one interaction, in `channel` (the test's first by default); an
    `ident` gives it that id and a token of its own."""
    channel = channel if channel is not None else dpytest.get_config().channels[0]
    return interaction(
        member,
        channel,
        kind,
        data,
        ident=next(IDS) if ident is None else ident,
        token="interaction-token" if ident is None else f"token-{ident}",
        permissions=str(1 << 5),
    )


async def dispatch(bot: Any, responses: Responses, data: dict[str, Any]) -> None:
    """Feed the payload to the bot as the gateway would, and wait for the tasks it starts."""
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(data)
    started = asyncio.all_tasks() - before
    await asyncio.gather(*started)
    await dpytest.run_all_events()


def autocomplete(member: discord.Member, typed: str) -> dict[str, Any]:
    data = {
        "id": "1",
        "name": "play",
        "type": 1,
        "options": [{"name": "move", "type": 3, "value": typed, "focused": True}],
    }
    return payload(member, 4, data)


def button(member: discord.Member, custom_id: str, label: str = "button") -> dict[str, Any]:
    """A click on a button of a message the bot sent (Discord sends the message along)."""
    channel = dpytest.get_config().channels[0]
    data = payload(member, 3, {"custom_id": custom_id, "component_type": 2})
    message = facts.make_message_dict(channel, channel.guild.me, content="")
    message["components"] = [
        {"type": 1, "components": [{"type": 2, "custom_id": custom_id, "label": label, "style": 1}]}
    ]
    data["message"] = message
    return data


async def nim_after_a_round(bot_factory: Any) -> tuple[Any, Any, Any]:
    """A Nim table where Ana and then Bo took one stone each (what the bot sent is drained)."""
    bot, ana, bo = await started_nim(bot_factory)
    await say("!play take 1", ana)
    await said("!play take 1", bo)
    return bot, ana, bo


async def test_play_autocomplete_lists_only_the_callers_matching_moves(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    await dispatch(bot, responses, autocomplete(ana, "take"))
    choices = responses.of_type(8)[-1]["data"]["choices"]
    assert [c["name"] for c in choices] == ["Take 1", "Take 2", "Take 3"]
    await dispatch(bot, responses, autocomplete(ana, "2"))
    assert [c["value"] for c in responses.of_type(8)[-1]["data"]["choices"]] == ["Take 2"]
    await dispatch(bot, responses, autocomplete(bo, ""))  # not Bo's turn: nothing to offer
    assert responses.of_type(8)[-1]["data"]["choices"] == []


async def test_a_move_button_plays_the_move_and_updates_the_table(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await started_nim(bot_factory)
    custom_id = f"sb:a:1:0:1:{label_mark('Take 2')}"
    await dispatch(bot, responses, button(ana, custom_id))
    table = await bot.service.table(1)
    assert table.ply == 1 and table.state and table.state["stones"] == 7
    # the click is answered by redrawing the clicked panel: Ana's hand after her move, no moves
    (panel,) = [p["data"] for p in responses.of_type(7)]
    assert "your view" in panel["embeds"][0]["title"]
    assert "No moves for you right now" in panel["embeds"][0]["footer"]["text"]
    channel_lines = [m.content for m in drain() if m.guild is not None]
    assert any("takes 2" in line for line in channel_lines)


async def test_a_click_on_the_dm_panel_redraws_it_in_the_response_and_costs_no_edit(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await started_nim(bot_factory)
    (panel,) = [p for p in await bot.service.store.panels(1) if p.seat == 0]
    data = button(ana, f"sb:a:1:0:1:{label_mark('Take 2')}")
    data["message"]["id"] = str(panel.message_id)  # the click is on Ana's DM panel itself
    edits: list[int] = []
    original = dpytest.backend.FakeHttp.edit_message

    async def counting(self: Any, channel_id: int, message_id: int, **fields: Any) -> Any:
        edits.append(message_id)
        return await original(self, channel_id, message_id, **fields)

    dpytest.backend.FakeHttp.edit_message = counting  # type: ignore[method-assign]
    try:
        await dispatch(bot, responses, data)
    finally:
        dpytest.backend.FakeHttp.edit_message = original  # type: ignore[method-assign]
    assert responses.of_type(7), "the panel is redrawn in the interaction response"
    assert panel.message_id not in edits, "and not edited again by a request of its own"
    assert not [m for m in drain() if dm_to(m) == ana.id], "no new panel was sent either"


async def test_a_dm_panel_redrawn_after_a_move_that_changed_nothing_private_keeps_its_button(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await started_nim(bot_factory)
    table = await bot.service.table(1)
    before = bot.service.private_only_text(table, 0)
    (panel,) = [p for p in await bot.service.store.panels(1) if p.seat == 0]
    data = button(ana, f"sb:a:1:0:1:{label_mark('Take 2')}")
    data["message"]["id"] = str(panel.message_id)  # the click is on Ana's DM panel itself
    await dispatch(bot, responses, data)
    table = await bot.service.table(1)
    assert table.ply == 1 and bot.service.private_only_text(table, 0) == before
    # her private part did not change, so the report holds no panel of hers: the response still
    # redraws her DM panel as a DM panel, with the "My hand & moves" button it had
    (redrawn,) = [p["data"] for p in responses.of_type(7)]
    ids = [c["custom_id"] for row in redrawn["components"] for c in row["components"]]
    assert "sb:b:1:hand" in ids


async def test_a_stale_button_is_refused_privately_and_changes_nothing(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await nim_after_a_round(bot_factory)
    stale = f"sb:a:1:0:0:{label_mark('Shout')}"  # Ana's old panel offered "Take 1" there
    await dispatch(bot, responses, button(ana, stale))
    reply = responses.of_type(4)[-1]["data"]
    assert reply["flags"] == 64 and "out of date" in reply["content"]
    assert (await bot.service.table(1)).ply == 2


async def test_a_lobby_join_button_seats_the_clicker_and_edits_the_lobby(
    bot_factory: Any, responses: Responses
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    ana, bo = dpytest.get_config().members
    await said("!game new test_nim", ana)
    await dispatch(bot, responses, button(bo, "sb:l:1:join"))
    table = await bot.service.table(1)
    assert [s.user_id for s in table.seats] == [ana.id, bo.id]
    edit = responses.of_type(7)[-1]["data"]
    assert "2." in edit["embeds"][0]["description"]
    assert any(dm_to(m) == bo.id for m in drain())  # DM reachability checked on joining
    await dispatch(bot, responses, button(bo, "sb:l:1:join"))
    assert "already seated" in responses.of_type(4)[-1]["data"]["content"]


async def test_the_board_button_shows_a_private_panel_with_move_buttons(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await started_nim(bot_factory)
    await dispatch(bot, responses, button(ana, "sb:b:1:hand"))
    reply = responses.of_type(4)[-1]["data"]
    assert reply["flags"] == 64
    state = bot.service.state(await bot.service.table(1))
    assert state.secrets[0] in reply["embeds"][0]["description"]
    ids = [c["custom_id"] for row in reply["components"] for c in row["components"]]
    assert ids[0].startswith("sb:a:1:0:0:") and len(ids) == 4


def select(member: discord.Member, custom_id: str, value: str) -> dict[str, Any]:
    """A choice in a select menu of a message the bot sent."""
    channel = dpytest.get_config().channels[0]
    data = payload(member, 3, {"custom_id": custom_id, "component_type": 3, "values": [value]})
    message = facts.make_message_dict(channel, channel.guild.me, content="")
    options = [{"label": "move", "value": value}]
    message["components"] = [
        {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}
    ]
    data["message"] = message
    return data


async def a_tenth_night_day(bot_factory: Any) -> tuple[Any, Any, Any]:
    """The bot, Ana and the table of a 10th Night game of two members on its first day, when
    Ana has many moves."""
    bot = await bot_factory(new_seed=lambda: "select")
    ana, _ = await start_two("tenth_night")
    return bot, ana, await bot.service.table(1)


async def test_a_move_picked_from_a_select_menu_is_played(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, table = await a_tenth_night_day(bot_factory)
    labels = bot.service.labels(table, 0)
    assert len(labels) > 5  # a day offers many moves: the panel shows select menus
    index = len(labels) - 1  # the last move, on the last menu
    expected = bot.service.engine(table).legal(bot.service.state(table), 0)[index]
    custom_id = f"sb:s:1:{table.ply}:{index // 25}"
    await dispatch(bot, responses, select(ana, custom_id, f"{index}:{label_mark(labels[index])}"))
    assert (await bot.service.table(1)).ply == 1
    (logged,) = await bot.service.store.actions(1)
    assert bot.service.engine(table).parse_action(logged.action) == expected


async def test_a_step_button_redraws_the_clickers_panel_one_step_down_with_back_and_trail(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, table = await a_tenth_night_day(bot_factory)
    tree = bot.service.panel_update(table, 0).tree
    number = next(n for n, child in enumerate(tree.children) if not child.leaf)
    mark = trail_mark(tree, (number,))
    await dispatch(bot, responses, button(ana, f"sb:n:1:{table.ply}:{number}:{mark}"))
    edit = responses.of_type(7)[-1]["data"]
    (trail,) = [f for f in edit["embeds"][0]["fields"] if f["name"] == "Your move so far"]
    assert trail["value"] == tree.children[number].label
    ids = [c["custom_id"] for row in edit["components"] for c in row["components"]]
    assert f"sb:n:1:{table.ply}::{trail_mark(tree, ())}" in ids  # "◀ Back" to the top
    assert (await bot.service.table(1)).ply == table.ply  # a step plays nothing

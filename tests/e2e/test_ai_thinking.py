"""An expert AI thinking never holds the bot up (issue 33 §1): while one table's expert is held in
the middle of its choice (a `threading.Event`, never a timing), another table's move and another
member's command are answered, and the table thinking shows the bot typing in its place."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import discord.ext.test as dpytest
from discord.ext.test import callbacks

from tests.e2e.conftest import said, say
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses
from tests.support.advisor import Gate, expert_nim


def in_channel(data: dict[str, Any], channel: discord.abc.GuildChannel) -> dict[str, Any]:
    data["channel_id"] = str(channel.id)
    data["channel"] = {**data["channel"], "id": str(channel.id)}
    return data


async def answered(bot: Any, data: dict[str, Any]) -> None:
    """Hand an interaction to the bot and wait for the tasks it starts, and only those (dpytest's
    own wait would also wait for the held table's command)."""
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(data)
    await asyncio.gather(*(asyncio.all_tasks() - before))


async def test_while_an_expert_thinks_another_tables_move_and_a_command_are_answered(
    bot_factory: Any, responses: Responses
) -> None:
    gate = Gate()
    bot = await bot_factory(
        games={"test_nim": expert_nim(gate)}, new_seed=lambda: "seed", members=3, channels=2
    )
    ana, bo, cy = dpytest.get_config().members
    first, second = dpytest.get_config().channels[:2]
    await say("!game new test_nim stones=9", ana)
    await say("!game ai expert", ana)
    await say("!game start", ana)
    await say("!game new test_nim stones=9", bo, channel=1)
    await say("!game join", cy, channel=1)
    await said("!game start", bo, channel=1)
    typed: list[int] = []
    original = callbacks.dispatch_event

    async def event(name: str, *args: Any, **kwargs: Any) -> None:
        if name == "send_typing":
            typed.append(args[0].id)
        await original(name, *args, **kwargs)

    callbacks.dispatch_event = event  # type: ignore[assignment]
    try:
        held = asyncio.create_task(say("!play take 1", ana, channel=first))
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is now thinking, in a worker
        await answered(bot, in_channel(slash(bo, "play", [string("move", "take 2")]), second))
        await answered(bot, in_channel(slash(cy, "rules", []), second))
        other = await bot.service.table(2)
        thinking = await bot.service.table(1)
        assert other.ply == 1 and not held.done()
        assert bot.service.board(thinking).turn == "Frost 🤖 is thinking…"
        callbacks_made = [r for r in responses.sent if r["path"].endswith("/callback")]
        assert len(callbacks_made) == 2  # Bo's move and Cy's command were both answered
        gate.release.set()
        await held
    finally:
        callbacks.dispatch_event = original  # type: ignore[assignment]
    done = await bot.service.table(1)
    assert done.ply == 2  # Ana's move, then the expert's
    assert typed and set(typed) <= {thinking.thread_id, thinking.channel_id}

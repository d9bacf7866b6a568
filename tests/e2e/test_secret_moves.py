"""A secret move (a ballot) typed in the channel is deleted before anyone reads it, explained to its
author privately, and not played; the same move made privately counts."""

from __future__ import annotations

from typing import Any

import discord.ext.test as dpytest

from tests.e2e.conftest import answer_to, dms, drain, public, said, say, text_of
from tests.support.ballot import BALLOT


async def test_a_ballot_typed_in_the_channel_is_deleted_refused_and_not_played(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(games={"test_ballot": BALLOT}, new_seed=lambda: "b")
    ana, bo = dpytest.get_config().members
    channel = dpytest.get_config().channels[0]
    await say("!game new test_ballot", ana)
    await say("!game join", bo)
    await said("!game start", ana)
    before = {m.id async for m in channel.history(limit=50)}
    await say("!play vote yes", ana)  # the refusal is answered privately, as any refusal
    after = [m async for m in channel.history(limit=50) if m.id not in before]
    assert not any("vote" in (m.content or "") for m in after)  # the typed ballot is gone
    sent = drain()
    assert not any("voted" in text_of(m) for m in public(sent))
    assert "secret" in dms(sent, ana)[-1].content and "/play" in dms(sent, ana)[-1].content
    assert (await bot.service.table(1)).ply == 0


async def test_roles_dealt_at_set_up_reach_each_player_privately(bot_factory: Any) -> None:
    bot = await bot_factory(games={"test_ballot": BALLOT}, new_seed=lambda: "b")
    ana, bo = dpytest.get_config().members
    await say("!game new test_ballot", ana)
    await say("!game join", bo)
    sent = await answer_to("!game start", ana)
    roles = bot.service.state(await bot.service.table(1)).roles
    for member, role in zip((ana, bo), roles, strict=True):
        assert any(f"Your role: {role}" in text_of(m) for m in dms(sent, member))
    assert not any("Your role" in text_of(m) for m in public(sent))

"""What the fault-injection run (`test_fault_run.py`) found, each held on its own on a small game.

- A move delivered again once the table had moved on was refused with a misleading sentence ("not
  a move you can make now", and after the last move "There is no table in this channel"): it is
  answered as already played, first.
- After a player's DMs refused the bot, a private answer to a typed command still tried their DMs
  every time: no DM at all goes to them until they open a panel again.
"""

from __future__ import annotations

import copy
from typing import Any

import discord.ext.test as dpytest
import pytest

from tests.e2e.conftest import drain, say, started_nim
from tests.e2e.test_exactly_once import refusals
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, dispatch
from tests.support.faults import Wire
from tests.support.nim import NIM


async def test_a_play_command_delivered_again_after_the_last_move_is_answered_as_already_played(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await started_nim(bot_factory, stones=2)
    command = slash(ana, "play", [string("move", "take 2")])
    await dispatch(bot, responses, copy.deepcopy(command))  # the last stones: Ana wins
    assert (await bot.service.table(1)).status == "finished"
    await dispatch(bot, responses, copy.deepcopy(command))  # Discord delivers it again
    assert [a.ply for a in await bot.service.store.actions(1)] == [1]
    (refused,) = refusals(responses)
    assert "already played" in refused


async def test_a_typed_move_delivered_again_on_the_movers_next_turn_is_answered_as_played(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await started_nim(bot_factory, stones=3)
    typed = await dpytest.message("!play take 2", member=ana)
    await say("!play take 1", bo)  # Bo takes the last stone: "take 2" is no move any more
    drain()
    bot.dispatch("message", typed)  # the gateway delivers Ana's message again
    await dpytest.run_all_events()
    assert [a.seat for a in await bot.service.store.actions(1)] == [0, 1]
    answers = [m.content or "" for m in drain()]
    assert any("already played" in text for text in answers), answers
    assert not any("not a move" in text or "no table" in text for text in answers), answers


async def test_after_a_refused_dm_no_private_answer_tries_it_until_the_player_opens_a_panel(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    wire = Wire("closed", rate_limited=0.0)
    wire.install(monkeypatch)
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "seed")
    ana, bo = dpytest.get_config().members
    wire.closed_dms.add(bo.id)
    await say("!game new test_nim", ana)
    await say("!game join", bo)  # the bot checks Bo's DMs: refused
    await say("!game start", ana)  # his panel is not tried again
    assert wire.counts()[403] == 1
    table = await bot.service.table(1)
    thread = bot.get_channel(table.thread_id) if table.thread_id else 0
    drain()
    await say("!play take 1", bo, thread)  # not his turn: told privately, in the channel
    await say("!game log", bo, thread)
    assert wire.counts()[403] == 1, "no DM was tried"
    said = [m.content or "" for m in drain() if m.guild is not None]
    assert any("could not DM you" in text for text in said), said
    await say("!game hand", bo, thread)  # he opened his panel: his DMs are tried again, once
    await say("!play take 1", ana, thread)
    await say("!play take 5", bo, thread)
    assert wire.counts()[403] == 2

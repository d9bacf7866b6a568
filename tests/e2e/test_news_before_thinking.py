"""What happened is shown before a searching AI thinks, on the three paths that are not a player's
move (issue 33, the feel of an expert table): a game's start when an expert seat moves first, a
resignation that hands an expert the seat whose turn it is, and a paced table's time-out before an
expert's turn. While the expert is held in the middle of its choice (a `threading.Event`, never a
timing), the interaction is answered, the thread shows the opening, the resignation or the
time-out with "… is thinking…" as its turn line, and another table's time-out in the same tick is
shown too; once it is released, the AI's move comes."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest

from bot.pace_rules import DAY
from tests.e2e.conftest import said, say
from tests.e2e.test_hostile import dispatch as dispatch_command
from tests.e2e.test_hostile import slash
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.e2e.thread import full_boards, text
from tests.support.advisor import Gate, NimExpert, expert_nim

START = 1_700_000_000.0


def board(channel: int = 0) -> str:
    """The live board as a table's channel shows it now."""
    return text(full_boards(dpytest.get_config().channels[channel])[-1])


def named(member: Any) -> str:
    """A member's name as the board writes it."""
    return discord.utils.escape_markdown(member.display_name)


def callbacks(responses: Responses) -> list[dict[str, Any]]:
    """The interactions' first answers (a reply or a deferral), in order."""
    return [r for r in responses.sent if r["path"].endswith("/callback")]


async def nim_bot(bot_factory: Any, gate: Gate, **options: Any) -> tuple[Any, list[Any]]:
    """A bot whose Nim has an expert held by `gate`, and a lobby of nine stones its first member
    opened (`options`: the bot's, and `pace` for the lobby). The bot and its members."""
    pace = options.pop("pace", "")
    bot = await bot_factory(
        games={"test_nim": expert_nim(gate)}, new_seed=lambda: "seed", **options
    )
    members = dpytest.get_config().members
    await said(f"!game new test_nim stones=9 {pace}".strip(), members[0])
    return bot, members


@dataclass
class SeatGate(Gate):
    """Holds only the expert's choices for seat `held` (a timed-out player's move, chosen by the
    table's expert level for them, goes through)."""

    held: int = 1

    def wait(self, expert: NimExpert, observation: Any) -> None:
        if observation.seat == self.held:
            super().wait(expert, observation)


@pytest.mark.parametrize("way", ["the lobby's start button", "/game start"])
async def test_a_game_an_expert_opens_shows_its_opening_while_the_expert_thinks_then_its_move(
    bot_factory: Any, responses: Responses, way: str
) -> None:
    gate = Gate()
    bot, (ana, bo) = await nim_bot(bot_factory, gate)
    await said("!game ai expert", ana)
    await said("!game join", bo)
    await said("!game leave", ana)  # Frost 🤖 now holds the first seat, and Bo hosts
    if way == "/game start":
        start = dispatch_command(bot, responses, slash(bo, "start", []))
    else:
        start = dispatch(bot, responses, button(bo, "sb:l:1:start"))
    held = asyncio.create_task(start)
    try:
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is thinking, in a worker thread
        assert len(callbacks(responses)) == 1  # the click or the command was answered first
        if way == "/game start":  # and the command's answer is given already
            assert "Started." in [r["payload"].get("content") for r in responses.sent]
        now = board()
        assert f"Nim begins with Frost 🤖, {named(bo)}." in now and "Stones left: 9." in now, now
        assert "Frost 🤖 is thinking…" in now
        assert not held.done() and (await bot.service.table(1)).ply == 0
    finally:
        gate.release.set()
    await held
    after = board()
    assert "Frost 🤖 takes 1." in after and "Stones left: 8." in after, after
    assert "is thinking" not in after and f"<@{bo.id}>" in after  # Bo's turn, and Bo is told
    assert (await bot.service.table(1)).ply == 1


async def test_a_resignation_is_shown_before_the_expert_taking_the_seat_thinks_then_its_move(
    bot_factory: Any, responses: Responses
) -> None:
    gate = Gate()
    bot, (ana, bo) = await nim_bot(bot_factory, gate)
    await said("!game join", bo)
    await said("!game ai expert", ana)  # the level a resigned seat plays at
    await said("!game start", ana)  # Ana's turn
    held = asyncio.create_task(dispatch_command(bot, responses, slash(ana, "resign", [])))
    try:
        await asyncio.to_thread(gate.started.wait)  # the AI in Ana's seat is thinking
        (deferral,) = callbacks(responses)  # `/game resign` was answered first, privately
        assert deferral["payload"]["type"] == 5 and deferral["payload"]["data"]["flags"] == 64
        told = [r["payload"].get("content") for r in responses.sent]
        assert "You have resigned; an AI plays your seat." in told
        now = board()
        assert f"{named(ana)} resigned; an AI plays their seat." in now, now
        assert "Stones left: 9." in now and f"{named(ana)} (AI) is thinking…" in now
        assert not held.done() and (await bot.service.table(1)).ply == 0
    finally:
        gate.release.set()
    await held
    after = board()
    assert f"{named(ana)} (AI) takes 1." in after and "Stones left: 8." in after, after
    assert "is thinking" not in after and f"<@{bo.id}>" in after
    assert (await bot.service.table(1)).ply == 1


async def test_a_time_out_is_shown_before_the_expert_after_it_thinks_and_other_tables_go_on(
    bot_factory: Any,
) -> None:
    gate = SeatGate()
    clock = [START]
    bot, (ana, bo, cy) = await nim_bot(
        bot_factory, gate, pace="pace=daily", clock=lambda: clock[0], members=3, channels=2
    )
    await said("!game ai expert", ana)  # Frost 🤖 moves after Ana
    await said("!game join", bo)
    await said("!game start", ana)
    await say("!game new test_nim stones=9 pace=daily", bo, channel=1)  # no AI seat here
    await say("!game join", cy, channel=1)
    await said("!game start", bo, channel=1)
    timers = bot.get_cog("Timers")
    shown = timers.show
    other_shown = asyncio.Event()

    async def show(result: Any) -> None:
        await shown(result)
        if result.table.id == 2:
            other_shown.set()

    timers.show = show
    clock[0] = START + DAY + 1  # Ana's and Bo's deadlines have passed
    ticking = asyncio.create_task(timers.run_due(clock[0]))
    try:
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is thinking, in a worker thread
        await asyncio.wait_for(other_shown.wait(), timeout=20)  # a safety net, not a timing
        now = board()
        assert f"⏰ played for {named(ana)} by the AI (the deadline passed)." in now, now
        assert "Stones left: 8." in now and "Frost 🤖 is thinking…" in now  # the AI took 1
        other = board(1)
        assert f"⏰ played for {named(bo)} by the AI (the deadline passed)." in other, other
        assert not ticking.done() and (await bot.service.table(1)).ply == 1
    finally:
        gate.release.set()
    assert await ticking == 2  # both tables' clocks
    await dpytest.run_all_events()
    after = board()
    assert "Frost 🤖 takes" in after and "is thinking" not in after, after
    assert f"<@{bo.id}>" in after  # Bo's turn at the first table
    assert (await bot.service.table(1)).ply == 2

"""A player's move is shown before a searching AI thinks (issue 33, the feel of an expert table):
while the expert after it is held in the middle of its choice (a `threading.Event`, never a
timing), the thread's board already shows the player's move and says the AI is thinking, and a
click is already answered; once it is released, the AI's move comes. At a heuristic table a move
and the AI's answer are still one report: one board edit, one answer to the click."""

from __future__ import annotations

import asyncio
from typing import Any

import discord.ext.test as dpytest
import pytest

from tests.e2e.conftest import say
from tests.e2e.steps import click_move, open_panel
from tests.e2e.test_interactions import Responses
from tests.e2e.thread import channel_requests, full_boards, text
from tests.support.advisor import Gate, expert_nim
from tests.support.nim import NIM


async def against(bot_factory: Any, level: str, gate: Gate | None = None) -> tuple[Any, Any]:
    """A bot and a started Nim table of nine stones: its first member against an AI of `level`
    (the expert held by `gate`). The bot and the member."""
    nim = expert_nim(gate) if level == "expert" else NIM
    bot = await bot_factory(games={"test_nim": nim}, new_seed=lambda: "seed")
    ana = dpytest.get_config().members[0]
    await say("!game new test_nim stones=9", ana)
    await say(f"!game ai {level}", ana)
    await say("!game start", ana)
    return bot, ana


def board() -> str:
    """The live board as the table's channel shows it now."""
    return text(full_boards(dpytest.get_config().channels[0])[-1])


def original_edits(responses: Responses) -> list[dict[str, Any]]:
    """Edits of a click's answer after it was given (`edit_original_response`)."""
    return [r for r in responses.sent if r["path"].endswith("/messages/@original")]


async def test_a_typed_move_is_on_the_board_while_the_expert_after_it_still_thinks(
    bot_factory: Any,
) -> None:
    gate = Gate()
    bot, ana = await against(bot_factory, "expert", gate)
    held = asyncio.create_task(say("!play take 1", ana))
    try:
        await asyncio.to_thread(gate.started.wait)  # Frost 🤖 is thinking, in a worker thread
        now = board()
        assert "takes 1." in now and "Stones left: 8." in now, now
        assert "Frost 🤖 is thinking…" in now
        assert not held.done()
    finally:
        gate.release.set()
    await held
    after = board()
    assert "Frost 🤖 takes 1." in after and "Stones left: 7." in after, after
    assert "is thinking" not in after
    assert (await bot.service.table(1)).ply == 2


async def test_a_clicked_move_is_answered_and_shown_before_the_expert_thinks_then_its_move_comes(
    bot_factory: Any, responses: Responses, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = Gate()
    bot, ana = await against(bot_factory, "expert", gate)
    panel = await open_panel(bot, responses, ana)
    with channel_requests(monkeypatch, dpytest.get_config().channels[0]) as requests:
        held = asyncio.create_task(click_move(bot, responses, ana, 0, 0, panel))
        try:
            await asyncio.to_thread(gate.started.wait)
            # the click is answered (its panel redrawn in the response) and the board shows it
            assert len(responses.of_type(7)) == 1 and not original_edits(responses)
            assert "Stones left: 8." in board() and "Frost 🤖 is thinking…" in board()
            assert requests.take() == 1  # the board, edited in place
        finally:
            gate.release.set()
        await held
    assert requests.kinds == ["edit_message"]  # the AI's move: the same board edited again
    assert "Frost 🤖 takes 1." in board() and "Stones left: 7." in board()
    # Ana's turn again: the panel she clicked is redrawn with her moves, once
    (edit,) = original_edits(responses)
    assert "sb:a:1:2:" in str(edit["payload"]["components"]), edit["payload"]  # her moves at ply 2
    assert (await bot.service.table(1)).ply == 2


async def test_at_a_heuristic_table_the_move_and_the_ais_answer_are_one_report(
    bot_factory: Any, responses: Responses, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana = await against(bot_factory, "heuristic")
    panel = await open_panel(bot, responses, ana)
    with channel_requests(monkeypatch, dpytest.get_config().channels[0]) as requests:
        await click_move(bot, responses, ana, 0, 0, panel)
    assert requests.kinds == ["edit_message"]  # the board, edited once with both moves
    assert "Frost 🤖 takes" in board() and (await bot.service.table(1)).ply == 2
    assert len(responses.of_type(7)) == 1 and not original_edits(responses)

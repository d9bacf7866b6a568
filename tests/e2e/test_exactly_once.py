"""Every move stored exactly once: Discord may deliver the same interaction or message again
(after a gateway resume, a double click); the move keeps the id it came from, so a second delivery
is answered politely and never played again. A press drawn before the presser's own last move is out
of date, even when the same move sits at the same place."""

from __future__ import annotations

import copy
from typing import Any

import discord.ext.test as dpytest

from bot.tables import label_mark
from tests.e2e.conftest import drain, said, say, started_nim
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import (
    Responses,
    button,
    dispatch,
    nim_after_a_round,
)


def refusals(responses: Responses) -> list[str]:
    """The private answers the bot gave (new messages or follow-ups) that say a move was refused."""
    said = [
        str(sent["payload"].get("content") or sent["payload"].get("data", {}).get("content"))
        for sent in responses.sent
    ]
    return [text for text in said if "already played" in text or "out of date" in text]


async def test_a_typed_move_delivered_twice_is_stored_once(bot_factory: Any) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    typed = await dpytest.message("!play take 1", member=ana)
    await said("!play take 1", bo)
    # the gateway delivers Ana's message again: it would be a legal move now, but it is played
    bot.dispatch("message", typed)  # once only
    await dpytest.run_all_events()
    table = await bot.service.table(1)
    assert table.ply == 2 and table.state and table.state["stones"] == 7
    assert [a.seat for a in await bot.service.store.actions(1)] == [0, 1]
    answers = [m.content for m in drain()]
    assert any("already played" in text for text in answers), answers


async def test_a_play_command_interaction_delivered_twice_is_stored_once(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    command = slash(ana, "play", [string("move", "take 1")])
    await dispatch(bot, responses, copy.deepcopy(command))
    await say("!play take 1", bo)
    await dispatch(bot, responses, copy.deepcopy(command))  # the same interaction again
    table = await bot.service.table(1)
    assert table.ply == 2 and table.state and table.state["stones"] == 7
    assert [a.seat for a in await bot.service.store.actions(1)] == [0, 1]
    assert any("already played" in text for text in refusals(responses))


async def test_a_button_press_delivered_twice_is_stored_once(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    press = button(ana, f"sb:a:1:0:0:{label_mark('Take 1')}")
    await dispatch(bot, responses, copy.deepcopy(press))
    await dispatch(bot, responses, copy.deepcopy(press))  # a double click: Bo's turn now
    await say("!play take 1", bo)
    await dispatch(bot, responses, copy.deepcopy(press))  # re-delivered on Ana's turn again
    table = await bot.service.table(1)
    assert table.ply == 2 and table.state and table.state["stones"] == 7
    assert [a.seat for a in await bot.service.store.actions(1)] == [0, 1]
    assert len(refusals(responses)) == 2


async def test_a_press_drawn_before_the_pressers_own_last_move_is_refused_as_out_of_date(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await nim_after_a_round(bot_factory)
    # Ana's panel from before her move offered "Take 1" at the same place: a new press of it
    # (another interaction) is still from a panel she has moved past
    await dispatch(bot, responses, button(ana, f"sb:a:1:0:0:{label_mark('Take 1')}"))
    assert (await bot.service.table(1)).ply == 2
    (refused,) = refusals(responses)
    assert "out of date" in refused


async def test_a_press_drawn_before_other_players_moves_only_still_counts(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    await said("!play take 1", ana)
    # Bo's panel was drawn at ply 0, before Ana's move (not his own): the same move at the same
    # place is what he saw, and it is played
    await dispatch(bot, responses, button(bo, f"sb:a:1:0:0:{label_mark('Take 1')}"))
    table = await bot.service.table(1)
    assert table.ply == 2 and table.state and table.state["stones"] == 7
    assert not refusals(responses)

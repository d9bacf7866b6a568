"""Private suggestions through Discord (issue 33 §2): `/suggest`, `!game suggest` and the
panel's "Suggest a move" answer only the caller, with the expert's pick, its reason and its
chance; a table with suggestions off (a competitive game's default) refuses in one sentence, and
nothing is said in the table's channel."""

from __future__ import annotations

from typing import Any

import discord

from cogs.ui.panel import panel_message
from tests.e2e.conftest import dms, drain, public, say, started_nim, text_of
from tests.e2e.test_hostile import slash
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.support.advisor import expert_nim


def suggest_command(member: discord.Member) -> dict[str, Any]:
    data = slash(member, "suggest", [])
    data["data"] = {"id": "4", "name": "suggest", "type": 1, "options": []}
    return data


async def nim(bot_factory: Any, options: str = "") -> tuple[Any, Any, Any]:
    return await started_nim(bot_factory, options=options, nim=expert_nim())


async def panel_ids(bot: Any, seat: int) -> list[str]:
    """The custom ids of the seat's DM panel as the bot draws it (dpytest keeps no components
    on the messages it records)."""
    table = await bot.service.table(1)
    message = panel_message(bot.service, table, bot.service.panel_update(table, seat), dm=True)
    return [str(getattr(item, "custom_id", "")) for item in message["view"].children]


def answers(responses: Responses) -> list[tuple[str, int]]:
    """Each answer's text and flags (64: only the caller sees it), responses and follow-ups."""
    found = []
    for sent in responses.sent:
        payload = sent["payload"]
        data = payload.get("data", payload)
        if isinstance(data, dict) and data.get("content"):
            found.append((str(data["content"]), int(data.get("flags", 0))))
    return found


async def suggest(bot: Any, responses: Responses, member: Any) -> list[tuple[str, int]]:
    """`/suggest` by `member`, and every answer so far."""
    await dispatch(bot, responses, suggest_command(member))
    return answers(responses)


async def test_suggest_answers_the_caller_privately_with_the_pick_its_reason_and_its_chance(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await nim(bot_factory, "suggestions=on")
    said = await suggest(bot, responses, ana)
    assert len(said) == 1 and said[0][1] & 64, said
    text = said[0][0]
    assert "Suggested move: **Take 1**" in text
    assert "It leaves 8 stones, a multiple of four, for the next player" in text
    assert "about 90 %" in text
    assert public(drain()) == []  # nothing in the channel: the table's talk rule is untouched


async def test_the_panels_suggest_button_gives_the_same_answer_to_its_clicker_only(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await nim(bot_factory, "suggestions=on")
    ids = await panel_ids(bot, 0)
    assert "sb:g:1" in ids
    await dispatch(bot, responses, button(ana, "sb:g:1"))
    said = answers(responses)
    assert len(said) == 1 and said[0][1] & 64 and "Suggested move: **Take 1**" in said[0][0]


async def test_a_competitive_table_refuses_suggestions_by_default_in_one_sentence(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, _ = await nim(bot_factory)
    ids = await panel_ids(bot, 0)
    assert "sb:g:1" not in ids  # no button where the table gives no suggestions
    said = await suggest(bot, responses, ana)
    assert said == [
        (
            "This table was opened with suggestions off (the host can choose "
            "`suggestions=on` at `/game new`).",
            64,
        )
    ]


async def test_a_player_not_to_move_is_told_whom_the_game_waits_for(
    bot_factory: Any, responses: Responses
) -> None:
    bot, _, bo = await nim(bot_factory, "suggestions=on")
    assert "sb:g:1" not in await panel_ids(bot, 1)  # a panel with no moves offers no suggestion
    [(text, flags)] = await suggest(bot, responses, bo)
    assert flags & 64 and text.startswith("Suggestions are for your turn: the game is waiting for")


async def test_game_suggest_in_chat_answers_by_dm_and_says_nothing_in_the_channel(
    bot_factory: Any,
) -> None:
    _, ana, _ = await nim(bot_factory, "suggestions=on")
    await say("!game suggest", ana)
    sent = drain()
    assert public(sent) == []
    [dm] = dms(sent, ana)
    assert "Suggested move: **Take 1**" in text_of(dm)

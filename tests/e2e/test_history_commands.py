"""`!game undo`, `!game stats` and `!game leaderboard` end to end through dpytest (issue 12 §4, §6).

A real bot on a real SQLite file: the take-back reaches the channel (one public line, the board
edited back) and the player privately; refusals are one private sentence; stats and leaderboards
are public embeds built from the stored results.
"""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest

from tests.e2e.conftest import (
    answer_to,
    dms,
    drain,
    private_answers,
    public,
    public_answer,
    said,
    say,
    started_nim,
    text_of,
)
from tests.e2e.test_hostile import dispatch, slash, string


async def start_nim(bot_factory: Any, stones: int = 7) -> tuple[Any, Any, Any]:
    return await started_nim(bot_factory, stones, seed="s33d")


async def test_undo_takes_the_move_back_in_public_and_tells_the_player_privately(
    bot_factory: Any,
) -> None:
    bot, ana, _bo = await start_nim(bot_factory)
    await say("!play take 2", ana)
    sent = await answer_to("!game undo", ana)
    name = discord.utils.escape_markdown(ana.display_name)
    # the board comes back below the command, with the line above it, back to before the move;
    # the board it replaces is folded into its feed line
    table = await bot.service.table(1)
    [edited] = [text_of(m) for m in public(sent) if m.id == table.board_message_id]
    assert edited.index(f"{name} takes back their move: Take 2.") < edited.index("Stones left: 7")
    assert all(not m.embeds for m in public(sent) if m.id != table.board_message_id)
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    assert text_of(board) == edited
    assert "taken back" in text_of(dms(sent, ana)[-1])
    assert table.ply == 0 and table.state is not None and table.state["stones"] == 7
    await say("!game log", ana)
    log = "\n".join(text_of(m) for m in public(drain()))
    assert f"{name} takes back their move: Take 2." in log


async def test_undo_after_the_other_player_moved_is_refused_privately_and_changes_nothing(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_nim(bot_factory)
    await say("!play take 1", ana)
    await say("!play take 1", bo)
    assert "another player" in text_of((await private_answers("!game undo", ana))[-1])
    assert (await bot.service.table(1)).ply == 2


async def test_undo_with_no_move_of_ones_own_says_so_privately(bot_factory: Any) -> None:
    _bot, _ana, bo = await start_nim(bot_factory)
    refusal = (await private_answers("!game undo", bo))[-1]
    assert "You have no move to take back." in text_of(refusal)


async def test_stats_and_the_leaderboard_show_a_finished_game_without_pinging_anyone(
    bot_factory: Any,
) -> None:
    _bot, ana, bo = await start_nim(bot_factory, stones=3)
    await said("!play take 3", ana)
    stats = await public_answer("!game stats", ana)
    assert "1 played: 1 won, 0 lost, 0 abandoned" in text_of(stats)
    assert "Nim" in text_of(stats)
    assert not stats.mentions
    other = await public_answer(f"!game stats {bo.id}", ana)
    assert "1 played: 0 won, 1 lost, 0 abandoned" in text_of(other)
    board = await public_answer("!game leaderboard", bo)
    text = text_of(board)
    assert text.index(f"<@{ana.id}>") < text.index(f"<@{bo.id}>")
    assert "1 win in 1 game" in text and "0 wins in 1 game" in text
    assert not board.mentions
    assert f"<@{ana.id}>" in text_of(await public_answer("!game leaderboard test_nim", bo))


async def test_a_leaderboard_of_an_unknown_game_is_refused_privately(bot_factory: Any) -> None:
    _bot, ana, _bo = await start_nim(bot_factory)
    assert "no game called" in text_of((await private_answers("!game leaderboard chess", ana))[-1])


# as slash commands (interaction payloads) ---------------------------------------------------------


async def test_slash_undo_refused_answers_one_private_sentence(
    bot_factory: Any, responses: Any
) -> None:
    bot, _ana, bo = await start_nim(bot_factory)
    await dispatch(bot, responses, slash(bo, "undo", []))
    replies = [r for r in responses.of_type(4) if r["data"].get("content")]
    assert [r["data"]["content"] for r in replies] == ["You have no move to take back."]
    assert replies[0]["data"]["flags"] == 64


async def test_slash_undo_takes_the_move_back_and_answers_privately(
    bot_factory: Any, responses: Any
) -> None:
    bot, ana, _bo = await start_nim(bot_factory)
    await said("!play take 2", ana)
    await dispatch(bot, responses, slash(ana, "undo", []))
    assert (await bot.service.table(1)).ply == 0
    private = [r["payload"] for r in responses.sent if "taken back" in str(r["payload"])]
    assert private and all((p.get("data", p).get("flags") or 0) & 64 for p in private), (
        "the player hears it ephemerally"
    )
    name = discord.utils.escape_markdown(ana.display_name)
    table = await bot.service.table(1)
    [board] = [text_of(m) for m in public(drain()) if m.id == table.board_message_id]
    assert f"{name} takes back their move: Take 2." in board


async def test_slash_stats_and_leaderboard_are_embeds_that_allow_no_mentions(
    bot_factory: Any, responses: Any
) -> None:
    bot, ana, _bo = await start_nim(bot_factory, stones=3)
    await said("!play take 3", ana)
    await dispatch(bot, responses, slash(ana, "stats", []))
    await dispatch(bot, responses, slash(ana, "leaderboard", [string("game", "test_nim")]))
    replies = [r["data"] for r in responses.of_type(4) if r["data"].get("embeds")]
    assert len(replies) == 2
    for reply in replies:
        assert reply["allowed_mentions"]["parse"] == []
        assert not reply["allowed_mentions"].get("users")
    assert "1 won" in replies[0]["embeds"][0]["description"]
    assert f"<@{ana.id}>" in replies[1]["embeds"][0]["description"]

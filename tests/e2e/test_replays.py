"""Replays through Discord (issue 35 §2): the file on the end message, and `/game replay`.

A real bot on a real SQLite file (dpytest): a Nim game played to its end carries
`test_nim-<table>.html` on its one end message; `!game replay` and `/game replay` post it again for
a finished table of this server, and answer anything else with one private sentence.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord.webhook.async_ import async_context

import cogs.replay_commands
from bot.tables import TableRecord
from tests.e2e.conftest import answer_to, drain, private_answers, public, said, say, text_of
from tests.e2e.test_hostile import dispatch, slash
from tests.e2e.test_interactions import Responses
from tests.support.nim import NIM


async def finished_nim(bot_factory: Any, stones: int = 4) -> tuple[Any, Any, Any]:
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "r3play")
    ana, bo = dpytest.get_config().members
    await say(f"!game new test_nim stones={stones}", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    await say("!play take 3", ana)
    return bot, ana, bo


def replay_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def self_contained(html: str) -> bool:
    """Nothing the file would fetch: no external script, style sheet, image or font."""
    return not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)|url\(\s*["']?(https?:|//)""", html)


async def test_the_end_message_carries_the_replay_of_the_game_as_one_html_file(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await finished_nim(bot_factory)
    sent = await answer_to("!play take 1", bo)
    table = await bot.service.table(1)
    [end] = [m for m in public(sent) if m.id == table.board_message_id]
    assert "game over" in text_of(end)
    [file] = [a for a in end.attachments if a.filename.endswith(".html")]
    assert file.filename == "test_nim-1.html"
    html = (await file.read()).decode()
    assert html.startswith("<!DOCTYPE html>") and self_contained(html)
    data = replay_data(html)
    # names as the bot keeps them, Markdown escaped (the file's script undoes the escapes)
    ana_name = discord.utils.escape_markdown(ana.display_name)
    bo_name = discord.utils.escape_markdown(bo.display_name)
    assert data["names"] == [ana_name, bo_name]
    assert [s["mover"] for s in data["steps"]] == [None, ana_name, bo_name]
    assert [s["move"] for s in data["steps"][1:]] == ["Take 3", "Take 1"]
    assert data["seed"] == "r3play" and re.search(r"\b(won|wins)\b", data["summary"])
    # each seat's view carries its own secret word, the public view neither
    secrets = bot.service.state(table).secrets
    views = [v["key"] for v in data["views"]]
    last = data["steps"][-1]

    def text(view: str) -> str:
        lines = data["texts"][last["text"][views.index(view)]]
        return "\n".join(data["lines"][n] for n in lines)

    assert secrets[0] in text("s0") and secrets[1] not in text("s0")
    assert not any(word in text("public") for word in secrets)
    assert all(word in text("all") for word in secrets)


async def test_replay_posts_the_file_again_for_a_finished_table_of_this_server(
    bot_factory: Any,
) -> None:
    bot, _ana, bo = await finished_nim(bot_factory)
    await say("!play take 1", bo)
    sent = drain()
    table = await bot.service.table(1)
    [end] = [m for m in public(sent) if m.id == table.board_message_id]
    first = await end.attachments[-1].read()
    await say("!game replay 1", bo)
    [posted] = public(drain())
    assert "Replay of Nim, table #1" in posted.content
    [file] = posted.attachments
    assert file.filename == "test_nim-1.html"
    assert await file.read() == first  # the same log, the same file
    assert not posted.mentions


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("!game replay 1", "Table #1 is still being played: its replay comes when it ends."),
        ("!game replay 99", "There is no finished table #99 on this server to replay."),
        ("!game replay 2", "There is no finished table #2 on this server to replay."),
    ],
)
async def test_replay_of_a_running_unknown_or_other_servers_table_is_one_private_sentence(
    bot_factory: Any, command: str, said: str
) -> None:
    bot, ana, _bo = await finished_nim(bot_factory, stones=9)
    # table 2: a finished table of another server
    other = TableRecord(
        game="test_nim", status="finished", guild_id=1, seats=(), seed="x", state={}
    )
    assert (await bot.service.store.create_table(other)).id == 2
    assert [text_of(m) for m in await private_answers(command, ana)] == [said]


async def test_a_replay_not_ready_in_time_follows_the_end_message_on_its_own(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cogs.replay_commands, "END_WAIT", 0)
    bot, _ana, bo = await finished_nim(bot_factory)
    drain()
    await say("!play take 1", bo)
    await asyncio.gather(*cogs.replay_commands._LATE)
    sent = public(drain())
    table = await bot.service.table(1)
    [end] = [m for m in sent if m.id == table.board_message_id]
    assert "game over" in text_of(end)
    assert not [a for a in end.attachments if a.filename.endswith(".html")]
    [late] = [m for m in sent if m.attachments and m.id != end.id]
    assert late.attachments[0].filename == "test_nim-1.html" and "Replay" in late.content


# as slash commands (interaction payloads) ---------------------------------------------------------


def table_option(value: int) -> dict[str, Any]:
    return {"name": "table", "type": 4, "value": value}


class WithFiles(Responses):
    """`Responses`, also reading a follow-up sent with files (a multipart request)."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[bytes] = []

    async def request(self, route: Any, *args: Any, **kwargs: Any) -> Any:
        multipart = kwargs.get("multipart")
        if multipart and not kwargs.get("payload"):
            kwargs["payload"] = json.loads(multipart[0]["value"])
            for file in kwargs.get("files") or ():
                file.fp.seek(0)
                self.files.append(file.fp.read())
        return await super().request(route, *args, **kwargs)


async def test_slash_replay_defers_then_posts_the_file(bot_factory: Any) -> None:
    bot, _ana, bo = await finished_nim(bot_factory)
    await said("!play take 1", bo)
    responses = WithFiles()
    token = async_context.set(responses)
    try:
        await dispatch(bot, responses, slash(bo, "replay", [table_option(1)]))
    finally:
        async_context.reset(token)
    first = responses.sent[0]["payload"]
    assert first["type"] == 5 and not (first.get("data") or {}).get("flags")  # public deferral
    [followup] = [r["payload"] for r in responses.sent[1:] if r["payload"].get("attachments")]
    assert [a["filename"] for a in followup["attachments"]] == ["test_nim-1.html"]
    assert "Replay of Nim" in followup["content"]
    [html] = responses.files
    assert replay_data(html.decode())["steps"][-1]["move"] == "Take 1"


async def test_slash_replay_of_a_running_table_answers_privately(
    bot_factory: Any, responses: Any
) -> None:
    bot, ana, _bo = await finished_nim(bot_factory, stones=9)
    await dispatch(bot, responses, slash(ana, "replay", [table_option(1)]))
    replies = [r for r in responses.of_type(4) if r["data"].get("content")]
    assert [r["data"]["content"] for r in replies] == [
        "Table #1 is still being played: its replay comes when it ends."
    ]
    assert replies[0]["data"]["flags"] == discord.MessageFlags.ephemeral.flag

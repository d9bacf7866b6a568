"""A table whose thread is deleted or locked goes on in the channel the thread was opened from:
stored (no thread), so `!play`, `/play` and `/game …` work there, its players are told there once,
the lobby message links there, and nothing more is sent to the thread.

dpytest has no threads, so a text channel stands in for the thread the lobby message opens. The
faults are Discord's own answers, given by dpytest's HTTP backend (below discord.py's client, so
discord.py raises them as it would in production): deleting the stand-in makes the fetch answer
404, and a locked thread answers 403 to every write. Gateway events are fed to discord.py's own
parser."""

from __future__ import annotations

import sys
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.backend as back
import pytest
from discord.ext.test.backend import FakeRequest
from discord.webhook.async_ import async_context

from cogs.present import publish
from cogs.ui.board import table_place
from tests.e2e.conftest import dms, drain, say
from tests.e2e.test_answer_first import FirstAnswer, command, counting
from tests.e2e.test_hostile import string
from tests.e2e.test_interactions import dispatch
from tests.e2e.thread import check_thread
from tests.support.nim import NIM

DELETED = "The thread of table #1 was deleted: the game goes on here."
LOCKED = "The thread of table #1 was locked: the game goes on here."
LOCKED_CODE = {"code": 160005, "message": "Thread is locked"}


class Requests:
    """Every request the bot makes at dpytest's HTTP backend, as (kind, channel id); writes to
    the channels in `refuse` are answered with Discord's 403 for a locked thread."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[tuple[str, int]] = []
        self.refuse: set[int] = set()
        requests = self
        http = back.FakeHttp
        get, send, edit, delete = (
            http.get_channel,
            http.send_message,
            http.edit_message,
            http.delete_message,
        )

        def note(kind: str, channel_id: int) -> None:
            requests.seen.append((kind, channel_id))
            if channel_id in requests.refuse and kind != "fetch":
                raise discord.Forbidden(FakeRequest(403, "Forbidden"), LOCKED_CODE)  # type: ignore[arg-type]

        # dpytest's backend reads its caller's locals (the channel sent to, the message edited):
        # each wrapper holds them under the same names, so the backend finds them one frame up
        async def get_channel(client: Any, channel_id: int) -> Any:
            requests.seen.append(("fetch", channel_id))
            return await get(client, channel_id)

        async def send_message(client: Any, channel_id: int, **fields: Any) -> Any:
            channel = sys._getframe(1).f_locals.get("channel")  # noqa: F841 (read by dpytest)
            note("send", channel_id)
            return await send(client, channel_id, **fields)

        async def edit_message(client: Any, channel_id: int, message_id: int, **fields: Any) -> Any:
            self = sys._getframe(1).f_locals.get("self")  # noqa: F841 (the message edited)
            note("edit", channel_id)
            return await edit(client, channel_id, message_id, **fields)

        async def delete_message(client: Any, channel_id: int, message_id: int, **kw: Any) -> Any:
            self = sys._getframe(1).f_locals.get("self")  # noqa: F841 (the message deleted)
            note("delete", channel_id)
            return await delete(client, channel_id, message_id, **kw)

        monkeypatch.setattr(http, "get_channel", get_channel)
        monkeypatch.setattr(http, "send_message", send_message)
        monkeypatch.setattr(http, "edit_message", edit_message)
        monkeypatch.setattr(http, "delete_message", delete_message)

    def to(self, channel_id: int) -> list[str]:
        return [kind for kind, where in self.seen if where == channel_id]


async def threaded_nim(bot_factory: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    """A started Nim table (Ana to move) played in its own thread, opened from the channel."""
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "seed")
    parent = dpytest.get_config().channels[0]
    ana, bo = dpytest.get_config().members
    opened: list[Any] = []

    async def create_thread(self: Any, *, name: str, **kwargs: Any) -> Any:
        opened.append(back.make_text_channel(name, parent.guild))
        return opened[-1]

    monkeypatch.setattr(discord.Message, "create_thread", create_thread)
    await say("!game new test_nim stones=9", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    (thread,) = opened
    table = await bot.service.table(1)
    assert table.thread_id == thread.id and table.channel_id == parent.id
    drain()
    return bot, ana, bo, parent, thread


def notices(sent: list[discord.Message], channel: Any, text: str) -> list[discord.Message]:
    return [m for m in sent if m.channel.id == channel.id and text in (m.content or "")]


async def test_a_deleted_thread_moves_the_game_to_its_channel_where_play_works_told_once(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    back.delete_channel(thread)  # a moderator deleted the thread; no move has noticed yet
    requests = Requests(monkeypatch)
    await say("!play take 1", ana, parent)
    table = await bot.service.table(1)
    assert table.ply == 1, "the move typed in the parent channel was played"
    assert table.thread_id is None  # stored: every process and a restart play it here
    sent = drain()
    (notice,) = notices(sent, parent, DELETED)
    assert f"<@{ana.id}>" in notice.content and f"<@{bo.id}>" in notice.content
    board = await parent.fetch_message(table.board_message_id)  # the board came down here
    assert board.embeds and "table #1" in (board.embeds[0].title or "")
    lobby = await parent.fetch_message(table.lobby_message_id)
    assert f"Playing now in <#{parent.id}>" in (lobby.embeds[0].description or "")
    assert lobby.embeds[0].footer.text == "The game is on: follow it in this channel."
    await say("!play take 1", bo, parent)
    await say("!game status", ana, parent)
    table = await bot.service.table(1)
    assert table.ply == 2 and table.thread_id is None
    assert not notices(drain(), parent, "thread of table #1"), "the players were told once"
    assert requests.to(thread.id) == ["fetch"], "one fetch found it gone; nothing went there"
    check_thread(parent, bot.user.id, table.board_message_id)


async def test_a_move_pressed_after_the_thread_was_deleted_shows_its_board_in_the_channel(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    back.delete_channel(thread)
    requests = Requests(monkeypatch)
    await publish(bot, await bot.service.act(1, ana.id, "take 2"))  # a button on a DM panel
    table = await bot.service.table(1)
    assert table.thread_id is None
    sent = drain()
    assert len(notices(sent, parent, DELETED)) == 1
    assert (await parent.fetch_message(table.board_message_id)).embeds
    await publish(bot, await bot.service.act(1, bo.id, "take 2"))
    assert not notices(drain(), parent, "thread of table #1")
    assert requests.to(thread.id) == ["fetch"]
    check_thread(parent, bot.user.id, (await bot.service.table(1)).board_message_id)


async def test_a_locked_thread_refusing_the_board_is_left_for_the_channel_and_never_written_again(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    requests = Requests(monkeypatch)
    requests.refuse.add(thread.id)  # locked: Discord answers 403 to every write there
    await publish(bot, await bot.service.act(1, ana.id, "take 1"))
    refused = requests.to(thread.id)
    assert refused and len(refused) <= 2, refused  # the board's edit, then a new board
    table = await bot.service.table(1)
    assert table.thread_id is None
    sent = drain()
    assert len(notices(sent, parent, LOCKED)) == 1
    assert (await parent.fetch_message(table.board_message_id)).embeds
    await say("!play take 1", bo, parent)  # typed where the game went
    for _ in range(3):
        await say("!play take 1", ana, parent)
        await say("!play take 1", bo, parent)
    table = await bot.service.table(1)
    assert table.ply == 8
    assert requests.to(thread.id) == refused, "no request went to the locked thread again"
    assert not notices(drain(), parent, "thread of table #1")


def thread_event(thread: Any, parent: Any, *, locked: bool = False) -> dict[str, Any]:
    """A THREAD_UPDATE (or THREAD_DELETE) payload for the stand-in thread."""
    return {
        "id": str(thread.id),
        "guild_id": str(parent.guild.id),
        "parent_id": str(parent.id),
        "type": 11,
        "name": "Nim #1",
        "owner_id": str(parent.guild.me.id),
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 2,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": "2026-11-29T00:00:00+00:00",
            "locked": locked,
        },
    }


async def test_the_gateways_thread_delete_moves_the_game_at_once_and_the_next_move_shows_it_there(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    requests = Requests(monkeypatch)
    bot._connection.parse_thread_delete(thread_event(thread, parent))
    await dpytest.run_all_events()
    table = await bot.service.table(1)
    assert table.thread_id is None and table.board_message_id is None
    (notice,) = notices(drain(), parent, DELETED)
    assert "`/game status` shows it now" in notice.content  # no board came with the notice
    bot._connection.parse_thread_delete(thread_event(thread, parent))  # delivered again
    await dpytest.run_all_events()
    assert not notices(drain(), parent, "thread of table #1")
    await say("!play take 3", ana, parent)
    table = await bot.service.table(1)
    assert table.ply == 1
    assert (await parent.fetch_message(table.board_message_id)).embeds
    assert requests.to(thread.id) == []
    check_thread(parent, bot.user.id, table.board_message_id)


async def test_a_thread_locked_by_a_moderator_moves_the_game_and_unlocking_it_changes_nothing(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    requests = Requests(monkeypatch)
    bot._connection.parse_thread_update(thread_event(thread, parent, locked=True))
    await dpytest.run_all_events()
    assert (await bot.service.table(1)).thread_id is None
    assert len(notices(drain(), parent, LOCKED)) == 1
    bot._connection.parse_thread_update(thread_event(thread, parent, locked=False))
    await dpytest.run_all_events()
    assert (await bot.service.table(1)).thread_id is None  # it stays in the channel
    assert not drain()
    await say("!game status", ana, parent)  # the board, before any move
    table = await bot.service.table(1)
    assert table.thread_id is None and (await parent.fetch_message(table.board_message_id)).embeds
    await say("!play take 2", ana, parent)
    assert (await bot.service.table(1)).ply == 1
    assert requests.to(thread.id) == []


async def test_a_locked_thread_found_by_a_fetch_is_left_without_writing_to_it(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    back.delete_channel(thread)  # dropped from the cache, as discord.py drops archived threads
    data = thread_event(thread, parent, locked=True)
    data["thread_metadata"]["archived"] = True

    async def get_channel(self: Any, channel_id: int) -> Any:
        assert channel_id == thread.id
        return data

    monkeypatch.setattr(back.FakeHttp, "get_channel", get_channel)
    place = await table_place(bot, await bot.service.table(1))
    assert place is parent
    assert (await bot.service.table(1)).thread_id is None
    assert len(notices(drain(), parent, LOCKED)) == 1


async def test_play_in_the_channel_of_a_table_whose_thread_is_there_says_where_it_is_played(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    await say("!play take 1", ana, parent)
    assert (await bot.service.table(1)).ply == 0
    (answer,) = dms(drain(), ana)
    assert answer.content == (
        f"The game here is played in its thread, <#{thread.id}>: use the command there."
    )


async def test_a_thread_discord_fails_to_fetch_is_kept_and_written_to_by_its_id(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    back.delete_channel(thread)  # not in the cache (archived), and Discord is down

    async def get_channel(self: Any, channel_id: int) -> Any:
        raise discord.DiscordServerError(FakeRequest(503, "Unavailable"), "upstream")  # type: ignore[arg-type]

    monkeypatch.setattr(back.FakeHttp, "get_channel", get_channel)
    place = await table_place(bot, await bot.service.table(1))
    assert isinstance(place, discord.PartialMessageable) and place.id == thread.id
    assert (await bot.service.table(1)).thread_id == thread.id  # a 5xx is not a deletion
    assert not notices(drain(), parent, "thread of table #1")


async def test_a_game_back_from_its_deleted_thread_beside_a_new_lobby_takes_moves_and_joins_go_on(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    await say("!game new test_nim", bo)  # the channel is free while the game is in its thread
    assert (await bot.service.table(2)).status == "lobby"
    back.delete_channel(thread)
    await say("!play take 1", ana, parent)  # the game, not the lobby opened after it
    await say("!play take 1", bo, parent)
    game, lobby = await bot.service.table(1), await bot.service.table(2)
    assert game.ply == 2 and game.thread_id is None
    await say("!game join", ana, parent)  # and a lobby command still reaches the lobby
    lobby = await bot.service.table(2)
    assert lobby.status == "lobby" and {s.user_id for s in lobby.seats} == {ana.id, bo.id}


async def test_a_slash_play_answers_first_and_the_gone_thread_is_found_after_the_answer(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, _bo, parent, thread = await threaded_nim(bot_factory, monkeypatch)
    back.delete_channel(thread)  # gone while nobody moved, and no gateway event came
    adapter = FirstAnswer()
    token = async_context.set(adapter)
    try:
        with counting(adapter):
            await dispatch(bot, adapter, command(ana, "play", string("move", "take 1")))
        assert adapter.before_first == [], "the command was answered before any request"
        (refusal,) = [r["payload"] for r in adapter.sent if r["path"].endswith("/callback")]
        assert f"<#{thread.id}>" in refusal["data"]["content"]  # where the game was
        await dpytest.run_all_events()  # after the answer: the thread is looked for
        table = await bot.service.table(1)
        assert table.thread_id is None and table.ply == 0
        assert len(notices(drain(), parent, DELETED)) == 1
        await dispatch(bot, adapter, command(ana, "play", string("move", "take 1")))
    finally:
        async_context.reset(token)
    assert (await bot.service.table(1)).ply == 1  # played in the channel now

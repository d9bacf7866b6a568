"""What the bot declares to Discord (issue 31 §3): the fields its slash commands are synced with,
the gateway intents it asks for, and how a paced table's thread is kept open.

Requests are caught where discord.py hands them to the HTTP layer (`HTTPClient.request` and
dpytest's fake client), so discord.py builds every payload as it would for Discord.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.factories as facts
import pytest

from bot.app import intents
from cogs.lobby import LOG_MOST
from cogs.present import publish, update_board
from cogs.ui.board import table_place
from cogs.ui.lobby_message import LONGEST_ARCHIVE
from rules import GAMES, registered
from tests.e2e.conftest import dm_to, drain, said, say, start_two, thread_payload
from tests.support.nim import NIM, Nim

IDS = itertools.count(900_000)


def capture(bot: Any, monkeypatch: pytest.MonkeyPatch, answer: Any) -> list[tuple[str, str, Any]]:
    """Every request that reaches `HTTPClient.request` (what dpytest's fake client does not
    handle itself): (method, path, json), answered by `answer(route, json)`."""
    seen: list[tuple[str, str, Any]] = []

    async def request(route: Any, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        seen.append((route.method, route.url, body))
        return answer(route, body)

    for http in {id(h): h for h in clients(bot)}.values():
        monkeypatch.setattr(http, "request", request)
    return seen


def clients(bot: Any) -> list[Any]:
    """The HTTP clients the bot's parts hold (dpytest swaps the connection's after the command
    tree took the first one; on Discord they are one)."""
    return [bot.http, bot._connection.http, bot.tree._http]


def serve_http(bot: Any, monkeypatch: pytest.MonkeyPatch, **calls: Any) -> None:
    """Discord's side of the named HTTP calls, on every client the bot holds."""
    for http in clients(bot):
        for name, call in calls.items():
            monkeypatch.setattr(http, name, call)


async def synced(bot: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    bot._connection.application_id = 4242
    seen = capture(
        bot,
        monkeypatch,
        lambda route, body: [
            {**c, "id": str(next(IDS)), "application_id": "4242", "version": "1"} for c in body
        ],
    )
    await bot.tree.sync()
    ((method, path, payload),) = seen
    assert method == "PUT" and path.endswith("/commands")
    assert isinstance(payload, list)
    return payload


async def test_every_slash_command_declares_contexts_and_installs_not_dm_permission(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    payload = await synced(bot, monkeypatch)
    assert {c["name"] for c in payload} >= {"game", "play", "me"}
    for command in payload:
        assert "dm_permission" not in command, command["name"]
        assert command["contexts"] == [0, 1], command["name"]  # servers, and DMs with the bot
        assert command["integration_types"] == [0], command["name"]  # installed in a server


class CrowdNim(Nim):
    """Nim for up to eight players: more seats than any shipped game has."""

    key = "test_crowd_nim"
    title = "Crowd Nim"
    max_seats = 8
    info = dataclasses.replace(Nim.info, players=(1, max_seats))


CROWD_NIM = CrowdNim()


def sub_options(payload: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """`/game`'s subcommands as synced: name → {option name → option}."""
    (game,) = [c for c in payload if c["name"] == "game"]
    return {s["name"]: {o["name"]: o for o in s["options"]} for s in game["options"]}


async def test_log_count_declares_its_bounds_and_sub_lists_the_open_seats_by_name(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    subs = sub_options(await synced(bot, monkeypatch))
    count = subs["log"]["count"]
    assert (count["type"], count["min_value"], count["max_value"]) == (4, 1, LOG_MOST)
    player = subs["sub"]["player"]  # a name from the list (or a seat number, as before)
    assert (player["type"], player["autocomplete"], player["max_length"]) == (3, True, 100)


async def test_sub_takes_a_players_name_or_any_seat_number_of_a_bigger_game(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert CROWD_NIM.max_seats > max(game.max_seats for game in GAMES.values())
    with registered(CROWD_NIM):
        bot = await bot_factory(members=3)
        assert "max_value" not in sub_options(await synced(bot, monkeypatch))["sub"]["player"]
        ana, bo, cy = dpytest.get_config().members
        await say("!game new test_crowd_nim", ana)
        for _ in range(6):
            await say("!game ai", ana)
        await say("!game join", bo)  # seat 8
        await say("!game start", ana)
        await say("!game resign", bo)
        drain()
        await say("!game sub 9", cy)
        (refused,) = [m for m in drain() if "seat" in (m.content or "")]
        gone = (await bot.service.table(1)).seats[7].name
        assert refused.content == f"There is no seat 9 here. You can take over {gone}."
        assert dm_to(refused) == cy.id  # only the one who asked reads it
        await say("!game sub Nobody", cy)
        (refused,) = [m for m in drain() if "Nobody" in (m.content or "")]
        assert (
            refused.content
            == f"Nobody called Nobody plays at this table. You can take over {gone}."
        )
        await say("!game sub Frost", cy)  # an AI from the start: nobody to stand in for
        (refused,) = [m.content for m in drain() if "cannot be taken over" in (m.content or "")]
        assert refused == "Frost 🤖's seat cannot be taken over: Frost 🤖 is still playing it."
        for typed in ("8", bo.display_name, gone.upper()):  # a number, a name, any case
            await say(f"!game sub {typed}", cy)
            (offer,) = [m.content for m in drain() if "offers to take over" in (m.content or "")]
            assert f"offers to take over from {gone}." in offer


async def test_a_typed_log_count_out_of_bounds_is_refused_in_one_plain_sentence(
    bot_factory: Any,
) -> None:
    await bot_factory(games={"test_nim": NIM})
    ana, _ = await start_two("test_nim")
    await say("!game log 500", ana)
    (answer,) = [m for m in drain() if "count" in (m.content or "")]
    assert answer.content == f"`count` must be from 1 to {LOG_MOST}."


def test_the_bot_asks_only_for_the_gateway_events_it_reads() -> None:
    wanted = intents()
    used = {"guilds", "members", "guild_messages", "dm_messages", "message_content"}
    used.add("guild_reactions")  # the chat filter's reaction rules
    assert {name for name, on in wanted if on} == used
    for unused in ("typing", "voice_states", "invites", "presences", "emojis_and_stickers"):
        assert not getattr(wanted, unused)


@pytest.mark.parametrize(("pace", "duration"), [("pace=daily", LONGEST_ARCHIVE), ("", None)])
async def test_a_paced_table_opens_its_thread_with_the_longest_auto_archive(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch, pace: str, duration: int | None
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    ana, bo = dpytest.get_config().members
    channel: Any = dpytest.get_config().channels[0]

    def refuse(route: Any, body: Any) -> Any:  # no thread here: the table plays in the channel
        raise discord.Forbidden(type("R", (), {"status": 403, "reason": "test"})(), "no")

    seen = capture(bot, monkeypatch, refuse)
    await say(f"!game new test_nim {pace}".strip(), ana)
    await say("!game join", bo)
    await said("!game start", ana)
    table = await bot.service.table(1)
    assert table.status == "active" and (table.pace is not None) == bool(pace)
    (made,) = [body for method, path, body in seen if path.endswith("/threads")]
    if duration is not None:
        assert made["auto_archive_duration"] == duration
    else:  # a live table keeps the channel's own setting
        assert made.get("auto_archive_duration") != LONGEST_ARCHIVE
    assert f"/channels/{channel.id}/" in next(p for _, p, _ in seen if p.endswith("/threads"))


async def weekly_table(bot_factory: Any) -> Any:
    bot = await bot_factory(games={"test_nim": NIM})
    await start_two("test_nim pace=weekly")
    return bot


def refused_while_archived(archived: list[bool], done: list[str], channel: Any) -> Any:
    async def edit_message(channel_id: int, message_id: int, **fields: Any) -> Any:
        if archived[0]:  # Discord refuses any edit in an archived thread
            response = type("R", (), {"status": 400, "reason": "Bad Request"})()
            raise discord.HTTPException(response, {"code": 50083, "message": "Thread is archived"})
        done.append(f"edit {message_id}")
        return facts.make_message_dict(channel, channel.guild.me, content="")

    return edit_message


async def archived_thread_table(bot_factory: Any) -> tuple[Any, Any, Any, Any]:
    """A weekly table whose thread has archived itself: the bot, the table's channel, the thread
    as Discord describes it, and the table."""
    bot = await weekly_table(bot_factory)
    channel: Any = dpytest.get_config().channels[0]
    data = thread_payload(channel, next(IDS), archived=True, duration=LONGEST_ARCHIVE)
    table = await bot.service.remember(1, thread_id=int(data["id"]))
    return bot, channel, data, table


async def test_an_archived_thread_is_found_and_unarchived_before_its_board_is_edited(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # a week without a move: the table's thread archived itself, and discord.py dropped it from
    # its cache (an archived thread is never cached), so only a fetch finds it
    bot, channel, data, table = await archived_thread_table(bot_factory)
    assert bot.get_channel(table.thread_id) is None

    done: list[str] = []
    archived = [True]

    async def get_channel(channel_id: int) -> Any:
        assert channel_id == table.thread_id
        done.append("fetch")
        return data

    def discord_side(route: Any, body: Any) -> Any:  # Discord unarchives the thread
        assert route.method == "PATCH" and body == {"archived": False}
        archived[0] = False
        done.append("unarchive")
        return {**data, "thread_metadata": {**data["thread_metadata"], "archived": False}}

    capture(bot, monkeypatch, discord_side)
    sent: list[Any] = []
    edit = refused_while_archived(archived, done, channel)

    async def send_message(channel_id: int, **fields: Any) -> Any:
        sent.append(channel_id)
        return facts.make_message_dict(channel, channel.guild.me, content="")

    serve_http(
        bot, monkeypatch, get_channel=get_channel, edit_message=edit, send_message=send_message
    )
    caplog.set_level(logging.INFO)
    place = await table_place(bot, table)  # as `publish` and `/me away` find it
    assert isinstance(place, discord.Thread) and place.id == table.thread_id
    await update_board(bot, table, place)  # a pace change redraws the board where it is
    assert done == ["fetch", "unarchive", f"edit {table.board_message_id}"]
    assert not sent, "no second board was posted"
    assert "is gone" not in caplog.text


async def test_an_open_thread_costs_no_fetch_and_no_unarchive_request(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await weekly_table(bot_factory)
    channel: Any = dpytest.get_config().channels[0]
    data = thread_payload(channel, next(IDS), archived=False, duration=LONGEST_ARCHIVE)
    thread = discord.Thread(guild=channel.guild, state=bot._connection, data=data)
    channel.guild._add_thread(thread)  # as the gateway's THREAD_CREATE leaves it
    table = await bot.service.remember(1, thread_id=thread.id)
    seen = capture(bot, monkeypatch, lambda route, body: None)
    done: list[str] = []
    serve_http(bot, monkeypatch, edit_message=refused_while_archived([False], done, channel))
    place = await table_place(bot, table)
    assert place is thread
    await update_board(bot, table, place)
    assert not seen and done == [f"edit {table.board_message_id}"]


async def test_a_thread_that_is_gone_leaves_the_tables_channel(bot_factory: Any) -> None:
    bot = await weekly_table(bot_factory)
    channel: Any = dpytest.get_config().channels[0]
    table = await bot.service.remember(1, thread_id=next(IDS))  # deleted: Discord answers 404
    assert await table_place(bot, table) is channel


async def test_a_move_at_a_table_whose_thread_is_archived_is_shown_in_that_thread(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot, channel, data, table = await archived_thread_table(bot_factory)
    done: list[str] = []
    archived = [True]

    async def get_channel(channel_id: int) -> Any:
        done.append("fetch")
        return data

    def discord_side(route: Any, body: Any) -> Any:
        archived[0] = False
        done.append("unarchive")
        return {**data, "thread_metadata": {**data["thread_metadata"], "archived": False}}

    capture(bot, monkeypatch, discord_side)

    async def send_message(channel_id: int, **fields: Any) -> Any:
        if archived[0]:
            response = type("R", (), {"status": 400, "reason": "Bad Request"})()
            raise discord.HTTPException(response, {"code": 50083, "message": "Thread is archived"})
        done.append(f"send in {'thread' if channel_id == table.thread_id else channel_id}")
        return facts.make_message_dict(channel, channel.guild.me, content="")

    edit = refused_while_archived(archived, done, channel)
    serve_http(
        bot, monkeypatch, get_channel=get_channel, edit_message=edit, send_message=send_message
    )
    caplog.set_level(logging.INFO)
    (seat,) = bot.service.waiting_for(table)
    mover = next(m for m in dpytest.get_config().members if m.id == table.seats[seat].user_id)
    played = await bot.service.act(1, mover.id, "take 1")
    await publish(bot, played)
    assert done[:2] == ["fetch", "unarchive"]
    assert "send in thread" in done  # the move's board, below in the thread itself
    assert "is gone" not in caplog.text

"""Nothing a member types can hurt the bot (issue 15): Discord's limits, live mentions, forged
buttons, the chat filter's gaps, failed panel updates and bursts.

Every request the bot makes is checked where it leaves: dpytest's HTTP backend (messages, edits,
DMs) and the webhook adapter (interaction responses and follow-ups). A payload over one of
Discord's documented limits, or one that could ping @everyone, a role or users by `parse`, fails
the test — whichever command or panel produced it.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import json
import logging
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.backend as back
import discord.ext.test.factories as facts
import discord.http
import pytest
from discord.ext import commands

from bot import guard
from bot.guard import refusal
from bot.tables import label_mark
from cogs.common import _unwrap
from cogs.present import publish
from rules import GAMES
from tests.e2e.conftest import dm_to, drain, said, say, started_nim
from tests.e2e.test_interactions import Responses, button, payload, select
from tests.support.nim import NIM

FRESH = itertools.count()
HUGE = "x" * 6000
HOSTILE = [
    HUGE,
    "@everyone @here <@&1> " * 300,
    "**__~~`" * 900,
    "\u202ereversed\u202d " * 600,
    "z\u0300\u0301\u0302\u0303\u0304" * 1200,
]
NICK = "@everyone \u202e**zalgo\u0336**"


class Sent:
    """Every payload the bot sent through dpytest's backend, and what was wrong with it."""

    def __init__(self) -> None:
        self.payloads: list[dict[str, Any]] = []

    def problems(self, responses: Responses | None = None) -> list[str]:
        found = []
        every = list(self.payloads) + [r["payload"] for r in (responses.sent if responses else [])]
        for sent in every:
            message = sent.get("data") if isinstance(sent.get("data"), dict) else sent
            found += guard.problems(sent)
            if message.get("content") and "allowed_mentions" not in message:
                found.append(f"content without allowed_mentions: {message['content'][:80]!r}")
        return found


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    record = Sent()
    for name in ("send_message", "edit_message"):
        original = getattr(back.FakeHttp, name)

        def wrapped(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            # dpytest finds the channel among its caller's local variables: keep it in reach
            channel = back._get_higher_locs(1).get("channel")  # noqa: F841
            params = kwargs.get("params")
            if params is not None and params.payload is not None:
                record.payloads.append(params.payload)
            elif params is not None and params.multipart:
                record.payloads.append(json.loads(params.multipart[0]["value"]))
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(back.FakeHttp, name, wrapped)
    return record


async def dispatch(bot: Any, responses: Responses, data: dict[str, Any]) -> None:
    """Feed an interaction to the bot as the gateway would, and wait for every task it starts and
    the tasks those start (an application command runs in a task of the command tree's own)."""
    before = asyncio.all_tasks()
    bot._connection.parse_interaction_create(data)
    for _ in range(50):
        pending = [t for t in asyncio.all_tasks() - before if not t.done()]
        pending = [t for t in pending if t is not asyncio.current_task()]
        if not pending:
            break
        done, _ = await asyncio.wait(pending, timeout=2)
        if not done:
            break  # only long-lived tasks are left (timers, gateway stand-ins)
    await dpytest.run_all_events()
    # dpytest queues every command error (it re-raises them on the next typed message): the ones
    # the bot answered as refusals are fine, anything else fails the test
    from discord.ext.test.runner import error_queue

    while not error_queue.empty():
        _, err = await error_queue.get()
        original = _unwrap(err)
        if refusal(original) is None and not isinstance(original, commands.UserInputError):
            raise err


def slash(member: discord.Member, name: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    """A `/game <name>` (or `/play`) application command with string options."""
    if name == "play":
        data = {"id": "1", "name": "play", "type": 1, "options": options}
    else:
        sub = {"name": name, "type": 1, "options": options}
        data = {"id": "2", "name": "game", "type": 1, "options": [sub]}
    interaction = payload(member, 2, data)
    # a fresh snowflake: an interaction older than 15 minutes is answered in the channel instead
    now = datetime.datetime.now(datetime.UTC)
    interaction["id"] = str(discord.utils.time_snowflake(now) + next(FRESH))
    return interaction


def string(name: str, value: str) -> dict[str, Any]:
    return {"name": name, "type": 3, "value": value}


async def rename(member: discord.Member, nick: str) -> None:
    back.update_member(member, nick=nick)
    await dpytest.run_all_events()


# ---------------------------------------------------------------------------------------------
# the guard itself


def test_fit_clips_every_documented_limit_and_reports_it() -> None:
    buttons = [{"type": 2, "custom_id": f"b{i}", "label": "L" * 200} for i in range(7)]
    options = [{"label": "o" * 150, "value": str(i), "description": "d" * 150} for i in range(30)]
    message = {
        "content": HUGE,
        "embeds": [
            {
                "title": HUGE,
                "description": HUGE,
                "fields": [{"name": HUGE, "value": HUGE}] * 30,
                "footer": {"text": HUGE},
            }
        ],
        "components": [{"type": 1, "components": buttons}]
        + [{"type": 1, "components": [{"type": 3, "custom_id": "s" * 150, "options": options}]}]
        * 6,
        "allowed_mentions": {"parse": ["everyone", "roles", "users"], "roles": [1]},
    }
    fitted, found = guard.fit(message)
    assert found and not guard.problems({**fitted, "components": fitted["components"][:1]}), (
        "a fitted payload is within every limit"
    )
    assert len(fitted["content"]) == guard.CONTENT
    embed = fitted["embeds"][0]
    assert len(embed["title"]) <= 256 and len(embed["fields"]) <= 25
    assert guard._embed_length(embed) <= guard.EMBED_TOTAL
    assert len(fitted["components"]) == 5 and len(fitted["components"][0]["components"]) == 5
    select_menu = fitted["components"][1]["components"][0]
    assert len(select_menu["options"]) == 25 and len(select_menu["custom_id"]) == 100
    assert all(len(o["label"]) <= 100 for o in select_menu["options"])
    assert fitted["allowed_mentions"] == {"parse": [], "roles": []}
    assert message["content"] == HUGE, "the caller's payload is not changed"


def test_fit_caps_autocomplete_choices_and_sees_repeated_custom_ids() -> None:
    choices = [{"name": "n" * 200, "value": "v" * 200}] * 40
    fitted, found = guard.fit({"type": 8, "data": {"choices": choices}})
    assert len(fitted["data"]["choices"]) == 25 and found
    assert all(len(c["name"]) <= 100 for c in fitted["data"]["choices"])
    row = {"type": 1, "components": [{"type": 2, "custom_id": "same"}] * 2}
    assert any("not unique" in p for p in guard.problems({"components": [row]}))


def test_a_message_within_the_limits_passes_unchanged() -> None:
    message = {"content": "hi <@1>", "allowed_mentions": {"parse": [], "users": ["1"]}}
    assert guard.fit(message) == (message, [])


def test_ids_from_custom_ids_are_refused_when_no_store_could_hold_them() -> None:
    assert guard.sane_id("12") == 12
    assert guard.sane_id(str(2**63)) is None and guard.sane_id("9" * 5000) is None
    assert guard.sane_id("-1") is None and guard.sane_id("١٢") is None  # Arabic-Indic digits


async def test_every_http_request_of_the_bot_passes_the_guard(bot_factory: Any) -> None:
    """The bot's real discord.py HTTP client: a 6,000-character message reaches the network layer
    at 2,000 characters, with mentions switched off."""
    bot = await bot_factory(games={"test_nim": NIM})
    http = discord.http.HTTPClient(bot.loop)
    seen: list[dict[str, Any]] = []

    async def network(route: Any, **kwargs: Any) -> Any:
        seen.append(kwargs.get("json") or {})
        return {}

    http.request = network  # type: ignore[method-assign]
    bot.http, real = http, bot.http
    try:
        guard_installed = bot.delivery.__class__(bot, bot.service)
        assert guard_installed.client.http.request is not network
        params = discord.http.handle_message_parameters(content="@everyone " + HUGE)
        await http.send_message(1, params=params)
    finally:
        bot.http = real
    assert len(seen[0]["content"]) == 2000 and seen[0]["allowed_mentions"] == {"parse": []}


# ---------------------------------------------------------------------------------------------
# hostile members, every command and every panel


async def hostile_commands(bot: Any, responses: Responses, ana: Any, bo: Any, game: str) -> None:
    """Every `/game` command and `/play`, typed and slashed, with hostile text."""
    for text in HOSTILE[:2]:
        await say(f"!game new {text}", ana)
        await say(f"!game new {game} {text}", ana)
        await say(f"!game new {game} {text[:300]}=1 a=b", ana)
        await say(f"!game rules {text}", ana)
        await say(f"!game ai {text}", ana)
        await say(f"!play {text}", ana)
        for name, option in (("new", "game"), ("rules", "game"), ("ai", "level")):
            await dispatch(bot, responses, slash(ana, name, [string(option, text)]))
        await dispatch(
            bot, responses, slash(ana, "new", [string("game", game), string("options", text)])
        )
        await dispatch(bot, responses, slash(ana, "play", [string("move", text)]))


async def play_through(bot: Any, responses: Responses, members: list[Any], moves: int) -> None:
    """Play by panel buttons, select menus and `/play` (first legal label), hostile text between."""
    service = bot.service
    for turn in range(moves):
        table = await service.table(1)
        if table.status != "active":
            return
        seat = next(
            (s for s in service.waiting_for(table) if table.seats[s].user_id is not None), None
        )
        if seat is None:
            return
        member = members[seat]
        labels = service.labels(table, seat)
        if turn % 5 == 4:
            await say(f"!play {HOSTILE[turn % len(HOSTILE)][:2000]}", member)
        if len(labels) <= 5 and turn % 3 == 0:
            mark = label_mark(labels[0])
            await dispatch(bot, responses, button(member, f"sb:a:1:{table.ply}:0:{mark}"))
        elif turn % 3 == 1 and len(labels) > 5:
            value = f"0:{label_mark(labels[0])}"
            await dispatch(bot, responses, select(member, f"sb:s:1:{table.ply}:0", value))
        else:
            await dispatch(bot, responses, slash(member, "play", [string("move", labels[0])]))
        if (await service.table(1)).ply == table.ply:
            await say(f"!play {labels[0]}", member)  # a label that several moves share
        if turn % 4 == 0:  # the other views, now and then (the board picture is slow to draw)
            for command in ("hand", "status", "log"):
                await dispatch(bot, responses, slash(member, command, []))
            await dispatch(bot, responses, button(member, "sb:b:1:hand"))


@pytest.mark.parametrize("game", ["test_nim", *sorted(GAMES)])
async def test_hostile_input_everywhere_never_exceeds_a_limit_or_pings_anyone(
    bot_factory: Any, responses: Responses, sent: Sent, game: str, caplog: Any
) -> None:
    games = {"test_nim": NIM} if game == "test_nim" else None
    bot = await bot_factory(games=games, new_seed=lambda: "hostile")
    ana, bo = dpytest.get_config().members
    await rename(ana, NICK)
    await rename(bo, HUGE[:32] + "\u202e@here")
    with caplog.at_level(logging.WARNING):
        await hostile_commands(bot, responses, ana, bo, game)
        assert not await bot.service.tables_of(ana.id), "no hostile command opened a table"
        await say(f"!game new {game}", ana)
        await say("!game join", bo)
        table = await bot.service.table(1)
        while len(table.seats) < bot.service.games[game].min_seats:
            await say("!game ai", ana)
            table = await bot.service.table(1)
        await say("!game start", ana)
        await play_through(bot, responses, [ana, bo], 16)
        await dispatch(bot, responses, slash(ana, "abandon", []))
        await dispatch(bot, responses, button(ana, f"sb:x:1:{ana.id}"))
    drain()
    problems = sent.problems(responses)
    assert not problems, problems[:5]
    assert sent.payloads and responses.sent
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "no traceback"
    assert not [r for r in caplog.records if "over Discord's limits" in r.getMessage()]
    for reply in responses.of_type(4):
        content = reply["data"].get("content") or ""
        if reply["data"].get("flags") == 64 and content:
            assert len(content) <= 1900


async def test_a_long_options_error_is_one_short_private_sentence(
    bot_factory: Any, responses: Responses
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    ana, _ = dpytest.get_config().members
    await dispatch(
        bot,
        responses,
        slash(ana, "new", [string("game", "test_nim"), string("options", "k" * 390)]),
    )
    reply = responses.of_type(4)[-1]["data"]
    assert reply["flags"] == 64 and len(reply["content"]) < 300 and "key=value" in reply["content"]


async def test_slash_string_options_all_have_a_max_length(bot_factory: Any) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    strings = []
    for command in bot.tree.walk_commands():
        for parameter in getattr(command, "parameters", []):
            if parameter.type is discord.AppCommandOptionType.string:
                strings.append((command.qualified_name, parameter.name, parameter.max_value))
    assert len(strings) >= 5
    assert all(limit is not None and limit <= 400 for _, _, limit in strings), strings


# ---------------------------------------------------------------------------------------------
# forged buttons


FORGED = [
    "sb:a:99:0:0:abcdef",  # unknown table
    f"sb:a:{2**63}:0:0:abcdef",  # over 2⁶³
    f"sb:a:1:{2**64}:0:abcdef",
    "sb:a:1:5:0:abcdef",  # a future ply
    "sb:s:77:0:0",
    "sb:g:99:1",
    "sb:l:99:join",
    "sb:b:99:hand",
    f"sb:x:1:{2**70}",
    "sb:zz:1",
    "",
    "x" * 100,
    "sb:a:1:0:0:ABCDEF",
]


async def refused_unchanged(
    bot: Any, responses: Responses, caplog: Any, data: dict[str, Any]
) -> dict[str, Any]:
    """Dispatch the interaction `data`: it is answered once, privately, the table stays as it
    was and nothing is logged as an error. The answer."""
    before = await bot.service.table(1)
    with caplog.at_level(logging.WARNING):
        await dispatch(bot, responses, data)
    replies = responses.of_type(4)
    assert len(replies) == 1, responses.sent
    assert replies[0]["data"]["flags"] == 64
    assert (await bot.service.table(1)).model_dump() == before.model_dump()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    return replies[0]


@pytest.mark.parametrize("custom_id", FORGED)
async def test_a_forged_button_gets_one_private_sentence_and_changes_nothing(
    bot_factory: Any, responses: Responses, caplog: Any, custom_id: str
) -> None:
    bot, _, bo = await started_nim(bot_factory)
    reply = await refused_unchanged(bot, responses, caplog, button(bo, custom_id))
    assert len(reply["data"]["content"]) < 200


@pytest.mark.parametrize("value", ["x:abc", f"{2**63}:abcdef", "-1:abcdef", "99:abcdef", ""])
async def test_a_bad_select_value_gets_one_private_sentence(
    bot_factory: Any, responses: Responses, caplog: Any, value: str
) -> None:
    bot, ana, _ = await started_nim(bot_factory)
    await refused_unchanged(bot, responses, caplog, select(ana, "sb:s:1:0:0", value))


async def test_another_seats_button_is_refused(bot_factory: Any, responses: Responses) -> None:
    bot, _, bo = await started_nim(bot_factory)
    await dispatch(bot, responses, button(bo, f"sb:a:1:0:0:{label_mark('Take 1')}"))
    assert responses.of_type(4)[-1]["data"]["flags"] == 64
    assert (await bot.service.table(1)).ply == 0


# ---------------------------------------------------------------------------------------------
# panels: failures and bursts


async def test_a_failed_panel_update_is_sent_again_on_the_next_change(
    bot_factory: Any, caplog: Any
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    await say("!play take 1", ana)
    original = bot.delivery.dm
    failing = {bo.id}

    async def flaky(user_id: int, **message: Any) -> Any:
        if user_id in failing:
            response = type("R", (), {"status": 500, "reason": "injected"})()
            raise discord.HTTPException(response, "injected failure")
        return await original(user_id, **message)

    edit = back.FakeHttp.edit_message
    bot.delivery.dm = flaky  # type: ignore[method-assign]
    # Bo's panel is edited in place: make the edit fail too, so the send path is taken
    back.FakeHttp.edit_message = _failing_edit  # type: ignore[method-assign]
    try:
        with caplog.at_level(logging.WARNING):
            # Bo shouts (a secret move, so not typed): his panel gets private news, and fails
            await publish(bot, await bot.service.act(1, bo.id, "shout"))
    finally:
        back.FakeHttp.edit_message = edit  # type: ignore[method-assign]
        bot.delivery.dm = original  # type: ignore[method-assign]
    assert any("again later" in r.getMessage() for r in caplog.records)
    stale = {p.seat: p.digest for p in await bot.service.store.panels(1)}
    drain()
    await say("!game status", ana)  # no change: nothing is retried yet
    assert {p.seat: p.digest for p in await bot.service.store.panels(1)} == stale
    await say("!play take 1", bo)  # the next change: its panel's text alone did not change
    after = {p.seat: p.digest for p in await bot.service.store.panels(1)}
    assert after[1] != stale[1], "Bo's panel was delivered on the next change"


async def _failing_edit(self: Any, *args: Any, **kwargs: Any) -> Any:
    response = type("R", (), {"status": 500, "reason": "injected"})()
    raise discord.HTTPException(response, "injected failure")


async def test_a_move_that_updates_five_panels_stays_under_the_channel_rate_limit(
    bot_factory: Any, sent: Sent
) -> None:
    """Discord allows 5 messages per 5 s in a channel: one move sends its lines packed into one
    message and edits the board once; its panels go to five different DM channels."""
    bot = await bot_factory(members=5, new_seed=lambda: "burst")
    members = list(dpytest.get_config().members)
    game = next(k for k, g in bot.service.games.items() if g.max_seats >= 5)
    await say(f"!game new {game}", members[0])
    for member in members[1:]:
        await say("!game join", member)
    await say("!game start", members[0])
    table = await bot.service.table(1)
    counts: dict[int, int] = {}
    original = back.FakeHttp.send_message

    async def counting(self: Any, channel_id: int, **kwargs: Any) -> Any:
        channel = back._get_higher_locs(1).get("channel")  # noqa: F841  (dpytest looks it up)
        counts[channel_id] = counts.get(channel_id, 0) + 1
        return await original(self, channel_id, **kwargs)

    back.FakeHttp.send_message = counting  # type: ignore[method-assign]
    try:
        for _ in range(6):
            table = await bot.service.table(1)
            if table.status != "active":
                break
            seat = next(s for s in bot.service.waiting_for(table) if table.seats[s].user_id)
            counts.clear()
            await say(f"!play {bot.service.labels(table, seat)[0]}", members[seat])
            channel = dpytest.get_config().channels[0].id
            assert counts.get(channel, 0) <= 2, counts
            assert all(n <= 2 for n in counts.values()), counts
    finally:
        back.FakeHttp.send_message = original  # type: ignore[method-assign]


# ---------------------------------------------------------------------------------------------
# the chat filter's gaps


async def cn_table(bot_factory: Any) -> tuple[Any, list[Any], Any]:
    bot = await bot_factory(new_seed=lambda: "cn-filter")
    members = list(dpytest.get_config().members)
    await say("!game new coldest_night", members[0])
    await say("!game join", members[1])
    await say("!game ai", members[0])
    await said("!game start", members[0])
    return bot, members, dpytest.get_config().channels[0]


async def test_a_burst_of_banned_messages_is_deleted_with_one_notice_a_minute(
    bot_factory: Any,
) -> None:
    bot, members, channel = await cn_table(bot_factory)
    table = await bot.service.table(1)
    heat = GAMES["coldest_night"].observe(bot.service.state(table), None).heat_total
    other = 7 if heat != 7 else 8
    ids = [(await dpytest.message(f"I hold a {other}", channel, members[1])).id for _ in range(200)]
    history = {m.id async for m in channel.history(limit=500)}
    assert not history & set(ids), "every banned message is deleted"
    notices = [m for m in drain() if dm_to(m) == members[1].id]
    assert len(notices) == 1
    bot.chat.clock = lambda: 10**9  # a minute later, the next one is explained again
    await dpytest.message(f"and a {other}", channel, members[1])
    assert len([m for m in drain() if dm_to(m) == members[1].id]) == 1


async def test_an_edit_of_an_uncached_message_is_filtered(bot_factory: Any) -> None:
    bot, members, channel = await cn_table(bot_factory)
    message = await dpytest.message("nice", channel, members[0])
    bot._connection._messages.clear()  # the message fell out of the cache
    drain()
    data = facts.dict_from_message(message)
    data.update(content="I have 2 good ones", guild_id=channel.guild.id, channel_id=channel.id)
    back.get_state().parse_message_update(data)
    await dpytest.run_all_events()
    assert message.id not in [m.id async for m in channel.history(limit=50)]
    assert any("`number`" in m.content for m in drain() if dm_to(m) == members[0].id)


async def test_a_forwarded_message_and_a_poll_are_filtered(bot_factory: Any) -> None:
    bot, members, channel = await cn_table(bot_factory)
    seen: list[str] = []
    original = bot.service.chat

    async def chat(channel_id: int, user_id: int, text: str, **kwargs: Any) -> Any:
        seen.append(text)
        return await original(channel_id, user_id, text, **kwargs)

    bot.service.chat = chat  # type: ignore[method-assign]
    base = await dpytest.message("hello", channel, members[1])
    data = facts.dict_from_message(base)
    data["id"] = str(facts.make_id())
    data["content"] = ""
    snapshot = {
        "type": 0,
        "content": "I hold 5 and 6",
        "embeds": [],
        "attachments": [],
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
        "mentions": [],
        "mention_roles": [],
        "components": [],
    }
    data["message_snapshots"] = [{"message": snapshot}]
    forwarded = discord.Message(state=back.get_state(), channel=channel, data=data)
    judged = await bot.chat.judge(forwarded)
    assert "I hold 5 and 6" in seen[-1] and judged is not None and not judged[1].allowed
    poll = discord.Poll(question="which one, 3 or 4?", duration=datetime.timedelta(hours=1))
    poll.add_answer(text="the 9")
    polled = discord.Message(state=back.get_state(), channel=channel, data=data)
    polled.message_snapshots = []
    polled.poll = poll
    judged = await bot.chat.judge(polled)
    assert "3 or 4" in seen[-1] and "the 9" in seen[-1]
    assert judged is not None and not judged[1].allowed


async def test_the_numbers_listed_in_a_notice_are_clipped(bot_factory: Any) -> None:
    _, members, channel = await cn_table(bot_factory)
    await dpytest.message(" ".join(str(n) for n in range(1, 600)), channel, members[1])
    notice = [m.content for m in drain() if dm_to(m) == members[1].id]
    assert notice and len(notice[0]) < 700


async def test_game_log_is_throttled_per_user_and_says_when_to_try_again(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo = await started_nim(bot_factory)
    await dispatch(bot, responses, slash(ana, "log", []))
    await dispatch(bot, responses, slash(ana, "log", []))
    refusal = responses.of_type(4)[-1]["data"]
    assert refusal["flags"] == 64 and "try again in" in refusal["content"]
    await dispatch(bot, responses, slash(bo, "log", []))  # another member is not held up
    assert "try again" not in (responses.of_type(4)[-1]["data"].get("content") or "")

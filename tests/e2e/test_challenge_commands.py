"""Seeded challenges through Discord: `!game new <game> challenge=daily` on two servers deals the
same game; a challenge table refuses `!game undo`; the end message keeps the seed until the
challenge closes; `/game challenge` shows a group's names only on its own server and a server's
name only after someone with Manage Server allowed it (`/game challenge-server`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import discord.ext.test as dpytest
import discord.ext.test.backend as back
from discord.webhook.async_ import async_context

from tests.e2e.conftest import drain, public, said, say, text_of
from tests.e2e.test_hostile import slash, string
from tests.e2e.test_interactions import Responses, dispatch
from tests.support.nim import NIM

NOON = dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC).timestamp()
MANAGE_SERVER = 1 << 5
MIDNIGHT = int(dt.datetime(2026, 11, 30, tzinfo=dt.UTC).timestamp())


async def two_servers(
    bot_factory: Any, **kwargs: Any
) -> tuple[Any, tuple[Any, ...], tuple[Any, ...]]:
    """A bot on the default server (Ana, Bo) and on a second one, "Frost Hollow" (Cy, who has
    Manage Server there, and Di)."""
    bot = await bot_factory(clock=lambda: NOON, **kwargs)
    config = dpytest.get_config()
    ana, bo = config.members
    guild = back.make_guild("Frost Hollow")
    back.make_member(bot.user, guild)
    channel = back.make_text_channel("hollow", guild)
    moderators = back.make_role("Moderators", guild, permissions=MANAGE_SERVER)
    cy = back.make_member(back.make_user("Cy", "0003"), guild, roles=[moderators])
    di = back.make_member(back.make_user("Di", "0004"), guild)
    return bot, (ana, bo, config.channels[0]), (cy, di, channel)


async def open_and_start(game: str, first: Any, second: Any, channel: Any) -> None:
    await say(f"!game new {game} challenge=daily", first, channel)
    await say("!game join", second, channel)
    await say("!game start", first, channel)


async def play_nim_out(bot: Any, table_id: int, channel: Any, *members: Any) -> None:
    """Nim's 10 stones, 3 at a time while there are: whoever the table waits for moves."""
    by_id = {m.id: m for m in members}
    while (table := await bot.service.table(table_id)).status == "active":
        seat = bot.service.waiting_for(table)[0]
        stones = bot.service.observation(table, None).stones
        await say(f"!play take {min(3, stones)}", by_id[table.seats[seat].user_id], channel)


async def command_in(bot: Any, member: Any, channel: Any, name: str, *options: Any) -> Responses:
    """`/game <name>` sent from `channel` (of any server) by `member`, who has Manage Server."""
    data = slash(member, name, list(options))
    data["channel_id"] = data["channel"]["id"] = str(channel.id)
    data["channel"]["guild_id"] = data["guild_id"] = str(channel.guild.id)
    adapter = Responses()
    token = async_context.set(adapter)
    try:
        await dispatch(bot, adapter, data)
    finally:
        async_context.reset(token)
    return adapter


def answered(adapter: Responses) -> str:
    """Everything the interaction's answers say."""
    parts = []
    for sent in adapter.sent:
        data = sent["payload"].get("data") or sent["payload"]
        parts.append(str(data.get("content") or ""))
        for embed in data.get("embeds") or ():
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f['name']} {f['value']}" for f in embed.get("fields") or ()]
    return "\n".join(parts)


async def test_the_daily_challenge_deals_the_same_game_on_two_servers(bot_factory: Any) -> None:
    bot, (ana, bo, here), (cy, di, there) = await two_servers(bot_factory)
    await open_and_start("coldest_night", ana, bo, here)
    await open_and_start("coldest_night", cy, di, there)
    lobbies = [text_of(m) for m in public(drain()) if "lobby (table #" in text_of(m)]
    assert lobbies and all(
        "Challenge: the daily challenge of 29 November 2026 (`coldest_night-2026-11-29`)" in text
        for text in lobbies
    )
    one, two = await bot.service.table(1), await bot.service.table(2)
    assert (one.guild_id, two.guild_id) == (here.guild.id, there.guild.id)
    assert one.status == two.status == "active"
    assert one.challenge == two.challenge == "coldest_night-2026-11-29"
    assert one.seed == two.seed and one.state == two.state
    await say("!game challenge", ana, here)  # every game's daily and weekly, in one embed
    [shown] = [m for m in public(drain()) if m.embeds and m.embeds[0].title == "Challenges"]
    fields = shown.embeds[0].fields
    assert len(fields) == 2 * len(bot.service.games)
    assert sum(len(f.name or "") + len(f.value or "") for f in fields) < 6000
    assert any("coldest_night-2026-W48" in (f.name or "") for f in fields)


async def test_a_challenge_table_refuses_undo_and_its_end_message_keeps_the_seed_until_the_close(
    bot_factory: Any,
) -> None:
    bot, (ana, bo, here), _ = await two_servers(bot_factory, games={"test_nim": NIM})
    await open_and_start("test_nim", ana, bo, here)
    await said("!play take 3", ana, here)
    await say("!game undo", ana, here)
    refused = "\n".join(text_of(m) for m in drain())
    assert "A challenge table takes no moves back" in refused
    assert (await bot.service.table(1)).ply == 1
    await play_nim_out(bot, 1, here, ana, bo)
    table = await bot.service.table(1)
    ended = [m for m in public(drain()) if "game over" in text_of(m)]
    assert len(ended) == 1
    shown = text_of(ended[0])
    assert (
        f"The seed and the replay (`/game replay`) come when the challenge closes <t:{MIDNIGHT}:R>."
        in shown
    )
    assert table.seed not in shown
    # the replay shows the deal other groups may still be playing: held until the close
    assert not [a for m in ended for a in m.attachments if a.filename.endswith(".html")]
    await say("!game replay 1", ana, here)
    refused = "\n".join(text_of(m) for m in drain())
    assert f"replay can be posted once the challenge closes <t:{MIDNIGHT}:R>" in refused


async def test_a_challenge_tables_replay_is_posted_once_the_challenge_has_closed(
    bot_factory: Any,
) -> None:
    now = [NOON]
    bot = await bot_factory(clock=lambda: now[0], games={"test_nim": NIM})
    ana, bo = dpytest.get_config().members
    here = dpytest.get_config().channels[0]
    await open_and_start("test_nim", ana, bo, here)
    await play_nim_out(bot, 1, here, ana, bo)
    drain()
    now[0] = MIDNIGHT + 60.0
    await say("!game replay 1", ana, here)
    posted = [a for m in drain() for a in m.attachments if a.filename.endswith(".html")]
    assert [a.filename for a in posted] == ["test_nim-1.html"]


async def test_the_leaderboard_shows_names_only_on_their_own_server_and_server_names_when_allowed(
    bot_factory: Any,
) -> None:
    bot, (ana, bo, here), (cy, di, there) = await two_servers(bot_factory, games={"test_nim": NIM})
    await open_and_start("test_nim", ana, bo, here)
    await play_nim_out(bot, 1, here, ana, bo)
    await open_and_start("test_nim", cy, di, there)
    await play_nim_out(bot, 2, there, cy, di)
    drain()
    names = tuple(seat.name for seat in (await bot.service.table(1)).seats)
    theirs = tuple(seat.name for seat in (await bot.service.table(2)).seats)

    await say("!game challenge test_nim", ana, here)
    seen_here = "\n".join(text_of(m) for m in public(drain()))
    assert "test_nim-2026-11-29" in seen_here and f"Closes <t:{MIDNIGHT}:R>" in seen_here
    assert f"{', '.join(names)} (this server)" in seen_here
    assert "another group" in seen_here
    assert not any(name in seen_here for name in theirs)
    assert "Frost Hollow" not in seen_here

    answer = await command_in(bot, di, there, "challenge", string("game", "test_nim"))
    seen_there = answered(answer)
    assert f"{', '.join(theirs)} (this server)" in seen_there
    assert not any(name in seen_there for name in names)

    await say("!game challenge-server show", bo, here)  # Bo may not manage the server
    assert "Only someone with Manage Server" in "\n".join(text_of(m) for m in drain())
    answer = await command_in(bot, cy, there, "challenge-server", string("name", "show"))
    assert "Other servers now see “Frost Hollow”" in answered(answer)
    await say("!game challenge test_nim", ana, here)
    seen_here = "\n".join(text_of(m) for m in public(drain()))
    assert "at Frost Hollow" in seen_here and not any(name in seen_here for name in theirs)

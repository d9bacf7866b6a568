"""The Coldest Night on Discord: a 3-seat game (2 members + 1 AI) from `!game new` to the end."""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

import discord
import discord.ext.test as dpytest
import discord.ext.test.backend as back
import discord.ext.test.factories as facts

from rules import GAMES
from rules.coldest_night.data import DATA
from rules.coldest_night.text import END_WORDS
from tests.e2e.conftest import answer_to, dm_to, drain, public, said, say, text_of
from tests.e2e.thread import channel_requests, check_move, check_thread

GAME = GAMES["coldest_night"]
NAMES = sorted({card.name for card in DATA.kindling}, key=len, reverse=True)


def names_in(text: str) -> set[str]:
    """Card names in a text, longest first, so "Rotten Floorboards" is not also "Floorboards"."""
    found = set()
    for name in NAMES:
        if re.search(rf"\b{re.escape(name)}\b", text):
            found.add(name)
            text = re.sub(rf"\b{re.escape(name)}\b", " ", text)
    return found


def hand_names(state: Any, seat: int) -> set[str]:
    observation = GAME.observe(state, seat)
    held = {card.name for card in observation.hand}
    held |= {card.name for card in observation.scavenge_pool or []}
    return held


async def open_table(bot_factory: Any) -> tuple[Any, list[discord.Member]]:
    bot = await bot_factory(new_seed=lambda: "cn-e2e")
    members = list(dpytest.get_config().members)
    ana, bo = members
    await say("!game new coldest_night", ana)
    await say("!game join", bo)
    await say("!game ai heuristic", ana)
    return bot, members


async def started_table(bot_factory: Any) -> tuple[Any, list[discord.Member]]:
    """The table of `open_table`, started by Ana."""
    bot, members = await open_table(bot_factory)
    await say("!game start", members[0])
    return bot, members


def leaks(bot: Any, messages: list[discord.Message], state: Any, members: list[Any]) -> list[str]:
    """Cards held by a seat that appear in a message anybody else can see."""
    found = []
    for message in messages:
        reader = dm_to(message)
        text = text_of(message)
        for seat, member in enumerate(members):
            if reader == member.id:
                continue
            leaked = names_in(text) & hand_names(state, seat)
            if leaked:
                found.append(f"{leaked} of seat {seat + 1} in {text!r}")
    return found


def content_leaks(message: Any, service: Any, table: Any, members: list[Any]) -> list[str]:
    """Hand cards named in a public message's own text (its event lines, not its board)."""
    state = service.state(table)
    return [
        f"{leaked} of seat {seat + 1} in {message.content!r}"
        for seat in range(len(members))
        if (leaked := names_in(message.content or "") & hand_names(state, seat))
    ]


async def test_a_three_seat_game_is_played_to_the_end_without_leaking_a_hand(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot, members = await open_table(bot_factory)
    service = bot.service
    drain()
    await say("!game start", members[0])
    table = await service.table(1)
    assert table.status == "active" and len(table.seats) == 3
    sent = drain()
    board_id = table.board_message_id
    assert board_id and any(m.id == board_id for m in sent)
    board = next(m for m in sent if m.id == board_id)
    assert "table #1" in (board.embeds[0].title or "") and "Heat total" in text_of(board)
    for seat, member in enumerate(members):
        panels = [m for m in sent if dm_to(m) == member.id]
        assert panels, f"seat {seat + 1} got no private panel"
        assert hand_names(service.state(table), seat) <= names_in(text_of(panels[-1]))
    assert not leaks(bot, sent, service.state(table), members)

    rng = random.Random(5)
    moves = 0
    channel = dpytest.get_config().channels[0]
    requests = channel_requests(monkeypatch, channel).__enter__()
    requests.apart.add(table.lobby_message_id or 0)
    while table.status == "active":
        state = service.state(table)
        waiting = service.waiting_for(table)
        seat = next(s for s in waiting if table.seats[s].user_id is not None)
        agent = GAME.agents["heuristic"]()
        legal = GAME.legal_actions(state, seat)
        action = agent.choose(GAME.observe(state, seat), legal, rng)
        await say(f"!play {GAME.text.label(state, action)}", members[seat])
        table = await service.table(1)
        sent = drain()
        assert table.ply > moves, "the move was not applied"
        moves = table.ply
        if table.status == "active":
            problems = leaks(bot, sent, service.state(table), members)
        else:  # the final board shows the hands left over; the event lines still name none
            lines = [m for m in sent if m.guild is None or not m.embeds]
            problems = leaks(bot, lines, service.state(table), members)
            problems += [p for m in public(sent) for p in content_leaks(m, service, table, members)]
        assert not problems, problems
        # the board below the typed move, with the move's feed line; the board it replaces is
        # folded into its feed lines: at most two requests, one full board in the channel
        kinds = list(requests.kinds)
        assert requests.take() <= 2, (kinds, table.status)
        check_move(sent, table.board_message_id)
        check_thread(channel, bot.user.id, table.board_message_id)
        if table.board_message_id != board_id:
            assert any(m.id == table.board_message_id for m in public(sent))
        board_id = table.board_message_id
        assert moves < 2000

    assert moves >= 20  # a real game, not a quick stop
    summary = [text_of(m) for m in public(sent) if "game over" in text_of(m)]
    assert len(summary) == 1 and "Seed `cn-e2e`" in summary[-1]
    outcome = GAME.outcome(service.state(table))
    assert outcome is not None  # the reason in words (the end message starts it with a capital)
    assert END_WORDS[outcome.reason].lower() in summary[-1].lower()
    assert (await service.store.results(game="coldest_night"))[0].table_id == 1


async def test_the_number_filter_deletes_a_number_but_allows_the_heat_total(
    bot_factory: Any,
) -> None:
    bot, members = await open_table(bot_factory)
    await said("!game start", members[0])
    table = await bot.service.table(1)
    heat = GAME.observe(bot.service.state(table), None).heat_total
    other = 7 if heat != 7 else 8
    channel = dpytest.get_config().channels[0]

    blocked = await dpytest.message(f"I could use a {other} right now", channel, members[1])
    allowed = await dpytest.message(f"we are at {heat}, hotter please", channel, members[1])
    history = [m.id async for m in channel.history(limit=50)]
    assert blocked.id not in history
    assert allowed.id in history
    notices = [m for m in drain() if dm_to(m) == members[1].id]
    assert len(notices) == 1 and "`number`" in notices[0].content


async def test_an_edit_that_adds_a_number_is_deleted_too(bot_factory: Any) -> None:
    _, members = await started_table(bot_factory)
    channel = dpytest.get_config().channels[0]
    message = await dpytest.message("nice", channel, members[0])
    drain()
    data = facts.dict_from_message(message)
    data.update(
        content="nice, I have 2 good ones", guild_id=channel.guild.id, channel_id=channel.id
    )
    back.get_state().parse_message_update(data)
    await dpytest.run_all_events()
    assert message.id not in [m.id async for m in channel.history(limit=50)]
    assert any("`number`" in m.content for m in drain() if dm_to(m) == members[0].id)


async def test_a_chat_move_with_a_seat_number_is_played_and_stays_in_the_channel(
    bot_factory: Any,
) -> None:
    """A `!play` the game accepts is a move, not table talk: the number filter leaves it."""
    bot, members = await started_table(bot_factory)
    table = await bot.service.table(1)
    seat = next(s for s in bot.service.waiting_for(table) if table.seats[s].user_id)
    channel = dpytest.get_config().channels[0]
    labels = bot.service.labels(table, seat)
    label = next(lab for lab in labels if re.search(r"\d", lab))
    drain()
    message = await dpytest.message(f"!play {label}", channel, members[seat])
    assert (await bot.service.table(1)).ply >= 1  # carried out …
    assert message.id in [m.id async for m in channel.history(limit=50)]  # … and left alone
    assert not [m for m in drain() if dm_to(m) == members[seat].id and "removed" in m.content]


async def test_a_refused_chat_move_with_a_number_is_table_talk_and_removed(
    bot_factory: Any,
) -> None:
    """A `!play` that is not a legal move of the author's own was no move: its number is talk."""
    bot, members = await started_table(bot_factory)
    table = await bot.service.table(1)
    waiting = bot.service.waiting_for(table)
    idle = next(s for s, seat in enumerate(table.seats) if seat.user_id and s not in waiting)
    heat = GAME.observe(bot.service.state(table), None).heat_total
    other = 7 if heat != 7 else 8
    channel = dpytest.get_config().channels[0]
    drain()
    ply = table.ply
    typed = f"!play my {other} is hot"
    await say(typed, members[idle])
    assert (await bot.service.table(1)).ply == ply  # refused: nothing was played …
    assert typed not in [m.content async for m in channel.history(limit=50)]  # … and removed
    notices = [m.content for m in drain() if dm_to(m) == members[idle].id]
    assert any("was removed" in n and "`number`" in n for n in notices)


async def test_people_without_a_seat_and_the_bot_are_not_filtered(bot_factory: Any) -> None:
    bot, members = await open_table(bot_factory)
    await say("!game leave", members[1])
    await say("!game start", members[0])
    channel = dpytest.get_config().channels[0]
    message = await dpytest.message("I bet on 42", channel, members[1])
    assert message.id in [m.id async for m in channel.history(limit=50)]
    assert bot.service is not None


async def test_a_reaction_with_a_forbidden_number_is_removed(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot, members = await started_table(bot_factory)
    channel = dpytest.get_config().channels[0]
    message = await dpytest.message("look", channel, members[0])
    removed: list[str] = []

    async def remove_reaction(self: discord.Message, emoji: Any, member: Any) -> None:
        removed.append(str(emoji))

    monkeypatch.setattr(discord.Message, "remove_reaction", remove_reaction)
    for emoji in ("🔟", "🔥"):  # dpytest's own add_reaction predates discord.py 2.7's payload
        payload = {
            "message_id": message.id,
            "channel_id": channel.id,
            "type": 0,
            "user_id": members[1].id,
            "guild_id": channel.guild.id,
        }
        partial = discord.PartialEmoji(name=emoji)
        await bot.on_raw_reaction_add(
            discord.RawReactionActionEvent(payload, partial, "REACTION_ADD")  # type: ignore[arg-type]
        )
    assert removed == ["🔟"]


async def test_a_player_asks_for_their_hand_and_gets_it_only_in_private(bot_factory: Any) -> None:
    bot, members = await started_table(bot_factory)
    sent = await answer_to("!game hand", members[1])
    table = await bot.service.table(1)
    assert not [m for m in sent if m.guild is not None]
    panel = [m for m in sent if dm_to(m) == members[1].id]
    assert panel and hand_names(bot.service.state(table), 1) <= names_in(text_of(panel[0]))


async def test_a_settings_command_with_a_date_is_carried_out_then_removed_and_names_me(
    bot_factory: Any,
) -> None:
    """`!me away=…` is no move, so its numbers are removed from a Coldest Night channel like any
    talk; the setting still takes, and the private notice points to the slash command."""
    bot, members = await started_table(bot_factory)
    channel = dpytest.get_config().channels[0]
    drain()
    until = (datetime.date.today() + datetime.timedelta(days=10)).isoformat()
    message = await dpytest.message(f"!me away={until}", channel, members[0])
    assert message.id not in [m.id async for m in channel.history(limit=50)]
    assert (await bot.service.store.user_settings(members[0].id)).get("away_until")
    notes = [m.content for m in drain() if dm_to(m) == members[0].id and "removed" in m.content]
    assert notes and "carried out" in notes[-1] and "`/me`" in notes[-1]

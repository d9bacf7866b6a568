"""The Discord surface end to end on a tiny game: lobby → start → play → end."""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest

from cogs.present import publish
from tests.e2e.conftest import (
    dms,
    drain,
    private_answers,
    public,
    said,
    say,
    start_two,
    text_of,
)
from tests.support.nim import NIM


async def start_nim(bot_factory: Any, stones: int = 7) -> tuple[Any, Any, Any]:
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "s33d")
    config = dpytest.get_config()
    ana, bo = config.members
    await say(f"!game new test_nim stones={stones}", ana)
    await said("!game join", bo)
    await say("!game start", ana)
    return bot, ana, bo


async def test_a_lobby_message_shows_seats_and_a_dm_confirms_the_join(bot_factory: Any) -> None:
    await bot_factory(games={"test_nim": NIM})
    ana, _bo = dpytest.get_config().members
    await say("!game new test_nim", ana)
    sent = drain()
    lobby = public(sent)[0]
    assert "Nim" in text_of(lobby)
    assert f"1. {discord.utils.escape_markdown(ana.display_name)} (host)" in text_of(lobby)
    assert "You joined" in dms(sent, ana)[0].content


async def test_starting_posts_the_board_and_each_player_gets_a_private_panel(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_nim(bot_factory)
    sent = drain()
    board = [m for m in public(sent) if m.embeds and "table #1" in (m.embeds[0].title or "")]
    assert board and "Stones left: 7" in text_of(board[-1])
    state = bot.service.state(await bot.service.table(1))
    for seat, member in enumerate((ana, bo)):
        panel = dms(sent, member)
        assert panel and state.secrets[seat] in text_of(panel[-1])
    for message in public(sent):
        assert not any(word in text_of(message) for word in state.secrets)


async def test_a_move_out_of_turn_gets_a_private_reason_and_nothing_changes(
    bot_factory: Any,
) -> None:
    bot, _ana, bo = await start_nim(bot_factory)
    assert "not your turn" in (await private_answers("!play take 1", bo))[0].content
    assert (await bot.service.table(1)).ply == 0


async def test_an_unknown_move_is_explained_privately_without_echoing_mentions(
    bot_factory: Any,
) -> None:
    _bot, ana, _bo = await start_nim(bot_factory)
    reply = (await private_answers("!play @everyone <@123>", ana))[0]
    assert "not a move you can make now" in reply.content


async def test_a_game_played_by_chat_commands_ends_with_a_summary_and_the_seed(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_nim(bot_factory, stones=4)
    drain()
    await say("!play take 3", ana)
    await say("!play take 1", bo)
    sent = drain()
    ended = [m for m in public(sent) if "game over" in text_of(m)]
    bo_name = discord.utils.escape_markdown(bo.display_name)
    assert len(ended) == 1  # the result is said once, in the end message
    assert f"{bo_name} won" in text_of(ended[0]) and "s33d" in text_of(ended[0])
    table = await bot.service.table(1)
    assert table.status == "finished" and table.board_message_id == ended[0].id


async def test_a_move_that_hands_the_turn_on_posts_one_board_message_pinging_the_next_player(
    bot_factory: Any,
) -> None:
    bot, ana, bo = await start_nim(bot_factory)
    drain()
    old_id = (await bot.service.table(1)).board_message_id
    await say("!play take 2", ana)
    sent = public(drain())
    (board,) = [m for m in sent if m.id != old_id]  # one new message: its feed, board and ping
    shown = text_of(board)
    assert "takes 2." in shown and "Stones left: 5" in shown
    assert f"<@{bo.id}>" in (board.content or "")  # an edit would notify nobody, so it is new
    assert (await bot.service.table(1)).board_message_id == board.id != old_id
    channel = dpytest.get_config().channels[0]
    history = await channel.fetch_message(old_id)  # the old board is folded into its feed
    assert "begins with" in (history.content or "") and not history.embeds
    assert "Your move" not in (history.content or "")  # no stale ping survives
    assert not history.attachments and not history.components


async def test_a_seat_whose_dms_are_closed_is_told_to_use_game_hand(
    bot_factory: Any, monkeypatch: Any
) -> None:
    bot = await bot_factory(games={"test_nim": NIM})
    ana, bo = dpytest.get_config().members

    async def closed(user_id: int, **message: Any) -> None:
        return None if user_id == bo.id else await original(user_id, **message)

    original = bot.delivery.dm
    monkeypatch.setattr(bot.delivery, "dm", closed)
    await say("!game new test_nim", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    sent = drain()
    notices = [m.content for m in public(sent) if "/game hand" in (m.content or "")]
    assert notices and str(bo.id) in notices[-1]
    await dpytest.message("!play take 1", member=ana)  # the table keeps going
    assert (await bot.service.table(1)).ply == 1


async def test_two_tables_run_in_two_channels_and_one_member_sits_at_both(
    bot_factory: Any,
) -> None:
    bot = await bot_factory(games={"test_nim": NIM}, channels=2)
    first, second = dpytest.get_config().channels[:2]
    ana, bo = dpytest.get_config().members
    for channel in (first, second):
        await say("!game new test_nim stones=5", ana, channel)
        await say("!game join", bo, channel)
        await say("!game start", ana, channel)
    await say("!play take 2", ana, first)
    await say("!play take 1", ana, second)
    one, two = await bot.service.table(1), await bot.service.table(2)
    assert (one.channel_id, two.channel_id) == (first.id, second.id)
    assert one.state and two.state and (one.state["stones"], two.state["stones"]) == (3, 4)
    assert len(await bot.service.tables_of(ana.id)) == 2


async def test_after_a_restart_the_table_its_buttons_and_panels_keep_working(
    bot_factory: Any, tmp_path: Any
) -> None:
    from bot.tables import TableService
    from storage import SqliteStore

    bot, ana, bo = await start_nim(bot_factory)
    await said("!play take 1", ana)
    panels_before = {p.seat: p.message_id for p in await bot.service.store.panels(1)}
    # the process restarts: a new store connection and service, nothing kept in memory
    await bot.service.store.close()
    store = SqliteStore(str(tmp_path / "e2e.db"))
    await store.connect()
    bot.service = TableService(store)
    bot.service.games["test_nim"] = NIM
    bot.service.engines["test_nim"] = type(bot.service.engines["coldest_night"])(NIM)
    bot.delivery.service = bot.service
    for name in ("cogs.play", "cogs.lobby"):
        await bot.reload_extension(name)
    await say("!play take 2", bo)
    table = await bot.service.table(1)
    assert table.ply == 2 and table.state and table.state["stones"] == 4
    panels_after = {p.seat: p.message_id for p in await bot.service.store.panels(1)}
    assert panels_after == panels_before  # edited in place, not re-sent


async def test_a_started_table_moves_into_its_own_thread_when_one_can_be_opened(
    bot_factory: Any, monkeypatch: Any
) -> None:
    """dpytest has no threads, so a channel stands in for the thread the lobby message opens."""
    import discord.ext.test.backend as back

    bot = await bot_factory(games={"test_nim": NIM})
    lobby_channel = dpytest.get_config().channels[0]
    ana, bo = dpytest.get_config().members
    opened: list[Any] = []

    async def create_thread(self: Any, *, name: str, **kwargs: Any) -> Any:
        thread = back.make_text_channel(name, lobby_channel.guild)
        opened.append(thread)
        return thread

    monkeypatch.setattr(discord.Message, "create_thread", create_thread)
    await say("!game new test_nim stones=5", ana)
    await said("!game join", bo)
    await say("!game start", ana)
    (thread,) = opened
    assert thread.name == "Nim #1"
    table = await bot.service.table(1)
    assert table.thread_id == thread.id and table.channel_id == lobby_channel.id
    sent = drain()
    assert any(m.channel.id == thread.id and m.embeds for m in sent)  # the board is in the thread
    await say("!play take 2", ana, thread)
    assert (await bot.service.table(1)).ply == 1
    await say("!game new test_nim", bo)  # the lobby channel is free for the next table
    assert (await bot.service.table(2)).status == "lobby"


async def test_the_scheduler_plays_an_expired_clock_and_shows_it_in_the_channel(
    bot_factory: Any,
) -> None:
    now = [1_000.0]
    bot = await bot_factory(new_seed=lambda: "clock", clock=lambda: now[0])
    await start_two("tenth_night day_seconds=60")
    table = await bot.service.table(1)
    assert table.deadline == 1_060.0
    board = await dpytest.get_config().channels[0].fetch_message(table.board_message_id)
    assert "Time runs out <t:1060:R>" in text_of(board)
    timers = bot.get_cog("Timers")
    assert await timers.run_due(1_059.0) == 0
    now[0] = 1_061.0
    assert await timers.run_due(1_061.0) == 1
    lines = [m.content for m in drain() if m.guild is not None]
    assert any("⏰ The day is over." in line for line in lines)


async def test_the_player_whose_turn_comes_is_mentioned_once(bot_factory: Any) -> None:
    _, ana, bo = await start_nim(bot_factory)
    started = [m.content for m in public(drain()) if m.content]
    assert f"Your move: <@{ana.id}>." in started[0]
    await say("!play take 1", ana)
    after = [m.content for m in public(drain()) if m.content]
    assert after and after[0].endswith(f"Your move: <@{bo.id}>.")
    assert f"<@{ana.id}>" not in after[0]  # the mover is not pinged about her own move


async def test_help_is_sent_privately_with_the_servers_prefix(bot_factory: Any) -> None:
    await bot_factory(games={"test_nim": NIM})
    ana, _ = dpytest.get_config().members
    for command in ("!help", "!game help"):
        await say(command, ana)
        sent = drain()
        assert not public(sent)
        assert "`!game new <game>" in dms(sent, ana)[0].content


async def test_bad_options_to_game_new_are_refused_privately_and_the_bot_keeps_running(
    bot_factory: Any,
) -> None:
    """`!game new <game> foo` once raised SystemExit from option parsing and stopped the bot."""
    bot = await bot_factory(games={"test_nim": NIM})
    ana, _bo = dpytest.get_config().members
    assert "key=value" in (await private_answers("!game new test_nim foo", ana))[0].content
    await say("!game new test_nim " + "k" * 6000, ana)
    refusal = dms(drain(), ana)[0].content
    assert "key=value" in refusal and len(refusal) < 300
    await say("!game new test_nim stones=5", ana)  # still alive, and the channel is still free
    assert "Nim" in text_of(public(drain())[0])
    assert (await bot.service.table(1)).options == {"stones": 5}


async def test_moves_that_ping_nobody_new_gather_their_lines_in_one_edited_board_message(
    bot_factory: Any,
) -> None:
    bot, ana, _bo = await start_nim(bot_factory)
    board_id = (await bot.service.table(1)).board_message_id
    drain()
    for _ in range(2):  # a shout keeps the turn (and is secret, so it is not typed)
        await publish(bot, await bot.service.act(1, ana.id, "shout"))
    sent = public(drain())
    assert [m.id for m in sent] == [board_id, board_id]  # two edits, nothing posted
    name = discord.utils.escape_markdown(ana.display_name)
    assert f"{name} shouts." in (sent[0].content or "")
    assert f"{name} shouts. (twice)" in (sent[-1].content or "")  # the first line kept, counted
    assert "secret" not in text_of(sent[-1])


async def test_after_a_restart_news_goes_into_a_new_board_and_the_old_one_keeps_only_its_lines(
    bot_factory: Any,
) -> None:
    bot, ana, _bo = await start_nim(bot_factory)
    old_id = (await bot.service.table(1)).board_message_id
    await publish(bot, await bot.service.act(1, ana.id, "shout"))
    bot.boards.clear()  # what a restarted bot knows of the board message's lines: nothing
    drain()
    await publish(bot, await bot.service.act(1, ana.id, "shout"))
    (board,) = [m for m in public(drain()) if m.id != old_id]
    assert board.id != old_id
    assert (await bot.service.table(1)).board_message_id == board.id
    channel = dpytest.get_config().channels[0]
    kept = await channel.fetch_message(old_id)
    # its text is left as it is (an edit without content keeps it), but it is no longer a
    # board: the thread shows one
    assert not kept.embeds and not kept.components

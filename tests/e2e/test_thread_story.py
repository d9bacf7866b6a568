"""The thread reads like a story (issue 32 §2, §5): one live board, the newest of the bot's
messages, edited in place as moves come, a short feed line per move above it, and one end message.

Whole seeded Nim games through dpytest, by typed moves and by clicks, checked after every move:
at most two requests to the table's channel, exactly one full board standing, no stale "Your
move" line, a typed `!play` answered below it; at the end one message with who won and why, the
seed and a Rematch button, each DM panel ending with its player's result, and the lobby message
linking to the table while it runs and showing the result after."""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest
import pytest

from tests.e2e.conftest import drain, public, said, say, text_of
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.e2e.thread import channel_requests, check_move, check_thread, standing, text
from tests.support.nim import NIM


async def nim(
    bot_factory: Any, stones: int, monkeypatch: pytest.MonkeyPatch | None = None
) -> tuple[Any, Any, Any, Any]:
    """A started Nim table; with `monkeypatch`, played in its own thread as on Discord (dpytest
    has no threads: a channel of its own stands in for the one the lobby message opens)."""
    import discord.ext.test.backend as back

    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "story")
    ana, bo = dpytest.get_config().members
    channel = dpytest.get_config().channels[0]
    opened: list[Any] = []
    if monkeypatch is not None:

        async def create_thread(self: Any, *, name: str, **kwargs: Any) -> Any:
            opened.append(back.make_text_channel(name, channel.guild))
            return opened[-1]

        monkeypatch.setattr(discord.Message, "create_thread", create_thread)
    await say(f"!game new test_nim stones={stones}", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    return bot, ana, bo, opened[0] if opened else channel


def lobby_text(channel: Any, table: Any) -> str:
    (lobby,) = [m for m in standing(channel) if int(m["id"]) == table.lobby_message_id]
    return text(lobby)


def components(payloads: list[dict[str, Any]]) -> list[str]:
    """The custom ids of every component the recorded message payloads carry."""
    return [
        c.get("custom_id", "")
        for p in payloads
        for row in p.get("components") or []
        for c in row.get("components") or []
    ]


@pytest.fixture
def payloads(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The JSON payload of every message the bot sends or edits (its components included)."""
    import discord.abc
    import discord.message

    seen: list[dict[str, Any]] = []
    for module in (discord.abc, discord.message):
        original = module.handle_message_parameters  # type: ignore[attr-defined]

        def handle(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            params = _original(*args, **kwargs)
            if params.payload is not None:
                seen.append(params.payload)
            return params

        monkeypatch.setattr(module, "handle_message_parameters", handle)
    return seen


async def test_a_game_typed_in_the_channel_keeps_one_board_below_every_move_and_ends_once(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch, payloads: list[dict[str, Any]]
) -> None:
    bot, ana, bo, thread = await nim(bot_factory, stones=9, monkeypatch=monkeypatch)
    lobby = dpytest.get_config().channels[0]
    table = await bot.service.table(1)
    assert table.thread_id == thread.id
    # the lobby links to the table
    assert f"Playing now in <#{thread.id}>" in lobby_text(lobby, table)
    check_thread(thread, bot.user.id, table.board_message_id)
    drain()
    turns = [(ana, "take 1"), (ana, "shout"), (bo, "take 2"), (ana, "take 3"), (bo, "take 3")]
    with channel_requests(monkeypatch, thread) as requests:
        for member, move in turns:
            await say(f"!play {move}", member, thread)
            table = await bot.service.table(1)
            sent = drain()
            kinds = list(requests.kinds)
            assert requests.take() <= 2, (move, kinds)  # Discord allows 5 per 5 s a channel
            check_move(sent, table.board_message_id)
            check_thread(thread, bot.user.id, table.board_message_id)
            typed = standing(thread)[-2] if table.status == "active" else None
            if typed is not None and move != "shout":  # shouts are secret: deleted at once
                # the typed move sits right above the board that answers it
                assert typed["content"] == f"!play {move}", typed
    assert table.status == "finished"
    # the end message: who won and why, the seed, and a rematch — said once
    ends = [m for m in standing(thread) if "game over" in text(m)]
    assert len(ends) == 1 and int(ends[0]["id"]) == table.board_message_id
    ended = text(ends[0])
    name = discord.utils.escape_markdown(bo.display_name)
    assert f"{name} won." in ended and "`story`" in ended
    assert "sb:r:1" in components(payloads)
    assert sum("`story`" in text(m) for m in standing(thread)) == 1
    # the lobby shows the result now, not "active"
    shown = lobby_text(lobby, table)
    assert f"{name} won." in shown and "active" not in shown


async def test_moves_that_ping_nobody_edit_the_board_in_place_and_count_a_repeated_line(
    bot_factory: Any,
) -> None:
    from cogs.present import publish

    bot, ana, _bo, channel = await nim(bot_factory, stones=9)
    board = (await bot.service.table(1)).board_message_id
    drain()
    for _ in range(3):  # a shout keeps the turn: nobody new is pinged, nothing posted
        await publish(bot, await bot.service.act(1, ana.id, "shout"))
    sent = public(drain())
    assert {m.id for m in sent} == {board}
    content = sent[-1].content or ""
    name = discord.utils.escape_markdown(ana.display_name)
    # the same line three times in a row is counted, not repeated
    assert content.count(f"{name} shouts.") == 1 and f"{name} shouts. (3 times)" in content
    assert "Your move" not in content  # the edit dropped the ping: no stale line
    check_thread(channel, bot.user.id, board)


async def test_a_clicked_move_that_pings_posts_a_new_board_and_folds_the_old_one(
    bot_factory: Any, responses: Responses
) -> None:
    from bot.tables import label_mark

    bot, ana, bo, channel = await nim(bot_factory, stones=9)
    old = (await bot.service.table(1)).board_message_id
    drain()
    await dispatch(bot, responses, button(ana, f"sb:a:1:0:1:{label_mark('Take 2')}"))
    table = await bot.service.table(1)
    sent = public(drain())
    assert table.board_message_id != old
    (new,) = [m for m in sent if m.id == table.board_message_id]
    assert f"<@{bo.id}>" in (new.content or "") and "takes 2." in (new.content or "")
    (folded,) = [m for m in standing(channel) if int(m["id"]) == old]
    assert "begins with" in folded["content"] and not folded.get("embeds")
    assert "Your move" not in folded["content"]
    check_thread(channel, bot.user.id, table.board_message_id)


async def test_every_dm_panel_ends_with_its_players_own_result(bot_factory: Any) -> None:
    bot, ana, bo, _channel = await nim(bot_factory, stones=3)
    drain()
    await said("!play take 3", ana)
    assert (await bot.service.table(1)).status == "finished"
    panels = {p.user_id: p for p in await bot.service.store.panels(1)}
    for member, result in ((ana, "You won."), (bo, "You did not win.")):
        stored = panels[member.id]
        assert stored.channel_id is not None and stored.message_id is not None
        dm = bot.get_channel(stored.channel_id)
        panel = await dm.fetch_message(stored.message_id)
        description = panel.embeds[0].description or ""
        assert result in description.splitlines()[-2], description
        assert "waits for you" not in text_of(panel)
        assert panel.embeds[0].footer.text == "The game is over."


async def test_game_status_brings_the_board_below_the_command_and_folds_the_old_one(
    bot_factory: Any,
) -> None:
    bot, ana, _bo, channel = await nim(bot_factory, stones=9)
    old = (await bot.service.table(1)).board_message_id
    await say("!play shout", ana)  # a line on the board, then chat below it
    await say("!game status", ana)
    table = await bot.service.table(1)
    assert table.board_message_id != old
    check_thread(channel, bot.user.id, table.board_message_id)
    (folded,) = [m for m in standing(channel) if int(m["id"]) == old]
    assert "begins with" in folded["content"] and not folded.get("embeds")


async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(
    bot_factory: Any, responses: Responses
) -> None:
    bot, ana, bo, _channel = await nim(bot_factory, stones=3)
    await say("!play take 3", ana)
    assert (await bot.service.table(1)).status == "finished"
    drain()
    await dispatch(bot, responses, button(bo, "sb:r:1", "Rematch"))
    again = await bot.service.table(2)
    old = await bot.service.table(1)
    assert again.status == "lobby" and again.options == old.options == {"stones": 3}
    assert [s.user_id for s in again.seats] == [ana.id, bo.id] and again.host_id == bo.id
    assert again.channel_id == old.channel_id and again.lobby_message_id
    (lobby,) = [m for m in public(drain()) if m.id == again.lobby_message_id]
    assert "table #2" in text_of(lobby)
    # a member who did not play at the table cannot ask for one
    stranger = await dpytest.member_join(name="Cy")
    await dispatch(bot, responses, button(stranger, "sb:r:1", "Rematch"))
    said = [r["data"].get("content", "") for r in responses.of_type(4)]
    assert "Only the players of this game can ask for a rematch." in said


async def test_after_a_clicked_move_the_way_back_to_discord_only_writes(
    bot_factory: Any, responses: Responses, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 §6: the result record carries everything shown, so once the service answers,
    presenting it (the click's answer, the board, the DM panels) reads no store; the only calls
    left are writes (where the board message is, where a panel was delivered)."""
    from bot.tables import label_mark

    bot, ana, _bo, _channel = await nim(bot_factory, stones=9)
    (panel,) = [p for p in await bot.service.store.panels(1) if p.seat == 0]
    store = bot.service.store
    reads: list[str] = []
    answered = [False]
    for name in ("get_table", "panels", "actions", "find_tables", "get_tables"):
        if hasattr(store, name):
            original = getattr(store, name)

            async def read(*args: Any, _name: str = name, _original: Any = original) -> Any:
                if answered[0]:
                    reads.append(_name)
                return await _original(*args)

            monkeypatch.setattr(store, name, read)
    act_choice = bot.service.act_choice

    async def acted(*args: Any, **kwargs: Any) -> Any:
        played = await act_choice(*args, **kwargs)
        answered[0] = True
        return played

    monkeypatch.setattr(bot.service, "act_choice", acted)
    remember = bot.service.remember

    async def remembered(*args: Any, **kwargs: Any) -> Any:  # a write (it reads the row it edits)
        answered[0] = False
        try:
            return await remember(*args, **kwargs)
        finally:
            answered[0] = True

    monkeypatch.setattr(bot.service, "remember", remembered)
    data = button(ana, f"sb:a:1:0:1:{label_mark('Take 2')}")
    data["message"]["id"] = str(panel.message_id)  # on her DM panel: nothing private changed
    await dispatch(bot, responses, data)
    assert answered[0]
    answered[0] = False
    assert (await bot.service.table(1)).ply == 1
    assert reads == []
    (redrawn,) = [p["data"] for p in responses.of_type(7)]  # her DM panel, redrawn as one
    assert "sb:b:1:hand" in components([redrawn])

"""Failed panel deliveries are sent again on their own, with back-off, until they succeed: after
the last move of a game there is no next change to carry them. Faults are injected in dpytest's
HTTP backend (below discord.py's client) as Discord's 503; the waits are an injected `sleep`, so
the retries are stepped by events, never by time."""

from __future__ import annotations

import sys
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord.ext.test.backend import FakeRequest

from tests.e2e.conftest import dm_to, drain, say, started_nim
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.support.nim import NIM


def outage() -> discord.DiscordServerError:
    """Discord's 503, as discord.py raises it once its own tries are spent."""
    response = FakeRequest(503, "Service Unavailable")
    return discord.DiscordServerError(response, "upstream connect error")  # type: ignore[arg-type]


class Faults:
    """Make the next `count` DM panel edits (and sends) of the given messages fail with a 503."""

    def __init__(
        self, bot: Any, monkeypatch: pytest.MonkeyPatch, count: int, only: int | None = None
    ) -> None:
        faults = self
        self.bot = bot
        self.left = count
        self.only = only  # a DM channel: the faults hit its requests alone
        self.failed = 0
        backend = dpytest.backend.FakeHttp
        edit, send = backend.edit_message, backend.send_message

        # dpytest's backend reads its caller's locals (the message edited, the channel sent to):
        # each wrapper holds them under the same names, so the backend finds them one frame up
        async def edit_message(http: Any, channel_id: int, message_id: int, **fields: Any) -> Any:
            self = sys._getframe(1).f_locals.get("self")  # noqa: F841 (read by dpytest)
            if faults.left and not faults.public(channel_id):
                faults.left -= 1
                faults.failed += 1
                raise outage()
            return await edit(http, channel_id, message_id, **fields)

        async def send_message(http: Any, channel_id: int, **fields: Any) -> Any:
            channel = sys._getframe(1).f_locals.get("channel")  # noqa: F841 (read by dpytest)
            if faults.left and not faults.public(channel_id):
                faults.left -= 1
                faults.failed += 1
                raise outage()
            return await send(http, channel_id, **fields)

        monkeypatch.setattr(backend, "edit_message", edit_message)
        monkeypatch.setattr(backend, "send_message", send_message)

    def public(self, channel_id: int) -> bool:
        """Not a request the faults hit (they hit DM panels: of the `only` channel, if set)."""
        if self.only is not None:
            return channel_id != self.only
        return not isinstance(self.bot.get_channel(channel_id), discord.DMChannel)


def note_waits(bot: Any) -> list[float]:
    """The retries' clock: each wait is noted in the list returned, none is taken."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    bot.delivery.sleep = sleep
    return waits


async def the_end_while_bos_dms_fail(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch, failures: int
) -> tuple[Any, list[float], dict[int, Any], Faults]:
    """Ana takes the last two stones of a Nim table while Bo's DM panel fails `failures` times,
    and the deliveries settle (every panel is edited into its end panel): the bot, the retries'
    waits, the stored panels before the move, the faults."""
    bot, ana, _ = await started_nim(bot_factory, stones=2)
    waits = note_waits(bot)
    before = {p.seat: p for p in await bot.service.store.panels(1)}
    drain()
    faults = Faults(bot, monkeypatch, count=failures, only=before[1].channel_id)
    await say("!play take 2", ana)
    await bot.delivery.settled()
    return bot, waits, before, faults


async def test_panels_that_failed_after_the_last_move_are_sent_again_until_delivered(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bo's DMs are down for the end panel and two retries of it; Ana's are up
    bot, waits, before, faults = await the_end_while_bos_dms_fail(bot_factory, monkeypatch, 3)
    ana, bo = dpytest.get_config().members
    assert faults.failed == 3 and bot.delivery.waiting == 0
    assert waits == [2.0, 4.0, 8.0]  # one wait before each try, doubled after each failure
    table = await bot.service.table(1)
    assert table.status == "finished"
    after = {p.seat: p for p in await bot.service.store.panels(1)}
    for seat, member in ((0, ana), (1, bo)):
        # the same DM message, edited (no second live panel), and it shows the end of the game
        assert after[seat].message_id == before[seat].message_id
        assert after[seat].digest == bot.service.panel_update(table, seat).digest
        channel = bot.get_channel(after[seat].channel_id)
        shown = await channel.fetch_message(after[seat].message_id)
        assert shown.embeds[0].footer.text == "The game is over.", member
    panels = (before[0].message_id, before[1].message_id)
    assert not [m for m in drain() if dm_to(m) is not None and m.id not in panels]


async def test_a_503_on_a_panel_edit_is_edited_again_never_a_second_panel(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, waits, before, faults = await the_end_while_bos_dms_fail(bot_factory, monkeypatch, 1)
    assert faults.failed == 1 and waits == [2.0]
    after = {p.seat: p for p in await bot.service.store.panels(1)}
    assert {s: p.message_id for s, p in after.items()} == {
        s: p.message_id for s, p in before.items()
    }
    table = await bot.service.table(1)
    for seat in after:
        assert after[seat].digest == bot.service.panel_update(table, seat).digest
    # the DM panels were edited in place: no new DM message was posted to anyone
    panels = {p.message_id for p in before.values()}
    assert not [m for m in drain() if dm_to(m) is not None and m.id not in panels]


async def test_a_table_started_during_an_outage_still_gets_its_board_ping_and_panels(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "seed")
    ana, bo = dpytest.get_config().members
    await say("!game new test_nim", ana)
    await say("!game join", bo)
    drain()
    channel = dpytest.get_config().channels[0]
    # the lobby's edit and its re-post fail: Discord is down for the next two requests there
    faults = Faults(bot, monkeypatch, count=2, only=channel.id)
    await say("!game start", ana)
    assert faults.failed == 2
    table = await bot.service.table(1)
    assert table.status == "active" and table.board_message_id
    said = drain()
    public = [m for m in said if dm_to(m) is None]
    assert not [m for m in public if "Nothing was changed" in (m.content or "")]
    assert any(f"<@{ana.id}>" in (m.content or "") for m in public), "the first player is pinged"
    panels = await bot.service.store.panels(1)
    assert sorted(p.seat for p in panels if p.message_id) == [0, 1]


async def test_after_a_refused_dm_no_request_is_made_until_the_player_opens_a_panel_again(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, _, bo = await started_nim(bot_factory)
    table = await bot.service.table(1)
    (stored,) = [p for p in await bot.service.store.panels(1) if p.seat == 1]
    dm = stored.channel_id
    tried: list[str] = []
    backend = dpytest.backend.FakeHttp
    edit, send = backend.edit_message, backend.send_message
    refusal = {"code": 50007, "message": "Cannot send messages to this user"}

    async def edit_message(http: Any, channel_id: int, message_id: int, **fields: Any) -> Any:
        self = sys._getframe(1).f_locals.get("self")  # noqa: F841 (read by dpytest)
        if channel_id == dm:
            tried.append("edit")
            raise discord.Forbidden(FakeRequest(403, "Forbidden"), refusal)  # type: ignore[arg-type]
        return await edit(http, channel_id, message_id, **fields)

    async def send_message(http: Any, channel_id: int, **fields: Any) -> Any:
        channel = sys._getframe(1).f_locals.get("channel")  # noqa: F841 (read by dpytest)
        if channel_id == dm:
            tried.append("send")
            raise discord.Forbidden(FakeRequest(403, "Forbidden"), refusal)  # type: ignore[arg-type]
        return await send(http, channel_id, **fields)

    monkeypatch.setattr(backend, "edit_message", edit_message)
    monkeypatch.setattr(backend, "send_message", send_message)

    async def deliver() -> bool:
        (panel,) = [p for p in await bot.service.store.panels(1) if p.seat == 1]
        update = bot.service.panel_update(table, 1, panel=panel)
        delivered: bool = await bot.delivery.deliver(update, {"content": "your hand"}, None)
        return delivered

    assert not await deliver()  # Bo closed his DMs: the edit, then a new panel, are refused
    assert tried == ["edit", "send"]
    assert not await deliver() and not await deliver()  # the next changes: not one request
    assert tried == ["edit", "send"]
    await bot.delivery.reopen(1, 1)  # Bo opened his panel (`/game hand`, the board's button)
    assert not await deliver()  # tried again once, refused again
    assert tried == ["edit", "send", "send"]
    assert not await deliver()
    assert tried == ["edit", "send", "send"]
    assert bo.id == table.seats[1].user_id


async def test_opening_a_panel_by_the_board_button_or_game_hand_lets_the_dm_be_tried_again(
    bot_factory: Any, responses: Responses
) -> None:
    bot, _, bo = await started_nim(bot_factory)
    store = bot.service.store

    async def closed() -> bool:
        (panel,) = [p for p in await store.panels(1) if p.seat == 1]
        refused: bool = panel.dm_closed
        return refused

    (panel,) = [p for p in await store.panels(1) if p.seat == 1]
    refused = panel.model_copy(update={"dm_closed": True, "message_id": None, "digest": ""})
    await store.save_panel(refused)  # as a refused DM leaves it
    await dispatch(bot, responses, button(bo, "sb:b:1:hand", "My hand & moves"))
    assert not await closed()
    await store.save_panel(refused)
    await say("!game hand", bo)
    assert not await closed()


async def test_an_end_message_that_failed_is_shown_again_until_it_is_posted(
    bot_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot, ana, _ = await started_nim(bot_factory, stones=2)
    waits = note_waits(bot)
    table = await bot.service.table(1)
    drain()
    # the table's channel is down for the next three requests: the end message and its retries
    faults = Faults(bot, monkeypatch, count=3, only=table.thread_id or table.channel_id)
    await say("!play take 2", ana)
    await bot.delivery.settled()
    assert faults.failed == 3 and bot.delivery.waiting == 0
    assert waits and waits == [2.0 * 2**n for n in range(len(waits))]  # doubled after each
    table = await bot.service.table(1)
    assert table.status == "finished" and table.board_message_id
    channel = bot.get_channel(table.thread_id or table.channel_id)
    shown = await channel.fetch_message(table.board_message_id)
    assert shown.embeds[0].footer.text == "Final board."
    assert any("won" in (embed.description or "") for embed in shown.embeds[1:])

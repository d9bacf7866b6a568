"""The reporter on its own (`bot.reporter.Reporter`, with the table texts it reads): what a call's
result says to whom — the pings, the board, the panels that changed, the lines since a pinged
seat's last move, the ending — on every store (`tests/bot/conftest.py`) with Nim and a
secret-ballot game written straight into the store."""

from __future__ import annotations

from bot.records import PanelUpdate, Played
from rules.core import Event
from storage.base import Store
from tests.bot.parts import ANA, Now, build, in_turn, nim_running, running
from tests.support.ballot import BALLOT
from tests.support.nim import NIM


async def test_a_report_pings_whom_the_game_now_waits_for_and_sends_changed_panels(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    played = await parts.reporter.report(Played(table=table))
    assert played.ping == (ANA.user_id,)
    assert played.board is not None and played.board.turn == "Waiting for Ana."
    assert {p.seat for p in played.panels} == {0, 1}  # never delivered: both are new
    for update in played.panels:
        await parts.reporter.panel_sent(update, channel_id=5, message_id=9)
    again = await parts.reporter.report(Played(table=table, waited_before=frozenset({0})))
    assert again.ping == () and again.panels == []  # nothing private changed, nobody new


async def test_a_private_line_is_news_on_that_seats_panel_only(store: Store) -> None:
    parts, table = await nim_running(store)
    played = Played(table=table)
    parts.reporter.collect(
        played,
        (Event(text="{s0} shouts."), Event(text="Your word is w", visible_to=frozenset({0}))),
    )
    assert played.lines == ["Ana shouts."] and played.private == {0: ["Your word is w"]}
    for update in (await parts.reporter.report(played)).panels:
        assert ("» Your word is w" in update.text) == (update.seat == 0)


async def test_the_lines_since_a_seats_last_move_come_from_memory_or_the_log_alike(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    played = await in_turn(parts, table, "take 1", "take 2")
    assert played.since == {0: ["Bo takes 2."]}  # Ana is pinged: what happened since her move
    stored = await store.get_table(table.id)
    assert await parts.reporter.since_last_move(stored, 0) == ["Bo takes 2."]
    fresh = build(store, [NIM], Now())  # nothing in memory: read from the log
    assert await fresh.reporter.since_last_move(stored, 0) == ["Bo takes 2."]


async def test_the_end_of_a_game_is_said_once_with_every_human_seats_own_result(
    store: Store,
) -> None:
    parts = build(store, [BALLOT], Now())
    table = await running(store, BALLOT)
    played = await in_turn(parts, table, "vote yes", "vote yes")
    ending = played.ending
    assert ending is not None and ending.seed == "parts"
    assert set(ending.results) == {0, 1} and len(ending.objectives) == 2
    assert all(isinstance(p, PanelUpdate) for p in played.panels)
    assert {p.seat for p in played.panels} == {0, 1}  # each player's last panel
    assert played.summary is not None and played.summary in played.lines


async def test_a_panel_discord_did_not_take_is_sent_again_on_the_next_report(
    store: Store,
) -> None:
    parts, table = await nim_running(store)
    first = await parts.reporter.report(Played(table=table))
    for update in first.panels:
        await parts.reporter.panel_sent(update, channel_id=5, message_id=9)
    ana = next(p for p in first.panels if p.seat == 0)
    await parts.reporter.panel_undelivered(ana)
    again = await parts.reporter.report(Played(table=table, waited_before=frozenset({0})))
    assert [p.seat for p in again.panels] == [0]

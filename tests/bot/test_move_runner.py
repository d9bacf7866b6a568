"""The move runner on its own (`bot.moves.MoveRunner`), built from the parts it is handed (a table
cache, the clock's deadlines, a reporter), on every store (`tests/bot/conftest.py`) with Nim tables
written straight into the store: one transaction a move, repeats refused, AI turns, a copy
another process moved past, the end of a game, and a move shown before a searching AI thinks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.records import Played, SecretMoveError, TableError
from rules.errors import NotYourTurnError
from storage.base import SeatRecord, Store
from tests.bot.parts import ANA, FROST, Now, build, running
from tests.support.advisor import Gate, expert_nim
from tests.support.nim import NIM


async def test_a_move_is_one_log_entry_and_its_source_is_played_once(store: Store) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, stones=9)
    played = await built.runner.act(table.id, 11, "take 2", source=501)
    assert played.moves == 1 and played.lines == ["Ana takes 2."]
    assert [(a.ply, a.seat) for a in await store.actions(table.id)] == [(1, 0)]
    with pytest.raises(TableError, match="already played"):
        await built.runner.act(table.id, 22, "take 1", source=501)  # the same delivery again
    fresh = build(store, [NIM], Now())  # another process: the store's unique source refuses it
    with pytest.raises(TableError, match="already played"):
        await fresh.runner.act(table.id, 22, "take 1", source=501)
    assert len(await store.actions(table.id)) == 1


async def test_a_refusal_is_a_sentence_and_plays_nothing(store: Store) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, stones=9)
    with pytest.raises(NotYourTurnError, match="waiting for Ana"):
        await built.runner.act(table.id, 22, "take 1")
    with pytest.raises(SecretMoveError):
        await built.runner.act(table.id, 11, "shout", in_public=True)  # Nim's secret move
    with pytest.raises(TableError, match="not playing"):
        await built.runner.act(table.id, 99, "take 1")
    assert await store.actions(table.id) == []


async def test_the_ai_seats_move_after_a_human_through_the_same_commit(store: Store) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, ANA, FROST, stones=9)
    played = await built.runner.act(table.id, 11, "take 1")
    assert played.moves == 2  # Ana's move, then Frost's
    stored = await store.get_table(table.id)
    assert stored.ply == 2 and not stored.ai_turn
    assert [a.seat for a in await store.actions(table.id)] == [0, 1]


async def test_a_copy_another_process_moved_past_never_refuses_a_move_the_store_takes(
    store: Store,
) -> None:
    here, there = build(store, [NIM], Now()), build(store, [NIM], Now())
    table = await running(store, NIM, stones=9)
    await here.runner.act(table.id, 11, "take 1")  # here holds the table at Bo's turn
    await there.runner.act(table.id, 22, "take 1")  # another process plays Bo's move
    played = await here.runner.act(table.id, 11, "take 1")  # "not your turn" on the held copy
    assert played.table.ply == 3


async def test_a_button_press_plays_the_legal_move_at_its_place_and_an_old_one_is_refused(
    store: Store,
) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, stones=9)
    played = await built.runner.act_choice(table.id, 11, 0, 1)  # Ana's second move: take 2
    assert played.lines == ["Ana takes 2."] and played.mover == 0
    with pytest.raises(TableError, match="out of date"):
        await built.runner.act_choice(table.id, 22, 0, 0)  # drawn before Ana's move, no mark


async def test_the_last_move_ends_the_game_with_its_summary_and_the_finished_hook_once(
    store: Store,
) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, stones=2)
    played = await built.runner.act(table.id, 11, "take 2")
    assert played.table.status == "finished" and played.outcome is not None
    assert played.summary in played.lines
    assert built.ended == [(table.id, played.outcome)]
    assert built.cache.held(table.id) is None  # an ended table is not held


async def test_run_agents_stops_at_the_first_human_the_game_waits_for(store: Store) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, FROST, ANA, stones=9)
    played = Played(table=table)
    await built.runner.run_agents(played)
    assert played.moves == 1 and built.cache.waiting_for(played.table) == [1]


EXPERT = SeatRecord(name="Frost", agent="expert")


async def test_with_a_presenter_a_move_is_shown_stored_and_flagged_before_a_searching_ai_thinks(
    store: Store,
) -> None:
    gate = Gate()
    gate.release.set()  # the expert answers as soon as it is asked; `started` says when it was
    nim = expert_nim(gate)
    built = build(store, [nim], Now())
    table = await running(store, nim, ANA, EXPERT, stones=9)
    shown: list[tuple[Any, ...]] = []

    async def show(played: Played) -> None:
        stored = await store.get_table(table.id)
        thinking = built.runner.ai.thinking.get(table.id)
        shown.append((played.lines, stored.ply, stored.ai_turn, gate.started.is_set(), thinking))

    played = await built.runner.act(table.id, 11, "take 1", show=show)
    # Ana's move was stored with the flag that resumes the AI after a crash, and shown, before
    # the expert began; the board shown says Frost is thinking
    assert shown == [(["Ana takes 1."], 1, True, False, 1)]
    assert played.lines == ["Frost takes 1."] and played.moves == 1
    assert played.ping == ()  # Ana was waited for before her move: no ping, as before
    stored = await store.get_table(table.id)
    assert stored.ply == 2 and not stored.ai_turn and built.runner.ai.thinking == {}


async def test_a_presenter_that_fails_or_another_process_playing_the_ai_loses_no_move(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    nim = expert_nim()
    built, other = build(store, [nim], Now()), build(store, [nim], Now())
    table = await running(store, nim, ANA, EXPERT, stones=9)

    async def broken(played: Played) -> None:
        raise RuntimeError("the presenter broke")

    played = await built.runner.act(table.id, 11, "take 1", show=broken)
    assert played.lines == ["Frost takes 1."] and "showing a move" in caplog.text

    async def elsewhere(played: Played) -> None:  # another process resumes the AI meanwhile
        assert len(await other.clock.resume_agents()) == 1

    played = await built.runner.act(table.id, 11, "take 1", show=elsewhere)
    assert played.moves == 0 and played.board is None  # nothing left here to show
    assert [a.seat for a in await store.actions(table.id)] == [0, 1, 0, 1]


async def test_a_heuristic_ai_seat_answers_in_the_same_record_and_nothing_is_shown_first(
    store: Store,
) -> None:
    built = build(store, [NIM], Now())
    table = await running(store, NIM, ANA, FROST, stones=9)
    shown: list[Played] = []

    async def show(played: Played) -> None:
        shown.append(played)

    played = await built.runner.act(table.id, 11, "take 1", show=show)
    assert shown == [] and played.lines == ["Ana takes 1.", "Frost takes 1."]

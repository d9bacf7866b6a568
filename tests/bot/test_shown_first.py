"""A start, a resignation and a clock's time-out are shown before a searching AI thinks:
the caller's `show` gets the record of what happened, its board saying who is thinking, once the
row and its `ai_turn` flag are stored; the AI seats' moves come as a record of their own. A kill
while the AI thinks loses nothing. Random and heuristic seats: one record, and `show` is unused."""

from __future__ import annotations

import asyncio

import pytest

from bot.pace_rules import DAY
from bot.tables import Played, Player, TableService
from rules import GAMES
from storage.base import TableRecord
from storage.protocol import Store
from tests.support.advisor import Gate, expert_nim

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


class Shown:
    """A `show` that keeps each record it is given, and the row stored when it was given."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.records: list[Played] = []
        self.stored: list[TableRecord] = []

    async def __call__(self, played: Played) -> None:
        self.records.append(played)
        self.stored.append(await self.store.get_table(played.table.id))


def a_service(
    store: Store, gate: Gate | None = None, now: list[float] | None = None
) -> TableService:
    if gate is None:
        gate = Gate()
        gate.release.set()
    clock = now or [1_000_000.0]
    return TableService(
        store, {"test_nim": expert_nim(gate)}, clock=lambda: clock[0], new_seed=lambda: "seed"
    )


async def opened_by_an_ai(service: TableService, level: str = "expert") -> int:
    """A lobby of nine stones whose first seat is an AI of `level`, then Bo (the host)."""
    table = await service.open("test_nim", ANA, options={"stones": 9})
    await service.add_agent(table.id, ANA.user_id, level)
    await service.join(table.id, BO)
    return (await service.leave(table.id, ANA.user_id)).id


async def test_the_opening_an_expert_moves_first_in_is_shown_stored_and_flagged_before_it_moves(
    store: Store,
) -> None:
    service = a_service(store)
    shown = Shown(store)
    later = await service.start(await opened_by_an_ai(service), BO.user_id, show=shown)
    (opening,), (stored,) = shown.records, shown.stored
    assert opening.lines[0] == "Nim begins with Frost 🤖, Bo."
    assert opening.board is not None and opening.board.turn == "Frost 🤖 is thinking…"
    assert stored.status == "active" and stored.ply == 0 and stored.ai_turn
    assert later.lines == ["Frost 🤖 takes 1."] and later.table.ply == 1
    assert later.ping == (BO.user_id,) and later.board is not None
    assert "thinking" not in later.board.turn and service.ai.thinking == {}


async def test_a_resignation_is_shown_stored_and_flagged_before_the_expert_in_the_seat_moves(
    store: Store,
) -> None:
    service = a_service(store)
    table = await service.open("test_nim", ANA, options={"stones": 9})
    await service.join(table.id, BO)
    await service.add_agent(table.id, ANA.user_id, "expert")  # the level a resigned seat plays
    await service.start(table.id, ANA.user_id)  # Ana's turn
    shown = Shown(store)
    later = await service.resign(table.id, ANA.user_id, show=shown)
    (resigned,), (stored,) = shown.records, shown.stored
    assert resigned.lines == ["Ana resigned; an AI plays their seat."]
    assert resigned.board is not None and resigned.board.turn == "Ana (AI) is thinking…"
    assert stored.seats[0].agent == "expert" and stored.ply == 0 and stored.ai_turn
    assert later.lines == ["Ana (AI) takes 1."] and later.ping == (BO.user_id,)


async def test_a_time_out_is_shown_stored_and_flagged_before_the_expert_after_it_moves(
    store: Store,
) -> None:
    now = [1_000_000.0]
    service = a_service(store, now=now)
    table = await service.open("test_nim", ANA, options={"stones": 9, "pace": "daily"})
    await service.add_agent(table.id, ANA.user_id, "expert")  # Frost 🤖 moves after Ana
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id)
    now[0] += DAY + 1  # Ana's deadline passed
    shown = Shown(store)
    handled = await service.tick(show=shown)
    timed_out, later = shown.records
    assert handled == [timed_out]  # the table's first record; both were shown
    assert "⏰ played for Ana by the AI (the deadline passed)." in timed_out.lines
    assert timed_out.board is not None and timed_out.board.turn == "Frost 🤖 is thinking…"
    assert shown.stored[0].ply == 1 and shown.stored[0].ai_turn
    assert later.lines == ["Frost 🤖 takes 1."] and later.ping == (BO.user_id,)  # 8 left: 1
    assert (await store.get_table(table.id)).ply == 2


async def test_a_process_killed_while_the_expert_after_the_opening_thinks_plays_it_on_restart(
    store: Store,
) -> None:
    gate = Gate()
    service = a_service(store, gate)
    shown = Shown(store)
    table_id = await opened_by_an_ai(service)
    starting = asyncio.create_task(service.start(table_id, BO.user_id, show=shown))
    await asyncio.to_thread(gate.started.wait)  # the opening is shown; Frost 🤖 is thinking
    starting.cancel()  # the process dies mid-thought
    with pytest.raises(asyncio.CancelledError):
        await starting
    assert [p.lines[0] for p in shown.records] == ["Nim begins with Frost 🤖, Bo."]
    stored = await store.get_table(table_id)
    assert stored.ply == 0 and stored.ai_turn
    gate.release.set()
    (resumed,) = await a_service(store, gate).resume_agents()
    assert resumed.lines == ["Frost 🤖 takes 1."] and resumed.table.ply == 1


@pytest.mark.parametrize("level", ["random", "heuristic"])
async def test_a_fast_ai_that_moves_first_is_in_the_openings_one_record_and_nothing_is_shown_early(
    store: Store, level: str
) -> None:
    service = a_service(store)
    shown = Shown(store)
    played = await service.start(await opened_by_an_ai(service, level), BO.user_id, show=shown)
    assert shown.records == []
    assert (
        played.lines[0] == "Nim begins with Frost 🤖, Bo." and "Frost 🤖 takes" in played.lines[1]
    )
    assert played.table.ply == 1 and played.ping == (BO.user_id,)


def tn_service(store: Store, now: list[float]) -> TableService:
    return TableService(
        store, {"tenth_night": GAMES["tenth_night"]}, clock=lambda: now[0], new_seed=lambda: "clk"
    )


async def tn_with_an_expert(service: TableService, **options: object) -> int:
    """The 10th Night: Ana and an expert partner (Frost 🤖), started with nothing shown early."""
    table = await service.open("tenth_night", ANA, options=dict(options))
    await service.add_agent(table.id, ANA.user_id, "expert")
    await service.start(table.id, ANA.user_id)
    return table.id


def frost_readied(records: list[Played]) -> bool:
    return any("Frost 🤖 is ready for the night." in r.lines for r in records[1:])


async def test_tn_day_an_expert_partner_awaited_beside_a_player_moves_after_the_opening(
    store: Store,
) -> None:
    """A day awaits every player at once (TN day rules): an expert partner awaited beside Ana
    thinks after the opening is shown and plays its day, not only once Ana is ready."""
    now = [1_000_000.0]
    service = tn_service(store, now)
    table = await service.open("tenth_night", ANA, options={})
    await service.add_agent(table.id, ANA.user_id, "expert")
    shown = Shown(store)
    later = await service.start(table.id, ANA.user_id, show=shown)
    opening = shown.records[0]
    assert opening.board is not None and opening.board.turn is not None
    assert "Frost 🤖 is thinking…" in opening.board.turn
    assert shown.stored[0].ai_turn  # a kill meanwhile leaves the partner's day to resume
    assert frost_readied([opening, later]), later.lines
    assert not (await store.get_table(table.id)).ai_turn


async def test_tn_day_an_expert_partner_plays_its_next_day_after_a_players_move_is_shown(
    store: Store,
) -> None:
    now = [1_000_000.0]
    service = tn_service(store, now)
    table_id = await tn_with_an_expert(service)
    shown = Shown(store)
    later = await service.act(table_id, ANA.user_id, "ready", show=shown)  # night 1, day 2
    (first,) = shown.records
    assert "☀️ Day 2 begins." in first.lines and shown.stored[0].ai_turn
    assert frost_readied([first, later]), later.lines


async def test_tn_day_seconds_a_game_clock_running_out_is_shown_before_the_expert_plays_on(
    store: Store,
) -> None:
    """A game's own clock (The 10th Night's `day_seconds`, TN rulings on the day's end) with a
    real expert seat: the day's end is shown, stored and flagged first; the expert's moves after."""
    now = [1_000_000.0]
    service = tn_service(store, now)
    table_id = await tn_with_an_expert(service, day_seconds=60)
    before = await store.get_table(table_id)
    now[0] += 61  # the first day's clock ran out with Ana not ready
    shown = Shown(store)
    handled = await service.tick(show=shown)
    first = shown.records[0]
    assert handled == [first]
    assert "⏰ The day is over." in first.lines
    assert shown.stored[0].ply == before.ply + 1  # only the clock's move is stored when shown
    assert shown.stored[0].ai_turn and first.board is not None and first.board.turn is not None
    assert "Frost 🤖 is thinking…" in first.board.turn
    assert frost_readied(shown.records), [r.lines for r in shown.records]
    assert not (await store.get_table(table_id)).ai_turn


async def test_tn_day_a_kill_before_the_expert_partner_plays_its_day_is_resumed_on_restart(
    store: Store,
) -> None:
    """The process dies once the opening is shown, before the partner (awaited beside Ana) has
    played its day: the row is flagged, and the next process's resume plays that day."""
    now = [1_000_000.0]
    service = tn_service(store, now)
    table = await service.open("tenth_night", ANA, options={})
    await service.add_agent(table.id, ANA.user_id, "expert")

    async def dies(played: Played) -> None:
        raise asyncio.CancelledError  # the process stops while the opening is being shown

    with pytest.raises(asyncio.CancelledError):
        await service.start(table.id, ANA.user_id, show=dies)
    stored = await store.get_table(table.id)
    assert stored.ai_turn and stored.ply == 0
    (resumed,) = await tn_service(store, now).resume_agents()
    assert frost_readied([Played(table=stored), resumed]), resumed.lines
    assert not (await store.get_table(table.id)).ai_turn

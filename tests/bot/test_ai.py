"""AI levels and AI turns off the event loop (issue 33 §1 and §3): an expert thinks in a worker
thread while other tables move and other requests are answered, the board says it is thinking, and
a process killed while it thinks loses nothing. Shown by events (a held expert), never timings."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot import ai
from bot.tables import Player, TableError, TableService
from rules import GAMES
from storage import SqliteStore
from storage.base import SeatRecord, TableRecord
from tests.support.advisor import Gate, expert_nim
from tests.support.nim import NIM

ANA, BO, CY = Player(11, "Ana"), Player(22, "Bo"), Player(33, "Cy")


def a_service(store: SqliteStore, gate: Gate | None = None, **kwargs: object) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    return TableService(
        store,
        {"test_nim": expert_nim(gate)},
        new_seed=lambda: next(seeds),
        clock=lambda: 1000.0,
        **kwargs,  # type: ignore[arg-type]
    )


async def against_the_expert(service: TableService, channel: int = 5) -> int:
    table = await service.open("test_nim", ANA, channel_id=channel)
    await service.add_agent(table.id, ANA.user_id, "expert")
    return (await service.start(table.id, ANA.user_id)).table.id


async def two_humans(service: TableService, channel: int = 6) -> int:
    table = await service.open("test_nim", BO, channel_id=channel)
    await service.join(table.id, CY)
    return (await service.start(table.id, BO.user_id)).table.id


async def test_an_expert_thinks_off_the_loop_while_another_table_moves_and_a_view_is_answered(
    store: SqliteStore,
) -> None:
    gate = Gate()
    service = a_service(store, gate, ai_move_seconds=0.5)
    held = await against_the_expert(service)
    other = await two_humans(service)
    thinking = asyncio.create_task(service.act(held, ANA.user_id, "1"))
    await asyncio.to_thread(gate.started.wait)  # the expert is now mid-choice
    # meanwhile: another table's move completes, and a view of the held table is answered
    moved = await service.act(other, BO.user_id, "2")
    assert moved.table.ply == 1 and moved.lines == ["Bo takes 2."]
    board = service.board(await service.table(held))
    assert board.turn == "Frost 🤖 is thinking…"
    assert not thinking.done() and service.ai.thinking == {held: 1}
    gate.release.set()
    played = await thinking
    assert played.table.ply == 2 and played.lines == ["Ana takes 1.", "Frost 🤖 takes 1."]
    assert gate.threads and all(t.startswith("snowbound-ai") for t in gate.threads)
    assert threading.current_thread().name not in gate.threads
    assert gate.budgets == [0.5]  # SNOWBOUND_AI_MOVE_SECONDS reached the agent
    assert service.ai.thinking == {} and "thinking" not in service.board(played.table).turn


async def test_a_process_killed_while_its_expert_thinks_makes_the_move_again_after_restart(
    store: SqliteStore,
) -> None:
    gate = Gate()
    service = a_service(store, gate)
    held = await against_the_expert(service)
    thinking = asyncio.create_task(service.act(held, ANA.user_id, "1"))
    await asyncio.to_thread(gate.started.wait)
    thinking.cancel()  # the process dies mid-thought: nothing of the AI's move is stored
    with pytest.raises(asyncio.CancelledError):
        await thinking
    stored = await store.get_table(held)
    assert stored.ply == 1 and stored.ai_turn
    gate.release.set()
    restarted = a_service(store, gate)
    resumed = await restarted.resume_agents()
    assert [p.table.ply for p in resumed] == [2]
    assert resumed[0].lines == ["Frost 🤖 takes 1."]


async def test_the_heuristic_and_random_levels_still_choose_on_the_loop_thread(
    store: SqliteStore,
) -> None:
    service = a_service(store)
    table = await service.open("test_nim", ANA, channel_id=5)
    await service.add_agent(table.id, ANA.user_id, "heuristic")
    started = await service.start(table.id, ANA.user_id)
    played = await service.act(started.table.id, ANA.user_id, "1")
    assert played.lines == ["Ana takes 1.", "Frost 🤖 takes 1."]  # 9 left: Greedy leaves 8
    assert not ai.thinks("heuristic") and not ai.thinks("random") and ai.thinks("expert")


async def test_ai_expert_in_a_game_without_an_expert_is_refused_with_its_levels(
    service: TableService,
) -> None:
    table = await service.open("test_nim", ANA)
    with pytest.raises(TableError, match=r"no AI level “expert”\. Levels: `heuristic`, `random`"):
        await service.add_agent(table.id, ANA.user_id, "expert")


async def test_the_default_level_expert_falls_back_to_heuristic_where_no_expert_exists(
    store: SqliteStore,
) -> None:
    plain = TableService(store, {"test_nim": NIM}, default_agent="expert")
    table = await plain.open("test_nim", ANA)
    assert (await plain.add_agent(table.id, ANA.user_id)).seats[-1].agent == "heuristic"
    expert = TableService(store, {"test_nim": expert_nim()}, default_agent="expert")
    table = await expert.open("test_nim", BO, channel_id=9)
    assert (await expert.add_agent(table.id, BO.user_id)).seats[-1].agent == "expert"


def test_level_for_keeps_a_level_the_game_has_and_else_the_strongest_below_it() -> None:
    nim, with_expert = NIM, expert_nim()
    assert ai.level_for(with_expert, "expert") == "expert"
    assert ai.level_for(nim, "expert") == "heuristic"
    assert ai.level_for(nim, " Random ") == "random"
    assert ai.known_levels({"test_nim": nim}) == ["random", "heuristic"]
    assert ai.known_levels({"a": nim, "b": with_expert}) == ["random", "heuristic", "expert"]


async def test_a_resigned_seat_plays_at_the_level_the_players_chose_for_their_ai_seats(
    store: SqliteStore,
) -> None:
    gate = Gate()
    gate.release.set()
    service = a_service(store, gate)  # the server's default stays heuristic
    table = await service.open("test_nim", ANA, channel_id=5)
    await service.join(table.id, BO)
    await service.add_agent(table.id, ANA.user_id, "expert")
    started = await service.start(table.id, ANA.user_id)
    played = await service.resign(started.table.id, BO.user_id)
    assert played.table.seats[1].agent == "expert"
    record = TableRecord(game="test_nim", seats=(SeatRecord(name="Ana", user_id=1),))
    assert ai.table_level(NIM, record, "heuristic") == "heuristic"


def test_the_default_agent_setting_takes_expert_and_refuses_unknown_levels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.config import Settings, agent_levels

    monkeypatch.setenv("SNOWBOUND_DEFAULT_AGENT", "Expert")
    assert Settings(_env_file=None).default_agent == "expert"  # type: ignore[call-arg]
    assert agent_levels()[:3] == ["random", "heuristic", "expert"]
    monkeypatch.setenv("SNOWBOUND_DEFAULT_AGENT", "grandmaster")
    with pytest.raises(ValueError, match="no AI level 'grandmaster': use random, heuristic"):
        Settings(_env_file=None)  # type: ignore[call-arg]
    monkeypatch.setenv("SNOWBOUND_DEFAULT_AGENT", "heuristic")
    monkeypatch.setenv("SNOWBOUND_AI_MOVE_SECONDS", "2.5")
    assert Settings(_env_file=None).ai_move_seconds == 2.5  # type: ignore[call-arg]


def test_every_real_game_offers_random_and_heuristic_so_every_default_resolves() -> None:
    for game in GAMES.values():
        for level in ai.LEVELS:
            assert ai.level_for(game, level) in game.agents


def test_the_move_budget_reaches_a_search_agent_with_a_clock_to_keep_it() -> None:
    from rules.search import SearchAgent

    game = GAMES["coldest_night"]
    agent = ai.make_agent(game, "expert", 0.25)
    assert isinstance(agent, SearchAgent)
    assert agent.seconds == 0.25 and agent.clock is not None
    assert ai.make_agent(game, "expert", None).clock is None  # iterations only: deterministic


async def test_a_timed_out_seat_is_played_by_the_tables_chosen_level_off_the_loop(
    store: SqliteStore,
) -> None:
    from bot.pace_rules import DAY

    gate = Gate()
    gate.release.set()
    now = [1_000_000.0]
    service = TableService(
        store, {"test_nim": expert_nim(gate)}, clock=lambda: now[0], new_seed=lambda: "pace"
    )
    table = await service.open("test_nim", ANA, options={"pace": "daily", "stones": 99})
    await service.join(table.id, BO)
    await service.add_agent(table.id, ANA.user_id, "expert")  # the level the players chose
    started = await service.start(table.id, ANA.user_id)
    now[0] += DAY
    await service.tick()  # Ana's deadline passed: the expert plays her move, in a worker
    table = await service.table(started.table.id)
    assert table.ply >= 1 and gate.threads and gate.threads[0].startswith("snowbound-ai")
    assert gate.seen[0].seat == 0  # from Ana's own view

"""Private suggestions in the service and the terminal (issue 33 §2): the expert's pick from the
caller's own observation, the table setting and its defaults, and every refusal in one sentence."""

from __future__ import annotations

import asyncio

import pytest

from bot import ai
from bot.console import Console
from bot.records import TableError
from bot.tables import Player, TableService
from storage import SqliteStore
from storage.base import TableRecord
from tests.support.advisor import Gate, expert_nim
from tests.support.nim import NIM, NimPrivate

ANA, BO = Player(11, "Ana"), Player(22, "Bo")


def a_service(store: SqliteStore, gate: Gate | None = None, *, expert: bool = True) -> TableService:
    seeds = iter(f"seed{n}" for n in range(1000))
    game = expert_nim(gate) if expert else NIM
    return TableService(
        store, {"test_nim": game}, new_seed=lambda: next(seeds), clock=lambda: 1000.0
    )


async def started(service: TableService, **options: object) -> TableRecord:
    table = await service.open("test_nim", ANA, channel_id=5, options={"stones": 9, **options})
    await service.join(table.id, BO)
    return (await service.start(table.id, ANA.user_id)).table


async def test_a_suggestion_is_the_experts_pick_from_the_callers_own_view_only(
    store: SqliteStore,
) -> None:
    gate = Gate()
    gate.release.set()
    service = a_service(store, gate)
    table = await started(service, suggestions="on")
    advice = await ai.suggest(service.cache, service.ai, table, ANA.user_id)
    assert (advice.label, advice.win_chance) == ("Take 1", 0.9)
    assert advice.text == (
        "Suggested move: **Take 1**\n"
        "Why: It leaves 8 stones, a multiple of four, for the next player\n"
        "Estimated chance of winning: about 90 %.\n"
        "Only you see this suggestion; the choice is yours."
    )
    [seen] = gate.seen  # the expert was handed Ana's observation, and only hers
    assert isinstance(seen, NimPrivate) and seen.seat == 0
    assert seen == service.games["test_nim"].observe(service.state(table), 0)
    assert gate.threads[0].startswith("snowbound-ai")  # thought off the event loop
    assert (await service.table(table.id)).ply == table.ply  # asking plays nothing


async def test_suggestions_follow_the_host_setting_and_default_to_off_in_a_competitive_game(
    store: SqliteStore,
) -> None:
    service = a_service(store)
    table = await started(service)
    assert table.suggestions is None
    with pytest.raises(TableError, match=r"^This table was opened with suggestions off"):
        await ai.suggest(service.cache, service.ai, table, ANA.user_id)
    other = await service.open("test_nim", BO, channel_id=6, options={"suggestions": "off"})
    assert other.suggestions is False and "suggestions" not in other.options
    with pytest.raises(TableError, match="`suggestions` takes on or off"):
        await service.open("test_nim", BO, channel_id=7, options={"suggestions": "maybe"})


def test_co_operative_games_give_suggestions_by_default_and_competitive_ones_do_not() -> None:
    def table(game: str, **fields: object) -> TableRecord:
        return TableRecord(game=game, **fields)  # type: ignore[arg-type]

    assert ai.suggestions_on(table("coldest_night"))
    assert ai.suggestions_on(table("tenth_night"))
    assert ai.suggestions_on(table("dead_of_winter", options={"mode": "coop"}))
    assert not ai.suggestions_on(table("dead_of_winter"))
    assert not ai.suggestions_on(table("winter"))
    assert not ai.suggestions_on(table("cold_comfort"))
    assert ai.suggestions_on(table("winter", suggestions=True))
    assert not ai.suggestions_on(table("coldest_night", suggestions=False))
    assert not ai.suggestions_on(table("coldest_night", suggestions=True, challenge="cn-1"))


async def test_every_refusal_is_one_sentence_saying_why(store: SqliteStore) -> None:
    service = a_service(store)
    table = await started(service, suggestions="on")
    refusals = {
        "not to move": ai.refusal(service.cache, table, BO.user_id),
        "not seated": ai.refusal(service.cache, table, 99),
        "lobby": ai.refusal(
            service.cache, table.model_copy(update={"status": "lobby"}), ANA.user_id
        ),
        "over": ai.refusal(
            service.cache, table.model_copy(update={"status": "finished"}), ANA.user_id
        ),
        "challenge": ai.refusal(
            service.cache, table.model_copy(update={"challenge": "x"}), ANA.user_id
        ),
    }
    assert refusals == {
        "not to move": "Suggestions are for your turn: the game is waiting for Ana.",
        "not seated": "Only a player of this table can ask for a suggestion.",
        "lobby": "The game has not started yet: suggestions come once it is running.",
        "over": "This game is over: there is no move left to suggest.",
        "challenge": "This is a challenge table: every group plays it without suggestions.",
    }
    plain = a_service(store, expert=False)
    other = await plain.open("test_nim", BO, channel_id=8, options={"suggestions": True})
    other = (await plain.start(other.id, BO.user_id)).table
    assert ai.refusal(plain.cache, other, BO.user_id) == (
        "Nim has no expert player yet, so there is nobody to ask for a suggestion."
    )


async def test_a_rematch_keeps_the_tables_suggestion_setting(store: SqliteStore) -> None:
    service = a_service(store)
    table = await service.open(
        "test_nim", ANA, channel_id=5, options={"stones": 1, "suggestions": True}
    )
    await service.join(table.id, BO)
    await service.start(table.id, ANA.user_id)
    await service.act(table.id, ANA.user_id, "1")
    again = await service.rematch(table.id, BO.user_id)
    assert again.suggestions is True


async def no_input(timeout: float | None = None) -> str | None:
    return None


async def test_suggest_at_the_terminal_prints_the_pick_and_how_to_play_it(
    store: SqliteStore,
) -> None:
    service = a_service(store)
    out: list[str] = []
    console = Console(service, read=no_input, write=out.append, ansi=False)
    table = await started(service, suggestions=True)
    assert await console.command(table, 0, "suggest") is False
    assert out[-1] == (
        "Suggested move: Take 1\n"
        "Why: It leaves 8 stones, a multiple of four, for the next player\n"
        "Estimated chance of winning: about 90 %.\n"
        "Type `Take 1` to play it, or choose your own."
    )
    off = await service.open("test_nim", BO, channel_id=6)
    off = (await service.start(off.id, BO.user_id)).table
    await console.command(off, 0, "suggest")
    assert out[-1] == (
        "✗ This table was opened with suggestions off (the host can choose "
        "`-o suggestions=on` when starting `play`)."
    )


async def test_the_lobby_says_whether_the_table_gives_suggestions_when_the_game_has_an_expert(
    store: SqliteStore,
) -> None:
    service = a_service(store)
    on = await service.open("test_nim", ANA, channel_id=5, options={"suggestions": True})
    assert service.lobby_text(on).splitlines()[-1] == (
        "Suggestions: on (`/suggest`: the expert's pick for your move, only you see it)."
    )
    off = await service.open("test_nim", BO, channel_id=6)
    assert service.lobby_text(off).splitlines()[-1] == "Suggestions: off."
    plain = a_service(store, expert=False)
    quiet = await plain.open("test_nim", BO, channel_id=7, options={"suggestions": True})
    assert "Suggestions" not in plain.lobby_text(quiet)  # no expert to ask: nothing to say


async def test_asking_again_at_the_same_point_is_answered_from_the_first_suggestion(
    store: SqliteStore,
) -> None:
    gate = Gate()
    service = a_service(store, gate)
    table = await started(service, suggestions=True)
    first = asyncio.create_task(ai.suggest(service.cache, service.ai, table, ANA.user_id))
    await asyncio.to_thread(gate.started.wait)  # the first request is being worked out
    with pytest.raises(TableError, match=r"^Your suggestion is still being worked out"):
        await ai.suggest(service.cache, service.ai, table, ANA.user_id)
    gate.release.set()
    advice = await first
    assert await ai.suggest(service.cache, service.ai, table, ANA.user_id) is advice
    assert len(gate.seen) == 1  # the expert was asked once
    moved = (await service.act(table.id, ANA.user_id, "2")).table
    await service.act(moved.id, BO.user_id, "1")
    again = await ai.suggest(service.cache, service.ai, await service.table(table.id), ANA.user_id)
    assert again is not advice and len(gate.seen) == 2  # a new point: asked again


async def test_the_terminal_says_when_an_expert_ai_begins_to_think(store: SqliteStore) -> None:
    service = a_service(store)
    out: list[str] = []
    console = Console(service, read=no_input, write=out.append, ansi=False)
    table = await service.open("test_nim", ANA, options={"stones": 9})
    await service.add_agent(table.id, ANA.user_id, "expert")
    table = (await service.start(table.id, ANA.user_id)).table
    played = await console.command(table, 0, "take 1")
    # the move first (`Console.shown`), then who thinks; the AI's move is the command's report
    assert out[-1] == "Frost 🤖 is thinking…" and out.count("Frost 🤖 is thinking…") == 1
    assert any(line.startswith("• Ana takes 1.") for line in out[:-1]), out
    assert not isinstance(played, bool) and played.table.ply == 2


async def test_cn_a_seat_holding_only_a_token_play_out_of_turn_is_not_offered_a_suggestion(
    store: SqliteStore,
) -> None:
    """The Coldest Night lets a seat use a token out of turn (it is in `to_act`, not awaited): a
    suggestion there would always be "use a token", so only the awaited seat is advised."""
    from rules import GAMES

    service = TableService(store, GAMES, new_seed=lambda: "cn-suggest")
    table = await service.open("coldest_night", ANA)
    table = await service.join(table.id, BO)
    table = (await service.start(table.id, ANA.user_id)).table
    game, engine = GAMES["coldest_night"], service.engine(table)
    agent = game.agents["heuristic"]()
    for _ in range(400):  # play on until some seat may act without being awaited
        state = service.state(table)
        awaited = service.waiting_for(table, state)
        early = sorted(set(engine.to_act(state)) - set(awaited))
        if early or table.status != "active":
            break
        seat = awaited[0]
        rng = engine.agent_rng(table.seed, table.ply + 1, seat)
        choice = agent.choose(game.observe(state, seat), engine.legal(state, seat), rng)
        played = await service.act(table.id, table.seats[seat].user_id, choice)
        table = played.table
    assert early, "no seat could use a token out of turn in this game"
    waiting = ", ".join(table.seats[s].name for s in awaited)
    why = ai.refusal(service.cache, table, table.seats[early[0]].user_id)
    assert why == f"Suggestions are for your turn: the game is waiting for {waiting}."

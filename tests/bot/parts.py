"""The service's parts built one by one, as `bot.tables.TableService` composes them, for the tests
of each part on its own; and running tables written straight into a store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.ai import AiRunner
from bot.clock import Clock, Deadlines
from bot.member_settings import MemberSettings, settings_of
from bot.moves import MoveRunner
from bot.records import Played
from bot.reporter import Reporter
from bot.seating import Seating
from bot.table_cache import TableCache
from bot.table_texts import TableTexts
from bot.talk_rules import TalkRules
from bot.undo import GameLog
from rules.core import Game, Outcome
from rules.engine import Engine
from storage.base import SeatRecord, Store, TableRecord

ANA = SeatRecord(name="Ana", user_id=11)
BO = SeatRecord(name="Bo", user_id=22)
FROST = SeatRecord(name="Frost", agent="heuristic")


class Now:
    """An injected clock the test moves: it reads `now` (1,000 s unless given)."""

    def __init__(self, now: float = 1_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Parts:
    cache: TableCache
    deadlines: Deadlines
    texts: TableTexts
    reporter: Reporter
    runner: MoveRunner
    clock: Clock
    game_log: GameLog
    members: MemberSettings
    seating: Seating
    talk: TalkRules
    ended: list[tuple[int, Outcome]] = field(default_factory=list)


def build(store: Store, played: list[Game[Any, Any, Any]], now: Callable[[], float]) -> Parts:
    """The parts for `played` games (keyed by their own keys), on `store`, at the clock `now`."""
    games = {game.key: game for game in played}
    engines = {key: Engine(game) for key, game in games.items()}
    ended: list[tuple[int, Outcome]] = []

    async def member(user_id: int) -> Any:
        return await settings_of(store, user_id)

    async def finished(table: TableRecord, outcome: Outcome, at: float) -> None:
        ended.append((table.id, outcome))

    cache = TableCache(store, games, engines, clock=now)
    deadlines = Deadlines(games, clock=now, settings=member)
    texts = TableTexts(cache, pace_text=deadlines.pace_text, thinking=lambda _: None)
    reporter = Reporter(cache, texts, clock=now)
    ai_runner = AiRunner()
    runner = MoveRunner(
        cache,
        deadlines,
        reporter,
        reporter.report,
        ai_runner=ai_runner,
        clock=now,
        finished=finished,
    )
    clock = Clock(
        cache,
        runner,
        deadlines,
        ai_runner=ai_runner,
        default_agent="heuristic",
        settings=member,
        clock=now,
    )
    game_log = GameLog(cache, runner.seat_for, deadlines, reporter.report, clock=now)
    members = MemberSettings(cache, deadlines.pace_fields, reporter.report, clock=now)
    seeds = iter(f"seed{n}" for n in range(1_000))
    seating = Seating(
        cache,
        deadlines,
        runner,
        reporter.collect,
        reporter.report,
        clock=now,
        new_seed=lambda: next(seeds),
        default_agent="heuristic",
    )
    talk = TalkRules(cache)
    return Parts(
        cache, deadlines, texts, reporter, runner, clock, game_log, members, seating, talk, ended
    )


async def running(
    store: Store,
    game: Game[Any, Any, Any],
    *seats: SeatRecord,
    now: float = 1_000.0,
    pace: int | None = None,
    channel_id: int | None = None,
    **options: Any,
) -> TableRecord:
    """A running table of `game` for `seats` (Ana and Bo by default), stored as a started game
    is: its first state, its game clock's deadline and, if `pace`, its first seat clocks."""
    seats = seats or (ANA, BO)
    parts = build(store, [game], lambda: now)
    engine = parts.runner.engines[game.key]
    state = engine.start(len(seats), options, "parts").state
    table = TableRecord(
        game=game.key,
        status="active",
        seats=seats,
        seed="parts",
        options=engine.options(options).model_dump(mode="json", exclude_defaults=True),
        state=state.model_dump(mode="json"),
        pace=pace,
        channel_id=channel_id,
        deadline=parts.deadlines.deadline(game, None, state, None),
    )
    table = table.model_copy(update=await parts.deadlines.pace_start(table, state))
    return await store.create_table(table)


async def nim_running(store: Store, *seats: SeatRecord) -> tuple[Parts, TableRecord]:
    """The parts for Nim (at the clock's 1,000 s) and a running table of nine stones for `seats`
    (Ana and Bo by default)."""
    from tests.support.nim import NIM

    return build(store, [NIM], Now()), await running(store, NIM, *seats, stones=9)


async def in_turn(parts: Parts, table: TableRecord, *moves: str) -> Played:
    """Ana's and Bo's moves, one each in turn from Ana's, through the move runner: the last
    one's result."""
    assert moves
    for number, move in enumerate(moves):
        played = await parts.runner.act(table.id, (ANA, BO)[number % 2].user_id, move)
    return played

"""`TableService`: the one entry point the cogs, the terminal table and the tests call, a thin
facade over parts with one job each. It speaks in plain records (no discord).

- `TableCache` (`bot.table_cache`): the running tables as this process holds them (records,
  parsed states, per-table locks, the LRU caches, the channel index) and every non-move write;
- `MoveRunner` (`bot.moves`): a move from its check to its one transaction, and the AI turns;
- `TableTexts` (`bot.table_texts`) and `Reporter` (`bot.reporter`): what a table looks like in
  words, and what a call's result (`Played`) says to whom;
- `Deadlines` and `Clock` (`bot.clock`): game timers and paces, and the one loop acting on them;
- `Seating` (`bot.seating`): the lobby, the start, resigning, ending, rematches;
- `GameLog` (`bot.undo`): the log and take-backs; `Standings` (`bot.standings`): stats;
- `MemberSettings` (`bot.member_settings`): `/me`, rejoining and substitutes;
- `TalkRules` (`bot.talk_rules`): what a seated player may say in the table's channel.

Each part is given at construction the small interfaces it uses of the others; none reaches into
another's internals. Every change is committed before anything is reported back, AI seats take
their turns through the same path right after a human move commits, and a per-table lock
serialises moves inside one process while the stored version protects across processes.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from bot import ai, challenges, ratings
from bot.clock import Clock, Deadlines
from bot.member_settings import MemberSettings, settings_of
from bot.moves import SOURCES_KEPT, MoveRunner
from bot.pace_rules import UserSettings
from bot.records import (  # re-exported: cogs and tests import them from here
    OPEN,
    Board,
    Ending,
    PanelUpdate,
    Played,
    Player,
    SecretMoveError,
    TableError,
    label_mark,
    seat_of,
    user_error,
)
from bot.reporter import Reporter
from bot.seating import Seating
from bot.standings import Standings
from bot.table_cache import TableCache, find_game
from bot.table_texts import TableTexts
from bot.talk_rules import TalkRules
from bot.undo import GameLog
from bot.watchers import Watchers
from rules import GAMES
from rules.core import Game, Outcome
from rules.engine import Engine
from storage.base import Store, TableRecord

__all__ = [
    "SOURCES_KEPT",
    "Board",
    "Ending",
    "PanelUpdate",
    "Played",
    "Player",
    "SecretMoveError",
    "TableError",
    "TableRecord",
    "TableService",
    "label_mark",
    "seat_of",
    "user_error",
]


class TableService:
    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        *,
        clock: Callable[[], float] = time.time,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
        default_agent: str = "heuristic",
        max_tables_per_channel: int = 1,
        max_ai_plies: int = 20_000,
        resume_every: float = 30.0,
        table_cache_size: int = 2_000,
        channel_index_seconds: float = 10.0,
        ai_move_seconds: float = 1.0,
    ) -> None:
        self.store = store
        self.games = games = dict(games if games is not None else GAMES)
        self.engines = engines = {key: Engine(game) for key, game in games.items()}
        self.clock = clock
        self.new_seed = new_seed
        self.default_agent = default_agent
        self.ai = ai.AiRunner(ai_move_seconds)  # searching AI levels think off the event loop

        async def member(user_id: int) -> UserSettings:
            return await settings_of(store, user_id)

        self.cache = cache = TableCache(
            store,
            games,
            engines,
            clock=clock,
            size=table_cache_size,
            channel_index_seconds=channel_index_seconds,
        )
        self.deadlines = deadlines = Deadlines(games, clock=clock, settings=member)
        self.texts = texts = TableTexts(
            cache,
            pace_text=deadlines.pace_text,
            thinking=lambda table: ai.thinking_turn(self.ai, table),
        )
        self.reporter = reporter = Reporter(cache, texts, clock=clock)
        report = self._report
        self.runner = runner = MoveRunner(
            cache,
            deadlines,
            reporter,
            report,
            ai_runner=self.ai,
            clock=clock,
            finished=self._finished,
            max_ai_plies=max_ai_plies,
        )
        self.clocks = clocks = Clock(
            cache,
            runner,
            deadlines,
            ai_runner=self.ai,
            default_agent=default_agent,
            settings=member,
            clock=clock,
            resume_every=resume_every,
        )
        self.seating = seating = Seating(
            cache,
            deadlines,
            runner,
            reporter.collect,
            report,
            clock=clock,
            new_seed=lambda: self.new_seed(),
            default_agent=default_agent,
            max_tables_per_channel=max_tables_per_channel,
        )
        self.game_log = game_log = GameLog(cache, runner.seat_for, deadlines, report, clock=clock)
        self.standings = standings = Standings(store, games)
        self.members = members = MemberSettings(cache, deadlines.pace_fields, report, clock=clock)
        self.talk = talk = TalkRules(cache)
        self.watchers = Watchers(store, texts.board, game_log.log, clock=clock)

        # The public names of the parts, as the cogs, the terminal and the tests call them.
        # the table cache
        self.lock, self.state = cache.lock, cache.state
        self.waiting_for, self.table_in = cache.waiting_for, cache.table_in
        # the lobby and the seats
        self.open, self.join, self.leave = seating.open, seating.join, seating.leave
        self.add_agent, self.kick, self.start = seating.add_agent, seating.kick, seating.start
        self.resign, self.abandon, self.end = seating.resign, seating.abandon, seating.end
        self.rematch, self.remember = seating.rematch, seating.remember
        self.leave_thread = seating.leave_thread
        # moves
        self.act, self.act_choice = runner.act, runner.act_choice
        self.refuse_repeat = runner.refuse_repeat
        # the clock
        self.tick, self.resume_agents = clocks.tick, clocks.resume_agents
        self.pace_text = deadlines.pace_text
        # what a table and a result look like
        self.board, self.board_text, self.lobby_text = (
            texts.board,
            texts.board_text,
            texts.lobby_text,
        )
        self.turn_line, self.observation = texts.turn_line, texts.observation
        self.public_view, self.labels, self.forced = texts.public_view, texts.labels, texts.forced
        self.private_text, self.private_only_text = texts.private_text, texts.private_only_text
        self.panel_update, self.private_updates = texts.panel_update, texts.private_updates
        self.newly_waiting = reporter.newly_waiting
        self.ending, self.summary = reporter.ending, reporter.summary
        self.since_last_move = reporter.since_last_move
        self.panel_sent, self.panel_undelivered = reporter.panel_sent, reporter.panel_undelivered
        # the log, take-backs and stats
        self.log, self.undo = game_log.log, game_log.undo
        self.stats, self.leaderboard = standings.stats, standings.leaderboard
        self.member_stats, self.leaderboards = standings.member_stats, standings.leaderboards
        # a member's settings and seats
        self.me, self.set_me = members.me, members.set_me
        self.rejoin, self.substitute = members.rejoin, members.substitute
        self.sub_seat = members.sub_seat
        # table talk
        self.chat, self.check_chat = talk.chat, talk.check_chat
        self.check_reaction = talk.check_reaction

    async def _report(self, played: Played) -> Played:
        return await self.report(played)  # looked up each time: a bench may time it

    async def report(self, played: Played) -> Played:
        """Fill in what a call's result shows (`Reporter.report`)."""
        return await self.reporter.report(played)

    async def _finished(self, table: TableRecord, outcome: Outcome, now: float) -> None:
        """A move ended the game: rate it (once per table), and record a challenge's entry."""
        await ratings.rate_finished(self.store, table, outcome, now=now)
        if table.challenge:
            await challenges.record(
                self.store,
                table,
                outcome,
                game=self.game(table.game),
                observation=self.observation,
                clock=self.clock,
            )

    # lookups ------------------------------------------------------------------------------------
    def game(self, key: str) -> Game[Any, Any, Any]:
        return find_game(self.games, key)

    def engine(self, table: TableRecord) -> Engine[Any, Any, Any]:
        return self.engines[table.game]

    async def table(self, table_id: int) -> TableRecord:
        return await self.store.get_table(table_id)

    async def tables_of(self, user_id: int) -> list[TableRecord]:
        return await self.store.find_tables(status=OPEN, user_id=user_id)

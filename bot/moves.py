"""The move runner: a move from its check to its commit, and the AI turns after it.

A player's move (`act`: typed text or an action record; `act_choice`: a button press) is checked
under the table's per-table lock, applied through the engine, and committed with its log entry,
its source (the interaction or message that made it: a repeat is refused) and, when it ends the
game, its result, in one versioned transaction. A stale version is retried once against the
stored table if the move is still legal there. AI seats then take their turns through the same
path (`bot.agent_turns`): when the caller can show a report at once, a move is shown before a
searching AI seat thinks.

The runner is handed at construction what it needs of the other parts: the table cache, the
deadlines a move leaves (`bot.clock.Deadlines`), the reporter's `collect`, `note_since` and
`summary`, and `finished`, run once a move ends a game (ratings, a challenge's entry).
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

from bot import ai
from bot.agent_turns import AgentTurns, Show
from bot.clock import Deadlines
from bot.names import typed_refs
from bot.records import Played, SecretMoveError, TableError, label_mark, seat_names, seat_of
from bot.scan import waits_for_agents
from bot.table_cache import CachePart, TableCache
from rules.core import SYSTEM_SEAT, Event, Outcome, Seat, format_event
from rules.errors import NotYourTurnError, ParseError, RuleError
from storage import codec
from storage.base import (
    ActionRecord,
    RepeatedMoveError,
    ResultRecord,
    StaleActionError,
    TableRecord,
)

_T = TypeVar("_T")

_RACED = "The table changed at the same moment; please try again."
_OUT_OF_DATE = (
    "That button is out of date: the game has moved on. Use your new panel (or `/game hand`)."
)
# Discord delivered an interaction or a message again (a gateway resume, a double click): the
# move it made is stored already, and is not played twice.
_REPEATED = "That move is already played; your panel (or `/game hand`) shows the game as it is now."
SOURCES_KEPT = 10_000  # the sources of this process's latest moves, to answer a repeat as one


class Steps(Protocol):
    """What the runner tells the reporter of each step (`bot.reporter.Reporter`)."""

    def collect(self, played: Played, events: Sequence[Event], *, step: bool = True) -> None: ...

    def note_since(self, table: TableRecord, seat: Seat, events: Sequence[Event]) -> None: ...

    def summary(self, table: TableRecord, outcome: Outcome) -> str: ...


class MoveRunner(CachePart):
    def __init__(
        self,
        cache: TableCache,
        deadlines: Deadlines,
        steps: Steps,
        report: Callable[[Played], Awaitable[Played]],
        *,
        ai_runner: ai.AiRunner,
        clock: Callable[[], float],
        finished: Callable[[TableRecord, Outcome, float], Awaitable[None]],
        max_ai_plies: int = 20_000,
    ) -> None:
        super().__init__(cache)
        self.deadlines, self.steps, self.report = deadlines, steps, report
        self.ai, self.clock, self.finished = ai_runner, clock, finished
        self.turns = AgentTurns(cache, self, report, ai_runner=ai_runner, max_ai_plies=max_ai_plies)
        self.resume = self.turns.resume
        self.sources: OrderedDict[int, int] = OrderedDict()  # a move's source → its table

    def seat_for(self, table: TableRecord, user_id: int) -> Seat:
        if table.status == "lobby":
            raise TableError("The game has not started yet: the host starts it with `/game start`.")
        if table.status != "active":
            raise TableError("This game is over.")
        seat = seat_of(table, user_id)
        if seat is None:
            raise TableError("You are not playing at this table.")
        return seat

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Any,
        *,
        ply: int | None = None,
        in_public: bool = False,
        source: int | None = None,
        show: Show | None = None,
    ) -> Played:
        """Play `action` (typed text, or an action record) for the user's seat.

        `in_public`: the text was typed where everyone reads it; a move the game calls secret (a
        ballot, a hidden contribution) is then refused with `SecretMoveError` and not played.
        `source`: the id of the Discord interaction or message that made the move, stored with
        it: a second delivery of it is refused (`TableError`), never played twice.
        `show`: how the caller shows a report at once; given, the move is shown before a
        searching AI seat thinks, and the record returned is the AI seats' moves
        (`bot.agent_turns`)."""
        self.refuse_repeat(source)
        async with self.cache.lock(table_id):
            table, (seat, move, checked, state) = await self._checked(
                table_id,
                lambda table: self._prepare(table, user_id, action, ply, in_public),
                (TableError, RuleError),
            )
            played = Played(table=table, waited_before=self.cache.waiting_set(table, state))
            label = self.games[table.game].text.label(state, move)
            played.label = format_event(label, seat_names(table))
            await self.commit(played, seat, move, checked=checked, state=state, source=source)
            thinker = await self.play_agents(played, show)
        return await self.finish_agents(played, show, thinker)

    async def _checked(
        self,
        table_id: int,
        check: Callable[[TableRecord], _T],
        refusals: type[Exception] | tuple[type[Exception], ...],
    ) -> tuple[TableRecord, _T]:
        """The table (as held, else read) and what `check` makes of it. A refusal made on a held
        copy is checked again against the stored row, so a copy another process moved past never
        refuses a move the store would take."""
        cached = self.cache.held(table_id)
        table = cached or await self.store.get_table(table_id)
        try:
            return table, check(table)
        except refusals:
            if cached is None:
                raise
            table = await self.store.get_table(table_id)
            if table.version == cached.version:
                raise
            self.cache.forget_copy(table_id)
            return table, check(table)

    def refuse_repeat(self, source: int | None) -> None:
        """Refuse a second delivery of a move this process stored lately, before anything else
        is checked: by then the table has moved on (another seat's turn, the move no longer
        legal, the game over), and the player would be told their move cannot be made when it
        was made. The store's unique sources are what keep a move from being played twice; this
        only lets the answer say so."""
        if source is not None and source in self.sources:
            raise TableError(_REPEATED)

    def _prepare(
        self, table: TableRecord, user_id: int, action: Any, ply: int | None, in_public: bool
    ) -> tuple[Seat, Any, bool, Any]:
        """Every check of a player's move before it is applied: (seat, action, whether the action
        was taken from the legal list, so the engine need not look for it there again, and the
        table's state, which the move is applied to)."""
        seat = self.seat_for(table, user_id)
        if ply is not None and ply != table.ply:
            raise TableError("That move is out of date: the game has moved on. Look again.")
        game = self.games[table.game]
        engine = self.engines[table.game]
        state = self.cache.state(table)
        if seat not in engine.to_act(state):
            names = ", ".join(table.seats[s].name for s in self.cache.waiting_for(table, state))
            why = game.text.why_waiting(state, seat)
            if why:
                raise NotYourTurnError(f"{why} The game is waiting for {names}.")
            raise NotYourTurnError(f"It is not your turn: the game is waiting for {names}.")
        checked = False
        if isinstance(action, str):
            action = self._parse(table, state, seat, action)  # a legal action, or it raises
            checked = True
        if in_public and game.is_secret(state, action):
            raise SecretMoveError(
                "That move is secret: make it with `/play` or the buttons on your private "
                "panel, not in the channel. Nothing was played."
            )
        return seat, action, checked, state

    def _parse(self, table: TableRecord, state: Any, seat: Seat, text: str) -> Any:
        """Typed text → one of the seat's legal actions: as typed (the game's notation, "exile
        seat 2"), else with the players' names turned into the `{sN}` form the labels carry
        ("exile Bo", as the buttons and autocomplete show it: `bot.names`). A refusal names the
        players as the labels it quotes show them."""
        engine = self.engines[table.game]
        names = seat_names(table)
        try:
            try:
                return engine.parse(state, seat, text)
            except ParseError:
                named = typed_refs(text, names)
                if named == text:
                    raise
                with contextlib.suppress(ParseError):
                    return engine.parse(state, seat, named)
                raise
        except RuleError as err:
            if "{s" not in str(err):
                raise
            raise type(err)(format_event(str(err), names)) from None

    async def act_choice(
        self,
        table_id: int,
        user_id: int,
        ply: int,
        index: int,
        mark: str | None = None,
        *,
        source: int | None = None,
        show: Show | None = None,
    ) -> Played:
        """A button press: the `index`-th legal action of the user's seat after `ply` moves.

        After other players' moves the click still counts if the same move (same label, `mark`) is
        offered at that place: the player's panel did not change, so they chose what they saw. A
        press drawn before the presser's own last move is out of date (their panel changed).
        `source`: the interaction's id, stored with the move; `show`: see `act`.
        """
        self.refuse_repeat(source)
        async with self.cache.lock(table_id):
            table, (seat, move) = await self._checked(
                table_id, lambda table: self._pressed(table, user_id, ply, index, mark), TableError
            )
            if ply < table.ply and any(
                entry.seat == seat and entry.ply > ply
                for entry in await self.store.actions(table_id)
            ):
                raise TableError(_OUT_OF_DATE)
            state = self.cache.state(table)
            waited = self.cache.waiting_set(table, state)
            played = Played(table=table, waited_before=waited, mover=seat)
            await self.commit(played, seat, move, checked=True, state=state, source=source)
            thinker = await self.play_agents(played, show)
        return await self.finish_agents(played, show, thinker)

    def _pressed(
        self, table: TableRecord, user_id: int, ply: int, index: int, mark: str | None
    ) -> tuple[Seat, Any]:
        """The seat and legal action a button press stands for, or the `TableError` to answer."""
        seat = self.seat_for(table, user_id)
        state = self.cache.state(table)
        legal = self.engines[table.game].legal(state, seat)
        game = self.games[table.game]
        fresh = ply == table.ply and 0 <= index < len(legal)
        same = (
            mark is not None
            and 0 <= index < len(legal)
            and label_mark(format_event(game.text.label(state, legal[index]), seat_names(table)))
            == mark
        )
        if not (fresh or same):
            raise TableError(_OUT_OF_DATE)
        return seat, legal[index]

    async def commit(
        self,
        played: Played,
        seat: Seat,
        action: Any,
        *,
        checked: bool = False,
        retry: bool = True,
        state: Any = None,
        source: int | None = None,
    ) -> None:
        """Apply `action` of `seat` to `played.table` (whose parsed state is `state`, if the
        caller has it) and commit it with its log entry (and `source`, the interaction or message
        that made it: a repeat is refused); a race with another process is retried once against
        the stored table."""
        table = played.table
        game = self.games[table.game]
        engine = self.engines[table.game]
        if state is None:
            state = self.cache.state(table)
        ply = table.ply + 1
        step = engine.act(state, seat, action, seed=table.seed, ply=ply, checked=checked)
        outcome = game.outcome(step.state)
        now = self.clock()
        new = codec.with_state(  # encoded once, straight from the model
            table,
            step.state,
            ply=ply,
            status="finished" if outcome else "active",
            updated_at=now,
            deadline=self.deadlines.deadline(game, state, step.state, table.deadline),
            **self.deadlines.pace_fields(played, table, step.state, seat, now),
            ai_turn=outcome is None and waits_for_agents(engine, table.seats, step.state),
        )
        record = ActionRecord(
            table_id=table.id,
            ply=ply,
            seat=seat,
            action=engine.dump_action(action),
            at=now,
            events=tuple(
                {
                    "text": e.text,
                    "visible_to": None if e.visible_to is None else sorted(e.visible_to),
                    **({"heading": True} if e.heading else {}),  # it opens a thread line
                }
                for e in step.events
            ),
        )
        result = None
        if outcome is not None:
            dumped = outcome.model_dump(mode="json")
            result = ResultRecord(
                table_id=table.id, game=table.game, outcome=dumped, finished_at=now
            )
        try:
            # The last move and the result are one transaction: no finished table lacks its result.
            table = await self.store.commit_action(
                new, table.version, record, result=result, source=source
            )
        except RepeatedMoveError:
            raise TableError(_REPEATED) from None
        except StaleActionError:
            # Another process moved first. Retry once against the stored state if this seat may
            # still make this move there (the same player in the seat); otherwise the player hears
            # it as before.
            self.cache.forget_copy(table.id)
            if not retry or seat == SYSTEM_SEAT:
                raise TableError(_RACED) from None
            fresh = await self.store.get_table(table.id)
            fresh_state = self.cache.state(fresh) if fresh.status == "active" else None
            if (
                fresh_state is None
                or seat >= len(fresh.seats)
                or fresh.seats[seat] != table.seats[seat]
                or seat not in game.to_act(fresh_state)
            ):
                raise TableError(_RACED) from None
            try:
                engine.check(fresh_state, seat, action)
            except RuleError:
                raise TableError(_RACED) from None
            played.table = fresh
            await self.commit(played, seat, action, retry=False, source=source)
            return
        if source is not None:  # stored: a second delivery is answered as one (`refuse_repeat`)
            self.sources[source] = table.id
            while len(self.sources) > SOURCES_KEPT:
                self.sources.popitem(last=False)
        self.cache.keep(table, step.state)  # or forgotten, if this move ended the game
        played.table = table
        played.moves += 1
        self.steps.collect(played, step.events)
        if outcome is None:
            self.steps.note_since(table, seat, step.events)
        else:
            played.outcome = outcome
            played.summary = self.steps.summary(table, outcome)
            played.lines.append(played.summary)
            await self.finished(table, outcome, now)  # ratings (once per table), a challenge

    async def run_agents(self, played: Played) -> None:
        """The AI seats' turns the game now waits for, each committed like a human's
        (`bot.agent_turns.AgentTurns.run`)."""
        await self.turns.run(played)

    async def play_agents(self, played: Played, show: Show | None) -> Seat | None:
        """After a move, a start or a resignation, under the table's lock: the AI seats' turns,
        and the report. With `show`, the turns stop before a searching AI thinks and its seat is
        returned: the report is then of what came before, which `finish_agents` shows while it
        thinks (`AgentTurns.shown_first`)."""
        seat = None
        if show is None:
            await self.run_agents(played)
        else:
            seat = await self.turns.run(played, pause=True)
            if seat is not None:
                self.turns.mark_thinking(played, seat)
        await self.report(played)
        return seat

    async def finish_agents(self, played: Played, show: Show | None, seat: Seat | None) -> Played:
        """The record to return once the table's lock is left: `played`, or, when a searching AI
        was left to think (`play_agents`), `played` shown and then the AI seats' own report."""
        if show is None or seat is None:
            return played
        return await self.turns.shown_first(played, show, seat)

"""`TableService`: the only code that loads, advances and saves tables.

It speaks in plain records (no discord): a Discord cog, the terminal table and the tests all
drive the same methods. Every change is committed before anything is reported back, AI seats take
their turns through the same path right after a human move commits, and a per-table lock
serialises moves inside one process while the stored version protects across processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot import ai, challenges, history, ratings
from bot.names import ai_name, typed_refs
from bot.pace import parse_pace
from bot.pace_service import PaceService
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
    seat_names,
    seat_of,
    user_error,
)
from bot.scan import RESUME_PAGE, ChannelIndex, flagged, resume_table, waits_for_agents
from bot.views import DIGEST_LINES, PrivateText, PublicView, TableViews
from rules import GAMES
from rules.core import SYSTEM_SEAT, Event, Game, Outcome, Seat, Timer, format_event
from rules.engine import Engine
from rules.errors import NotYourTurnError, ParseError, RuleError
from storage import codec
from storage.base import (
    AI_SUFFIX,
    ActionRecord,
    ChannelBusyError,
    GameTally,
    LeaderRow,
    RepeatedMoveError,
    ResultRecord,
    SeatRecord,
    StaleActionError,
    Store,
    TableRecord,
)

log = logging.getLogger(__name__)

_RACED = "The table changed at the same moment; please try again."
_OUT_OF_DATE = (
    "That button is out of date: the game has moved on. Use your new panel (or `/game hand`)."
)
# Discord delivered an interaction or a message again (a gateway resume, a double click): the
# move it made is stored already, and is not played twice.
_REPEATED = "That move is already played; your panel (or `/game hand`) shows the game as it is now."
SOURCES_KEPT = 10_000  # the sources of this process's latest moves, to answer a repeat as one


def _free(lock: asyncio.Lock) -> bool:
    """Nobody holds `lock` or waits for it (a released lock may still have a waiter about to
    take it, which `locked()` does not show)."""
    return not lock.locked() and not getattr(lock, "_waiters", None)


__all__ = [
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


class TableService(TableViews, PaceService):
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
        self.games = dict(games if games is not None else GAMES)
        self.engines = {key: Engine(game) for key, game in self.games.items()}
        self.clock = clock
        self.new_seed = new_seed
        self.default_agent = default_agent
        self.max_tables_per_channel = max_tables_per_channel
        self.max_ai_plies = max_ai_plies
        self.ai = ai.AiRunner(ai_move_seconds)  # searching AI levels think off the event loop
        self._channel_locks: dict[int, asyncio.Lock] = {}
        self.resume_every = resume_every
        self._resumed_at: float | None = None  # when `tick` last ran `resume_agents`
        # Per-table caches of running games, least recently used first, at most
        # `table_cache_size` tables each; a table's entries go when its game ends.
        self.table_cache_size = max(1, table_cache_size)
        codec.keep_encodings(self.table_cache_size)
        # The store's own copy of each row (`SqliteStore`: a move writes only the columns that
        # differ from it) holds as many tables as these caches, else a process configured for
        # more running tables than the store's default would write every column of most moves.
        rows = getattr(store, "row_cache_size", None)
        if isinstance(rows, int) and rows < self.table_cache_size:
            setattr(store, "row_cache_size", self.table_cache_size)  # noqa: B010 — not on Store
        self._locks: OrderedDict[int, asyncio.Lock] = OrderedDict()
        # table id → (ply, version, parsed state)
        self._states: OrderedDict[int, tuple[int, int, Any]] = OrderedDict()
        self._records: OrderedDict[int, TableRecord] = OrderedDict()  # as this process last wrote
        self._sources: OrderedDict[int, int] = OrderedDict()  # a move's source → its table
        # table id → its public view, and its seats' private-only texts (`bot.views`)
        self._publics: OrderedDict[int, PublicView] = OrderedDict()
        self._privates: OrderedDict[int, dict[Seat, PrivateText]] = OrderedDict()
        # table id → the public lines since each seat's last move, as this process played them
        self._since: OrderedDict[int, _Since] = OrderedDict()
        self.channel_index_seconds = channel_index_seconds
        self._channels = ChannelIndex()  # channel/thread id → open table ids (`bot.scan`)

    # lookups ------------------------------------------------------------------------------
    def lock(self, table_id: int) -> asyncio.Lock:
        found = self._locks.get(table_id)
        if found is not None:
            self._locks.move_to_end(table_id)
            return found
        found = self._locks[table_id] = asyncio.Lock()
        # Only a lock nobody holds or waits for may go (a new one for the same table would let two
        # moves in at once), the least recently used first; if every lock is busy, none goes.
        while len(self._locks) > self.table_cache_size:
            old = next((k for k, lock in self._locks.items() if _free(lock)), None)
            if old is None:
                break
            del self._locks[old]
        return found

    # caches ---------------------------------------------------------------------------------
    def _keep(self, table: TableRecord, state: Any = None) -> None:
        """Remember `table` as stored now (and `state`, its parsed game state, if known), or
        forget it if its game is over. The record saves the next move a read: the version in it
        still guards the write, and a stale one is reloaded (`act`, `_commit`)."""
        if table.status not in OPEN:
            self._note_place(table)
            self._forget(table.id)
            return
        held = self._records.get(table.id)
        if held is not None and held.version > table.version:
            return  # an older copy (a view read before the last move): keep the newer one
        self._records[table.id] = table
        self._records.move_to_end(table.id)
        if state is not None:
            self._states[table.id] = (table.ply, table.version, state)
            self._states.move_to_end(table.id)
        for cache in (self._records, self._states):
            while len(cache) > self.table_cache_size:
                cache.popitem(last=False)

    def _forget(self, table_id: int) -> None:
        """Drop an ended table's entries. Its lock goes even while held: whoever waits on it
        finds the game over, as would anyone on a new lock."""
        self._records.pop(table_id, None)
        self._states.pop(table_id, None)
        self._publics.pop(table_id, None)
        self._privates.pop(table_id, None)
        self._since.pop(table_id, None)
        self._locks.pop(table_id, None)

    def _note_place(self, table: TableRecord) -> None:
        """Keep the channel index (`table_in(…, indexed=True)`) in step with a table opened,
        moved to a thread or ended (a move of a running table leaves it as it is)."""
        self._channels.note(table, time.monotonic())

    def _forget_copy(self, table_id: int) -> None:
        """The store moved past what this process holds (another process wrote): reload next."""
        self._records.pop(table_id, None)
        self._states.pop(table_id, None)
        self._publics.pop(table_id, None)
        self._privates.pop(table_id, None)

    # lobby --------------------------------------------------------------------------------
    async def open(
        self,
        game_key: str,
        host: Player,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        options: Mapping[str, Any] | None = None,
        allow_test_hooks: bool = False,
        pace: str | None = None,
    ) -> TableRecord:
        """Open a lobby; the host takes seat 1. Test hooks (a fixed deck order…) are refused unless
        `allow_test_hooks` (the terminal table), so no player can stack a deck on Discord.

        `pace` (also accepted as a `pace=` option) is a table setting, not the game's: it is
        taken out before the game's options are checked; so is `challenge` (`bot.challenges`:
        daily, weekly or a code), which fixes the table's seed and the standard options."""
        game = self.game(game_key)
        if options and "pace" in options:
            options = dict(options)
            pace = str(options.pop("pace"))
        seconds = parse_pace(pace)
        suggestions: bool | None = None
        if options and "suggestions" in options:  # a table setting, like `pace`
            options = dict(options)
            suggestions = ai.parse_setting(options.pop("suggestions"))
        played: tuple[challenges.Challenge, str] | None = None
        if options and "challenge" in options:
            options = dict(options)
            value = str(options.pop("challenge"))
            played = await challenges.prepare(self.store, game.key, value, options, self.clock())
        hooks = sorted(set(options or ()) & game.options_model.test_hooks)
        if hooks and not allow_test_hooks:
            raise TableError(
                f"`{'`, `'.join(hooks)}` only fix a game for testing and cannot be set at a table."
            )
        chosen = self.engines[game.key].options(options)
        code, seed = (played[0].code, played[1]) if played else (None, "")
        if channel_id is None:
            return await self._create(
                game, host, guild_id, None, chosen, seconds, code, seed, suggestions
            )
        # The lock orders two `/game new` in this process; the store's in-transaction count
        # (`channel_limit`) stops a second process's lobby too.
        async with self._channel_locks.setdefault(channel_id, asyncio.Lock()):
            return await self._create(
                game, host, guild_id, channel_id, chosen, seconds, code, seed, suggestions
            )

    async def _create(
        self,
        game: Game[Any, Any, Any],
        host: Player,
        guild_id: int | None,
        channel_id: int | None,
        chosen: Any,
        pace: int | None = None,
        challenge: str | None = None,
        seed: str = "",
        suggestions: bool | None = None,
    ) -> TableRecord:
        busy = TableError(
            "A table is already open in this channel: join it, or finish it first (`/game status`)."
        )
        if channel_id is not None:
            here = await self.store.find_tables(status=OPEN, channel_id=channel_id)
            if len([t for t in here if t.thread_id is None or t.status == "lobby"]) >= (
                self.max_tables_per_channel
            ):
                raise busy
        now = self.clock()
        record = TableRecord(
            game=game.key,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.user_id,
            options=chosen.model_dump(mode="json", exclude_defaults=True),
            seats=(SeatRecord(name=host.name, user_id=host.user_id),),
            created_at=now,
            updated_at=now,
            pace=pace,
            challenge=challenge,
            seed=seed,
            suggestions=suggestions,
        )
        try:
            created = await self.store.create_table(
                record, channel_limit=self.max_tables_per_channel
            )
        except ChannelBusyError:
            raise busy from None
        self._note_place(created)
        return created

    async def _lobby(self, table_id: int) -> TableRecord:
        table = await self.store.get_table(table_id)
        if table.status != "lobby":
            raise TableError(
                "This table has already started."
                if table.status == "active"
                else "This table is closed."
            )
        return table

    async def _save(self, table: TableRecord, **changes: Any) -> TableRecord:
        updated = table.model_copy(update={**changes, "updated_at": self.clock()})
        updated = flagged(self, updated, fresh="state" in changes)  # waits only for AI seats?
        try:
            saved = await self.store.update_table(updated, table.version)
        except StaleActionError:
            self._forget_copy(table.id)
            raise TableError("The table changed at the same moment; please try again.") from None
        self._note_place(saved)
        cached = self._states.get(table.id)
        same = cached is not None and cached[:2] == (table.ply, table.version)
        self._keep(saved, cached[2] if same and "state" not in changes and cached else None)
        return saved

    async def join(self, table_id: int, player: Player) -> TableRecord:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            game = self.games[table.game]
            if seat_of(table, player.user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= game.max_seats:
                raise TableError(f"The table is full: {game.title} seats at most {game.max_seats}.")
            seats = (*table.seats, SeatRecord(name=player.name, user_id=player.user_id))
            return await self._save(table, seats=seats)

    async def leave(self, table_id: int, user_id: int) -> TableRecord:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            seat = seat_of(table, user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            seats = tuple(s for i, s in enumerate(table.seats) if i != seat)
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                return await self._save(table, seats=seats, status="abandoned")
            host = table.host_id if table.host_id != user_id else humans[0].user_id
            return await self._save(table, seats=seats, host_id=host)

    async def add_agent(self, table_id: int, by_user: int, level: str | None = None) -> TableRecord:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            game = self.games[table.game]
            if seat_of(table, by_user) is None:
                raise TableError("Only players seated at this table can add an AI player.")
            level = (level or "").strip().casefold() or ai.level_for(game, self.default_agent)
            if level not in game.agents:
                known = ", ".join(f"`{k}`" for k in sorted(game.agents))
                raise TableError(f"There is no AI level “{level}”. Levels: {known}.")
            if len(table.seats) >= game.max_seats:
                raise TableError(f"The table is full: {game.title} seats at most {game.max_seats}.")
            seat = SeatRecord(name=ai_name(s.name for s in table.seats), agent=level)
            return await self._save(table, seats=(*table.seats, seat))

    async def kick(
        self, table_id: int, by_user: int, target: int, *, can_manage: bool = False
    ) -> TableRecord:
        """Remove a seat from the lobby: `target` is a user id, or a 1-based seat number."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if by_user != table.host_id and not can_manage:
                raise TableError(
                    "Only the host (or someone with Manage Server) can remove players."
                )
            seat = seat_of(table, target)
            if seat is None and 1 <= target <= len(table.seats):
                seat = target - 1
            if seat is None:
                raise TableError("That player is not seated at this table.")
            if table.seats[seat].user_id == table.host_id:
                raise TableError("The host cannot be removed; the host can leave instead.")
            seats = tuple(s for i, s in enumerate(table.seats) if i != seat)
            return await self._save(table, seats=seats)

    async def start(
        self,
        table_id: int,
        by_user: int,
        *,
        can_manage: bool = False,
        thread_id: int | None = None,
    ) -> Played:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            game = self.games[table.game]
            if by_user != table.host_id and not can_manage:
                raise TableError("Only the host can start the game.")
            count = len(table.seats)
            if count < game.min_seats:
                need = game.min_seats - count
                raise TableError(
                    f"{game.title} needs at least {game.min_seats} players: "
                    f"{need} more must join (or add an AI with `/game ai`)."
                )
            seed = table.seed or self.new_seed()
            engine = self.engines[game.key]
            opening = engine.start(count, table.options, seed)
            state = opening.state
            table = await self._save(
                table,
                status="active",
                seed=seed,
                state=state.model_dump(mode="json"),
                thread_id=thread_id,
                deadline=self._deadline(game, None, state, None),
                **await self._pace_start(table, state),
            )
            self._keep(table, state)
            played = Played(table=table)
            played.note(f"{game.title} begins with {', '.join(seat_names(table))}.")
            # set-up draws (public) and deals (private), a line each: no move made them
            self._collect(played, opening.events, step=False)
            await self._run_agents(played)
            return await self.report(played)

    # play ---------------------------------------------------------------------------------
    def _seat(self, table: TableRecord, user_id: int) -> Seat:
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
    ) -> Played:
        """Play `action` (typed text, or an action record) for the user's seat.

        `in_public`: the text was typed where everyone reads it; a move the game calls secret (a
        ballot, a hidden contribution) is then refused with `SecretMoveError` and not played.
        `source`: the id of the Discord interaction or message that made the move, stored with
        it: a second delivery of it is refused (`TableError`), never played twice."""
        self.refuse_repeat(source)
        async with self.lock(table_id):
            cached = self._records.get(table_id)
            table = cached or await self.store.get_table(table_id)
            try:
                seat, move, checked, state = self._prepare(table, user_id, action, ply, in_public)
            except (TableError, RuleError):
                if cached is None:
                    raise
                # The refusal may come from a copy another process has moved past.
                table = await self.store.get_table(table_id)
                if table.version == cached.version:
                    raise
                self._forget_copy(table_id)
                seat, move, checked, state = self._prepare(table, user_id, action, ply, in_public)
            played = Played(table=table, waited_before=self._waiting_set(table, state))
            await self._commit(played, seat, move, checked=checked, state=state, source=source)
            await self._run_agents(played)
            return await self.report(played)

    def refuse_repeat(self, source: int | None) -> None:
        """Refuse a second delivery of a move this process stored lately, before anything else
        is checked: by then the table has moved on (another seat's turn, the move no longer
        legal, the game over), and the player would be told their move cannot be made when it
        was made. The store's unique sources are what keep a move from being played twice; this
        only lets the answer say so."""
        if source is not None and source in self._sources:
            raise TableError(_REPEATED)

    def _prepare(
        self, table: TableRecord, user_id: int, action: Any, ply: int | None, in_public: bool
    ) -> tuple[Seat, Any, bool, Any]:
        """Every check of a player's move before it is applied: (seat, action, whether the action
        was taken from the legal list, so the engine need not look for it there again, and the
        table's state, which the move is applied to)."""
        seat = self._seat(table, user_id)
        if ply is not None and ply != table.ply:
            raise TableError("That move is out of date: the game has moved on. Look again.")
        game = self.games[table.game]
        engine = self.engines[table.game]
        state = self.state(table)
        if seat not in engine.to_act(state):
            names = ", ".join(table.seats[s].name for s in self.waiting_for(table, state))
            why = game.why_waiting(state, seat)
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
    ) -> Played:
        """A button press: the `index`-th legal action of the user's seat after `ply` moves.

        After other players' moves the click still counts if the same move (same label, `mark`) is
        offered at that place: the player's panel did not change, so they chose what they saw. A
        press drawn before the presser's own last move is out of date (their panel changed).
        `source`: the interaction's id, stored with the move (see `act`).
        """
        self.refuse_repeat(source)
        async with self.lock(table_id):
            cached = self._records.get(table_id)
            table = cached or await self.store.get_table(table_id)
            try:
                seat, move = self._pressed(table, user_id, ply, index, mark)
            except TableError:
                if cached is None:
                    raise
                table = await self.store.get_table(table_id)  # the copy may be behind
                if table.version == cached.version:
                    raise
                self._forget_copy(table_id)
                seat, move = self._pressed(table, user_id, ply, index, mark)
            if ply < table.ply and any(
                entry.seat == seat and entry.ply > ply
                for entry in await self.store.actions(table_id)
            ):
                raise TableError(_OUT_OF_DATE)
            state = self.state(table)
            waited = self._waiting_set(table, state)
            played = Played(table=table, waited_before=waited, mover=seat)
            await self._commit(played, seat, move, checked=True, state=state, source=source)
            await self._run_agents(played)
            return await self.report(played)

    def _pressed(
        self, table: TableRecord, user_id: int, ply: int, index: int, mark: str | None
    ) -> tuple[Seat, Any]:
        """The seat and legal action a button press stands for, or the `TableError` to answer."""
        seat = self._seat(table, user_id)
        state = self.state(table)
        legal = self.engine(table).legal(state, seat)
        game = self.games[table.game]
        fresh = ply == table.ply and 0 <= index < len(legal)
        same = (
            mark is not None
            and 0 <= index < len(legal)
            and label_mark(format_event(game.label(state, legal[index]), seat_names(table))) == mark
        )
        if not (fresh or same):
            raise TableError(_OUT_OF_DATE)
        return seat, legal[index]

    async def _commit(
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
            state = self.state(table)
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
            deadline=self._deadline(game, state, step.state, table.deadline),
            **self._pace_fields(played, table, step.state, seat, now),
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
                }
                for e in step.events
            ),
        )
        result = (
            None
            if outcome is None
            else ResultRecord(
                table_id=table.id,
                game=table.game,
                outcome=outcome.model_dump(mode="json"),
                finished_at=now,
            )
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
            self._forget_copy(table.id)
            if not retry or seat == SYSTEM_SEAT:
                raise TableError(_RACED) from None
            fresh = await self.store.get_table(table.id)
            fresh_state = self.state(fresh) if fresh.status == "active" else None
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
            await self._commit(played, seat, action, retry=False, source=source)
            return
        if source is not None:  # stored: a second delivery is answered as one (`refuse_repeat`)
            self._sources[source] = table.id
            while len(self._sources) > SOURCES_KEPT:
                self._sources.popitem(last=False)
        self._keep(table, step.state)  # or forgotten, if this move ended the game
        played.table = table
        played.moves += 1
        self._collect(played, step.events)
        if outcome is None:
            self._note_since(table, seat, step.events)
        if outcome is not None:
            played.outcome = outcome
            played.summary = self.summary(table, outcome)
            played.lines.append(played.summary)
            await ratings.rate_finished(self.store, table, outcome, now=now)  # once per table
            if table.challenge:
                await challenges.record(self, table, outcome)

    def _deadline(
        self, game: Game[Any, Any, Any], before: Any, after: Any, current: float | None
    ) -> float | None:
        """When the game's clock runs out: kept while it waits at the same point, else restarted."""
        timer = game.timer(after)
        if timer is None:
            return None
        previous = game.timer(before) if before is not None else None
        if current is not None and previous is not None and previous.key == timer.key:
            return current
        return self.clock() + timer.seconds

    async def tick(
        self, now: float | None = None, *, owns: Callable[[int | None], bool] | None = None
    ) -> list[Played]:
        """Play the timer's move at every table whose clock has run out by `now`, then resume AI
        turns left waiting by a crash (`resume_agents`); `owns(guild_id)` keeps a sharded process
        to the tables of its own guilds (one process per clock).

        A table that fails is logged and skipped: one broken table never stops the others' clocks.
        """
        now = self.clock() if now is None else now
        results = []
        for due in await self.store.find_tables(status="active", due_before=now):
            if owns is not None and not owns(due.guild_id):
                continue
            try:
                played = await self._tick_table(due.id, now)
            except Exception:
                log.exception("the clock of table %s could not be played", due.id)
                continue
            if played is not None:
                results.append(played)
                await asyncio.sleep(0)  # the loop's turn between tables the clock moved
        results.extend(await self.pace_tick(now, owns=owns))  # paced tables' seat clocks
        if self._resumed_at is None or now - self._resumed_at >= self.resume_every:
            self._resumed_at = now
            results.extend(await self.resume_agents(owns=owns))
        return results

    async def _tick_table(self, table_id: int, now: float) -> Played | None:
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status != "active" or table.deadline is None or table.deadline > now:
                return None
            game = self.games[table.game]
            state = self.state(table)
            timer = game.timer(state)
            played = Played(table=table, waited_before=self._waiting_set(table, state))
            if timer is None:  # nothing waits on a clock any more
                played.table = await self._save(table, deadline=None)
                return None
            await self._play_timer(played, timer)
            await self._run_agents(played)
            return await self.report(played)

    async def resume_agents(
        self, *, owns: Callable[[int | None], bool] | None = None
    ) -> list[Played]:
        """Let the AI seats move at every active table that waits only for them.

        AI seats move right after a human move commits; a crash in between leaves a table that
        nobody will ever move again. This runs at start-up (the first `tick`) and from `tick`, so
        such a table goes on. A table that fails is logged and skipped.

        Such tables carry the `ai_turn` flag, written with the move that left them so: they are
        read from the store's index of flagged rows, `RESUME_PAGE` at a time, and no other table
        is read or decoded. The event loop gets a turn after each page and each flagged table."""
        results = []
        after = 0
        while True:
            page = await self.store.agent_turns(after=after, limit=RESUME_PAGE)
            for table_id, guild_id in page:
                after = table_id
                if owns is not None and not owns(guild_id):
                    continue
                if self.lock(table_id).locked():
                    continue  # a move is running here now; it runs the AI seats itself
                try:
                    played = await resume_table(self, table_id)
                except Exception:
                    log.exception("the AI seats of table %s could not be resumed", table_id)
                    played = None
                if played is not None:
                    results.append(played)
                await asyncio.sleep(0)  # each flagged table decodes a state: the loop's turn
            if len(page) < RESUME_PAGE:
                return results
            await asyncio.sleep(0)  # the loop's turn between pages

    async def _play_timer(self, played: Played, timer: Timer) -> None:
        """Make each of the clock's moves that is still open when its turn in the list comes."""
        key = timer.key
        for seat, action in timer.moves:
            table = played.table
            if table.status != "active":
                return
            state = self.state(table)
            now = self.games[table.game].timer(state)
            if now is None or (now.key != key and seat == SYSTEM_SEAT):
                continue
            if seat != SYSTEM_SEAT:
                if action not in self.engines[table.game].legal(state, seat):
                    continue  # decided in the meantime
                played.note(f"⏰ Time ran out for {table.seats[seat].name}.")
            await self._commit(played, seat, action)

    def _collect(self, played: Played, events: Sequence[Event], *, step: bool = True) -> None:
        """A step's events: public lines, private lines per seat; a move's public lines are one
        step (`Played.steps`): the feed shows them as one line."""
        names = seat_names(played.table)
        public = []
        for event in events:
            text = format_event(event.text, names)
            if event.visible_to is None:
                public.append(text)
            else:
                for seat in event.visible_to:
                    played.private.setdefault(seat, []).append(text)
        if step and len(public) > 1:
            played.steps.append((len(played.lines), len(played.lines) + len(public)))
        played.lines.extend(public)

    async def _run_agents(self, played: Played) -> None:
        """AI seats act while the game awaits one of them, each move committed like a human's.

        A table without AI seats (most human moves) returns before looking up its state and
        whom the game waits for: no AI seat can be awaited."""
        table = played.table
        game = self.games[table.game]
        engine = self.engines[table.game]
        told: set[int] = set()  # "thinking…" is shown once a stretch of AI turns (`bot.ai`)
        for _ in range(self.max_ai_plies):
            table = played.table
            if table.status != "active" or not any(s.agent for s in table.seats):
                return
            state = self.state(table)
            agents = [s for s in self.waiting_for(table, state) if table.seats[s].agent]
            if not agents:
                return
            seat = agents[0]
            legal = engine.legal(state, seat)
            level = ai.level_for(game, table.seats[seat].agent or "random")
            choice = await self.ai.choose(game, engine, table, seat, state, legal, level, told=told)
            try:
                await self._commit(played, seat, choice, checked=choice in legal, state=state)
            except TableError:
                if not played.moves:
                    raise
                # Another process moved this table after our move was stored: what we report
                # must match the store, so the stored moves stand and that process (or the next
                # `resume_agents`) goes on with the AI seats.
                log.info("table %s moved elsewhere while its AI seats played", table.id)
                return
        if not played.moves:
            raise TableError("The AI players could not finish their turns; the table is paused.")
        log.warning("table %s: AI seats still to move after %d plies", table.id, self.max_ai_plies)
        played.note("The AI players could not finish their turns; the table is paused.")

    async def resign(self, table_id: int, user_id: int) -> Played:
        """Leave a running game; an AI takes the seat so the others can finish."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            seat = self._seat(table, user_id)
            seats = list(table.seats)
            old = seats[seat]
            seats[seat] = SeatRecord(
                name=f"{old.name}{AI_SUFFIX}",
                agent=ai.table_level(self.games[table.game], table, self.default_agent),
                user_id=None,
                resigned=True,
                resigned_by=user_id,
            )
            humans = [s for s in seats if s.user_id is not None]
            status = "active" if humans else "abandoned"
            table = await self._save(table, seats=tuple(seats), status=status)
            played = Played(table=table, waited_before=self._waiting_set(table))
            played.note(f"{old.name} resigned; an AI plays their seat.")
            if status == "active":
                await self._run_agents(played)
            else:
                played.note("No human players are left, so the table is closed.")
            return await self.report(played)

    async def abandon(
        self, table_id: int, by_user: int, *, can_manage: bool = False
    ) -> TableRecord:
        return (await self.end(table_id, by_user, can_manage=can_manage)).table

    async def end(self, table_id: int, by_user: int, *, can_manage: bool = False) -> Played:
        """Abandon the table for everyone (host or Manage Server): the result record to show."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status not in OPEN:
                raise TableError("This table is already closed.")
            if by_user != table.host_id and not can_manage:
                raise TableError(
                    "Only the host (or someone with Manage Server) can end this table."
                )
            table = await self._save(table, status="abandoned")
            played = Played(table=table)
            played.note("The table was ended by its host.")
            return await self.report(played)

    # what a result shows (`Played`): filled once, so no presenter calls back ----------------------
    def _board(
        self, table: TableRecord, state: Any, waiting: Sequence[Seat], names: tuple[str, ...]
    ) -> Board:
        """The board in words (`TableViews._board`), with what a presenter needs beside it: the
        game's key and whether it draws a picture, and a paced table's deadlines."""
        game = self.games[table.game]
        board = super()._board(table, state, waiting, names)
        return dataclasses.replace(
            board,
            turn=ai.thinking_turn(self, table) or board.turn,
            game=table.game,
            picture=game.picture,
            pace=self.pace_text(table),
        )

    def _note_since(self, table: TableRecord, seat: Seat, events: Sequence[Event]) -> None:
        """Keep, per seat, the public lines of the moves made since its last one (in memory, for
        the panel of a seat the game comes back to: no read of the log). Kept only while this
        process made every move in between (the ply says so); otherwise it starts again."""
        held = self._since.get(table.id)
        if held is None or held.ply != table.ply - 1:
            held = self._since[table.id] = _Since(table.ply - 1)
        self._since.move_to_end(table.id)
        while len(self._since) > self.table_cache_size:
            self._since.popitem(last=False)
        names = seat_names(table)
        public = [format_event(e.text, names) for e in events if e.visible_to is None]
        for other in range(len(table.seats)):
            if other != seat:
                held.add(other, public)
        if seat >= 0:
            held.lines[seat], held.more[seat] = [], 0
            held.seen.add(seat)
        held.ply = table.ply

    async def _since_last_move(self, table: TableRecord, seat: Seat) -> list[str]:
        """`since_last_move`, from memory when this process saw the seat's last move and every
        move since, else from the log."""
        held = self._since.get(table.id)
        if held is not None and held.ply == table.ply and seat in held.seen:
            lines = list(held.lines.get(seat, ()))
            more = held.more.get(seat, 0)
            return [*lines, f"… and {more} more — `/game log`"] if more else lines
        return await self.since_last_move(table, seat)

    async def report(self, played: Played) -> Played:
        """`TableViews.report`, and what else a presenter reads instead of asking: the lines
        since each pinged seat's last move (for its panel), and at the end of a game the ending
        in words with every human seat's panel (each ends with the seat's own result)."""
        played = await super().report(played)
        table = played.table
        if played.ping:  # a pinged seat whose panel is sent gets what happened since its move
            for update in played.panels:
                if update.user_id in played.ping:
                    since = await self._since_last_move(table, update.seat)
                    if since:
                        played.since[update.seat] = since
        if table.status == "finished" and played.outcome is not None and table.state is not None:
            played.ending = self.ending(table, played.outcome)
            played.panels = await self.private_updates(table, force=True, notes=played.private)
        mover = played.mover
        if (
            mover is not None
            and table.state is not None
            and all(update.seat != mover for update in played.panels)
        ):
            stored = {p.seat: p for p in await self.store.panels(table.id)}.get(mover)
            if stored is not None and stored.user_id != table.seats[mover].user_id:
                stored = None  # another member's panel (the seat was taken over)
            played.mover_panel = self.panel_update(table, mover, panel=stored)
        return played

    def ending(self, table: TableRecord, outcome: Outcome) -> Ending:
        """How the game ended, in words (`Ending`): who won, why (the game's own summary), each
        seat's secret objective revealed, each human seat's own result, and the seed."""
        names = seat_names(table)
        count = len(names)
        winners = sorted(outcome.winners)
        if winners and len(winners) == count and count > 1:
            headline = "Everyone won."
        elif winners:
            headline = f"{_and(names[s] for s in winners)} won."
        else:
            headline = "Nobody won."
        why = _why(self.games[table.game].summary(outcome, names), bool(outcome.results))
        missed = outcome.results and not any(r.met for r in outcome.results)
        if not winners and missed:
            why += " No personal objective was met."
        objectives = []
        own: dict[Seat, list[str]] = {}
        for result in outcome.results:
            goal = result.detail or result.ref or "their goal"
            kind = result.kind.replace("_", " ")
            done = "met ✅" if result.met else "not met ❌"
            objectives.append(f"{names[result.seat]} — {kind} objective “{goal}”: {done}.")
            own.setdefault(result.seat, []).append(f"Your {kind} objective “{goal}”: {done}.")
        results: dict[Seat, str] = {}
        hidden = challenges.hidden_until(table, self.clock())  # a challenge still open
        for seat, record in enumerate(table.seats):
            if record.user_id is None:
                continue
            if seat in outcome.winners:
                mine = (
                    "You won."
                    if len(winners) == 1
                    else "You won, with " + _and(names[s] for s in winners if s != seat) + "."
                )
            else:
                mine = "You did not win." if winners else "Nobody won, you neither."
            results[seat] = " ".join([mine, *own.get(seat, [])])
        return Ending(
            headline=headline,
            why=why,
            seed="" if hidden is not None else table.seed,
            seed_hidden_until=hidden,
            objectives=tuple(objectives),
            results=results,
            winners=tuple(names[s] for s in winners),
        )

    async def rematch(self, table_id: int, user_id: int) -> TableRecord:
        """A new lobby for a finished table's players: the same seats in the same order (each
        member back in their seat, each AI at its level), options and pace, in the same channel,
        hosted by `user_id`, who must have played there. It starts like any lobby."""
        old = await self.store.get_table(table_id)
        if old.status not in ("finished", "abandoned"):
            raise TableError("This game is still running: a rematch opens once it is over.")
        players = [seat.result_owner for seat in old.seats]
        if user_id not in players:
            raise TableError("Only the players of this game can ask for a rematch.")
        game = self.games[old.game]
        seats = []
        for seat, owner in zip(old.seats, players, strict=True):
            if owner is not None:
                name = seat.name.removesuffix(AI_SUFFIX)
                seats.append(SeatRecord(name=name, user_id=owner))
            else:
                seats.append(SeatRecord(name=seat.name, agent=seat.agent or self.default_agent))
        host = next(s for s in seats if s.user_id == user_id)
        table = await self._create(
            game,
            Player(user_id, host.name),
            old.guild_id,
            old.channel_id,
            self.engines[game.key].options(old.options),
            old.pace,
            suggestions=old.suggestions,
        )
        return await self._save(table, seats=tuple(seats))

    async def remember(self, table_id: int, **ids: int | None) -> TableRecord:
        """Store where the lobby or board message lives (does not touch the game)."""
        async with self.lock(table_id):
            table = await self.store.get_table(table_id)
            return await self._save(table, **ids)

    async def leave_thread(self, table_id: int, thread_id: int) -> TableRecord | None:
        """The running table's thread is gone or locked: from now on the table is played in its
        channel. Its thread and its board message (which was in the thread) are cleared and
        stored, so every process and a restart agree. None when the table is not running in
        that thread any more (another call or process moved it first, or the game ended)."""
        async with self.lock(table_id):
            for _ in range(3):  # another process may write the row meanwhile: read it again
                table = await self.store.get_table(table_id)
                if table.thread_id != thread_id or table.status != "active":
                    return None
                with contextlib.suppress(TableError):
                    saved = await self._save(table, thread_id=None, board_message_id=None)
                    self._channels.drop(thread_id, table_id, time.monotonic())
                    return saved
        return None

    # take-backs and stats (`bot.history`) -------------------------------------------------------
    async def undo(self, table_id: int, user_id: int) -> Played:
        """`/game undo`: take back the user's own last move when the fair rule allows it."""
        return await history.undo(self, table_id, user_id)

    async def stats(self, user_id: int, guild_id: int | None) -> list[GameTally]:
        """`/game stats`: the user's games per game at one server."""
        return await history.stats(self, user_id, guild_id)

    async def leaderboard(self, guild_id: int | None, game: str | None = None) -> list[LeaderRow]:
        """`/game leaderboard`: the server's top players, of one game or all."""
        return await history.leaderboard(self, guild_id, game)


def _and(names: Iterable[str]) -> str:
    """Names joined as players say them: "Ana", "Ana and Bo", "Ana, Bo and Cy"."""
    found = [str(name) for name in names]
    if len(found) <= 1:
        return "".join(found)
    return ", ".join(found[:-1]) + " and " + found[-1]


class _Since:
    """A table's public lines since each seat's last move, up to `DIGEST_LINES` each (then a
    count), valid at `ply`; `seen` are the seats whose last move this process made."""

    def __init__(self, ply: int) -> None:
        self.ply = ply
        self.lines: dict[Seat, list[str]] = {}
        self.more: dict[Seat, int] = {}
        self.seen: set[Seat] = set()

    def add(self, seat: Seat, lines: Sequence[str]) -> None:
        held = self.lines.setdefault(seat, [])
        room = max(0, DIGEST_LINES - len(held))
        held.extend(lines[:room])
        if len(lines) > room:
            self.more[seat] = self.more.get(seat, 0) + len(lines) - room


def _why(summary: str, objectives: bool) -> str:
    """The game's end-of-game words as the reason under the headline: without "Game over", the
    winners (the headline says them) and, when objectives are listed apart, their lines."""
    lines = [" ".join(line.replace("**", "").split()) for line in summary.splitlines()]
    kept = []
    for index, line in enumerate(line for line in lines if line):
        if index and objectives and "objective" in line:
            continue
        if line.startswith(("Winners:", "Nobody won")):
            continue
        kept.append(line)
    why = " ".join(kept)
    for head in ("Game over — ", "Game over. ", "Game over: "):
        if why.startswith(head):
            why = why[len(head)].upper() + why[len(head) + 1 :]
            break
    return why

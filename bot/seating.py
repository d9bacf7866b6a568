"""The seats of a table: its lobby (open, join, leave, AI seats, kick), its start, a player
resigning, the host ending it, a rematch, and where its messages are (`remember`,
`leave_thread`). Each change is one versioned write of the table row (`TableCache.save`) under
the table's lock; a start or a resignation lets the AI seats move and reports like a move: with
the caller's `show`, what happened is shown before a searching AI seat thinks
(`bot.agent_turns`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from bot import ai, challenges
from bot.agent_turns import Mover, Show
from bot.clock import Deadlines
from bot.names import ai_name
from bot.pace_rules import parse_pace
from bot.records import OPEN, Played, Player, TableError, seat_names, seat_of
from bot.table_cache import CachePart, TableCache, find_game
from rules.core import Game, Seat
from storage.base import AI_SUFFIX, ChannelBusyError, SeatRecord, TableRecord


class Runner(Mover, Protocol):
    """What a start or a resignation needs of the move runner: whose seat a member has, and
    the AI seats' turns after it (`Mover.play_agents`, `Mover.finish_agents`)."""

    def seat_for(self, table: TableRecord, user_id: int) -> Seat: ...


class Seating(CachePart):
    def __init__(
        self,
        cache: TableCache,
        deadlines: Deadlines,
        runner: Runner,
        collect: Callable[..., None],
        report: Callable[[Played], Awaitable[Played]],
        *,
        clock: Callable[[], float],
        new_seed: Callable[[], str],
        default_agent: str,
        max_tables_per_channel: int = 1,
    ) -> None:
        super().__init__(cache)
        self.deadlines, self.runner, self.collect, self.report = deadlines, runner, collect, report
        self.clock, self.new_seed, self.default_agent = clock, new_seed, default_agent
        self.max_tables_per_channel = max_tables_per_channel
        self._channel_locks: dict[int, asyncio.Lock] = {}

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
        game = find_game(self.games, game_key)
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
        self.cache.note_place(created)
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

    async def join(self, table_id: int, player: Player) -> TableRecord:
        async with self.cache.lock(table_id):
            table = await self._lobby(table_id)
            game = self.games[table.game]
            if seat_of(table, player.user_id) is not None:
                raise TableError("You are already seated at this table.")
            if len(table.seats) >= game.max_seats:
                raise TableError(f"The table is full: {game.title} seats at most {game.max_seats}.")
            seats = (*table.seats, SeatRecord(name=player.name, user_id=player.user_id))
            return await self.cache.save(table, seats=seats)

    async def leave(self, table_id: int, user_id: int) -> TableRecord:
        async with self.cache.lock(table_id):
            table = await self._lobby(table_id)
            seat = seat_of(table, user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            seats = tuple(s for i, s in enumerate(table.seats) if i != seat)
            humans = [s for s in seats if s.user_id is not None]
            if not humans:
                return await self.cache.save(table, seats=seats, status="abandoned")
            host = table.host_id if table.host_id != user_id else humans[0].user_id
            return await self.cache.save(table, seats=seats, host_id=host)

    async def add_agent(self, table_id: int, by_user: int, level: str | None = None) -> TableRecord:
        async with self.cache.lock(table_id):
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
            return await self.cache.save(table, seats=(*table.seats, seat))

    async def kick(
        self, table_id: int, by_user: int, target: int, *, can_manage: bool = False
    ) -> TableRecord:
        """Remove a seat from the lobby: `target` is a user id, or a 1-based seat number."""
        async with self.cache.lock(table_id):
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
            return await self.cache.save(table, seats=seats)

    async def start(
        self,
        table_id: int,
        by_user: int,
        *,
        can_manage: bool = False,
        thread_id: int | None = None,
        show: Show | None = None,
    ) -> Played:
        """Start the lobby's game. `show`: how the caller shows a report at once; given, the
        opening is shown before a searching AI seat that moves first thinks, and the record
        returned is the AI seats' moves (`MoveRunner.finish_agents`)."""
        async with self.cache.lock(table_id):
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
            table = await self.cache.save(
                table,
                status="active",
                seed=seed,
                state=state.model_dump(mode="json"),
                thread_id=thread_id,
                deadline=self.deadlines.deadline(game, None, state, None),
                **await self.deadlines.pace_start(table, state),
            )
            self.cache.keep(table, state)
            played = Played(table=table)
            played.note(f"{game.title} begins with {', '.join(seat_names(table))}.")
            # set-up draws (public) and deals (private), a line each: no move made them
            self.collect(played, opening.events, step=False)
            thinker = await self.runner.play_agents(played, show)
        return await self.runner.finish_agents(played, show, thinker)

    async def resign(self, table_id: int, user_id: int, *, show: Show | None = None) -> Played:
        """Leave a running game; an AI takes the seat so the others can finish. `show`: see
        `start` (the resignation is shown before the AI now in the seat thinks)."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            seat = self.runner.seat_for(table, user_id)
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
            table = await self.cache.save(table, seats=tuple(seats), status=status)
            played = Played(table=table, waited_before=self.cache.waiting_set(table))
            played.note(f"{old.name} resigned; an AI plays their seat.")
            if status != "active":
                played.note("No human players are left, so the table is closed.")
                return await self.report(played)
            thinker = await self.runner.play_agents(played, show)
        return await self.runner.finish_agents(played, show, thinker)

    async def abandon(
        self, table_id: int, by_user: int, *, can_manage: bool = False
    ) -> TableRecord:
        return (await self.end(table_id, by_user, can_manage=can_manage)).table

    async def end(self, table_id: int, by_user: int, *, can_manage: bool = False) -> Played:
        """Abandon the table for everyone (host or Manage Server): the result record to show."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            if table.status not in OPEN:
                raise TableError("This table is already closed.")
            if by_user != table.host_id and not can_manage:
                raise TableError(
                    "Only the host (or someone with Manage Server) can end this table."
                )
            table = await self.cache.save(table, status="abandoned")
            played = Played(table=table)
            played.note("The table was ended by its host.")
            return await self.report(played)

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
        return await self.cache.save(table, seats=tuple(seats))

    async def remember(self, table_id: int, **ids: int | None) -> TableRecord:
        """Store where the lobby or board message lives (does not touch the game)."""
        async with self.cache.lock(table_id):
            table = await self.store.get_table(table_id)
            return await self.cache.save(table, **ids)

    async def leave_thread(self, table_id: int, thread_id: int) -> TableRecord | None:
        """The running table's thread is gone or locked: from now on the table is played in its
        channel. Its thread and its board message (which was in the thread) are cleared and
        stored, so every process and a restart agree. None when the table is not running in
        that thread any more (another call or process moved it first, or the game ended)."""
        async with self.cache.lock(table_id):
            for _ in range(3):  # another process may write the row meanwhile: read it again
                table = await self.store.get_table(table_id)
                if table.thread_id != thread_id or table.status != "active":
                    return None
                with contextlib.suppress(TableError):
                    saved = await self.cache.save(table, thread_id=None, board_message_id=None)
                    self.cache.drop_place(thread_id, table_id)
                    return saved
        return None

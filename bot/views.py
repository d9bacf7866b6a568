"""What a table looks like from outside: lookups, board and private texts, panels, the log and
the chat rule. Read-only: nothing here changes a table (that is `bot.tables.TableService`)."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import ai, challenges
from bot.names import level_words, options_text
from bot.pace import describe_pace
from bot.records import (
    OPEN,
    Board,
    PanelUpdate,
    Played,
    TableError,
    digest,
    seat_names,
    seat_of,
)
from bot.scan import ChannelIndex
from rules.chat import ChatVerdict, check_message, reaction_allowed
from rules.choices import Node, build, named_path
from rules.core import ChatPolicy, Game, Outcome, Seat, format_event, seat_range
from rules.engine import Engine
from storage.base import PanelRecord, Store, TableRecord

DIGEST_LINES = 10  # the most event lines a panel's "since your last move" digest shows


def _turn(waiting: Sequence[Seat], names: Sequence[str]) -> str:
    """The board's turn line: whom the game waits for (`waiting`), by name."""
    if not waiting:
        return ""
    return "Waiting for " + ", ".join(names[s] for s in waiting) + "."


@dataclass(frozen=True)
class PublicView:
    """A running table's public observation and its text, computed once per stored version and
    shared by the board and every seat's private-only text."""

    version: int
    ply: int
    observation: Any
    raw: str  # the game's description, seat references not yet filled in: a seat's
    # private-only text leaves out its lines
    text: str  # `raw` with the seats' names filled in


@dataclass(frozen=True)
class PrivateText:
    """A seat's private-only text, the game's key it was computed for (`Game.private_key`) and
    its digest."""

    key: Hashable
    text: str
    digest: str


class TableViews:
    """The read side of `TableService`, which sets these attributes."""

    store: Store
    games: dict[str, Game[Any, Any, Any]]
    engines: dict[str, Engine[Any, Any, Any]]
    clock: Callable[[], float]
    _states: OrderedDict[int, tuple[int, int, Any]]
    _publics: OrderedDict[int, PublicView]
    _privates: OrderedDict[int, dict[Seat, PrivateText]]
    table_cache_size: int
    channel_index_seconds: float
    _channels: ChannelIndex

    def _keep(self, table: TableRecord, state: Any = None) -> None: ...

    def game(self, key: str) -> Game[Any, Any, Any]:
        found = self.games.get(key.strip().casefold().replace(" ", "_").replace("-", "_"))
        if found is None:
            for game in self.games.values():
                if game.title.casefold() == key.strip().casefold():
                    return game
            known = ", ".join(f"`{k}`" for k in sorted(self.games))
            raise TableError(f"There is no game called “{key}”. Games: {known}.")
        return found

    def engine(self, table: TableRecord) -> Engine[Any, Any, Any]:
        return self.engines[table.game]

    async def table(self, table_id: int) -> TableRecord:
        return await self.store.get_table(table_id)

    async def table_in(self, channel_id: int, *, indexed: bool = False) -> TableRecord | None:
        """The open table played in this thread or channel (a thread's table wins).

        `indexed` (the chat filter, which sees every message): trust the in-memory index of
        channels with open tables, so a channel without one costs no database call. The index is
        kept in step with every table this process writes; tables another process opens appear
        once it is reloaded, on a miss at most every `channel_index_seconds` (a command asks the
        store every time: answering "no table here" wrongly is worse than a late chat rule)."""
        if indexed and not await self._may_hold_table(channel_id):
            return None
        for found in (
            await self.store.find_tables(status=OPEN, thread_id=channel_id),
            await self.store.find_tables(status=OPEN, channel_id=channel_id),
        ):
            playing = [t for t in found if t.thread_id in (None, channel_id)]
            if playing:
                return playing[-1]
        return None

    async def _may_hold_table(self, channel_id: int) -> bool:
        """Whether the channel index says this channel or thread may hold an open table: what
        this process wrote or found there within `channel_index_seconds`, else one indexed
        lookup of that place (`bot.scan.ChannelIndex`)."""
        return await self._channels.may_hold(
            self.store, channel_id, self.channel_index_seconds, time.monotonic()
        )

    async def tables_of(self, user_id: int) -> list[TableRecord]:
        return await self.store.find_tables(status=OPEN, user_id=user_id)

    def state(self, table: TableRecord) -> Any:
        if table.state is None:
            raise TableError("This table has not started yet.")
        cached = self._states.get(table.id)
        if cached is not None and cached[0] == table.ply and cached[1] == table.version:
            self._states.move_to_end(table.id)
            return cached[2]
        state = self.games[table.game].state_model.model_validate(table.state)
        if table.status == "active":  # an ended game's state is read once, for its last report
            self._keep(table, state)
        return state

    def _waiting_set(self, table: TableRecord, state: Any = None) -> frozenset[Seat]:
        return frozenset(self.waiting_for(table, state))

    def newly_waiting(self, played: Played) -> list[Seat]:
        """Human seats the game now waits for that it was not waiting for before: the players to
        notify (an edited panel or board notifies nobody)."""
        now = self.waiting_for(played.table)
        seats = played.table.seats
        return [s for s in now if s not in played.waited_before and seats[s].user_id is not None]

    def board(self, table: TableRecord) -> Board:
        """The public board of a started table, in words (see `Board`)."""
        if table.state is None:
            game = self.games[table.game]
            turn = self.turn_line(table) if table.status == "active" else f"Table {table.status}."
            return Board(f"{game.title} — table #{table.id}", self.lobby_text(table), turn, None)
        return self._board(table, self.state(table), self.waiting_for(table), seat_names(table))

    def _board(
        self, table: TableRecord, state: Any, waiting: Sequence[Seat], names: tuple[str, ...]
    ) -> Board:
        """`board` of a started table from its state, whom it waits for and its seats' names,
        which `report` works out once for the board, the pings and every panel."""
        game = self.games[table.game]
        turn = _turn(waiting, names) if table.status == "active" else f"Table {table.status}."
        view = self._public_view(table, state, names)
        return Board(
            title=f"{game.title} — table #{table.id}",
            text=view.text,
            turn=turn,
            observation=view.observation,
        )

    async def report(self, played: Played) -> Played:
        """Fill in what a call's result shows: whom to ping, the board, the panels that changed.

        Done once, here, so that every presenter (Discord, the terminal) reads the same record
        instead of asking the service again. The state, whom the game waits for and the seats'
        names are looked up once and handed to each part (each public method would look them
        up again: a dozen cache lookups a move)."""
        table = played.table
        state = None if table.state is None else self.state(table)
        if table.status == "active":
            waiting = self.waiting_for(table, state)
            seats = table.seats
            before = played.waited_before
            played.ping = tuple(u for s in waiting if s not in before and (u := seats[s].user_id))
        else:
            waiting = []
        if state is not None:
            names = seat_names(table)
            played.board = self._board(table, state, waiting, names)
            played.panels = await self._private_updates(
                table, state, names, force=False, notes=played.private
            )
        return played

    def waiting_for(self, table: TableRecord, state: Any = None) -> list[Seat]:
        if table.status != "active":
            return []
        engine = self.engines[table.game]
        state = self.state(table) if state is None else state
        return sorted(engine.awaiting(state) or engine.to_act(state))

    def summary(self, table: TableRecord, outcome: Outcome) -> str:
        """The game's own end-of-game words, then the seed that replays every shuffle."""
        text = self.games[table.game].summary(outcome, seat_names(table))
        return f"{text} {challenges.seed_words(table, self.clock())}"

    # views --------------------------------------------------------------------------------
    def observation(self, table: TableRecord, seat: Seat | None) -> Any:
        if seat is None and table.state is not None:
            return self.public_view(table).observation
        return self.games[table.game].observe(self.state(table), seat)

    def board_text(self, table: TableRecord) -> str:
        if table.state is None:
            return self.lobby_text(table)
        return self.public_view(table).text

    def public_view(self, table: TableRecord) -> PublicView:
        """The public observation of a started table and its text, built once per stored version
        of a running table (the board, its picture and every seat's private-only text read it)."""
        return self._public_view(table, None, None)

    def _public_view(
        self, table: TableRecord, state: Any, names: Sequence[str] | None
    ) -> PublicView:
        """`public_view`, with the table's state and seat names when the caller has them (None:
        looked up here, only if the view must be built)."""
        held = self._publics.get(table.id)
        if held is not None and held.version == table.version and held.ply == table.ply:
            self._publics.move_to_end(table.id)
            return held
        game = self.games[table.game]
        observation = game.observe(self.state(table) if state is None else state, None)
        raw = game.describe(observation)
        view = PublicView(
            version=table.version,
            ply=table.ply,
            observation=observation,
            raw=raw,
            text=format_event(raw, seat_names(table) if names is None else names),
        )
        if table.status == "active":  # an ended game's view is read once, for its last report
            self._publics[table.id] = view
            self._publics.move_to_end(table.id)
            while len(self._publics) > self.table_cache_size:
                self._publics.popitem(last=False)
        return view

    def lobby_text(self, table: TableRecord) -> str:
        game = self.games[table.game]
        lines = [f"**{game.title}** lobby (table #{table.id}) — {game.pitch}"]
        for index, seat in enumerate(table.seats, start=1):
            who = seat.name + (" (host)" if seat.user_id == table.host_id else "")
            if seat.agent and seat.user_id is None:
                who += f" (AI: {level_words(seat.agent)})"
            lines.append(f"{index}. {who}")
        lines.append(f"Players: {len(table.seats)} of {seat_range(game)}.")
        said = options_text(table.game, table.options) if table.options else ""
        if said:
            lines.append(f"Options: {said}")
        if table.pace is not None:  # a paced table (`bot.pace`)
            lines.append(f"Pace: {describe_pace(table.pace)}.")
        challenge = challenges.lobby_line(table)  # a seeded challenge (`bot.challenges`)
        if challenge:
            lines.append(challenge)
        suggestions = ai.setting_words(game, table)  # private suggestions (`bot.ai`)
        if suggestions:
            lines.append(suggestions)
        return "\n".join(lines)

    def turn_line(self, table: TableRecord) -> str:
        return _turn(self.waiting_for(table), seat_names(table))

    def private_text(self, table: TableRecord, seat: Seat) -> str:
        game = self.games[table.game]
        text = game.describe(game.observe(self.state(table), seat))
        return format_event(text, seat_names(table))

    def private_only_text(self, table: TableRecord, seat: Seat) -> str:
        """What only this seat may see: the lines of its view that the public board does not
        show (its hand, objective, held cards, pending decisions), under a line naming the seat.

        A panel that repeated the board changed with every move anyone made, and each change
        cost a Discord request per player; the board message already shows everyone the rest.

        Kept per running table and seat while the game's `private_key` for the seat stays the
        same (and the seats' names do), so a move that changes nothing private costs no view;
        a game without a key computes it every time."""
        return self._private(table, seat).text

    def _private(
        self,
        table: TableRecord,
        seat: Seat,
        state: Any = None,
        names: tuple[str, ...] | None = None,
    ) -> PrivateText:
        """`private_only_text` with its key and digest; `state` and `names` when the caller has
        them (a report passes them to every seat), else looked up here."""
        game = self.games[table.game]
        if state is None:
            state = self.state(table)
        if names is None:
            names = seat_names(table)
        found = game.private_key(state, seat)
        key = None if found is None else (found, names)
        held = self._privates.get(table.id)
        if key is not None and held is not None:
            known = held.get(seat)
            if known is not None and known.key == key:
                self._privates.move_to_end(table.id)
                return known
        own = game.private_lines(state, seat)
        if own is None:
            public = set(self._public_view(table, state, names).raw.splitlines())
            own = [
                line
                for line in game.describe(game.observe(state, seat)).splitlines()
                if line.strip() and line not in public
            ]
        head = f"You play as {table.seats[seat].name}."
        if not own:
            head += " Nothing here is secret: the board shows everything."
        text = format_event("\n".join([head, *own]), names)
        made = PrivateText(key=key, text=text, digest=digest(text))
        if key is not None and table.status == "active":
            if held is None:
                held = self._privates[table.id] = {}
            held[seat] = made
            self._privates.move_to_end(table.id)
            while len(self._privates) > self.table_cache_size:
                self._privates.popitem(last=False)
        return made

    async def since_last_move(
        self, table: TableRecord, seat: Seat, *, limit: int = DIGEST_LINES
    ) -> list[str]:
        """The public event lines of the moves made since this seat's last move, for the top of
        its panel when the game comes back to it: at most `limit` lines, then a
        line saying how many more `/game log` holds. Empty if nobody else moved since.

        Read from the events each move stored (public ones have `visible_to` None), so nothing
        is replayed; moves stored without events (older databases) add nothing. The first
        `limit` lines are kept, so the digest reads in order and ends by saying what is left."""
        if table.state is None:
            return []
        entries = await self.store.actions(table.id)
        last = max((e.ply for e in entries if e.seat == seat), default=0)
        names = seat_names(table)
        lines = [
            format_event(event["text"], names)
            for entry in entries
            if entry.ply > last
            for event in entry.events or ()
            if event.get("visible_to") is None
        ]
        if len(lines) <= limit:
            return lines
        return [*lines[:limit], f"… and {len(lines) - limit} more — `/game log`"]

    def labels(self, table: TableRecord, seat: Seat) -> list[str]:
        if table.status != "active":
            return []
        state = self.state(table)
        game = self.games[table.game]
        names = seat_names(table)
        return [
            format_event(game.label(state, a), names) for a in self.engine(table).legal(state, seat)
        ]

    async def private_updates(
        self,
        table: TableRecord,
        *,
        force: bool = False,
        notes: Mapping[Seat, Sequence[str]] | None = None,
    ) -> list[PanelUpdate]:
        """Private views of human seats that changed since they were last delivered (see
        `panel_update` for what counts as a change), and of seats with private news.

        `notes` are private event lines ("You drew Teddy Bear") shown on top of the seat's view.
        """
        if table.state is None:
            return []
        return await self._private_updates(
            table, self.state(table), seat_names(table), force=force, notes=notes
        )

    async def _private_updates(
        self,
        table: TableRecord,
        state: Any,
        names: tuple[str, ...],
        *,
        force: bool,
        notes: Mapping[Seat, Sequence[str]] | None,
    ) -> list[PanelUpdate]:
        """`private_updates` of a started table whose state and seat names the caller has."""
        stored = {p.seat: p for p in await self.store.panels(table.id)}
        updates = []
        for seat, record in enumerate(table.seats):
            if record.user_id is None:
                continue
            panel = stored.get(seat)
            if panel is not None and panel.user_id != record.user_id:
                panel = None
            secret = self._private(table, seat, state, names)
            noted = bool(notes and notes.get(seat))
            if force or noted or panel is None or panel.digest != secret.digest:
                updates.append(self._panel(table, seat, secret, notes, panel, state))
        return updates

    def panel_update(
        self,
        table: TableRecord,
        seat: Seat,
        *,
        notes: Mapping[Seat, Sequence[str]] | None = None,
        panel: PanelRecord | None = None,
    ) -> PanelUpdate:
        """One seat's private panel now: its private notes ("You drew Teddy Bear"), what only it
        sees, and its moves.

        The digest that decides whether a delivered DM panel must be edited covers the private
        text only. Moves change with nearly every move anyone makes, and editing each waiting
        player's panel for them cost a Discord request a turn: instead the player the game now
        waits for is pinged on the board, and "My hand & moves" (on the board or the panel)
        redraws their panel with fresh moves in the click's answer, which costs no request. The
        mover's panel is redrawn the same way when they click a move. An outdated button still
        plays if the same move sits in the same place, else it is refused politely."""
        return self._panel(table, seat, self._private(table, seat), notes, panel)

    def _panel(
        self,
        table: TableRecord,
        seat: Seat,
        secret: PrivateText,
        notes: Mapping[Seat, Sequence[str]] | None,
        panel: PanelRecord | None,
        state: Any = None,
    ) -> PanelUpdate:
        text = secret.text
        if notes and notes.get(seat):
            text = "\n".join(f"» {line}" for line in notes[seat][-5:]) + "\n\n" + text
        # the notes are news of this call: shown when they come, not a reason to edit again after
        user = table.seats[seat].user_id or 0
        labels = self._labels_later(table, seat, state)
        tree = self._tree_later(table, seat, state)
        return PanelUpdate(
            table.id, seat, user, text, labels, table.ply, secret.digest, panel, tree
        )

    def _tree_later(
        self, table: TableRecord, seat: Seat, state: Any = None
    ) -> Callable[[], Node] | None:
        """The seat's moves as a choice tree (`BaseGame.choice_paths`) with the players' names
        filled in, built only if a presenter reads it (`PanelUpdate.tree`)."""
        if table.status != "active":
            return None
        if state is None:
            state = self.state(table)
        game = self.games[table.game]
        engine = self.engine(table)
        names = seat_names(table)

        def tree() -> Node:
            legal = engine.legal(state, seat)
            return build(
                [named_path(path, names) for path in game.choice_paths(state, seat, legal)]
            )

        return tree

    def _labels_later(
        self, table: TableRecord, seat: Seat, state: Any = None
    ) -> Callable[[], Sequence[str]]:
        """The seat's move labels in the state of now (`state`, if the caller has it), names
        filled in, listed only if a presenter reads them (`PanelUpdate.choices`): most panels of
        a report are not sent."""
        if table.status != "active":
            return tuple
        if state is None:
            state = self.state(table)
        game = self.games[table.game]
        engine = self.engine(table)
        names = seat_names(table)

        def labels() -> list[str]:
            return [format_event(game.label(state, a), names) for a in engine.legal(state, seat)]

        return labels

    async def panel_sent(
        self,
        update: PanelUpdate,
        *,
        channel_id: int | None,
        message_id: int | None,
        dm_closed: bool = False,
    ) -> None:
        await self.store.save_panel(
            PanelRecord(
                table_id=update.table_id,
                seat=update.seat,
                user_id=update.user_id,
                channel_id=channel_id,
                message_id=message_id,
                digest="" if dm_closed else update.digest,
                dm_closed=dm_closed,
            )
        )

    async def panel_undelivered(self, update: PanelUpdate) -> None:
        """A panel Discord did not take: forget what it was last known to show, so the table's
        next report sends it again (its digest alone may not change: private news is not in it).
        A panel marked closed (DMs off) stays closed."""
        stored = {p.seat: p for p in await self.store.panels(update.table_id)}.get(update.seat)
        if stored is not None and not stored.dm_closed and stored.digest:
            await self.store.save_panel(stored.model_copy(update={"digest": ""}))

    async def log(
        self, table: TableRecord, limit: int = 15, *, seat: Seat | None = None
    ) -> list[str]:
        """Recent event lines: read from the events each move stored as it committed.

        Moves stored before events were kept (older databases) have none; such a table's log is
        regenerated by replaying its action log from the seed instead."""
        if table.state is None:
            return []
        entries = await self.store.actions(table.id)
        names = seat_names(table)
        if all(entry.events is not None for entry in entries):
            # A take-back of ply p reads after the moves before p and before the p-th move now
            # in the log (the one played instead), in the order they were taken back.
            undos = list(reversed(await self.store.undos(table.id)))
            lines = []
            for entry in entries:
                while undos and undos[-1].ply <= entry.ply:
                    lines.append(format_event(undos.pop().text, names))
                lines.extend(
                    format_event(event["text"], names)
                    for event in entry.events or ()
                    if event.get("visible_to") is None
                    or (seat is not None and seat in event["visible_to"])
                )
            lines.extend(format_event(undo.text, names) for undo in reversed(undos))
            return lines[-limit:]
        return await self._replayed_log(table, entries, limit, seat)

    async def _replayed_log(
        self, table: TableRecord, entries: Sequence[Any], limit: int, seat: Seat | None
    ) -> list[str]:
        """The log of a table stored before events were kept, by replay.

        A long game takes a while to replay, so it yields to the other tables every few moves
        (not a thread: some engines keep caches that are not made for threads)."""
        engine = self.engine(table)
        state = engine.setup(len(table.seats), table.options, table.seed)
        lines: list[str] = []
        names = seat_names(table)
        for entry in entries:
            if entry.ply % 10 == 0:
                await asyncio.sleep(0)
            step = engine.act(
                state, entry.seat, engine.parse_action(entry.action), seed=table.seed, ply=entry.ply
            )
            state = step.state
            lines.extend(format_event(e.text, names) for e in step.events if e.seen_by(seat))
        return lines[-limit:]

    # chat ---------------------------------------------------------------------------------
    async def check_chat(
        self, channel_id: int, user_id: int, content: str, *, has_attachment: bool = False
    ) -> ChatVerdict | None:
        """The verdict on a seated player's message in an active table's channel, else None."""
        judged = await self.chat(channel_id, user_id, content, has_attachment=has_attachment)
        return None if judged is None else judged[1]

    async def chat(
        self, channel_id: int, user_id: int, content: str, *, has_attachment: bool = False
    ) -> tuple[ChatPolicy, ChatVerdict] | None:
        """The author's chat rule (whose `notice` explains a refusal) and its verdict, or None
        when no table rule applies to them here."""
        policy = await self._policy(channel_id, user_id)
        if policy is None:
            return None
        return policy, check_message(policy, content, has_attachment=has_attachment)

    async def check_reaction(self, channel_id: int, user_id: int, emoji: str) -> bool:
        policy = await self._policy(channel_id, user_id)
        return policy is None or reaction_allowed(policy, emoji)

    async def _policy(self, channel_id: int, user_id: int) -> ChatPolicy | None:
        table = await self.table_in(channel_id, indexed=True)
        if table is None or table.status != "active":
            return None
        if table.thread_id is not None and table.thread_id != channel_id:
            return None
        seat = seat_of(table, user_id)
        if seat is None:
            return None
        return self.games[table.game].chat_policy(self.state(table), seat)

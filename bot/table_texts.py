"""What a table looks like from outside, in words: the board, the lobby, each seat's
private-only text, its panel and its moves' labels. Read-only: nothing here changes a table.

The public view and the private-only texts are kept per running table (`TableCache.per_table`):
built once per stored version, and a seat's text while the game's `private_key` for it stays the
same, so a move that changes nothing private builds no private view.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot import ai, challenges
from bot.names import level_words, options_text
from bot.pace_rules import describe_pace
from bot.records import Board, PanelUpdate, digest, seat_names
from bot.table_cache import CachePart, TableCache
from rules.choices import Node, build, named_path
from rules.core import Seat, format_event, seat_range
from storage.base import PanelRecord, TableRecord


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


class TableTexts(CachePart):
    def __init__(
        self,
        cache: TableCache,
        *,
        pace_text: Callable[[TableRecord], str],
        thinking: Callable[[TableRecord], str | None],
    ) -> None:
        super().__init__(cache)  # the store is read only here: the panels' stored digests
        self.pace_text = pace_text  # a paced table's deadlines (`bot.clock.Deadlines`)
        self.thinking = thinking  # "Frost 🤖 is thinking…" while an AI seat searches
        self.publics: OrderedDict[int, PublicView] = cache.per_table()
        self.privates: OrderedDict[int, dict[Seat, PrivateText]] = cache.per_table()

    def board(self, table: TableRecord) -> Board:
        """The public board of a started table, in words (see `Board`)."""
        if table.state is None:
            game = self.games[table.game]
            turn = self.turn_line(table) if table.status == "active" else f"Table {table.status}."
            return Board(f"{game.title} — table #{table.id}", self.lobby_text(table), turn, None)
        state = self.cache.state(table)
        return self.board_of(table, state, self.cache.waiting_for(table, state), seat_names(table))

    def board_of(
        self, table: TableRecord, state: Any, waiting: Sequence[Seat], names: tuple[str, ...]
    ) -> Board:
        """`board` of a started table from its state, whom it waits for and its seats' names,
        which a report works out once for the board, the pings and every panel; with what a
        presenter needs beside it: the game's key, whether it draws a picture, and a paced
        table's deadlines."""
        game = self.games[table.game]
        turn = _turn(waiting, names) if table.status == "active" else f"Table {table.status}."
        view = self._public_view(table, state, names)
        return Board(
            title=f"{game.title} — table #{table.id}",
            text=view.text,
            turn=self.thinking(table) or turn,
            observation=view.observation,
            game=table.game,
            picture=game.picture,
            pace=self.pace_text(table),
        )

    # views --------------------------------------------------------------------------------
    def observation(self, table: TableRecord, seat: Seat | None) -> Any:
        if seat is None and table.state is not None:
            return self.public_view(table).observation
        return self.games[table.game].observe(self.cache.state(table), seat)

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
        held = self.publics.get(table.id)
        if held is not None and held.version == table.version and held.ply == table.ply:
            self.publics.move_to_end(table.id)
            return held
        game = self.games[table.game]
        observation = game.observe(self.cache.state(table) if state is None else state, None)
        raw = game.text.describe(observation)
        view = PublicView(
            version=table.version,
            ply=table.ply,
            observation=observation,
            raw=raw,
            text=format_event(raw, seat_names(table) if names is None else names),
        )
        if table.status == "active":  # an ended game's view is read once, for its last report
            self.publics[table.id] = view
            self.cache.trim(self.publics, table.id)
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
        return _turn(self.cache.waiting_for(table), seat_names(table))

    def private_text(self, table: TableRecord, seat: Seat) -> str:
        game = self.games[table.game]
        text = game.text.describe(game.observe(self.cache.state(table), seat))
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
            state = self.cache.state(table)
        if names is None:
            names = seat_names(table)
        found = game.private_key(state, seat)
        key = None if found is None else (found, names)
        held = self.privates.get(table.id)
        if key is not None and held is not None:
            known = held.get(seat)
            if known is not None and known.key == key:
                self.privates.move_to_end(table.id)
                return known
        own = game.text.private_lines(state, seat)
        if own is None:
            public = set(self._public_view(table, state, names).raw.splitlines())
            own = [
                line
                for line in game.text.describe(game.observe(state, seat)).splitlines()
                if line.strip() and line not in public
            ]
        head = f"You play as {table.seats[seat].name}."
        if not own:
            head += " Nothing here is secret: the board shows everything."
        text = format_event("\n".join([head, *own]), names)
        made = PrivateText(key=key, text=text, digest=digest(text))
        if key is not None and table.status == "active":
            if held is None:
                held = self.privates[table.id] = {}
            held[seat] = made
            self.cache.trim(self.privates, table.id)
        return made

    def forced(self, table: TableRecord, seat: Seat) -> int | None:
        """The index of the move the seat would only have to click through now (`BaseGame.forced`:
        the game waits for it, and it has nothing to choose), made when it opens its panel."""
        if table.status != "active" or seat not in self.cache.waiting_for(table):
            return None
        state = self.cache.state(table)
        legal = self.engines[table.game].legal(state, seat)
        return self.games[table.game].forced(state, seat, legal) if legal else None

    def labels(self, table: TableRecord, seat: Seat) -> list[str]:
        if table.status != "active":
            return []
        state = self.cache.state(table)
        game = self.games[table.game]
        names = seat_names(table)
        return [
            format_event(game.text.label(state, a), names)
            for a in self.engines[table.game].legal(state, seat)
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

        `notes` are private event lines ("You draw Teddy Bear") shown on top of the seat's view.
        """
        if table.state is None:
            return []
        return await self.updates_of(
            table, self.cache.state(table), seat_names(table), force=force, notes=notes
        )

    async def updates_of(
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
        """One seat's private panel now: its private notes ("You draw Teddy Bear"), what only it
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
        labels, tree = self._moves_later(table, seat, state)
        return PanelUpdate(
            table.id, seat, user, text, labels, table.ply, secret.digest, panel, tree
        )

    def _moves_later(
        self, table: TableRecord, seat: Seat, state: Any = None
    ) -> tuple[Callable[[], Sequence[str]], Callable[[], Node] | None]:
        """The seat's moves in the state of now (`state`, if the caller has it), names filled in,
        made only if a presenter reads them (most panels of a report are not sent): their labels
        (`PanelUpdate.choices`) and their choice tree (`BaseGame.choice_paths`,
        `PanelUpdate.tree`)."""
        if table.status != "active":
            return tuple, None
        if state is None:
            state = self.cache.state(table)
        game = self.games[table.game]
        engine = self.engines[table.game]
        names = seat_names(table)

        def labels() -> list[str]:
            return [
                format_event(game.text.label(state, a), names) for a in engine.legal(state, seat)
            ]

        def tree() -> Node:
            legal = engine.legal(state, seat)
            return build(
                [named_path(path, names) for path in game.choice_paths(state, seat, legal)]
            )

        return labels, tree

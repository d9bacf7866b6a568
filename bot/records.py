"""The plain records the table service returns, and small helpers about seats and labels.

Nothing here imports discord: cogs, the terminal table and tests all read these.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules.choices import Choice, Node, build
from rules.core import Outcome, Seat
from rules.errors import RuleError
from storage.base import PanelRecord, TableRecord, TableStatus

OPEN: tuple[TableStatus, ...] = ("lobby", "active")


class TableError(Exception):
    """A table request that cannot be done (full table, not the host, no table here…)."""


class SecretMoveError(TableError):
    """A secret move (a ballot, a hidden contribution) typed where everyone can read it."""


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class PanelUpdate:
    """A seat's private view that changed since it was last delivered.

    `labels` gives the labels of the seat's legal actions, or lists them when first read as
    `choices`: a report builds panels that a presenter may never draw (a seat it reaches more
    cheaply, a panel it skips), and listing every seat's moves every move cost more than the
    rest of the report."""

    table_id: int
    seat: Seat
    user_id: int
    text: str
    labels: Sequence[str] | Callable[[], Sequence[str]] = field(repr=False, compare=False)
    ply: int  # moves so far; buttons carry it to spot stale clicks
    digest: str
    panel: PanelRecord | None  # where it was delivered before, if anywhere
    paths: Callable[[], Node] | None = field(default=None, repr=False, compare=False)

    @cached_property
    def choices(self) -> tuple[str, ...]:
        """The labels of the seat's legal actions, in order (listed once, on first read)."""
        labels = self.labels
        return tuple(labels() if callable(labels) else labels)

    @cached_property
    def tree(self) -> Node:
        """The seat's moves as a choice tree (`rules/choices.py`), names filled in: what the
        panel and the terminal walk, a few short steps to any move (built on first read)."""
        if self.paths is not None:
            return self.paths()
        return build([(Choice(label),) for label in self.choices])


@dataclass(frozen=True)
class Board:
    """The public board as the service sees it: words only, so a presenter decides how to show it
    (an edited message, a new one carrying the event lines, a terminal print)."""

    title: str  # "The Coldest Night — table #3"
    text: str  # the game's public description, names filled in
    turn: str  # "Waiting for Ana." while active, else "Table finished."
    observation: Any  # the public observation, for a game that draws a picture
    game: str = ""  # the game's key ("winter"): which renderer draws its picture
    picture: bool = False  # the game draws a board picture (`BaseGame.picture`)
    pace: str = ""  # a paced table's deadlines, in words ("" for a live table)


@dataclass(frozen=True)
class Ending:
    """How a game ended, in words, for the one end message and each player's last panel.

    `headline` says who won ("Ana wins."), `why` why, in a sentence ("the colony fell with
    morale 0, and no personal objective was met"); `objectives` reveals each seat's secret goal
    (games with secret goals); `results` is each human seat's own result for its private panel;
    `seed` replays every shuffle and roll; a challenge table's is shown only from
    `seed_hidden_until` (when its challenge closes, `bot.challenges`)."""

    headline: str
    why: str
    seed: str
    objectives: tuple[str, ...] = ()
    results: dict[Seat, str] = field(default_factory=dict)
    winners: tuple[str, ...] = ()  # the winners' names, in seat order
    seed_hidden_until: float | None = None  # a challenge still open: the seed is not shown
    shared: bool = False  # one result for every player (co-operative, or nobody won)

    @property
    def seed_words(self) -> str:
        """The seed in a sentence, or, for a challenge still open, when it will be shown: the
        words every presenter of an ending uses (the end message, a spectator's panel)."""
        if self.seed_hidden_until is not None:
            until = int(self.seed_hidden_until)
            return (
                "The seed and the replay (`/game replay`) come when the challenge closes "
                f"<t:{until}:R>."
            )
        return f"Seed `{self.seed}`: every shuffle and roll of this game can be replayed."


@dataclass(frozen=True)
class Reminder:
    """A DM to send now: a waiting player's reminder (the pace clock decided it may go)."""

    user_id: int
    table_id: int
    seat: Seat
    due: float
    text: str


@dataclass
class Played:
    """The one result record of a service call (start, move, button, timer tick, resign, abandon):
    the table after it and everything to show, computed by the service so a presenter only has to
    turn it into requests, never to call back.

    `lines`, `ping` and `board` are public; `private` and `panels` go to one seat each. The record
    says *what* changed, not *how* to send it: a presenter may put the lines into the board message
    or post them apart, and skip panels whose seat it can reach more cheaply."""

    table: TableRecord
    lines: list[str] = field(default_factory=list)  # public event lines, names filled in
    private: dict[Seat, list[str]] = field(default_factory=dict)
    moves: int = 0
    outcome: Outcome | None = None
    waited_before: frozenset[Seat] = frozenset()  # whom the game waited for before this call
    ping: tuple[int, ...] = ()  # users the game now waits for and did not before
    board: Board | None = None  # the public board after the call; None: it did not change
    panels: list[PanelUpdate] = field(default_factory=list)  # private views that changed
    reminders: list[Reminder] = field(default_factory=list)  # DMs a paced table's clock sends
    timed_out: Seat | None = None  # set while the AI plays a move for a seat whose time ran out
    # the ranges of `lines` that one step (a move) made: the feed shows each as one line
    steps: list[tuple[int, int]] = field(default_factory=list)
    # the `lines` that open a new line inside their move's feed line (`Event.heading`)
    headings: set[int] = field(default_factory=set)
    summary: str | None = None  # the end-of-game line among `lines` (the end message says it)
    # the public lines since each pinged seat's last move ("since your last move", on its panel)
    since: dict[Seat, list[str]] = field(default_factory=dict)
    ending: Ending | None = None  # set when the call ended the game (a result, not an abandon)
    mover: Seat | None = None  # the seat whose click made the call (`act_choice`)
    label: str | None = None  # the move a typed or slash `/play` made, as its label reads
    # the mover's panel as it is now when it is not among `panels` (nothing private changed): the
    # click's answer redraws it
    mover_panel: PanelUpdate | None = None
    # the end message's replay file (name, content), set by the presenter that builds it
    replay: tuple[str, bytes] | None = None

    @property
    def finished(self) -> bool:
        return self.table.status == "finished"

    def note(self, line: str) -> None:
        """A public line that is not an event of a move (a start, a resignation, a clock): shown
        in the feed as it is."""
        self.lines.append(line)

    @property
    def feed(self) -> list[str]:
        """The public lines as the board's feed shows them: one line per move (its lines joined;
        a move whose lines run longer than `FEED_WIDTH`, a Dead of Winter colony phase, takes as
        few lines as fit, split where its own lines end), each other line as it is, without the
        end-of-game line. A move's heading (`Event.heading`: a night falling, an attack) starts
        a new line inside its feed line."""
        ends = dict(self.steps)
        feed: list[str] = []
        index = 0
        while index < len(self.lines):
            end = ends.get(index, index + 1)
            if end > index + 1:
                breaks = {n - index for n in self.headings if index < n < end}
                feed.extend(pack(self.lines[index:end], FEED_WIDTH, breaks))
            elif self.lines[index] != self.summary:
                feed.append(self.lines[index])
            index = max(end, index + 1)
        return feed


FEED_WIDTH = 600
"""The longest feed line a move's lines are joined into (`Played.feed`)."""


def move_text(lines: Iterable[tuple[str, bool]]) -> str:
    """A move's public lines as the "since your last move" digest holds it: (line, whether it
    is a heading) joined with spaces, each heading after the first on a new line, as the feed
    shows them (`Played.feed`)."""
    parts = list(lines)
    breaks = {n for n, (_, heading) in enumerate(parts) if heading}
    return pack([line for line, _ in parts], None, breaks)[0] if parts else ""


def pack(lines: list[str], width: int | None, breaks: Collection[int] = ()) -> list[str]:
    """`lines` joined into as few lines as fit in `width` characters each (None: one), in order,
    broken only where a line ends (a single line longer than `width` stays whole); joined with
    spaces, but on a new line before each line whose index is in `breaks` (a heading)."""
    packed: list[str] = []
    for n, line in enumerate(lines):
        between = "\n" if n in breaks else " "
        if packed and (width is None or len(packed[-1]) + 1 + len(line) <= width):
            packed[-1] = f"{packed[-1]}{between}{line}"
        else:
            packed.append(line)
    return packed


def seat_of(table: TableRecord, user_id: int) -> Seat | None:
    for index, seat in enumerate(table.seats):
        if seat.user_id == user_id and not seat.resigned:
            return index
    return None


def seat_names(table: TableRecord) -> tuple[str, ...]:
    """The seats' names in seat order (a tuple: a seat's private text keys on them as they are)."""
    return tuple([seat.name for seat in table.seats])


def label_mark(label: str) -> str:
    """A short fingerprint of a move's label, carried by its button."""
    return hashlib.blake2b(label.encode(), digest_size=3).hexdigest()


def digest(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=12).hexdigest()


def user_error(err: BaseException) -> str | None:
    """The message to show a user for an expected refusal, or None for a real fault."""
    if isinstance(err, RuleError | TableError):
        return str(err)
    return None

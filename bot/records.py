"""The plain records the table service returns, and small helpers about seats and labels.

Nothing here imports discord: cogs, the terminal table and tests all read these.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

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
    """A seat's private view that changed since it was last delivered."""

    table_id: int
    seat: Seat
    user_id: int
    text: str
    choices: tuple[str, ...]  # labels of the seat's legal actions, in order
    ply: int  # moves so far; buttons carry it to spot stale clicks
    digest: str
    panel: PanelRecord | None  # where it was delivered before, if anywhere


@dataclass
class Played:
    """What a service call did: the table after it, and what to tell whom."""

    table: TableRecord
    lines: list[str] = field(default_factory=list)  # public event lines, names filled in
    private: dict[Seat, list[str]] = field(default_factory=dict)
    moves: int = 0
    outcome: Outcome | None = None
    waited_before: frozenset[Seat] = frozenset()  # whom the game waited for before this call

    @property
    def finished(self) -> bool:
        return self.table.status == "finished"


def seat_of(table: TableRecord, user_id: int) -> Seat | None:
    for index, seat in enumerate(table.seats):
        if seat.user_id == user_id and not seat.resigned:
            return index
    return None


def seat_names(table: TableRecord) -> list[str]:
    return [seat.name for seat in table.seats]


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

"""The Coldest Night's playout fast path (optional: without it a playout re-applies on frozen
states through `rules.core.Working`, and plays the same game). Registered by the game as
`ColdestNight.fast`; `tests/rules/test_playout.py` checks it against the plain rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.coldest_night.actions import Action
from rules.coldest_night.rules_play import act, awaiting, outcome_of, to_act
from rules.coldest_night.rules_turn import Table, legal
from rules.coldest_night.state import ColdestNightState
from rules.core import BaseGame, Outcome, Seat, Working


class TableInPlay(Working[ColdestNightState, Action]):
    """A playout's one `Table` for the whole game: every query reads it and every move changes
    it in place, where `apply` would thaw and freeze the whole state each time. Its events are
    not recorded (a playout reads none)."""

    def __init__(
        self, game: BaseGame[ColdestNightState, Action, Any], state: ColdestNightState
    ) -> None:
        super().__init__(game, state)
        self.table = Table(state)
        self.table.quiet = True

    def to_act(self) -> frozenset[Seat]:
        return to_act(self.table)

    def awaiting(self) -> frozenset[Seat]:
        return awaiting(self.table)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return legal(self.table, seat)

    def outcome(self) -> Outcome | None:
        return outcome_of(self.table.winners, self.table.end_reason)

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        act(self.table, seat, action)  # no randomness after set-up (CN-2): no rng to make

    def freeze(self) -> ColdestNightState:
        return self.table.freeze()

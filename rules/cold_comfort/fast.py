"""Cold Comfort's playout fast path (optional: without it a playout re-applies on frozen states
through `rules.core.Working`, and plays the same game). Registered by the game as
`ColdComfortGame.fast`; `tests/rules/test_playout.py` checks it against the plain rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.cold_comfort.actions import Action
from rules.cold_comfort.rules_legal import acting_seats, legal_view
from rules.cold_comfort.rules_play import applied, plain
from rules.cold_comfort.rules_scoring import outcome_of
from rules.cold_comfort.state import SCORING_ROUNDS_TOTAL, ColdComfortState
from rules.core import BaseGame, Outcome, Seat, Working
from rules.draft import evolve
from rules.playout import MoveRng

_LAST_ROUND = SCORING_ROUNDS_TOTAL - 1  # from then on, a playout logs every move


class Playing(Working[ColdComfortState, Action]):
    """A playout's working copy: the rules' own moves on frozen states (`rules_play.applied`),
    without writing the log lines nobody reads: a move is applied without a log, and `freeze`
    replays the last one with a log (the same rng draws) to give the state's `log` its lines.
    Once an agent observes (`observe`), every move is logged, as an observation shows the log;
    so is every move after the last scoring round but one, as the game may end with any of them
    (most games end with the last scoring round's tile, a move worth not replaying).
    A move's dice are rolled from an rng seeded only when the move rolls (`MoveRng`); a drawn
    tile's placements and a turn's management actions are made only when read (`legal_view`)."""

    def __init__(
        self, game: BaseGame[ColdComfortState, Action, Any], state: ColdComfortState
    ) -> None:
        super().__init__(game, state)
        self.rng = MoveRng()
        self.quiet = True  # no observer yet: moves are applied without a log
        self.last: tuple[ColdComfortState, Seat, Action, str | int, int] | None = None  # unlogged
        self.log: list[str] | None = None  # the last move's lines, once known

    def to_act(self) -> frozenset[Seat]:
        return acting_seats(self.state)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return legal_view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return outcome_of(self.state)

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        self.rng.at(seed, ply)
        if self.quiet and self.state.scoring_rounds < _LAST_ROUND:
            self.last, self.log = (self.state, seat, action, seed, ply), None
            self.state = applied(self.state, seat, action, self.rng, None)
            return
        log: list[str] = []
        self.state = applied(self.state, seat, action, self.rng, log)
        self.last, self.log = None, log

    def freeze(self) -> ColdComfortState:
        if self.last is not None:  # the last move's lines: the move replayed with a log
            before, seat, action, seed, ply = self.last
            rng = MoveRng()
            rng.at(seed, ply)
            log: list[str] = []
            applied(before, seat, action, rng, log)
            self.last, self.log = None, log
        if self.log is None:  # no move yet: the state as given
            return self.state
        return evolve(self.state, {"log": plain(self.log)})

    def observe(self, seat: Seat | None) -> Any:
        self.quiet = False
        return super().observe(seat)

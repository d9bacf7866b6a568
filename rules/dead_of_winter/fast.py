"""Dead of Winter's playout fast path (optional: without it a playout re-applies on frozen states
through `rules.core.Working`, and plays the same game). Registered by the game as
`DeadOfWinterGame.fast`; `tests/rules/test_playout.py` checks it against the plain rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import BaseGame, Outcome, Seat, Working
from rules.dead_of_winter import rules_flow, rules_legal
from rules.dead_of_winter.actions import Action
from rules.dead_of_winter.rules_end import outcome
from rules.dead_of_winter.state import State
from rules.playout import MoveRng


class DictInPlay(Working[State, Action]):
    """A playout's one state dict for the whole game: the rules work on the state's JSON dict
    anyway, so every move changes it in place (`rules_flow.apply_to`) where `apply` would dump
    the state and validate the result each time, and every query reads it. A move draws from one
    rng seeded only when the move first draws (`MoveRng`), and the legal list is asked of a seat
    the playout knows may act (no second `to_act`)."""

    def __init__(self, game: BaseGame[State, Action, Any], state: State) -> None:
        super().__init__(game, state)
        self.w = state.model_dump(mode="json")
        self.rng = MoveRng()

    def to_act(self) -> frozenset[Seat]:
        return rules_legal.to_act(self.w)

    def awaiting(self) -> frozenset[Seat]:
        return rules_legal.to_act(self.w)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return rules_legal.legal_of(self.w, seat)

    def outcome(self) -> Outcome | None:
        return outcome(self.w) if self.w["phase"] == "ended" else None

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        rng = self.rng
        rng.at(seed, ply)
        rules_flow.apply_to(self.w, seat, action, rng)

    def freeze(self) -> State:
        return State.model_validate(self.w)

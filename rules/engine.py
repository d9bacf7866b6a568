"""All validation that games share, so no game repeats it.

`Engine` wraps one `Game`: it builds set-ups from validated options, refuses moves out of turn,
after the end or not among the legal actions, and hands every apply its own `rng_for(seed, ply)`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Generic

from pydantic import BaseModel, ValidationError

from rules.core import (
    SYSTEM_SEAT,
    A,
    Game,
    O,
    Options,
    Outcome,
    S,
    Seat,
    Step,
    rng_for,
    seat_range,
    timer_of,
)
from rules.errors import GameOverError, IllegalActionError, NotYourTurnError, OptionsError


def _pretty(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        where = ".".join(str(x) for x in e["loc"]) or "options"
        parts.append(f"{where}: {e['msg']}")
    return "; ".join(parts)


class Engine(Generic[S, A, O]):
    def __init__(self, game: Game[S, A, O]) -> None:
        self.game = game

    # set-up ---------------------------------------------------------------------------------
    def options(self, raw: Mapping[str, Any] | Options | None = None) -> Options:
        if isinstance(raw, self.game.options_model):
            return raw
        data = dict(raw or {}) if not isinstance(raw, BaseModel) else raw.model_dump()
        try:
            return self.game.options_model.model_validate(data)
        except ValidationError as err:
            raise OptionsError(
                f"{self.game.title} does not accept these options: {_pretty(err)}"
            ) from None

    def check_seats(self, seats: int) -> None:
        g = self.game
        if not g.min_seats <= seats <= g.max_seats:
            raise OptionsError(f"{g.title} is played by {seat_range(g)} players, not {seats}.")

    def setup(self, seats: int, options: Mapping[str, Any] | Options | None, seed: str | int) -> S:
        self.check_seats(seats)
        return self.game.setup(seats, self.options(options), rng_for(seed, 0))

    # play -------------------------------------------------------------------------------------
    def legal(self, state: S, seat: Seat) -> Sequence[A]:
        if self.game.outcome(state) is not None or seat not in self.game.to_act(state):
            return ()
        return self.game.legal_actions(state, seat)

    def check(self, state: S, seat: Seat, action: A) -> None:
        """Raise the right `RuleError` unless `seat` may play `action` now."""
        game = self.game
        if game.outcome(state) is not None:
            raise GameOverError("This game is over; no more moves can be made.")
        if seat == SYSTEM_SEAT:
            timer = timer_of(game, state)
            if timer is None or timer.seat is not None or timer.action != action:
                raise IllegalActionError("Only the game's running clock can make that move.")
            return
        if seat not in game.to_act(state):
            raise NotYourTurnError(
                "It is not your turn: the game is not waiting for you right now."
            )
        if action not in game.legal_actions(state, seat):
            explain = getattr(game, "why_illegal", None)
            reason = explain(state, seat, action) if explain else None
            raise IllegalActionError(reason or "That move is not allowed right now.")

    def act(self, state: S, seat: Seat, action: A, *, seed: str | int, ply: int) -> Step[S]:
        """Apply the `ply`-th action of the log (1-based) after checking it."""
        self.check(state, seat, action)
        return self.game.apply(state, seat, action, rng_for(seed, ply))

    def parse_action(self, data: Any) -> A:
        """An action from its stored JSON form."""
        return self.game.action_model.validate_python(data)

    def dump_action(self, action: A) -> Any:
        return self.game.action_model.dump_python(action, mode="json")

    def replay(
        self,
        seats: int,
        options: Mapping[str, Any] | Options | None,
        seed: str | int,
        log: Sequence[tuple[Seat, Any]],
    ) -> S:
        """Rebuild a state from set-up and the action log: the log is the source of truth."""
        state = self.setup(seats, options, seed)
        for ply, (seat, raw) in enumerate(log, start=1):
            state = self.act(state, seat, self.parse_action(raw), seed=seed, ply=ply).state
        return state

    def outcome(self, state: S) -> Outcome | None:
        return self.game.outcome(state)

    def agent_rng(self, seed: str | int, ply: int, seat: Seat) -> random.Random:
        return rng_for(f"{seed}/agent{seat}", ply)

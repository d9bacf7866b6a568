"""All validation that games share, so no game repeats it.

`Engine` wraps one `Game`: it builds set-ups from validated options, refuses moves out of turn,
after the end or not among the legal actions, and hands every apply its own `rng_for(seed, ply)`.
Whether a move can still be taken back is `rules.finality`'s (`Engine.final`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

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
)
from rules.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    ParseError,
)
from rules.finality import CARD_DRAWN as CARD_DRAWN
from rules.finality import MADE_PUBLIC as MADE_PUBLIC
from rules.finality import RANDOM_USED, TOLD_ANOTHER, Finality
from rules.finality import SHOWED_SECRET as SHOWED_SECRET
from rules.parsing import seat_words
from rules.state_cache import StateCache


def _pretty(err: ValidationError) -> str:
    """The first few problems, short: the refusal is one sentence a player reads, and a member can
    type hundreds of bad keys."""
    errors = err.errors()
    parts = []
    for e in errors[:3]:
        where = ".".join(str(x) for x in e["loc"])[:40] or "options"
        parts.append(f"{where}: {e['msg']}")
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    text = "; ".join(parts)
    return (text if len(text) <= 200 else text[:199] + "…") + more


class TracedRandom(random.Random):
    """`rng_for`'s generator that remembers whether it was used, seeded only when it is.

    Every draw of `random.Random` (shuffle, choice, randint, sample, random…) goes through
    `random()` or `getrandbits()`, so counting those two catches any use; the first of them seeds
    the generator exactly as `rng_for` does (a stored game replays unchanged), and a move that
    draws nothing — most moves — never pays for seeding."""

    def __init__(self, seed: str | int = "", ply: int = 0) -> None:  # seeded by `_begin`
        self.at(seed, ply)

    def at(self, seed: str | int, ply: int) -> None:
        """Stand for move `ply`'s generator from now on, unused again: a playout keeps one
        generator for all its moves instead of making one a move (`rules.playout`)."""
        self._seed = f"{seed}/{ply}"
        self.used = False

    def _begin(self) -> None:
        self.used = True
        super().seed(self._seed)  # what `random.Random(f"{seed}/{ply}")` does
        self.gauss_next = None

    def random(self) -> float:
        if not self.used:
            self._begin()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if not self.used:
            self._begin()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        if not self.used:
            self._begin()
        return super().getstate()


MAX_TYPED = 300  # characters: the longest move label is far shorter
_LEGAL_CACHE = 64  # states remembered by `legal`: a few tables' worth of seats


class Engine(Finality[S, A, O]):
    def __init__(self, game: Game[S, A, O]) -> None:
        self.game = game
        # per state object (and seat): states are frozen, so a list computed once serves parse,
        # check, agents and pictures
        self._legal: StateCache[Sequence[A]] = StateCache(_LEGAL_CACHE)
        self._to_act: StateCache[frozenset[Seat]] = StateCache(_LEGAL_CACHE)
        self._awaiting: StateCache[frozenset[Seat]] = StateCache(_LEGAL_CACHE)

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

    def start(
        self, seats: int, options: Mapping[str, Any] | Options | None, seed: str | int
    ) -> Step[S]:
        """The first state and what set-up tells the table (public draws, private deals)."""
        self.check_seats(seats)
        made = self.game.setup(seats, self.options(options), rng_for(seed, 0))
        return made if isinstance(made, Step) else Step(state=made)

    def setup(self, seats: int, options: Mapping[str, Any] | Options | None, seed: str | int) -> S:
        return self.start(seats, options, seed).state

    # play -------------------------------------------------------------------------------------
    def to_act(self, state: S) -> frozenset[Seat]:
        """`Game.to_act`, computed once per state: a move asks it of the same state several times
        (the turn check, the legal list, whom the table waits for)."""
        return self._to_act.get(state, None, lambda: frozenset(self.game.to_act(state)))

    def awaiting(self, state: S) -> frozenset[Seat]:
        """`Game.awaiting`, computed once per state (a move asks whom the table waits for before
        it, after it, for the pings and for the board's turn line)."""
        return self._awaiting.get(state, None, lambda: frozenset(self.game.awaiting(state)))

    def legal(self, state: S, seat: Seat) -> Sequence[A]:
        """The seat's legal actions now (none out of turn or after the end), computed once."""

        def compute() -> Sequence[A]:
            if self.game.outcome(state) is not None or seat not in self.to_act(state):
                return ()
            return self.game.legal_actions(state, seat)

        return self._legal.get(state, seat, compute)

    def parse(self, state: S, seat: Seat, text: str) -> A:
        """Typed text → one of the seat's legal actions (a readable `RuleError` otherwise).

        Text longer than any move is refused before a game reads it: no game's notation needs
        it, and a 5,000-digit number would otherwise reach `int()` and its digit limit."""
        self.check_turn(state, seat)
        if len(text) > MAX_TYPED:
            raise ParseError(
                f"That is too long to be a move ({len(text):,} characters): "
                "`/play` lists what you can do."
            )
        legal = self.legal(state, seat)
        try:
            return self.game.text.parse(state, seat, text, legal)
        except ParseError:
            # A label names players as `{sN}`; a typed move naming a player by name has it too
            # (`bot.names`): a game's notation reads it as players have always typed it, "seat 2".
            if "{s" not in text:
                raise
            return self.game.text.parse(state, seat, seat_words(text), legal)

    def check_turn(self, state: S, seat: Seat) -> None:
        if self.game.outcome(state) is not None:
            raise GameOverError("This game is over; no more moves can be made.")
        if seat != SYSTEM_SEAT and seat not in self.to_act(state):
            raise NotYourTurnError(
                self.game.text.why_waiting(state, seat)
                or "It is not your turn: the game is not waiting for you right now."
            )

    def check(self, state: S, seat: Seat, action: A) -> None:
        """Raise the right `RuleError` unless `seat` may play `action` now."""
        game = self.game
        self.check_turn(state, seat)
        if seat == SYSTEM_SEAT:
            timer = game.timer(state)
            if timer is None or not timer.system_move(action):
                raise IllegalActionError("Only the game's running clock can make that move.")
            return
        if action not in self.legal(state, seat):
            reason = game.text.why_illegal(state, seat, action)
            raise IllegalActionError(reason or "That move is not allowed right now.")

    def act(
        self, state: S, seat: Seat, action: A, *, seed: str | int, ply: int, checked: bool = False
    ) -> Step[S]:
        """Apply the `ply`-th action of the log (1-based) after checking it (`checked`: the
        action was taken from this state's legal list, so it needs no second check)."""
        if not checked:
            self.check(state, seat, action)
        rng = TracedRandom(seed, ply)
        step = self.game.apply(state, seat, action, rng)
        if rng.used:
            return dataclasses.replace(step, final=RANDOM_USED)
        for event in step.events:
            seen = event.visible_to  # told someone other than the mover: not `seen <= {seat}`
            if seen and (len(seen) > 1 or seat not in seen):
                return dataclasses.replace(step, final=TOLD_ANOTHER)
        return step

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

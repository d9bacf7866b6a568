"""The `Game` object for Cold Comfort: thin glue over `rules_play`, `rules_legal`, `rules_scoring`,
`observation`, `text` and `agents`; the only module of the package importing all the others."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path
from rules.cold_comfort.actions import Action, action_model
from rules.cold_comfort.agents import AGENTS
from rules.cold_comfort.choices import choice_paths
from rules.cold_comfort.determinize import determinize
from rules.cold_comfort.expert import ColdComfortExpert
from rules.cold_comfort.observation import ColdComfortObservation, observe
from rules.cold_comfort.rules_legal import acting_seats, legal_actions, legal_view, why_illegal
from rules.cold_comfort.rules_play import applied
from rules.cold_comfort.rules_play import apply as apply_action
from rules.cold_comfort.rules_play import setup as setup_state
from rules.cold_comfort.rules_scoring import outcome_of
from rules.cold_comfort.state import SCORING_ROUNDS_TOTAL, ColdComfortOptions, ColdComfortState
from rules.cold_comfort.text import NOTATION as TEXT_NOTATION
from rules.cold_comfort.text import describe, label, parse, rules_text
from rules.cold_comfort.text import summary as text_summary
from rules.core import (
    FREE_CHAT,
    Agent,
    BaseGame,
    ChatPolicy,
    Event,
    Outcome,
    Seat,
    Step,
    Working,
)
from rules.draft import evolve
from rules.playout import MoveRng


class ColdComfortGame(BaseGame[ColdComfortState, Action, ColdComfortObservation]):
    key = "cold_comfort"
    picture = True  # drawn by cogs/games/cold_comfort.py
    title = "Cold Comfort"
    pitch = "Run hotels in a gold-rush town: host dice as guests and control neighbourhoods."
    min_seats = 2
    max_seats = 6
    options_model = ColdComfortOptions
    state_model = ColdComfortState
    action_model: TypeAdapter[Action] = action_model
    agents: Mapping[str, Callable[[], Agent]]
    max_choice_depth = 4  # a tile: its turn, a part of the town, the spot (`choices.py`)

    def __init__(self) -> None:
        # the search agent needs the game object, which agents may not import (DESIGN §3)
        self.agents = {**AGENTS, "expert": lambda: ColdComfortExpert(self)}

    def setup(self, seats: int, options: Any, rng: random.Random) -> Step[ColdComfortState]:
        opts = options if isinstance(options, ColdComfortOptions) else ColdComfortOptions()
        state = setup_state(seats, opts, rng)
        return Step(state, tuple(Event(text=line) for line in state.log))

    def to_act(self, state: ColdComfortState) -> frozenset[Seat]:
        return acting_seats(state)

    def awaiting(self, state: ColdComfortState) -> frozenset[Seat]:
        return acting_seats(state)

    def legal_actions(self, state: ColdComfortState, seat: Seat) -> Sequence[Action]:
        return legal_actions(state, seat)

    def why_illegal(self, state: ColdComfortState, seat: Seat, action: Action) -> str | None:
        return why_illegal(state, seat, action)

    def apply(
        self, state: ColdComfortState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[ColdComfortState]:
        new, log = apply_action(state, seat, action, rng)
        return Step(new, tuple(Event(text=line) for line in log))

    def observe(self, state: ColdComfortState, seat: Seat | None) -> ColdComfortObservation:
        return observe(state, acting_seats(state))

    def determinize(
        self, observation: ColdComfortObservation, seat: Seat, rng: random.Random
    ) -> ColdComfortState:
        return determinize(observation, rng)

    def outcome(self, state: ColdComfortState) -> Outcome | None:
        return outcome_of(state)

    def chat_policy(self, state: ColdComfortState, seat: Seat) -> ChatPolicy:
        return FREE_CHAT

    def label(self, state: ColdComfortState, action: Action) -> str:
        return label(state, action)

    def parse(
        self,
        state: ColdComfortState,
        seat: Seat,
        text: str,
        legal: Sequence[Action] | None = None,
    ) -> Action:
        return parse(state, seat, text, legal)

    def choice_paths(
        self, state: ColdComfortState, seat: Seat, legal: Sequence[Action]
    ) -> Sequence[Path | None]:
        return choice_paths(state, seat, legal)

    def secrets(self, state: ColdComfortState, seat: Seat) -> frozenset[str]:
        # CC-30: no seat holds a secret; the deck order is hidden from everyone.
        return frozenset()

    def describe(self, observation: ColdComfortObservation) -> str:
        return describe(observation)

    def rules_text(self) -> str:
        return rules_text()

    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        return text_summary(outcome, names)

    def notation(self) -> str:
        return TEXT_NOTATION

    def working(self, state: ColdComfortState) -> Working[ColdComfortState, Action]:
        return Playing(self, state)


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

    def __init__(self, game: ColdComfortGame, state: ColdComfortState) -> None:
        super().__init__(game, state)
        self.rng = MoveRng()
        self.quiet = True  # no observer yet: moves are applied without a log
        self.last: tuple[ColdComfortState, Seat, Action, str | int, int] | None = None  # unlogged
        self.log: list[str] | None = None  # the last move's lines, once known

    def to_act(self) -> frozenset[Seat]:
        return acting_seats(self.state)

    def awaiting(self) -> frozenset[Seat]:
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
        return evolve(self.state, {"log": tuple(self.log)})

    def observe(self, seat: Seat | None) -> Any:
        self.quiet = False
        return super().observe(seat)


GAME = ColdComfortGame()

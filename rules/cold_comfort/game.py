"""The `Game` object for Cold Comfort: thin glue over `rules_play`, `rules_legal`, `rules_scoring`,
`observation` and `agents`, with its words in `text`; the only module of the package importing all
the others."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path
from rules.cold_comfort.actions import Action, action_model
from rules.cold_comfort.agents import AGENTS
from rules.cold_comfort.choices import choice_paths
from rules.cold_comfort.determinize import determinize
from rules.cold_comfort.expert import ColdComfortExpert
from rules.cold_comfort.fast import Playing
from rules.cold_comfort.observation import ColdComfortObservation, observe
from rules.cold_comfort.rules_legal import acting_seats, legal_actions
from rules.cold_comfort.rules_play import apply as apply_action
from rules.cold_comfort.rules_play import setup as setup_state
from rules.cold_comfort.rules_scoring import outcome_of
from rules.cold_comfort.state import ColdComfortOptions, ColdComfortState, Heading
from rules.cold_comfort.text import ColdComfortText
from rules.core import BaseGame, Event, Outcome, Seat, Step
from rules.game_info import Chance, GameInfo, Information, Play


class ColdComfortGame(BaseGame[ColdComfortState, Action, ColdComfortObservation]):
    title = "Cold Comfort"
    pitch = "Run hotels in a gold-rush town: host dice as guests and control neighbourhoods."
    info = GameInfo(
        players=(2, 6),
        play=Play.COMPETITIVE,  # CC-28: the highest final score wins
        information=Information.PERFECT,  # CC-30: no seat holds a secret; only the deck's order
        chance=Chance.MOVES,  # dice are rolled as the game goes
        picture=True,  # drawn by cogs/games/cold_comfort.py
    )
    text_model = ColdComfortText  # its words (`text.py`)
    fast = Playing  # the playout fast path (`fast.py`)
    options_model = ColdComfortOptions
    state_model = ColdComfortState
    action_model: TypeAdapter[Action] = action_model
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

    def legal_actions(self, state: ColdComfortState, seat: Seat) -> Sequence[Action]:
        return legal_actions(state, seat)

    def apply(
        self, state: ColdComfortState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[ColdComfortState]:
        new, log = apply_action(state, seat, action, rng)
        return Step(new, tuple(Event(text=line, heading=isinstance(line, Heading)) for line in log))

    def observe(self, state: ColdComfortState, seat: Seat | None) -> ColdComfortObservation:
        return observe(state, acting_seats(state))

    def determinize(
        self, observation: ColdComfortObservation, seat: Seat, rng: random.Random
    ) -> ColdComfortState:
        return determinize(observation, rng)

    def outcome(self, state: ColdComfortState) -> Outcome | None:
        return outcome_of(state)

    def choice_paths(
        self, state: ColdComfortState, seat: Seat, legal: Sequence[Action]
    ) -> Sequence[Path | None]:
        return choice_paths(state, seat, legal)


GAME = ColdComfortGame()

"""The `Game` object for Winter: thin glue over the rules modules, `observation` and `agents`, with
its words in `text`. It is the only module of the package importing all the others.

Where the spec is silent, see the package docstring.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rules.choices import Path
from rules.core import Agent, BaseGame, Event, Options, Outcome, Seat, Step
from rules.errors import IllegalActionError
from rules.game_info import Chance, GameInfo, Information, Play
from rules.winter.actions import ACTION_MODEL, Draw, WinterAction
from rules.winter.agents import AGENTS
from rules.winter.choices import choice_paths
from rules.winter.determinize import determinize
from rules.winter.expert import WinterExpert
from rules.winter.fast import Resolving
from rules.winter.observation import WinterObservation, observe
from rules.winter.rules_apply import resolve
from rules.winter.rules_freeze import setup
from rules.winter.rules_legal import (
    legal_actions,
    to_act,
    why_illegal,
)
from rules.winter.state import WinterOptions, WinterState
from rules.winter.text import WinterText


class WinterGame(BaseGame[WinterState, WinterAction, WinterObservation]):
    title = "Winter"
    pitch = "Lay 18 ice cards into a frozen lake, claim squares of your colour, then thaw it apart."
    info = GameInfo(
        players=(2, 2),
        play=Play.COMPETITIVE,
        information=Information.PERFECT,  # WI-23: only the deck's order is unknown, to both
        chance=Chance.SETUP,  # the deck is shuffled at set-up; no move draws
        picture=True,  # drawn by cogs/games/winter.py
    )
    text_model = WinterText  # its words (`text.py`)
    fast = Resolving  # the playout fast path (`fast.py`)
    options_model: type[Options] = WinterOptions
    state_model = WinterState
    action_model = ACTION_MODEL
    agents: Mapping[str, Callable[[], Agent]] = {**AGENTS, "expert": WinterExpert}
    max_choice_depth = 4  # a card: its turn, a part of the lake, the spot (`choices.py`)

    def setup(self, seats: int, options: WinterOptions, rng: random.Random) -> Step[WinterState]:
        state = setup(options, rng)
        return Step(state, tuple(Event(text=line) for line in state.log))

    def to_act(self, state: WinterState) -> frozenset[Seat]:
        return to_act(state)

    def legal_actions(self, state: WinterState, seat: Seat) -> Sequence[WinterAction]:
        return legal_actions(state, seat)

    def apply(
        self, state: WinterState, seat: Seat, action: WinterAction, rng: random.Random
    ) -> Step[WinterState]:
        if action not in legal_actions(state, seat):
            raise IllegalActionError(
                why_illegal(state, seat, action) or "That move is not allowed right now."
            )
        return resolve(state, seat, action)

    def resolve(self, state: WinterState, seat: Seat, action: WinterAction) -> Step[WinterState]:
        """Apply an action already known to be legal (`rules_apply.resolve`)."""
        return resolve(state, seat, action)

    def observe(self, state: WinterState, seat: Seat | None) -> WinterObservation:
        return observe(state)

    def determinize(
        self, observation: WinterObservation, seat: Seat, rng: random.Random
    ) -> WinterState:
        return determinize(observation, rng)

    def outcome(self, state: WinterState) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(
            winners=frozenset(r.winners), reason=r.reason, scores={0: r.scores[0], 1: r.scores[1]}
        )

    def choice_paths(
        self, state: WinterState, seat: Seat, legal: Sequence[WinterAction]
    ) -> Sequence[Path | None]:
        return choice_paths(state, seat, legal)

    def forced(self, state: WinterState, seat: Seat, legal: Sequence[WinterAction]) -> int | None:
        """A Freezing turn with no counter to put is a draw (WI-5: always legal; WI-6)."""
        return 0 if len(legal) == 1 and isinstance(legal[0], Draw) else None


GAME = WinterGame()

"""The `Game` object for Winter: thin glue over the rules modules, `observation`, `text` and
`agents`. It is the only module of the package importing all the others.

Where the spec is silent, see the package docstring.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rules.choices import Path
from rules.core import Agent, BaseGame, Event, Options, Outcome, Seat, Step, Working
from rules.errors import IllegalActionError
from rules.winter import text
from rules.winter.actions import ACTION_MODEL, Place, WinterAction
from rules.winter.agents import AGENTS
from rules.winter.choices import choice_paths
from rules.winter.determinize import determinize
from rules.winter.expert import WinterExpert
from rules.winter.observation import WinterObservation, observe
from rules.winter.rules_apply import resolve
from rules.winter.rules_freeze import setup
from rules.winter.rules_index import LakeIndex
from rules.winter.rules_legal import (
    Placements,
    freezing_actions,
    legal_actions,
    to_act,
    why_illegal,
)
from rules.winter.state import PlacedCard, WinterOptions, WinterState


class WinterGame(BaseGame[WinterState, WinterAction, WinterObservation]):
    key = "winter"
    picture = True  # drawn by cogs/games/winter.py
    title = "Winter"
    pitch = "Lay 18 ice cards into a frozen lake, claim squares of your colour, then thaw it apart."
    min_seats = 2
    max_seats = 2
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

    def label(self, state: WinterState, action: WinterAction) -> str:
        return text.label(state, action)

    def parse(
        self,
        state: WinterState,
        seat: Seat,
        typed: str,
        legal: Sequence[WinterAction] | None = None,
    ) -> WinterAction:
        if legal is None:
            legal = legal_actions(state, seat)
        return text.parse(state, seat, typed, legal)

    def choice_paths(
        self, state: WinterState, seat: Seat, legal: Sequence[WinterAction]
    ) -> Sequence[Path | None]:
        return choice_paths(state, seat, legal)

    def why_illegal(self, state: WinterState, seat: Seat, action: WinterAction) -> str | None:
        return why_illegal(state, seat, action)

    def describe(self, observation: WinterObservation) -> str:
        return text.describe(observation)

    def rules_text(self) -> str:
        return f"{text.RULES.rstrip()}\nFull rules: `docs/games/winter.md`."

    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        return text.summary(outcome, names)

    def notation(self) -> str:
        return text.NOTATION

    def working(self, state: WinterState) -> Working[WinterState, WinterAction]:
        return Resolving(self, state)


class Resolving(Working[WinterState, WinterAction]):
    """A playout resolves each move without `apply`'s own legality check: the move comes from
    the legal list just made, so the lake's spots and moves are searched once a move, not twice.
    During the Freezing it keeps the lake's squares and legal spots up to date card by card
    (`LakeIndex`) instead of finding them again in each grown lake, and offers a drawn card's
    placements without listing them (`Placements`)."""

    def __init__(self, game: WinterGame, state: WinterState) -> None:
        super().__init__(game, state)
        self.index: LakeIndex | None = None
        self.indexed: tuple[PlacedCard, ...] | None = None  # the cards `index` describes

    def legal(self, seat: Seat) -> Sequence[WinterAction]:
        state = self.state
        phase = state.phase
        if (phase == "place_drawn" or phase == "freezing") and seat == state.active:
            index = self._index(state.cards)
            if phase == "place_drawn":
                return Placements(index.spots)
            return freezing_actions(state, seat, index.squares)
        return legal_actions(state, seat)

    def apply(self, seat: Seat, action: WinterAction, seed: str | int, ply: int) -> None:
        before = self.state
        self.state = resolve(before, seat, action).state
        if isinstance(action, Place) and self.indexed is before.cards and self.index is not None:
            assert before.drawn_card is not None
            self.index.add((action.row, action.col), before.drawn_card, action.orientation)
            self.indexed = self.state.cards

    def _index(self, cards: tuple[PlacedCard, ...]) -> LakeIndex:
        if self.index is None or self.indexed is not cards:
            self.index, self.indexed = LakeIndex(cards), cards
        return self.index


GAME = WinterGame()

"""Winter's playout fast path (optional: without it a playout re-applies on frozen states through
`rules.core.Working`, and plays the same game). Registered by the game as `WinterGame.fast`;
`tests/rules/test_playout.py` checks it against the plain rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import BaseGame, Seat, Working
from rules.winter.actions import Place, WinterAction
from rules.winter.rules_apply import resolve
from rules.winter.rules_index import LakeIndex
from rules.winter.rules_legal import Placements, freezing_actions, legal_actions
from rules.winter.state import PlacedCard, WinterState


class Resolving(Working[WinterState, WinterAction]):
    """A playout resolves each move without `apply`'s own legality check: the move comes from
    the legal list just made, so the lake's spots and moves are searched once a move, not twice.
    During the Freezing it keeps the lake's squares and legal spots up to date card by card
    (`LakeIndex`) instead of finding them again in each grown lake, and offers a drawn card's
    placements without listing them (`Placements`)."""

    def __init__(self, game: BaseGame[WinterState, WinterAction, Any], state: WinterState) -> None:
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

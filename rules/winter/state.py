"""Winter's records: options and state (spec §10).

Seats are 0-based everywhere in these records (the spec's code convention: spec seat k is index
k−1). Actions live in `actions.py`, the observation in `observation.py`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field

from rules.core import Frozen, Options
from rules.winter.actions import Colour, Move
from rules.winter.rules_cards import Orientation

Stage = Literal["freezing", "thawing", "over"]
Phase = Literal[
    "place_drawn", "choose_colour", "freezing", "thawing", "lake_choice", "move_counters", "over"
]

COUNTERS = 9


class WinterOptions(Options):
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({"max_thaw_turns": 50},)

    max_thaw_turns: int = Field(200, ge=0)


class PlacedCard(Frozen):
    card_id: int
    row: int
    col: int
    orientation: Orientation


class PlacedCounter(Frozen):
    row: int
    col: int
    colour: Colour


class Result(Frozen):
    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, int]


class WinterState(Frozen):
    first_player: int
    active: int
    phase: Phase
    deck: tuple[int, ...]
    cards: tuple[PlacedCard, ...]
    colours: tuple[Colour | None, Colour | None] = (None, None)
    drawn_card: int | None = None
    counters: tuple[PlacedCounter, ...] = ()
    supply: tuple[int, int] = (COUNTERS, COUNTERS)
    discarded_cards: int = 0
    lifted_card: int | None = None
    pending_move: Move | None = None
    lake_options: tuple[tuple[int, int], ...] = ()
    counter_options: tuple[tuple[int, int], ...] = ()
    thaw_turns: int = 0
    max_thaw_turns: int = 200
    result: Result | None = None
    log: tuple[str, ...] = ()

    @property
    def stage(self) -> Stage:
        if self.phase == "over":
            return "over"
        if self.phase in ("thawing", "lake_choice", "move_counters"):
            return "thawing"
        return "freezing"

    def seat_of(self, colour: Colour) -> int | None:
        for seat, c in enumerate(self.colours):
            if c == colour:
                return seat
        return None

    def on_table(self, seat: int) -> int:
        colour = self.colours[seat]
        return sum(1 for k in self.counters if k.colour == colour) if colour else 0

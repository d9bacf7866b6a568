"""Winter's records: options, state, actions (spec §10) and the observation (spec §9).

Seats are 0-based everywhere in these records, including the observation's `to_act`,
`first_player`, `colours`, `supply`, `on_table` and `outcome` (the spec's code convention: spec seat
k is index k−1).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen, Options
from rules.winter.cards import Orientation, Section

Colour = Literal["light", "dark"]
Stage = Literal["freezing", "thawing", "over"]
Phase = Literal[
    "place_drawn", "choose_colour", "freezing", "thawing", "lake_choice", "move_counters", "over"
]

SECTION_OF: dict[Colour, Section] = {"light": "L", "dark": "D"}
COLOUR_OF: dict[Section, Colour] = {"L": "light", "D": "dark"}
COUNTERS = 9


class WinterOptions(Options):
    max_thaw_turns: int = Field(200, ge=0)


# -- actions ----------------------------------------------------------------------------------


class ChooseColour(Frozen):
    type: Literal["choose_colour"] = "choose_colour"
    colour: Colour


class Draw(Frozen):
    type: Literal["draw"] = "draw"


class Place(Frozen):
    type: Literal["place"] = "place"
    row: int
    col: int
    orientation: Orientation


class PutCounter(Frozen):
    type: Literal["counter"] = "counter"
    row: int
    col: int


class Move(Frozen):
    type: Literal["move"] = "move"
    from_row: int
    from_col: int
    to_row: int
    to_col: int
    orientation: Orientation


class Remove(Frozen):
    type: Literal["remove"] = "remove"
    row: int
    col: int


class Take(Frozen):
    type: Literal["take"] = "take"
    row: int
    col: int


class Keep(Frozen):
    type: Literal["keep"] = "keep"
    row: int
    col: int


WinterAction = ChooseColour | Draw | Place | PutCounter | Move | Remove | Take | Keep
ACTION_MODEL: TypeAdapter[WinterAction] = TypeAdapter(
    Annotated[WinterAction, Field(discriminator="type")]
)


# -- state ------------------------------------------------------------------------------------


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


# -- observation ------------------------------------------------------------------------------


class CardFace(Frozen):
    card_id: int
    card_type: int
    up: list[list[Section]]


class CardView(Frozen):
    card_id: int
    card_type: int
    row: int
    col: int
    orientation: Orientation
    sections: list[list[Section]]
    locked: bool
    label: str


class CounterView(Frozen):
    row: int
    col: int
    colour: Colour
    seat: int
    label: str


class SquareView(Frozen):
    row: int
    col: int
    colour: Colour
    label: str


class GroupView(Frozen):
    keep_row: int
    keep_col: int
    keep_label: str
    size: int
    cards: list[tuple[int, int]]


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    scores: list[int]


class WinterObservation(Frozen):
    game: str = "winter"
    stage: Stage
    phase: Phase
    to_act: list[int]
    first_player: int
    colours: dict[int, Colour | None]
    deck_count: int
    drawn_card: CardFace | None
    cards: list[CardView]
    counters: list[CounterView]
    open_squares: list[SquareView]
    supply: dict[int, int]
    on_table: dict[int, int]
    discarded_cards: int
    lifted_card: CardFace | None
    pending_move: Move | None
    lake_options: list[GroupView]
    counter_options: list[SquareView]
    frame_row0: int
    frame_col0: int
    thaw_turns: int
    max_thaw_turns: int
    log: list[str]
    outcome: OutcomeView | None

"""Winter's actions (spec §10) and the two colours they name.

Kept apart from the state so agents, text and the rules share one definition without importing
the game object.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen
from rules.winter.rules_cards import Orientation, Section

Colour = Literal["light", "dark"]

SECTION_OF: dict[Colour, Section] = {"light": "L", "dark": "D"}
COLOUR_OF: dict[Section, Colour] = {"L": "light", "D": "dark"}


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

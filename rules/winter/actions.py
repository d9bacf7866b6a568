"""Winter's actions (spec §10) and the two colours they name.

Kept apart from the state so agents, text and the rules share one definition without importing
the game object.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.action_records import ActionRecord
from rules.winter.rules_cards import Orientation, Section

Colour = Literal["light", "dark"]

SECTION_OF: dict[Colour, Section] = {"light": "L", "dark": "D"}
COLOUR_OF: dict[Section, Colour] = {"L": "light", "D": "dark"}


class _OnCell(ActionRecord):
    """A move on one cell of the lake, `(row, col)`."""

    row: int
    col: int


class ChooseColour(ActionRecord):
    type: Literal["choose_colour"] = "choose_colour"
    colour: Colour


class Draw(ActionRecord):
    type: Literal["draw"] = "draw"


class Place(_OnCell):
    type: Literal["place"] = "place"
    orientation: Orientation


class PutCounter(_OnCell):
    type: Literal["counter"] = "counter"


class Move(ActionRecord):
    type: Literal["move"] = "move"
    from_row: int
    from_col: int
    to_row: int
    to_col: int
    orientation: Orientation


class Remove(_OnCell):
    type: Literal["remove"] = "remove"


class Take(_OnCell):
    type: Literal["take"] = "take"


class Keep(_OnCell):
    type: Literal["keep"] = "keep"


WinterAction = ChooseColour | Draw | Place | PutCounter | Move | Remove | Take | Keep
ACTION_MODEL: TypeAdapter[WinterAction] = TypeAdapter(
    Annotated[WinterAction, Field(discriminator="type")]
)

"""Action records (spec §10). Each compares equal by value, as the engine requires."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.action_records import ActionRecord


class _OnSquare(ActionRecord):
    """A move on one map square, `(x, y)`."""

    x: int
    y: int


class Build(ActionRecord):
    type: Literal["build"] = "build"
    value: int
    x: int
    y: int


class Change(_OnSquare):
    type: Literal["change"] = "change"
    to: int


class Host(_OnSquare):
    type: Literal["host"] = "host"
    from_x: int
    from_y: int


class Fire(_OnSquare):
    type: Literal["fire"] = "fire"


class Mine(_OnSquare):
    type: Literal["mine"] = "mine"


class End(ActionRecord):
    type: Literal["end"] = "end"


class Spread(_OnSquare):
    type: Literal["spread"] = "spread"


class Grow(_OnSquare):
    type: Literal["grow"] = "grow"
    rotation: int


class Land(_OnSquare):
    type: Literal["land"] = "land"


Action = Build | Change | Host | Fire | Mine | End | Spread | Grow | Land
ACTION_ORDER: tuple[str, ...] = (
    "build",
    "change",
    "host",
    "fire",
    "mine",
    "end",
    "spread",
    "grow",
    "land",
)
action_model: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])

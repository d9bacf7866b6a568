"""Action records (spec §10). Each compares equal by value, as the engine requires."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen


class Build(Frozen):
    type: Literal["build"] = "build"
    value: int
    x: int
    y: int


class Change(Frozen):
    type: Literal["change"] = "change"
    x: int
    y: int
    to: int


class Host(Frozen):
    type: Literal["host"] = "host"
    x: int
    y: int
    from_x: int
    from_y: int


class Fire(Frozen):
    type: Literal["fire"] = "fire"
    x: int
    y: int


class Mine(Frozen):
    type: Literal["mine"] = "mine"
    x: int
    y: int


class End(Frozen):
    type: Literal["end"] = "end"


class Spread(Frozen):
    type: Literal["spread"] = "spread"
    x: int
    y: int


class Grow(Frozen):
    type: Literal["grow"] = "grow"
    x: int
    y: int
    rotation: int


class Land(Frozen):
    type: Literal["land"] = "land"
    x: int
    y: int


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

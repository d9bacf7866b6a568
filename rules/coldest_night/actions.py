"""The action records of The Coldest Night (spec §11): what a seat may send to `apply`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.coldest_night.data import TokenId
from rules.core import Frozen


class _Action(Frozen):
    """The acting seat, then the kind (`type`, narrowed by each record as in
    `rules.action_records.ActionRecord`): the order of every record's JSON."""

    seat: int
    type: str


class _CardAction(_Action):
    """A move with one card, named by id."""

    card_id: str


class CheckFrostbite(_Action):
    type: Literal["check_frostbite"] = "check_frostbite"


class Play(_CardAction):
    type: Literal["play"] = "play"
    source: Literal["hand", "display"] = "hand"


class Done(_Action):
    type: Literal["done"] = "done"


class Scavenge(_Action):
    type: Literal["scavenge"] = "scavenge"


class MemoryReturn(_CardAction):
    type: Literal["memory_return"] = "memory_return"


class Give(_CardAction):
    type: Literal["give"] = "give"
    to_seat: int


class TargetRemove(_CardAction):
    type: Literal["target_remove"] = "target_remove"


class CheckForFrostbite(_Action):
    type: Literal["check_for_frostbite"] = "check_for_frostbite"


class ChilblainsDiscard(_CardAction):
    type: Literal["chilblains_discard"] = "chilblains_discard"


class UseToken(_Action):
    type: Literal["use_token"] = "use_token"
    token: TokenId
    card_id: str | None = None
    mode: Literal["draw", "heat"] | None = None
    target_seat: int | None = None
    to_seat: int | None = None
    frostbite_id: str | None = None


Action = Annotated[
    CheckFrostbite
    | Play
    | Done
    | Scavenge
    | MemoryReturn
    | Give
    | TargetRemove
    | CheckForFrostbite
    | ChilblainsDiscard
    | UseToken,
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

"""Action records (§12.2): a discriminated union on `type`, frozen, compared by value.

Survivors and cards are named by id, locations by key (`colony`, `police` … `gas`), seats by
0-based index, dice by value (DW-9).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen


class Draft(Frozen):
    type: Literal["draft"] = "draft"
    group: int
    keep: tuple[str, ...]
    leader: str


class Attack(Frozen):
    type: Literal["attack"] = "attack"
    survivor: str
    die: int
    entrance: int | None = None
    bandit: bool = False


class Search(Frozen):
    type: Literal["search"] = "search"
    survivor: str
    die: int


class Noise(Frozen):
    type: Literal["noise"] = "noise"


class Keep(Frozen):
    type: Literal["keep"] = "keep"
    card: str


class Barricade(Frozen):
    type: Literal["barricade"] = "barricade"
    survivor: str
    die: int
    entrance: int | None = None


class Clean(Frozen):
    type: Literal["clean"] = "clean"
    survivor: str
    die: int


class Attract(Frozen):
    type: Literal["attract"] = "attract"
    survivor: str
    die: int


class AttractFrom(Frozen):
    type: Literal["attract_from"] = "attract_from"
    location: str
    entrance: int | None = None


class UseAbility(Frozen):
    type: Literal["ability"] = "ability"
    survivor: str
    die: int | None = None
    target: str | None = None


class UseItem(Frozen):
    type: Literal["item"] = "item"
    card: str
    survivor: str
    die: int | None = None
    target: str | None = None


class Move(Frozen):
    type: Literal["move"] = "move"
    survivor: str
    to: str
    fuel_card: str | None = None


class Play(Frozen):
    type: Literal["play"] = "play"
    card: str
    survivor: str | None = None
    target: str | None = None


class Equip(Frozen):
    type: Literal["equip"] = "equip"
    card: str
    survivor: str


class Discard(Frozen):
    type: Literal["discard"] = "discard"
    card: str


class Contribute(Frozen):
    type: Literal["contribute"] = "contribute"
    card: str


class Commit(Frozen):
    type: Literal["commit"] = "commit"
    card: str


class SpendFood(Frozen):
    type: Literal["spend_food"] = "spend_food"
    die: int


class Request(Frozen):
    type: Literal["request"] = "request"
    target: int
    symbol: str | None = None


class Give(Frozen):
    type: Literal["give"] = "give"
    card: str | None = None


class HandOff(Frozen):
    type: Literal["hand_off"] = "hand_off"
    card: str
    source: str
    to: str


class Accept(Frozen):
    type: Literal["accept"] = "accept"
    yes: bool


class CallExile(Frozen):
    type: Literal["call_exile"] = "call_exile"
    target: int


class Vote(Frozen):
    type: Literal["vote"] = "vote"
    yes: bool


class Option(Frozen):
    type: Literal["option"] = "option"
    n: Literal[1, 2]


class Bite(Frozen):
    type: Literal["bite"] = "bite"
    roll: bool


class Choose(Frozen):
    """An answer to a `choose`/`discard` decision: a survivor id, location key, `die:N`, card
    id, `seat:N`, or `stop`."""

    type: Literal["choose"] = "choose"
    value: str


class NewLeader(Frozen):
    type: Literal["new_leader"] = "new_leader"
    survivor: str


class Place(Frozen):
    type: Literal["place"] = "place"
    survivor: str
    location: str
    fuel_card: str | None = None


class Stop(Frozen):
    """Stop keeping more cards after a search, or stop luring zombies."""

    type: Literal["stop"] = "stop"


class Pass(Frozen):
    type: Literal["pass"] = "pass"


# --- the Long Night modules (§9, §12.2) --------------------------------------------------------
class Contain(Frozen):
    type: Literal["contain"] = "contain"
    survivor: str
    die: int


class Work(Frozen):
    type: Literal["work"] = "work"
    survivor: str
    die: int
    improvement: str


class Scrap(Frozen):
    type: Literal["scrap"] = "scrap"
    card: str
    improvement: str


class Raid(Frozen):
    type: Literal["raid"] = "raid"
    survivor: str
    die: int
    how: Literal["search", "attack"]


class Bribe(Frozen):
    type: Literal["bribe"] = "bribe"
    card: str
    location: str


class RigTrap(Frozen):
    type: Literal["trap"] = "trap"
    survivor: str
    die: int
    fuel_card: str
    entrance: int | None = None


class PlaceBandit(Frozen):
    type: Literal["place_bandit"] = "place_bandit"
    location: str


class FirstPlayer(Frozen):
    type: Literal["first_player"] = "first_player"
    vote: bool


Action = (
    Draft
    | Attack
    | Search
    | Noise
    | Keep
    | Barricade
    | Clean
    | Attract
    | AttractFrom
    | UseAbility
    | UseItem
    | Move
    | Play
    | Equip
    | Discard
    | Contribute
    | Commit
    | SpendFood
    | Request
    | Give
    | HandOff
    | Accept
    | CallExile
    | Vote
    | Option
    | Bite
    | Choose
    | NewLeader
    | Place
    | Stop
    | Pass
    | Contain
    | Work
    | Scrap
    | Raid
    | Bribe
    | RigTrap
    | PlaceBandit
    | FirstPlayer
)
action_model: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])
SECRET_KINDS = frozenset(
    {"contribute", "vote", "give", "keep", "discard", "choose", "place_bandit"}
)
"""Moves that must not be typed in a public channel: they name a hidden card or a ballot."""

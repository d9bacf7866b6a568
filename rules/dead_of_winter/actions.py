"""Action records (§12.2): a discriminated union on `type`, frozen, compared by value.

Survivors and cards are named by id, locations by key (`colony`, `police` … `gas`), seats by
0-based index, dice by value (DW-9). The legal lists make their records with the makers at the end
(`record`: no validation, one record per value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, TypeAdapter

from rules.core import Frozen
from rules.draft import construct


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


class LureTo(Frozen):
    """The colony entrance a lured zombie goes into (DW-13), full or not."""

    type: Literal["lure_to"] = "lure_to"
    entrance: int


class KillAt(Frozen):
    """The colony entrance an attack's next extra kill comes from (§6.7, `attack_kills`)."""

    type: Literal["kill_at"] = "kill_at"
    entrance: int


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
    | LureTo
    | KillAt
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


R = TypeVar("R", bound=Frozen)
_RECORDS_CAP = 4096  # records kept per kind; the cards and places bound them well below this


def record(model: type[R]) -> Callable[..., R]:
    """A maker of `model` records for the legal lists, given positionally in field order after
    `type` (fields left out take their defaults), built without validation and kept per value:
    records are frozen, and a turn offers the same `Discard(card=c)` or `Move(...)` move after move.

    The values must already have the fields' types (ids and keys as `str`, dice as `int`, a tuple
    for a tuple): nothing is converted. `tests/rules/dead_of_winter/test_records.py` checks
    the records of many seeded positions against validated copies."""
    made = construct(model)
    fields = model.model_fields
    names = tuple(n for n in fields if n != "type")
    defaults = tuple(fields[n].default for n in names)
    required = sum(1 for n in names if fields[n].is_required())
    kind = fields["type"].default
    cache: dict[tuple[Any, ...], R] = {}

    def make(*values: Any) -> R:
        hit = cache.get(values)
        if hit is None:
            if len(values) < required:
                raise TypeError(f"{model.__name__} needs {required} values, got {values!r}")
            if len(cache) >= _RECORDS_CAP:
                cache.clear()
            full = values + defaults[len(values) :]
            hit = cache[values] = made({"type": kind, **dict(zip(names, full, strict=True))})
        return hit

    return make


# the legal lists' makers (`record`), one per kind of move
draft = record(Draft)
attack = record(Attack)
search = record(Search)
noise = record(Noise)
keep = record(Keep)
barricade = record(Barricade)
clean = record(Clean)
attract = record(Attract)
attract_from = record(AttractFrom)
lure_to = record(LureTo)
kill_at = record(KillAt)
use_ability = record(UseAbility)
use_item = record(UseItem)
move = record(Move)
play = record(Play)
equip = record(Equip)
discard = record(Discard)
contribute = record(Contribute)
commit = record(Commit)
spend_food = record(SpendFood)
request = record(Request)
give = record(Give)
hand_off = record(HandOff)
accept = record(Accept)
call_exile = record(CallExile)
vote = record(Vote)
option = record(Option)
bite = record(Bite)
choose = record(Choose)
new_leader = record(NewLeader)
place = record(Place)
stop = record(Stop)
pass_ = record(Pass)
contain = record(Contain)
work = record(Work)
scrap = record(Scrap)
raid = record(Raid)
bribe = record(Bribe)
rig_trap = record(RigTrap)
place_bandit = record(PlaceBandit)
first_player = record(FirstPlayer)

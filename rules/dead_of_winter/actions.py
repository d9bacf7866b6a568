"""Action records (§12.2): a discriminated union on `type`, frozen, compared by value.

Survivors and cards are named by id, locations by key (`colony`, `police` … `gas`), seats by
0-based index, dice by value (DW-9). The legal lists make their records with the makers at the end
(`record`: no validation, one record per value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, TypeAdapter

from rules.action_records import ActionRecord
from rules.core import Frozen
from rules.draft import construct


class _DieAction(ActionRecord):
    """An action a survivor takes with one of the player's action dice (§6)."""

    survivor: str
    die: int


class _CardAction(ActionRecord):
    """A move with one card, named by id."""

    card: str


class _AtEntrance(ActionRecord):
    """A colony entrance (0-based), for a zombie placed or killed there."""

    entrance: int


class _Answer(ActionRecord):
    """A yes or no."""

    yes: bool


class Draft(ActionRecord):
    type: Literal["draft"] = "draft"
    group: int
    keep: tuple[str, ...]
    leader: str


class Attack(_DieAction):
    type: Literal["attack"] = "attack"
    entrance: int | None = None
    bandit: bool = False


class Search(_DieAction):
    type: Literal["search"] = "search"


class Noise(ActionRecord):
    type: Literal["noise"] = "noise"


class Keep(_CardAction):
    type: Literal["keep"] = "keep"


class Barricade(_DieAction):
    type: Literal["barricade"] = "barricade"
    entrance: int | None = None


class Clean(_DieAction):
    type: Literal["clean"] = "clean"


class Attract(_DieAction):
    type: Literal["attract"] = "attract"


class AttractFrom(ActionRecord):
    type: Literal["attract_from"] = "attract_from"
    location: str
    entrance: int | None = None


class LureTo(_AtEntrance):
    """The colony entrance a lured zombie goes into (DW-13), full or not."""

    type: Literal["lure_to"] = "lure_to"


class KillAt(_AtEntrance):
    """The colony entrance an attack's next extra kill comes from (§6.7, `attack_kills`)."""

    type: Literal["kill_at"] = "kill_at"


class UseAbility(ActionRecord):
    type: Literal["ability"] = "ability"
    survivor: str
    die: int | None = None
    target: str | None = None


class UseItem(_CardAction):
    type: Literal["item"] = "item"
    survivor: str
    die: int | None = None
    target: str | None = None


class Move(ActionRecord):
    type: Literal["move"] = "move"
    survivor: str
    to: str
    fuel_card: str | None = None


class Play(_CardAction):
    type: Literal["play"] = "play"
    survivor: str | None = None
    target: str | None = None


class Equip(_CardAction):
    type: Literal["equip"] = "equip"
    survivor: str


class Discard(_CardAction):
    type: Literal["discard"] = "discard"


class Contribute(_CardAction):
    type: Literal["contribute"] = "contribute"


class Commit(_CardAction):
    type: Literal["commit"] = "commit"


class SpendFood(ActionRecord):
    type: Literal["spend_food"] = "spend_food"
    die: int


class Request(ActionRecord):
    type: Literal["request"] = "request"
    target: int
    symbol: str | None = None


class Give(ActionRecord):
    type: Literal["give"] = "give"
    card: str | None = None


class HandOff(_CardAction):
    type: Literal["hand_off"] = "hand_off"
    source: str
    to: str


class Accept(_Answer):
    type: Literal["accept"] = "accept"


class CallExile(ActionRecord):
    type: Literal["call_exile"] = "call_exile"
    target: int


class Vote(_Answer):
    type: Literal["vote"] = "vote"


class Option(ActionRecord):
    type: Literal["option"] = "option"
    n: Literal[1, 2]


class Bite(ActionRecord):
    type: Literal["bite"] = "bite"
    roll: bool


class Choose(ActionRecord):
    """An answer to a `choose`/`discard` decision: a survivor id, location key, `die:N`, card
    id, `seat:N`, or `stop`."""

    type: Literal["choose"] = "choose"
    value: str


class NewLeader(ActionRecord):
    type: Literal["new_leader"] = "new_leader"
    survivor: str


class Place(ActionRecord):
    type: Literal["place"] = "place"
    survivor: str
    location: str
    fuel_card: str | None = None


class Stop(ActionRecord):
    """Stop keeping more cards after a search, or stop luring zombies."""

    type: Literal["stop"] = "stop"


class Pass(ActionRecord):
    type: Literal["pass"] = "pass"


# --- the Long Night modules (§9, §12.2) --------------------------------------------------------
class Contain(_DieAction):
    type: Literal["contain"] = "contain"


class Work(_DieAction):
    type: Literal["work"] = "work"
    improvement: str


class Scrap(_CardAction):
    type: Literal["scrap"] = "scrap"
    improvement: str


class Raid(_DieAction):
    type: Literal["raid"] = "raid"
    how: Literal["search", "attack"]


class Bribe(_CardAction):
    type: Literal["bribe"] = "bribe"
    location: str


class RigTrap(_DieAction):
    type: Literal["trap"] = "trap"
    fuel_card: str
    entrance: int | None = None


class PlaceBandit(ActionRecord):
    type: Literal["place_bandit"] = "place_bandit"
    location: str


class FirstPlayer(ActionRecord):
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

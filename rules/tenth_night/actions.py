"""Action records (spec §11). The acting seat travels beside the action (the engine's log), so
actions carry no `seat` field; everything else is as the spec names it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.core import Frozen
from rules.tenth_night.state import Zone


class Swap(Frozen):
    type: Literal["swap"] = "swap"
    hand_card_id: str
    person_id: str


class HealReplace(Frozen):
    type: Literal["heal_replace"] = "heal_replace"
    hand_card_id: str
    person_id: str


class HealHeart(Frozen):
    type: Literal["heal_heart"] = "heal_heart"
    hand_card_id: str
    person_id: str


class Trio(Frozen):
    """`card_ids` in hand order (the discard order); `keep_id` becomes the new person."""

    type: Literal["trio"] = "trio"
    card_ids: tuple[str, str, str]
    keep_id: str


class Reorder(Frozen):
    type: Literal["reorder"] = "reorder"
    order: tuple[str, ...]


class DivineProtection(Frozen):
    """`person_id` names the seat's one person, so the label can say who is protected."""

    type: Literal["divine_protection"] = "divine_protection"
    person_id: str


class Give(Frozen):
    zone: Zone
    card_id: str


class Want(Frozen):
    zone: Zone
    card_id: str | None = None


class ProposeExchange(Frozen):
    type: Literal["propose_exchange"] = "propose_exchange"
    to_seat: int
    give: Give
    want: Want


class AcceptExchange(Frozen):
    type: Literal["accept_exchange"] = "accept_exchange"
    offer_id: int
    card_id: str | None = None


class DeclineExchange(Frozen):
    type: Literal["decline_exchange"] = "decline_exchange"
    offer_id: int


class WithdrawExchange(Frozen):
    type: Literal["withdraw_exchange"] = "withdraw_exchange"
    offer_id: int


class Ready(Frozen):
    type: Literal["ready"] = "ready"


class EndRecord(Frozen):
    type: Literal["end_record"] = "end_record"


class EndDay(Frozen):
    """System action of the day timer (§7 `day_seconds`); never offered to players."""

    type: Literal["end_day"] = "end_day"


class Defend(Frozen):
    """`nullify` with one Joker, `modifiers` with J/Q/K (strongest first), or `pass`."""

    type: Literal["defend"] = "defend"
    mode: Literal["nullify", "modifiers", "pass"]
    card_ids: tuple[str, ...] = ()


DayAction = (
    Swap
    | HealReplace
    | HealHeart
    | Trio
    | Reorder
    | DivineProtection
    | ProposeExchange
    | AcceptExchange
    | DeclineExchange
    | WithdrawExchange
    | Ready
    | EndRecord
    | EndDay
)
Action = DayAction | Defend

action_model: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])

"""Action records (spec §11). The acting seat travels beside the action (the engine's log), so
actions carry no `seat` field; everything else is as the spec names it."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from rules.action_records import ActionRecord
from rules.core import Frozen
from rules.tenth_night.state import Zone


class _HandOnPerson(ActionRecord):
    """A hand card played on a person of the seat's own row."""

    hand_card_id: str
    person_id: str


class _OnOffer(ActionRecord):
    """A move on an open exchange offer (TN-11), named by its id."""

    offer_id: int


class Swap(_HandOnPerson):
    type: Literal["swap"] = "swap"


class HealReplace(_HandOnPerson):
    type: Literal["heal_replace"] = "heal_replace"


class HealHeart(_HandOnPerson):
    type: Literal["heal_heart"] = "heal_heart"


class Trio(ActionRecord):
    """`card_ids` in hand order (the discard order); `keep_id` becomes the new person."""

    type: Literal["trio"] = "trio"
    card_ids: tuple[str, str, str]
    keep_id: str


class Reorder(ActionRecord):
    type: Literal["reorder"] = "reorder"
    order: tuple[str, ...]


class DivineProtection(ActionRecord):
    """`person_id` names the seat's one person, so the label can say who is protected."""

    type: Literal["divine_protection"] = "divine_protection"
    person_id: str


class Give(Frozen):
    zone: Zone
    card_id: str


class Want(Frozen):
    zone: Zone
    card_id: str | None = None


class ProposeExchange(ActionRecord):
    type: Literal["propose_exchange"] = "propose_exchange"
    to_seat: int
    give: Give
    want: Want


class AcceptExchange(_OnOffer):
    type: Literal["accept_exchange"] = "accept_exchange"
    card_id: str | None = None


class DeclineExchange(_OnOffer):
    type: Literal["decline_exchange"] = "decline_exchange"


class WithdrawExchange(_OnOffer):
    type: Literal["withdraw_exchange"] = "withdraw_exchange"


class Ready(ActionRecord):
    type: Literal["ready"] = "ready"


class EndRecord(ActionRecord):
    type: Literal["end_record"] = "end_record"


class EndDay(ActionRecord):
    """System action of the day timer (§7 `day_seconds`); never offered to players."""

    type: Literal["end_day"] = "end_day"


class Defend(ActionRecord):
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

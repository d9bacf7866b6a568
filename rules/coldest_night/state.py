"""Options and state records of The Coldest Night (the actions are in `actions.py`).

Seats are 0-based here as everywhere in code (spec seat k is index k−1). The `start_seat` test hook
is therefore 0-based too: the spec's CN-EX1 "start_seat = 2" is `start_seat=1` in code.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator

from rules.coldest_night.data import (
    FROST_IDS,
    KINDLING_IDS,
    SOLO_FROST_IDS,
    SOLO_KINDLING_IDS,
    TokenId,
)
from rules.core import Frozen, Options

Phase = Literal[
    "frostbite_removal",
    "main",
    "memory_choice",
    "distribute",
    "target_choice",
    "frostbite_check",
    "chilblains",
    "game_over",
]
TokenState = Literal["supply", "available", "attached", "spent"]
# Where a `memory_choice` returns once its draw procedure is finished: one of the token-window
# pauses it interrupted, or step 6 of the turn when it came from the Clean Up draw.
Resume = Literal["main", "distribute", "frostbite_removal", "frostbite_check", "chilblains"]
TOKEN_WINDOW_PHASES: frozenset[str] = frozenset(
    {"frostbite_removal", "main", "distribute", "frostbite_check"}
)


_ORDERS: dict[str, tuple[tuple[tuple[str, ...], ...], str]] = {
    "kindling_order": (
        (KINDLING_IDS, SOLO_KINDLING_IDS),
        "must list each kindling id K01…K50 exactly once (solo: the 43 ids without the 7 IF cards)",
    ),
    "frostbite_order": (
        (FROST_IDS, SOLO_FROST_IDS),
        "must list each frostbite id F01…F10 exactly once (solo: without F07 and F08)",
    ),
}
"""Each deck-order test hook: the decks it may order (all players, solo) and what it must hold."""


class ColdestNightOptions(Options):
    """Test hooks of CN-2; a replaced set-up step makes no RNG call.

    `kindling_order` and `frostbite_order` must be permutations of exactly the ids the step would
    shuffle (solo: the 43 non-IF kindling ids and the 8 frostbite ids without Blue Lips).
    `start_seat` is a 0-based seat index like every seat in code (spec seat 2 is `start_seat=1`).
    """

    test_hooks: ClassVar[frozenset[str]] = frozenset(
        {"kindling_order", "frostbite_order", "start_seat"}
    )

    kindling_order: tuple[str, ...] | None = None
    frostbite_order: tuple[str, ...] | None = None
    start_seat: int | None = Field(default=None, ge=0, le=3)

    @field_validator("kindling_order", "frostbite_order")
    @classmethod
    def _permutation(
        cls, v: tuple[str, ...] | None, info: ValidationInfo
    ) -> tuple[str, ...] | None:
        decks, rule = _ORDERS[info.field_name or ""]
        if v is not None and sorted(v) not in [list(deck) for deck in decks]:
            raise ValueError(rule)
        return v


class ScavengePool(Frozen):
    scavenger: int
    pool: tuple[str, ...]


class MemoryPending(Frozen):
    """A Memory Loss choice waiting for `memory_return`, and how to carry on afterwards.

    `context` "draw": `collected` are the two tied cards of one single draw (not yet in the hand);
    `draws_left` more single draws of the same draw-n follow. `context` "scavenge": the tied cards
    are in the scavenge pool.
    """

    seat: int
    context: Literal["draw", "scavenge"]
    options: tuple[str, ...]
    collected: tuple[str, ...] = ()
    draws_left: int = 0
    then: Resume


class ColdestNightState(Frozen):
    variant: Literal["standard", "solo"]
    num_players: int
    turn: int
    active_seat: int
    phase: Phase
    pit: tuple[str, ...]
    turn_boost: int = 0
    deck: tuple[str, ...]
    frost_deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    frostbite: tuple[tuple[str, ...], ...]
    tokens: dict[TokenId, TokenState]
    alcohol_on: str | None = None
    discard: tuple[str, ...] = ()
    frostbite_discard: tuple[str, ...] = ()
    display: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    # turn record (reset when each turn starts)
    cards_played: int = 0
    main_action: Literal["feed", "scavenge"] | None = None
    pending_target: int = 0
    pending_greatest: int = 0
    pending_burn_one: int = 0
    fire_died_down: bool = False
    display_only: bool = True
    # pauses inside a step
    scavenge: ScavengePool | None = None
    memory: MemoryPending | None = None
    # the end
    winners: tuple[int, ...] | None = None
    end_reason: str | None = None

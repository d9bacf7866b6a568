"""The stored state of a Dead of Winter table: frozen pydantic records that round-trip through JSON.

The rules modules work on a plain-dict copy (`State.model_dump()`), change it in place while one
move resolves, and validate it back into a `State` at the end: one move is one transaction, so a
refused move (a `RuleError` raised half-way) never leaves a changed table behind.

Secrets live here next to public facts (hands, objectives, the held twist card, contributions,
ballots, deck order); only `observation.py` decides what each seat may see.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from rules.core import Frozen, Options

W = dict[str, Any]
"""The working copy of a state while a move resolves."""


MODULES: tuple[str, ...] = (
    "despair",
    "unruly_helpless",
    "traps",
    "improvements",
    "bandits",
    "lab",
    "first_player_vote",
)
"""The Long Night modules (§9), each one bool option; `long_night` turns them all on."""


class DeadOfWinterOptions(Options):
    """Table options (§8.0), the Long Night modules (§9) included: each module is one bool, and
    the `long_night` preset sets every module the table did not set itself."""

    variants: ClassVar[tuple[dict[str, Any], ...]] = (
        {"mode": "coop"},
        {"mode": "standard", "hardcore": True},
        {"mode": "standard", "secret_deal": "betrayer"},
        {"mode": "standard", "secret_deal": "no_betrayer"},
        {"mode": "standard", "player_elimination": True},
        {"mode": "prisoners_dilemma"},
        {"long_night": True},
    )

    mode: Literal["standard", "coop", "prisoners_dilemma"] | None = None
    objective: str = "random"
    hardcore: bool = False
    secret_deal: Literal["normal", "betrayer", "no_betrayer"] = "normal"
    player_elimination: bool = False
    long_night: bool = False
    despair: bool | None = None
    unruly_helpless: bool | None = None
    traps: bool | None = None
    improvements: bool | None = None
    bandits: bool | None = None
    lab: bool | None = None
    first_player_vote: bool | None = None

    @model_validator(mode="after")
    def _objective(self) -> DeadOfWinterOptions:
        if self.objective != "random" and self.objective not in {f"M{i:02}" for i in range(1, 11)}:
            raise ValueError("objective must be M01–M10 or random")
        return self

    def modules(self) -> tuple[str, ...]:
        """The modules on: each as set, else as the preset says (§8.0)."""
        on = []
        for m in MODULES:
            value = getattr(self, m)
            if value or (value is None and self.long_night):
                on.append(m)
        return tuple(on)


class Group(Frozen):
    group: int
    seat: int
    survivors: tuple[str, ...] = ()
    leader: str | None = None
    original_leader: str | None = None
    hand: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    dice_used: int = 0
    exiled: bool = False
    eliminated: bool = False
    drafted: bool = False
    dealt: tuple[str, ...] = ()
    objectives: tuple[str, ...] = ()
    revealed: tuple[str, ...] = ()
    was_betrayer: bool | None = None
    kills: int = 0
    contributed: int = 0
    deaths_own: int = 0
    asked: tuple[int, ...] = ()
    exile_called: bool = False


class SurvivorState(Frozen):
    id: str
    group: int
    location: str
    wounds: int = 0
    frostbite: int = 0
    despair: int = 0
    equipped: tuple[str, ...] = ()
    moved: bool = False
    used: tuple[str, ...] = ()


class LocationState(Frozen):
    key: str
    zombies: tuple[int, ...]
    barricades: tuple[int, ...]
    noise: int = 0
    helpless: int = 0
    unruly: int = 0
    deck: tuple[str, ...] = ()
    traps: tuple[int, ...] = ()
    experiments: tuple[int, ...] = ()
    bandits: int = 0


class LongNight(Frozen):
    """The modules' own table parts (§9). Secret: the improvement, experiment and side-effect
    decks' order; everything else here is public."""

    bandit_supply: int = 0
    stash: tuple[str, ...] = ()
    display: tuple[str, ...] = ()
    improvement_deck: tuple[str, ...] = ()
    tokens: dict[str, int] = Field(default_factory=dict)
    token_supply: int = 0
    built: tuple[str, ...] = ()
    experiment: str | None = None
    code_dice: tuple[int, ...] = ()
    experiment_deck: tuple[str, ...] = ()
    experiment_supply: int = 0
    contained: int = 0
    broke_out: int = 0
    side_effects: tuple[str, ...] = ()
    scrapped: bool = False


class Contribution(Frozen):
    group: int
    card: str


class CrisisState(Frozen):
    id: str
    contributions: tuple[Contribution, ...] = ()


class CrisisResult(Frozen):
    id: str
    revealed: tuple[str, ...]
    score: int
    threshold: int
    result: Literal["prevented", "prevented_bonus", "failed"]


class TwistState(Frozen):
    holder: int | Literal["bot"] | None = None
    for_group: int | None = None
    card: str | None = None
    fired: str | None = None
    chosen: int | None = None


class VoteRecord(Frozen):
    subject: str
    target: int | None = None
    votes: dict[int, str] = Field(default_factory=dict)
    result: str


class Pending(Frozen):
    """One open decision (§5.4). `data` holds the kind's own fields (some private: `cards`,
    `ballots`, `looked`); `observation.py` publishes only the public ones."""

    kind: str
    seats: tuple[int, ...]
    group: int | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class Task(Frozen):
    """A step still to run: the rest of an effect list, an exposure roll, a colony step…"""

    t: str
    data: dict[str, Any] = Field(default_factory=dict)


class Peek(Frozen):
    seat: int
    round: int
    target_seat: int
    kind: str
    values: tuple[str, ...]


class State(Frozen):
    seats: int
    mode: Literal["standard", "coop", "prisoners_dilemma"]
    solo: bool
    side: Literal["standard", "hardcore"]
    secret_deal: str
    elimination: bool
    phase: Literal["draft", "turn", "colony", "ended"] = "draft"
    round_number: int = 1
    round_track: int
    morale: int
    food: int = 0
    starvation: int = 0
    waste: int = 0
    first_player: int = 0
    active: int | None = None
    turns_taken: int = 0
    order: tuple[int, ...] = ()
    groups: tuple[Group, ...]
    survivors: dict[str, SurvivorState] = Field(default_factory=dict)
    locations: dict[str, LocationState]
    survivor_deck: tuple[str, ...] = ()
    crisis_deck: tuple[str, ...] = ()
    twist_deck: tuple[str, ...] = ()
    exiled_deck: tuple[str, ...] = ()
    graveyard: tuple[str, ...] = ()
    colony_kills: int = 0
    deaths: int = 0
    exiled_non_betrayers: int = 0
    main: str
    stash: tuple[str, ...] = ()
    crisis: CrisisState | None = None
    last_crisis: CrisisResult | None = None
    twist: TwistState = Field(default_factory=TwistState)
    last_vote: VoteRecord | None = None
    pending: tuple[Pending, ...] = ()
    tasks: tuple[Task, ...] = ()
    tev: tuple[dict[str, Any], ...] = ()
    peeks: tuple[Peek, ...] = ()
    main_done: bool = False
    end_reason: str | None = None
    modules: tuple[str, ...] = ()
    ln: LongNight = Field(default_factory=LongNight)

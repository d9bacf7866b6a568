"""The protocol every game implements, and the small records they exchange with the engine.

Seats are 0-based everywhere in code. Game specs number seats 1..N as players see them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

Seat = int

SYSTEM_SEAT: Seat = -1
"""The seat a timer's system action is logged under (e.g. The 10th Night's `end_day`)."""

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")
O = TypeVar("O", bound=BaseModel)


class Frozen(BaseModel):
    """Base for immutable records: states, actions, observations."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Options(Frozen):
    """Base for a game's options (variants, house rules, test hooks).

    `test_hooks` names the options that fix a set-up for tests (a deck order…): tables on Discord
    refuse them, so nobody can stack a deck; the terminal table and tests may set them.
    """

    test_hooks: ClassVar[frozenset[str]] = frozenset()


def rng_for(seed: str | int, ply: int) -> random.Random:
    """The only source of randomness: ply 0 is set-up, ply n the n-th action of the log."""
    return random.Random(f"{seed}/{ply}")


class Event(Frozen):
    """One line for the table feed and log.

    `text` may name seats as `{s0}`, `{s1}`…; `format_event` turns them into player names.
    `visible_to` None means public; otherwise only those seats may see it.
    """

    text: str
    visible_to: frozenset[Seat] | None = None
    kind: str = "info"

    @property
    def public(self) -> bool:
        return self.visible_to is None

    def seen_by(self, seat: Seat | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def seat_ref(seat: Seat) -> str:
    """Placeholder for a seat inside event text."""
    return "{s" + str(seat) + "}"


_SEAT_REF = re.compile(r"\{s(\d+)\}")


def format_event(text: str, names: Sequence[str] | Callable[[Seat], str] | None = None) -> str:
    """Replace `{sN}` with the seat's name (default "seat N+1", as players count)."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if names is None:
            return f"seat {seat + 1}"
        if callable(names):
            return names(seat)
        return names[seat] if seat < len(names) else f"seat {seat + 1}"

    return _SEAT_REF.sub(name, text)


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of applying one action: the new state and what happened."""

    state: S
    events: tuple[Event, ...] = ()


class Outcome(Frozen):
    winners: frozenset[Seat]
    reason: str
    scores: dict[Seat, int] | None = None
    group_score: int | None = None


class Timer(Frozen):
    """A game's clock at the point it is waiting (an option such as `day_seconds`).

    `key` names the waiting point: while it stays the same the clock keeps running; a new key starts
    it again. When `seconds` pass, the bot plays `action` — as `seat`, or as the system
    (`SYSTEM_SEAT`) when `seat` is None. Games without clocks simply have no `timer` method.
    """

    key: str
    seconds: int
    seat: Seat | None
    action: Any


class ChatPolicy(Frozen):
    """What one seated player may say in the table's channel right now.

    mode "free": anything; "no_numbers": no number except `allowed_numbers`; "silent": nothing.
    `reason` is the code shown to a blocked author when the whole seat is silenced
    (for example `blue_lips`, `night`).
    """

    mode: Literal["free", "no_numbers", "silent"] = "free"
    reason: str | None = None
    allowed_numbers: frozenset[int] = frozenset()
    block_attachments: bool = False


FREE_CHAT = ChatPolicy()


@runtime_checkable
class Agent(Protocol):
    """An AI player. It sees only its own seat's observation and the legal actions."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...


class Game(Protocol[S, A, O]):
    key: str
    title: str
    pitch: str  # one line for `/game list`
    min_seats: int
    max_seats: int
    options_model: type[Options]
    state_model: type[S]
    action_model: TypeAdapter[A]
    agents: Mapping[str, Callable[[], Agent]]  # at least "random" and "heuristic"

    def setup(self, seats: int, options: Any, rng: random.Random) -> S: ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """Every seat that has a legal action now (including optional interjections)."""
        ...

    def awaiting(self, state: S) -> frozenset[Seat]:
        """Seats whose decision the game is waiting for (pings, timers, AI turns); ⊆ to_act."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]: ...

    def apply(self, state: S, seat: Seat, action: A, rng: random.Random) -> Step[S]: ...

    def observe(self, state: S, seat: Seat | None) -> O: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def chat_policy(self, state: S, seat: Seat) -> ChatPolicy: ...

    def label(self, state: S, action: A) -> str: ...

    def parse(self, state: S, seat: Seat, text: str) -> A: ...

    def secrets(self, state: S, seat: Seat) -> frozenset[str]:
        """Values only `seat` may see (card ids in hand, its objective…), for leak tests."""
        ...

    def describe(self, observation: O) -> str:
        """Plain text (light Markdown) of an observation, for the board, DMs and the terminal."""
        ...

    def rules_text(self) -> str:
        """A short rules summary for `/game rules` and the terminal's `help`."""
        ...


def seat_range(game: Game[Any, Any, Any]) -> str:
    """How many players a game seats, as players read it: "2" or "2–6"."""
    low, high = game.min_seats, game.max_seats
    return str(low) if low == high else f"{low}–{high}"


def timer_of(game: Game[Any, Any, Any], state: Any) -> Timer | None:
    """The game's running clock, if it has clocks and one runs now (the method is optional)."""
    timer: Callable[[Any], Timer | None] | None = getattr(game, "timer", None)
    return timer(state) if timer is not None else None

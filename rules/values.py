"""The small frozen records games and the engine exchange: events, steps, outcomes, clocks, chat
policies, options, and the agent protocols. `rules.core` re-exports every name here.

Seats are 0-based everywhere in code. Game specs number seats 1..N as players see them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import (
    Any,
    ClassVar,
    Generic,
    Literal,
    Protocol,
    TypeVar,
    cast,
    runtime_checkable,
)

from pydantic import BaseModel, ConfigDict

from rules.draft import construct

Seat = int

SYSTEM_SEAT: Seat = -1
"""The seat a timer's system action is logged under (e.g. The 10th Night's `end_day`)."""

S = TypeVar("S", bound=BaseModel)
M = TypeVar("M", bound=BaseModel)
A = TypeVar("A")
O = TypeVar("O", bound=BaseModel)


class Frozen(BaseModel):
    """Base for immutable records: states, actions, observations."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def builder(model: type[M]) -> Callable[..., M]:
    """A constructor of `model` from values known to be valid, without validation (what
    `model_construct` does, minus its per-field work): for observations, which the rules build
    from a state they made themselves, where validation was most of the cost of a view.

    Every field must be given, with values of the field's type (a tuple where the model holds a
    tuple): nothing is converted or defaulted. The games' tests compare such records with
    validated copies. A model with private attributes or extra fields gets `model_construct`."""
    made = construct(model)

    def build(**values: Any) -> M:
        return cast(M, made(values))

    return build


class Options(Frozen):
    """Base for a game's options (variants, house rules, test hooks).

    `test_hooks` names the options that fix a set-up for tests (a deck order…): tables on Discord
    refuse them, so nobody can stack a deck; the terminal table and tests may set them.
    `variants` lists the option sets worth playing besides the default one (each variant and
    module): the conformance suite, the choice-path test and the words scanner play each.
    """

    test_hooks: ClassVar[frozenset[str]] = frozenset()
    variants: ClassVar[tuple[dict[str, Any], ...]] = ()


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
    heading: bool = False
    """Opens a new line of the thread: a move's lines are joined into one line, but one that says
    a night falls, an attack begins or the colony phase comes starts its own."""

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
    if "{s" not in text:  # most lines name nobody: no pattern to run
        return text

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
    """The result of applying one action: the new state and what happened.

    `final` is set by the engine, not by a game: why the move can no longer be taken back (its
    rng was used, it told another seat something in private, it showed something hidden), in a
    few words that finish "That move cannot be taken back: …"; None while it could be.
    """

    state: S
    events: tuple[Event, ...] = ()
    final: str | None = None


class SeatResult(Frozen):
    """How one seat's own goal ended (Dead of Winter's secret objectives, a co-op group result).

    `kind` is the game's word for the goal ("secret", "betrayal", "coop"…); `ref` names the card
    or goal behind it, `detail` says it in words. A seat may have several results.
    """

    seat: Seat
    kind: str = "player"
    met: bool
    group: int | None = None
    ref: str | None = None
    detail: str | None = None


class Outcome(Frozen):
    """How a game ended. `reason` is a short code a game's `summary` puts into words; `results`
    and `details` carry what a game needs beyond winners and scores."""

    winners: frozenset[Seat]
    reason: str
    scores: dict[Seat, int] | None = None
    group_score: int | None = None
    results: tuple[SeatResult, ...] = ()
    details: dict[str, Any] = {}


class Timer(Frozen):
    """A game's clock at the point it is waiting (an option such as `day_seconds`).

    `key` names the waiting point: while it stays the same the clock keeps running; a new key starts
    it again. When `seconds` pass, the bot plays each of `moves` in order — `(seat, action)`, with
    `SYSTEM_SEAT` for a move of the game itself (The 10th Night's `end_day`). Several moves act for
    several seats at once (the ballots still missing when a vote's time is up); a move whose seat
    can no longer make it by then is skipped.
    """

    key: str
    seconds: int
    moves: tuple[tuple[Seat, Any], ...]

    @classmethod
    def single(cls, key: str, seconds: int, seat: Seat | None, action: Any) -> Timer:
        """A clock that makes one move: as `seat`, or as the system when `seat` is None."""
        return cls(
            key=key, seconds=seconds, moves=((SYSTEM_SEAT if seat is None else seat, action),)
        )

    def system_move(self, action: Any) -> bool:
        """Whether `action` is a move this clock may make as the system."""
        return any(seat == SYSTEM_SEAT and move == action for seat, move in self.moves)


class ChatPolicy(Frozen):
    """What one seated player may say in the table's channel right now.

    mode "free": anything; "no_numbers": no number except `allowed_numbers`; "silent": nothing.
    `reason` is the code shown to a blocked author when the whole seat is silenced
    (for example `blue_lips`, `night`). `notice` is the game's own words for why a message was
    refused ("it is night in The 10th Night: …"), so the bot's chat filter holds no game's text.
    """

    mode: Literal["free", "no_numbers", "silent"] = "free"
    reason: str | None = None
    allowed_numbers: frozenset[int] = frozenset()
    block_attachments: bool = False
    notice: str = ""


FREE_CHAT = ChatPolicy()


@runtime_checkable
class Agent(Protocol):
    """An AI player. It sees only its own seat's observation and the legal actions."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...


class Suggestion(Frozen):
    """What a search agent would play for a seat, for `/game suggest`: the move, one plain
    sentence why (players as `{sN}`, never an identifier), and its estimated chance of winning
    (0–1; None when the search cannot tell). Built from the seat's observation only."""

    action: Any
    reason: str
    win_chance: float | None = None


@runtime_checkable
class Advisor(Protocol):
    """An agent that can also explain its pick (the `expert` level): `suggest` answers like
    `choose`, with the reason and the estimate."""

    name: str

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...

    def suggest(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Suggestion: ...


def reads_observation(agent: Any) -> bool:
    """Whether `agent` looks at its observation: an agent that declares
    `reads_observation = False` (a random agent) is handed None, since building an observation is
    most of the cost of a playout step and it would go unread."""
    return bool(getattr(agent, "reads_observation", True))

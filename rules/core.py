"""The protocol every game implements, and the small records they exchange with the engine.

Seats are 0-based everywhere in code. Game specs number seats 1..N as players see them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import (
    Any,
    ClassVar,
    Generic,
    Literal,
    Protocol,
    TypeVar,
    cast,
    overload,
    runtime_checkable,
)

from pydantic import BaseModel, ConfigDict, TypeAdapter

from rules.choices import Path, plain_paths
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


class Working(Generic[S, A]):
    """One game in progress inside a playout (`rules.playout.play_out`), changed in place.

    A playout never needs the frozen state between moves, only the answers to "who acts, what may
    they do, is it over" and the next move applied. This default keeps a frozen state and asks the
    game (`apply` builds a new state each move), so every game has a working copy for free; a game
    whose queries or `apply` copy the whole state overrides `BaseGame.working` with a subclass that
    keeps one mutable copy for the whole playout. A subclass must give exactly the answers the
    game's own methods give on `freeze()` (a test plays 100 seeded games both ways per game).
    """

    def __init__(self, game: BaseGame[S, A, Any], state: S) -> None:
        self.game = game
        self.state = state

    def to_act(self) -> frozenset[Seat]:
        return self.game.to_act(self.state)

    def awaiting(self) -> frozenset[Seat]:
        return self.game.awaiting(self.state)

    def legal(self, seat: Seat) -> Sequence[A]:
        """`legal_actions` of the current state (the caller knows `seat` may act)."""
        return self.game.legal_actions(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def apply(self, seat: Seat, action: A, seed: str | int, ply: int) -> None:
        """Apply the `ply`-th action, taken from `legal(seat)`: it is not checked again. The
        seed and ply make the move's `rng_for`, which a game whose moves draw nothing skips."""
        self.state = self.game.apply(self.state, seat, action, rng_for(seed, ply)).state

    def freeze(self) -> S:
        """The frozen state the game is in now."""
        return self.state

    def observe(self, seat: Seat | None) -> Any:
        return self.game.observe(self.freeze(), seat)


class ByKind(Sequence[A]):
    """A seat's legal actions grouped by kind (their `type`), each group listed only when asked.

    An agent that first picks a kind of move (The 10th Night's random agent) reads `kinds()` and
    then `of_kind(kind)`, so a playout never builds the hundreds of exchange proposals it does not
    pick. Used as a plain sequence it lists everything, in the game's fixed order. `kinds` maps
    each kind to a function yielding its actions in that same order; a kind that yields nothing
    is not offered.
    """

    def __init__(
        self, kinds: Mapping[str, Callable[[], Iterable[A]]], everything: Callable[[], Sequence[A]]
    ) -> None:
        self._kinds = kinds
        self._everything = everything
        self._found: dict[str, Sequence[A]] = {}
        self._all: Sequence[A] | None = None

    def kinds(self) -> list[str]:
        """The kinds with at least one legal action, sorted by name (only the first of each
        kind is made to find out)."""
        return sorted(
            k
            for k, make in self._kinds.items()
            if self._found.get(k) or next(iter(make()), None) is not None
        )

    def of_kind(self, kind: str) -> Sequence[A]:
        found = self._found.get(kind)
        if found is None:
            make = self._kinds.get(kind)
            found = self._found[kind] = list(make()) if make is not None else []
        return found

    def _list(self) -> Sequence[A]:
        if self._all is None:
            self._all = self._everything()
        return self._all

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: Any) -> Any:
        return self._list()[index]


class MadeOnRead(Sequence[A]):
    """A legal list whose actions are made only when read: the i-th is `make(*keys[i])`.

    A playout's random agent reads one action of a list that can hold hundreds (Cold Comfort's
    placements of a drawn tile, The 10th Night's exchange offers), so the game lists plain keys in
    the list's order and the action records wait until asked. Slices make a plain list."""

    def __init__(self, keys: Sequence[tuple[Any, ...]], make: Callable[..., A]) -> None:
        self.keys = keys
        self._make = make

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, index: int) -> A: ...
    @overload
    def __getitem__(self, index: slice) -> list[A]: ...
    def __getitem__(self, index: int | slice) -> A | list[A]:
        make = self._make
        if isinstance(index, slice):
            return [make(*k) for k in self.keys[index]]
        return make(*self.keys[index])


class BaseGame(Generic[S, A, O]):
    """The game protocol. A game subclasses it, sets the class attributes, implements the
    required methods, and overrides only the optional hooks it needs (their defaults are here).

    Required: `setup`, `to_act`, `legal_actions`, `apply`, `observe`, `outcome`, `label`,
    `parse`, `describe`, `rules_text`. Optional: `awaiting`, `chat_policy`, `secrets`, `hidden`,
    `timer`, `why_illegal`, `notation`, `is_secret`, `summary`, `move_kind`, `choice_paths`,
    `working`,
    `private_key`, `private_lines`, and the
    `picture` and `panel_common` attributes.
    `docs/DESIGN.md` says what each one is for.
    """

    key: str  # "coldest_night": module, registry, storage and command value
    title: str
    pitch: str  # one line for `/game list`
    min_seats: int
    max_seats: int
    options_model: type[Options]
    state_model: type[S]
    action_model: TypeAdapter[A]
    agents: Mapping[str, Callable[[], Agent]]  # at least "random" and "heuristic"
    picture: bool = False  # True when `cogs/games/<key>.py` draws a board picture
    panel_common: tuple[
        str, ...
    ] = ()  # kinds (`move_kind`) a private panel shows first, as buttons
    max_choice_depth: int = 3  # steps from a panel's top to any move (`choice_paths`)

    # required -------------------------------------------------------------------------------
    def setup(self, seats: int, options: Any, rng: random.Random) -> S | Step[S]:
        """The first state, or a `Step` when set-up has something to tell (opening draws, and
        private events such as a dealt objective)."""
        raise NotImplementedError

    def to_act(self, state: S) -> frozenset[Seat]:
        """Every seat that has a legal action now (including optional interjections)."""
        raise NotImplementedError

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """The seat's legal actions in a fixed order. The engine asks once per state and hands the
        list to `parse`, checks and agents."""
        raise NotImplementedError

    def apply(self, state: S, seat: Seat, action: A, rng: random.Random) -> Step[S]:
        raise NotImplementedError

    def observe(self, state: S, seat: Seat | None) -> O:
        """A seat's view (public + its own secrets); None is the public view."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def label(self, state: S, action: A) -> str:
        raise NotImplementedError

    def parse(self, state: S, seat: Seat, text: str, legal: Sequence[A] | None = None) -> A:
        """Typed notation or a label → one of `legal` (the seat's legal actions, computed by the
        caller when not given), or a `ParseError`/`IllegalActionError` a player can read."""
        raise NotImplementedError

    def describe(self, observation: O) -> str:
        """Plain text (light Markdown) of an observation, for the board, DMs and the terminal."""
        raise NotImplementedError

    def rules_text(self) -> str:
        """A short rules summary for `/game rules` and the terminal's `help`."""
        raise NotImplementedError

    # optional hooks ---------------------------------------------------------------------------
    def awaiting(self, state: S) -> frozenset[Seat]:
        """Seats whose decision the game is waiting for (pings, clocks, AI turns); ⊆ to_act.
        An optional interjection (a Coldest Night token) is in `to_act` but not here."""
        return self.to_act(state)

    def chat_policy(self, state: S, seat: Seat) -> ChatPolicy:
        """What `seat` may say in the table's channel right now."""
        return FREE_CHAT

    def secrets(self, state: S, seat: Seat) -> frozenset[str]:
        """Values only `seat` may see now (card ids in hand, its objective…), for leak tests."""
        return frozenset()

    def hidden(self, state: S) -> frozenset[str]:
        """Values nobody may see now (a face-down card, an unrevealed vote…), for leak tests.
        Only values that cannot also be public in another way belong here."""
        return frozenset()

    def timer(self, state: S) -> Timer | None:
        """The clock running now, if the game has clocks."""
        return None

    def why_waiting(self, state: S, seat: Seat) -> str | None:
        """Why a seat outside `to_act` has nothing to do now, when the game can say more than
        "not your turn" ("You have already voted."); the bot adds whom the game waits for."""
        return None

    def why_illegal(self, state: S, seat: Seat, action: A) -> str | None:
        """Why a well-formed action is refused now, in a sentence; None for a generic refusal."""
        return None

    def notation(self) -> str:
        """A short guide to typing moves (shown with refusals of typed text and in help)."""
        return ""

    def is_secret(self, state: S, action: A) -> bool:
        """Whether typing `action` in a public channel would give a secret away (a ballot, a
        hidden contribution): the bot refuses such a move there before anyone sees it."""
        return False

    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        """The end-of-game announcement, in the game's own words."""
        return default_summary(outcome, names)

    def move_kind(self, label: str) -> str | None:
        """The kind of the move labelled `label` ("Move", "Clean waste"), for private panels: a game
        whose turn offers dozens of moves gets one button or select menu per kind instead of pages
        of moves in label order. None (the default) keeps the plain panel; a game opts in by
        naming a kind for every label (and its common kinds in `panel_common`)."""
        return None

    def choice_paths(self, state: S, seat: Seat, legal: Sequence[A]) -> Sequence[Path | None]:
        """How the seat picks each of `legal` in the panel and the terminal: one path of short
        steps per move, in the list's order (`rules/choices.py`): kind of move → the card,
        survivor or tile → the target or spot. No step may offer more than 25 options, and no
        move may be more than `max_choice_depth` steps deep. The default lists the labels when
        there are few, else groups them by `move_kind`, else by their leading words."""
        labels = [self.label(state, action) for action in legal]
        kinds = [self.move_kind(label) for label in labels]
        return plain_paths(labels, kinds if all(kinds) else None)

    def private_key(self, state: S, seat: Seat) -> Hashable | None:
        """A value that changes whenever the seat's private-only text can: the lines of
        `describe(observe(state, seat))` that `describe(observe(state, None))` does not show
        (its hand, objective, pending decision). Two states with equal keys for a seat must give
        the same lines. The bot keeps a seat's panel text while the key stays the same, so a
        move that changes nothing private builds no private view. None (the default): unknown,
        the text is computed anew every time."""
        return None

    def private_lines(self, state: S, seat: Seat) -> list[str] | None:
        """The seat's private-only lines — those of `describe(observe(state, seat))` that
        `describe(observe(state, None))` does not show, in order, blank ones left out — when
        the game can list them without building both views. None (the default): the bot
        computes them from the two views."""
        return None

    def determinize(self, observation: O, seat: Seat, rng: random.Random) -> S | None:
        """A whole state consistent with `observation` (what `seat` sees now), every part the
        seat cannot see dealt at random from `rng` among what is still possible (the unseen
        cards, other seats' hands and objectives): the worlds a search agent plays out. It must
        read nothing but the observation, so two states the seat cannot tell apart give the same
        worlds. None (the default): the game cannot, and has no search agent."""
        return None

    def working(self, state: S) -> Working[S, A]:
        """A working copy for playouts (`Working`): the default re-applies on frozen states; a
        game overrides it to change one mutable copy in place and answer queries without
        copying the state."""
        return Working(self, state)


Game = BaseGame
"""The protocol's name in type hints: every game is a `BaseGame`."""


def default_summary(outcome: Outcome, names: Sequence[str]) -> str:
    """Winners (or a shared win or loss), the reason in words, and any scores. A game's own
    `summary` says its reasons better; this one only turns the reason's code into words."""
    reason = outcome.reason.replace("_", " ").strip()
    why = f": {reason}" if reason else ""
    if outcome.winners and len(outcome.winners) == len(names):
        head = f"**Everyone wins**{why}."
    elif outcome.winners:
        won = [names[s] for s in sorted(outcome.winners)]
        listed = " and ".join([", ".join(won[:-1]), won[-1]]) if len(won) > 1 else won[0]
        head = f"**{listed} won**{why}."
    else:
        head = f"**Nobody won**{why}."
    parts = [f"Game over. {head}"]
    if outcome.scores:
        scores = ", ".join(f"{names[s]} {v}" for s, v in sorted(outcome.scores.items()))
        parts.append(f"Scores: {scores}.")
    if outcome.group_score is not None:
        parts.append(f"Group score: {outcome.group_score}.")
    return " ".join(parts)


def seat_range(game: Game[Any, Any, Any]) -> str:
    """How many players a game seats, as players read it: "2" or "2–6"."""
    low, high = game.min_seats, game.max_seats
    return str(low) if low == high else f"{low}–{high}"

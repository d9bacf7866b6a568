"""The protocol every game implements (`BaseGame`), its declared record (`GameInfo`), its words
(`GameText`) and the playout's working copy (`Working`). The records games and the engine exchange
live in `rules.values`, the record and the end-of-game sentence in `rules.game_info`, the text
object in `rules.game_text`, the part-read legal lists in `rules.lazy_lists`; all are re-exported
here, so `from rules.core import …` names everything a game needs.

Seats are 0-based everywhere in code. Game specs number seats 1..N as players see them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, Generic

from pydantic import TypeAdapter

from rules.choices import Path, build, check, plain_paths
from rules.game_info import (
    CLOCK_HOOKS,
    HIDDEN_HOOKS,
    TALK_HOOKS,
    Chance,
    EndWords,
    GameInfo,
    Information,
    Play,
    Talk,
    contradictions,
    listed,
    result_words,
)
from rules.game_text import GameText, Rules, plural, times_words
from rules.lazy_lists import ByKind, MadeOnRead
from rules.values import (
    FREE_CHAT,
    SYSTEM_SEAT,
    A,
    Advisor,
    Agent,
    ChatPolicy,
    Event,
    Frozen,
    M,
    O,
    Options,
    Outcome,
    S,
    Seat,
    SeatResult,
    Step,
    Suggestion,
    Timer,
    builder,
    format_event,
    reads_observation,
    rng_for,
    seat_ref,
)

__all__ = [
    "FREE_CHAT",
    "SYSTEM_SEAT",
    "A",
    "Advisor",
    "Agent",
    "BaseGame",
    "ByKind",
    "Chance",
    "ChatPolicy",
    "EndWords",
    "Event",
    "Frozen",
    "Game",
    "GameInfo",
    "GameText",
    "Information",
    "M",
    "MadeOnRead",
    "O",
    "Options",
    "Outcome",
    "Play",
    "Rules",
    "S",
    "Seat",
    "SeatResult",
    "Step",
    "Suggestion",
    "Talk",
    "Timer",
    "Working",
    "builder",
    "format_event",
    "listed",
    "plural",
    "reads_observation",
    "result_words",
    "rng_for",
    "seat_range",
    "seat_ref",
    "times_words",
]


class Working(Generic[S, A]):
    """One game in progress inside a playout (`rules.playout.play_out`), changed in place.

    A playout never needs the frozen state between moves, only the answers to "who acts, what may
    they do, is it over" and the next move applied. This default keeps a frozen state and asks the
    game (`apply` builds a new state each move), so every game has a working copy for free; a game
    whose queries or `apply` copy the whole state may add a fast path: a subclass in its
    `fast.py` that keeps one mutable copy for the whole playout, registered as `BaseGame.fast`.
    A subclass must give exactly the answers the game's own methods give on `freeze()`
    (`tests/rules/test_playout.py` plays 100 seeded games both ways for every game with one).
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


class BaseGame(Generic[S, A, O]):
    """The game protocol: the rules. A game subclasses it, declares its record (`info`) and the
    class attributes, implements the required methods, and overrides only the optional hooks it
    needs (their defaults are here). Its words live in its text object (`GameText`, declared as
    `text_model`, read as `text`): labels, parsing, the board and rules in text, refusals, the end.

    Declared: `title`, `pitch`, `info` (a `GameInfo`: players, play, information, chance,
    simultaneous moves, clocks, talk, picture), `options_model`, `state_model`, `action_model`,
    `text_model`, `agents`; optional `fast`, `max_choice_depth`; `key` for a game outside `rules/`.
    Required: `setup`, `to_act`, `legal_actions`, `apply`, `observe`, `outcome`.
    Optional: `awaiting`, `choice_paths`, `determinize`; with hidden information `secrets`,
    `hidden`, `private_key`, `is_secret` (and the text's `private_lines`); with clocks `timer`;
    with limited talk `chat_policy`. A hook the record rules out may not be defined (the class is
    refused), and one it calls for must be.
    Derived by the framework: `key` (for a game in `rules/<key>.py` or `rules/<key>/`),
    `min_seats`, `max_seats`, `picture` (from `info`), `text` (the `text_model` bound to the
    game), `working` (the `fast` path, else `Working`).
    `docs/DESIGN.md` says what each one is for.
    """

    key: str  # "coldest_night": module, registry, storage and command value (`_package_key`)
    title: str
    pitch: str  # one line for `/game list`
    info: ClassVar[GameInfo]  # the game's facts, declared once
    options_model: type[Options]
    state_model: type[S]
    action_model: TypeAdapter[A]
    text_model: ClassVar[type[GameText[Any, Any, Any]]] = GameText  # its words (`text`)
    agents: Mapping[str, Callable[[], Agent]]  # at least "random" and "heuristic"
    fast: ClassVar[type[Working[Any, Any]] | None] = None  # the playout fast path, optional
    max_choice_depth: int = 3  # steps from a panel's top to any move (`choice_paths`)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not hasattr(cls, "key") and (key := _package_key(cls.__module__)):
            cls.key = key
        defines = [
            hook for hook in (*HIDDEN_HOOKS, *CLOCK_HOOKS, *TALK_HOOKS) if _overrides(cls, hook)
        ]
        if not hasattr(cls, "info"):
            if isinstance(getattr(cls, "min_seats"), property):  # noqa: B009
                return  # a base for games, not a game: its subclasses declare the record
            cls.info = _record_of(cls, defines)  # a game written before the record
        wrong = contradictions(cls.info, defines)
        declared = {"min_seats": cls.info.players[0], "max_seats": cls.info.players[1]}
        declared["picture"] = cls.info.picture
        for name, value in declared.items():
            given = vars(cls).get(name, value)
            if not isinstance(given, property) and given != value:
                wrong.append(f"its {name} ({given!r}) is not its record's ({value!r})")
        if wrong:
            raise TypeError(f"{cls.__name__} contradicts its GameInfo: {'; '.join(wrong)}.")

    @cached_property
    def text(self) -> GameText[S, A, O]:
        """The game's words: its `text_model` bound to it, made once."""
        return self.text_model(self)

    @property
    def min_seats(self) -> int:
        """The fewest players (`info.players`)."""
        return self.info.players[0]

    @property
    def max_seats(self) -> int:
        """The most players (`info.players`)."""
        return self.info.players[1]

    @property
    def picture(self) -> bool:
        """Whether `cogs/games/<key>.py` draws a board picture (`info.picture`)."""
        return self.info.picture

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

    # optional hooks ---------------------------------------------------------------------------
    def awaiting(self, state: S) -> frozenset[Seat]:
        """Seats whose decision the game is waiting for (pings, clocks, AI turns); ⊆ to_act.
        An optional interjection (a Coldest Night token) is in `to_act` but not here."""
        return self.to_act(state)

    def chat_policy(self, state: S, seat: Seat) -> ChatPolicy:
        """What `seat` may say in the table's channel right now; only a game whose record limits
        talk defines it (free talk: `FREE_CHAT`)."""
        return FREE_CHAT

    def secrets(self, state: S, seat: Seat) -> frozenset[str]:
        """Values only `seat` may see now (card ids in hand, its objective…), for leak tests and
        for telling whether a move can be taken back. None without hidden information."""
        return frozenset()

    def hidden(self, state: S) -> frozenset[str]:
        """Values nobody may see now (a face-down card, an unrevealed vote…), for leak tests.
        Only values that cannot also be public in another way belong here. None without hidden
        information (a face-down pile's order is not a value: `Engine.final` finds such piles)."""
        return frozenset()

    def timer(self, state: S) -> Timer | None:
        """The clock running now; only a game whose record has `clocks` defines it."""
        return None

    def is_secret(self, state: S, action: A) -> bool:
        """Whether typing `action` in a public channel would give a secret away (a ballot, a
        hidden contribution): the bot refuses such a move there before anyone sees it. Only a game
        with hidden information has such moves."""
        return False

    def choice_paths(self, state: S, seat: Seat, legal: Sequence[A]) -> Sequence[Path | None]:
        """How the seat picks each of `legal` in the panel and the terminal: one path of short
        steps per move, in the list's order (`rules/choices.py`): kind of move → the card,
        survivor or tile → the target or spot. No step may offer more than 25 options, and no
        move may be more than `max_choice_depth` steps deep. The default lists the labels when
        there are few, else groups them by `move_kind`, else by their leading words."""
        labels = [self.text.label(state, action) for action in legal]
        kinds = [self.text.move_kind(label) for label in labels]
        return plain_paths(labels, kinds if all(kinds) else None)

    def forced(self, state: S, seat: Seat, legal: Sequence[A]) -> int | None:
        """The index in `legal` of a move the seat has no choice about and nothing to think over
        (Winter's draw when no counter can be put): the bot makes it when the seat opens its
        panel, so the panel opens at the decision after it. None (the default): the panel offers
        every move."""
        return None

    def paths_or_plain(
        self, state: S, seat: Seat, legal: Sequence[A], found: Sequence[Path | None]
    ) -> Sequence[Path | None]:
        """A game's own paths (`found`), or the default ones where they break a rule of
        `rules.choices.check` (a step too long, a move too deep): for a `choice_paths` whose
        groups can outgrow a panel on a rare hand."""
        if check(build(found), len(legal), self.max_choice_depth):
            return BaseGame.choice_paths(self, state, seat, legal)
        return found

    def private_key(self, state: S, seat: Seat) -> Hashable | None:
        """A value that changes whenever the seat's private-only text can: the lines of
        `text.describe(observe(state, seat))` that the public view's text does not show
        (its hand, objective, pending decision). Two states with equal keys for a seat must give
        the same lines. The bot keeps a seat's panel text while the key stays the same, so a
        move that changes nothing private builds no private view. None (the default for hidden
        information): unknown, the text is computed anew every time. With perfect information
        every seat's view is the public one: nothing is private, and the key never changes."""
        return None if self.info.hidden_information else ()

    def determinize(self, observation: O, seat: Seat, rng: random.Random) -> S | None:
        """A whole state consistent with `observation` (what `seat` sees now), every part the
        seat cannot see dealt at random from `rng` among what is still possible (the unseen
        cards, other seats' hands and objectives): the worlds a search agent plays out. It must
        read nothing but the observation, so two states the seat cannot tell apart give the same
        worlds. None (the default): the game cannot, and has no search agent."""
        return None

    def working(self, state: S) -> Working[S, A]:
        """A working copy for playouts: the game's optional fast path (`fast`, a `Working`
        subclass that changes one mutable copy in place), else the default `Working`, which
        re-applies on frozen states. Not a hook: a game registers its fast path as `fast`."""
        return (self.fast or Working)(self, state)

    # Two of the text object's readings, kept on the game for tools outside this code base that
    # name a move off the game (a transcript renderer); the code itself asks `game.text`.
    def label(self, state: S, action: A) -> str:
        """`text.label`: the move as players read it."""
        return self.text.label(state, action)

    def move_kind(self, label: str) -> str | None:
        """`text.move_kind`: the kind of the move labelled `label`, for panels."""
        return self.text.move_kind(label)


Game = BaseGame
"""The protocol's name in type hints: every game is a `BaseGame`."""


def _overrides(cls: type[BaseGame[Any, Any, Any]], hook: str) -> bool:
    """Whether a game defines the optional `hook`: on its text class for a text hook
    (`private_lines`), else on itself."""
    if hasattr(GameText, hook):
        text_model = getattr(cls, "text_model", GameText)
        return getattr(text_model, hook) is not getattr(GameText, hook)
    return getattr(cls, hook) is not getattr(BaseGame, hook)


def _package_key(module: str) -> str | None:
    """The key of a game written in `rules/<key>.py` or `rules/<key>/`: its module's name, which
    the game therefore need not declare again (None for a game elsewhere: it declares its key)."""
    parts = module.split(".")
    return parts[1] if parts[0] == "rules" and len(parts) > 1 else None


def _record_of(cls: type[BaseGame[Any, Any, Any]], defines: Sequence[str]) -> GameInfo:
    """The record of a game written before `GameInfo` (its seats, picture and the hooks it
    defines): competitive, with hidden information if it keeps secrets."""
    hidden = "secrets" in defines or "hidden" in defines
    return GameInfo(
        players=(getattr(cls, "min_seats"), getattr(cls, "max_seats")),  # noqa: B009
        play=Play.COMPETITIVE,
        information=Information.HIDDEN if hidden else Information.PERFECT,
        clocks="timer" in defines,
        talk=Talk.LIMITED if "chat_policy" in defines else Talk.FREE,
        picture=bool(vars(cls).get("picture", False)),
    )


def seat_range(game: Game[Any, Any, Any]) -> str:
    """How many players a game seats, as players read it: "2" or "2–6"."""
    low, high = game.min_seats, game.max_seats
    return str(low) if low == high else f"{low}–{high}"

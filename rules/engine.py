"""All validation that games share, so no game repeats it.

`Engine` wraps one `Game`: it builds set-ups from validated options, refuses moves out of turn,
after the end or not among the legal actions, and hands every apply its own `rng_for(seed, ply)`.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic

from pydantic import BaseModel, ValidationError

from rules.core import (
    SYSTEM_SEAT,
    A,
    Game,
    O,
    Options,
    Outcome,
    S,
    Seat,
    Step,
    rng_for,
    seat_range,
)
from rules.errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    ParseError,
)
from rules.parsing import seat_words


def _pretty(err: ValidationError) -> str:
    """The first few problems, short: the refusal is one sentence a player reads, and a member can
    type hundreds of bad keys."""
    errors = err.errors()
    parts = []
    for e in errors[:3]:
        where = ".".join(str(x) for x in e["loc"])[:40] or "options"
        parts.append(f"{where}: {e['msg']}")
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    text = "; ".join(parts)
    return (text if len(text) <= 200 else text[:199] + "…") + more


class TracedRandom(random.Random):
    """`rng_for`'s generator that remembers whether it was used, seeded only when it is.

    Every draw of `random.Random` (shuffle, choice, randint, sample, random…) goes through
    `random()` or `getrandbits()`, so counting those two catches any use; the first of them seeds
    the generator exactly as `rng_for` does (a stored game replays unchanged), and a move that
    draws nothing — most moves — never pays for seeding."""

    def __init__(self, seed: str | int = "", ply: int = 0) -> None:  # seeded by `_begin`
        self.at(seed, ply)

    def at(self, seed: str | int, ply: int) -> None:
        """Stand for move `ply`'s generator from now on, unused again: a playout keeps one
        generator for all its moves instead of making one a move (`rules.playout`)."""
        self._seed = f"{seed}/{ply}"
        self.used = False

    def _begin(self) -> None:
        self.used = True
        super().seed(self._seed)  # what `random.Random(f"{seed}/{ply}")` does
        self.gauss_next = None

    def random(self) -> float:
        if not self.used:
            self._begin()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if not self.used:
            self._begin()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        if not self.used:
            self._begin()
        return super().getstate()


RANDOM_USED = "it drew on chance (a card, a shuffle or a roll)"
TOLD_ANOTHER = "another player was told something in private"
CARD_DRAWN = "a card was drawn"
SHOWED_SECRET = "someone saw a hidden card"
MADE_PUBLIC = "everyone has seen something that was secret"


def _leaves(value: Any, out: set[str]) -> set[str]:
    """Every string (and dict key) inside a JSON value: the words an observation shows."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            _leaves(item, out)
    elif isinstance(value, list):
        for item in value:
            _leaves(item, out)
    return out


def _out_of_sight(
    hidden: frozenset[str], held: Sequence[frozenset[str]], viewer: Seat | None
) -> frozenset[str]:
    """The values a viewer (None: the public) may not see by the game's declarations: every
    `hidden` value and every other seat's `secrets`, less what the viewer holds itself."""
    out = set(hidden).union(*(values for s, values in enumerate(held) if s != viewer))
    if viewer is not None:
        out -= held[viewer]
    return frozenset(out)


def _mentions(text: str, values: frozenset[str]) -> bool:
    """Whether a line names one of `values` as a whole word or phrase."""
    return any(
        value in text and re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text)
        for value in values
    )


def _piles(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where a state dump holds a list of plain values in some order (a deck, a hand, a
    track): each a candidate face-down pile."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_piles(item, (*path, key)))
    elif isinstance(value, list):
        if len(value) >= 2 and all(isinstance(i, (str, int)) for i in value):
            if len(set(value)) > 1:
                found.append(path)
        else:
            for index, item in enumerate(value):
                found.extend(_piles(item, (*path, index)))
    return found


def _unordered(value: Any) -> Any:
    """A view with every list of plain values sorted: equal for two views that differ only in
    the order they list the same values (a set of seats kept as a list shows its order once a
    move puts it in a view; nothing was drawn)."""
    if isinstance(value, dict):
        return {key: _unordered(item) for key, item in value.items()}
    if isinstance(value, list):
        if all(isinstance(i, (str, int)) for i in value):
            return sorted(value, key=lambda i: (isinstance(i, str), i))
        return [_unordered(item) for item in value]
    return value


def _turned(dump: Any, path: tuple[Any, ...]) -> Any:
    """A copy of `dump` with the list at `path` turned by one (its first value put last)."""
    if not path:
        return [*dump[1:], dump[0]]
    if isinstance(dump, dict):
        return {k: _turned(v, path[1:]) if k == path[0] else v for k, v in dump.items()}
    return [_turned(v, path[1:]) if i == path[0] else v for i, v in enumerate(dump)]


def _dump(value: Any) -> Any:
    return value.model_dump(mode="json") if isinstance(value, BaseModel) else value


MAX_TYPED = 300  # characters: the longest move label is far shorter
_LEGAL_CACHE = 64  # states remembered by `legal`: a few tables' worth of seats


class Engine(Generic[S, A, O]):
    def __init__(self, game: Game[S, A, O]) -> None:
        self.game = game
        # (id(state), seat) → (state, legal actions): states are frozen, so a list computed once
        # serves parse, check, agents and pictures; the state is kept to rule out a reused id.
        self._legal: OrderedDict[tuple[int, Seat], tuple[S, Sequence[A]]] = OrderedDict()
        self._to_act: OrderedDict[int, tuple[S, frozenset[Seat]]] = OrderedDict()  # id(state) →
        self._awaiting: OrderedDict[int, tuple[S, frozenset[Seat]]] = OrderedDict()  # id(state) →

    # set-up ---------------------------------------------------------------------------------
    def options(self, raw: Mapping[str, Any] | Options | None = None) -> Options:
        if isinstance(raw, self.game.options_model):
            return raw
        data = dict(raw or {}) if not isinstance(raw, BaseModel) else raw.model_dump()
        try:
            return self.game.options_model.model_validate(data)
        except ValidationError as err:
            raise OptionsError(
                f"{self.game.title} does not accept these options: {_pretty(err)}"
            ) from None

    def check_seats(self, seats: int) -> None:
        g = self.game
        if not g.min_seats <= seats <= g.max_seats:
            raise OptionsError(f"{g.title} is played by {seat_range(g)} players, not {seats}.")

    def start(
        self, seats: int, options: Mapping[str, Any] | Options | None, seed: str | int
    ) -> Step[S]:
        """The first state and what set-up tells the table (public draws, private deals)."""
        self.check_seats(seats)
        made = self.game.setup(seats, self.options(options), rng_for(seed, 0))
        return made if isinstance(made, Step) else Step(state=made)

    def setup(self, seats: int, options: Mapping[str, Any] | Options | None, seed: str | int) -> S:
        return self.start(seats, options, seed).state

    # play -------------------------------------------------------------------------------------
    def to_act(self, state: S) -> frozenset[Seat]:
        """`Game.to_act`, computed once per state: a move asks it of the same state several times
        (the turn check, the legal list, whom the table waits for)."""
        return self._seats_once(self._to_act, state, self.game.to_act)

    def awaiting(self, state: S) -> frozenset[Seat]:
        """`Game.awaiting`, computed once per state (a move asks whom the table waits for before
        it, after it, for the pings and for the board's turn line)."""
        return self._seats_once(self._awaiting, state, self.game.awaiting)

    def _seats_once(
        self,
        cache: OrderedDict[int, tuple[S, frozenset[Seat]]],
        state: S,
        compute: Callable[[S], Iterable[Seat]],
    ) -> frozenset[Seat]:
        """`compute(state)` as a frozenset, kept per state object in `cache` (oldest dropped)."""
        key = id(state)
        hit = cache.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        seats = frozenset(compute(state))
        cache[key] = (state, seats)
        if len(cache) > _LEGAL_CACHE:
            cache.popitem(last=False)
        return seats

    def legal(self, state: S, seat: Seat) -> Sequence[A]:
        """The seat's legal actions now (none out of turn or after the end), computed once."""
        key = (id(state), seat)
        hit = self._legal.get(key)
        if hit is not None and hit[0] is state:
            self._legal.move_to_end(key)
            return hit[1]
        game = self.game
        if game.outcome(state) is not None or seat not in self.to_act(state):
            actions: Sequence[A] = ()
        else:
            actions = game.legal_actions(state, seat)
        self._legal[key] = (state, actions)
        if len(self._legal) > _LEGAL_CACHE:
            self._legal.popitem(last=False)
        return actions

    def parse(self, state: S, seat: Seat, text: str) -> A:
        """Typed text → one of the seat's legal actions (a readable `RuleError` otherwise).

        Text longer than any move is refused before a game reads it: no game's notation needs
        it, and a 5,000-digit number would otherwise reach `int()` and its digit limit."""
        self.check_turn(state, seat)
        if len(text) > MAX_TYPED:
            raise ParseError(
                f"That is too long to be a move ({len(text):,} characters): "
                "`/play` lists what you can do."
            )
        legal = self.legal(state, seat)
        try:
            return self.game.parse(state, seat, text, legal)
        except ParseError:
            # A label names players as `{sN}`; a typed move naming a player by name has it too
            # (`bot.names`): a game's notation reads it as players have always typed it, "seat 2".
            if "{s" not in text:
                raise
            return self.game.parse(state, seat, seat_words(text), legal)

    def check_turn(self, state: S, seat: Seat) -> None:
        if self.game.outcome(state) is not None:
            raise GameOverError("This game is over; no more moves can be made.")
        if seat != SYSTEM_SEAT and seat not in self.to_act(state):
            raise NotYourTurnError(
                self.game.why_waiting(state, seat)
                or "It is not your turn: the game is not waiting for you right now."
            )

    def check(self, state: S, seat: Seat, action: A) -> None:
        """Raise the right `RuleError` unless `seat` may play `action` now."""
        game = self.game
        self.check_turn(state, seat)
        if seat == SYSTEM_SEAT:
            timer = game.timer(state)
            if timer is None or not timer.system_move(action):
                raise IllegalActionError("Only the game's running clock can make that move.")
            return
        if action not in self.legal(state, seat):
            reason = game.why_illegal(state, seat, action)
            raise IllegalActionError(reason or "That move is not allowed right now.")

    def act(
        self, state: S, seat: Seat, action: A, *, seed: str | int, ply: int, checked: bool = False
    ) -> Step[S]:
        """Apply the `ply`-th action of the log (1-based) after checking it (`checked`: the
        action was taken from this state's legal list, so it needs no second check)."""
        if not checked:
            self.check(state, seat, action)
        rng = TracedRandom(seed, ply)
        step = self.game.apply(state, seat, action, rng)
        if rng.used:
            return dataclasses.replace(step, final=RANDOM_USED)
        for event in step.events:
            seen = event.visible_to  # told someone other than the mover: not `seen <= {seat}`
            if seen and (len(seen) > 1 or seat not in seen):
                return dataclasses.replace(step, final=TOLD_ANOTHER)
        return step

    def final(
        self,
        before: S,
        seat: Seat,
        action: A,
        step: Step[S],
        *,
        seed: str | int,
        ply: int,
        seats: int,
    ) -> str | None:
        """Why the move (`action` by `seat`, the `ply`-th, which made `step` from `before`)
        can no longer be taken back, or None.

        Taking a move back is fair only if nobody learnt anything from it: a move after which
        anything hidden became public or was shown to someone (a vote revealed, a contribution
        pile turned over, a card drawn or shown) is final. Beyond what `act` records (the move's
        rng was used; another seat was told something in private) a move is final when:
        - its result depends on a face-down pile: some list in the state (a deck shuffled at
          set-up) could be in another order without any seat's view changing, and in that other
          order the same move shows someone something else — drawing from a pre-shuffled deck
          uses no rng, yet shows the card;
        - a seat now holds a `secrets` value it did not hold;
        - for some viewer (the public, then each seat), a value the game declared out of that
          viewer's sight before the move (`hidden`, or another seat's `secrets`) is no longer
          out of its sight after it, or its view or an event it is told shows that value: this
          is decided by what the game declares, not by what the text says (an open vote's
          ballots are declared `hidden` and leave it when the vote is revealed, though no new
          word needs to appear).
        Computed only when a player asks to take a move back: it observes every seat many times.
        """
        if step.final is not None:
            return step.final
        game = self.game
        after = step.state
        viewers: list[Seat | None] = [None, *range(seats)]

        def views(state: Any) -> list[Any]:
            return [_dump(game.observe(state, v)) for v in viewers]

        seen_before, seen_after = views(before), views(after)
        if self._depends_on_face_down(before, seat, action, seed, ply, seen_before, seen_after):
            return CARD_DRAWN
        held_before = [game.secrets(before, s) for s in range(seats)]
        held_after = [game.secrets(after, s) for s in range(seats)]
        if any(now - had for had, now in zip(held_before, held_after, strict=True)):
            return SHOWED_SECRET
        hidden_before, hidden_after = game.hidden(before), game.hidden(after)
        for index, viewer in enumerate(viewers):
            kept = _out_of_sight(hidden_before, held_before, viewer)
            if not kept:
                continue
            still = _out_of_sight(hidden_after, held_after, viewer)
            told = [event.text for event in step.events if event.seen_by(viewer)]
            shown = kept & _leaves(seen_after[index], set())
            if kept - still or shown or any(_mentions(text, kept) for text in told):
                return MADE_PUBLIC if viewer is None else SHOWED_SECRET
        return None

    def _depends_on_face_down(
        self,
        before: S,
        seat: Seat,
        action: A,
        seed: str | int,
        ply: int,
        seen_before: list[Any],
        seen_after: list[Any],
    ) -> bool:
        """Whether turning some list of the state that nobody can see the order of changes what
        anyone sees after the move (see `final`)."""
        game = self.game
        viewers: list[Seat | None] = [None, *range(len(seen_before) - 1)]
        dump = _dump(before)
        for path in _piles(dump):
            try:
                other = game.state_model.model_validate(_turned(dump, path))
            except ValidationError:
                continue
            if any(
                _dump(game.observe(other, v)) != seen
                for v, seen in zip(viewers, seen_before, strict=True)
            ):
                continue  # someone sees this list's order: it is no face-down pile
            try:
                moved = game.apply(other, seat, action, rng_for(seed, ply)).state
            except Exception:
                return True  # the move only makes sense in the world it saw
            for v, seen in zip(viewers, seen_after, strict=True):
                shown = _dump(game.observe(moved, v))
                if shown != seen and _unordered(shown) != _unordered(seen):
                    return True  # not just the pile's order now shown: something else was drawn
        return False

    def parse_action(self, data: Any) -> A:
        """An action from its stored JSON form."""
        return self.game.action_model.validate_python(data)

    def dump_action(self, action: A) -> Any:
        return self.game.action_model.dump_python(action, mode="json")

    def replay(
        self,
        seats: int,
        options: Mapping[str, Any] | Options | None,
        seed: str | int,
        log: Sequence[tuple[Seat, Any]],
    ) -> S:
        """Rebuild a state from set-up and the action log: the log is the source of truth."""
        state = self.setup(seats, options, seed)
        for ply, (seat, raw) in enumerate(log, start=1):
            state = self.act(state, seat, self.parse_action(raw), seed=seed, ply=ply).state
        return state

    def outcome(self, state: S) -> Outcome | None:
        return self.game.outcome(state)

    def agent_rng(self, seed: str | int, ply: int, seat: Seat) -> random.Random:
        return rng_for(f"{seed}/agent{seat}", ply)

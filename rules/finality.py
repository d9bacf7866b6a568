"""Why a move can no longer be taken back (`Engine.final`, asked when a player wants to undo one):
it drew on chance, told someone something in private, depended on a face-down pile, or let a
viewer see a value the game declared out of its sight (`secrets`, `hidden`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Generic

from pydantic import BaseModel, ValidationError

from rules.core import A, Game, O, S, Seat, Step, rng_for

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


class Finality(Generic[S, A, O]):
    """The engine's answer to whether a move can be taken back (`Engine` is one)."""

    game: Game[S, A, O]

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
        game = self.game
        if step.final is not None:
            return step.final
        after = step.state
        viewers: list[Seat | None] = [None, *range(seats)]

        def views(state: Any) -> list[Any]:
            return [_dump(game.observe(state, v)) for v in viewers]

        seen_before, seen_after = views(before), views(after)
        if _depends_on_face_down(game, before, seat, action, seed, ply, seen_before, seen_after):
            return CARD_DRAWN
        if not game.info.hidden_information:
            return None  # every seat sees the public view: no secret to hold, nothing hidden
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
    game: Game[S, A, Any],
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

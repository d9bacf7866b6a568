"""The 10th Night's playout fast path (optional: without it a playout re-applies on frozen states
through `rules.core.Working`, and plays the same game). Registered by the game as
`TenthNightGame.fast`; `tests/rules/test_playout.py` checks it against the plain rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core import BaseGame, ByKind, Event, Outcome, Seat, Working
from rules.playout import MoveRng
from rules.tenth_night.actions import Action, Defend
from rules.tenth_night.observation import defences
from rules.tenth_night.rules_day import apply_day, kind_moves, kinds_present, legal
from rules.tenth_night.rules_night import defend
from rules.tenth_night.rules_table import Table
from rules.tenth_night.state import TenthNightState


class TableInPlay(Working[TenthNightState, Action]):
    """A playout's one `Table` for the whole game, changed in place move after move (where
    `apply` would thaw and freeze the whole state each time), with day moves listed by kind
    (`rules.core.ByKind`): a day offers hundreds of exchange proposals, and the random agent picks
    a kind before a move, so most of them need never be made. The table records no event text
    that anyone reads, and a move's rng is seeded only if the move reshuffles."""

    def __init__(
        self, game: BaseGame[TenthNightState, Action, Any], state: TenthNightState
    ) -> None:
        super().__init__(game, state)
        self.rng = MoveRng()
        self.table = _QuietTable(state, self.rng)

    def to_act(self) -> frozenset[Seat]:
        t = self.table
        if t.phase == "night":
            return frozenset({t.cursor.seat}) if t.cursor is not None else frozenset()
        if t.phase != "day":
            return frozenset()
        return frozenset(
            seat
            for seat in range(t.num_players)
            if next(legal(t, seat), None) is not None  # type: ignore[arg-type]
        )

    def awaiting(self) -> frozenset[Seat]:
        t = self.table
        if t.phase == "night":
            return self.to_act()
        if t.phase != "day":
            return frozenset()
        waiting = {i for i, p in enumerate(t.players) if not p.ready}
        waiting |= {o.to_seat for o in t.offers}
        return frozenset(waiting)

    def legal(self, seat: Seat) -> Sequence[Action]:
        t = self.table
        if t.phase == "night":  # `defence_actions`, without building `DefenceOptions`
            cur = t.cursor
            if cur is None or cur.seat != seat:
                return []
            return defences(tuple(t.players[seat].hand), t.attacks[-1].steps[-1].deadly)
        if t.phase != "day":
            return []
        return DayMoves(t, seat)

    def outcome(self) -> Outcome | None:
        table: Any = self.table  # the draft reads as the state it copies: only `result` is read
        return self.game.outcome(table)

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        t = self.table
        t.events.clear()
        self.rng.at(seed, ply)
        if isinstance(action, Defend):
            defend(t, seat, action.mode, action.card_ids)
        else:
            apply_day(t, seat, action)

    def freeze(self) -> TenthNightState:
        return self.table.freeze()


class DayMoves(ByKind[Action]):
    """A seat's day moves by kind on a playout's table: the kinds present are read straight from
    the table (`kinds_present`), without making a first action of each, and only the kind asked
    for is listed (the reorders and exchange proposals not even that: `ReorderMoves` and
    `ProposalMoves` make the one the agent reads)."""

    def __init__(self, t: Table, seat: Seat) -> None:
        state: Any = t  # the draft reads as the state it copies
        # `ByKind`'s fields, its kind makers left to `of_kind`: most moves ask for one kind
        self._state, self._seat = state, seat
        self._found: dict[str, Sequence[Action]] = {}
        self._all: Sequence[Action] | None = None
        self._everything = lambda: list(legal(state, seat))

    def kinds(self) -> list[str]:
        return kinds_present(self._state, self._seat)

    def of_kind(self, kind: str) -> Sequence[Action]:
        found = self._found.get(kind)
        if found is None:
            found = self._found[kind] = kind_moves(self._state, self._seat, kind)
        return found


_HUSH = Event(text="")


class _QuietTable(Table):
    """A playout's table: every event is the same blank line (the rules still find one where
    they copy the last event into a private one), and none outlives its move."""

    quiet = True

    def say(self, text: str, kind: str = "info", *, heading: bool = False) -> None:
        self.events.append(_HUSH)

    def tell(self, seat: int, text: str, kind: str = "private") -> None:
        self.events.append(_HUSH)

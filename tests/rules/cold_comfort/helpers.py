"""Builders for explicit Cold Comfort states and a scripted RNG for the worked examples."""

from __future__ import annotations

import random
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any

from rules.cold_comfort import GAME, rules_play
from rules.cold_comfort.actions import Action
from rules.cold_comfort.rules_tiles import DECK_ORDER
from rules.cold_comfort.state import (
    ColdComfortOptions,
    ColdComfortState,
    Die,
    Hotel,
    PlacedTile,
)
from rules.engine import Engine

ENGINE = Engine(GAME)
C13 = ("C13", -2, 0, 180)
C10 = ("C10", 1, 0, 0)
C05_EAST = ("C05", 3, 0, 180)


class ScriptedRandom(random.Random):
    """Returns the draws a worked example prescribes, and fails loudly on any unplanned draw."""

    def __init__(
        self,
        *,
        ranges: Sequence[int] = (),
        deck_top: Sequence[str] = (),
        dice: Sequence[int] = (),
    ) -> None:
        super().__init__(0)
        self.ranges = list(ranges)
        self.deck_top = list(deck_top)
        self.dice = list(dice)

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        return self.ranges.pop(0)

    def shuffle(self, x: MutableSequence[Any], *args: Any) -> None:  # type: ignore[override]
        rest = [t for t in x if t not in self.deck_top]
        x[:] = [*self.deck_top, *rest]

    def randint(self, a: int, b: int) -> int:
        return self.dice.pop(0)


def setup(players: int, *, start: int, deck_top: Sequence[str], rolls: Sequence[int]) -> Any:
    """Set-up with start seat `start` (1-based, as in the spec) and scripted Heart rolls."""
    rng = ScriptedRandom(ranges=[start - 1], deck_top=deck_top, dice=rolls)
    state = rules_play.setup(players, ColdComfortOptions(), rng)
    assert not rng.dice, "set-up did not use every scripted roll"
    return state


def act(state: ColdComfortState, seat: int, action: Action, dice: Sequence[int] = ()) -> Any:
    """Check like the engine does (seat 1-based), then apply with scripted dice."""
    ENGINE.check(state, seat - 1, action)
    rng = ScriptedRandom(dice=dice)
    step = GAME.apply(state, seat - 1, action, rng)
    assert not rng.dice, "the action did not use every scripted roll"
    return step.state


def make_state(
    *,
    tiles: Iterable[tuple[str, int, int, int]] = (C13, C10),
    players: int = 2,
    active: int = 1,
    gold: Sequence[int] | None = None,
    points: Sequence[int] | None = None,
    hotels: dict[tuple[int, int], tuple[int, int]] | None = None,
    dice: dict[tuple[int, int], int] | None = None,
    pool: int | None = None,
    deck: Sequence[str] | None = None,
    built_at: tuple[int, int] | None = None,
    options: ColdComfortOptions | None = None,
    **flags: Any,
) -> ColdComfortState:
    """An explicit state. Seats in `active` and `hotels` values `(seat, value)` are 1-based."""
    placed = tuple(
        PlacedTile(tile_id=t, x=x, y=y, rotation=r, order=i) for i, (t, x, y, r) in enumerate(tiles)
    )
    used = {t.tile_id for t in placed}
    board_dice = tuple(Die(x=x, y=y, value=v) for (x, y), v in sorted((dice or {}).items()))
    total = 3 * players + 6
    if pool is None:
        pool = total - len(board_dice)
    else:
        total = pool + len(board_dice)
    return ColdComfortState(
        num_players=players,
        options=options or ColdComfortOptions(),
        phase=flags.pop("phase", "manage"),
        turn_number=flags.pop("turn_number", 5),
        active_seat=active - 1,
        start_seat=flags.pop("start_seat", 0),
        scoring_rounds=flags.pop("scoring_rounds", 0),
        dice_total=total,
        pool=pool,
        deck=tuple(deck) if deck is not None else tuple(t for t in DECK_ORDER if t not in used),
        tiles=placed,
        hotels=tuple(
            Hotel(x=x, y=y, seat=s - 1, value=v)
            for (x, y), (s, v) in sorted((hotels or {}).items())
        ),
        dice=board_dice,
        gold=tuple(gold) if gold is not None else (10,) * players,
        points=tuple(points) if points is not None else (0,) * players,
        supply=((2,) * 6,) * players,
        built_at=built_at,
        **flags,
    )


def dice_on(state: ColdComfortState) -> dict[tuple[int, int], int]:
    return state.dice_map()


def hotels_of(state: ColdComfortState) -> dict[tuple[int, int], tuple[int, int]]:
    """Hotels as {square: (1-based seat, value)}."""
    return {(h.x, h.y): (h.seat + 1, h.value) for h in state.hotels}


def cx1() -> ColdComfortState:
    rolls = [6, 6, 2, 3, 1, 5, 4, 4, 5, 1, 2, 6]
    return setup(2, start=2, deck_top=["C13", "C10", "C05", "C19"], rolls=rolls)

"""The stored state of a Cold Comfort table: a frozen pydantic record that round-trips through JSON.

Everything is tuples of small records so that equality after a JSON round trip is exact. Board
geometry (streets, neighbourhoods) is never stored: it is derived from `tiles` (see `rules_board`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, TypeVar

from pydantic import Field

from rules.core import Frozen, Options, builder

Square = tuple[int, int]
Log = list[str] | None  # where a move writes its lines, or None when nobody reads them (a playout)


class Heading(str):
    """A log line that opens a line of its own in the thread (`Event.heading`): a scoring round
    beginning, each neighbourhood's score, and the turn after them."""

    __slots__ = ()


Phase = Literal["manage", "fire_spread", "grow", "land_tie", "over"]
SCORING_ROUNDS_TOTAL = 9
SEAT_COLOURS: tuple[str, ...] = ("#E69F00", "#0072B2", "#009E73", "#D55E00", "#CC79A7", "#F0E442")


class ColdComfortOptions(Options):
    variants: ClassVar[tuple[dict[str, Any], ...]] = (
        {"block_strength": "dice"},
        {"turn_limit": 40},
    )

    block_strength: Literal["pips", "dice"] = "pips"
    turn_limit: int = Field(300, ge=0)


class PlacedTile(Frozen):
    tile_id: str
    x: int
    y: int
    rotation: int
    order: int


class _OnMap(Frozen):
    """A record standing on one map square, `(x, y)`."""

    x: int
    y: int


class Hotel(_OnMap):
    seat: int
    value: int


class Die(_OnMap):
    """A die on the map: a camper on a vacant lot, or a guest when a hotel stands on the square."""

    value: int


On = TypeVar("On", bound=_OnMap)


def _standing(records: tuple[On, ...], square: Square) -> On | None:
    """The record of `records` on `square`, if any."""
    x, y = square
    for r in records:
        if r.x == x and r.y == y:
            return r
    return None


class FirePending(Frozen):
    at: Square
    chooser: int
    options: tuple[Square, ...]


class LandingPending(Frozen):
    value: int
    remaining: int
    chooser: int
    options: tuple[Square, ...]


class Landing(Frozen):
    value: int
    at: Square | None


class NeighbourhoodScore(Frozen):
    tiles: tuple[str, ...]
    value: int
    best: dict[int, int]
    gang: int
    winners: tuple[int, ...]
    points_each: int


class ColdComfortState(Frozen):
    num_players: int
    options: ColdComfortOptions
    phase: Phase
    turn_number: int
    active_seat: int
    start_seat: int
    scoring_rounds: int = 0
    dice_total: int
    pool: int
    deck: tuple[str, ...]
    drawn_tile: str | None = None
    tiles: tuple[PlacedTile, ...]
    hotels: tuple[Hotel, ...] = ()
    dice: tuple[Die, ...] = ()
    gold: tuple[int, ...]
    points: tuple[int, ...]
    supply: tuple[tuple[int, ...], ...]  # supply[seat][value - 1]
    acted: bool = False
    build_used: bool = False
    fire_used: bool = False
    built_at: Square | None = None  # the hotel built this turn (CC-14), if any
    fire_pending: FirePending | None = None
    landing_pending: LandingPending | None = None
    # Extras still to resolve after a land_tie, by value (index v - 1), and the landing origin.
    extras_left: tuple[int, ...] = ()
    origin: tuple[Square, ...] = ()
    last_roll: tuple[int, ...] | None = None
    last_landing: tuple[Landing, ...] | None = None
    last_scoring: tuple[NeighbourhoodScore, ...] | None = None
    log: tuple[str, ...] = ()
    end_reason: str | None = None

    @property
    def trigger(self) -> int:
        return self.num_players + 3

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def hotel_at(self, square: Square) -> Hotel | None:
        return _standing(self.hotels, square)

    def die_at(self, square: Square) -> Die | None:
        return _standing(self.dice, square)

    def hotel_map(self) -> dict[Square, Hotel]:
        return {(h.x, h.y): h for h in self.hotels}

    def dice_map(self) -> dict[Square, int]:
        return {(d.x, d.y): d.value for d in self.dice}


# Records the rules make many times a game from values they computed themselves (ints, tuples of
# squares), built without validation (`rules.core.builder`): every field must be given, of its type.
new_die = builder(Die)
new_hotel = builder(Hotel)
new_landing = builder(Landing)
new_score = builder(NeighbourhoodScore)

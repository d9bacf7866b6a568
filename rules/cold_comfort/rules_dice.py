"""Dice and supplies (spec §3, CC-1, CC-8, CC-19): counts, the fill of a new tile, and the small
tuple updates every transition shares.
"""

from __future__ import annotations

from rules.cold_comfort.rules_tiles import placed_squares
from rules.cold_comfort.state import ColdComfortState, Die, PlacedTile, new_die


def dice_for(players: int) -> int:
    """CC-1: 12, 15, 18, 21, 24 dice for 2–6 players."""
    return 3 * players + 6


def sorted_dice(dice: list[Die]) -> tuple[Die, ...]:
    return tuple(sorted(dice, key=lambda d: (d.x, d.y)))


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """`values` with `delta` added at `index` (0 ≤ index < len(values))."""
    return (*values[:index], values[index] + delta, *values[index + 1 :])


def supply_after(
    state: ColdComfortState, seat: int, value: int, delta: int
) -> tuple[tuple[int, ...], ...]:
    supply = state.supply
    return (*supply[:seat], bump(supply[seat], value - 1, delta), *supply[seat + 1 :])


def fill(tile: PlacedTile, roll: list[int], dice: list[Die]) -> tuple[list[Die], list[int]]:
    """CC-8 / CC-19: in roll order, each die onto the new tile's lot of its value if still empty."""
    lots = {
        value: square
        for square, value in placed_squares(tile.tile_id, tile.x, tile.y, tile.rotation)
        if value
    }
    taken = {(d.x, d.y) for d in dice}
    placed: list[Die] = []
    extras: list[int] = []
    for value in roll:
        square = lots.get(value)
        if square is not None and square not in taken:
            taken.add(square)
            placed.append(new_die(x=square[0], y=square[1], value=value))
        else:
            extras.append(value)
    return placed, extras

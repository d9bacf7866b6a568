"""Places on Winter's lake for a choice path: a spot's letter, after a part of the lake ("Top
left", "Right" …) when a step would hold more than 25 of them."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rules.choices import Spot, split_regions, spot_steps
from rules.winter.rules_geometry import Cell

# The eight parts of the lake a region step names, clockwise from the top, by the angle of a spot
# seen from the lake's centre (rows grow downwards).
SECTORS = ("Top", "Top right", "Right", "Bottom right", "Bottom", "Bottom left", "Left", "Top left")


def regions(cells: Sequence[Cell], centre: tuple[float, float]) -> dict[Cell, str]:
    """The part of the lake each cell lies in (`SECTORS`), seen from `centre` (row, col); a part
    with more than 25 cells is cut in reading order into runs ("Top, 1 of 2")."""
    named: dict[str, list[Cell]] = {}
    for cell in sorted(set(cells)):
        dr, dc = cell[0] + 1 - centre[0], cell[1] + 1 - centre[1]  # the card's middle
        angle = math.degrees(math.atan2(dc, -dr)) % 360  # 0 = straight up, clockwise
        named.setdefault(SECTORS[int((angle + 22.5) // 45) % 8], []).append(cell)
    return split_regions(SECTORS, named)


def lake_centre(cells: Sequence[Cell]) -> tuple[float, float]:
    if not cells:
        return (1.0, 1.0)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return ((min(rows) + max(rows)) / 2 + 1, (min(cols) + max(cols)) / 2 + 1)


def spots(cells: Sequence[Cell], centre: tuple[float, float]) -> dict[Cell, Spot]:
    """For each cell: its letter, after a part of the lake when there are more than 25 cells."""
    return spot_steps(cells, lambda: regions(cells, centre), _zone_words)


def _zone_words(zone: str, count: int) -> str:
    return f"{count} spots {_where(zone)}"


def _where(zone: str) -> str:
    part = zone.split(",")[0].lower()
    return {"top": "above the lake", "bottom": "below the lake", "left": "left of the lake",
            "right": "right of the lake"}.get(part, f"to the {part} of the lake")  # fmt: skip

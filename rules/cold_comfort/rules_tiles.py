"""The City Deck as data (spec §2.2–2.3) and the geometry of one placed tile (CC-5).

The deck lives in `data/city_deck.json` so a server owner can swap in the published faces; it is
validated at import (shape, values, adjacent `P` pairs), because a broken tile would only show up
mid-game as an impossible board.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

Square = tuple[int, int]
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
PUBLIC = "P"


class TileFace(BaseModel):
    """A City Deck tile in its canonical orientation: 3 rows (north→south) × 2 (west→east)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tile_id: str
    rows: tuple[tuple[int | Literal["P"], ...], ...]
    street_edges: tuple[Literal["W", "N"], ...]

    @field_validator("rows")
    @classmethod
    def _shape(
        cls, rows: tuple[tuple[int | Literal["P"], ...], ...]
    ) -> tuple[tuple[int | Literal["P"], ...], ...]:
        if len(rows) != 3 or any(len(r) != 2 for r in rows):
            raise ValueError("a tile has 3 rows of 2 squares")
        values = [c for r in rows for c in r if c != PUBLIC]
        if any(not 1 <= int(v) <= 6 for v in values) or len(set(values)) != len(values):
            raise ValueError("lot values are 1–6 and never repeat on a tile")
        publics = [(i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if c == PUBLIC]
        if len(publics) > 2:
            raise ValueError("at most two public squares on a tile")
        if len(publics) == 2:
            (a, b), (c, d) = publics
            if abs(a - c) + abs(b - d) != 1:
                raise ValueError("two public squares on one tile must be adjacent")
        return rows


class _DeckFile(BaseModel):
    model_config = ConfigDict(extra="ignore")
    tiles: tuple[TileFace, ...]


def _load_deck() -> dict[str, TileFace]:
    text = resources.files("rules.cold_comfort").joinpath("data/city_deck.json").read_text("utf-8")
    deck = _DeckFile.model_validate(json.loads(text)).tiles
    if len(deck) < 13 or len({t.tile_id for t in deck}) != len(deck):
        raise ValueError("the City Deck needs at least 13 tiles with distinct ids (CC-24)")
    return {t.tile_id: t for t in deck}


TILES: dict[str, TileFace] = _load_deck()
DECK_ORDER: tuple[str, ...] = tuple(sorted(TILES))


def footprint_size(rotation: int) -> tuple[int, int]:
    """(width, height) of a placed tile."""
    return (2, 3) if rotation in (0, 180) else (3, 2)


def board_square(x0: int, y0: int, rotation: int, u: int, v: int) -> Square:
    """CC-5: where canonical square (u = column, v = 2 − row) lands for anchor (x0, y0)."""
    if rotation == 0:
        return (x0 + u, y0 + v)
    if rotation == 90:
        return (x0 + v, y0 + 1 - u)
    if rotation == 180:
        return (x0 + 1 - u, y0 + 2 - v)
    if rotation == 270:
        return (x0 + 2 - v, y0 + u)
    raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation}")


_FACING: dict[str, dict[int, str]] = {
    "W": {0: "west", 90: "north", 180: "east", 270: "south"},
    "N": {0: "north", 90: "east", 180: "south", 270: "west"},
}


def side_squares(x0: int, y0: int, rotation: int, side: str) -> tuple[Square, ...]:
    """The squares just outside one side of a tile's footprint."""
    w, h = footprint_size(rotation)
    if side == "west":
        return tuple((x0 - 1, y0 + k) for k in range(h))
    if side == "east":
        return tuple((x0 + w, y0 + k) for k in range(h))
    if side == "north":
        return tuple((x0 + k, y0 + h) for k in range(w))
    return tuple((x0 + k, y0 - 1) for k in range(w))


@lru_cache(maxsize=4096)
def placed_squares(tile_id: str, x0: int, y0: int, rotation: int) -> tuple[tuple[Square, int], ...]:
    """Each board square of a placed tile with its printed value (0 = public building)."""
    face = TILES[tile_id]
    out: list[tuple[Square, int]] = []
    for i, row in enumerate(face.rows):
        for j, cell in enumerate(row):
            value = 0 if cell == PUBLIC else int(cell)
            out.append((board_square(x0, y0, rotation, j, 2 - i), value))
    return tuple(out)


@lru_cache(maxsize=4096)
def printed_streets(tile_id: str, x0: int, y0: int, rotation: int) -> tuple[Square, ...]:
    """Squares a placed tile's printed street edges turn into streets (CC-5)."""
    out: list[Square] = []
    for edge in TILES[tile_id].street_edges:
        out.extend(side_squares(x0, y0, rotation, _FACING[edge][rotation]))
    return tuple(out)


def public_count(tile_id: str) -> int:
    return _PUBLICS[tile_id]


_PUBLICS: dict[str, int] = {
    tile_id: sum(1 for row in face.rows for c in row if c == PUBLIC)
    for tile_id, face in TILES.items()
}

"""Cold Comfort's town picture (spec §11): a Pillow PNG players can read `(x,y)` from on a phone.

`picture(observation, hints=..., names=..., spots=...)` draws the town cropped to its tiles and
streets (and to any spots it marks) with one square to spare — not the empty grid around it — x
along the top and y down the left, streets (Main Street named), cream tiles with thick outlines
and their ids, printed lot values, public buildings, hotels in their owners' colours with their
value, dice as pip faces (guests ringed in the owner's colour), the offered squares of a pending
fire or landing, and under the map a legend naming the players ("Ana · $12 · 5 points") with
their colours, the pool against the trigger, the round, the drawn tile in its four turns
(labelled as the panel's steps, "0°" … "270°", anchor marked), the last roll and the last
scoring. `spots` maps a panel step's label ("Spot A") to a square `(x, y)`: each is marked with
its letter, big. With `hints` and no spots, every legal anchor of the drawn tile is dotted. The
type is sized from the picture's width (`layers.text_size`). It never shows the deck order.

`alt_text(observation, names)` says the same in words. It reads only the observation (and the
models and constants `rules.cold_comfort` exports).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from cogs.games.cold_comfort_words import alt_text as alt_text
from cogs.games.cold_comfort_words import (
    as_observation,
    player_lines,
    status_lines,
    title,
)
from cogs.games.layers import (
    draw_spot,
    font,
    spot_mark,
    static_layer,
    text_size,
    wrap,
)
from rules.cold_comfort import SEAT_COLOURS, ColdComfortObservation, RotationView, SquareView

CELL = 48
PAD = 12
MIN_WIDTH = 600
MINI = 34  # a square of the drawn tile's four turns

WHITE = "#FFFFFF"
GRID = "#EDEDED"
STREET = "#D3D3D3"
MAIN = "#BDBDBD"
CREAM = "#FFF3D1"
PUBLIC = "#C9C9C9"
OUTLINE = "#3B2F2F"
TEXT = "#222222"
LOT = "#8A6D3B"
FIRE = "#D62828"
LANDING = "#2A9D8F"
HINT = "#6A4C93"

Coord = tuple[int, int]
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}
# -- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """The crop (`x0..x1`, `y0..y1`), the type size and where each band starts."""

    x0: int
    x1: int
    y0: int
    y1: int
    width: int
    height: int
    text: int
    cell_text: int
    left: int
    top: int
    head: list[str]
    foot: list[tuple[int | None, str]]  # (the seat whose colour starts the line, text)
    foot_top: int
    tile_panel: int  # the drawn tile's band height (0 without one)

    def key(self) -> tuple[object, ...]:
        return ("cold_comfort", self.x0, self.x1, self.y0, self.y1, self.width, self.height,
                self.text, self.left, self.top)  # fmt: skip

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        left = self.left + (x - self.x0) * CELL
        top = self.top + (self.y1 - y) * CELL
        return left, top, left + CELL, top + CELL


def cell_text(size: int) -> int:
    """The type size inside a square: half a square, or the picture's own size when a wide town
    needs more to stay readable on a phone, up to 70 % of a square (a square holds one number and
    a die)."""
    return min(size, round(CELL * 0.7))


def layout(
    obs: ColdComfortObservation,
    names: Sequence[str] = (),
    spots: Mapping[str, Coord] | None = None,
    hints: bool = False,
) -> Layout:
    """The crop: every tile square and street, Main Street, every marked spot and offered
    square (and with hints, every anchor of the drawn tile), with one square around."""
    points: list[Coord] = [(0, 0), (0, 2)]
    points += [(s.x, s.y) for s in obs.squares]
    points += [(x, y) for x, y in obs.streets]
    points += [(x, y) for x, y in (spots or {}).values()]
    if obs.fire_pending:
        points += [(x, y) for x, y in obs.fire_pending.options]
    if obs.landing_pending:
        points += [(x, y) for x, y in obs.landing_pending.options]
    if hints and not spots and obs.drawn_tile is not None:
        points += [(x, y) for x, y, _ in obs.drawn_placements]
    x0 = min(x for x, _ in points) - 1
    x1 = max(x for x, _ in points) + 1
    y0 = min(y for _, y in points) - 1
    y1 = max(y for _, y in points) + 1
    board = (x1 - x0 + 1) * CELL
    width = max(MIN_WIDTH, board + 2 * PAD + CELL)
    size = text_size(width)
    left = PAD + max(CELL // 2, int(font(size).getlength("-10")) + 8)
    width = max(width, left + board + PAD)
    size = text_size(width)
    line = int(size * 1.35)
    inner = width - 2 * PAD
    head = wrap(title(obs, names), font(round(size * 1.1), bold=True), inner)
    top = PAD + len(head) * int(size * 1.5) + 6 + line
    foot: list[tuple[int | None, str]] = []
    for seat, text in enumerate(player_lines(obs, names)):
        for k, piece in enumerate(wrap(text, font(size), inner - size * 1.6)):
            foot.append((seat if k == 0 else None, piece))
    for text in status_lines(obs, names):
        foot.extend((None, piece) for piece in wrap(text, font(size), inner - size * 1.6))
    foot_top = top + (y1 - y0 + 1) * CELL + PAD
    panel = 0
    if obs.drawn_tile is not None:
        panel = int(size * 1.5) + 3 * MINI + line + PAD
    height = foot_top + len(foot) * line + panel + PAD
    return Layout(
        x0=x0, x1=x1, y0=y0, y1=y1, width=width, height=height, text=size,
        cell_text=cell_text(size), left=left, top=top, head=head, foot=foot,
        foot_top=foot_top, tile_panel=panel,
    )  # fmt: skip


# -- drawing --------------------------------------------------------------------------------------


def _static(lay: Layout) -> Image.Image:
    """What does not change while the crop keeps its bounds: the empty squares, coordinates."""
    image = Image.new("RGB", (lay.width, lay.height), WHITE)
    draw = ImageDraw.Draw(image)
    for x in range(lay.x0, lay.x1 + 1):
        for y in range(lay.y0, lay.y1 + 1):
            draw.rectangle(lay.box(x, y), fill=WHITE, outline=GRID)
    face = font(lay.text)
    for x in range(lay.x0, lay.x1 + 1):
        left, top, right, _ = lay.box(x, lay.y1)
        draw.text(((left + right) / 2, top - 4), str(x), fill=TEXT, font=face, anchor="ms")
    for y in range(lay.y0, lay.y1 + 1):
        left, top, _, bottom = lay.box(lay.x0, y)
        draw.text((left - 6, (top + bottom) / 2), str(y), fill=TEXT, font=face, anchor="rm")
    return image


def _die(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], value: int,
         border: str, width: int = 2) -> None:  # fmt: skip
    left, top, right, _ = box
    draw.rounded_rectangle(box, radius=5, fill=WHITE, outline=border, width=width)
    size = right - left
    r = max(2.0, size * 0.09)
    for px, py in _PIPS.get(value, ()):
        cx, cy = left + px * size, top + py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TEXT)


def _dashed(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: str) -> None:
    left, top, right, bottom = box
    dash = 6
    for x in range(left, right, 2 * dash):
        draw.line((x, top, min(x + dash, right), top), fill=colour, width=3)
        draw.line((x, bottom - 1, min(x + dash, right), bottom - 1), fill=colour, width=3)
    for y in range(top, bottom, 2 * dash):
        draw.line((left, y, left, min(y + dash, bottom)), fill=colour, width=3)
        draw.line((right - 1, y, right - 1, min(y + dash, bottom)), fill=colour, width=3)


def _square(draw: ImageDraw.ImageDraw, lay: Layout, sq: SquareView) -> None:
    box = lay.box(sq.x, sq.y)
    left, top, right, bottom = box
    if sq.kind == "public":
        draw.rectangle(box, fill=PUBLIC)
        for c in range(10, 2 * CELL, 10):  # diagonal hatching clipped to the square
            a = min(c, CELL)
            draw.line((left + a, top + c - a, left + c - a, top + a), fill="#ADADAD", width=1)
        draw.text(((left + right) / 2, (top + bottom) / 2), "P", fill=TEXT,
                  font=font(lay.cell_text, bold=True), anchor="mm")  # fmt: skip
        return
    die = CELL * 0.44
    if sq.hotel_seat is None:
        draw.rectangle(box, fill=CREAM, outline="#E8D9A8")
        draw.text((left + 4, top + 9), str(sq.printed), fill=LOT, font=font(lay.cell_text))
        if sq.die:
            _die(
                draw, (right - die - 3, bottom - die - 3, right - 3, bottom - 3), sq.die, "#555555"
            )
        return
    colour = SEAT_COLOURS[sq.hotel_seat % len(SEAT_COLOURS)]
    draw.rectangle(box, fill=colour)
    draw.text((left + 4, top + 8), str(sq.hotel_value), fill=TEXT,
              font=font(round(lay.cell_text * 1.15), bold=True))  # fmt: skip
    if sq.die:
        _die(draw, (right - die - 3, bottom - die - 3, right - 3, bottom - 3), sq.die, TEXT, 3)
    if sq.built_this_turn:
        _dashed(draw, (left + 1, top + 1, right - 1, bottom - 1), TEXT)


def _map(image: Image.Image, draw: ImageDraw.ImageDraw, obs: ColdComfortObservation,
         lay: Layout, hints: bool, spots: Mapping[str, Coord]) -> None:  # fmt: skip
    for x, y in obs.streets:
        if lay.x0 <= x <= lay.x1 and lay.y0 <= y <= lay.y1:
            draw.rectangle(lay.box(x, y), fill=MAIN if x == 0 and 0 <= y <= 2 else STREET)
    left, top, _, _ = lay.box(0, 2)
    _, _, right, bottom = lay.box(0, 0)
    label = Image.new("RGBA", (bottom - top, right - left), (0, 0, 0, 0))
    ImageDraw.Draw(label).text(((bottom - top) / 2, (right - left) / 2), "MAIN ST", fill=TEXT,
                               font=font(lay.cell_text, bold=True), anchor="mm")  # fmt: skip
    rotated = label.rotate(90, expand=True)
    image.paste(rotated, (left, top), rotated)
    for sq in obs.squares:
        _square(draw, lay, sq)
    publics: dict[str, list[Coord]] = {}
    for sq in obs.squares:
        if sq.kind == "public":
            publics.setdefault(sq.tile_id, []).append((sq.x, sq.y))
    for squares in publics.values():
        boxes = [lay.box(x, y) for x, y in squares]
        draw.rectangle((min(b[0] for b in boxes), min(b[1] for b in boxes),
                        max(b[2] for b in boxes), max(b[3] for b in boxes)),
                       outline="#777777", width=2)  # fmt: skip
    tag_size = max(14, round(lay.cell_text * 0.72))
    tag = font(tag_size, bold=True)
    tabs = []
    for tile in obs.tiles:  # the outline, and the id on a tab across its top edge
        w, h = obs.tile_sizes[tile.tile_id]
        l, t, _, _ = lay.box(tile.x, tile.y + h - 1)
        _, _, r, b = lay.box(tile.x + w - 1, tile.y)
        draw.rectangle((l, t, r, b), outline=OUTLINE, width=4)
        tabs.append((l, t, tile.tile_id))
    for l, t, tile_id in tabs:
        half = (tag_size + 4) // 2
        draw.rectangle((l, t - half, l + tag.getlength(tile_id) + 8, t + half), fill=OUTLINE)
        draw.text((l + 4, t), tile_id, fill=WHITE, font=tag, anchor="lm")
    if obs.fire_pending:
        for x, y in obs.fire_pending.options:
            draw.rectangle(lay.box(x, y), outline=FIRE, width=5)
        l, t, r, b = lay.box(*obs.fire_pending.at)
        draw.line((l, t, r, b), fill=FIRE, width=4)
        draw.line((l, b, r, t), fill=FIRE, width=4)
    if obs.landing_pending:
        for x, y in obs.landing_pending.options:
            draw.rectangle(lay.box(x, y), outline=LANDING, width=5)
    if hints and not spots and obs.drawn_tile is not None:
        for x, y, _ in obs.drawn_placements:
            l, t, r, b = lay.box(x, y)
            cx, cy = (l + r) / 2, (t + b) / 2
            draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=HINT)
    for label_, (x, y) in spots.items():
        l, t, r, b = lay.box(x, y)
        draw_spot(draw, ((l + r) / 2, (t + b) / 2), CELL * 0.92, spot_mark(label_))


def _mini_tile(draw: ImageDraw.ImageDraw, turned: RotationView, left: float, top: float,
               size: int) -> None:  # fmt: skip
    """One turn of the drawn tile, its anchor (south-west square) ringed in red."""
    h = turned.height
    face = font(round(MINI * 0.6))
    for x, y, value in turned.squares:
        box = (left + x * MINI, top + (h - 1 - y) * MINI, left + (x + 1) * MINI,
               top + (h - y) * MINI)  # fmt: skip
        draw.rectangle(box, fill=PUBLIC if value == 0 else CREAM, outline=OUTLINE)
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "P" if value == 0 else str(value),
                  fill=TEXT, font=face, anchor="mm")  # fmt: skip
    ay = top + (h - 1) * MINI
    draw.rectangle((left, ay, left + MINI, ay + MINI), outline=FIRE, width=3)
    draw.text((left, top + h * MINI + 4), f"{turned.rotation}°", fill=TEXT, font=font(size))


def _foot(draw: ImageDraw.ImageDraw, lay: Layout, obs: ColdComfortObservation) -> None:
    face = font(lay.text)
    line = int(lay.text * 1.35)
    y = lay.foot_top
    swatch = lay.text
    for seat, text in lay.foot:
        if seat is not None:
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            draw.rectangle((PAD, y + 2, PAD + swatch, y + 2 + swatch), fill=colour,
                           outline=OUTLINE, width=2)  # fmt: skip
        draw.text((PAD + lay.text * 1.6, y), text, font=face, fill=TEXT)
        y += line
    if obs.drawn_tile is None:
        return
    y += 4
    draw.text((PAD, y), f"Drawn tile {obs.drawn_tile.tile_id} (red: the spot's square)",
              font=font(lay.text, bold=True), fill=TEXT)  # fmt: skip
    y += int(lay.text * 1.5)
    x: float = PAD
    for turned in obs.drawn_rotations:
        _mini_tile(draw, turned, x, y, lay.text)
        x += max(turned.width * MINI, font(lay.text).getlength("270°")) + 2 * PAD


def picture(
    observation: Any,
    *,
    hints: bool = False,
    names: Sequence[str] = (),
    spots: Mapping[str, Coord] | None = None,
) -> bytes:
    """The town as a PNG, from a Cold Comfort observation (every seat sees the same one)."""
    obs = as_observation(observation)
    marked = {label: (int(at[0]), int(at[1])) for label, at in (spots or {}).items()}
    lay = layout(obs, names, marked, hints)
    image = static_layer(lay.key(), lambda: _static(lay))
    draw = ImageDraw.Draw(image)
    face = font(round(lay.text * 1.1), bold=True)
    y = PAD
    for text in lay.head:
        draw.text((PAD, y), text, font=face, fill=TEXT)
        y += int(lay.text * 1.5)
    _map(image, draw, obs, lay, hints, marked)
    _foot(draw, lay, obs)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


draw = picture  # the name the shared interface gives a renderer

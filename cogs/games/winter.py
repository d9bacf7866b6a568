"""Winter's lake picture (spec §11): a Pillow PNG players can read on a phone.

`picture(observation, hints=..., names=..., spots=...)` draws the lake cropped to its cards (and
to any spots it marks) with one cell to spare, column letters along the top and row numbers down
the left (the labels of WI-20, so `place C3 up` reads off the picture), light and dark sections,
card outlines, lock marks, counters, the offered groups or squares of a pending choice, and under
the lake a legend naming the players ("Ana — dark blue · 3 on the lake · 6 in supply") and the
drawn card in both turns, labelled as the panel's steps are ("Upright", "Turned down"). `spots`
maps a panel step's label ("Spot A") to a card anchor or square `(row, col)`: each is marked with
its letter, big, in the middle of the 2×2 block it names. With `hints` and no spots, the spots the
seat to act may use are dotted. The type is sized from the picture's width (`layers.text_size`):
shown 400 px wide, text stays as tall as Discord's own. It never shows the deck order.

`alt_text(observation, names)` says the same in words, for screen readers. It reads only the
observation (and the models `rules.winter` exports).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from cogs.games.layers import (
    draw_spot,
    font,
    spot_mark,
    static_layer,
    text_size,
    wrap,
)
from cogs.games.winter_words import alt_text as alt_text
from cogs.games.winter_words import (
    as_observation,
    legend,
    title,
)
from rules.winter import CardFace, WinterObservation
from rules.winter.rules_cards import TURN_WORD

CELL = 44
MIN_WIDTH = 560  # a small lake is drawn no narrower, so its text is not drawn tiny either
PAD = 12

LIGHT = "#A9DDF3"
DARK = "#1F4E8C"
NAVY = "#0B2545"
RING_LIGHT = "#3B9AD9"
GRID = "#E3EAF0"
OUTLINE = "#3A3A3A"
TEXT = "#1E2A36"
HINT = "#2E9E4F"
GROUP_COLOURS = ("#E8710A", "#C2185B", "#2E9E4F", "#7B1FA2", "#00897B")
SQUARE_HINT = "#F2B705"

Cell = tuple[int, int]
# -- geometry -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes: the crop of the lake (`row_a..row_b`, `col_a..col_b`), the type
    size, and the heights of the bands above and below the lake."""

    row_a: int
    row_b: int
    col_a: int
    col_b: int
    row0: int
    col0: int
    letters: tuple[str, ...]  # the frame's column letters, from col0
    width: int
    height: int
    text: int  # the type size of every line and label
    cell_text: int  # type inside a cell (a counter's letter)
    left: int  # the row numbers' band
    top: int  # the lake's top edge
    head: list[str]
    foot: list[tuple[int | None, str]]
    foot_top: int
    card_panel: bool

    def key(self) -> tuple[object, ...]:
        """Everything the static layer (`_static`) depends on."""
        return ("winter", self.row_a, self.row_b, self.col_a, self.col_b, self.row0, self.col0,
                self.letters, self.width, self.height, self.text, self.left, self.top)  # fmt: skip

    def xy(self, row: float, col: float) -> tuple[float, float]:
        return (self.left + (col - self.col_a) * CELL, self.top + (row - self.row_a) * CELL)

    def box(self, row: int, col: int, h: int = 1, w: int = 1) -> tuple[int, int, int, int]:
        x, y = self.xy(row, col)
        return (int(x), int(y), int(x + w * CELL), int(y + h * CELL))


def layout(
    obs: WinterObservation,
    names: Sequence[str] = (),
    spots: Mapping[str, Cell] | None = None,
    hints: bool = False,
) -> Layout:
    """The crop: every card's cells, every marked spot's 2×2 block and every pending choice,
    with one cell around, within the frame of WI-20; two cells while a card may be placed or
    moved, so the spots it may go to are in the picture with or without hints."""
    cells: list[Cell] = []

    def block(row: int, col: int) -> None:
        cells.extend(((row, col), (row + 1, col + 1)))

    for card in obs.cards:
        block(card.row, card.col)
    for at in (spots or {}).values():
        block(*at)
    for q in obs.counter_options:
        block(q.row, q.col)
    margin = 2 if obs.phase in ("place_drawn", "thawing") else 1
    row0, col0, row1, col1 = obs.frame_row0, obs.frame_col0, obs.frame_row1, obs.frame_col1
    if cells:
        row_a = max(row0, min(r for r, _ in cells) - margin)
        row_b = min(row1, max(r for r, _ in cells) + margin)
        col_a = max(col0, min(c for _, c in cells) - margin)
        col_b = min(col1, max(c for _, c in cells) + margin)
    else:
        row_a, row_b, col_a, col_b = row0, row1, col0, col1
    cols = col_b - col_a + 1
    rows = row_b - row_a + 1
    card_panel = obs.drawn_card is not None or obs.lifted_card is not None
    board = cols * CELL
    width = max(MIN_WIDTH, board + 2 * PAD + 2 * CELL)
    size = text_size(width)
    left = PAD + max(CELL, int(font(size).getlength("88")) + 10)
    width = max(width, left + board + PAD)
    size = text_size(width)
    line = int(size * 1.35)
    inner = width - 2 * PAD
    head = wrap(title(obs, names), font(round(size * 1.1), bold=True), inner)
    labels_band = max(CELL, line)
    top = PAD + len(head) * int(size * 1.5) + 6 + labels_band
    foot: list[tuple[int | None, str]] = []  # (the seat whose counter starts the line, text)
    for n, text in enumerate(legend(obs, names)):
        for k, piece in enumerate(wrap(text, font(size), inner - size * 1.6)):
            foot.append((n if n < 2 and k == 0 else None, piece))
    foot_top = top + rows * CELL + PAD
    panel = int(size * 1.4 + 1.8 * CELL + PAD) if card_panel else 0
    height = foot_top + len(foot) * line + panel + PAD
    return Layout(
        row_a=row_a, row_b=row_b, col_a=col_a, col_b=col_b, row0=row0, col0=col0,
        letters=tuple(obs.column_letters), width=width, height=height, text=size,
        cell_text=min(size, round(CELL * 0.6)), left=left, top=top, head=head, foot=foot,
        foot_top=foot_top, card_panel=card_panel,
    )  # fmt: skip


# -- drawing --------------------------------------------------------------------------------------


def _static(lay: Layout) -> Image.Image:
    """What does not change while the crop keeps its place: the grid and the coordinates."""
    image = Image.new("RGB", (lay.width, lay.height), "white")
    draw = ImageDraw.Draw(image)
    x1 = lay.xy(0, lay.col_b + 1)[0]
    y1 = lay.xy(lay.row_b + 1, 0)[1]
    for row in range(lay.row_a, lay.row_b + 2):
        y = lay.xy(row, 0)[1]
        draw.line((lay.left, y, x1, y), fill=GRID, width=1)
    for col in range(lay.col_a, lay.col_b + 2):
        x = lay.xy(0, col)[0]
        draw.line((x, lay.top, x, y1), fill=GRID, width=1)
    face = font(lay.text)
    for col in range(lay.col_a, lay.col_b + 1):
        index = col - lay.col0
        name = lay.letters[index] if 0 <= index < len(lay.letters) else "?"
        x = lay.xy(0, col + 0.5)[0]
        draw.text((x, lay.top - 4), name, font=face, fill=TEXT, anchor="ms")
    for row in range(lay.row_a, lay.row_b + 1):
        y = lay.xy(row + 0.5, 0)[1]
        draw.text((lay.left - 6, y), str(row - lay.row0 + 1), font=face, fill=TEXT, anchor="rm")
    return image


def _sections(draw: ImageDraw.ImageDraw, x: float, y: float, sections: Sequence[Sequence[str]],
              cell: float) -> None:  # fmt: skip
    for i in (0, 1):
        for j in (0, 1):
            fill = LIGHT if sections[i][j] == "L" else DARK
            x0, y0 = x + j * cell, y + i * cell
            draw.rectangle((x0, y0, x0 + cell, y0 + cell), fill=fill)
            mark = DARK if fill == LIGHT else LIGHT  # a snowflake tick, readable in greyscale
            cx, cy, r = x0 + cell / 2, y0 + cell / 2, cell / 7
            draw.line((cx - r, cy, cx + r, cy), fill=mark, width=2)
            draw.line((cx, cy - r, cx, cy + r), fill=mark, width=2)


def _cards(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation) -> None:
    for card in obs.cards:
        x, y = lay.xy(card.row, card.col)
        _sections(draw, x, y, card.sections, CELL)
    for card in obs.cards:
        x0, y0, x1, y1 = lay.box(card.row, card.col, 2, 2)
        draw.rectangle((x0, y0, x1, y1), outline=OUTLINE, width=4)
        if card.locked:  # a small padlock in the top-left corner
            draw.rectangle((x0 + 6, y0 + 12, x0 + 18, y0 + 21), fill="#F5F5F5", outline=OUTLINE)
            draw.arc((x0 + 8, y0 + 5, x0 + 16, y0 + 16), 180, 360, fill="#F5F5F5", width=3)


def _counters(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation) -> None:
    face = font(round(lay.cell_text * 0.9), bold=True)
    radius = CELL * 0.42
    for k in obs.counters:
        cx, cy = lay.xy(k.row + 1, k.col + 1)
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        if k.colour == "light":
            draw.ellipse(box, fill="white", outline=RING_LIGHT, width=4)
            draw.text((cx, cy), "L", font=face, fill=NAVY, anchor="mm")
        else:
            draw.ellipse(box, fill=NAVY, outline="white", width=4)
            draw.text((cx, cy), "D", font=face, fill="white", anchor="mm")


def _tag(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, colour: str,
         size: int) -> None:  # fmt: skip
    face = font(size, bold=True)
    x, y = xy
    w = face.getlength(text) + 10
    draw.rectangle((x, y, x + w, y + size + 8), fill=colour)
    draw.text((x + 5, y + 4), text, font=face, fill="white")


def _choices(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation) -> None:
    for n, group in enumerate(obs.lake_options):
        colour = GROUP_COLOURS[n % len(GROUP_COLOURS)]
        for r, c in group.cards:
            x0, y0, x1, y1 = lay.box(r, c, 2, 2)
            draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=colour, width=5)
        x0, y0, _, _ = lay.box(group.keep_row, group.keep_col)
        _tag(draw, (x0 + 4, y0 + 4), f"keep {group.keep_label}", colour, lay.cell_text)
    for q in obs.counter_options:
        x0, y0, x1, y1 = lay.box(q.row, q.col, 2, 2)
        draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=SQUARE_HINT, width=5)


def _hints(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation) -> None:
    """Mark what the seat to act may use: spots, destinations, squares, removable cards."""
    for mark in obs.hint_marks():
        x0, y0, x1, y1 = lay.box(mark.row, mark.col, 2, 2)
        if mark.kind == "square":
            draw.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), outline=SQUARE_HINT, width=3)
        elif mark.kind == "spot":
            cx, cy = lay.xy(mark.row + 0.5, mark.col + 0.5)
            draw.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=HINT, outline="white", width=2)
        else:
            draw.line((x1 - 16, y0 + 5, x1 - 5, y0 + 16), fill="#D32F2F", width=4)
            draw.line((x1 - 5, y0 + 5, x1 - 16, y0 + 16), fill="#D32F2F", width=4)


def _spots(draw: ImageDraw.ImageDraw, lay: Layout, spots: Mapping[str, Cell]) -> None:
    """Each spot's letter in the middle of the 2×2 block it names (a card's place, a square)."""
    for label, (row, col) in spots.items():
        draw_spot(draw, lay.xy(row + 1, col + 1), CELL * 0.92, spot_mark(label))


def _head(draw: ImageDraw.ImageDraw, lay: Layout) -> None:
    face = font(round(lay.text * 1.1), bold=True)
    y = PAD
    for line in lay.head:
        draw.text((PAD, y), line, font=face, fill=TEXT)
        y += int(lay.text * 1.5)


def _foot(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation) -> None:
    """The legend: each player's line behind a counter of their colour, then the deck."""
    face = font(lay.text)
    line = int(lay.text * 1.35)
    y = lay.foot_top
    r = lay.text * 0.55
    for seat, text in lay.foot:
        colour = obs.colours.get(seat) if seat is not None else None
        if colour is not None:
            cx, cy = PAD + r, y + lay.text * 0.6
            fill, ring = ("white", RING_LIGHT) if colour == "light" else (NAVY, "white")
            draw.ellipse((cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), fill=OUTLINE)
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=ring, width=3)
        draw.text((PAD + lay.text * 1.6, y), text, font=face, fill=TEXT)
        y += line
    if lay.card_panel:
        _card_panel(draw, lay, obs, y + 4)


def _card_panel(draw: ImageDraw.ImageDraw, lay: Layout, obs: WinterObservation, y: int) -> None:
    face: CardFace | None = obs.drawn_card or obs.lifted_card
    if face is None:
        return
    what = "Drawn card" if obs.drawn_card is not None else "Card in hand"
    draw.text((PAD, y), what, font=font(lay.text, bold=True), fill=TEXT)
    y += int(lay.text * 1.4)
    down = [[face.up[1 - i][1 - j] for j in (0, 1)] for i in (0, 1)]
    x = PAD
    cell = CELL * 0.9
    for name, sections in ((TURN_WORD["up"], face.up), (TURN_WORD["down"], down)):
        name = name.capitalize()
        _sections(draw, x, y, sections, cell)
        draw.rectangle((x, y, x + 2 * cell, y + 2 * cell), outline=OUTLINE, width=4)
        draw.text((x + 2 * cell + 10, y + cell), name, font=font(lay.text), fill=TEXT, anchor="lm")
        x += int(2 * cell + 30 + font(lay.text).getlength(name))


def picture(
    observation: Any,
    *,
    hints: bool = False,
    names: Sequence[str] = (),
    spots: Mapping[str, Cell] | None = None,
) -> bytes:
    """The lake as a PNG, from a Winter observation (every seat sees the same one)."""
    obs = as_observation(observation)
    spots = {label: (int(at[0]), int(at[1])) for label, at in (spots or {}).items()}
    lay = layout(obs, names, spots, hints)
    image = static_layer(lay.key(), lambda: _static(lay))
    draw = ImageDraw.Draw(image)
    _head(draw, lay)
    _cards(draw, lay, obs)
    _choices(draw, lay, obs)
    if hints and not spots:
        _hints(draw, lay, obs)
    _counters(draw, lay, obs)
    if spots:
        _spots(draw, lay, spots)
    _foot(draw, lay, obs)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()


draw = picture  # the name the shared interface gives a renderer

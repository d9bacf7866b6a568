"""Winter's lake picture (spec §11): a Pillow PNG players can read coordinates from.

`picture(observation, hints=...)` draws the whole frame (WI-20) with column letters and row
numbers on every edge, light and dark sections, card outlines, lock marks, counters in the
players' colours, the drawn or lifted card beside the board, the offered groups or squares of a
pending choice and, with `hints`, the spots the seat to act may use. It never shows the deck order.

It reads only the observation (and the models `rules.winter` exports): the frame, its column
letters and the hint marks come with it, so no rule or agent module is imported here.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from cogs.games.layers import static_layer
from rules.winter import CardFace, WinterObservation

CELL = 34
MARGIN = 26
HEADER = 58
SIDE = 150

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

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=8)
def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _observation(observation: Any) -> WinterObservation:
    if isinstance(observation, WinterObservation):
        return observation
    if hasattr(observation, "model_dump"):
        observation = observation.model_dump()
    return WinterObservation.model_validate(observation)


class _Canvas:
    """Pixel geometry of one frame: section cell (row, col) → top-left pixel."""

    def __init__(self, obs: WinterObservation, header: tuple[str, str]) -> None:
        self.row0, self.col0 = obs.frame_row0, obs.frame_col0
        self.row1, self.col1 = obs.frame_row1, obs.frame_col1
        self.letters = obs.column_letters
        self.rows = self.row1 - self.row0 + 1
        self.cols = self.col1 - self.col0 + 1
        self.side = obs.drawn_card is not None or obs.lifted_card is not None
        board_w = self.cols * CELL + 2 * MARGIN
        text_w = max(_font(17).getlength(header[0]), _font(13).getlength(header[1]))
        self.width = max(board_w + (SIDE if self.side else 0), int(text_w) + 2 * MARGIN)
        self.height = max(HEADER + self.rows * CELL + 2 * MARGIN, HEADER + 2 * MARGIN + 190)
        self.board_right = MARGIN + self.cols * CELL

    def key(self) -> tuple[object, ...]:
        """Everything the static layer (`_static`) depends on."""
        return ("winter", self.width, self.height, self.row0, self.row1, self.col0, self.col1,
                tuple(self.letters))  # fmt: skip

    def xy(self, row: int, col: int) -> tuple[int, int]:
        return (MARGIN + (col - self.col0) * CELL, HEADER + MARGIN + (row - self.row0) * CELL)

    def box(self, row: int, col: int, h: int = 1, w: int = 1) -> tuple[int, int, int, int]:
        x, y = self.xy(row, col)
        return (x, y, x + w * CELL, y + h * CELL)


def _centred(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Font,
             fill: str) -> None:  # fmt: skip
    draw.text(xy, text, font=font, fill=fill, anchor="mm")


def _header_lines(obs: WinterObservation) -> tuple[str, str]:
    if obs.outcome is not None:
        o = obs.outcome
        who = ", ".join(f"seat {s + 1}" for s in o.winners) or "draw"
        title = f"Winter: game over: {who} ({o.reason.replace('_', ' ')})"
    elif obs.to_act:
        s = obs.to_act[0]
        colour = obs.colours[s]
        title = f"Winter, {obs.stage}: seat {s + 1}" + (f" ({colour})" if colour else "")
        title += f" to {obs.phase.replace('_', ' ')}"
    else:
        title = f"Winter: {obs.stage}"
    parts = []
    for s in (0, 1):
        name = obs.colours[s] or "?"
        parts.append(f"seat {s + 1} {name}: {obs.on_table[s]} on table, {obs.supply[s]} supply")
    parts.append(f"deck {obs.deck_count}")
    if obs.stage == "thawing" or (obs.stage == "over" and obs.thaw_turns):
        parts.append(f"thaw {obs.thaw_turns}/{obs.max_thaw_turns or '∞'}")
    return title, " · ".join(parts)


def _header(draw: ImageDraw.ImageDraw, lines: tuple[str, str], width: int) -> None:
    draw.text((MARGIN, 8), lines[0], font=_font(17), fill=TEXT)
    draw.text((MARGIN, 32), lines[1], font=_font(13), fill=TEXT)
    draw.line((0, HEADER - 2, width, HEADER - 2), fill=GRID, width=2)


def _labels(draw: ImageDraw.ImageDraw, cv: _Canvas) -> None:
    font = _font(13)
    for col, letters in zip(range(cv.col0, cv.col1 + 1), cv.letters, strict=True):
        x0, y0, x1, y1 = cv.box(cv.row0, col)
        cx = (x0 + x1) / 2
        _centred(draw, (cx, y0 - MARGIN / 2), letters, font, TEXT)
        _centred(draw, (cx, cv.xy(cv.row1 + 1, col)[1] + MARGIN / 2), letters, font, TEXT)
    for row in range(cv.row0, cv.row1 + 1):
        x0, y0, x1, y1 = cv.box(row, cv.col0)
        cy = (y0 + y1) / 2
        number = str(row - cv.row0 + 1)
        _centred(draw, (MARGIN / 2, cy), number, font, TEXT)
        _centred(draw, (cv.board_right + MARGIN / 2, cy), number, font, TEXT)


def _grid(draw: ImageDraw.ImageDraw, cv: _Canvas) -> None:
    for row in range(cv.row0, cv.row1 + 2):
        y = cv.xy(row, cv.col0)[1]
        draw.line((MARGIN, y, cv.board_right, y), fill=GRID, width=1)
    for col in range(cv.col0, cv.col1 + 2):
        x = cv.xy(cv.row0, col)[0]
        draw.line((x, HEADER + MARGIN, x, HEADER + MARGIN + cv.rows * CELL), fill=GRID, width=1)


def _sections(draw: ImageDraw.ImageDraw, x: int, y: int, sections: Sequence[Sequence[str]],
              cell: int) -> None:  # fmt: skip
    for i in (0, 1):
        for j in (0, 1):
            fill = LIGHT if sections[i][j] == "L" else DARK
            x0, y0 = x + j * cell, y + i * cell
            draw.rectangle((x0, y0, x0 + cell, y0 + cell), fill=fill)
            # a small snowflake tick so colour is readable in greyscale too
            mark = DARK if fill == LIGHT else LIGHT
            cx, cy, r = x0 + cell / 2, y0 + cell / 2, cell / 7
            draw.line((cx - r, cy, cx + r, cy), fill=mark, width=1)
            draw.line((cx, cy - r, cx, cy + r), fill=mark, width=1)


def _cards(draw: ImageDraw.ImageDraw, cv: _Canvas, obs: WinterObservation) -> None:
    for card in obs.cards:
        x, y = cv.xy(card.row, card.col)
        _sections(draw, x, y, card.sections, CELL)
    for card in obs.cards:
        x0, y0, x1, y1 = cv.box(card.row, card.col, 2, 2)
        draw.rectangle((x0, y0, x1, y1), outline=OUTLINE, width=3)
        if card.locked:  # a small padlock in the top-left corner
            draw.rectangle((x0 + 5, y0 + 9, x0 + 13, y0 + 15), fill="#F5F5F5", outline=OUTLINE)
            draw.arc((x0 + 6, y0 + 4, x0 + 12, y0 + 12), 180, 360, fill="#F5F5F5", width=2)


def _counters(draw: ImageDraw.ImageDraw, cv: _Canvas, obs: WinterObservation) -> None:
    font = _font(int(CELL * 0.42))
    radius = CELL * 0.4
    for k in obs.counters:
        cx, cy = cv.xy(k.row + 1, k.col + 1)
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        if k.colour == "light":
            draw.ellipse(box, fill="white", outline=RING_LIGHT, width=3)
            _centred(draw, (cx, cy), "L", font, NAVY)
        else:
            draw.ellipse(box, fill=NAVY, outline="white", width=3)
            _centred(draw, (cx, cy), "D", font, "white")


def _square_outline(draw: ImageDraw.ImageDraw, cv: _Canvas, row: int, col: int, colour: str,
                    label: str) -> None:  # fmt: skip
    x0, y0, x1, y1 = cv.box(row, col, 2, 2)
    draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=colour, width=3)
    font = _font(12)
    w = font.getlength(label) + 6
    draw.rectangle((x0 + 4, y0 + 4, x0 + 4 + w, y0 + 19), fill=colour)
    draw.text((x0 + 7, y0 + 5), label, font=font, fill="black")


def _choices(draw: ImageDraw.ImageDraw, cv: _Canvas, obs: WinterObservation) -> None:
    for n, group in enumerate(obs.lake_options):
        colour = GROUP_COLOURS[n % len(GROUP_COLOURS)]
        for r, c in group.cards:
            x0, y0, x1, y1 = cv.box(r, c, 2, 2)
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=colour, width=4)
        x0, y0, _, _ = cv.box(group.keep_row, group.keep_col)
        tag = f"keep {group.keep_label}"
        draw.rectangle((x0, y0, x0 + 8 * len(tag), y0 + 16), fill=colour)
        draw.text((x0 + 3, y0 + 1), tag, font=_font(12), fill="white")
    for q in obs.counter_options:
        _square_outline(draw, cv, q.row, q.col, SQUARE_HINT, q.label)


def _hints(draw: ImageDraw.ImageDraw, cv: _Canvas, obs: WinterObservation) -> None:
    """Mark what the seat to act may use: spots, destinations, squares, removable cards."""
    for mark in obs.hint_marks():
        if mark.kind == "square":
            x0, y0, x1, y1 = cv.box(mark.row, mark.col, 2, 2)
            draw.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=SQUARE_HINT, width=2)
        elif mark.kind == "spot":
            _spot(draw, cv, mark.row, mark.col)
        else:
            x0, y0, x1, y1 = cv.box(mark.row, mark.col, 2, 2)
            draw.line((x1 - 12, y0 + 4, x1 - 4, y0 + 12), fill="#D32F2F", width=3)
            draw.line((x1 - 4, y0 + 4, x1 - 12, y0 + 12), fill="#D32F2F", width=3)


def _spot(draw: ImageDraw.ImageDraw, cv: _Canvas, row: int, col: int) -> None:
    x0, y0 = cv.xy(row, col)
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    draw.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=HINT, outline="white", width=2)


def _side(draw: ImageDraw.ImageDraw, cv: _Canvas, obs: WinterObservation) -> None:
    face: CardFace | None = obs.drawn_card or obs.lifted_card
    if face is None:
        return
    x = cv.board_right + MARGIN + 12
    y = HEADER + MARGIN
    title = "Drawn card" if obs.drawn_card is not None else "Card in hand"
    draw.text((x, y), f"{title} {face.card_id}", font=_font(13), fill=TEXT)
    cell = 24
    down = [[face.up[1 - i][1 - j] for j in (0, 1)] for i in (0, 1)]
    for n, (name, sections) in enumerate((("up", face.up), ("down", down))):
        top = y + 22 + n * (2 * cell + 30)
        _sections(draw, x, top, sections, cell)
        draw.rectangle((x, top, x + 2 * cell, top + 2 * cell), outline=OUTLINE, width=3)
        draw.text((x + 2 * cell + 8, top + cell - 8), name, font=_font(14), fill=TEXT)


def _static(cv: _Canvas) -> Image.Image:
    """What does not change while the frame keeps its size: the grid and the coordinates."""
    image = Image.new("RGB", (cv.width, cv.height), "white")
    draw = ImageDraw.Draw(image)
    _grid(draw, cv)
    _labels(draw, cv)
    return image


def picture(observation: Any, *, hints: bool = False) -> bytes:
    """The lake as a PNG, from a public or private Winter observation."""
    obs = _observation(observation)
    lines = _header_lines(obs)
    cv = _Canvas(obs, lines)
    image = static_layer(cv.key(), lambda: _static(cv))
    draw = ImageDraw.Draw(image)
    _header(draw, lines, cv.width)
    _cards(draw, cv, obs)
    _choices(draw, cv, obs)
    if hints:
        _hints(draw, cv, obs)
    _counters(draw, cv, obs)
    _side(draw, cv, obs)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()

"""Cold Comfort's city picture (spec §11): a Pillow PNG players can read `(x,y)` coordinates from.

`picture(observation, hints=...)` draws the map with a 4-square margin, x and y labels on all four
edges, streets (Main Street named), cream tiles with thick outlines and ids, printed lot values,
hatched public buildings, hotels in seat colours with value and seat, dice as pip faces (guests with
a seat-coloured border), the offered squares of a pending fire or landing choice, and a side panel
(seats, pool against trigger, deck, round, turn, last roll and landings, last scoring, the drawn
tile in four rotations). With `hints`, the anchor of every legal placement of the drawn tile is
dotted. It never shows the deck order or the seed.

It reads only the observation (and the models and constants `rules.cold_comfort` exports): tile
footprints, the drawn tile's rotations and its legal placements come with it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from cogs.games.layers import static_layer
from rules.cold_comfort import SEAT_COLOURS, ColdComfortObservation, RotationView, SquareView

CELL = 40
LABEL = 24
PANEL = 300
MARGIN_SQUARES = 4

WHITE = "#FFFFFF"
GRID = "#E6E6E6"
STREET = "#D3D3D3"
MAIN = "#BDBDBD"
CREAM = "#FFF3D1"
PUBLIC = "#C9C9C9"
OUTLINE = "#3B2F2F"
TEXT = "#222222"
FIRE = "#D62828"
LANDING = "#2A9D8F"
HINT = "#6A4C93"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Coord = tuple[int, int]
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}


@lru_cache(maxsize=8)
def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _observation(observation: Any) -> ColdComfortObservation:
    if isinstance(observation, ColdComfortObservation):
        return observation
    if hasattr(observation, "model_dump"):
        observation = observation.model_dump()
    return ColdComfortObservation.model_validate(observation)


class _Frame:
    """Board square (x, y) -> pixel box; y grows north, so rows are drawn top = max y."""

    def __init__(self, obs: ColdComfortObservation) -> None:
        xs = [s.x for s in obs.squares] + [x for x, _ in obs.streets] + [0]
        ys = [s.y for s in obs.squares] + [y for _, y in obs.streets] + [0, 2]
        self.x0 = min(xs) - MARGIN_SQUARES
        self.x1 = max(xs) + MARGIN_SQUARES
        self.y0 = min(ys) - MARGIN_SQUARES
        self.y1 = max(ys) + MARGIN_SQUARES
        self.width = (self.x1 - self.x0 + 1) * CELL + 2 * LABEL
        self.height = (self.y1 - self.y0 + 1) * CELL + 2 * LABEL

    def key(self) -> tuple[object, ...]:
        """Everything the static layer (`_static`) depends on."""
        return ("cold_comfort", self.x0, self.x1, self.y0, self.y1)

    def box(self, x: int, y: int) -> tuple[int, int, int, int]:
        left = LABEL + (x - self.x0) * CELL
        top = LABEL + (self.y1 - y) * CELL
        return left, top, left + CELL, top + CELL


def _die(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], value: int, border: str
) -> None:
    left, top, right, _ = box
    draw.rounded_rectangle(box, radius=4, fill=WHITE, outline=border, width=2)
    size = right - left
    r = max(1.5, size * 0.08)
    for px, py in _PIPS.get(value, ()):
        cx, cy = left + px * size, top + py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TEXT)


def _dashed_rect(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: str) -> None:
    left, top, right, bottom = box
    dash = 5
    for x in range(left, right, 2 * dash):
        draw.line((x, top, min(x + dash, right), top), fill=colour, width=3)
        draw.line((x, bottom - 1, min(x + dash, right), bottom - 1), fill=colour, width=3)
    for y in range(top, bottom, 2 * dash):
        draw.line((left, y, left, min(y + dash, bottom)), fill=colour, width=3)
        draw.line((right - 1, y, right - 1, min(y + dash, bottom)), fill=colour, width=3)


def _square(draw: ImageDraw.ImageDraw, frame: _Frame, sq: SquareView) -> None:
    box = frame.box(sq.x, sq.y)
    left, top, right, bottom = box
    if sq.kind == "public":
        draw.rectangle(box, fill=PUBLIC)
        for c in range(8, 2 * CELL, 8):  # diagonal hatching clipped to the square
            a = min(c, CELL)
            draw.line((left + a, top + c - a, left + c - a, top + a), fill="#A8A8A8", width=1)
        draw.text(
            ((left + right) / 2, (top + bottom) / 2), "P", fill=TEXT, font=_font(16), anchor="mm"
        )
        return
    if sq.hotel_seat is None:
        draw.rectangle(box, fill=CREAM, outline="#E8D9A8")
        draw.text((left + 3, top + 2), str(sq.printed), fill="#8A6D3B", font=_font(11))
        if sq.die:
            d = 22
            cx, cy = (left + right) / 2 + 3, (top + bottom) / 2 + 3
            _die(draw, (cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2), sq.die, "#555555")
        return
    colour = SEAT_COLOURS[sq.hotel_seat % len(SEAT_COLOURS)]
    draw.rectangle(box, fill=colour)
    if sq.printed != sq.hotel_value:  # changed hotels: the lot's printed value, small
        draw.text((left + 3, top + 2), str(sq.printed), fill=TEXT, font=_font(9))
    draw.text(
        (left + 12, (top + bottom) / 2), str(sq.hotel_value), fill=TEXT, font=_font(20), anchor="mm"
    )
    draw.text((right - 3, top + 2), f"s{sq.hotel_seat + 1}", fill=TEXT, font=_font(10), anchor="ra")
    if sq.die:
        d = 19
        _die(draw, (right - d - 3, bottom - d - 3, right - 3, bottom - 3), sq.die, colour)
    if sq.built_this_turn:
        _dashed_rect(draw, (left + 1, top + 1, right - 1, bottom - 1), TEXT)


def _labels(draw: ImageDraw.ImageDraw, frame: _Frame) -> None:
    font = _font(11)
    for x in range(frame.x0, frame.x1 + 1):
        left, _, right, _ = frame.box(x, frame.y1)
        cx = (left + right) / 2
        draw.text((cx, LABEL / 2), str(x), fill=TEXT, font=font, anchor="mm")
        draw.text((cx, frame.height - LABEL / 2), str(x), fill=TEXT, font=font, anchor="mm")
    for y in range(frame.y0, frame.y1 + 1):
        _, top, _, bottom = frame.box(frame.x0, y)
        cy = (top + bottom) / 2
        draw.text((LABEL / 2, cy), str(y), fill=TEXT, font=font, anchor="mm")
        draw.text((frame.width - LABEL / 2, cy), str(y), fill=TEXT, font=font, anchor="mm")


def _map(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    obs: ColdComfortObservation,
    frame: _Frame,
    hints: bool,
) -> None:
    image.paste(static_layer(frame.key(), lambda: _static(frame)), (0, 0))
    for x, y in obs.streets:
        draw.rectangle(frame.box(x, y), fill=MAIN if x == 0 and 0 <= y <= 2 else STREET)
    left, top, _, _ = frame.box(0, 2)
    _, _, right, bottom = frame.box(0, 0)
    label = Image.new("RGBA", (bottom - top, right - left), (0, 0, 0, 0))
    ImageDraw.Draw(label).text(
        ((bottom - top) / 2, (right - left) / 2), "MAIN ST", fill=TEXT, font=_font(14), anchor="mm"
    )
    rotated = label.rotate(90, expand=True)
    image.paste(rotated, (left, top), rotated)
    for sq in obs.squares:
        _square(draw, frame, sq)
    # Size-2 public buildings get one outline; every tile a thick one and its id.
    publics: dict[str, list[Coord]] = {}
    for sq in obs.squares:
        if sq.kind == "public":
            publics.setdefault(sq.tile_id, []).append((sq.x, sq.y))
    for squares in publics.values():
        boxes = [frame.box(x, y) for x, y in squares]
        draw.rectangle(
            (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            ),
            outline="#777777",
            width=2,
        )
    for tile in obs.tiles:
        w, h = obs.tile_sizes[tile.tile_id]
        l, t, _, _ = frame.box(tile.x, tile.y + h - 1)
        _, _, r, b = frame.box(tile.x + w - 1, tile.y)
        draw.rectangle((l, t, r, b), outline=OUTLINE, width=3)
        draw.text((l + 3, b - 3), tile.tile_id, fill=OUTLINE, font=_font(9), anchor="ld")
    if obs.fire_pending:
        for x, y in obs.fire_pending.options:
            draw.rectangle(frame.box(x, y), outline=FIRE, width=4)
        l, t, r, b = frame.box(*obs.fire_pending.at)
        draw.line((l, t, r, b), fill=FIRE, width=3)
        draw.line((l, b, r, t), fill=FIRE, width=3)
    if obs.landing_pending:
        for x, y in obs.landing_pending.options:
            draw.rectangle(frame.box(x, y), outline=LANDING, width=4)
    if hints and obs.drawn_tile is not None:
        for x, y, _ in obs.drawn_placements:
            l, t, r, b = frame.box(x, y)
            cx, cy = (l + r) / 2, (t + b) / 2
            draw.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=HINT)


def _static(frame: _Frame) -> Image.Image:
    """What does not change while the map keeps its bounds: the empty squares and coordinates."""
    image = Image.new("RGB", (frame.width, frame.height), WHITE)
    draw = ImageDraw.Draw(image)
    for x in range(frame.x0, frame.x1 + 1):
        for y in range(frame.y0, frame.y1 + 1):
            draw.rectangle(frame.box(x, y), fill=WHITE, outline=GRID)
    _labels(draw, frame)
    return image


def _mini_tile(draw: ImageDraw.ImageDraw, turned: RotationView, left: int, top: int) -> int:
    """One rotation of the drawn tile, 14-px squares, anchor (south-west) marked; returns height."""
    s = 14
    rotation = turned.rotation
    h = turned.height
    for x, y, value in turned.squares:
        box = (left + x * s, top + (h - 1 - y) * s, left + (x + 1) * s, top + (h - y) * s)
        draw.rectangle(box, fill=PUBLIC if value == 0 else CREAM, outline=OUTLINE)
        draw.text(
            ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
            "P" if value == 0 else str(value),
            fill=TEXT,
            font=_font(9),
            anchor="mm",
        )
    ax, ay = left, top + (h - 1) * s
    draw.rectangle((ax, ay, ax + s, ay + s), outline=FIRE, width=2)
    draw.text((left, top + h * s + 2), f"rot {rotation}", fill=TEXT, font=_font(10))
    return h * s + 16


def _panel(draw: ImageDraw.ImageDraw, obs: ColdComfortObservation, left: int) -> int:
    y = 10
    font, bold = _font(12), _font(15)

    def line(text: str, colour: str = TEXT, f: Font = font, step: int = 16) -> None:
        nonlocal y
        draw.text((left, y), text, fill=colour, font=f)
        y += step

    line("Cold Comfort", f=bold, step=22)
    if obs.outcome:
        winners = ", ".join(f"seat {s + 1}" for s in obs.outcome.winners)
        line(f"Game over: {winners} win{'s' if len(obs.outcome.winners) == 1 else ''}")
        line("Final: " + "  ".join(f"s{i + 1} {v}" for i, v in enumerate(obs.outcome.scores)))
    else:
        actor = obs.to_act[0] + 1 if obs.to_act else obs.active_seat + 1
        line(f"Turn {obs.turn_number} · seat {obs.active_seat + 1}'s turn")
        line(f"Seat {actor} to act ({obs.phase.replace('_', ' ')})")
    line(f"Pool {obs.pool} / {obs.trigger} · deck {obs.deck_count}")
    line(f"Scoring round {obs.scoring_rounds} / {obs.scoring_rounds_total}", step=22)
    for p in obs.players:
        draw.rectangle((left, y + 1, left + 12, y + 13), fill=p.colour, outline=OUTLINE)
        draw.text(
            (left + 18, y),
            f"seat {p.seat + 1}: ${p.gold} · {p.points} pts · {p.hotels} hotels",
            fill=TEXT,
            font=font,
        )
        y += 15
        supply = " ".join(f"{v}:{n}" for v, n in p.supply.items())
        line(f"   supply {supply}", colour="#555555", f=_font(10), step=16)
    y += 4
    if obs.fire_pending:
        line(f"Fire: seat {obs.fire_pending.chooser + 1} chooses a red square", colour=FIRE)
    if obs.landing_pending:
        lp = obs.landing_pending
        line(f"Extra {lp.value}: seat {lp.chooser + 1} chooses a green square", colour=LANDING)
    if obs.drawn_tile:
        line(f"Drawn tile {obs.drawn_tile.tile_id} (red = anchor):", f=bold, step=20)
        x = left
        tallest = 0
        for turned in obs.drawn_rotations:
            tallest = max(tallest, _mini_tile(draw, turned, x, y))
            x += turned.width * 14 + 22
        y += tallest + 4
    if obs.last_roll is not None:
        line(f"Last roll: {' '.join(map(str, obs.last_roll))}", f=bold, step=18)
        for landing in obs.last_landing or []:
            where = f"({landing.at[0]},{landing.at[1]})" if landing.at else "pool"
            line(f"  {landing.value} -> {where}", f=_font(10), step=13)
        y += 4
    if obs.last_scoring:
        line("Last scoring:", f=bold, step=18)
        for n in obs.last_scoring:
            best = ", ".join(f"s{s + 1}:{v}" for s, v in n.best.items()) or "-"
            won = ", ".join(f"s{s + 1} +{n.points_each}" for s in n.winners) or "nobody"
            line(f"  {'+'.join(n.tiles)} ({n.value}): {best}; gang {n.gang}", f=_font(10), step=13)
            line(f"     -> {won}", f=_font(10), step=14)
    return y + 10


def picture(observation: Any, *, hints: bool = False) -> bytes:
    obs = _observation(observation)
    frame = _Frame(obs)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    panel_height = _panel(probe, obs, 0)
    image = Image.new("RGB", (frame.width + PANEL, max(frame.height, panel_height)), WHITE)
    draw = ImageDraw.Draw(image)
    _map(image, draw, obs, frame, hints)
    _panel(draw, obs, frame.width + 12)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()

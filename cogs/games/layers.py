"""The static layer of a board picture, drawn once and reused.

Most of a board picture does not change from move to move: the grid, the coordinates, the empty
squares. A renderer draws that layer once per geometry (the same for every move of a table until
its board grows) through `static_layer`, and draws only the pieces on a copy of it. Layers are
kept by key, least recently used first, `KEPT` at most; renderers run in worker threads, hence the
lock (two threads missing at once both draw it; either copy is right).

It also holds what every picture shares: type sized so that a picture shown 400 px wide on a
phone keeps its text at least as tall as Discord's own (`text_size`), wrapped lines, lettered
spot markers, and players' names for legends.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont
from pydantic import BaseModel

KEPT = 64
_layers: OrderedDict[Hashable, Image.Image] = OrderedDict()
_lock = threading.Lock()
drawn = 0  # layers drawn since start (tests count them)


def static_layer(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """A fresh copy of the layer `draw()` makes for `key`, drawn only the first time."""
    global drawn
    with _lock:
        layer = _layers.get(key)
        if layer is not None:
            _layers.move_to_end(key)
    if layer is None:
        layer = draw()
        with _lock:
            drawn += 1
            _layers[key] = layer
            while len(_layers) > KEPT:
                _layers.popitem(last=False)
    return layer.copy()


# -- what every picture shares: type sized for a phone, wrapped lines, lettered spots ------------

PHONE_WIDTH = 400  # Discord shows a picture about this wide on a phone
PHONE_TEXT = 12  # … and its own text about this tall: no text of a picture may end up smaller
TEXT_SHARE = 0.032  # so text is at least this share of a picture's width (12.8 px at 400 px)
BODY_MIN = 18  # the smallest type drawn at all, in pixels

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> Font:
    """A font `size` pixels tall: DejaVu Sans when the system has it (bold for titles and
    spots), else Pillow's own."""
    for path in _BOLD if bold else _REGULAR:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


_REGULAR = ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_BOLD = ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def text_size(width: int) -> int:
    """The type size for a picture `width` pixels wide: shown 400 px wide on a phone, its text is
    still at least Discord's own (12 px)."""
    return max(BODY_MIN, math.ceil(width * TEXT_SHARE))


def wrap(text: str, face: Font, width: float) -> list[str]:
    """`text` cut into lines no wider than `width` pixels, at spaces."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        tried = f"{line} {word}" if line else word
        if line and face.getlength(tried) > width:
            lines.append(line)
            line = word
        else:
            line = tried
    if line:
        lines.append(line)
    return lines


_BOARD_LABEL = re.compile(r"\b([A-Z]{1,2}\d{1,2})\b")


def spot_mark(label: str) -> str:
    """What a spot's marker says: the letter of "Spot A" (also "Spot A, up"), else a board label
    in the step's label ("Card G3" → "G3"), else its first letters."""
    if label.startswith("Spot "):
        return label[5:].split(",")[0].split(" ")[0][:2]
    found = _BOARD_LABEL.search(label)
    return found[1] if found else label[:2]


SPOT_FILL = "#FFC233"
SPOT_RING = "#1B1B1B"


def draw_spot(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, mark: str
) -> None:
    """A lettered spot: a yellow disc ringed in black, `size` pixels across, its mark in bold."""
    cx, cy = centre
    r = size / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SPOT_FILL, outline=SPOT_RING,
                 width=max(2, round(size / 14)))  # fmt: skip
    scale = 0.62 if len(mark) == 1 else 0.44
    draw.text((cx, cy), mark, font=font(max(8, round(size * scale)), bold=True), fill=SPOT_RING,
              anchor="mm")  # fmt: skip


def player_name(names: Sequence[str], seat: int) -> str:
    """A player's name for a picture; "Player 2" when the bot gave none. Emoji (an AI seat's
    "Frost 🤖") are left out: the picture's fonts have no glyph for them."""
    if 0 <= seat < len(names) and names[seat]:
        drawn = " ".join("".join(ch for ch in names[seat] if _drawable(ch)).split())
        if drawn:
            return drawn
    return f"Player {seat + 1}"


def _drawable(ch: str) -> bool:
    code = ord(ch)
    return code < 0x2190 or 0x2460 <= code < 0x2600 or 0x3000 <= code < 0xFE00


def clip_alt(text: str, limit: int = 1000) -> str:
    """Alt text on one line, at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


Record = TypeVar("Record", bound=BaseModel)


def observation_of(observation: Any, model: type[Record]) -> Record:
    """A renderer's observation as its game's record: the record itself, or the record read back
    from another record's or a dict's fields."""
    if isinstance(observation, model):
        return observation
    if hasattr(observation, "model_dump"):
        observation = observation.model_dump()
    return model.model_validate(observation)

"""The drawing surface of Dead of Winter's colony map (`cogs.games.dead_of_winter`): the sizes
and colours, type that reads on a phone, and the places — the colony and the town's locations with
their survivors, zombies, barricades, noise and the Long Night's pieces, and the improvements."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from cogs.games.dead_of_winter_words import (
    improvement_name,
    reachable,
)
from cogs.games.layers import font, text_size, wrap
from rules.dead_of_winter.observation_models import LocationView, Observation, SurvivorView

WIDTH = 720
PAD = 14
GAP = 12
TEXT = text_size(WIDTH)  # every word at least this tall (24 px at 720 wide)
TITLE = TEXT + 4
HEAD = TEXT + 12
GROUP_COLOURS = ("#D62828", "#1D70B8", "#2A9D6F", "#E07A1F", "#8E44AD")
BG = "#F4F7FB"
PANEL = "#FFFFFF"
INK = "#1E1E24"
MUTED = "#4A5260"
ZOMBIE = "#4F7A3A"
EMPTY = "#D9DEE5"
BARRICADE = "#8B5A2B"
NOISE = "#F2B705"
HINT = "#1FA34A"
BAD = "#C0392B"
FROST = "#3FA7F5"
COLONY_BG = "#E8F0FA"
EXPERIMENT = "#7B2CBF"  # the Long Night: experiment zombies, despair tokens
TRAP = "#F77F00"
BANDIT = "#3D3D3D"


class Sheet:
    """The map's image being drawn, with its text helpers and the places; `_Map` adds the
    header, the objectives, the legend and the key."""

    def __init__(self, obs: Observation, hints: bool, names: Sequence[str]) -> None:
        self.obs = obs
        self.names = names
        self.hints = reachable(obs) if hints else set()
        self.image = Image.new("RGB", (WIDTH, 4000), BG)
        self.draw = ImageDraw.Draw(self.image)
        self.smallest = 10**6  # the smallest type drawn (tests hold it to a phone's size)
        self.by_loc: dict[str, list[SurvivorView]] = {}
        for s in obs.survivors:
            self.by_loc.setdefault(s.location, []).append(s)
        for people in self.by_loc.values():
            people.sort(key=lambda s: (s.group, not s.is_leader, s.short))

    def text(self, xy: tuple[float, float], text: str, size: int = TEXT, **kw: Any) -> None:
        bold = bool(kw.pop("bold", False))
        kw.setdefault("fill", INK)
        self.smallest = min(self.smallest, size)
        self.draw.text(xy, text, font=font(size, bold), **kw)

    def width(self, text: str, size: int = TEXT, bold: bool = False) -> float:
        return font(size, bold).getlength(text)

    def fit(self, text: str, size: int, room: float, bold: bool = False) -> str:
        """`text` cut with an ellipsis to `room` pixels (a long name in a narrow box)."""
        if self.width(text, size, bold) <= room:
            return text
        while text and self.width(text + "…", size, bold) > room:
            text = text[:-1]
        return text.rstrip() + "…"

    def lines(
        self, x: float, y: float, text: str, room: float, size: int = TEXT, **kw: Any
    ) -> float:
        """`text` wrapped to `room` pixels; returns the y below it."""
        bold = bool(kw.get("bold", False))
        for line in wrap(text, font(size, bold), room):
            self.text((x, y), line, size, **kw)
            y += size + 8
        return y

    def _measure(self, draw: Any) -> int:
        """The height `draw(self)` takes, drawn on a scratch image."""
        keep_image, keep_draw = self.image, self.draw
        self.image = Image.new("RGB", (WIDTH, 2000))
        self.draw = ImageDraw.Draw(self.image)
        try:
            return int(draw(self))
        finally:
            self.image, self.draw = keep_image, keep_draw

    # --- places ------------------------------------------------------------------------------
    def chips(self, left: float, top: float, right: float, people: list[SurvivorView]) -> float:
        """Survivor chips in group colours, flowing onto new lines; returns the bottom."""
        x, y = left, top
        h = TEXT + 14
        for s in people:
            colour = GROUP_COLOURS[s.group % len(GROUP_COLOURS)]
            w = int(self.width(s.short)) + 20
            if x + w > right and x > left:
                x, y = left, y + h + 12
            self.draw.rounded_rectangle(
                (x, y, x + w, y + h),
                radius=8,
                fill=colour,
                outline=INK if s.is_leader else colour,
                width=4 if s.is_leader else 1,
            )
            self.text((x + w / 2, y + h / 2), s.short, fill="#FFFFFF", anchor="mm")
            marks = [BAD] * s.wounds + [FROST] * s.frostbite + [EXPERIMENT] * s.despair
            for i, c in enumerate(marks[:6]):
                cx = x + 4 + i * 15
                self.draw.ellipse((cx, y + h - 7, cx + 13, y + h + 6), fill=c, outline=PANEL)
            x += w + 8
        return y + h + 12 if people else top

    def bandits(self, x: float, y: float, right: float, count: int) -> float:
        h = TEXT + 14
        for _ in range(count):
            if x + h > right:
                x, y = right - h, y
            self.draw.rounded_rectangle((x, y, x + h, y + h), radius=6, fill=BANDIT)
            self.text((x + h / 2, y + h / 2), "B", fill="#FFFFFF", anchor="mm", bold=True)
            x += h + 6
        return y + h + 12 if count else y

    def spaces(self, x: float, y: float, loc: LocationView, slot: int) -> tuple[float, float]:
        """One place's entrance: zombie spaces then barricade bars; returns (right, bottom)."""
        e = loc.entrances[0]
        kinds = [ZOMBIE] * e.zombies + [EXPERIMENT] * e.experiments + [TRAP] * e.traps
        for i in range(e.spaces):
            fill = kinds[i] if i < len(kinds) else EMPTY
            self.draw.rounded_rectangle((x, y, x + slot, y + slot), radius=4, fill=fill,
                                        outline=MUTED)  # fmt: skip
            x += slot + 4
        for _ in range(e.barricades):
            self.draw.rectangle((x + 2, y - 3, x + 10, y + slot + 3), fill=BARRICADE)
            x += 13
        over = e.zombies + e.experiments + e.traps - e.spaces
        if over > 0:
            self.text((x + 4, y + slot / 2), f"+{over}", anchor="lm")
            x += self.width(f"+{over}") + 8
        return x, y + slot

    def noise(self, right: float, y: float, loc: LocationView, slot: int) -> None:
        """Noise as yellow dots, right-aligned on the entrance row."""
        d = 18
        for i in range(loc.noise_cap):
            cx = right - (loc.noise_cap - i) * (d + 5)
            cy = y + (slot - d) / 2
            on = i < loc.noise
            self.draw.ellipse((cx, cy, cx + d, cy + d), fill=NOISE if on else PANEL,
                              outline=MUTED)  # fmt: skip

    def place(self, box: tuple[float, float, float, float], loc: LocationView) -> float:
        """A town place's box and contents; returns the bottom of its contents."""
        left, top, right, _ = box
        x = left + 12
        room = right - left - 24
        title = loc.name if loc.number is None else f"{loc.number} {loc.name}"
        self.text((x, top + 10), self.fit(title, TITLE, room, True), TITLE, bold=True)
        y = top + 10 + TITLE + 10
        info = f"{loc.occupied}/{loc.survivor_spaces} here"
        if loc.key != "hideout":
            info += f" · deck {loc.deck_count}"
        self.text((x, y), self.fit(info, TEXT, room), fill=MUTED)
        y += TEXT + 12
        slot = 30
        _, bottom = self.spaces(x, y, loc, slot)
        if loc.noise_cap:
            self.noise(right - 12, y, loc, slot)
        y = bottom + 14
        y = self.chips(x, y, right - 12, self.by_loc.get(loc.key, []))
        y = self.bandits(x, y, right - 12, loc.bandits)
        ln = self.obs.long_night or {}
        if loc.key == "lab" and ln.get("experiment"):
            y = self.experiment(x, y, room, ln["experiment"])
        if loc.key == "hideout" and "hideout_stash" in ln:
            stash = ", ".join(c["name"] for c in ln["hideout_stash"]) or "empty"
            y = self.lines(x, y, f"Stash: {stash}", room)
        if loc.key in self.hints:
            self.text((x, y), "Can move here", fill=HINT, bold=True)
            y += TEXT + 10
        return y

    def experiment(self, x: float, y: float, room: float, experiment: Mapping[str, Any]) -> float:
        """The Lab's experiment: its name, then its code with the placed dice filled."""
        y = self.lines(x, y, str(experiment["name"]), room, fill=EXPERIMENT)
        placed = list(experiment["covered"])
        size = TEXT + 8
        for value in experiment["code"]:
            covered = value in placed
            if covered:
                placed.remove(value)
            self.draw.rounded_rectangle((x, y, x + size, y + size), radius=5,
                                        fill=EXPERIMENT if covered else PANEL,
                                        outline=EXPERIMENT, width=2)  # fmt: skip
            ink = "#FFFFFF" if covered else EXPERIMENT
            self.text((x + size / 2, y + size / 2), str(value), fill=ink, anchor="mm", bold=True)
            x += size + 6
        return y + size + 10

    def colony(self, y: int) -> int:
        colony = next(loc for loc in self.obs.locations if loc.key == "colony")
        height = self._measure(lambda m: m._colony(colony, 0)) + 6
        hinted = colony.key in self.hints
        self.draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + height), radius=12,
                                    fill=COLONY_BG, outline=HINT if hinted else MUTED,
                                    width=7 if hinted else 2)  # fmt: skip
        self._colony(colony, y)
        return y + height + GAP

    def _colony(self, colony: LocationView, top: float) -> float:
        x = PAD + 12
        room = WIDTH - 2 * PAD - 24
        self.text((x, top + 10), "Colony", TITLE, bold=True)
        info = f"{colony.occupied} here · helpless {colony.helpless}"
        if colony.unruly:
            info += f" · unruly {colony.unruly}"
        self.text((WIDTH - PAD - 12, top + 10 + TITLE - TEXT), info, fill=MUTED, anchor="ra")
        y = top + 10 + TITLE + 12
        cell = room / len(colony.entrances)
        slot = 26
        for i, e in enumerate(colony.entrances):
            cx = x + i * cell
            self.text((cx, y), f"{e.number}", fill=MUTED)
            kinds = [ZOMBIE] * e.zombies + [EXPERIMENT] * e.experiments + [TRAP] * e.traps
            over = len(kinds) - e.spaces
            if over > 0:
                self.text((cx + 26, y), f"+{over}", fill=BAD, bold=True)
            sy = y + TEXT + 8
            for j in range(e.spaces):
                sx = cx + j * (slot + 4)
                fill = kinds[j] if j < len(kinds) else EMPTY
                self.draw.rounded_rectangle((sx, sy, sx + slot, sy + slot), radius=4, fill=fill,
                                            outline=MUTED)  # fmt: skip
            width = e.spaces * (slot + 4) - 4
            for k in range(e.barricades):
                by = sy + slot + 6 + k * 11
                self.draw.rectangle((cx, by, cx + width, by + 7), fill=BARRICADE)
        most = max((e.barricades for e in colony.entrances), default=0)
        y += TEXT + 8 + slot + 6 + most * 11 + 10
        y = self.chips(x, y, WIDTH - PAD - 12, self.by_loc.get("colony", []))
        if colony.key in self.hints:
            self.text((x, y), "Can move here", fill=HINT, bold=True)
            y += TEXT + 10
        return y

    def town(self, y: int) -> int:
        town = [loc for loc in self.obs.locations if loc.key != "colony"]
        w = (WIDTH - 2 * PAD - GAP) / 2
        for start in range(0, len(town), 2):
            row = town[start : start + 2]
            boxes = [
                (PAD + i * (w + GAP), float(y), PAD + i * (w + GAP) + w, 0.0) for i in range(2)
            ]
            heights = [
                self._measure(lambda m, b=b, loc=loc: m.place(b, loc) - b[1])
                for b, loc in zip(boxes, row, strict=False)
            ]
            bottom = y + max(heights) + 4
            for (left, top, right, _), loc in zip(boxes, row, strict=False):
                hinted = loc.key in self.hints
                self.draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=PANEL,
                                            outline=HINT if hinted else MUTED,
                                            width=7 if hinted else 2)  # fmt: skip
                self.place((left, top, right, bottom), loc)
            y = int(bottom) + GAP
        return y

    # --- improvements, legend and result -------------------------------------------------------
    def improvements(self, y: int) -> int:
        imp = (self.obs.long_night or {}).get("improvements")
        if not imp:
            return y
        shown = ", ".join(f"{i['name']} {i['tokens']}/{i['need']}" for i in imp["display"])
        names = {i["id"]: i["name"] for i in imp["display"]}
        built = ", ".join(improvement_name(i, names) for i in imp["built"]) or "nothing yet"
        room = WIDTH - 2 * PAD
        y = int(self.lines(PAD, y, f"Improvements: {shown}", room))
        return int(self.lines(PAD, y, f"Built: {built}", room, fill=HINT)) + 4

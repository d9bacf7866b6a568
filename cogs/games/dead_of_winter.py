"""Dead of Winter's colony map (issue 10 §3): a Pillow PNG that reads at Discord's embed width.

Discord shows an embedded picture about 400–520 px wide, so the map is drawn 1000 px wide with
text no smaller than 20 px: halved, every word is still legible on a phone.

What it shows, from the PUBLIC observation only (§11.1): the round and morale tracks, food,
starvation and waste, the current crisis with how many cards are in it (never which), the main
objective and its progress, the colony and the six locations with their survivors as chips in
their group's colour (leader outlined in black, wounds as red dots, frostbite as blue dots), the
zombies filling each entrance's spaces, barricades as bars, noise tokens and the deck count, and a
legend of groups. With the Long Night modules it also shows experiment zombies (purple) and traps
(orange) in entrance spaces, bandits as dark chips, despair as purple dots, unruly helpless at the
colony, the Lab's experiment with the dice on its code, the Hideout stash, and the improvement
display and built improvements. A secret never reaches it: hands, objectives, the held twist card
and the contributed cards are simply not read (a test checks it by value).

With `hints` (for `/game hint`, drawn from the acting seat's observation) the locations the
active group's unmoved survivors may move to are outlined in green — computed from public fields
the way `rules_legal` does it (room left, no exile into the colony, not where it already is).
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from rules.dead_of_winter.observation import LocationView, Observation, SurvivorView

WIDTH = 1000
PAD = 16
GROUP_COLOURS = ("#D62828", "#1D70B8", "#2A9D6F", "#E07A1F", "#8E44AD")
BG = "#F4F7FB"
PANEL = "#FFFFFF"
INK = "#1E1E24"
MUTED = "#5A6270"
ZOMBIE = "#4F7A3A"
EMPTY = "#D9DEE5"
BARRICADE = "#8B5A2B"
NOISE = "#F2B705"
HINT = "#1FA34A"
BAD = "#C0392B"
COLONY_BG = "#E8F0FA"
EXPERIMENT = "#7B2CBF"  # the Long Night: experiment zombies, despair tokens
TRAP = "#F77F00"
BANDIT = "#3D3D3D"

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=16)
def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _observation(observation: Any) -> Observation:
    if isinstance(observation, Observation):
        return observation
    if hasattr(observation, "model_dump"):
        observation = observation.model_dump()
    return Observation.model_validate(observation)


def _width(draw: ImageDraw.ImageDraw, text: str, size: int) -> float:
    return draw.textlength(text, font=_font(size))


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, room: float) -> str:
    """Cut `text` with an ellipsis so it fits `room` pixels (long objective and crisis names)."""
    if _width(draw, text, size) <= room:
        return text
    while text and _width(draw, text + "…", size) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def reachable(obs: Observation) -> set[str]:
    """Locations an unmoved survivor of the active group may move to (public fields only)."""
    if obs.active_group is None or obs.phase != "turn" or obs.pending:
        return set()
    group = next((g for g in obs.groups if g.group == obs.active_group), None)
    if group is None:
        return set()
    movers = [s for s in obs.survivors if s.group == group.group and not s.moved_this_turn]
    out: set[str] = set()
    for loc in obs.locations:
        if loc.occupied >= loc.survivor_spaces:
            continue
        if loc.key == "colony" and group.exiled:
            continue
        if any(s.location != loc.key for s in movers):
            out.add(loc.key)
    return out


class _Map:
    def __init__(self, obs: Observation, hints: bool) -> None:
        self.obs = obs
        self.hints = reachable(obs) if hints else set()
        self.image = Image.new("RGB", (WIDTH, 2400), BG)
        self.draw = ImageDraw.Draw(self.image)

    def text(
        self, xy: tuple[float, float], text: str, size: int, fill: str = INK, **kw: Any
    ) -> None:
        self.draw.text(xy, text, fill=fill, font=_font(size), **kw)

    # --- header: tracks and colony supplies -------------------------------------------------
    def track(self, y: int, label: str, value: int, top: int, colour: str) -> int:
        """A numbered track 0..top with the marker on `value`."""
        self.text((PAD, y + 4), label, 24, anchor="la")
        left = PAD + 150
        cells = top + 1
        cell = min(52, (WIDTH - left - PAD) // cells)
        for i in range(cells):
            box = (left + i * cell, y, left + (i + 1) * cell - 4, y + 36)
            on = i == value
            self.draw.rounded_rectangle(
                box, radius=6, fill=colour if on else PANEL, outline=MUTED, width=2
            )
            self.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                str(i),
                22,
                fill="#FFFFFF" if on else MUTED,
                anchor="mm",
            )
        return y + 46

    def header(self) -> int:
        obs = self.obs
        y = PAD
        self.text((PAD, y), "Dead of Winter", 38, anchor="la")
        mode = obs.options.get("mode", "standard")
        state = "game over" if obs.outcome else f"round {obs.round_number} · {obs.phase}"
        self.text((WIDTH - PAD, y + 10), f"{mode} · {state}", 26, fill=MUTED, anchor="ra")
        y += 54
        morale_colour = BAD if obs.morale <= 3 else HINT
        y = self.track(y, "Morale", obs.morale, obs.morale_max, morale_colour)
        rounds_top = max(obs.round_track, obs.round_track + obs.round_number - 1)
        y = self.track(y, "Rounds left", obs.round_track, rounds_top, "#34495E")
        y += 4
        stats = [
            f"Food {obs.food}",
            f"Starvation {obs.starvation}",
            f"Waste {obs.waste}",
            f"Kills {obs.colony_kills}",
            f"Deaths {obs.deaths}",
        ]
        x = PAD
        for s in stats:
            colour = BAD if (s.startswith("Starvation") and obs.starvation) else INK
            w = int(_width(self.draw, s, 26)) + 24
            self.draw.rounded_rectangle(
                (x, y, x + w, y + 40), radius=8, fill=PANEL, outline=MUTED, width=2
            )
            self.text((x + 12, y + 20), s, 26, fill=colour, anchor="lm")
            x += w + 10
        return y + 52

    # --- crisis and main objective ----------------------------------------------------------
    def objectives(self, y: int) -> int:
        obs = self.obs
        box_h = 0
        lines: list[tuple[str, int, str]] = []
        main = obs.main_objective
        lines.append((f"Objective: {main.name}", 26, INK))
        for p in main.progress:
            mark = "[x]" if p.have >= p.need else "[ ]"
            lines.append((f" {mark} {p.label}: {p.have}/{p.need}", 22, MUTED))
        if obs.crisis is not None:
            c = obs.crisis
            lines.append((f"Crisis: {c.name} - needs {c.prevent}", 26, BAD))
            lines.append(
                (f" {c.card_count} card(s) contributed (hidden until the reveal)", 22, MUTED)
            )
        elif obs.last_crisis is not None:
            lc = obs.last_crisis
            lines.append(
                (f"Last crisis: {lc.name} - {lc.result} ({lc.score}/{lc.threshold})", 24, MUTED)
            )
        box_h = 16 + sum(size + 10 for _, size, _ in lines)
        self.draw.rounded_rectangle(
            (PAD, y, WIDTH - PAD, y + box_h), radius=10, fill=PANEL, outline=MUTED, width=2
        )
        ty = y + 10
        for text, size, colour in lines:
            self.text((PAD + 14, ty), _fit(self.draw, text, size, WIDTH - 4 * PAD), size, colour)
            ty += size + 10
        return y + box_h + 12

    # --- locations ----------------------------------------------------------------------------
    def chips(self, left: int, top: int, right: int, people: list[SurvivorView]) -> int:
        """Survivor chips in group colours, flowing onto new lines; returns the bottom."""
        x, y = left, top
        h = 38
        for s in people:
            colour = GROUP_COLOURS[s.group % len(GROUP_COLOURS)]
            w = int(_width(self.draw, s.short, 22)) + 22
            if x + w > right and x > left:
                x, y = left, y + h + 10
            self.draw.rounded_rectangle(
                (x, y, x + w, y + h),
                radius=8,
                fill=colour,
                outline=INK if s.is_leader else colour,
                width=4 if s.is_leader else 1,
            )
            self.text((x + w / 2, y + h / 2), s.short, 22, fill="#FFFFFF", anchor="mm")
            marks = [BAD] * s.wounds + ["#3FA7F5"] * s.frostbite + [EXPERIMENT] * s.despair
            for i, c in enumerate(marks[:6]):
                cx = x + 4 + i * 14
                self.draw.ellipse((cx, y + h - 6, cx + 12, y + h + 6), fill=c, outline=PANEL)
            x += w + 6
        return y + (h + 10 if people else 0)

    def entrances(self, left: int, y: int, loc: LocationView, slot: int) -> int:
        """Each entrance: its zombie spaces (green = zombie) then barricade bars."""
        x = left
        for e in loc.entrances:
            kinds = [ZOMBIE] * e.zombies + [EXPERIMENT] * e.experiments + [TRAP] * e.traps
            for i in range(e.spaces):
                fill = kinds[i] if i < len(kinds) else EMPTY
                self.draw.rounded_rectangle(
                    (x, y, x + slot, y + slot), radius=4, fill=fill, outline=MUTED
                )
                x += slot + 3
            for _ in range(e.barricades):
                self.draw.rectangle((x + 2, y - 2, x + 9, y + slot + 2), fill=BARRICADE)
                x += 11
            if e.zombies > e.spaces:  # overflow shown as a number, not lost
                self.text((x + 2, y + slot / 2), f"+{e.zombies - e.spaces}", 20, anchor="lm")
                x += 30
            x += 14
        return y + slot + 8

    def location(self, box: tuple[int, int, int, int], loc: LocationView, ppl: list[Any]) -> None:
        left, top, right, bottom = box
        hinted = loc.key in self.hints
        self.draw.rounded_rectangle(
            box,
            radius=12,
            fill=COLONY_BG if loc.key == "colony" else PANEL,
            outline=HINT if hinted else MUTED,
            width=7 if hinted else 2,
        )
        title = loc.name if loc.number is None else f"{loc.number} {loc.name}"
        self.text((left + 12, top + 8), _fit(self.draw, title, 28, right - left - 24), 28)
        y = top + 46
        room = f"{loc.occupied}/{loc.survivor_spaces} survivors"
        if loc.key == "colony":
            room += f" · helpless {loc.helpless}"
            room += f" · unruly {loc.unruly}" if loc.unruly else ""
        elif loc.key != "hideout":
            room += f" · deck {loc.deck_count}"
        room = _fit(self.draw, room, 20, right - left - 24)
        self.text((left + 12, y), room, 20, fill=MUTED)
        if hinted:
            self.text((right - 14, bottom - 10), "REACHABLE", 22, fill=HINT, anchor="rd")
        y += 28
        slot = 24 if loc.key == "colony" else 28
        y = self.entrances(left + 12, y, loc, slot)
        if loc.noise_cap:
            self.text((left + 12, y + 2), "Noise", 20, fill=MUTED)
            for i in range(loc.noise_cap):
                cx = left + 90 + i * 28
                self.draw.ellipse(
                    (cx, y + 2, cx + 22, y + 24),
                    fill=NOISE if i < loc.noise else PANEL,
                    outline=MUTED,
                )
            y += 32
        bottom_of_chips = self.chips(left + 12, y + 2, right - 12, ppl)
        self.module_marks(loc, left, max(y + 2, bottom_of_chips - 48), right, bottom)

    def module_marks(self, loc: LocationView, left: int, y: int, right: int, bottom: int) -> None:
        """Bandits as dark chips after the survivors; the Lab's experiment, the Hideout's stash."""
        x = right - 12 - loc.bandits * 34
        for i in range(loc.bandits):
            box = (x + i * 34, y, x + i * 34 + 30, y + 30)
            self.draw.rounded_rectangle(box, radius=6, fill=BANDIT)
            self.text((box[0] + 15, box[1] + 15), "B", 20, fill="#FFFFFF", anchor="mm")
        ln = self.obs.long_night or {}
        if loc.key == "lab" and ln.get("experiment"):
            experiment = ln["experiment"]
            line = f"{experiment['name']}: code"
            self.text((left + 12, bottom - 40), _fit(self.draw, line, 20, 200), 20, fill=EXPERIMENT)
            x = left + 12 + int(_width(self.draw, _fit(self.draw, line, 20, 200), 20)) + 8
            placed = list(experiment["covered"])
            for value in experiment["code"]:
                covered = value in placed
                if covered:
                    placed.remove(value)
                box = (x, bottom - 42, x + 26, bottom - 16)
                self.draw.rounded_rectangle(
                    box, radius=5, fill=EXPERIMENT if covered else PANEL, outline=EXPERIMENT
                )
                colour = "#FFFFFF" if covered else EXPERIMENT
                self.text((x + 13, bottom - 29), str(value), 20, fill=colour, anchor="mm")
                x += 30
        if loc.key == "hideout" and "hideout_stash" in ln:
            stash = ln["hideout_stash"]
            line = f"Stash: {', '.join(c['name'] for c in stash) or 'empty'}"
            self.text((left + 12, bottom - 40), _fit(self.draw, line, 20, right - left - 24), 20)

    def improvements(self, y: int) -> int:
        """The improvement display (tokens/need) and what the colony has built."""
        imp = (self.obs.long_night or {}).get("improvements")
        if not imp:
            return y
        shown = " · ".join(f"{i['name']} {i['tokens']}/{i['need']}" for i in imp["display"])
        names = {i["id"]: i["name"] for i in imp["display"]}
        built = ", ".join(_improvement_name(i, names) for i in imp["built"]) or "nothing yet"
        room = WIDTH - 2 * PAD
        self.text((PAD, y), _fit(self.draw, f"Improvements: {shown}", 22, room), 22)
        self.text((PAD, y + 30), _fit(self.draw, f"Built: {built}", 22, room), 22, fill=HINT)
        return y + 64

    def board(self, y: int) -> int:
        obs = self.obs
        by_loc: dict[str, list[SurvivorView]] = {}
        for s in obs.survivors:
            by_loc.setdefault(s.location, []).append(s)
        for people in by_loc.values():
            people.sort(key=lambda s: (s.group, not s.is_leader, s.short))
        colony = next(loc for loc in obs.locations if loc.key == "colony")
        probe = Image.new("RGB", (WIDTH, 1000))
        keep, self.image, self.draw = self.image, probe, ImageDraw.Draw(probe)
        chip_bottom = self.chips(PAD + 12, 0, WIDTH - PAD - 12, by_loc.get("colony", []))
        self.image, self.draw = keep, ImageDraw.Draw(keep)
        colony_h = 46 + 28 + 32 + chip_bottom + 16
        self.location((PAD, y, WIDTH - PAD, y + colony_h), colony, by_loc.get("colony", []))
        y += colony_h + 12
        town = [loc for loc in obs.locations if loc.key != "colony"]
        cols = 3
        w = (WIDTH - 2 * PAD - (cols - 1) * 12) // cols
        h = 236
        for i, loc in enumerate(town):
            r, c = divmod(i, cols)
            left = PAD + c * (w + 12)
            top = y + r * (h + 12)
            self.location((left, top, left + w, top + h), loc, by_loc.get(loc.key, []))
        return y + ((len(town) + cols - 1) // cols) * (h + 12)

    # --- groups legend and result ------------------------------------------------------------
    def legend(self, y: int) -> int:
        obs = self.obs
        names = {s.id: s.short for s in obs.survivors}
        for g in obs.groups:
            colour = GROUP_COLOURS[g.group % len(GROUP_COLOURS)]
            self.draw.rounded_rectangle((PAD, y + 2, PAD + 30, y + 32), radius=6, fill=colour)
            leader = names.get(g.leader or "", g.leader or "-")
            bits = [f"Group {g.group + 1} · seat {g.seat + 1}", f"leader {leader}"]
            bits.append(f"{g.hand_count} cards")
            if g.exiled:
                bits.append("EXILED")
            if g.eliminated:
                bits.append("out")
            if g.revealed_objective:
                bits.append("objective: " + ", ".join(o.name for o in g.revealed_objective))
            line = " · ".join(bits)
            self.text(
                (PAD + 42, y + 17), _fit(self.draw, line, 24, WIDTH - 3 * PAD - 42), 24, anchor="lm"
            )
            y += 38
        if obs.outcome:
            done = obs.outcome.get("main_objective_complete")
            verdict = "The colony won" if done else "The colony fell"
            reason = str(obs.outcome.get("reason", "")).replace("_", " ")
            self.text((PAD, y + 8), f"Game over: {verdict} ({reason}).", 28, fill=BAD)
            y += 48
        return y + PAD

    def render(self) -> bytes:
        y = self.header()
        y = self.objectives(y)
        y = self.board(y)
        y = self.improvements(y)
        y = self.legend(y + 4)
        image = self.image.crop((0, 0, WIDTH, y))
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def _improvement_name(imp: str, names: dict[str, str]) -> str:
    """A built improvement's name from the rules' public card list (the view lists ids)."""
    from rules.dead_of_winter.content import IMPROVEMENTS

    return IMPROVEMENTS[imp].name if imp in IMPROVEMENTS else names.get(imp, imp)


def picture(observation: Any, *, hints: bool = False) -> bytes:
    """The colony map as PNG bytes; `observation` is a Dead of Winter observation or its dict."""
    return _Map(_observation(observation), hints).render()

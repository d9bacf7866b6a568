"""Dead of Winter's colony map: a Pillow PNG that reads on a phone.

Discord shows a picture about 400 px wide on a phone, so the map is drawn narrow (720 px) with type
at least `layers.text_size` of that width: shown 400 px wide, no word is smaller than Discord's own
text. The colony spans the width; the town's places stand two to a row, each box as tall as its
contents, so nothing is cut and no empty grid is drawn.

What it shows, from the PUBLIC observation only (§11.1): the round, morale, food, starvation and
waste, the current crisis with how many cards are in it (never which), the main objective and its
progress, the colony and each place with its survivors as chips in their group's colour (leader
outlined in black, wounds as red dots, frostbite as blue dots), the zombies filling each
entrance's spaces, barricades as brown bars, noise as yellow dots and the deck count, and a legend
naming the players. With the Long Night modules it also shows experiment zombies (purple) and traps
(orange) in entrance spaces, bandits as dark chips, despair as purple dots, unruly helpless, the
Lab's experiment with the dice on its code, the Hideout stash, and the improvements. A secret never
reaches it: hands, objectives, the held twist card and the contributed cards are not read (a test
checks it by value).

With `hints` (for `/game hint`, drawn from the acting seat's observation) the places the active
group's unmoved survivors may move to are outlined in green — computed from public fields the way
`rules_legal` does it (room left, no exile into the colony, not where it already is). `alt_text`
says the same in words for the picture's description.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from cogs.games.layers import clip_alt, font, player_name, text_size, wrap
from rules.dead_of_winter.labels import progress_words
from rules.dead_of_winter.observation import LocationView, Observation, SurvivorView

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

MODES = {"standard": "standard", "coop": "co-op", "prisoners_dilemma": "prisoner's dilemma"}
RESULTS = {
    "prevented": "prevented",
    "prevented_bonus": "prevented, morale +1",
    "failed": "failed",
}
REASONS = {
    "morale": "morale ran out",
    "round_track": "the rounds ran out",
    "exile": "a second innocent was exiled",
    "eliminated": "every group was eliminated",
    "main_objective": "the main objective was met",
}


def _observation(observation: Any) -> Observation:
    if isinstance(observation, Observation):
        return observation
    if hasattr(observation, "model_dump"):
        observation = observation.model_dump()
    return Observation.model_validate(observation)


def reachable(obs: Observation) -> set[str]:
    """Places an unmoved survivor of the active group may move to (public fields only)."""
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


def _shared_seats(obs: Observation) -> set[int]:
    seats = [g.seat for g in obs.groups]
    return {s for s in seats if seats.count(s) > 1}


ORDINALS = ("first", "second", "third", "fourth", "fifth")


def group_name(obs: Observation, names: Sequence[str], group: int, drawn: bool = True) -> str:
    """The player of a group ("Ana"), with the group's number when a player has two (solo);
    `drawn`: without the emoji the picture's fonts cannot draw (alt text keeps them)."""
    g = next(x for x in obs.groups if x.group == group)
    named = 0 <= g.seat < len(names) and names[g.seat]
    who = player_name(names, g.seat) if drawn or not named else names[g.seat]
    if g.seat not in _shared_seats(obs):
        return who
    nth = [x.group for x in obs.groups if x.seat == g.seat].index(group)
    return f"{who} ({ORDINALS[nth] if nth < len(ORDINALS) else 'another'} group)"


def _improvement_name(imp: str, names: dict[str, str]) -> str:
    """A built improvement's name from the rules' public card list (the view lists ids)."""
    from rules.dead_of_winter.content import IMPROVEMENTS

    return IMPROVEMENTS[imp].name if imp in IMPROVEMENTS else names.get(imp, imp)


def _outcome_line(obs: Observation) -> str:
    out = obs.outcome or {}
    verdict = "the colony won" if out.get("main_objective_complete") else "the colony fell"
    reason = str(out.get("reason", ""))
    why = REASONS.get(reason, reason.replace("_", " "))
    return f"Game over: {verdict}" + (f" ({why})." if why else ".")


def _crisis_lines(obs: Observation) -> list[str]:
    if obs.crisis is not None:
        c = obs.crisis
        cards = f"{c.card_count} card{'s' if c.card_count != 1 else ''}"
        return [f"Crisis: {c.name} — needs {c.prevent}; {cards} in so far"]
    if obs.last_crisis is not None:
        lc = obs.last_crisis
        result = RESULTS.get(lc.result, lc.result.replace("_", " "))
        return [f"Last crisis: {lc.name} — {result} ({lc.score} of {lc.threshold})"]
    return []


def _objective_line(obs: Observation) -> str:
    main = obs.main_objective
    progress = ", ".join(f"{progress_words(p.label)} {p.have}/{p.need}" for p in main.progress)
    return f"Objective: {main.name}" + (f" — {progress}" if progress else "")


# ---------------------------------------------------------------------------------------------
# alt text


def alt_text(observation: Any, names: Sequence[str] = ()) -> str:
    """The picture in words (at most 1,000 characters): the tracks, objective and crisis, who
    stands where with what zombies, and each player's group."""
    obs = _observation(observation)
    shorts = {s.id: s.short for s in obs.survivors}
    parts = [
        f"Dead of Winter, round {obs.round_number}, {obs.round_track} "
        f"round{'s' if obs.round_track != 1 else ''} left. "
        f"Morale {obs.morale} of {obs.morale_max}, food {obs.food}, waste {obs.waste}"
        + (f", starvation {obs.starvation}" if obs.starvation else "")
        + ".",
        _objective_line(obs) + ".",
        *(line + "." for line in _crisis_lines(obs)),
    ]
    for loc in obs.locations:
        people = ", ".join(shorts.get(s, s) for s in loc.survivor_ids) or "nobody"
        zombies = sum(e.zombies + e.experiments for e in loc.entrances)
        barricades = sum(e.barricades for e in loc.entrances)
        bits = [people, f"{zombies} zombie{'s' if zombies != 1 else ''}"]
        if barricades:
            bits.append(f"{barricades} barricade{'s' if barricades != 1 else ''}")
        if loc.noise:
            bits.append(f"noise {loc.noise}")
        if loc.bandits:
            bits.append(f"{loc.bandits} bandit{'s' if loc.bandits != 1 else ''}")
        if loc.key == "colony" and loc.helpless:
            bits.append(f"{loc.helpless} helpless")
        parts.append(f"{loc.name}: {'; '.join(bits)}.")
    for g in obs.groups:
        leader = shorts.get(g.leader or "", "no leader")
        state = " (exiled)" if g.exiled else " (out)" if g.eliminated else ""
        cards = f"{g.hand_count} card{'s' if g.hand_count != 1 else ''}"
        who = group_name(obs, names, g.group, drawn=False)
        parts.append(f"{who}{state}: leader {leader}, {cards}.")
    if obs.outcome:
        parts.append(_outcome_line(obs))
    return clip_alt(" ".join(parts))


# ---------------------------------------------------------------------------------------------
# the picture


class _Map:
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

    # --- header -------------------------------------------------------------------------------
    def header(self) -> int:
        obs = self.obs
        y = PAD
        self.text((PAD, y), "Dead of Winter", HEAD, bold=True)
        mode = MODES.get(str(obs.options.get("mode", "standard")), "standard")
        if obs.options.get("side") == "hardcore":
            mode += " · hardcore"
        if obs.options.get("modules"):
            mode += " · Long Night"
        beside = WIDTH - 2 * PAD - self.width("Dead of Winter", HEAD, True) - 24
        if self.width(mode) <= beside:
            self.text((WIDTH - PAD, y + HEAD - TEXT), mode, fill=MUTED, anchor="ra")
            y += HEAD + 14
        else:  # a long mode goes under the title
            y = int(self.lines(PAD, y + HEAD + 10, mode, WIDTH - 2 * PAD, fill=MUTED)) + 4
        left = f"{obs.round_track} round{'s' if obs.round_track != 1 else ''} left"
        when = "Game over" if obs.outcome else f"Round {obs.round_number} · {left}"
        chips = [
            (when, INK, PANEL),
            (f"Morale {obs.morale}/{obs.morale_max}", "#FFFFFF", BAD if obs.morale <= 3 else HINT),
            (f"Food {obs.food}", INK, PANEL),
            (f"Waste {obs.waste}", INK, PANEL),
        ]
        if obs.starvation:
            chips.append((f"Starvation {obs.starvation}", "#FFFFFF", BAD))
        if obs.deaths:
            chips.append((f"Deaths {obs.deaths}", INK, PANEL))
        x = PAD
        h = TEXT + 16
        for label, ink, fill in chips:
            w = int(self.width(label)) + 24
            if x + w > WIDTH - PAD and x > PAD:
                x, y = PAD, y + h + 8
            self.draw.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=fill, outline=MUTED)
            self.text((x + 12, y + h / 2), label, fill=ink, anchor="lm")
            x += w + 8
        return y + h + GAP

    def objectives(self, y: int) -> int:
        room = WIDTH - 2 * PAD - 28
        probe = self._measure(lambda m: m._objective_text(PAD + 14, 0, room))
        box = (PAD, y, WIDTH - PAD, y + probe + 10)
        self.draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=MUTED, width=2)
        self._objective_text(PAD + 14, y + 10, room)
        return box[3] + GAP

    def _objective_text(self, x: float, y: float, room: float) -> float:
        y = self.lines(x, y, _objective_line(self.obs), room)
        for line in _crisis_lines(self.obs):
            y = self.lines(x, y, line, room, fill=BAD)
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
        built = ", ".join(_improvement_name(i, names) for i in imp["built"]) or "nothing yet"
        room = WIDTH - 2 * PAD
        y = int(self.lines(PAD, y, f"Improvements: {shown}", room))
        return int(self.lines(PAD, y, f"Built: {built}", room, fill=HINT)) + 4

    def legend(self, y: int) -> int:
        obs = self.obs
        shorts = {s.id: s.short for s in obs.survivors}
        room = WIDTH - 2 * PAD - 44
        for g in obs.groups:
            colour = GROUP_COLOURS[g.group % len(GROUP_COLOURS)]
            self.draw.rounded_rectangle((PAD, y + 2, PAD + 30, y + 32), radius=6, fill=colour)
            bits = [group_name(obs, self.names, g.group)]
            if g.leader:
                bits.append(f"leader {shorts.get(g.leader, '?')}")
            bits.append(f"{g.hand_count} card{'s' if g.hand_count != 1 else ''}")
            if g.exiled:
                bits.append("exiled")
            if g.eliminated:
                bits.append("out")
            if g.revealed_objective:
                bits.append("objective " + ", ".join(o.name for o in g.revealed_objective))
            y = int(self.lines(PAD + 42, y + 2, " · ".join(bits), room)) + 2
        return self.key(y + 4)

    def key(self, y: int) -> int:
        """What the marks mean, in one or two lines."""
        ln = bool(self.obs.long_night)
        marks: list[tuple[str, str, str]] = [
            ("square", ZOMBIE, "zombie"),
            ("bar", BARRICADE, "barricade"),
            ("dot", NOISE, "noise"),
            ("dot", BAD, "wound"),
            ("dot", FROST, "frostbite"),
        ]
        if ln:
            marks += [
                ("square", EXPERIMENT, "experiment"),
                ("square", TRAP, "trap"),
                ("square", BANDIT, "bandit"),
            ]
        x = PAD
        for shape, colour, word in marks:
            w = 26 + self.width(word) + 18
            if x + w > WIDTH - PAD:
                x, y = PAD, y + TEXT + 10
            mid = y + TEXT / 2 + 2
            if shape == "square":
                self.draw.rounded_rectangle((x, mid - 10, x + 20, mid + 10), radius=3, fill=colour)
            elif shape == "bar":
                self.draw.rectangle((x + 6, mid - 12, x + 14, mid + 12), fill=BARRICADE)
            else:
                self.draw.ellipse((x + 2, mid - 9, x + 20, mid + 9), fill=colour, outline=MUTED)
            self.text((x + 26, y), word, fill=MUTED)
            x += int(w)
        y += TEXT + 12
        if self.obs.outcome:
            y = int(self.lines(PAD, y + 4, _outcome_line(self.obs), WIDTH - 2 * PAD, TITLE,
                               fill=BAD, bold=True))  # fmt: skip
        return y + PAD

    def render(self) -> bytes:
        y = self.header()
        y = self.objectives(y)
        y = self.colony(y)
        y = self.town(y)
        y = self.improvements(y)
        y = self.legend(y)
        image = self.image.crop((0, 0, WIDTH, y))
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False, compress_level=6)
        return out.getvalue()


def picture(
    observation: Any,
    *,
    hints: bool = False,
    names: Sequence[str] = (),
    spots: Mapping[str, Any] | None = None,
) -> bytes:
    """The colony map as PNG bytes; `observation` is a Dead of Winter observation or its dict,
    `names` the players' names in seat order. Dead of Winter's moves pick no spot on the map,
    so `spots` is accepted and not drawn."""
    return _Map(_observation(observation), hints, names).render()

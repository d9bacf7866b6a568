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

The words (`alt_text`, `reachable`, the lines the map shares with it) are
`cogs.games.dead_of_winter_words`; the drawing surface and the places are
`cogs.games.dead_of_winter_places`; this module draws the header, objectives, legend and key.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from cogs.games.dead_of_winter_places import (
    BAD,
    BANDIT,
    BARRICADE,
    EXPERIMENT,
    FROST,
    GAP,
    GROUP_COLOURS,
    HEAD,
    HINT,
    INK,
    MUTED,
    NOISE,
    PAD,
    PANEL,
    TEXT,
    TITLE,
    TRAP,
    WIDTH,
    ZOMBIE,
    Sheet,
)
from cogs.games.dead_of_winter_words import (
    MODES,
    as_observation,
    crisis_lines,
    group_name,
    objective_line,
    outcome_line,
)
from cogs.games.dead_of_winter_words import alt_text as alt_text
from cogs.games.dead_of_winter_words import reachable as reachable


class _Map(Sheet):
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
        y = self.lines(x, y, objective_line(self.obs), room)
        for line in crisis_lines(self.obs):
            y = self.lines(x, y, line, room, fill=BAD)
        return y

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
            y = int(self.lines(PAD, y + 4, outcome_line(self.obs), WIDTH - 2 * PAD, TITLE,
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
    return _Map(as_observation(observation), hints, names).render()

"""What Dead of Winter's heuristic agent reads off its seat's observation once per decision.

`Reads` holds the seat's groups, hand, survivors, the colony's needs (food, the crisis, the stash)
and its own objective (`agents_aim.Aim`), with the small questions every scorer asks of them (how
much a card is worth keeping, which town decks hold what the colony needs). The scorers build on it:
`agents_moves` (the base game's moves), `agents_ln` (the Long Night's), `agents_own` (the seat's
own objective). Only the observation is read, never the game or the state.
"""

from __future__ import annotations

import math
from typing import Any

from rules.dead_of_winter.agents_aim import Aim
from rules.dead_of_winter.agents_ln import LongNightScoring

# Public deck compositions (content §3): what each numbered location mostly holds.
DECK_SYMBOLS: dict[str, tuple[str, ...]] = {
    "police": ("Weapon", "Fuel", "Tool"),
    "grocery": ("Food", "Medicine", "Tool"),
    "school": ("Food", "Medicine", "Book"),
    "library": ("Book", "Fuel", "Food"),
    "hospital": ("Medicine", "Fuel", "Food"),
    "gas": ("Fuel", "Weapon", "Food"),
}
GOAL_SYMBOL = {"hand": 1, "owns": 1, "equipped": 1}
# The same public decks card by card (content §3: 20 cards each, 3 of them Outsiders).
DECK_COUNTS: dict[str, dict[str, int]] = {
    "police": {"Food": 3, "Fuel": 4, "Tool": 4, "Weapon": 6},
    "grocery": {"Food": 6, "Medicine": 6, "Tool": 5},
    "school": {"Food": 6, "Medicine": 3, "Tool": 4, "Book": 4},
    "library": {"Food": 4, "Fuel": 4, "Tool": 2, "Book": 7},
    "hospital": {"Food": 4, "Fuel": 4, "Medicine": 6, "Tool": 3},
    "gas": {"Food": 3, "Fuel": 6, "Medicine": 3, "Weapon": 5},
}


class Reads(LongNightScoring):
    """What the agent reads off its observation once per decision."""

    def __init__(self, o: Any) -> None:
        self.o = o
        self.seat = o.seat
        self.groups = [g for g in o.groups if g.seat == o.seat]
        self.group = (
            next((g for g in self.groups if g.group == o.active_group), None) or self.groups[0]
        )
        objectives = [ob for obs in (o.objective or {}).values() for ob in obs]
        # A betrayer (a betrayal objective and no secret one) plays round 1 as a loyal seat
        # would and turns against the colony from round 2 (`betrayer`); `disloyal` is the card.
        self.disloyal = any(ob.kind == "betrayal" for ob in objectives) and not any(
            ob.kind == "secret" for ob in objectives
        )
        self.betrayer = self.disloyal and o.round_number > 1
        self.goal_symbols = {
            sym
            for ob in objectives
            for sym in ("Food", "Fuel", "Medicine", "Tool", "Weapon", "Book")
            if sym in ob.goal and (ob.kind != "betrayal" or self.disloyal)
        }
        # The seat's own objective (issue 33): hold back the main objective's last step until
        # it holds, and work toward its clauses (`agents_aim`). None in co-op.
        self.aim = Aim(o, self.group) if objectives else None
        self.hand = [c for cards in (o.hand or {}).values() for c in cards]
        self.hand_by_id = {c.id: c for c in self.hand}
        self.surv = {s.id: s for s in o.survivors}
        self.mine = [s for s in o.survivors if s.group == self.group.group]
        colony = o.locations[0]
        headcount = len(colony.survivor_ids) + colony.helpless + 2 * colony.unruly
        self.food_need = math.ceil(headcount / 2)
        goal = o.main_objective.goal
        self.food_goal = 0
        for p in o.main_objective.progress:
            if p.label == "food":
                self.food_goal = p.need
        self.stash = set(o.main_objective.stash_symbols)
        self.crisis = o.crisis
        self.threshold = max(1, sum(1 for g in o.groups if not g.exiled and not g.eliminated))
        if o.options.get("solo"):
            self.threshold = 2
        self.crisis_need = 0  # cards still missing to prevent the crisis (to reach T)
        self.crisis_bonus = 0  # cards still missing for the +1 morale bonus (T + 2)
        if o.crisis is not None:
            self.crisis_need = self.threshold - o.crisis.card_count
            self.crisis_bonus = self.threshold + 2 - o.crisis.card_count
        held = sum(1 for c in self.hand if o.crisis is not None and c.symbol == o.crisis.prevent)
        self.crisis_short = max(0, self.crisis_need - held)
        self.goal = goal
        self.zombies = {loc.key: sum(e.zombies for e in loc.entrances) for loc in o.locations}
        self.free = {
            loc.key: sum(e.spaces - e.zombies - e.barricades for e in loc.entrances)
            for loc in o.locations
        }
        self.loc = {loc.key: loc for loc in o.locations}
        self._weights: dict[str, float] | None = None
        self._gaps: int | None = None  # the main objective's failing clauses now (`aim_score`)
        self.hold_hospital = any(p.label == "survivors_at 5" for p in o.main_objective.progress)

    def safe(self, s: Any, word: str) -> bool:
        return word in s.ability or any(word in c.effect for c in s.equipped)

    def card_value(self, cid: str) -> float:
        """How much this seat wants to keep a card in hand."""
        c = self.hand_by_id.get(cid)
        if c is None:
            return 0.0
        v = 1.0
        if c.symbol in self.goal_symbols:
            v += 3.0
        if self.crisis is not None and c.symbol == self.crisis.prevent:
            v += 2.0
        if c.symbol in self.stash:
            v += 2.0
        return v

    def surv_card(self, sid: str) -> float:
        s = self.surv.get(sid)
        if s is None:
            return 0.0
        return float(s.attack + s.search)

    def where(self, sid: str | None) -> str:
        if sid is None or sid not in self.surv:
            return "colony"
        return str(self.surv[sid].location)

    def need_weights(self) -> dict[str, float]:
        """How much the colony wants one more card of each symbol right now (once per decision)."""
        if self._weights is not None:
            return self._weights
        w = {sym: 0.3 for sym in ("Food", "Fuel", "Medicine", "Tool", "Weapon", "Book")}
        hungry = self.o.food < self.food_need + self.food_goal
        w["Food"] = 2.5 if hungry else 0.8
        for p in self.o.main_objective.progress:
            sym = p.label.removeprefix("stash ")
            if p.label.startswith("stash ") and p.have < p.need:
                w[sym] = max(w[sym], 2.5)
        if self.crisis is not None and self.crisis_short > 0:
            w[self.crisis.prevent] = max(w[self.crisis.prevent], 3.0)
        for sym in self.goal_symbols:
            w[sym] = max(w[sym], 1.5)
        self._weights = w
        return w

    def location_value(self, key: str) -> float:
        """The expected worth of one card from a town deck: its symbol mix against the needs."""
        counts = DECK_COUNTS.get(key)
        if counts is None or self.loc[key].deck_count == 0:
            return 0.0
        w = self.need_weights()
        return sum(w[sym] * n for sym, n in counts.items()) / 20.0

    def wanted_locations(self) -> set[str]:
        want: set[str] = set()
        needs = set(self.stash)
        if self.crisis is not None:
            needs.add(self.crisis.prevent)
        if self.o.food < self.food_need + self.food_goal:
            needs.add("Food")
        needs |= self.goal_symbols
        stash_first = {loc for loc, syms in DECK_SYMBOLS.items() if syms[0] in self.stash}
        for loc, syms in DECK_SYMBOLS.items():
            if needs & set(syms) and self.loc[loc].deck_count > 0:
                want.add(loc)
        if stash_first & want and "Food" not in needs:
            return stash_first & want
        return want

    def unmet(self, label: str) -> bool:
        """Whether the main objective has a clause `label` that does not hold yet."""
        for p in self.o.main_objective.progress:
            if p.label == label:
                if label.startswith("zombies"):
                    return bool(p.have > p.need)
                return bool(p.have < p.need)
        return False

    def precious(self, cid: str) -> bool:
        """A card the colony needs for the crisis or the stash, or this seat for its goal."""
        c = self.hand_by_id.get(cid)
        if c is None:
            return False
        crisis = (
            self.crisis is not None and c.symbol == self.crisis.prevent and self.crisis_need > 0
        )
        return crisis or c.symbol in self.goal_symbols or c.symbol in self.stash

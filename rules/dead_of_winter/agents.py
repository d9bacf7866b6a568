"""AI players for Dead of Winter: `random` and `heuristic`.

Agents read only their seat's observation and the legal actions they are handed; they never import
the game or the state. `HeuristicAgent` scores every legal action and plays the best:

- it feeds the colony before the colony phase would starve it, adds to the crisis exactly what it
  still lacks and then spare matching cards up to threshold + 2 (the +1 morale bonus), commits
  stash cards, heals, cleans waste;
- it sends survivors to the town deck whose public card mix (`DECK_COUNTS`) best covers what is
  needed now (the crisis symbol while the crisis is short, unmet stash symbols, Food when the
  colony will go hungry), with a Fuel card for a safe move when the card is not needed elsewhere;
- it plays the objective: colony attacks for M02's kills, attacks where a `zombies … <=` clause
  is unmet, and for M09 it holds the Hospital (survivors go and stay, kill the zombies there and
  barricade every space, 14.27);
- it plays for its own objective (issue 33, `agents_aim`): it holds back the main objective's last
  step while its own goal is one short and morale can take another round, keeps the last cards
  its goal counts once the end is near, and works toward its clauses (kills, equipment,
  Outsiders, unhurt survivors, where they stand); it always adds a card to a crisis before the
  table would call it suspicious;
- as a betrayer it plays round 1 as a loyal seat would (matching crisis cards, meals, cleaning),
  then turns: one wrong card into each crisis (never a matching one, so its count looks like
  everyone's), fewer meals, no cleaning, no stash, and never the main objective's last step; it
  votes and calls exiles by the same public rule as everyone else (a seat that has added no card
  to a crisis by round 3), so its ballots give nothing away.

Measured over 1,000 seeded games per setting (`python -m bench.bench_dead_of_winter --games
1000`; the table and the content changes that go with it are in `docs/games/dead_of_winter.md`,
"Balance"):
- co-op, 2 heuristic seats: colony wins: 49.9 % (lost by morale 41.2 %, by the round track 8.9 %)
- co-op, 3 heuristic seats: colony wins: 35.5 % (lost by morale 56.6 %, by the round track 7.9 %)
- co-op, 4 heuristic seats: colony wins: 40.6 % (lost by morale 54.9 %, by the round track 4.5 %)
- co-op, 5 heuristic seats: colony wins: 43.9 % (lost by morale 49.6 %, by the round track 6.5 %)
- standard game, 200 seeded games per setting (`--games 200 --only standard,betrayer`), before →
  after the agent played for its own objective (issue 33; the bench prints each with its 95 %
  interval): loyal seats met their secret objective 6.4 / 10.4 / 11.1 % → 10.0 /
  13.6 / 13.6 % at 3 / 4 / 5 seats (normal deal), 5.0 / 5.4 / 7.3 % → 8.5 / 8.2 / 10.7 %
  (`secret_deal=betrayer`); the betrayer met its goal 5.8 / 11.1 / 5.5 % → 32.6 / 33.3 / 31.9 %
  (normal) and 2.5 / 9.2 / 6.4 % → 36.4 / 34.4 / 28.7 % (betrayer deal), exiled in 0–3 % of
  them; a completed colony objective with nobody winning fell from 50 of 108 games to 18 of 96
  (3–5 seats, 100 games each). Co-op play is unchanged (no objectives: the same games, move
  for move).
- co-op, 4 seats: all random / 1 heuristic + 3 random / 3 heuristic + 1 random / all heuristic:
  0.0 % / 0.1 % / 8.2 % / 40.6 %
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.agents import RandomAgent
from rules.core import Agent
from rules.dead_of_winter.agents_aim import Aim, loc_of, main_gaps
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


# What giving up a card the seat's own goal still counts costs a move, by kind: light enough that
# the colony's meal or a crisis it is short for still comes first (hoarding harder halved the
# colony's completed objectives in measured standard games, and with them every loyal win).
KEEP_PENALTY = {"play": 8.0, "contribute": 8.0, "commit": 8.0, "discard": 8.0}


def _field(a: Any, name: str, default: Any = None) -> Any:
    """`getattr(a, name, default)` for an action: a field it does not have is answered from its
    class's field names, not by a failed attribute look-up (slow on a pydantic model, and the
    scoring asks it of every legal move)."""
    fields = getattr(type(a), "model_fields", None)
    if fields is not None and name not in fields:
        return default
    return getattr(a, name, default)


class HeuristicAgent:
    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        o = observation
        best, best_score = legal_actions[0], -math.inf
        ctx = _Context(o)
        for a in legal_actions:
            score = ctx.score(a, rng) + rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        return best


class _Context(LongNightScoring):
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

    # --- scoring ------------------------------------------------------------------------------
    def score(self, a: Any, rng: random.Random) -> float:
        fn: Callable[[Any, random.Random], float] | None = getattr(self, f"s_{a.type}", None)
        base = fn(a, rng) if fn is not None else 0.0
        return base if self.aim is None else base + self.aim_score(a)

    # --- the seat's own objective (issue 33) ----------------------------------------------
    def aim_score(self, a: Any) -> float:
        """What the seat's own objective adds to a move's score (`agents_aim`)."""
        aim = self.aim
        assert aim is not None
        v = 0.0
        deltas = self.main_deltas(a)
        if deltas:
            if self._gaps is None:  # the same for every move of this decision
                self._gaps = main_gaps(self.o, {})
            before, after = self._gaps, main_gaps(self.o, deltas)
            if aim.hold and after < before and after == 0:
                v -= 12.0  # the last step of the main objective: not before its own goal holds
            elif aim.hold and before == 0 and after > 0:
                v += 5.0  # it would complete anyway: undo it (eat a food token off the supply)
            elif aim.met and aim.wants_main and after < before:
                v += 2.0  # its own goal holds: finish while it does
        t = a.type
        card = self.hand_by_id.get(_field(a, "card") or "")
        if t in KEEP_PENALTY and aim.keeps(card):
            v -= KEEP_PENALTY[t]
        else:
            paid = {"give": card, "choose": self.hand_by_id.get(_field(a, "value", ""))}.get(t)
            if t in ("move", "place"):
                paid = self.hand_by_id.get(a.fuel_card or "")
            if aim.keeps(paid):  # handing over, paying with or burning a card it needs
                v -= 3.0
        if t == "equip" and card is not None:
            if aim.keeps(card, equipping=True):
                v -= 4.0
            if any(c.arg in (None, card.symbol) for c in aim.short("equipped")):
                v += 3.0
        elif t == "keep":
            looked = self.o.search.looked if self.o.search else []
            found = next((c for c in looked if c.id == a.card), None)
            v += aim.wants_card(found) if found is not None else 0.0
        elif t == "play" and card is not None:
            if card.symbol == "Outsider" and aim.short_outsider():
                v += 4.0
            if card.effect.startswith("heal") and a.target in self.surv:
                v += aim.careful(self.surv[a.target])
        elif t == "contribute" and card is not None:
            matches = self.crisis is not None and card.symbol == self.crisis.prevent
            if matches and aim.short("contributed"):
                v += 3.0
            if self.group.contributed == 0 and not self.o.my_contributions and not self.betrayer:
                # The table exiles a seat that has added nothing to a crisis (and two loyal
                # exiles end the game): a hoarder still adds one card it can spare.
                v += 6.0 if matches else 3.0 if self.o.round_number > 1 else 0.0
        elif t == "clean" and any(c.op == "<=" for c in aim.has("waste")):
            v += 3.0
        elif t == "attack" and not a.bandit:
            s = self.surv.get(a.survivor)
            if aim.short("kills"):
                v += 2.5
            if s is not None and not self.safe(s, "attack_safe"):
                v -= aim.careful(s)
        elif t == "move":
            v += self.aim_move(a)
        return v

    def aim_move(self, a: Any) -> float:
        aim = self.aim
        assert aim is not None
        s = self.surv.get(a.survivor)
        if s is None:
            return 0.0
        v = 0.0
        if not a.fuel_card and not self.safe(s, "move_safe"):
            v -= 0.6 * aim.careful(s)
        away = aim.short("away")
        if away and s.location == "colony" and a.to != "colony":
            v += 2.0
        if aim.has("away") and not away and a.to == "colony" and s.location != "colony":
            v -= 3.0  # the last ones away stay away
        for c in aim.has("at"):
            target = loc_of(c.arg)
            if a.to == target and not aim.holds(c):
                v += 2.5
            elif s.location == target and aim.measure(c) <= aim.need(c):
                v -= 3.0
        return v

    def safe(self, s: Any, word: str) -> bool:
        return word in s.ability or any(word in c.effect for c in s.equipped)

    def main_deltas(self, a: Any) -> dict[str, int]:
        """How a move changes the counts of the main objective's clauses, by progress label
        (a location clause by its number: `zombies 5`, `barricades colony`)."""
        t = a.type
        if self.group.exiled:  # DW-10, DW-48: an exiled group feeds, stashes and counts nothing
            return {}
        out: dict[str, int] = {}

        def add(label: str, n: int) -> None:
            out[label] = out.get(label, 0) + n

        def at(kind: str, key: str, n: int) -> None:
            loc = self.loc.get(key)
            add(f"{kind} {key}", n)
            if loc is not None and loc.number is not None:
                add(f"{kind} {loc.number}", n)

        card = self.hand_by_id.get(_field(a, "card") or "")
        if t == "commit" and card is not None:
            add(f"stash {card.symbol}", 1)
        elif t == "spend_food":
            add("food", -1)
        elif t == "attack" and not a.bandit:
            s = self.surv.get(a.survivor)
            n = 2 if s is not None and self.safe(s, "attack_kills") else 1
            add("colony_kills", n)
            if s is not None:
                at("zombies", s.location, -n)
        elif t == "barricade":
            s = self.surv.get(a.survivor)
            if s is not None:
                at("barricades", s.location, 1)
        elif t == "move":
            s = self.surv.get(a.survivor)
            if s is not None:
                at("survivors_at", s.location, -1)
                at("survivors_at", a.to, 1)
                if a.to == "colony":
                    add("colony_survivors", 1)
                elif s.location == "colony":
                    add("colony_survivors", -1)
        elif t in ("play", "ability", "item"):
            effect = card.effect if card is not None and t == "play" else ""
            if t == "ability" and a.survivor in self.surv:
                effect = self.surv[a.survivor].ability
            where = self.where(_field(a, "survivor"))
            for part in effect.partition(": ")[2 if ": " in effect else 0].split("; "):
                words = part.split()
                if not words:
                    continue
                n = int(words[-1]) if words[-1].isdigit() else 1
                if words[0] == "gain_food":
                    add("food", n)
                elif words[0] == "add_survivor":
                    add("colony_survivors", n)
                elif words[0] == "add_helpless":
                    add("helpless_at_colony", n)
                elif words[0] == "barricade" and len(words) > 1:
                    at("barricades", where if words[1] == "here" else words[1], n)
                elif words[0] == "kill_zombies":
                    n = int(words[2]) if len(words) > 2 and words[2].isdigit() else 1
                    add("colony_kills", n)
                    at("zombies", where, -n)
        return {k: v for k, v in out.items() if v}

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

    def s_draft(self, a: Any, rng: random.Random) -> float:
        quality = -sum(self.surv_card(s) for s in a.keep)
        return quality + rng.random()

    def surv_card(self, sid: str) -> float:
        s = self.surv.get(sid)
        if s is None:
            return 0.0
        return float(s.attack + s.search)

    def s_pass(self, a: Any, rng: random.Random) -> float:
        return 0.0

    def s_contribute(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id[a.card]
        matches = self.crisis is not None and c.symbol == self.crisis.prevent
        if self.betrayer:
            # One wrong card into each crisis, so its count looks like everyone's (the public
            # rule the table exiles by is a seat that adds nothing); never a matching one.
            if matches or self.o.my_contributions:
                return -1.0
            return 4.0 - 0.5 * self.card_value(a.card)
        if matches and self.crisis_need > 0:
            return 8.0 - (2.0 if c.symbol in self.goal_symbols else 0.0)
        if matches and self.crisis_bonus > 0 and c.symbol not in self.goal_symbols:
            # The bonus (T + 2) is +1 morale, and morale is how most games are lost; food
            # cards stay for the colony's meals unless the colony has plenty.
            if c.symbol == "Food" and self.o.food < self.food_need + self.food_goal + 2:
                return -1.0
            return 2.5
        return -1.0

    def s_play(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id.get(a.card)
        if c is None:
            return 0.0
        eff = c.effect
        if c.symbol == "Food":
            want = self.food_need + self.food_goal - self.o.food
            if self.betrayer:
                want -= 2
            return 6.0 if want > 0 else -1.0
        if eff.startswith("heal"):
            return 5.0
        if c.symbol == "Outsider":
            return 3.0 if "helpless" in self.goal or "colony_survivors" in self.goal else -0.5
        if "kill_zombies" in eff:
            return 4.0 if self.zombies.get(self.where(a.survivor), 0) > 0 else -1.0
        if "barricade" in eff:
            return 2.0
        if "extra_die" in eff:
            return 2.0
        return -0.5

    def where(self, sid: str | None) -> str:
        if sid is None or sid not in self.surv:
            return "colony"
        return str(self.surv[sid].location)

    def s_commit(self, a: Any, rng: random.Random) -> float:
        if self.disloyal:  # not committing looks like nothing at all
            return -1.0
        c = self.hand_by_id[a.card]
        need = any(p.have < p.need for p in self.o.main_objective.progress if c.symbol in p.label)
        return (7.0 if need else 3.0) - (2.5 if c.symbol in self.goal_symbols else 0.0)

    def s_equip(self, a: Any, rng: random.Random) -> float:
        c = self.hand_by_id.get(a.card)
        if c is None:
            return 0.0
        s = self.surv.get(a.survivor)
        bonus = 0.5 if s is not None and s.is_leader else 0.0
        return (2.0 if c.symbol in ("Weapon", "Book", "Tool") else 1.0) + bonus

    def s_attack(self, a: Any, rng: random.Random) -> float:
        if a.bandit:
            return self.s_attack_bandit(a, rng)
        s = self.surv[a.survivor]
        safe = "attack_safe" in s.ability or any("attack_safe" in c.effect for c in s.equipped)
        risky = 0.0 if safe else 1.0 + s.wounds + s.frostbite
        loc = self.loc[s.location]
        entrance = loc.entrances[(a.entrance or 1) - 1]
        unguarded = entrance.barricades == 0
        pressure = entrance.zombies - entrance.spaces + 2 if unguarded else 0
        base = -0.5 + 3.0 * max(0, pressure)
        if self.hold_hospital and s.location == "hospital":
            base += 6.5  # M09 needs the Hospital empty of zombies before step 6 (14.27)
        elif s.location == "colony" and self.unmet("colony_kills"):
            base += 6.5  # the objective is the kills themselves: worth more than a search
        elif "kills" in self.goal:
            base += 3.0
        if self.unmet(f"zombies {s.location}") or (
            s.location == "hospital" and self.unmet("zombies 5")
        ):
            base += 5.0
        if s.location != "colony" and loc.noise + len(loc.survivor_ids) >= self.free[s.location]:
            base += 2.0
        return float(base - risky * 0.8 - a.die * 0.1)

    def s_search(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        if self.hold_hospital and s.location == "hospital":
            return float(2.0 - a.die * 0.15)  # its dice clear and barricade the Hospital first
        return float(4.5 - a.die * 0.15 + 2.0 * self.location_value(s.location))

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

    def s_barricade(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        if s.location == "colony":
            base = 3.0 + (1.5 if "barricades colony" in self.goal else 0.0)
            e = self.loc["colony"].entrances[(a.entrance or 1) - 1]
            base += e.zombies * 0.4 - e.barricades * 0.6 + (6 - (a.entrance or 1)) * 0.1
            return float(base - a.die * 0.2)
        if self.hold_hospital and s.location == "hospital":
            return float(4.5 - a.die * 0.05)  # 14.27: a full Hospital of barricades absorbs
        wanted = self.unmet("barricades 5") and s.location == "hospital"
        return float((3.5 if wanted else 1.0) - a.die * 0.2)

    def s_clean(self, a: Any, rng: random.Random) -> float:
        if self.betrayer:
            return -1.0
        return float((4.0 if self.o.waste >= 8 else 1.0) - a.die * 0.2)

    def s_move(self, a: Any, rng: random.Random) -> float:
        if a.to in ("lab", "hideout"):
            return self.s_move_ln(a, rng)
        s = self.surv[a.survivor]
        if s.wounds + s.frostbite >= 2:
            return 1.5 if a.to == "colony" else -2.0
        if self.hold_hospital:
            # M09: the Hospital held by survivors, barricaded, cleared; walking away undoes it.
            if a.to == "hospital" and self.unmet("survivors_at 5"):
                return 6.0 + (1.5 if a.fuel_card and not self.precious(a.fuel_card) else 0.0)
            if s.location == "hospital":
                return -3.0
        dice = self.group.dice
        if s.location == "colony" and a.to in DECK_COUNTS and len(dice) >= 2:
            # Out to the town deck that best holds what the colony needs, if a die can search.
            if not any(d >= s.search for d in dice):
                return -1.0
            crowd = self.zombies.get(a.to, 0)
            fuel = 1.5 if a.fuel_card else 0.0
            if a.fuel_card and self.precious(a.fuel_card):
                fuel = -1.5
            value = self.location_value(a.to)
            if value < 0.45 or self.free.get(a.to, 0) < 1:
                return -1.0
            return float(0.5 + 2.5 * value - crowd * 0.5 + fuel + (0.5 if s.search <= 3 else 0.0))
        if a.to == "hospital" and self.unmet("survivors_at 5"):
            return 4.0
        if a.to == "colony" and s.location != "colony":
            here = self.loc[s.location]
            danger = here.noise + len(here.survivor_ids) - self.free[s.location]
            if danger >= 0 or here.deck_count == 0:
                fuel = 0.0 if not a.fuel_card else (-1.5 if self.precious(a.fuel_card) else 1.0)
                return (3.0 if danger >= 0 else 0.5) + fuel
        return -1.0

    def s_spend_food(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_discard(self, a: Any, rng: random.Random) -> float:
        return -2.0

    def s_request(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_hand_off(self, a: Any, rng: random.Random) -> float:
        return -1.0

    def s_attract(self, a: Any, rng: random.Random) -> float:
        return 1.0 if "kills" in self.goal else -1.0

    def s_attract_from(self, a: Any, rng: random.Random) -> float:
        return 1.0 if "kills" in self.goal else -1.0

    def s_lure_to(self, a: Any, rng: random.Random) -> float:
        """DW-13: a lured zombie goes where a space is free (most room first); a trap that
        fires kills the zombies there; a full entrance costs a barricade, an overrun a life."""
        spot = self.loc["colony"].entrances[a.entrance - 1]
        if spot.traps:
            return 2.0
        free = spot.spaces - spot.zombies - spot.experiments - spot.barricades - spot.traps
        if free > 0:
            return float(1.0 + free * 0.1)
        return -1.0 if spot.barricades else -2.0

    def s_kill_at(self, a: Any, rng: random.Random) -> float:
        """§6.7: an extra kill where the zombies stand thickest (the next to arrive there would
        break a barricade or overrun soonest)."""
        spot = self.loc["colony"].entrances[a.entrance - 1]
        filled = spot.zombies + spot.experiments + spot.barricades + spot.traps
        return float(filled + (spot.zombies + spot.experiments) * 0.5)

    def s_stop(self, a: Any, rng: random.Random) -> float:
        return 0.0

    def s_ability(self, a: Any, rng: random.Random) -> float:
        s = self.surv[a.survivor]
        ab = s.ability
        if "heal" in ab:
            return 4.0 if a.target is not None else -1.0
        if "gain_food" in ab or "morale" in ab:
            return 4.5 if not self.betrayer else 1.0
        if "kill_zombies" in ab:
            return 4.0
        if "peek" in ab or "reroll" in ab or "die_plus" in ab:
            return -0.5
        return 1.0

    def s_item(self, a: Any, rng: random.Random) -> float:
        return 2.0

    def s_call_exile(self, a: Any, rng: random.Random) -> float:
        target = next((g for g in self.o.groups if g.seat == a.target), None)
        if target is None or self.o.round_number < 3 or self.group.contributed < 1:
            return -5.0
        return 3.0 if target.contributed == 0 and not target.exiled else -5.0

    def s_vote(self, a: Any, rng: random.Random) -> float:
        if (ln := self.s_vote_ln(a)) is not None:
            return ln
        vote = next((p for p in self.o.pending if p.kind == "vote"), None)
        if vote is None:
            return 0.0
        if vote.fields.get("subject") == "exile":
            target = next((g for g in self.o.groups if g.seat == vote.fields.get("target")), None)
            suspicious = target is not None and target.contributed == 0
            return 1.0 if a.yes == suspicious else 0.0
        fired = self.o.twist.fired
        if fired is None:
            return 0.0
        good = option_value(fired.options[0]) >= option_value(fired.options[1])
        return 1.0 if a.yes == good else 0.0

    def s_option(self, a: Any, rng: random.Random) -> float:
        fired = self.o.twist.fired
        if fired is None:
            return 0.0
        return option_value(fired.options[a.n - 1])

    def s_bite(self, a: Any, rng: random.Random) -> float:
        return 1.0 if a.roll else 0.0

    def s_keep(self, a: Any, rng: random.Random) -> float:
        search = self.o.search
        card = next((c for c in (search.looked if search else []) if c.id == a.card), None)
        if card is None:
            return 0.0
        v = 1.0
        if self.crisis is not None and card.symbol == self.crisis.prevent:
            v += 2.0
        if card.symbol in self.goal_symbols:
            v += 2.0
        if card.symbol in self.stash:
            v += 2.5
        if card.symbol == "Food" and self.o.food < self.food_need + self.food_goal:
            v += 2.0 + (card.value or 0) * 0.5
        return v

    def s_noise(self, a: Any, rng: random.Random) -> float:
        search = self.o.search
        if search is None:
            return -1.0
        best = max((self.s_keep(_Keep(c.id), rng) for c in search.looked), default=0.0)
        here = next((p.fields.get("location") for p in self.o.pending if p.kind == "search"), None)
        if here is None:
            return -1.0
        loc = self.loc[here]
        risk = loc.noise + len(loc.survivor_ids) + 1 - self.free[here]
        return 2.0 if best < 2.0 and risk < -1 else -1.0

    def s_give(self, a: Any, rng: random.Random) -> float:
        if a.card is None:
            return 0.5 if not self.betrayer else 1.0
        return 1.0 - self.card_value(a.card) * 0.3

    def s_accept(self, a: Any, rng: random.Random) -> float:
        return 1.0 if a.yes else 0.0

    def s_choose(self, a: Any, rng: random.Random) -> float:
        if (ln := self.s_choose_ln(a)) is not None:
            return ln
        v = a.value
        if v == "stop":
            return 0.5
        if v in self.hand_by_id:
            return -self.card_value(v)
        if v.startswith("die:"):
            return -int(v[4:]) * 0.1
        return 0.0

    def s_place(self, a: Any, rng: random.Random) -> float:
        return float((1.0 if a.fuel_card else 0.0) - self.zombies.get(a.location, 0) * 0.2)

    def s_new_leader(self, a: Any, rng: random.Random) -> float:
        return self.surv[a.survivor].influence / 100 if a.survivor in self.surv else 0.0


class _Keep:
    type = "keep"

    def __init__(self, card: str) -> None:
        self.card = card


def option_value(text: str) -> float:
    """A rough worth of a twist option from its effect words."""
    body = text.partition(": ")[2]
    v = 0.0
    for part in body.split("; "):
        words = part.split()
        if not words:
            continue
        op, args = words[0], words[1:]
        n = int(args[-1]) if args and args[-1].lstrip("+-").isdigit() else 1
        v += {
            "morale": 3.0 * n,
            "gain_food": 1.0 * n,
            "lose_food": -1.0 * n,
            "heal": 0.7 * n,
            "wound": -1.0 * n,
            "frostbite": -1.0 * n,
            "despair": -1.0 * n,
            "exposure": -0.8,
            "draw_item": 0.8 * n,
            "add_survivor": 1.0,
            "add_helpless": -0.3 * n,
            "add_unruly": -0.6 * n,
            "lose_helpless": -0.2 * n,
            "add_zombies": -0.8 * n,
            "kill_zombies": 0.8 * n,
            "barricade": 0.6 * n,
            "lose_die": -0.6 * n,
            "extra_die": 0.6 * n,
            "noise": -0.3 * n,
            "pay_card": -0.8 * n,
            "pay_food": -1.0 * n,
            "discard": -0.8 * n,
            "clean_waste": 0.2 * n,
        }.get(op, 0.0)
    return v


AGENTS: Mapping[str, Callable[[], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}

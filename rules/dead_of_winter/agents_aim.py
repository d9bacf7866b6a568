"""The heuristic's own objective (issue 33): what its secret, betrayal or exiled objective asks for,
read off the seat's observation, and how that changes the score of a move.

A seat wins only by its own objective (§7.2). Nearly every secret objective is `main_done & …`, so
completing the main objective before the personal part holds loses the game for that seat (and,
when every seat plays that way, ends tables with nobody winning). So the agent:

- **holds back the last step**: while its own goal does not hold yet and a later colony phase is
  still to come (the round track is above 1), it does not make a move that would let the main
  objective's goal hold at colony step 8 (committing the last stash card, the Food that fills the
  cellar, the last kill, the last barricade, the survivor who completes the Hospital guard). On the
  last round it finishes anyway: a failed colony loses for a loyal seat too. A seat whose goal needs
  the colony to fail (a betrayer, an exiled `main_failed` goal) never makes that move;
- **works toward its own clauses**: keeps the cards its `hand`/`owns` clauses count (never plays,
  contributes, commits, discards or pays with the last ones it needs), keeps them from a search,
  equips for `equipped`, attacks for `kills`, contributes matching cards for `contributed`, plays
  Outsiders for `survivors`/`helpless`/`at colony`, keeps its survivors out of harm for
  `unwounded`/`wounded`/`deaths_own`/`leader_original`, walks them where `away`/`at` wants them,
  and cleans for `waste`;
- **as a betrayer** it plays round 1 as a loyal seat would (the matching crisis cards, meals, a
  clean camp: nothing that looks harmful before anyone has a reason to watch), then turns: one
  wrong card into each crisis (so its contribution count looks like everyone's), no meals, no
  cleaning, no stash, and never the last step.

Only the observation and the action records are read (the objective's goal text is the seat's own
secret); nothing here imports the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.dead_of_winter.rules_conditions import value_of

SYMBOLS = ("Food", "Fuel", "Medicine", "Tool", "Weapon", "Book", "Outsider")
LOCATION_BY_NUMBER = ("colony", "police", "grocery", "school", "library", "hospital", "gas")
# Clauses whose count a move of this seat can only lose by harming its own survivors.
# A loyal seat holds the main objective's last step back only while its own goal lacks at most
# HOLD_DEFICIT (cards, kills, survivors …) and morale is above HOLD_MORALE: a far goal or a
# colony about to fall is not worth the rounds it would cost everyone (measured, issue 33).
HOLD_DEFICIT = 1
HOLD_MORALE = 4
IMPOSSIBLE = 99
HOARD_ALWAYS = False


@dataclass(frozen=True)
class Clause:
    name: str
    arg: str | None = None
    op: str | None = None
    value: str | None = None


@lru_cache(maxsize=256)
def parse(goal: str) -> tuple[Clause, ...]:
    """A condition (§13.8) as clauses: a flag, or `name [arg] op value` (once per text: a
    decision asks it of the main objective for every move it scores)."""
    out = []
    for part in goal.split(" & "):
        for op in (">=", "<=", "=="):
            if op in part:
                left, _, right = part.partition(op)
                words = left.split()
                out.append(
                    Clause(words[0], words[1] if len(words) > 1 else None, op, right.strip())
                )
                break
        else:
            words = part.split()
            out.append(Clause(words[0], words[1] if len(words) > 1 else None))
    return tuple(out)


def compare(have: int, op: str | None, need: int) -> bool:
    if op == "<=":
        return have <= need
    if op == "==":
        return have == need
    return have >= need


def loc_of(arg: str | None) -> str:
    if arg is None:
        return "colony"
    return LOCATION_BY_NUMBER[int(arg)] if arg.isdigit() else arg


class Aim:
    """The seat's own objective for its acting group, and where it stands now."""

    def __init__(self, o: Any, group: Any) -> None:
        self.o = o
        self.group = group
        self.gid = group.group
        self.hand = list((o.hand or {}).get(self.gid, []))
        objectives = list((o.objective or {}).get(self.gid, []))
        if o.options.get("mode") == "prisoners_dilemma":
            objectives = [ob for ob in objectives if ob.kind == "secret"] or objectives
        self.kind: str | None = objectives[0].kind if objectives else None
        self.clauses = parse(objectives[0].goal) if objectives else ()
        names = {c.name for c in self.clauses}
        morale_zero = any(c.name == "morale" and c.op == "<=" for c in self.clauses)
        self.wants_main: bool | None = (
            True
            if "main_done" in names
            else False
            if "main_failed" in names or morale_zero
            else None
        )
        self.betrayer = self.kind == "betrayal"
        self.mine = [s for s in o.survivors if s.group == self.gid]
        self.personal = [c for c in self.clauses if c.name not in ("main_done", "main_failed")]
        self.met = bool(self.clauses) and all(self.holds(c) for c in self.personal)
        # Hold back the last step: a loyal seat while its own part is unmet and a later colony
        # phase is still to come; a seat that wants the colony to fail, always.
        self.deficit = sum(self.gap(c) for c in self.personal)
        # Cards its goal counts are kept back only near the end: the main objective one clause
        # from holding, or the last two rounds (a betrayer from round 2). Earlier they go where
        # the colony needs them.
        self.hoarding = HOARD_ALWAYS or (
            main_gaps(o, {}) <= 1 or o.round_track <= 2 or (self.betrayer and o.round_number > 1)
        )
        self.hold = (self.wants_main is True and self.worth_waiting()) or self.wants_main is False
        self.turned = self.betrayer and o.round_number > 1

    # --- measuring a clause on the observation (the holder's group) -------------------------
    def measure(self, c: Clause) -> int:
        o, g = self.o, self.group
        arg = c.arg
        equipped = [card for s in self.mine for card in s.equipped]

        def count(cards: list[Any]) -> int:
            return sum(1 for card in cards if arg is None or card.symbol == arg)

        if c.name in ("morale", "food", "waste", "colony_kills", "deaths"):
            return int(getattr(o, c.name))
        if c.name == "round":
            return int(o.round_track)
        loc = {x.key: x for x in o.locations}
        if c.name == "helpless_at_colony":
            return int(loc["colony"].helpless + loc["colony"].unruly)
        if c.name == "colony_survivors":
            return len(loc["colony"].survivor_ids)
        if c.name == "zombies":
            return sum(e.zombies + e.experiments for e in loc[loc_of(arg)].entrances)
        if c.name == "barricades":
            return sum(e.barricades for e in loc[loc_of(arg)].entrances)
        if c.name == "stash":
            return count(list(o.main_objective.stash))
        if c.name == "hand":
            return count(self.hand)
        if c.name == "equipped":
            return count(equipped)
        if c.name == "owns":
            return count(self.hand + equipped)
        if c.name == "survivors":
            return len(self.mine)
        if c.name == "away":
            return sum(1 for s in self.mine if s.location != "colony")
        if c.name == "at":
            return sum(1 for s in self.mine if s.location == loc_of(arg))
        if c.name == "unwounded":
            return sum(1 for s in self.mine if s.wounds + s.frostbite + s.despair == 0)
        if c.name == "wounded":
            return sum(1 for s in self.mine if s.wounds + s.frostbite + s.despair > 0)
        if c.name in ("kills", "contributed"):
            return int(getattr(g, c.name))
        if c.name == "deaths_own":  # the graveyard names no owner: its original leader (a floor)
            return int(g.original_leader in o.graveyard)
        return 0

    def holds(self, c: Clause) -> bool:
        if c.name == "is_exiled":
            return bool(self.group.exiled)
        if c.name == "leader_original":
            return self.group.original_leader in {s.id for s in self.mine}
        if c.name == "survivor_in_play":
            return any(s.short == c.arg for s in self.mine)
        if c.op is None:
            return True
        return compare(self.measure(c), c.op, value_of(c.value or "0", len(self.o.groups)))

    def worth_waiting(self) -> bool:
        """A loyal seat holds the last step back while its own part is unmet but near (at most
        HOLD_DEFICIT short), a later colony phase is still to come and morale can take a round."""
        return (
            not self.met
            and self.deficit <= HOLD_DEFICIT
            and self.o.round_track > 1
            and self.o.morale > HOLD_MORALE
        )

    def gap(self, c: Clause) -> int:
        """How far a clause is from holding: the count it lacks, 0 when it holds, IMPOSSIBLE
        for a flag that cannot come back (a dead original leader)."""
        if self.holds(c):
            return 0
        if c.op is None:
            return IMPOSSIBLE
        return abs(self.measure(c) - self.need(c))

    def need(self, c: Clause) -> int:
        return value_of(c.value or "0", len(self.o.groups))

    def short(self, name: str) -> list[Clause]:
        """The personal clauses named `name` that do not hold now."""
        return [c for c in self.personal if c.name == name and not self.holds(c)]

    def has(self, name: str) -> list[Clause]:
        return [c for c in self.personal if c.name == name]

    # --- cards this seat's goal counts ------------------------------------------------------
    def keeps(self, card: Any, equipping: bool = False) -> bool:
        """Whether losing `card` from hand (playing, contributing, committing, discarding,
        paying, giving it) would leave a `hand`/`owns` clause short: the last ones it needs,
        once the end is near enough for the hoard to be worth it (`hoarding`)."""
        if card is None or not self.hoarding:
            return False
        for c in self.personal:
            if c.name not in ("hand", "owns") or c.op != ">=":
                continue
            if c.arg is not None and card.symbol != c.arg:
                continue
            if c.name == "owns" and equipping:
                continue
            if self.measure(c) <= self.need(c):
                return True
        return False

    def wants_card(self, card: Any) -> float:
        """How much one more such card moves this seat's own goal (for search keeps)."""
        v = 0.0
        for c in self.short("hand") + self.short("owns") + self.short("equipped"):
            if c.arg is None or card.symbol == c.arg:
                v += 2.5
        if card.symbol == "Outsider" and self.short_outsider():
            v += 2.0
        if card.mode == "equip" and self.short("equipped"):
            v += 0.5
        return v

    def short_outsider(self) -> bool:
        """An Outsider (a survivor, maybe helpless ones) would help a short clause."""
        return bool(
            self.short("survivors")
            or self.short("helpless_at_colony")
            or self.short("colony_survivors")
            or any(loc_of(c.arg) == "colony" for c in self.short("at"))
        )

    def careful(self, survivor: Any) -> float:
        """How much harm to this survivor (a wound, a bite) costs the seat's own goal."""
        if survivor is None or survivor.group != self.gid:
            return 0.0
        w = 0.0
        for c in self.personal:
            unhurt = survivor.wounds + survivor.frostbite == 0
            if (c.name == "unwounded" and unhurt) or c.name == "wounded":
                w += 1.5
            elif c.name == "deaths_own" or (c.name == "survivors" and c.op == ">="):
                w += 0.8
            elif c.name == "leader_original" and survivor.is_leader:
                w += 2.0 if survivor.id == self.group.original_leader else 0.0
        return w


def food_need(o: Any) -> int:
    colony = next(x for x in o.locations if x.key == "colony")
    headcount: int = len(colony.survivor_ids) + colony.helpless + 2 * colony.unruly
    return (headcount + 1) // 2  # ⌈headcount ÷ 2⌉ (§6.12)


def main_gaps(o: Any, deltas: dict[str, int]) -> int:
    """How many of the main objective's clauses would still fail at colony step 8 after a move
    that changes their counts by `deltas` (food after this round's meal, §4.3 step 3)."""
    gaps = 0
    for clause, p in zip(main_clauses(o), o.main_objective.progress, strict=False):
        have = p.have + deltas.get(p.label, 0)
        if p.label == "food" and o.phase == "turn":
            have -= food_need(o)
        if not compare(have, clause.op, p.need):
            gaps += 1
    return gaps


def main_clauses(o: Any) -> list[Clause]:
    return [c for c in parse(o.main_objective.goal) if c.op is not None]

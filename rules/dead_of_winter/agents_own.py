"""Dead of Winter's heuristic agent: what the seat's own objective adds to a move's score.

Issue 33 (`agents_aim` reads the objective): the main objective's last step is held back while the
seat's own goal is one short, the cards its goal counts are kept, and its clauses (kills,
equipment, Outsiders, unhurt survivors, where they stand) are worked toward.
"""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter.agents_aim import loc_of, main_gaps
from rules.dead_of_winter.agents_reads import Reads

# What giving up a card the seat's own goal still counts costs a move, by kind: light enough that
# the colony's meal or a crisis it is short for still comes first (hoarding harder halved the
# colony's completed objectives in measured standard games, and with them every loyal win).
KEEP_PENALTY = {"play": 8.0, "contribute": 8.0, "commit": 8.0, "discard": 8.0}


_NAMES: dict[type, frozenset[str] | None] = {}
"""An action class → its field names (None: not a pydantic model), read once a class."""


def _field(a: Any, name: str, default: Any = None) -> Any:
    """`getattr(a, name, default)` for an action: a field it does not have is answered from its
    class's field names, not by a failed attribute look-up (slow on a pydantic model, and the
    scoring asks it of every legal move). The names are read once a class: pydantic's
    `model_fields` is itself slow to ask."""
    cls = type(a)
    try:
        names = _NAMES[cls]
    except KeyError:
        fields = getattr(cls, "model_fields", None)
        names = _NAMES[cls] = None if fields is None else frozenset(fields)
    if names is not None and name not in names:
        return default
    return getattr(a, name, default)


class OwnScoring(Reads):
    """The seat's own objective's share of a move's score (`aim_score`)."""

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

"""Core mechanics shared by actions, effects and the colony phase (§6): the move in progress
(`Ctx`), lookups of the board, modifiers, morale and the end; zombies and survivors on the board
are `rules_bodies`.

Everything works on the working dict `w` of one move, through a `Ctx` that also carries the move's
rng, the events it produced and the tasks it queued. Morale reaching 0 raises `Ended`, which the
driver catches: nothing further resolves (DW-5).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.core import Event, builder
from rules.dead_of_winter.content import (
    ITEMS,
    LOCATION_NAMES,
    LOCATIONS,
    SURVIVOR_SPACES,
    SURVIVORS,
    ZOMBIE_SPACES,
    Effect,
)
from rules.dead_of_winter.state import W

_event = builder(Event)  # a move's events, from the rules' own strings: no validation


class Ended(Exception):
    """The game ended in the middle of something; the driver stops resolving."""


class _Late:
    """Functions of later rules modules that an earlier one calls back (a received card is played
    at once, through the turn's own `act`). Each is set by its module when it is imported, so
    imports stay one-way: `rules_pending` never imports `rules_legal` or `rules_turn`."""

    plays_of: Callable[[W, int, str], list[Any]]
    act: Callable[[Ctx, int, Any], None]


LATE = _Late()


class Ctx:
    """One move in progress: the working state, its rng, events and newly queued tasks."""

    def __init__(self, w: W, rng: random.Random) -> None:
        self.w = w
        self.rng = rng
        self.events: list[Event] = []
        self.buffer: list[dict[str, Any]] = []

    def say(
        self,
        text: str,
        kind: str = "info",
        to: frozenset[int] | None = None,
        *,
        heading: bool = False,
    ) -> None:
        """An event line; `heading`: it opens a new line of the thread (`Event.heading`)."""
        if to is not None and type(to) is not frozenset:
            to = frozenset(to)
        self.events.append(_event(text=text, visible_to=to, kind=kind, heading=heading))

    def push(self, t: str, **data: Any) -> None:
        self.buffer.append({"t": t, "data": data})

    def trig(self, ev: str, **data: Any) -> None:
        """Record an event for twist triggers (DW-7), only for the active group's own doings."""
        w = self.w
        g = data.get("group")
        if w["phase"] == "turn" and g is not None and g == w["active"] and not w.get("_twisting"):
            w["tev"].append({"ev": ev, **data})


# --- lookups ----------------------------------------------------------------------------------
def name(sid: str) -> str:
    return SURVIVORS[sid].short


def loc_name(key: str) -> str:
    if key == "colony":
        return "the Colony"
    if key in ("lab", "hideout"):
        return LOCATION_NAMES[key]
    return f"the {LOCATION_NAMES[key]} ({LOCATIONS.index(key)})"  # its number on the board


def grp(w: W, g: int) -> dict[str, Any]:
    out: dict[str, Any] = w["groups"][g]
    return out


def spend(ctx: Ctx, group: int, die: int) -> None:
    """The group uses one of its action dice (DW-9)."""
    g = grp(ctx.w, group)
    g["dice"].remove(die)
    g["dice_used"] += 1


def seat_of(w: W, g: int) -> int:
    return int(grp(w, g)["seat"])


def groups_of(w: W, seat: int) -> list[int]:
    return [g["group"] for g in w["groups"] if g["seat"] == seat]


def sv(w: W, sid: str) -> dict[str, Any]:
    out: dict[str, Any] = w["survivors"][sid]
    return out


_INFLUENCE = {sid: card.influence for sid, card in SURVIVORS.items()}


def at(w: W, loc: str) -> list[str]:
    """Survivor ids at a location, by influence (lowest first)."""
    ids = [s for s, d in w["survivors"].items() if d["location"] == loc]
    ids.sort(key=_INFLUENCE.__getitem__)
    return ids


def occupied(w: W, loc: str) -> int:
    n = len(at(w, loc)) + int(w["locations"][loc].get("bandits", 0))
    if loc == "colony":
        n += w["locations"]["colony"]["helpless"] + w["locations"]["colony"]["unruly"]
    return n


def has_room(w: W, loc: str, k: int = 1) -> bool:
    return occupied(w, loc) + k <= SURVIVOR_SPACES[loc]


def occupancy(w: W) -> dict[str, int]:
    """`occupied` of every location of the table (`places`), from one pass over the survivors."""
    counts = dict.fromkeys(places(w), 0)
    for d in w["survivors"].values():
        loc = d["location"]
        if loc in counts:
            counts[loc] += 1
    locations = w["locations"]
    for loc in counts:
        counts[loc] += int(locations[loc].get("bandits", 0))
    colony = locations["colony"]
    counts["colony"] += colony["helpless"] + colony["unruly"]
    return counts


def rooms(w: W) -> list[str]:
    """The places with room for one more survivor (`has_room`), in `places` order."""
    return [loc for loc, n in occupancy(w).items() if n + 1 <= SURVIVOR_SPACES[loc]]


def headcount(w: W) -> int:
    c = w["locations"]["colony"]
    return len(at(w, "colony")) + int(c["helpless"]) + 2 * int(c["unruly"])


def zombies(w: W, loc: str) -> int:
    """Normal and experiment zombies (§9.7: experiment zombies count for every condition)."""
    d = w["locations"][loc]
    return int(sum(d["zombies"]) + sum(d.get("experiments") or ()))


def extra(d: dict[str, Any], key: str, e: int) -> int:
    """A module's count at an entrance (traps, experiment zombies); 0 in a game without it."""
    values = d.get(key) or ()
    return int(values[e]) if e < len(values) else 0


def filled(w: W, loc: str, e: int) -> int:
    """Zombie spaces taken at an entrance: zombies, experiment zombies, barricades, traps."""
    d = w["locations"][loc]
    return int(
        d["zombies"][e] + d["barricades"][e] + extra(d, "traps", e) + extra(d, "experiments", e)
    )


def free_space(w: W, loc: str, e: int) -> bool:
    return filled(w, loc, e) < ZOMBIE_SPACES[loc]


def places(w: W) -> list[str]:
    """Every location of this table, in §12.3 order: colony, 1–6, then the Lab and the Hideout
    when their modules are on."""
    return [*LOCATIONS, *(k for k in ("lab", "hideout") if k in w["locations"])]


def module_on(w: W, module: str) -> bool:
    return module in (w.get("modules") or ())


def modifiers(w: W, sid: str) -> list[Effect]:
    """Passive modifiers on a survivor: its own (while at its `where`) and its equipped items'."""
    out: list[Effect] = []
    card = SURVIVORS[sid]
    ability = card.parsed
    if ability.form == "passive" and where_ok(w, sid):
        out += ability.modifiers
    for item in sv(w, sid)["equipped"]:
        ab = ITEMS[item].ability
        if ab.form == "passive":
            out += ab.modifiers
    built = (w.get("ln") or {}).get("built") or ()
    if built and not grp(w, sv(w, sid)["group"])["exiled"]:  # §9.6
        from rules.dead_of_winter.content import IMPROVEMENTS

        for imp in built:
            ab = IMPROVEMENTS[imp].ability
            if ab.form == "passive":
                out += ab.modifiers
    return out


def _passive_ops(ability: Any) -> frozenset[str]:
    return frozenset(m.op for m in ability.modifiers) if ability.form == "passive" else frozenset()


_OWN_OPS = {sid: _passive_ops(card.parsed) for sid, card in SURVIVORS.items()}
_ITEM_OPS: dict[str, frozenset[str]] = {}  # filled as items are equipped (`ability` parses)


def has_mod(w: W, sid: str, op: str) -> bool:
    """Whether one of `modifiers(w, sid)` is `op`, without listing them: the ops of each card's
    passive ability are known up front."""
    s = w["survivors"][sid]
    if op in _OWN_OPS[sid] and where_ok(w, sid):
        return True
    for item in s["equipped"]:
        ops = _ITEM_OPS.get(item)
        if ops is None:
            ops = _ITEM_OPS[item] = _passive_ops(ITEMS[item].ability)
        if op in ops:
            return True
    built = (w.get("ln") or {}).get("built") or ()
    if built and not grp(w, s["group"])["exiled"]:  # §9.6
        from rules.dead_of_winter.content import IMPROVEMENTS

        for imp in built:
            ab = IMPROVEMENTS[imp].ability
            if ab.form == "passive" and any(m.op == op for m in ab.modifiers):
                return True
    return False


def mod_max(w: W, sid: str, op: str, default: int) -> int:
    """`attack_kills`, `barricade_count`, `clean_count`: only the highest applies (DW-38)."""
    values = [int(m.args[0]) for m in modifiers(w, sid) if m.op == op]
    return max([default, *values])


def mod_sum(w: W, sid: str, op: str, loc: str | None = None) -> int:
    """`search_look`, `search_keep`, `extra_dice` add up (DW-38)."""
    total = 0
    for m in modifiers(w, sid):
        if m.op == op and (loc is None or LOCATIONS[int(m.args[0])] == loc):
            total += int(m.args[-1])
    return total


def where_ok(w: W, sid: str) -> bool:
    where = SURVIVORS[sid].where
    loc = sv(w, sid)["location"]
    if where == "anywhere":
        return True
    if where == "colony":
        return bool(loc == "colony")
    if where == "away":
        return bool(loc != "colony")
    return bool(loc == LOCATIONS[int(where)])


def non_exiled_seats(w: W) -> list[int]:
    seats: list[int] = []
    for g in w["groups"]:
        if not g["exiled"] and not g["eliminated"] and g["seat"] not in seats:
            seats.append(g["seat"])
    return seats


def order_from_first(w: W) -> list[int]:
    n = len(w["groups"])
    return [(w["first_player"] + i) % n for i in range(n)]


# --- morale and the end -----------------------------------------------------------------------
def morale(ctx: Ctx, delta: int) -> None:
    w = ctx.w
    w["morale"] = max(0, min(10, w["morale"] + delta))
    if delta:
        ctx.say(f"Morale {'+' if delta > 0 else '−'}{abs(delta)} → {w['morale']}.", "morale")
    if w["morale"] <= 0:
        end(ctx, "morale")


def end(ctx: Ctx, reason: str, main_done: bool = False) -> None:
    w = ctx.w
    w["phase"] = "ended"
    w["end_reason"] = reason
    w["main_done"] = main_done
    w["pending"] = []
    w["tasks"] = []
    w["active"] = None
    ctx.buffer = []
    raise Ended

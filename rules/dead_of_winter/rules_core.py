"""Core mechanics shared by actions, effects and the colony phase (§6): zombies, deaths, exposure.

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
from rules.dead_of_winter.words import group_named, group_owned

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

    def say(self, text: str, kind: str = "info", to: frozenset[int] | None = None) -> None:
        if to is not None and type(to) is not frozenset:
            to = frozenset(to)
        self.events.append(_event(text=text, visible_to=to, kind=kind))

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
    return f"{LOCATIONS.index(key)} ({LOCATION_NAMES[key]})"


def grp(w: W, g: int) -> dict[str, Any]:
    out: dict[str, Any] = w["groups"][g]
    return out


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
        ctx.say(f"Morale {'+' if delta > 0 else ''}{delta} → {w['morale']}.", "morale")
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


# --- zombies ----------------------------------------------------------------------------------
def place_zombie(ctx: Ctx, loc: str, e: int, experiment: bool = False) -> None:
    """Place one zombie at an entrance (§6.1): a space, else a barricade breaks, else overrun.

    A trap there fires first for a normal zombie (§9.4): the trap goes, this zombie is not
    placed and every normal zombie at the entrance dies. Experiment zombies ignore traps and come
    from a supply of 19 (§9.7)."""
    d = ctx.w["locations"][loc]
    if not experiment and extra(d, "traps", e) > 0:
        d["traps"][e] -= 1
        d["zombies"][e] = 0
        ctx.say(f"A trap at {_entrance(loc, e)} fires.", "zombies_placed")
        return
    if experiment:
        ln = ctx.w["ln"]
        if ln["experiment_supply"] <= 0:
            return
    if free_space(ctx.w, loc, e):
        if experiment:
            ctx.w["ln"]["experiment_supply"] -= 1
            d["experiments"][e] += 1
        else:
            d["zombies"][e] += 1
    elif d["barricades"][e] > 0:
        d["barricades"][e] -= 1
        ctx.say(f"A barricade at {_entrance(loc, e)} breaks.", "zombies_placed")
    else:
        overrun(ctx, loc, e)


def _entrance(loc: str, e: int) -> str:
    return f"colony entrance {e + 1}" if loc == "colony" else loc_name(loc)


def overrun(ctx: Ctx, loc: str, e: int) -> None:
    w = ctx.w
    victims = at(w, loc)
    spot = _entrance(loc, e)
    ctx.say(f"{spot[0].upper()}{spot[1:]} is overrun.", "overrun")
    if victims:
        kill(ctx, victims[0], "overrun")
        return
    c = w["locations"][loc]
    if c.get("bandits"):  # §9.5: a bandit leaves instead of dying
        c["bandits"] -= 1
        w["ln"]["bandit_supply"] += 1
        ctx.say(f"A bandit flees {loc_name(loc)}.", "overrun")
        return
    if loc == "colony" and (c["unruly"] or c["helpless"]):
        c["unruly" if c["unruly"] else "helpless"] -= 1
        ctx.say("A helpless survivor is killed.", "died")
        morale(ctx, -1)


def add_zombies(ctx: Ctx, loc: str, n: int, experiment: bool = False) -> None:
    """n zombies at a location; at the colony cycling entrances from 1 (DW-17)."""
    for i in range(n):
        place_zombie(ctx, loc, i % 6 if loc == "colony" else 0, experiment)
    if n:
        what = "experiment zombie" if experiment else "zombie"
        verb = "arrive" if n > 1 else "arrives"
        ctx.say(f"{n} {what}{'s' if n > 1 else ''} {verb} at {loc_name(loc)}.", "zombies_placed")


def kill_zombie_at(w: W, loc: str, e: int | None = None) -> bool:
    """Remove one zombie: at the named entrance, else the colony entrance with the most (DW-6)."""
    zs = w["locations"][loc]["zombies"]
    if e is None:
        e = max(range(len(zs)), key=lambda i: (zs[i], -i))
    if zs[e] <= 0:
        return False
    zs[e] -= 1
    return True


def place_barricades(ctx: Ctx, loc: str, n: int, e: int | None = None) -> int:
    """Barricades one at a time (DW-6, DW-12); returns how many were placed."""
    w = ctx.w
    d = w["locations"][loc]
    placed = 0
    for _ in range(n):
        k = len(d["zombies"])
        if e is not None:
            spots = [(e + i) % k for i in range(k)]
        else:
            spots = sorted(range(k), key=lambda i: (d["barricades"][i], i))
        spot = next((i for i in spots if free_space(w, loc, i)), None)
        if spot is None:
            break
        d["barricades"][spot] += 1
        placed += 1
        if e is not None:
            e = spot
    return placed


# --- survivors --------------------------------------------------------------------------------
def tokens(w: W, sid: str) -> int:
    s = sv(w, sid)
    return int(s["wounds"] + s["frostbite"] + s["despair"])


def wound(ctx: Ctx, sid: str, n: int = 1, kind: str = "wounds") -> None:
    w = ctx.w
    if sid not in w["survivors"] or n <= 0:
        return
    if kind == "frostbite" and has_mod(w, sid, "frost_as_wound"):
        kind = "wounds"
    sv(w, sid)[kind] += n
    label = {"wounds": "wound", "frostbite": "frostbite", "despair": "despair"}[kind]
    ctx.say(f"{name(sid)} takes {n} {label}.", "wounded")
    if tokens(w, sid) >= 3:
        kill(ctx, sid, "wounds")


def kill(ctx: Ctx, sid: str, cause: str) -> None:
    """A survivor dies (§6.10): graveyard, morale, items, new leader or replacement."""
    w = ctx.w
    if sid not in w["survivors"]:
        return
    s = w["survivors"].pop(sid)
    g = grp(w, s["group"])
    g["survivors"].remove(sid)
    w["graveyard"].append(sid)
    w["deaths"] += 1
    g["deaths_own"] += 1
    ctx.say(f"{name(sid)} dies ({cause}).", "died")
    loc = s["location"]
    if loc == "colony":
        g["hand"].extend(s["equipped"])
    elif loc == "hideout":  # §6.10 step 3, §9.5: the Hideout has no deck, only its public stash
        w["ln"]["stash"].extend(s["equipped"])
        for card in s["equipped"]:
            ctx.say(f"{ITEMS[card].name} goes into the Hideout stash.", "info")
    else:
        deck = w["locations"][loc]["deck"]
        deck.extend(s["equipped"])
        ctx.rng.shuffle(deck)
    ctx.trig("on_survivor_killed", group=s["group"], loc=loc)
    if g["leader"] == sid:
        g["leader"] = None
        if g["survivors"]:
            ctx.push("new_leader", group=g["group"])
    if not g["survivors"]:
        _last_survivor(ctx, g)
    if not g["exiled"]:
        morale(ctx, -1)


def _last_survivor(ctx: Ctx, g: dict[str, Any]) -> None:
    w = ctx.w
    to_waste(w, g, list(g["hand"]))
    g["hand"] = []
    if w["elimination"]:
        g["eliminated"] = True
        g["dice"] = []
        ctx.say(f"{group_named(ctx.w, g['group'])} is out of the game.", "eliminated")
        if all(x["eliminated"] for x in w["groups"]):
            end(ctx, "eliminated")
        return
    if not w["survivor_deck"]:
        return
    new = w["survivor_deck"].pop(0)
    if g["exiled"]:
        ctx.push("place", group=g["group"], survivor=new, why="new", replacement=True)
        return
    join(w, g["group"], new, "colony")
    g["leader"] = new
    ctx.say(f"{name(new)} leads {group_owned(ctx.w, g['group'])} now.", "info")


def join(w: W, g: int, sid: str, loc: str) -> None:
    w["survivors"][sid] = {
        "id": sid,
        "group": g,
        "location": loc,
        "wounds": 0,
        "frostbite": 0,
        "despair": 0,
        "equipped": [],
        "moved": False,
        "used": [],
    }
    grp(w, g)["survivors"].append(sid)


def to_waste(w: W, g: dict[str, Any], cards: list[str]) -> None:
    """Cards played or discarded: the waste pile, or out of the game for an exiled group."""
    if not g["exiled"]:
        w["waste"] += len(cards)


def face(roll: int) -> str:
    if roll <= 6:
        return "blank"
    if roll <= 9:
        return "wound"
    return "frostbite" if roll <= 11 else "bite"


def exposure(ctx: Ctx, sid: str) -> None:
    """Roll the exposure d12 for a survivor (§6.4); a bite kills and starts a spread."""
    w = ctx.w
    if sid not in w["survivors"]:
        return
    s = sv(w, sid)
    f = face(ctx.rng.randint(1, 12))
    ctx.say(f"{name(sid)} rolls exposure: {f}.", "exposure")
    ctx.trig("on_exposure", group=s["group"], face=f, surv=sid)
    if f == "wound":
        wound(ctx, sid, 1)
    elif f == "frostbite":
        wound(ctx, sid, 1, "frostbite")
    elif f == "bite":
        loc = s["location"]
        kill(ctx, sid, "bite")
        ctx.push("spread", loc=loc, tested=[sid])


def spread_candidates(w: W, loc: str, tested: list[str]) -> list[str]:
    return [s for s in at(w, loc) if s not in tested and not has_mod(w, s, "spread_immune")]

"""Zombies and survivors on the board (§6): placing zombies, overruns, barricades, wounds, deaths,
joining the colony, waste and exposure. Built on `rules_core`'s lookups, `Ctx`, morale and the end.
"""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter.content import (
    ITEMS,
)
from rules.dead_of_winter.rules_core import (
    Ctx,
    at,
    end,
    extra,
    free_space,
    grp,
    has_mod,
    loc_name,
    morale,
    name,
    sv,
)
from rules.dead_of_winter.state import W
from rules.dead_of_winter.words import group_named, group_owned
from rules.game_info import listed


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


def add_zombies(ctx: Ctx, loc: str, n: int, experiment: bool = False, *, said: bool = True) -> None:
    """n zombies at a location; at the colony cycling entrances from 1 (DW-17). Said before they
    land, so the barricades they break and the overruns they cause follow the line; `said=False`:
    the caller has said it (`add_zombies_at`, every place's in one line)."""
    if n and said:
        what = "experiment zombie" if experiment else "zombie"
        verb = "arrive" if n > 1 else "arrives"
        ctx.say(f"{n} {what}{'s' if n > 1 else ''} {verb} at {loc_name(loc)}.", "zombies_placed")
    for i in range(n):
        place_zombie(ctx, loc, i % 6 if loc == "colony" else 0, experiment)


def add_zombies_at(ctx: Ctx, counts: list[tuple[str, int]], *, heading: bool = False) -> None:
    """Zombies at several places (`(location, how many)`: an effect's, colony step 6's), said in
    one line before any lands ("Zombies arrive: 1 at the Colony; 2 each at …"), so the
    barricades they break and the overruns they cause follow it."""
    if any(n for _, n in counts):
        ctx.say(
            arrivals([(loc_name(loc), n) for loc, n in counts]), "zombies_placed", heading=heading
        )
    for loc, n in counts:
        add_zombies(ctx, loc, n, said=False)


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
    ctx.say(f"{name(new)} now leads {group_owned(ctx.w, g['group'])}.", "info")


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


def arrivals(counts: list[tuple[str, int]]) -> str:
    """Zombies arriving in one line, places with the same count together: "Zombies arrive: 1 at
    the Colony; 2 each at the Police Station (1) and the Hospital (5)."; at one place "3 zombies
    arrive at the Colony."."""
    by_count: dict[int, list[str]] = {}
    for where, n in counts:
        if n:
            by_count.setdefault(n, []).append(where)
    if sum(len(places) for places in by_count.values()) == 1:
        ((n, (where,)),) = by_count.items()
        return f"{n} zombie{'s arrive' if n > 1 else ' arrives'} at {where}."
    parts = [
        f"{n} at {places[0]}" if len(places) == 1 else f"{n} each at {listed(places)}"
        for n, places in by_count.items()
    ]
    return f"Zombies arrive: {'; '.join(parts)}."

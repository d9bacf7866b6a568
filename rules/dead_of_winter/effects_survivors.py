"""The resolvers of the §13 effects on survivors: wounds and frostbite, healing, deaths, exposure,
moving, new survivors and helpless survivors. `effects.RESOLVERS` maps each primitive to them."""

from __future__ import annotations

from collections.abc import Callable

from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    SURVIVOR_SPACES,
    SURVIVORS,
    TOWN,
    Effect,
)
from rules.dead_of_winter.effect_args import (
    BLOCK,
    DONE,
    Frame,
    Resolver,
    exiled,
    locations,
    one_or_each,
    survivors,
)
from rules.dead_of_winter.rules_core import Ctx, grp, sv
from rules.dead_of_winter.words import group_owned


def per_survivor(act: Callable[[Ctx, str, Effect], None]) -> Resolver:
    """The resolver that does `act` to the survivor its first argument names (the lowest), or
    to each of them; it waits while that argument is still a player's choice."""

    def resolve(ctx: Ctx, f: Frame, e: Effect) -> bool:
        found = survivors(ctx, f, e.args[0])
        if found is None:
            return BLOCK
        for sid in one_or_each(e.args[0], found):
            act(ctx, sid, e)
        return DONE

    return resolve


def wound_tokens(kind: str) -> Resolver:
    return per_survivor(lambda ctx, sid, e: bodies.wound(ctx, sid, int(e.args[1]), kind))


def _heal(ctx: Ctx, sid: str, e: Effect) -> None:
    s = sv(ctx.w, sid)
    for _ in range(int(e.args[1])):
        if s["frostbite"]:
            s["frostbite"] -= 1
        elif s["wounds"]:
            s["wounds"] -= 1
    ctx.say(f"{core.name(sid)} is healed.", "wounded")


r_heal = per_survivor(_heal)


def r_kill(ctx: Ctx, f: Frame, e: Effect) -> bool:
    found = survivors(ctx, f, e.args[0])
    if found is None:
        return BLOCK
    n = int(e.args[1]) if len(e.args) > 1 else 1
    for sid in found[:n] if e.args[0].startswith("lowest") else found:
        bodies.kill(ctx, sid, "killed")
    return DONE


r_exposure = per_survivor(lambda ctx, sid, e: bodies.exposure(ctx, sid))


def r_move(ctx: Ctx, f: Frame, e: Effect) -> bool:
    found = survivors(ctx, f, e.args[0])
    if found is None:
        return BLOCK
    for sid in one_or_each(e.args[0], found):
        here: str = sv(ctx.w, sid)["location"]
        banned = "colony" if grp(ctx.w, sv(ctx.w, sid)["group"])["exiled"] else None

        def fits(x: str, here: str = here, banned: str | None = banned) -> bool:
            return x not in (here, banned) and core.has_room(ctx.w, x)

        dest = locations(ctx, f, e.args[1], fits)
        if dest is None:
            return BLOCK
        for loc in dest:
            if fits(loc):
                sv(ctx.w, sid)["location"] = loc
                ctx.say(f"{core.name(sid)} goes to {core.loc_name(loc)}.", "moved")
    return DONE


def r_add_survivor(ctx: Ctx, f: Frame, e: Effect) -> bool:
    for _ in range(int(e.args[0])):
        add_survivor(ctx, f["group"])
    return DONE


def add_survivor(ctx: Ctx, group: int) -> None:
    """§6.8: the top survivor card joins the group at the colony (exiled: a place of choice)."""
    w = ctx.w
    if not w["survivor_deck"]:
        return
    g = grp(w, group)
    if g["exiled"]:
        if any(core.has_room(w, loc) for loc in TOWN):
            ctx.push("place", group=group, survivor=w["survivor_deck"].pop(0), why="new")
        return
    sid = w["survivor_deck"].pop(0)
    if not core.has_room(w, "colony"):
        w["survivor_deck"].append(sid)
        return
    bodies.join(w, group, sid, "colony")
    ctx.say(
        f"{SURVIVORS[sid].name} joins {group_owned(ctx.w, group)} at the Colony.", "survivor_added"
    )
    ctx.trig("on_survivor_added", group=group, surv=sid)


def r_add_helpless(ctx: Ctx, f: Frame, e: Effect) -> bool:
    if exiled(ctx, f):  # DW-48
        return DONE
    w = ctx.w
    n = min(int(e.args[0]), max(0, SURVIVOR_SPACES["colony"] - core.occupied(w, "colony")))
    w["locations"]["colony"]["helpless"] += n
    return DONE


def r_lose_helpless(ctx: Ctx, f: Frame, e: Effect) -> bool:
    c = ctx.w["locations"]["colony"]
    for _ in range(int(e.args[0])):
        if c["unruly"] or c["helpless"]:
            c["unruly" if c["unruly"] else "helpless"] -= 1
            if e.op == "kill_helpless":
                ctx.say("A helpless survivor dies.", "died")
                core.morale(ctx, -1)
    return DONE

"""Resolvers of the Long Night primitives (§13.4), each with its §13.10 degradation.

Every primitive checks its module at the moment it resolves: with the module on it does what §9
says, with it off it acts as the base-game effect §13.10 names (or nothing), so every card plays
in every game and no card is removed. Importing this module adds them to the one `RESOLVERS`
table of `effects.py`.
"""

from __future__ import annotations

from rules.dead_of_winter import effect_args as EA
from rules.dead_of_winter import effects as E
from rules.dead_of_winter import effects_survivors as ES
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import IMPROVEMENTS, ITEMS, SIDE_EFFECTS, SURVIVOR_SPACES, Effect
from rules.dead_of_winter.rules_core import Ctx, grp, sv
from rules.dead_of_winter.words import group_named
from rules.game_text import plural

BLOCK, DONE = EA.BLOCK, EA.DONE


def r_despair(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    kind = "despair" if core.module_on(ctx.w, "despair") else "wounds"  # off: a wound
    found = EA.survivors(ctx, f, e.args[0])
    if found is None:
        return BLOCK
    for sid in EA.one_or_each(e.args[0], found):
        bodies.wound(ctx, sid, int(e.args[1]), kind)
    return DONE


def r_remove_despair(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "despair"):
        return ES.r_heal(ctx, f, e)  # §13.10: acts as `heal`
    found = EA.survivors(ctx, f, e.args[0])
    if found is None:
        return BLOCK
    for sid in EA.one_or_each(e.args[0], found):
        s = sv(ctx.w, sid)
        gone = min(s["despair"], int(e.args[1]))
        if gone:
            s["despair"] -= gone
            ctx.say(f"{core.name(sid)} sheds {gone} despair.", "wounded")
    return DONE


def r_add_unruly(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "unruly_helpless"):
        return ES.r_add_helpless(ctx, f, e)  # §13.10
    if EA.exiled(ctx, f):  # DW-48, as for helpless survivors
        return DONE
    w = ctx.w
    n = min(int(e.args[0]), max(0, SURVIVOR_SPACES["colony"] - core.occupied(w, "colony")))
    w["locations"]["colony"]["unruly"] += n
    if n:
        verb = "arrives" if n == 1 else "arrive"
        ctx.say(f"{plural(n, 'unruly helpless survivor')} {verb} at the Colony.", "survivor_added")
    return DONE


def r_calm(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "unruly_helpless"):
        return DONE  # §13.10: nothing
    c = ctx.w["locations"]["colony"]
    n = min(c["unruly"], int(e.args[0]))
    c["unruly"] -= n
    c["helpless"] += n
    if n:
        ctx.say(f"{plural(n, 'unruly survivor')} {'calms' if n == 1 else 'calm'} down.", "info")
    return DONE


def r_trap(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "traps"):
        return E.r_barricade(ctx, f, e)  # §13.10: acts as `barricade`
    for loc in EA.locations(ctx, f, e.args[0], lambda _: True) or []:
        placed = place_traps(ctx, loc, int(e.args[1]))
        if placed:
            ctx.say(f"{plural(placed, 'trap')} rigged at {core.loc_name(loc)}.", "barricaded")
    return DONE


def place_traps(ctx: Ctx, loc: str, n: int, e: int | None = None) -> int:
    """Traps one at a time into free zombie spaces, like barricades (DW-6, §9.4)."""
    w = ctx.w
    d = w["locations"][loc]
    k = len(d["zombies"])
    placed = 0
    for _ in range(n):
        spots = (
            [e] if e is not None else sorted(range(k), key=lambda i: (core.filled(w, loc, i), i))
        )
        spot = next((i for i in spots if core.free_space(w, loc, i)), None)
        if spot is None:
            break
        d["traps"][spot] += 1
        placed += 1
    return placed


def r_advance(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "improvements"):
        return DONE  # §13.10
    w = ctx.w
    left = f["unit"].setdefault("left", int(e.args[0]))
    while left > 0 and w["ln"]["token_supply"] > 0 and w["ln"]["display"]:
        answer = EA.need(ctx, f, sorted(w["ln"]["display"]), "Choose an improvement to advance")
        if answer is None:
            return BLOCK
        advance_one(ctx, answer)
        left = f["unit"]["left"] = left - 1
    return DONE


def r_remove_bandits(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "bandits"):
        return DONE  # §13.10
    w = ctx.w
    found = EA.locations(ctx, f, e.args[0], lambda loc: bool(w["locations"][loc].get("bandits")))
    if found is None:
        return BLOCK
    for loc in found:
        d = w["locations"][loc]
        n = min(int(d.get("bandits", 0)), int(e.args[1]))
        if n:
            d["bandits"] -= n
            w["ln"]["bandit_supply"] += n
            ctx.say(f"{plural(n, 'bandit')} driven from {core.loc_name(loc)}.", "attacked")
    return DONE


def r_take_stash(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    if not core.module_on(ctx.w, "bandits"):
        return DONE  # §13.10
    w = ctx.w
    g = grp(w, f["group"])
    left = f["unit"].setdefault("left", int(e.args[0]))
    while left > 0 and w["ln"]["stash"]:
        answer = EA.need(ctx, f, [*sorted(set(w["ln"]["stash"])), "stop"], "Take a stash card")
        if answer is None:
            return BLOCK
        if answer == "stop":
            break
        w["ln"]["stash"].remove(answer)
        g["hand"].append(answer)
        ctx.say(
            f"{group_named(ctx.w, g['group'])} takes {ITEMS[answer].name} from the stash.", "played"
        )
        left = f["unit"]["left"] = left - 1
    return DONE


def r_add_experiments(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    lab = core.module_on(ctx.w, "lab")
    for loc in EA.locations(ctx, f, e.args[0], lambda _: True) or []:
        bodies.add_zombies(ctx, loc, int(e.args[1]), experiment=lab)  # off: plain zombies
    return DONE


def r_side_effect(ctx: Ctx, f: EA.Frame, e: Effect) -> bool:
    """§9.7: the top side-effect card resolves for the taker, then the deck is shuffled."""
    w = ctx.w
    if not core.module_on(w, "lab") or not w["ln"]["side_effects"]:
        return DONE  # §13.10: nothing
    found = EA.survivors(ctx, f, e.args[0])
    if found is None:
        return BLOCK
    deck = w["ln"]["side_effects"]
    card = SIDE_EFFECTS[deck[0]]
    ctx.rng.shuffle(deck)
    taker = found[0] if found else None
    ctx.say(f"Side effect: {card.name}.", "played")
    ctx.push("effects", **EA.frame([card.effect], f["group"], taker, "side_effect"))
    return DONE


def advance_one(ctx: Ctx, imp: str) -> None:
    """One advancement token onto a displayed improvement; built once it has enough (§9.6):
    its tokens go back, the display refills, `built:` effects resolve for the first player."""
    ln = ctx.w["ln"]
    if ln["token_supply"] <= 0 or imp not in ln["display"]:
        return
    ln["token_supply"] -= 1
    ln["tokens"][imp] = ln["tokens"].get(imp, 0) + 1
    card = IMPROVEMENTS[imp]
    if ln["tokens"][imp] < card.need:
        return
    ln["token_supply"] += ln["tokens"].pop(imp)
    ln["display"].remove(imp)
    ln["built"].append(imp)
    if ln["improvement_deck"]:
        new = ln["improvement_deck"].pop(0)
        ln["display"].append(new)
        ln["tokens"][new] = 0
    ctx.say(f"{card.name} is built.", "improvement_built")
    if card.ability.form == "built":
        body = card.effect.partition(": ")[2]
        ctx.push("effects", **EA.frame([body], ctx.w["first_player"], None, "improvement"))


LN_RESOLVERS: dict[str, EA.Resolver] = {
    "despair": r_despair,
    "remove_despair": r_remove_despair,
    "add_unruly": r_add_unruly,
    "calm": r_calm,
    "trap": r_trap,
    "advance": r_advance,
    "remove_bandits": r_remove_bandits,
    "take_stash": r_take_stash,
    "add_experiments": r_add_experiments,
    "side_effect": r_side_effect,
}
E.RESOLVERS.update(LN_RESOLVERS)

"""The one interpreter of the §13 effect vocabulary: one resolver per primitive, no per-card code.

An effect list runs as an `effects` task (a frame: the list, the index reached, the acting group and
survivor, and the choices bound so far, DW-39). A resolver that needs a player's choice asks for it
with `need`, which either returns the answer already given or opens a `choose` decision; the frame
then waits at the front of the task queue and the same effect runs again once the answer is in.
The Long Night primitives live in `effects_ln.py`, each with its §13.10 degradation; it adds them
to `RESOLVERS` when it is imported (the rules modules import it, so any use of the game has them).
An effect's arguments are read through `effect_args`; the survivors' resolvers are in
`effects_survivors`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core import seat_ref
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import CHOOSING, ITEMS, NOISE_CAP, Effect
from rules.dead_of_winter.effect_args import BLOCK, DONE, Frame, Resolver, exiled, need, player
from rules.dead_of_winter.effect_args import frame as frame
from rules.dead_of_winter.effect_args import locations as locations
from rules.dead_of_winter.effects_survivors import (
    r_add_helpless,
    r_add_survivor,
    r_exposure,
    r_heal,
    r_kill,
    r_lose_helpless,
    r_move,
    wound_tokens,
)
from rules.dead_of_winter.rules_core import Ctx, grp
from rules.dead_of_winter.words import group_named
from rules.game_text import plural


def run(ctx: Ctx, f: Frame) -> bool:
    """Resolve effects from `f["i"]` on; True when waiting for a choice."""
    from rules.dead_of_winter.content import effects_of

    effects = [e for text in f["effects"] for e in effects_of(text)]
    while f["i"] < len(effects):
        effect = effects[f["i"]]
        if RESOLVERS[effect.op](ctx, f, effect):
            return BLOCK
        f["i"] += 1
        f["unit"] = {}
    return DONE


# --- resolvers --------------------------------------------------------------------------------
def r_morale(ctx: Ctx, f: Frame, e: Effect) -> bool:
    core.morale(ctx, int(e.args[0]))
    return DONE


def r_gain_food(ctx: Ctx, f: Frame, e: Effect) -> bool:
    if not exiled(ctx, f):  # DW-48
        ctx.w["food"] += int(e.args[0])
        ctx.say(f"Food +{e.args[0]} → {ctx.w['food']}.", "food")
    return DONE


def r_lose_food(ctx: Ctx, f: Frame, e: Effect) -> bool:
    ctx.w["food"] = max(0, ctx.w["food"] - int(e.args[0]))
    ctx.say(f"Food −{e.args[0]} → {ctx.w['food']}.", "food")
    return DONE


def r_waste(ctx: Ctx, f: Frame, e: Effect) -> bool:
    for loc in locations(ctx, f, e.args[0], lambda _: True) or []:
        deck = ctx.w["locations"][loc]["deck"]
        n = min(int(e.args[1]), len(deck))
        del deck[:n]
        ctx.w["waste"] += n
    return DONE


def r_clean_waste(ctx: Ctx, f: Frame, e: Effect) -> bool:
    ctx.w["waste"] = max(0, ctx.w["waste"] - int(e.args[0]))
    return DONE


def _add_at_each(ctx: Ctx, f: Frame, e: Effect, add: Callable[[Ctx, str, int], object]) -> bool:
    """`add` the effect's count (its second argument) at each location its first names."""
    for loc in locations(ctx, f, e.args[0], lambda _: True) or []:
        add(ctx, loc, int(e.args[1]))
    return DONE


def r_add_zombies(ctx: Ctx, f: Frame, e: Effect) -> bool:
    places = locations(ctx, f, e.args[0], lambda _: True) or []
    bodies.add_zombies_at(ctx, [(loc, int(e.args[1])) for loc in places])
    return DONE


def r_kill_zombies(ctx: Ctx, f: Frame, e: Effect) -> bool:
    found = locations(ctx, f, e.args[0], lambda loc: sum(ctx.w["locations"][loc]["zombies"]) > 0)
    if found is None:
        return BLOCK
    killed = 0
    for loc in found:
        for _ in range(int(e.args[1])):
            if bodies.kill_zombie_at(ctx.w, loc):
                killed += 1
    if killed:
        ctx.say(f"{killed} zombie{'s' if killed > 1 else ''} killed.", "attacked")
        if f["surv"] in ctx.w["survivors"]:
            g = grp(ctx.w, f["group"])
            g["kills"] += killed
            if not g["exiled"]:
                ctx.w["colony_kills"] += killed
            if len(e.args) < 3:
                bodies.exposure(ctx, f["surv"])
    return DONE


def r_attract(ctx: Ctx, f: Frame, e: Effect) -> bool:
    if f["surv"] in ctx.w["survivors"]:
        ctx.push("attract", survivor=f["surv"], left=int(e.args[0]))
    return DONE


def r_barricade(ctx: Ctx, f: Frame, e: Effect) -> bool:
    return _add_at_each(ctx, f, e, bodies.place_barricades)


def r_unbarricade(ctx: Ctx, f: Frame, e: Effect) -> bool:
    found = locations(ctx, f, e.args[0], lambda loc: sum(ctx.w["locations"][loc]["barricades"]) > 0)
    for loc in found or []:
        bs = ctx.w["locations"][loc]["barricades"]
        for _ in range(int(e.args[1])):
            i = max(range(len(bs)), key=lambda k: (bs[k], -k))
            if bs[i]:
                bs[i] -= 1
    return DONE if found is not None else BLOCK


def r_noise(ctx: Ctx, f: Frame, e: Effect) -> bool:
    for loc in locations(ctx, f, e.args[0], lambda x: x != "colony") or []:
        if loc != "colony":
            d = ctx.w["locations"][loc]
            d["noise"] = min(NOISE_CAP, d["noise"] + int(e.args[1]))
    return DONE


def r_clear_noise(ctx: Ctx, f: Frame, e: Effect) -> bool:
    found = locations(ctx, f, e.args[0], lambda loc: ctx.w["locations"][loc]["noise"] > 0)
    if found is None:
        return BLOCK
    for loc in found:
        ctx.w["locations"][loc]["noise"] = 0
    return DONE


def r_draw_item(ctx: Ctx, f: Frame, e: Effect) -> bool:
    w = ctx.w
    g = grp(w, f["group"])
    for loc in locations(ctx, f, e.args[0], lambda _: True) or []:
        deck = w["locations"][loc]["deck"]
        cards = deck[: int(e.args[1])]
        del deck[: len(cards)]
        g["hand"].extend(cards)
        if cards:
            names = ", ".join(ITEMS[c].name for c in cards)
            ctx.say(f"You draw {names}.", "card_received", frozenset({g["seat"]}))
            ctx.say(f"{group_named(ctx.w, g['group'])} draws {plural(len(cards), 'card')}.", "info")
    return DONE


def r_discard(ctx: Ctx, f: Frame, e: Effect) -> bool:
    w = ctx.w
    if "queue" not in f["unit"]:
        who = {
            "active": [f["group"]],
            "first": [w["first_player"]],
            "each": [g["group"] for g in w["groups"] if not g["eliminated"]],
        }.get(e.args[0])
        if who is None:  # chosen_player
            seat = player(ctx, f)
            if seat is None:
                return BLOCK if ctx.w["pending"] else DONE
            who = core.groups_of(w, seat)[:1]
        f["unit"]["queue"] = [[g, int(e.args[1])] for g in who]
    queue = f["unit"]["queue"]
    while queue:
        g, left = queue[0]
        hand = grp(w, g)["hand"]
        if left <= 0 or not hand:
            queue.pop(0)
            continue
        f["chooser"] = g
        answer = need(ctx, f, sorted(set(hand)), "Choose a card to discard", private=True)
        if answer is None:
            return BLOCK
        f.pop("chooser", None)
        hand.remove(answer)
        bodies.to_waste(w, grp(w, g), [answer])
        queue[0][1] -= 1
        ctx.say(f"{group_named(ctx.w, g)} discards {ITEMS[answer].name}.", "played")
    f.pop("chooser", None)
    return DONE


def r_pay_card(ctx: Ctx, f: Frame, e: Effect) -> bool:
    g = grp(ctx.w, f["group"])
    left = f["unit"].setdefault("left", int(e.args[1]))
    while left > 0:
        options = sorted({c for c in g["hand"] if e.args[0] in ("any", ITEMS[c].symbol)})
        if not options:
            break
        answer = need(ctx, f, options, f"Choose a {e.args[0]} card to pay", private=True)
        if answer is None:
            return BLOCK
        g["hand"].remove(answer)
        bodies.to_waste(ctx.w, g, [answer])
        ctx.say(f"{group_named(ctx.w, g['group'])} pays {ITEMS[answer].name}.", "played")
        left = f["unit"]["left"] = left - 1
    return DONE


def r_pay_food(ctx: Ctx, f: Frame, e: Effect) -> bool:
    ctx.w["food"] = max(0, ctx.w["food"] - int(e.args[0]))
    return DONE


def r_extra_die(ctx: Ctx, f: Frame, e: Effect) -> bool:
    w = ctx.w
    if w["phase"] == "turn" and w["active"] == f["group"]:
        g = grp(w, f["group"])
        g["dice"].extend(ctx.rng.randint(1, 6) for _ in range(int(e.args[0])))
        g["dice"].sort(reverse=True)
    return DONE


def _die_step(ctx: Ctx, f: Frame, e: Effect, what: str) -> bool:
    g = grp(ctx.w, f["group"])
    left = f["unit"].setdefault("left", int(e.args[0]))
    while left > 0 and g["dice"]:
        options = [f"die:{d}" for d in sorted(set(g["dice"]), reverse=True)]
        if what == "reroll":
            options.append("stop")
        answer = need(ctx, f, options, f"Choose a die to {what}")
        if answer is None:
            return BLOCK
        if answer == "stop":
            break
        g["dice"].remove(int(answer[4:]))
        if what == "reroll":
            g["dice"].append(ctx.rng.randint(1, 6))
            g["dice"].sort(reverse=True)
        left = f["unit"]["left"] = left - 1
    return DONE


def r_lose_die(ctx: Ctx, f: Frame, e: Effect) -> bool:
    return _die_step(ctx, f, e, "lose")


def r_reroll(ctx: Ctx, f: Frame, e: Effect) -> bool:
    return _die_step(ctx, f, e, "reroll")


def r_die_plus(ctx: Ctx, f: Frame, e: Effect) -> bool:
    g = grp(ctx.w, f["group"])
    if "D" not in f["bind"]:
        low = sorted({d for d in g["dice"] if d < 6}, reverse=True)
        if not low:
            return DONE
        answer = need(ctx, f, [f"die:{d}" for d in low], "Choose a die to raise")
        if answer is None:
            return BLOCK
        f["bind"]["D"] = answer
    die = int(f["bind"]["D"][4:])
    if die in g["dice"]:
        g["dice"].remove(die)
        g["dice"].append(min(6, die + int(e.args[0])))
        g["dice"].sort(reverse=True)
    return DONE


def r_peek(ctx: Ctx, f: Frame, e: Effect) -> bool:
    seat = player(ctx, f)
    if seat is None:
        return BLOCK if ctx.w["pending"] else DONE
    w = ctx.w
    me = core.seat_of(w, f["group"])
    values: list[str] = []
    for g in core.groups_of(w, seat):
        values += grp(w, g)["hand"] if e.op == "peek_hand" else grp(w, g)["objectives"]
    kind = "hand" if e.op == "peek_hand" else "objective"
    peek = {"seat": me, "round": w["round_number"], "target_seat": seat, "kind": kind}
    w["peeks"].append({**peek, "values": values})
    ctx.say(f"You look at {seat_ref(seat)}'s {kind}.", "peek_result", frozenset({me}))
    return DONE


def r_none(ctx: Ctx, f: Frame, e: Effect) -> bool:
    return DONE


RESOLVERS: dict[str, Resolver] = {
    "morale": r_morale,
    "gain_food": r_gain_food,
    "lose_food": r_lose_food,
    "pay_food": r_pay_food,
    "waste": r_waste,
    "clean_waste": r_clean_waste,
    "add_zombies": r_add_zombies,
    "kill_zombies": r_kill_zombies,
    "attract": r_attract,
    "barricade": r_barricade,
    "unbarricade": r_unbarricade,
    "noise": r_noise,
    "clear_noise": r_clear_noise,
    "wound": wound_tokens("wounds"),
    "frostbite": wound_tokens("frostbite"),
    "heal": r_heal,
    "kill": r_kill,
    "exposure": r_exposure,
    "move": r_move,
    "add_survivor": r_add_survivor,
    "add_helpless": r_add_helpless,
    "lose_helpless": r_lose_helpless,
    "kill_helpless": r_lose_helpless,
    "draw_item": r_draw_item,
    "discard": r_discard,
    "pay_card": r_pay_card,
    "extra_die": r_extra_die,
    "lose_die": r_lose_die,
    "reroll": r_reroll,
    "die_plus": r_die_plus,
    "peek_hand": r_peek,
    "peek_objective": r_peek,
    "safe_move": r_none,
    "none": r_none,
}


# --- costs and conditions ---------------------------------------------------------------------
def payable(w: dict[str, Any], group: int, effects: Sequence[Effect]) -> bool:
    """§13.9 rule 2: every cost in the list can be paid."""
    g = grp(w, group)
    for e in effects:
        if e.op == "pay_food" and (g["exiled"] or w["food"] < int(e.args[0])):
            return False
        if e.op == "pay_card":
            have = [c for c in g["hand"] if e.args[0] in ("any", ITEMS[c].symbol)]
            if len(have) < int(e.args[1]):
                return False
    return True


_FIRST: dict[int, tuple[tuple[Effect, ...], str | None]] = {}


def first_choice(effects: Sequence[Effect]) -> str | None:
    """The kind of the single player-chosen target an action names (DW-15): S, L, X or D.

    Kept per effects tuple (the cards' own tuples, asked again and again by the legal lists)."""
    if not isinstance(effects, tuple):
        return _first_choice(effects)
    hit = _FIRST.get(id(effects))
    if hit is not None and hit[0] is effects:
        return hit[1]
    kind = _first_choice(effects)
    if len(_FIRST) >= 1024:
        _FIRST.clear()
    _FIRST[id(effects)] = (effects, kind)
    return kind


def _first_choice(effects: Sequence[Effect]) -> str | None:
    for e in effects:
        spec = core_spec(e.op)
        for kind, arg in zip(spec, e.args, strict=False):
            kind = kind.lstrip("?")
            if kind == "S" and arg in CHOOSING:
                return f"S:{arg}"
            if kind == "L" and arg == "any":
                return "L:any"
            if kind == "X" and arg == "chosen_player":
                return "X:chosen_player"
        if e.op == "die_plus":
            return "D"
    return None


def core_spec(op: str) -> tuple[str, ...]:
    from rules.dead_of_winter.content import EFFECTS

    return EFFECTS[op]

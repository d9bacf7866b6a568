"""The round (§4): crisis reveal and dice, turn start and end, twist cards, the colony phase.

Each piece is a task the driver (`rules_flow.py`) runs; a task returns True to run again (it is
waiting for an answer, or has more to do), False when it is finished.
"""

from __future__ import annotations

import math
from typing import Any

from rules.core import seat_ref
from rules.dead_of_winter import effects
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter import rules_modules as M
from rules.dead_of_winter.content import (
    CRISES,
    ITEMS,
    MAINS,
    SURVIVORS,
    TOWN,
    TWISTS,
    effects_of,
    loc_key,
    trigger_of,
)
from rules.dead_of_winter.rules_conditions import holds, met
from rules.dead_of_winter.rules_core import Ctx, grp
from rules.dead_of_winter.words import effects_text, group_named
from rules.game_info import listed

Data = dict[str, Any]


def t_round_start(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    w["crisis"] = None
    if w["crisis_deck"]:
        cid = w["crisis_deck"].pop(0)
        w["crisis"] = {"id": cid, "contributions": []}
        c = CRISES[cid]
        ctx.say(
            f"Round {w['round_number']}. Crisis: {c.name} (prevent with {c.prevent}).",
            "crisis_revealed",
            heading=True,
        )
    else:
        ctx.say(
            f"Round {w['round_number']}. No crisis this round.", "crisis_revealed", heading=True
        )
    for g in w["groups"]:
        if g["eliminated"]:
            continue
        n = 1 + len(g["survivors"]) + sum(core.mod_sum(w, s, "extra_dice") for s in g["survivors"])
        g["dice"] = sorted((ctx.rng.randint(1, 6) for _ in range(n)), reverse=True)
        g["dice_used"] = 0
        ctx.say(
            f"{group_named(w, g['group'])} rolls {', '.join(map(str, g['dice']))}.", "dice_rolled"
        )
    w["order"] = [g for g in core.order_from_first(w) if not grp(w, g)["eliminated"]]
    w["turns_taken"] = 0
    if core.module_on(w, "bandits"):
        ctx.push("bandits")
    ctx.push("turn_start", group=w["order"][0])
    return False


def right_hand(w: Data, group: int) -> int | str | None:
    """DW-4: the previous seat in turn order, skipping the eliminated; the bot in solo."""
    if w["solo"]:
        return "bot"
    n = len(w["groups"])
    for i in range(1, n):
        g = grp(w, (group - i) % n)
        if not g["eliminated"] and g["seat"] != grp(w, group)["seat"]:
            return int(g["seat"])
    return "bot"


def t_turn_start(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    group = d["group"]
    w["active"] = group
    w["tev"] = []
    w["twist"] = {"holder": None, "for_group": group, "card": None, "fired": None, "chosen": None}
    ctx.say(f"{group_named(w, group)}'s turn.", "turn", heading=True)
    if w["twist_deck"]:
        holder = right_hand(w, group)
        card = w["twist_deck"].pop(0)
        w["twist"].update(holder=holder, card=card)
        who = "The bot" if holder == "bot" else seat_ref(int(holder or 0))
        ctx.say(f"{who} holds a twist card for this turn.", "twist_held")
        if holder != "bot":
            ctx.say(
                f"You hold the twist card {TWISTS[card].name}.",
                "twist_drawn",
                frozenset({int(holder or 0)}),
            )
    for sid in list(grp(w, group)["survivors"]):  # DW-22: one wound per frostbitten survivor
        if sid in w["survivors"] and core.sv(w, sid)["frostbite"] > 0:
            bodies.wound(ctx, sid, 1)
    ctx.push("twist_check")
    return False


def _event_matches(w: Data, trigger: Any, ev: Data) -> bool:
    if ev["ev"] != trigger.op:
        return False
    if not trigger.args:
        return True
    arg = trigger.args[0]
    if trigger.op == "on_exposure":
        return bool(ev["face"] == arg)
    if trigger.op == "on_play":
        return bool(ev["sym"] == arg or arg == "any")
    loc = ev["loc"]
    if arg == "any":
        return True
    if arg == "away":
        return bool(loc != "colony")
    return bool(loc == loc_key(arg))


def t_twist_check(ctx: Ctx, d: Data) -> bool:
    """DW-7: fire the held card the first time its trigger matches."""
    w = ctx.w
    tw = w["twist"]
    group = w["active"]
    if not tw["card"] or tw["fired"] or group is None:
        return False
    card = TWISTS[tw["card"]]
    event, clauses = trigger_of(card.trigger)
    surv = None
    if event is not None:
        hit = next((e for e in w["tev"] if _event_matches(w, event, e)), None)
        if hit is None:
            return False
        surv = hit.get("surv")
    if not all(holds(w, c, group) for c in clauses):
        return False
    g = grp(w, group)
    adds = any(e.op == "add_survivor" for o in card.options for e in effects_of(o.effects))
    if adds:  # DW-8, DW-41
        room = (
            any(core.has_room(w, loc) for loc in TOWN)
            if g["exiled"]
            else core.has_room(w, "colony")
        )
        if not room or not w["survivor_deck"]:
            return False
    named = next((c.arg for c in clauses if c.name == "survivor_in_play"), None)
    if named:
        surv = next(s for s in g["survivors"] if SURVIVORS[s].short == named)
    if surv is None or surv not in w["survivors"]:
        surv = g["leader"]
    tw["fired"] = card.id
    tw["card"] = None
    ctx.say(
        f"Twist card fired: {card.name}. {card.narrative} Option 1: {card.options[0].label} "
        f"({effects_text(card.options[0].effects)}). Option 2: {card.options[1].label} "
        f"({effects_text(card.options[1].effects)}).",
        "twist_fired",
    )
    if card.kind == "choice":
        ctx.push("twist_option", card=card.id, surv=surv)
    else:
        ctx.push("vote", subject="twist", card=card.id, surv=surv, ballots={})
    return False


def t_twist_option(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    card = TWISTS[d["card"]]
    answer = d.pop("answer", None)
    if answer is None:
        offered = [
            n
            for n, o in ((1, card.options[0]), (2, card.options[1]))
            if effects.payable(w, w["active"], list(effects_of(o.effects)))
        ]
        w["pending"] = [
            {
                "kind": "twist_option",
                "seats": [grp(w, w["active"])["seat"]],
                "group": w["active"],
                "data": {"card": card.id, "offered": offered},
            }
        ]
        return True
    resolve_twist(ctx, card.id, int(answer["n"]), d.get("surv"))
    return False


def resolve_twist(ctx: Ctx, card_id: str, n: int, surv: str | None) -> None:
    w = ctx.w
    card = TWISTS[card_id]
    w["twist"]["chosen"] = n
    option = card.options[n - 1]
    ctx.say(f"{card.name}: option {n}, {option.label}.", "twist_option")
    if surv not in w["survivors"]:
        surv = grp(w, w["active"])["leader"]
    ctx.push("effects", **effects.frame([option.effects], w["active"], surv, "twist"))


def t_effects(ctx: Ctx, d: Data) -> bool:
    return effects.run(ctx, d)


def pass_turn(ctx: Ctx) -> None:
    """Turn end (§4.2): dice lost, an unfired twist card returns unseen, per-turn limits reset."""
    w = ctx.w
    g = grp(w, w["active"])
    g["dice"] = []
    g["asked"] = []
    g["exile_called"] = False
    if w["modules"]:
        w["ln"]["scrapped"] = False
    for s in w["survivors"].values():
        s["moved"] = False
        s["used"] = []
    tw = w["twist"]
    if tw["card"]:
        w["twist_deck"].append(tw["card"])
        ctx.say("The twist card goes back to the bottom of the deck.", "twist_returned")
    w["twist"] = {"holder": None, "for_group": None, "card": None, "fired": None, "chosen": None}
    w["turns_taken"] += 1
    rest = [x for x in w["order"][w["turns_taken"] :] if not grp(w, x)["eliminated"]]
    w["order"] = w["order"][: w["turns_taken"]] + rest
    if rest:
        ctx.push("turn_start", group=rest[0])
        return
    w["active"] = None
    w["phase"] = "colony"
    ctx.say("Colony phase.", "colony_step", heading=True)
    steps = [2, 3, 4, 5, 6, 8, 9, 10]
    if core.module_on(w, "lab"):
        steps.insert(0, 1)
    if core.module_on(w, "bandits"):
        steps.insert(steps.index(8), 7)
    for step in steps:
        ctx.push("colony", step=step)


def t_colony(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    step = d["step"]
    first = w["first_player"]
    if step == 1:
        M.containment(ctx)
    elif step == 7:
        M.scavenge(ctx)
    elif step == 2:
        M.round_improvements(ctx)
        for g in core.order_from_first(w):
            for sid in sorted(grp(w, g)["survivors"]):
                ab = SURVIVORS[sid].parsed
                if ab.form == "round" and core.where_ok(w, sid):
                    body = SURVIVORS[sid].ability.partition(": ")[2]
                    ctx.push("effects", **effects.frame([body], g, sid, "round"))
                for item in core.sv(w, sid)["equipped"]:
                    if ITEMS[item].ability.form == "round":
                        body = ITEMS[item].effect.partition(": ")[2]
                        ctx.push("effects", **effects.frame([body], g, sid, "round"))
    elif step == 3:
        need = math.ceil(core.headcount(w) / 2)
        if w["food"] >= need:
            w["food"] -= need
            ctx.say(f"The colony eats {need} food.", "colony_step")
        else:
            w["starvation"] += 1
            ctx.say(f"Not enough food ({need} needed): starvation.", "colony_step")
            core.morale(ctx, -w["starvation"])
    elif step == 4:
        if w["waste"] >= 10:
            core.morale(ctx, -(w["waste"] // 10))
    elif step == 5:
        crisis_step(ctx, first)
    elif step == 6:
        zombie_step(ctx)
    elif step == 8:
        goal = getattr(MAINS[w["main"]], w["side"]).goal
        if met(w, goal, 0):
            ctx.say("The main objective is complete!", "colony_step")
            core.end(ctx, "main_objective", main_done=True)
    elif step == 9:
        w["round_track"] -= 1
        if w["round_track"] <= 0:
            core.end(ctx, "round_track")
    elif step == 10 and core.module_on(w, "first_player_vote"):
        ctx.push("first_player")
    elif step in (10, 11):
        n = len(w["groups"])
        nxt = next(
            (first + i) % n for i in range(1, n + 1) if not grp(w, (first + i) % n)["eliminated"]
        )
        if step == 11 and M.keeps_token(w, d):
            ctx.say("The first player keeps the token.", "colony_step")
        else:
            w["first_player"] = nxt
        w["round_number"] += 1
        w["phase"] = "turn"
        ctx.push("round_start")
    return False


def threshold(w: Data) -> int:
    """T: non-exiled players still in (groups in solo), never below 1 (DW-46)."""
    if w["solo"]:
        n = sum(1 for g in w["groups"] if not g["exiled"] and not g["eliminated"])
    else:
        n = len(core.non_exiled_seats(w))
    return max(1, n)


def crisis_step(ctx: Ctx, first: int) -> None:
    """§6.14, DW-28: reveal contributions in an rng-shuffled order, score, prevent or suffer."""
    w = ctx.w
    crisis = w["crisis"]
    if crisis is None:
        return
    c = CRISES[crisis["id"]]
    cards = [x["card"] for x in crisis["contributions"]]
    cards.sort()
    ctx.rng.shuffle(cards)
    score = sum(1 if ITEMS[x].symbol == c.prevent else -1 for x in cards)
    t = threshold(w)
    result = "prevented_bonus" if score >= t + 2 else "prevented" if score >= t else "failed"
    w["last_crisis"] = {
        "id": c.id,
        "revealed": cards,
        "score": score,
        "threshold": t,
        "result": result,
    }
    w["crisis"] = None
    words = crisis_words(c.name, [ITEMS[x].name for x in cards], score, t)
    ctx.say(words, "crisis_resolved", heading=True)
    if result == "prevented_bonus":
        core.morale(ctx, +1)
    elif result == "failed":
        ctx.push("effects", **effects.frame([c.consequence], first, None, "crisis"))


def zombie_step(ctx: Ctx) -> None:
    """§6.1 colony step 6: counts first, colony cycle, locations, noise rolls, noise cleared."""
    w = ctx.w
    counts = {"colony": math.ceil(core.headcount(w) / 2)}
    away = core.places(w)[1:]
    for loc in away:  # bandits draw zombies like survivors (§9.5)
        counts[loc] = len(core.at(w, loc)) + int(w["locations"][loc].get("bandits", 0))
    bodies.add_zombies_at(ctx, [(loc, counts[loc]) for loc in core.places(w)], heading=True)
    for loc in away:
        for _ in range(w["locations"][loc]["noise"]):
            if ctx.rng.randint(1, 6) <= 3:
                ctx.say(f"Noise draws a zombie to {core.loc_name(loc)}.", "zombies_placed")
                bodies.place_zombie(ctx, loc, 0)
    for loc in core.places(w):
        w["locations"][loc]["noise"] = 0


def crisis_words(crisis: str, cards: list[str], score: int, needed: int) -> str:
    """ "The crisis Hunters Hunted is not prevented: Bag of Bottle Caps and Kitchen Freezer Stock
    count −2 of the 3 needed." (each card of the asked symbol counts 1, any other −1)."""
    if score >= needed + 2:
        verdict = f"is prevented with {score - needed} to spare"
    else:
        verdict = "is prevented" if score >= needed else "is not prevented"
    worth = f"{score} of the {needed} needed".replace("-", "−")
    if not cards:
        return f"The crisis {crisis} {verdict}: nobody added a card ({worth})."
    if any(" and " in card for card in cards):  # "Butcher and an Old Neighbour": no "and" list
        return f"The crisis {crisis} {verdict}: the cards count {worth} ({'; '.join(cards)})."
    verb = "counts" if len(cards) == 1 else "count"
    return f"The crisis {crisis} {verdict}: {listed(cards)} {verb} {worth}."

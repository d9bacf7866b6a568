"""Decisions that wait for a seat (§5.4): searches, lures, bites, leaders, placements, votes,
exile, requests and hand-offs. Each is a task: it opens its pending decision, and when the answer
arrives (stored in the task as `answer`) it resolves and finishes or asks again.
"""

from __future__ import annotations

from typing import Any

from rules.core import plural, seat_ref
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.actions import action_model
from rules.dead_of_winter.content import ITEMS, NOISE_CAP, OBJECTIVES, TOWN
from rules.dead_of_winter.rules_core import Ctx, grp, sv
from rules.dead_of_winter.rules_legal_ln import attack_entrances
from rules.dead_of_winter.rules_modules import attack_kill
from rules.dead_of_winter.words import group_owned, searched

Data = dict[str, Any]


def ask(ctx: Ctx, kind: str, seats: list[int], group: int | None, **data: Any) -> bool:
    ctx.w["pending"] = [{"kind": kind, "seats": seats, "group": group, "data": data}]
    return True


def t_search(ctx: Ctx, d: Data) -> bool:
    """§6.3, DW-19, DW-20, DW-43: look, make noise, keep one (plus bonus keeps)."""
    w = ctx.w
    sid, loc = d["survivor"], d["loc"]
    g = grp(w, d["group"])
    deck = w["locations"][loc]["deck"]
    answer = d.pop("answer", None)
    if answer is None and not d.get("started"):
        d["started"] = True
        n = 1 + core.mod_sum(w, sid, "search_look")
        d["looked"] = deck[:n]
        del deck[:n]
        d["noise"] = 0
        d["kept"] = 0
        d["keep_max"] = 1 + core.mod_sum(w, sid, "search_keep", loc)
    elif answer is not None and answer["type"] == "noise":
        w["locations"][loc]["noise"] += 1
        d["noise"] += 1
        d["looked"].append(deck.pop(0))
        ctx.trig("on_noise", group=d["group"], loc=loc, surv=sid)
    elif answer is not None and answer["type"] == "keep":
        d["looked"].remove(answer["card"])
        g["hand"].append(answer["card"])
        d["kept"] += 1
        ctx.say(f"You keep {ITEMS[answer['card']].name}.", "card_kept", frozenset({g["seat"]}))
    done = answer is not None and answer["type"] == "stop"
    if done or d["kept"] >= d["keep_max"] or not d["looked"]:
        looked = d["kept"] + len(d["looked"])
        deck.extend(d["looked"])
        where = core.loc_name(loc)
        ctx.say(searched(core.name(sid), where, looked, d["kept"], d["noise"]), "searched")
        ctx.trig("on_search", group=d["group"], loc=loc, surv=sid)
        if loc == "lab":
            from rules.dead_of_winter.rules_modules import lab_search_exposure

            lab_search_exposure(ctx, sid, loc)
        return False
    can_noise = w["locations"][loc]["noise"] < NOISE_CAP and bool(deck) and d["kept"] == 0
    return ask(
        ctx, "search", [g["seat"]], d["group"], survivor=sid, location=loc, can_noise=can_noise
    )


def attract_sources(w: Data, sid: str) -> list[tuple[str, int | None]]:
    here = sv(w, sid)["location"]
    out: list[tuple[str, int | None]] = []
    for loc in core.places(w):
        if loc == here:
            continue
        zs = w["locations"][loc]["zombies"]
        if loc == "colony":
            out += [("colony", e + 1) for e in range(6) if zs[e] > 0]
        elif zs[0] > 0:
            out.append((loc, None))
    return out


def t_attract(ctx: Ctx, d: Data) -> bool:
    """DW-13: lure up to n normal zombies, one source at a time; at the colony each lured zombie
    goes into the entrance the player names, a full one included (it breaks a barricade or
    overruns, §6.1)."""
    w = ctx.w
    sid = d["survivor"]
    if sid not in w["survivors"]:
        return False
    answer = d.pop("answer", None)
    here = sv(w, sid)["location"]
    g = sv(w, sid)["group"]
    if answer is not None:
        if answer["type"] == "stop":
            return False
        if answer["type"] == "attract_from":
            d["source"] = [answer["location"], answer.get("entrance")]
        if here == "colony" and answer["type"] != "lure_to":
            src, e = d["source"]
            return ask(
                ctx,
                "lure_entrance",
                [grp(w, g)["seat"]],
                g,
                survivor=sid,
                source=src,
                source_entrance=e,
            )
        src, e = d.pop("source")
        spot = answer["entrance"] - 1 if here == "colony" else 0
        bodies.kill_zombie_at(w, src, (e - 1) if e else 0)
        into = f" into colony entrance {spot + 1}" if here == "colony" else ""
        ctx.say(f"{core.name(sid)} lures a zombie from {core.loc_name(src)}{into}.", "attracted")
        bodies.place_zombie(ctx, here, spot)
        d["left"] -= 1
    if d["left"] <= 0 or sid not in w["survivors"] or not attract_sources(w, sid):
        return False
    return ask(ctx, "attract", [grp(w, g)["seat"]], g, survivor=sid)


def t_attack(ctx: Ctx, d: Data) -> bool:
    """§5.2, §6.7: an attack kills one zombie where it is aimed (experiment zombies first, §9.7),
    and with `attack_kills n` up to n − 1 more; at the colony the player picks the entrance of
    each extra kill whenever two or more hold a zombie it may kill (DW-56). Then the kills are
    counted and the attacker rolls exposure unless `attack_safe`."""
    w = ctx.w
    sid, loc, gid = d["survivor"], d["loc"], d["group"]
    answer = d.pop("answer", None)
    if answer is not None:
        if attack_kill(w, loc, answer["entrance"] - 1):
            d["killed"] += 1
            d["at"].append(answer["entrance"])
        d["left"] -= 1
    elif not d.get("started"):
        d["started"] = True
        named = d["entrance"]
        if attack_kill(w, loc, (named - 1) if named else (None if loc == "colony" else 0)):
            d["killed"] += 1
            d["at"].append(named)
        d["left"] -= 1
    while d["left"] > 0:
        spots = attack_entrances(w, loc)
        if not spots:
            break
        if len(spots) > 1:
            return ask(ctx, "extra_kill", [grp(w, gid)["seat"]], gid, survivor=sid, left=d["left"])
        if attack_kill(w, loc, spots[0]):
            d["killed"] += 1
            d["at"].append(spots[0] + 1 if loc == "colony" else None)
        d["left"] -= 1
    killed = d["killed"]
    g = grp(w, gid)
    g["kills"] += killed
    if not g["exiled"]:
        w["colony_kills"] += killed
    if loc == "colony" and d["at"]:
        numbers = sorted(set(d["at"]))
        where = f"colony entrance{'s' if len(numbers) > 1 else ''} " + ", ".join(
            str(n) for n in numbers
        )
    else:
        where = f"colony entrance {d['entrance']}" if d["entrance"] else core.loc_name(loc)
    ctx.say(f"{core.name(sid)} kills {plural(killed, 'zombie')} at {where}.", "attacked")
    ctx.trig("on_attack", group=gid, loc=loc, surv=sid)
    if killed and not core.has_mod(w, sid, "attack_safe"):
        bodies.exposure(ctx, sid)
    return False


def t_spread(ctx: Ctx, d: Data) -> bool:
    """§6.6, DW-23: the bite passes on only while rolled bites keep coming."""
    w = ctx.w
    cands = bodies.spread_candidates(w, d["loc"], d["tested"])
    if not cands:
        return False
    sid = cands[0]
    answer = d.pop("answer", None)
    if answer is None:
        g = sv(w, sid)["group"]
        return ask(ctx, "bite", [grp(w, g)["seat"]], g, survivor=sid, location=d["loc"])
    d["tested"].append(sid)
    ctx.say(f"The bite spreads to {core.name(sid)}.", "bite_spread")
    if not answer["roll"]:
        bodies.kill(ctx, sid, "let die")
        return False
    face = bodies.face(ctx.rng.randint(1, 12))
    ctx.say(f"{core.name(sid)} rolls exposure: {face}.", "exposure")
    if face == "bite":
        bodies.kill(ctx, sid, "bite")
        return True
    if face != "blank":
        bodies.wound(ctx, sid, 1, "wounds" if face == "wound" else "frostbite")
    return False


def t_new_leader(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    g = grp(w, d["group"])
    if g["leader"] in w["survivors"] or not g["survivors"]:
        return False
    answer = d.pop("answer", None)
    if answer is not None or len(g["survivors"]) == 1:
        g["leader"] = answer["survivor"] if answer else g["survivors"][0]
        ctx.say(f"{core.name(g['leader'])} now leads {group_owned(ctx.w, g['group'])}.", "info")
        return False
    return ask(ctx, "new_leader", [g["seat"]], g["group"])


def place_options(w: Data) -> list[str]:
    room = [loc for loc in TOWN if core.has_room(w, loc)]
    return room or list(TOWN)


def t_place(ctx: Ctx, d: Data) -> bool:
    """DW-30, DW-45: a survivor that must stand away from the colony goes where its player says;
    an exile's move rolls exposure unless made safe."""
    w = ctx.w
    g = grp(w, d["group"])
    sid = d["survivor"]
    answer = d.pop("answer", None)
    if answer is None:
        if d["why"] == "exile" and sid not in w["survivors"]:
            return False
        if (
            d["why"] != "exile"
            and not d.get("replacement")
            and not any(core.has_room(w, loc) for loc in TOWN)
        ):
            w["survivor_deck"].append(sid)
            return False
        return ask(ctx, "place", [g["seat"]], g["group"], survivor=sid, why=d["why"])
    loc = answer["location"]
    if d["why"] == "exile":
        sv(w, sid)["location"] = loc
        ctx.say(f"{core.name(sid)} leaves the colony for {core.loc_name(loc)}.", "moved")
        fuel = answer.get("fuel_card")
        if fuel:
            g["hand"].remove(fuel)
        elif not core.has_mod(w, sid, "move_safe"):
            bodies.exposure(ctx, sid)
    else:
        bodies.join(w, g["group"], sid, loc)
        ctx.say(
            f"{core.name(sid)} joins {group_owned(w, g['group'])} at {core.loc_name(loc)}.", "info"
        )
        if not g["leader"]:
            g["leader"] = sid
        ctx.trig("on_survivor_added", group=g["group"], surv=sid)
    return False


def t_vote(ctx: Ctx, d: Data) -> bool:
    """§6.15, DW-29, DW-47: secret ballots; all revealed together with the result."""
    w = ctx.w
    if "eligible" not in d:
        d["eligible"] = core.non_exiled_seats(w)
    answer = d.pop("answer", None)
    if answer is not None:
        d["ballots"][str(answer["seat"])] = "yes" if answer["yes"] else "no"
        ctx.say(f"{seat_ref(answer['seat'])} has voted.", "vote_cast")
    waiting = [s for s in d["eligible"] if str(s) not in d["ballots"]]
    if waiting:
        return ask(
            ctx,
            "vote",
            waiting,
            None,
            subject=d["subject"],
            target=d.get("target"),
            eligible=d["eligible"],
            cast=[s for s in d["eligible"] if str(s) in d["ballots"]],
        )
    yes = sum(1 for v in d["ballots"].values() if v == "yes")
    no = len(d["ballots"]) - yes
    result = yes > no
    if yes == no and yes:
        result = d["ballots"][str(tie_breaker(w, d["eligible"]))] == "yes"
    votes = {int(k): v for k, v in d["ballots"].items()}
    w["last_vote"] = {
        "subject": d["subject"],
        "target": d.get("target"),
        "votes": votes,
        "result": "yes" if result else "no",
    }
    shown = ", ".join(f"{seat_ref(s)} {v}" for s, v in sorted(votes.items())) or "no voters"
    ctx.say(f"Vote revealed: {shown}. Result: {'yes' if result else 'no'}.", "vote_revealed")
    if d["subject"] == "exile":
        if result:
            exile(ctx, d["target"])
    elif d["subject"] == "twist":
        from rules.dead_of_winter.rules_round import resolve_twist

        resolve_twist(ctx, d["card"], 1 if result else 2, d.get("surv"))
    return False


def tie_breaker(w: Data, eligible: list[int]) -> int:
    """DW-16: the first player, or the next non-exiled player in turn order."""
    for g in core.order_from_first(w):
        if grp(w, g)["seat"] in eligible:
            return int(grp(w, g)["seat"])
    return eligible[0]


def exile(ctx: Ctx, seat: int) -> None:
    """§6.16, DW-30, DW-31: reveal the objective, swap it unless betrayer, leave the colony."""
    w = ctx.w
    for gid in core.groups_of(w, seat):
        g = grp(w, gid)
        g["exiled"] = True
        g["revealed"] = list(g["objectives"])
        betrayer = any(OBJECTIVES[o].kind == "betrayal" for o in g["objectives"])
        g["was_betrayer"] = betrayer
        names = ", ".join(OBJECTIVES[o].name for o in g["objectives"])
        ctx.say(f"{seat_ref(seat)} is exiled. Their objective was {names}.", "exiled")
        if not betrayer:
            if w["exiled_deck"]:
                new = w["exiled_deck"].pop(0)
                g["objectives"] = [new]
                ctx.say(
                    f"Your exiled objective: {OBJECTIVES[new].name}.",
                    "objective_dealt",
                    frozenset({seat}),
                )
            w["exiled_non_betrayers"] += 1
            if w["exiled_non_betrayers"] >= 2:
                w["morale"] = 0
                core.end(ctx, "exile")
        for sid in sorted(s for s in g["survivors"] if sv(w, s)["location"] == "colony"):
            ctx.push("place", group=gid, survivor=sid, why="exile")


def t_request(ctx: Ctx, d: Data) -> bool:
    """§6.17, DW-32, DW-49: the asked player gives a card or refuses."""
    w = ctx.w
    answer = d.pop("answer", None)
    if answer is None:
        return ask(ctx, "request", [d["target"]], None, asker=d["group"], symbol=d.get("symbol"))
    if answer.get("card") is None:
        ctx.say(f"{seat_ref(d['target'])} refuses.", "request_answered")
        return False
    card = answer["card"]
    giver = core.groups_of(w, d["target"])[0]
    grp(w, giver)["hand"].remove(card)
    grp(w, d["group"])["hand"].append(card)
    ctx.say(f"{seat_ref(d['target'])} gives a card.", "request_answered")
    ctx.push("given_card", card=card, giver=giver, group=d["group"])
    return False


def t_given_card(ctx: Ctx, d: Data) -> bool:
    """The card received must be played at once; with no legal play it goes back (DW-32)."""
    w = ctx.w
    g = grp(w, d["group"])
    answer = d.pop("answer", None)
    if answer is not None:
        answer.pop("seat", None)
        core.LATE.act(ctx, g["seat"], action_model.validate_python(answer))
        return False
    if not core.LATE.plays_of(w, d["group"], d["card"]):
        g["hand"].remove(d["card"])
        grp(w, d["giver"])["hand"].append(d["card"])
        ctx.say("The card could not be used and went back.", "request_answered")
        return False
    ctx.say(
        f"You received {ITEMS[d['card']].name}; play it now.",
        "card_received",
        frozenset({g["seat"]}),
    )
    return ask(ctx, "given_card", [g["seat"]], d["group"], card=d["card"])


def t_hand_off(ctx: Ctx, d: Data) -> bool:
    w = ctx.w
    to = d["to"]
    if to not in w["survivors"] or d["source"] not in w["survivors"]:
        return False
    answer = d.pop("answer", None)
    if answer is None:
        g = sv(w, to)["group"]
        return ask(
            ctx, "hand_off", [grp(w, g)["seat"]], g, card=d["card"], source=d["source"], to=to
        )
    if answer["yes"]:
        move_item(ctx, d["card"], d["source"], to)
    else:
        ctx.say("The hand-off is declined.", "handed_off")
    return False


def move_item(ctx: Ctx, card: str, source: str, to: str) -> None:
    sv(ctx.w, source)["equipped"].remove(card)
    sv(ctx.w, to)["equipped"].append(card)
    ctx.say(f"{ITEMS[card].name} passes from {core.name(source)} to {core.name(to)}.", "handed_off")

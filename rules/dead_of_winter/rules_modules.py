"""The Long Night modules' rules (§9): their actions, the bandits' arrival, the colony steps they
add, improvements being built, and the first-player vote.

Each module is an option (`State.modules`); everything here runs only when its module is on, so a
base game never reaches it. Legal-move lists and refusals for these moves are in
`rules_legal_ln.py`, their words in `text.py`.
"""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter import actions as A
from rules.dead_of_winter import effects
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    CRISES,
    EXPERIMENTS,
    HIDEOUT,
    IMPROVEMENTS,
    ITEMS,
    LOCATIONS,
    TOWN,
    parse_bandits,
)
from rules.dead_of_winter.effects_ln import advance_one, place_traps
from rules.dead_of_winter.rules_core import Ctx, grp, spend, sv
from rules.dead_of_winter.words import group_named

Data = dict[str, Any]


# --- actions ----------------------------------------------------------------------------------
def act(ctx: Ctx, gid: int, a: A.Action) -> bool:
    """Resolve a module action; False when `a` is not one (the base turn handles it)."""
    w = ctx.w
    g = grp(w, gid)
    if isinstance(a, A.Attack) and a.bandit:
        attack_bandit(ctx, gid, a)
    elif isinstance(a, A.Contain):
        spend(ctx, gid, a.die)
        w["ln"]["code_dice"].append(a.die)
        ctx.say(f"{core.name(a.survivor)} places a {a.die} on the experiment's code.", "played")
    elif isinstance(a, A.Work):
        spend(ctx, gid, a.die)
        ctx.say(f"{core.name(a.survivor)} works on {IMPROVEMENTS[a.improvement].name}.", "played")
        advance_one(ctx, a.improvement)
    elif isinstance(a, A.Scrap):
        g["hand"].remove(a.card)
        bodies.to_waste(w, g, [a.card])
        w["ln"]["scrapped"] = True
        ctx.say(
            f"{group_named(ctx.w, gid)} scraps {ITEMS[a.card].name} for "
            f"{IMPROVEMENTS[a.improvement].name}.",
            "played",
        )
        advance_one(ctx, a.improvement)
    elif isinstance(a, A.Raid):
        raid(ctx, gid, a)
    elif isinstance(a, A.Bribe):
        g["hand"].remove(a.card)
        bodies.to_waste(w, g, [a.card])
        w["locations"][a.location]["bandits"] -= 1
        w["ln"]["bandit_supply"] += 1
        ctx.say(
            f"{group_named(w, gid)} bribes a bandit at {core.loc_name(a.location)} to leave "
            f"with {ITEMS[a.card].name}.",
            "played",
        )
    elif isinstance(a, A.RigTrap):
        spend(ctx, gid, a.die)
        g["hand"].remove(a.fuel_card)
        bodies.to_waste(w, g, [a.fuel_card])
        loc = sv(w, a.survivor)["location"]
        place_traps(ctx, loc, 1, (a.entrance - 1) if a.entrance else 0)
        where = f"colony entrance {a.entrance}" if a.entrance else core.loc_name(loc)
        ctx.say(f"{core.name(a.survivor)} rigs a trap at {where}.", "barricaded")
    else:
        return False
    return True


def attack_bandit(ctx: Ctx, gid: int, a: A.Attack) -> None:
    """§9.5: the bandit goes; a d6 of 1–2 wounds the attacker. No exposure, not a zombie kill."""
    w = ctx.w
    spend(ctx, gid, a.die)
    loc = sv(w, a.survivor)["location"]
    w["locations"][loc]["bandits"] -= 1
    w["ln"]["bandit_supply"] += 1
    roll = ctx.rng.randint(1, 6)
    ctx.say(
        f"{core.name(a.survivor)} drives a bandit off {core.loc_name(loc)} ({roll}).", "attacked"
    )
    ctx.trig("on_attack", group=gid, loc=loc, surv=a.survivor)
    if roll <= 2:
        bodies.wound(ctx, a.survivor, 1)


def raid(ctx: Ctx, gid: int, a: A.Raid) -> None:
    """§9.5: a d6 on the Hideout table, +1 for an attack raid (7 counts as 6)."""
    spend(ctx, gid, a.die)
    roll = min(6, ctx.rng.randint(1, 6) + (1 if a.how == "attack" else 0))
    row = HIDEOUT[roll]
    ctx.say(f"{core.name(a.survivor)} raids the Hideout: {roll}, {row.name}.", "searched")
    ctx.push("effects", **effects.frame([row.effect], gid, a.survivor, "raid"))


def attack_kill(w: Data, loc: str, e: int | None) -> bool:
    """One kill of an attack: experiment zombies first (§9.7; at the colony before any normal
    zombie at any entrance), else a normal zombie as before."""
    d = w["locations"][loc]
    exps = d.get("experiments") or []
    if sum(exps):
        if e is None or not exps[e]:
            e = max(range(len(exps)), key=lambda i: (exps[i], -i))
        exps[e] -= 1
        return True
    return bodies.kill_zombie_at(w, loc, e)


# --- improvements (§9.6) ----------------------------------------------------------------------
def round_improvements(ctx: Ctx) -> None:
    """Colony step 2: every built improvement's `round:` effects, for the first player."""
    for imp in ctx.w["ln"]["built"]:
        card = IMPROVEMENTS[imp]
        if card.ability.form == "round":
            body = card.effect.partition(": ")[2]
            ctx.push("effects", **effects.frame([body], ctx.w["first_player"], None, "improvement"))


# --- bandits (§9.5) ---------------------------------------------------------------------------
def bandit_leader(w: Data) -> int | None:
    """The group choosing where bandits go: the first exiled player who is not the betrayer."""
    for g in w["groups"]:
        if g["exiled"] and g["was_betrayer"] is False and not g["eliminated"]:
            return int(g["group"])
    return None


def arrivals(w: Data) -> list[tuple[int, str | None]]:
    crisis = w["crisis"]
    return list(parse_bandits(CRISES[crisis["id"]].bandits if crisis else "random 2"))


def t_bandits(ctx: Ctx, d: Data) -> bool:
    """Bandits arrive at round start: the crisis says how many and where (DW-36, DW-51), or the
    bandit leader places each one privately."""
    w = ctx.w
    if "queue" not in d:
        d["queue"] = [[n, loc] for n, loc in arrivals(w)]
    leader = bandit_leader(w)
    answer = d.pop("answer", None)
    if answer is not None:
        put_bandit(ctx, answer["location"])
        d["queue"][0][0] -= 1
    while d["queue"]:
        n, loc = d["queue"][0]
        if n <= 0 or w["ln"]["bandit_supply"] <= 0:
            d["queue"].pop(0)
            continue
        room = bandit_room(w)
        if not room:
            return False  # DW-36: every numbered location is full; the rest stay in the supply
        if leader is not None:
            w["pending"] = [
                {
                    "kind": "place_bandit",
                    "seats": [core.seat_of(w, leader)],
                    "group": leader,
                    "data": {"options": room, "left": sum(q[0] for q in d["queue"])},
                }
            ]
            return True
        if loc is None or not core.has_room(w, loc):  # DW-51: a full a@L goes random
            loc = random_bandit_spot(ctx)
        put_bandit(ctx, loc)
        d["queue"][0][0] -= 1
    return False


def bandit_room(w: Data) -> list[str]:
    return [loc for loc in TOWN if core.has_room(w, loc)]


def random_bandit_spot(ctx: Ctx) -> str:
    """DW-36: roll a d6 until a numbered location with room comes up (the caller made sure one
    has room)."""
    while True:
        loc = LOCATIONS[ctx.rng.randint(1, 6)]
        if core.has_room(ctx.w, loc):
            return loc


def put_bandit(ctx: Ctx, loc: str) -> None:
    ctx.w["locations"][loc]["bandits"] += 1
    ctx.w["ln"]["bandit_supply"] -= 1
    ctx.say(f"A bandit arrives at {core.loc_name(loc)}.", "bandits_arrived")


def scavenge(ctx: Ctx) -> None:
    """Colony step 7: for each bandit, locations 1–6 in order, the top card goes to the stash."""
    w = ctx.w
    for loc in TOWN:
        d = w["locations"][loc]
        for _ in range(d["bandits"]):
            if d["deck"]:
                card = d["deck"].pop(0)
                w["ln"]["stash"].append(card)
                ctx.say(
                    f"Bandits scavenge {ITEMS[card].name} from {core.loc_name(loc)}.", "scavenged"
                )


# --- the Lab (§9.7) ---------------------------------------------------------------------------
def open_code(w: Data) -> list[int]:
    """The code values of the current experiment not yet covered by a placed die (DW-37)."""
    exp = w["ln"]["experiment"]
    if exp is None:
        return []
    left = list(EXPERIMENTS[exp].code)
    for die in w["ln"]["code_dice"]:
        if die in left:
            left.remove(die)
    return left


def containment(ctx: Ctx) -> None:
    """Colony step 1: contained if every code value is covered, else a breakout; next card."""
    w = ctx.w
    ln = w["ln"]
    exp = ln["experiment"]
    if exp is None:
        return
    card = EXPERIMENTS[exp]
    done = not open_code(w)
    ln["code_dice"] = []
    ln["contained" if done else "broke_out"] += 1
    ln["experiment"] = ln["experiment_deck"].pop(0) if ln["experiment_deck"] else None
    ctx.say(
        f"{card.name} is {'contained' if done else 'breaking out'}.",
        "contained" if done else "breakout",
    )
    body = card.contained if done else card.breakout
    ctx.push("effects", **effects.frame([body], w["first_player"], None, "experiment"))


def lab_search_exposure(ctx: Ctx, sid: str, loc: str) -> None:
    """§9.7: a search at the Lab ends with an exposure roll unless the searcher is search-safe."""
    if (
        loc == "lab"
        and core.module_on(ctx.w, "lab")
        and not core.has_mod(ctx.w, sid, "search_safe")
    ):
        bodies.exposure(ctx, sid)


# --- first-player vote (§9.8) -----------------------------------------------------------------
def t_first_player(ctx: Ctx, d: Data) -> bool:
    """Colony step 10 with the module: the first player passes the token or calls a vote. An
    exiled first player cannot call it: the token simply passes (DW-47)."""
    w = ctx.w
    answer = d.pop("answer", None)
    if answer is None:
        first = w["first_player"]
        if grp(w, first)["exiled"] or grp(w, first)["eliminated"]:
            why = "is out of the game" if grp(w, first)["eliminated"] else "is exiled"
            ctx.say(f"The first player {why} and cannot call a vote: the token passes.", "info")
            ctx.push("colony", step=11, passing=True)
            return False
        w["pending"] = [
            {
                "kind": "first_player",
                "seats": [core.seat_of(w, first)],
                "group": first,
                "data": {},
            }
        ]
        return True
    if answer["vote"]:
        ctx.say("The first player calls a vote to keep the token.", "vote_called")
        ctx.push("vote", subject="first_player", ballots={})
        ctx.push("colony", step=11)
    else:
        ctx.push("colony", step=11, passing=True)
    return False


def keeps_token(w: Data, d: Data) -> bool:
    if d.get("passing"):
        return False
    v = w["last_vote"]
    return bool(v and v["subject"] == "first_player" and v["result"] == "yes")

"""Legal moves and refusals of the Long Night modules (§9, §12.2): rig a trap, work, scrap,
attack a bandit, bribe, raid, contain, place a bandit, the first-player token.

`rules_legal.py` appends these to its lists in the §12.3 order (free actions, then die actions)
and asks `why_illegal` here before its own generic sentences.
"""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter import actions as A
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import ITEMS, SURVIVORS, TOWN
from rules.dead_of_winter.rules_core import grp, sv
from rules.dead_of_winter.rules_modules import open_code

W = dict[str, Any]


def on(w: W, module: str) -> bool:
    return core.module_on(w, module)


def free_actions(w: W, gid: int) -> list[A.Action]:
    """Scrap (once a turn, a Tool card, a survivor at the colony) and Bribe (a Food card)."""
    g = grp(w, gid)
    hand = sorted(set(g["hand"]))
    out: list[A.Action] = []
    ready = on(w, "improvements") and not w["ln"]["scrapped"] and w["ln"]["token_supply"] > 0
    if ready and any(sv(w, s)["location"] == "colony" for s in g["survivors"]):
        tools = [c for c in hand if ITEMS[c].symbol == "Tool"]
        out += [A.scrap(c, i) for c in tools for i in sorted(w["ln"]["display"])]
    if on(w, "bandits"):
        mine = {sv(w, s)["location"] for s in g["survivors"]}
        foods = [c for c in hand if ITEMS[c].symbol == "Food"]
        for loc in TOWN:
            if loc in mine and w["locations"][loc]["bandits"] > 0:
                out += [A.bribe(c, loc) for c in foods]
    return out


def die_actions(w: W, gid: int, sid: str) -> list[A.Action]:
    """One survivor's module die actions, highest die first within each kind."""
    g = grp(w, gid)
    card = SURVIVORS[sid]
    loc = sv(w, sid)["location"]
    d = w["locations"][loc]
    dice = sorted(set(g["dice"]), reverse=True)
    out: list[A.Action] = []
    attack_need = 1 if core.has_mod(w, sid, "attack_any_die") else card.attack
    if on(w, "bandits") and d.get("bandits"):
        out += [A.attack(sid, x, None, True) for x in dice if x >= attack_need]
    if on(w, "bandits") and loc == "hideout":
        out += [A.raid(sid, x, "search") for x in dice if x >= card.search]
        out += [A.raid(sid, x, "attack") for x in dice if x >= attack_need]
    if on(w, "lab") and loc == "lab":
        code = set(open_code(w))
        out += [A.contain(sid, x) for x in dice if x in code]
    if on(w, "improvements") and loc == "colony" and w["ln"]["token_supply"] > 0:
        for x in dice:
            if x >= card.search:
                out += [A.work(sid, x, i) for i in sorted(w["ln"]["display"])]
    if on(w, "traps"):
        fuels = sorted({c for c in g["hand"] if ITEMS[c].symbol == "Fuel"})
        entrances = range(6) if loc == "colony" else range(1)
        spots = [e for e in entrances if core.free_space(w, loc, e)]
        for x in dice:
            for e in spots:
                out += [A.rig_trap(sid, x, f, e + 1 if loc == "colony" else None) for f in fuels]
    return out


def pending_answers(w: W, p: dict[str, Any]) -> list[A.Action] | None:
    if p["kind"] == "place_bandit":
        return [A.place_bandit(loc) for loc in p["data"]["options"]]
    if p["kind"] == "first_player":
        return [A.first_player(False), A.first_player(True)]
    return None


def attack_entrances(w: W, loc: str) -> list[int]:
    """Entrances an attack may target: those with experiment zombies while any are at this
    location (§9.7, attack-first), else those with normal zombies."""
    d = w["locations"][loc]
    exps = d.get("experiments") or [0] * len(d["zombies"])
    if sum(exps):
        return [e for e in range(len(exps)) if exps[e]]
    return [e for e in range(len(d["zombies"])) if d["zombies"][e]]


def why_illegal(w: W, gid: int, a: A.Action) -> str | None:
    """One sentence for a refused module move, or None to let the generic checks speak."""
    kinds = (A.Contain, A.Work, A.Scrap, A.Raid, A.Bribe, A.RigTrap, A.PlaceBandit, A.FirstPlayer)
    needs = {
        A.Contain: "lab",
        A.Work: "improvements",
        A.Scrap: "improvements",
        A.Raid: "bandits",
        A.Bribe: "bandits",
        A.RigTrap: "traps",
        A.PlaceBandit: "bandits",
    }
    if isinstance(a, A.Attack) and a.bandit and not on(w, "bandits"):
        return "There are no bandits in this game."
    if isinstance(a, kinds):
        module = needs.get(type(a), "first_player_vote")
        if not on(w, module):
            return f"This game is played without the {module.replace('_', ' ')} module."
    if isinstance(a, A.PlaceBandit | A.FirstPlayer):
        return "That answers a decision that is not open now."
    g = grp(w, gid)
    who: str | None = getattr(a, "survivor", None)
    here = sv(w, who)["location"] if who is not None and who in w["survivors"] else None
    no_bandit = here is None or not w["locations"][here].get("bandits")
    if isinstance(a, A.Attack) and a.bandit and no_bandit:
        return "There is no bandit where that survivor stands."
    if isinstance(a, A.Contain):
        if here != "lab":
            return "Only a survivor at the Lab can work on the experiment's code."
        if a.die not in open_code(w):
            return f"A {a.die} does not match an open value of the code: it must be exact (DW-37)."
    if isinstance(a, A.Work | A.Scrap):
        if a.improvement not in w["ln"]["display"]:
            return "That improvement is not on display."
        if w["ln"]["token_supply"] <= 0:
            return "No advancement tokens are left."
    if isinstance(a, A.Work):
        if here != "colony":
            return "Work happens at the colony: that survivor is away."
        if a.die < SURVIVORS[a.survivor].search:
            return "That die is too low for this survivor (it needs their search value)."
    if isinstance(a, A.Scrap):
        if w["ln"]["scrapped"]:
            return "You have already scrapped a card this turn."
        if a.card not in g["hand"] or ITEMS[a.card].symbol != "Tool":
            return "Scrap a Tool card from your hand."
        if not any(sv(w, s)["location"] == "colony" for s in g["survivors"]):
            return "Scrapping needs one of your survivors at the colony."
    if isinstance(a, A.Raid) and here != "hideout":
        return "Only a survivor at the Hideout can raid it."
    if isinstance(a, A.Bribe):
        if a.card not in g["hand"] or ITEMS[a.card].symbol != "Food":
            return "A bribe is a Food card from your hand."
        if a.location not in TOWN or not w["locations"][a.location]["bandits"]:
            return "There is no bandit there."
        if not any(sv(w, s)["location"] == a.location for s in g["survivors"]):
            return "You need a survivor where the bandit is."
    if isinstance(a, A.RigTrap):
        if a.fuel_card not in g["hand"] or ITEMS[a.fuel_card].symbol != "Fuel":
            return "A trap costs a Fuel card from your hand."
        if here is not None:
            e = (a.entrance or 1) - 1
            if e >= len(w["locations"][here]["zombies"]) or not core.free_space(w, here, e):
                return "That entrance has no empty space for a trap."
    return None

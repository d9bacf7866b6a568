"""Who acts (`to_act`) and what they may do (`legal_actions`, §12.3), and why a move is refused.

Order: pending answers first; then free actions, then die actions; within a kind by survivor id,
card id, die value descending, location order; `pass` last. Dice of equal value appear once.

The records are built without validation and kept per value (`actions.record`), and rows that come
up move after move are kept whole, per the facts they depend on: a survivor's moves, its basic die
actions, a hand's discards and the like, the requests to a seat. They are lists shared between
calls: extend a list with them, never change them. `legal_of` skips the `to_act` check for a
caller (a playout) that knows the seat may act. A turn's own moves are `rules_legal_turn`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rules.dead_of_winter import actions as A
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter import rules_legal_ln as LN
from rules.dead_of_winter.content import ITEMS
from rules.dead_of_winter.rules_core import grp, sv
from rules.dead_of_winter.rules_legal_turn import plays_of, turn_actions
from rules.dead_of_winter.rules_pending import attract_sources, place_options
from rules.dead_of_winter.rules_setup import keep_count

W = dict[str, Any]


def to_act(w: W) -> frozenset[int]:
    if w["phase"] == "ended":
        return frozenset()
    if w["pending"]:
        return frozenset(s for p in w["pending"] for s in p["seats"])
    if w["phase"] == "draft":
        return frozenset(g["seat"] for g in w["groups"] if not g["drafted"])
    if w["active"] is not None:
        return frozenset({grp(w, w["active"])["seat"]})
    return frozenset()


def legal(w: W, seat: int) -> list[A.Action]:
    if seat not in to_act(w):
        return []
    return legal_of(w, seat)


def legal_of(w: W, seat: int) -> list[A.Action]:
    """`legal` for a seat known to be in `to_act` (a playout asks only such seats)."""
    if w["pending"]:
        return pending_answers(w, seat)
    if w["phase"] == "draft":
        return drafts(w, seat)
    return turn_actions(w, w["active"])


def drafts(w: W, seat: int) -> list[A.Action]:
    g = next(g for g in w["groups"] if g["seat"] == seat and not g["drafted"])
    out: list[A.Action] = []
    for keep in combinations(sorted(g["dealt"]), keep_count(w)):
        for leader in keep:
            out.append(A.draft(g["group"], keep, leader))
    return out


def pending_answers(w: W, seat: int) -> list[A.Action]:
    p = w["pending"][0]
    d = p["data"]
    kind = p["kind"]
    task = w["tasks"][0]["data"] if w["tasks"] else {}
    module_answers = LN.pending_answers(w, p)
    if module_answers is not None:
        return module_answers
    if kind == "choose":
        return [A.choose(v) for v in d["options"]]
    if kind == "search":
        out: list[A.Action] = [A.keep(c) for c in sorted(set(task["looked"]))]
        if d["can_noise"]:
            out.insert(0, A.noise())
        if task["kept"] >= 1:
            out.append(A.stop())
        return out
    if kind == "attract":
        out = [A.attract_from(loc, e) for loc, e in attract_sources(w, d["survivor"])]
        return [*out, A.stop()]
    if kind == "lure_entrance":  # DW-13: any entrance, full ones too
        return [A.lure_to(e) for e in range(1, 7)]
    if kind == "extra_kill":  # §6.7
        return [A.kill_at(e + 1) for e in LN.attack_entrances(w, "colony")]
    if kind == "bite":
        return [A.bite(True), A.bite(False)]
    if kind == "new_leader":
        return [A.new_leader(s) for s in sorted(grp(w, p["group"])["survivors"])]
    if kind == "place":
        g = grp(w, p["group"])
        fuels: list[str | None] = [None]
        if d["why"] == "exile" and not core.has_mod(w, d["survivor"], "move_safe"):
            fuels += sorted({c for c in g["hand"] if ITEMS[c].symbol == "Fuel"})
        return [A.place(d["survivor"], loc, f) for loc in place_options(w) for f in fuels]
    if kind == "twist_option":
        return [A.option(n) for n in d["offered"]]
    if kind == "vote":
        return [A.vote(True), A.vote(False)]
    if kind == "request":
        hand = next(grp(w, g)["hand"] for g in core.groups_of(w, seat))
        sym = d.get("symbol")
        cards = sorted({c for c in hand if sym in (None, ITEMS[c].symbol)})
        return [*(A.give(c) for c in cards), A.give(None)]
    if kind == "given_card":
        return plays_of(w, p["group"], d["card"])
    if kind == "hand_off":
        return [A.accept(True), A.accept(False)]
    return []


_ANSWERS = frozenset(
    {A.Draft, A.Vote, A.Option, A.Bite, A.Keep, A.Noise, A.Give, A.Accept, A.LureTo, A.KillAt}
)
"""Moves that only answer a decision (§5.4): refused when no such decision is open."""


def why_illegal(w: W, seat: int, a: A.Action) -> str | None:
    """One clear sentence for a refused move (issue §5)."""
    if w["phase"] == "ended":
        return "The game is over."
    vote = w["tasks"][0] if w["pending"] and w["tasks"] else None
    if isinstance(a, A.Vote) and vote is not None and vote["t"] == "vote":
        if str(seat) in vote["data"].get("ballots", {}):
            return "You have already voted."
        if seat not in vote["data"].get("eligible", []):
            return "You may not vote: exiled and eliminated players have no vote."
    if seat not in to_act(w):
        return "It is not your turn: the game is not waiting for you right now."
    if w["pending"]:
        p = w["pending"][0]
        if isinstance(a, A.Vote) and p["kind"] != "vote":
            return "There is no vote open."
        if p["kind"] == "vote" and isinstance(a, A.Vote):
            return "You have already voted."
        return f"First answer the open decision ({p['kind'].replace('_', ' ')})."
    if w["phase"] == "draft":
        return "The game is still in the draft: choose which survivors to keep first."
    if isinstance(a, A.Vote):
        return "There is no vote open."
    if type(a) in _ANSWERS:
        return "That answers a decision that is not open now."
    g = grp(w, w["active"])
    survivor = getattr(a, "survivor", None)
    if survivor is not None and survivor not in g["survivors"]:
        if survivor in w["survivors"]:
            return f"{core.name(survivor)} is not one of your survivors."
        return "That survivor is not in play."
    card = getattr(a, "card", None)
    if (
        isinstance(a, A.Play | A.Equip | A.Discard | A.Contribute | A.Commit)
        and card not in g["hand"]
    ):
        return "You do not hold that card."
    if isinstance(a, A.Move):
        s = sv(w, a.survivor)
        if a.to == s["location"]:
            return f"{core.name(a.survivor)} is already there."
        if s["moved"]:
            return f"{core.name(a.survivor)} has already moved this turn."
        if not core.has_room(w, a.to):
            return "That location is full."
        if a.to == "colony" and g["exiled"]:
            return "An exiled survivor may not enter the colony."
        if a.fuel_card and a.fuel_card not in g["hand"]:
            return "You do not hold that Fuel card."
    if isinstance(a, A.Search):
        loc = sv(w, a.survivor)["location"]
        if loc == "colony":
            return "There is nothing to search at the colony."
        if not w["locations"][loc]["deck"]:
            return "That location's deck is empty: there is nothing left to find."
    die = getattr(a, "die", None)
    if die is not None and die not in g["dice"]:
        return f"You have no unused die showing {die}."
    module_reason = LN.why_illegal(w, w["active"], a)
    if module_reason is not None:
        return module_reason
    if isinstance(a, A.Contribute):
        if g["exiled"]:
            return "Exiled players may not help with the crisis."
        if w["crisis"] is None:
            return "There is no crisis this round."
    if isinstance(a, A.CallExile):
        if w["mode"] != "standard" or w["secret_deal"] == "no_betrayer":
            return "Exile is not available in this game."
        if g["exiled"]:
            return "Exiled players may not call an exile vote."
        if g["exile_called"]:
            return "You have already called an exile vote this turn."
    if isinstance(a, A.Request):
        if w["solo"]:  # DW-49
            return (
                "There is nobody to ask in a solo game: hand items between your groups' "
                "survivors instead."
            )
        if a.target == g["seat"] or not 0 <= a.target < w["seats"]:
            return "Ask another player: that seat is not someone else at this table."
        if a.target in g["asked"]:
            return "You have already asked that player this turn."
        return "That player has no cards to give."
    if isinstance(a, A.SpendFood) and (g["exiled"] or w["food"] < 1):
        return "You cannot spend food now."
    if isinstance(a, A.Attack | A.Search):
        return "That die is too low for this survivor."
    if isinstance(a, A.Play) and a.card in g["hand"] and ITEMS[a.card].mode == "event":
        return "The colony is full or the survivor deck is empty."
    return None


core.LATE.plays_of = plays_of

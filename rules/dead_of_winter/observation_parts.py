"""Parts of an observation (§11) that `observe` adds to the table's public view: the pending
decision as everyone sees it (`pending_public`), the Long Night's pieces (`long_night_view`) and
one seat's secrets (`private`, §10.1: only for their owner)."""

from __future__ import annotations

from typing import Any

from rules.dead_of_winter.observation_models import Observation as Observation
from rules.dead_of_winter.observation_models import (
    PendingPublic,
    SearchView,
    card,
    objective,
    twist_card,
)

PROMPTS = {
    "draft": "Choose survivors to keep",
    "search": "Make noise or keep a card",
    "attract": "Pick a zombie to lure, or stop",
    "lure_entrance": "Choose the colony entrance the lured zombie goes into",
    "extra_kill": "Choose the colony entrance of the next extra kill",
    "request": "Give a card or refuse",
    "given_card": "Play the card just received",
    "hand_off": "Accept or decline an item",
    "bite": "Let the survivor die or roll exposure",
    "twist_option": "Choose option 1 or 2",
    "vote": "Vote yes or no",
    "choose": "Make a choice",
    "new_leader": "Choose a new leader",
    "place": "Choose where the survivor goes",
    "place_bandit": "Place an arriving bandit",
    "first_player": "Pass the first player token or call a vote to keep it",
}


def pending_public(w: dict[str, Any]) -> list[PendingPublic]:
    out = []
    for p in w["pending"]:
        d = p["data"]
        fields: dict[str, Any] = {}
        count: int | None = None
        kind = p["kind"]
        if kind == "search":
            t = w["tasks"][0]["data"]
            fields = {
                "survivor": d["survivor"],
                "location": d["location"],
                "looked": t["kept"] + len(t["looked"]),
                "noise_made": t["noise"],
            }
        elif kind == "vote":
            fields = {
                "subject": d["subject"],
                "target": d.get("target"),
                "eligible": d["eligible"],
                "cast": d["cast"],
            }
        elif kind == "request":
            fields = {"from": d["asker"], "to": p["seats"][0], "symbol": d.get("symbol")}
        elif kind == "bite":
            fields = {"survivor": d["survivor"], "location": d["location"]}
        elif kind == "lure_entrance":
            fields = {"survivor": d["survivor"], "source": d["source"]}
            if d.get("source_entrance"):
                fields["source_entrance"] = d["source_entrance"]
        elif kind == "extra_kill":
            fields = {"survivor": d["survivor"], "kills_left": d["left"]}
        elif kind == "twist_option":
            fields = {"card": d["card"]}
        elif kind == "choose" and not d.get("private"):
            count = len(d["options"])
        elif kind in ("place", "new_leader", "hand_off", "attract"):
            count = None
        out.append(
            PendingPublic(
                kind=kind,
                seats=p["seats"],
                prompt=PROMPTS.get(kind, kind),
                fields=fields,
                options_count=count,
            )
        )
    return out


def long_night_view(w: dict[str, Any]) -> dict[str, Any] | None:
    """The modules' public parts in the §11.1 `LongNight` shape (plus `modules`, the dice on the
    code and the open values): never a deck's order, only its size (in `deck_counts`)."""
    modules = list(w.get("modules") or ())
    if not modules:
        return None
    from rules.dead_of_winter.content import EXPERIMENTS, IMPROVEMENTS
    from rules.dead_of_winter.rules_modules import open_code

    ln = w["ln"]
    out: dict[str, Any] = {"modules": modules}
    if "bandits" in modules:
        out["hideout_stash"] = [card(x).model_dump() for x in ln["stash"]]
        out["bandit_supply"] = ln["bandit_supply"]
    if "improvements" in modules:
        out["improvements"] = {
            "display": [
                {
                    "id": i,
                    "name": IMPROVEMENTS[i].name,
                    "need": IMPROVEMENTS[i].need,
                    "tokens": ln["tokens"].get(i, 0),
                    "effect": IMPROVEMENTS[i].effect,
                }
                for i in ln["display"]
            ],
            "built": list(ln["built"]),
            "advancement_supply": ln["token_supply"],
        }
    if "lab" in modules:
        exp = ln["experiment"]
        out["experiment"] = (
            None
            if exp is None
            else {
                "id": exp,
                "name": EXPERIMENTS[exp].name,
                "code": list(EXPERIMENTS[exp].code),
                "covered": list(ln["code_dice"]),
                "open": open_code(w),
                "breakout": EXPERIMENTS[exp].breakout,
                "contained": EXPERIMENTS[exp].contained,
            }
        )
        out["experiments_contained"] = ln["contained"]
        out["experiments_broken_out"] = ln["broke_out"]
        out["experiment_supply"] = ln["experiment_supply"]
    return out


def private(w: dict[str, Any], seat: int) -> dict[str, Any]:
    mine = [g for g in w["groups"] if g["seat"] == seat]
    out: dict[str, Any] = {"seat": seat}
    out["hand"] = {g["group"]: [card(c) for c in g["hand"]] for g in mine}
    out["objective"] = {g["group"]: [objective(o) for o in g["objectives"]] for g in mine}
    out["dealt"] = {g["group"]: list(g["dealt"]) for g in mine if g["dealt"]}
    tw = w["twist"]
    if tw["card"] and tw["holder"] == seat:
        out["twist_card"] = twist_card(tw["card"])
    ids = {g["group"] for g in mine}
    if w["crisis"]:
        out["my_contributions"] = [
            card(x["card"]) for x in w["crisis"]["contributions"] if x["group"] in ids
        ]
    pend_private = []
    for p in w["pending"]:
        if seat not in p["seats"]:
            continue
        if p["kind"] == "vote":
            pass
        elif p["kind"] == "search":
            t = w["tasks"][0]["data"]
            out["search"] = SearchView(
                looked=[card(c) for c in t["looked"]],
                can_noise=p["data"]["can_noise"],
                keep=t["keep_max"] - t["kept"],
            )
        elif p["kind"] in ("given_card", "hand_off"):
            pend_private.append({"kind": p["kind"], "card": card(p["data"]["card"])})
        elif p["kind"] == "choose":
            pend_private.append(
                {
                    "kind": "choose",
                    "options": list(p["data"]["options"]),
                    "prompt": p["data"]["prompt"],
                }
            )
        elif p["kind"] == "place_bandit":  # the bandit leader's places, before the choice
            pend_private.append({"kind": "place_bandit", "options": list(p["data"]["options"])})
    if w["tasks"] and w["tasks"][0]["t"] == "vote":
        ballots = w["tasks"][0]["data"].get("ballots", {})
        out["my_vote"] = ballots.get(str(seat))
    out["peeks"] = [
        {
            "round": p["round"],
            "target_seat": p["target_seat"],
            "kind": p["kind"],
            "values": list(p["values"]),
        }
        for p in w["peeks"]
        if p["seat"] == seat
    ]
    out["pending_private"] = pend_private
    return out

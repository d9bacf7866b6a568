"""End of game (§7): per-seat results for every mode, winners and the outcome record (§7.3)."""

from __future__ import annotations

from typing import Any

from rules.core import Outcome, SeatResult
from rules.dead_of_winter.content import OBJECTIVES
from rules.dead_of_winter.rules_conditions import met


def results(w: dict[str, Any]) -> list[SeatResult]:
    out: list[SeatResult] = []
    done = bool(w["main_done"])
    for g in w["groups"]:
        seat, gid = g["seat"], g["group"]
        if w["mode"] == "coop":  # DW-50: co-op players share the colony's result
            out.append(SeatResult(seat=seat, kind="coop", met=done, group=gid, ref=w["main"]))
            continue
        for oid in g["objectives"]:
            kind = OBJECTIVES[oid].kind
            ok = not g["eliminated"] and met(w, OBJECTIVES[oid].goal, gid)
            out.append(
                SeatResult(
                    seat=seat, kind=kind, met=ok, group=gid, ref=oid, detail=OBJECTIVES[oid].name
                )
            )
    return out


def winners(w: dict[str, Any], rs: list[SeatResult]) -> frozenset[int]:
    if w["mode"] == "prisoners_dilemma":  # §8.7, 14.22
        betrayed = {r.seat for r in rs if r.kind == "betrayal" and r.met}
        if len(betrayed) >= 2:
            return frozenset()
        if betrayed:
            return frozenset(betrayed)
        return frozenset(r.seat for r in rs if r.kind == "secret" and r.met)
    return frozenset(r.seat for r in rs if r.met)


def outcome(w: dict[str, Any]) -> Outcome | None:
    if w["phase"] != "ended":
        return None
    rs = results(w)
    win = winners(w, rs)
    return Outcome(
        winners=win,
        reason=w["end_reason"] or "morale",
        scores={s: int(s in win) for s in range(w["seats"])},
        results=tuple(rs),
        details={"main_objective_complete": bool(w["main_done"]), "main_objective": w["main"]},
    )


def outcome_dict(w: dict[str, Any]) -> dict[str, Any] | None:
    o = outcome(w)
    if o is None:
        return None
    return {
        "reason": o.reason,
        "main_objective_complete": bool(w["main_done"]),
        "results": [
            {"seat": r.seat, "group": r.group, "objective_id": r.ref, "kind": r.kind, "met": r.met}
            for r in o.results
        ],
        "winners": sorted(o.winners),
        "scores": {str(k): v for k, v in (o.scores or {}).items()},
    }

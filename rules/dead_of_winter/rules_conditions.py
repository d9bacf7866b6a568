"""Conditions (§13.8): main-objective goals, secret objectives and twist-trigger clauses.

Every clause is judged for one group (the holder, or the active group for triggers); global clauses
ignore it. `P` is the number of groups at setup (DW-33).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import BY_SHORT, ITEMS, Clause, condition_of, loc_key


def value_of(text: str, p: int) -> int:
    if text.isdigit():
        return int(text)
    if "*" in text:
        k, _, rest = text.partition("*P")
        return int(k) * p + (int(rest[1:]) if rest else 0)
    return p + (int(text[2:]) if text.startswith("P+") else 0)


def measure(w: dict[str, Any], clause: Clause, group: int) -> int:
    """The number a clause compares (flags are handled in `holds`)."""
    g = w["groups"][group]
    arg = clause.arg
    own = [w["survivors"][s] for s in g["survivors"]]

    def symbol(cards: list[str]) -> int:
        return sum(1 for c in cards if arg is None or ITEMS[c].symbol == arg)

    equipped = [c for s in own for c in s["equipped"]]
    simple: dict[str, Callable[[], int]] = {
        "morale": lambda: w["morale"],
        "food": lambda: w["food"],
        "round": lambda: w["round_track"],
        "waste": lambda: w["waste"],
        "helpless_at_colony": lambda: (
            w["locations"]["colony"]["helpless"] + w["locations"]["colony"]["unruly"]
        ),
        "colony_survivors": lambda: len(core.at(w, "colony")),
        "colony_kills": lambda: w["colony_kills"],
        "deaths": lambda: w["deaths"],
        "zombies": lambda: core.zombies(w, loc_key(arg or "colony")),
        "barricades": lambda: sum(w["locations"][loc_key(arg or "colony")]["barricades"]),
        "survivors_at": lambda: sum(
            1
            for s in core.at(w, loc_key(arg or "colony"))
            if not w["groups"][w["survivors"][s]["group"]]["exiled"]
        ),
        "stash": lambda: symbol(list(w["stash"])),
        "hand": lambda: symbol(list(g["hand"])),
        "equipped": lambda: symbol(equipped),
        "owns": lambda: symbol(list(g["hand"]) + equipped),
        "survivors": lambda: len(own),
        "away": lambda: sum(1 for s in own if s["location"] != "colony"),
        "at": lambda: sum(1 for s in own if s["location"] == loc_key(arg or "colony")),
        "unwounded": lambda: sum(1 for s in own if bodies.tokens(w, s["id"]) == 0),
        "wounded": lambda: sum(1 for s in own if bodies.tokens(w, s["id"]) > 0),
        "kills": lambda: g["kills"],
        "deaths_own": lambda: g["deaths_own"],
        "contributed": lambda: g["contributed"],
    }
    return int(simple[clause.name]())


def holds(w: dict[str, Any], clause: Clause, group: int) -> bool:
    g = w["groups"][group]
    flags: dict[str, Callable[[], bool]] = {
        "main_done": lambda: bool(w["main_done"]),
        "main_failed": lambda: bool(w["phase"] == "ended" and not w["main_done"]),
        "is_exiled": lambda: bool(g["exiled"]),
        "leader_original": lambda: bool(g["original_leader"] in w["survivors"]),
        "survivor_in_play": lambda: bool(BY_SHORT[clause.arg or ""] in g["survivors"]),
    }
    if clause.name in flags:
        return flags[clause.name]()
    have = measure(w, clause, group)
    want = value_of(clause.value or "0", len(w["groups"]))
    return {">=": have >= want, "<=": have <= want, "==": have == want}[clause.op or "=="]


def met(w: dict[str, Any], text: str, group: int) -> bool:
    return all(holds(w, c, group) for c in condition_of(text))


def progress(w: dict[str, Any], text: str) -> list[dict[str, Any]]:
    """Each numeric clause of a main-objective goal: label, have, need."""
    out = []
    for c in condition_of(text):
        if c.op is None:
            continue
        label = f"{c.name} {c.arg}" if c.arg else c.name
        out.append(
            {
                "label": label,
                "have": measure(w, c, 0),
                "need": value_of(c.value or "0", len(w["groups"])),
                "op": c.op,
            }
        )
    return out

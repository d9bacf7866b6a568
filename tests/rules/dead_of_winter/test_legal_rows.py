"""The legal lists' rows kept per value (`rules_legal_turn._moves`, `_basic_die_actions`, the
facts a place shares) equal a plain recomputation: the die actions and the moves as the rules
listed them before, survivor by survivor, each record validated, on many seeded positions of every
group."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from rules.dead_of_winter import GAME, effects
from rules.dead_of_winter import actions as A
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter import rules_legal_ln as LN
from rules.dead_of_winter import rules_legal_turn as L
from rules.dead_of_winter.content import ITEMS, SURVIVORS
from rules.dead_of_winter.rules_pending import attract_sources
from rules.engine import Engine
from tests.rules.dead_of_winter.helpers import random_walks

ENGINE = Engine(GAME)
TABLES = [(1, {}), (3, {}), (4, {}), (5, {"long_night": True}), (4, {"traps": True})]


def at_least(g: dict[str, Any], need: int) -> list[int]:
    return sorted({d for d in g["dice"] if d >= need}, reverse=True)


def plain_die_actions(w: dict[str, Any], gid: int) -> list[A.Action]:
    """`rules_legal_turn.die_actions` as it read before its rows were kept: every check per die."""
    g = core.grp(w, gid)
    out: list[A.Action] = []
    for sid in sorted(g["survivors"]):
        card = SURVIVORS[sid]
        loc = core.sv(w, sid)["location"]
        need = 1 if any(m.op == "attack_any_die" for m in core.modifiers(w, sid)) else card.attack
        entrances = LN.attack_entrances(w, loc)
        for die in at_least(g, need):
            if loc == "colony":
                out += [A.Attack(survivor=sid, die=die, entrance=e + 1) for e in entrances]
            elif entrances:
                out.append(A.Attack(survivor=sid, die=die))
        if loc != "colony" and w["locations"][loc]["deck"]:
            out += [A.Search(survivor=sid, die=die) for die in at_least(g, card.search)]
        for die in sorted(set(g["dice"]), reverse=True):
            if loc == "colony":
                out += [
                    A.Barricade(survivor=sid, die=die, entrance=e + 1)
                    for e in range(6)
                    if core.free_space(w, "colony", e)
                ]
            elif core.free_space(w, loc, 0):
                out.append(A.Barricade(survivor=sid, die=die))
            if loc == "colony" and w["waste"] >= 1:
                out.append(A.Clean(survivor=sid, die=die))
            if attract_sources(w, sid):
                out.append(A.Attract(survivor=sid, die=die))
        ab = card.parsed
        used = core.sv(w, sid)["used"]
        if (ab.form == "die" and core.where_ok(w, sid) and not (ab.once and sid in used)) and (
            effects.payable(w, gid, list(ab.effects))
        ):
            for die in at_least(g, ab.need):
                for t in L.targets(w, gid, sid, list(ab.effects)):
                    out.append(A.UseAbility(survivor=sid, die=die, target=t))
        for item in sorted(set(core.sv(w, sid)["equipped"])):
            iab = ITEMS[item].ability
            if iab.form == "die" and not (iab.once and item in used):
                for die in at_least(g, iab.need):
                    for t in L.targets(w, gid, sid, list(iab.effects)):
                        out.append(A.UseItem(card=item, survivor=sid, die=die, target=t))
        if w["modules"]:
            out += LN.die_actions(w, gid, sid)
    return out


def plain_moves(w: dict[str, Any], gid: int) -> list[A.Action]:
    """The moves `free_actions` lists, as it listed them before: `has_room` per place."""
    g = core.grp(w, gid)
    hand = sorted(set(g["hand"]))
    fuels: list[str | None] = [None, *sorted({c for c in hand if ITEMS[c].symbol == "Fuel"})]
    spots = [
        loc
        for loc in core.places(w)
        if core.has_room(w, loc) and not (loc == "colony" and g["exiled"])
    ]
    out: list[A.Action] = []
    for sid in sorted(g["survivors"]):
        s = core.sv(w, sid)
        if s["moved"]:
            continue
        safe = any(m.op == "move_safe" for m in core.modifiers(w, sid))
        for loc in spots:
            if loc != s["location"]:
                out += [
                    A.Move(survivor=sid, to=loc, fuel_card=f) for f in ([None] if safe else fuels)
                ]
    return out


def thinned(w: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of `w` with the zombies of most places gone and some entrances barricaded: lures,
    attacks and barricades then vary from survivor to survivor."""
    v = copy.deepcopy(w)
    for d in v["locations"].values():
        if rng.random() < 0.7:
            d["zombies"] = [0] * len(d["zombies"])
        d["barricades"] = [rng.choice((0, 0, 1, 3)) for _ in d["barricades"]]
    return v


@pytest.mark.parametrize(("seats", "options"), TABLES)
def test_kept_rows_equal_a_plain_recomputation(seats: int, options: dict[str, bool]) -> None:
    kinds: Counter[str] = Counter()
    for seed, ply, state, _, _, rng in random_walks("rows", seats, options, 3):
        w = state.model_dump(mode="json")
        for v in (w, thinned(w, rng)):
            for g in v["groups"]:
                if g["eliminated"]:
                    continue
                listed = L.die_actions(v, g["group"])
                assert listed == plain_die_actions(v, g["group"]), (seed, ply, g["group"])
                moves = [a for a in L.free_actions(v, g["group"]) if isinstance(a, A.Move)]
                assert moves == plain_moves(v, g["group"]), (seed, ply, g["group"])
                kinds.update(a.type for a in listed + moves)
    for kind in ("attack", "search", "barricade", "attract", "move"):
        assert kinds[kind] > 0, kinds

"""The parts Dead of Winter's choice paths (`rules.dead_of_winter.choices`) are made of: cards
and survivors in words, a move's facets and how they are fitted into at most two steps of at most
25 options (`fit_steps`), and the facts of one position the options read (`Table`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rules.choices import MAX_CHOICES, MAX_DETAIL, MAX_LABEL, Choice, Path, Style, clip
from rules.dead_of_winter.content import (
    IMPROVEMENTS,
    ITEMS,
    LOCATIONS,
    SURVIVORS,
    Effect,
)
from rules.dead_of_winter.labels import entrance_words
from rules.dead_of_winter.words import ability_words, effects_words, place
from rules.game_info import listed
from rules.game_text import plural

W = dict[str, Any]

# ---------------------------------------------------------------------------------------------
# the content in words (`words.py` says effects, abilities and places; here cards and survivors)


def n_of(count: str | int, word: str) -> str:
    return plural(int(count), word)


HARMFUL = frozenset(
    {
        "kill",
        "wound",
        "frostbite",
        "despair",
        "exposure",
        "kill_helpless",
        "add_zombies",
        "add_experiments",
        "add_unruly",
        "lose_food",
        "lose_die",
        "waste",
        "side_effect",
    }
)


def harmful(effects: Sequence[Effect]) -> bool:
    """Whether effects hurt the colony or a survivor (a red option): a death, a wound, zombies,
    lost food or morale."""
    return any(e.op in HARMFUL or (e.op == "morale" and e.args[0].startswith("-")) for e in effects)


def card_words(card: str) -> str:
    """A card's symbol and what it does: "Food 2: gain 2 food"."""
    item = ITEMS[card]
    symbol = f"{item.symbol} {item.value}" if item.value and item.value > 1 else item.symbol
    if item.mode == "equip":
        return f"{symbol}, equip: {ability_words(item.ability)}"
    return f"{symbol}: {effects_words(item.effects)}"


def survivor_words(sid: str, *, influence: bool = False) -> str:
    """A survivor's card: attack and search values and ability (and influence for the draft)."""
    s = SURVIVORS[sid]
    ability = ability_words(s.parsed)
    where = ""
    if s.where == "away":
        where = " (away only)"
    elif s.where != "anywhere":
        at = place(LOCATIONS[int(s.where)] if s.where.isdigit() else s.where)
        where = "" if at in ability else f" ({at.removeprefix('the ')} only)"
    head = f"influence {s.influence}, " if influence else ""
    return f"{head}attack {s.attack}+, search {s.search}+: {ability}{where}"


# ---------------------------------------------------------------------------------------------
# steps: a move is a kind and a few facets; `fit_steps` puts the facets into at most two steps


@dataclass(frozen=True, slots=True)
class Facet:
    """One part of a move's choice: a phrase that reads after the others ("Bram", "at entrance
    2", "with a 5"), what it means, and how it looks."""

    phrase: str
    detail: str = ""
    style: Style = "move"


@dataclass(slots=True)
class Entry:
    index: int
    kind: Choice
    facets: list[Facet] = field(default_factory=list)
    alone: bool = True  # a kind with this one move is one click (else: the kind, then the move)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _merge(facets: Sequence[Facet]) -> Choice:
    """One step's option from its facets: the phrases make the label, the details what it says,
    without what the label or another facet says already."""
    label = capital(" ".join(f.phrase for f in facets if f.phrase))
    details = "; ".join(d for d in (_unsaid(f.detail, label) for f in facets) if d)
    for need in re.findall(r"(?:attack|search|die) (\d)\+", details):  # the roll is said
        details = details.replace(f"needs {need}+; ", "", 1)
    styles = [f.style for f in facets if f.style != "move"]
    return Choice(
        clip(label, MAX_LABEL), clip(details, MAX_DETAIL), styles[-1] if styles else "move"
    )


def _unsaid(detail: str, label: str) -> str:
    """A facet's detail without a leading place its step's label says already ("at the
    Hospital, attack 3+" beside "Hattie at the Hospital with a 5" → "attack 3+")."""
    head, _, rest = detail.partition(", ")
    return rest if head.startswith("at ") and f" {head}" in f" {label}" else detail


def _splits(k: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways to put k facets into two steps, the natural cut points first."""
    order = list(range(k))
    out = [(tuple(order[:j]), tuple(order[j:])) for j in range(1, k)]
    for size in range(1, k):
        for first in combinations(order, size):
            rest = tuple(i for i in order if i not in first)
            if (first, rest) not in out:
                out.append((first, rest))
    return out


def fit_steps(entries: list[Entry]) -> dict[int, Path]:
    """The paths of one kind's moves. One move: the kind alone. Moves that differ in their first
    facet (the survivor, the card): that first, then the rest in one option — or another choice
    of which facets share a step when that keeps every step within 25 options; a first facet
    with one move under it is one option of its own. Else one list, else runs of 25."""
    kind = entries[0].kind
    if len(entries) == 1 and entries[0].alone:
        e = entries[0]
        move = _merge(e.facets)
        detail = clip(move.label + (f" — {move.detail}" if move.detail else ""), MAX_DETAIL)
        style = move.style if move.style != "move" else kind.style
        whole = Choice(kind.label, detail if move.label else kind.detail, style, rank=kind.rank)
        return {e.index: (whole,)}
    k = max(len(e.facets) for e in entries)
    for e in entries:
        e.facets += [Facet("")] * (k - len(e.facets))
    one = [_merge(e.facets) for e in entries]
    flat_ok = len(entries) <= MAX_CHOICES and len({c.label for c in one}) == len(one)
    if flat_ok and (k == 1 or len({e.facets[0].phrase for e in entries}) == 1):
        return {e.index: (kind, c) for e, c in zip(entries, one, strict=True)}
    for first, rest in _splits(k):
        heads = [_merge([e.facets[i] for i in first]) for e in entries]
        tails = [_merge([e.facets[i] for i in rest]) for e in entries]
        groups: dict[str, list[int]] = {}
        for n, h in enumerate(heads):
            groups.setdefault(h.label, []).append(n)
        labels = {h.label for h in heads}
        if len(groups) > MAX_CHOICES or not all(h.label for h in heads):
            continue
        fits = True
        out: dict[int, Path] = {}
        for members in groups.values():
            if len(members) == 1:  # one move under this head: one option, said in full
                n = members[0]
                whole = one[n]
                if whole.label in labels - {heads[n].label}:
                    fits = False
                out[entries[n].index] = (kind, whole)
                continue
            tail_labels = [tails[n].label for n in members]
            if len(members) > MAX_CHOICES or len(set(tail_labels)) < len(members):
                fits = False
            if not all(tail_labels):
                fits = False
            for n in members:
                out[entries[n].index] = (kind, heads[n], tails[n])
        if fits:
            return out
    if flat_ok:
        return {e.index: (kind, c) for e, c in zip(entries, one, strict=True)}
    size = -(-len(entries) // MAX_CHOICES)
    runs: dict[int, Path] = {}
    for start in range(0, len(entries), size):
        run = one[start : start + size]
        name = clip(f"{run[0].label} – {run[-1].label}", MAX_LABEL)
        for e, c in zip(entries[start : start + size], run, strict=True):
            runs[e.index] = (kind, Choice(name), c)
    return runs


def flat_steps(choices: list[tuple[int, Choice]]) -> dict[int, Path]:
    """A decision's answers as one list (in runs of 25 when longer)."""
    if len(choices) <= MAX_CHOICES:
        return {i: (c,) for i, c in choices}
    size = -(-len(choices) // MAX_CHOICES)
    out: dict[int, Path] = {}
    for start in range(0, len(choices), size):
        run = choices[start : start + size]
        name = clip(f"{run[0][1].label} – {run[-1][1].label}", MAX_LABEL)
        out.update({i: (Choice(name), c) for i, c in run})
    return out


# ---------------------------------------------------------------------------------------------
# facts of the table the steps say


class Table:
    """The facts of one position the options read, worked out once."""

    def __init__(self, w: W, seat: int) -> None:
        self.w = w
        self.seat = seat
        gid = w["active"] if w["active"] is not None else None
        if w["pending"] and w["pending"][0].get("group") is not None:
            gid = w["pending"][0]["group"]
        mine = [g for g in w["groups"] if g["seat"] == seat]
        self.group = next((g for g in w["groups"] if g["group"] == gid), mine[0] if mine else None)

    @property
    def dice(self) -> list[int]:
        return sorted(self.group["dice"], reverse=True) if self.group else []

    def turn_end(self) -> str:
        """What ending the turn does: unused dice are lost (§4.2)."""
        dice = self.dice
        if not dice:
            return "your turn ends"
        if len(dice) == 1:
            return f"your turn ends and your unused die is lost: a {dice[0]}"
        return f"your turn ends and your unused dice are lost: {listed([str(d) for d in dice])}"

    def die(self, value: int, need: int = 0) -> Facet:
        left = list(self.dice)
        if value in left:
            left.remove(value)
        rest = ", ".join(map(str, left)) or "none"
        needs = f"needs {need}+; " if need > 1 else ""
        return Facet(f"with a {value}", f"{needs}spends your {value}, dice left: {rest}")

    def where(self, sid: str) -> str:
        return str(self.w["survivors"][sid]["location"])

    def survivor(self, sid: str, what: str = "") -> Facet:
        s = self.w["survivors"][sid]
        hurt = [
            n_of(s[key], word)
            for key, word in (("wounds", "wound"), ("frostbite", "frostbite"))
            if s.get(key)
        ]
        facts = [f"at {place(s['location'])}", *hurt]
        if what:
            facts.append(what)
        return Facet(SURVIVORS[sid].short, clip(", ".join(facts), MAX_DETAIL))

    def zombies(self, loc: str) -> str:
        d = self.w["locations"][loc]
        z = sum(d["zombies"]) + sum(d.get("experiments") or ())
        bits = [n_of(z, "zombie") if z else "no zombies"]
        if sum(d["barricades"]):
            bits.append(n_of(sum(d["barricades"]), "barricade"))
        if loc != "colony" and d.get("noise"):
            bits.append(f"noise {d['noise']}")
        return ", ".join(bits)

    def entrance(self, number: int, lure: bool = False) -> Facet:
        return Facet(f"at entrance {number}", entrance_words(self.w, number, lure))

    def target(self, t: str | None) -> Facet:
        if t is None:
            return Facet("")
        if t.startswith("die:"):
            return Facet(f"on your {t[4:]}", f"raises or rerolls your die showing {t[4:]}")
        if t.startswith("seat:"):
            return Facet(f"on {{s{int(t[5:])}}}", "")
        if t in SURVIVORS:
            s = self.w["survivors"].get(t, {})
            hurt = s.get("wounds", 0) + s.get("frostbite", 0)
            at = f"at {place(s['location'])}" if s else ""
            return Facet(f"on {SURVIVORS[t].short}", f"{at}, {n_of(hurt, 'wound')}" if hurt else at)
        if t in ITEMS:
            return Facet(f"on {ITEMS[t].name}", card_words(t))
        if t in IMPROVEMENTS:
            return Facet(f"on {IMPROVEMENTS[t].name}", "")
        return Facet(f"on {place(t)}", self.zombies(t) if t in self.w["locations"] else "")

    def card(self, cid: str) -> Facet:
        return Facet(ITEMS[cid].name, clip(card_words(cid), MAX_DETAIL))

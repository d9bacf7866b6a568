"""A turn's moves (§12.3) for `rules_legal`: the cards a group may play and where, its free
actions, and its die actions, each row built once per the facts it depends on and shared between
calls (extend a list with them, never change them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.dead_of_winter import actions as A
from rules.dead_of_winter import effects
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter import rules_legal_ln as LN
from rules.dead_of_winter.content import (
    ITEMS,
    MAINS,
    SURVIVORS,
    SYMBOLS,
    TOWN,
    Effect,
)
from rules.dead_of_winter.effect_args import survivor_pool
from rules.dead_of_winter.rules_core import grp, sv

W = dict[str, Any]


def plays_of(w: W, gid: int, card: str) -> list[A.Action]:
    """The ways to use a card received by request at once: play, equip, or move with Fuel."""
    acts = free_actions(w, gid)
    return [
        a
        for a in acts
        if (isinstance(a, A.Play | A.Equip) and a.card == card)
        or (isinstance(a, A.Move) and a.fuel_card == card)
    ]


def useful_locations(w: W, e: Effect) -> list[str]:
    """Targets for a location chosen by the player (`any`), as `effects.locations` offers them."""
    places = core.places(w)
    if e.op == "kill_zombies":
        return [loc for loc in places if sum(w["locations"][loc]["zombies"]) > 0]
    if e.op == "clear_noise":
        return [loc for loc in places if w["locations"][loc]["noise"] > 0]
    if e.op == "move":
        return [loc for loc in places if core.has_room(w, loc)]
    if e.op == "remove_bandits":
        return [loc for loc in places if w["locations"][loc].get("bandits")]
    return places


def targets(w: W, gid: int, surv: str | None, effs: Sequence[Effect]) -> Sequence[str | None]:
    """DW-15: the single player-chosen target an action names, or [None] when there is none."""
    kind = effects.first_choice(effs)
    if kind is None:
        return [None]
    g = grp(w, gid)
    token = kind.partition(":")[2]
    first = next(e for e in effs if (e.op == "die_plus" if kind == "D" else token in e.args))
    if kind == "D":
        return [f"die:{d}" for d in sorted({d for d in g["dice"] if d < 6}, reverse=True)]
    if kind == "X:chosen_player":
        me = g["seat"]
        return [f"seat:{s}" for s in range(w["seats"]) if s != me]
    if kind == "L:any":
        return useful_locations(w, first)
    here = sv(w, surv)["location"] if surv is not None and surv in w["survivors"] else None
    pool = survivor_pool(w, g, here, token)
    if first.op in ("heal",):
        pool = [s for s in pool if sv(w, s)["wounds"] + sv(w, s)["frostbite"] > 0]
    return sorted(pool)


_NEEDS: dict[str, bool] = {}  # per card: whether playing it names one of the group's survivors


def _needs_survivor(effs: Sequence[Effect]) -> bool:
    return any(
        a in ("acting", "here", "chosen_here", "lowest_here", "each_here")
        for e in effs
        for a in e.args
    ) or any(e.op == "attract" for e in effs)


_NO_FUEL: tuple[str | None] = (None,)
_MOVES: dict[tuple[Any, ...], list[A.Action]] = {}


def _moves(
    sid: str, here: str, spots: tuple[str, ...], fuels: tuple[str | None, ...]
) -> list[A.Action]:
    """A survivor's moves to each open place but its own, with each way to pay (no Fuel card
    first): the same few rows come up turn after turn, so each is made once."""
    key = (sid, here, spots, fuels)
    hit = _MOVES.get(key)
    if hit is None:
        if len(_MOVES) >= 4096:
            _MOVES.clear()
        hit = _MOVES[key] = [A.move(sid, loc, f) for loc in spots if loc != here for f in fuels]
    return hit


def playable(w: W, gid: int, card: str, room: list[str] | None = None) -> bool:
    """Whether the group may play `card` from its hand; `room` is `core.rooms(w)` when the caller
    has it already."""
    g = grp(w, gid)
    item = ITEMS[card]
    if item.mode == "equip" or item.symbol == "Fuel":
        return False
    effs = item.effects
    if item.mode == "event":
        if room is None:
            room = core.rooms(w)
        ok = any(loc in room for loc in TOWN) if g["exiled"] else "colony" in room
        return ok and bool(w["survivor_deck"])
    if g["exiled"] and item.symbol == "Food":
        return any(d < 6 for d in g["dice"])
    if any(e.op in ("reroll", "die_plus") for e in effs) and not g["dice"]:
        return False
    return effects.payable(w, gid, effs)


def free_actions(w: W, gid: int) -> list[A.Action]:
    g = grp(w, gid)
    out: list[A.Action] = []
    own = sorted(g["survivors"])
    hand = tuple(sorted(set(g["hand"])))
    fuels: list[str | None] = [None, *sorted({c for c in hand if ITEMS[c].symbol == "Fuel"})]
    room = core.rooms(w)
    open_spots = [loc for loc in room if not (loc == "colony" and g["exiled"])]
    spots = tuple(open_spots)
    fuels_ = tuple(fuels)
    for sid in own:
        s = sv(w, sid)
        if s["moved"]:
            continue
        safe = core.has_mod(w, sid, "move_safe")
        out += _moves(sid, s["location"], spots, _NO_FUEL if safe else fuels_)
    for card in hand:
        item = ITEMS[card]
        if item.mode == "equip":
            out += [A.equip(card, sid) for sid in own]
        elif playable(w, gid, card, room):
            effs = item.effects
            needs = _NEEDS.get(card)
            if needs is None:
                needs = _NEEDS[card] = _needs_survivor(effs)
            people: list[str | None] = list(own) if needs else [None]
            for sid in people:
                for t in targets(w, gid, sid or g["leader"], effs):
                    out.append(A.play(card, sid, t))
    for sid in own:
        for card in sorted(set(sv(w, sid)["equipped"])):
            ab = ITEMS[card].ability
            usable = ab.form == "spent" or (ab.form == "free" and card not in sv(w, sid)["used"])
            effs = ab.effects
            if usable and effects.payable(w, gid, effs) and _can(w, gid, effs):
                for t in targets(w, gid, sid, ab.effects):
                    out.append(A.use_item(card, sid, None, t))
        ab = SURVIVORS[sid].parsed
        free = ab.form == "free" and sid not in sv(w, sid)["used"] and core.where_ok(w, sid)
        if free and _can(w, gid, ab.effects):
            for t in targets(w, gid, sid, ab.effects):
                out.append(A.use_ability(sid, None, t))
    if not g["exiled"]:
        if w["crisis"] is not None:
            out += _row(A.contribute, hand)
        stash = MAINS[w["main"]].stash
        out += _row(A.commit, tuple(c for c in hand if ITEMS[c].symbol in stash))
        if w["food"] >= 1:
            out += _row(A.spend_food, tuple(sorted({d for d in g["dice"] if d < 6}, reverse=True)))
    out += _row(A.discard, hand)
    if not w["solo"]:
        for other in range(w["seats"]):
            if other == g["seat"] or other in g["asked"]:
                continue
            og = [grp(w, x) for x in core.groups_of(w, other)]
            if all(x["eliminated"] for x in og) or not any(x["hand"] for x in og):
                continue
            out += _requests(other)
    for sid in own:
        s = sv(w, sid)
        if not s["equipped"]:
            continue
        mates = [to for to in core.at(w, s["location"]) if to != sid]
        for card in sorted(set(s["equipped"])):
            out += [A.hand_off(card, sid, to) for to in mates]
    if can_call_exile(w, gid):
        for other in core.non_exiled_seats(w):
            if other != g["seat"]:
                out.append(A.call_exile(other))
    if w["modules"]:
        out += LN.free_actions(w, gid)
    return out


_ROWS: dict[tuple[Any, ...], list[A.Action]] = {}


def _row(make: Callable[[Any], A.Action], values: tuple[Any, ...]) -> list[A.Action]:
    """`[make(v) for v in values]`, one list per maker and values (a hand comes up again and
    again: its discards, its contributions)."""
    key = (make, values)
    hit = _ROWS.get(key)
    if hit is None:
        if len(_ROWS) >= 4096:
            _ROWS.clear()
        hit = _ROWS[key] = [make(v) for v in values]
    return hit


_REQUESTS: dict[int, list[A.Action]] = {}


def _requests(other: int) -> list[A.Action]:
    """The requests to one seat, a card of any kind first, then of each symbol."""
    hit = _REQUESTS.get(other)
    if hit is None:
        hit = _REQUESTS[other] = [A.request(other, s) for s in (None, *SYMBOLS)]
    return hit


def can_call_exile(w: W, gid: int) -> bool:
    g = grp(w, gid)
    return (
        w["mode"] == "standard"
        and w["secret_deal"] != "no_betrayer"
        and not g["exiled"]
        and not g["exile_called"]
    )


def _can(w: W, gid: int, effs: Sequence[Effect]) -> bool:
    g = grp(w, gid)
    return not (any(e.op in ("reroll", "die_plus", "lose_die") for e in effs) and not g["dice"])


def die_actions(w: W, gid: int) -> list[A.Action]:
    g = grp(w, gid)
    out: list[A.Action] = []
    anydie = tuple(sorted(set(g["dice"]), reverse=True))
    survivors = w["survivors"]
    facts: dict[str, tuple[Any, ...]] = {}  # per place: what every survivor there shares
    for sid in sorted(g["survivors"]):
        card = SURVIVORS[sid]
        s = survivors[sid]
        loc = s["location"]
        need = 1 if core.has_mod(w, sid, "attack_any_die") else card.attack
        here = facts.get(loc)
        if here is None:
            here = facts[loc] = _place_facts(w, loc, bool(anydie))
        out += _basic_die_actions(sid, loc == "colony", anydie, need, *here)
        ab = card.parsed
        if (
            ab.form == "die" and core.where_ok(w, sid) and not (ab.once and sid in s["used"])
        ) and effects.payable(w, gid, ab.effects):
            dice = [die for die in anydie if die >= ab.need]
            if dice:
                ts = targets(w, gid, sid, ab.effects)
                for die in dice:
                    out += [A.use_ability(sid, die, t) for t in ts]
        for item in sorted(set(s["equipped"])):
            iab = ITEMS[item].ability
            if iab.form == "die" and not (iab.once and item in s["used"]):
                dice = [die for die in anydie if die >= iab.need]
                if dice:
                    ts = targets(w, gid, sid, iab.effects)
                    for die in dice:
                        out += [A.use_item(item, sid, die, t) for t in ts]
        if w["modules"]:
            out += LN.die_actions(w, gid, sid)
    return out


def _place_facts(w: W, loc: str, dice: bool) -> tuple[Any, ...]:
    """What the basic die actions of any survivor at `loc` depend on: the entrances an attack may
    target, whether there is a deck to search, and (with dice to spend) the entrances with room for
    a barricade, whether there is waste to clean and a zombie elsewhere to lure."""
    entrances = tuple(LN.attack_entrances(w, loc))
    deck = loc != "colony" and bool(w["locations"][loc]["deck"])
    if not dice:
        return entrances, deck, (), False, False
    spots: tuple[int | None, ...]
    if loc == "colony":
        spots = tuple(e + 1 for e in range(6) if core.free_space(w, "colony", e))
    else:
        spots = (None,) if core.free_space(w, loc, 0) else ()
    clean = loc == "colony" and w["waste"] >= 1
    lure = any(
        any(z > 0 for z in zs) if p == "colony" else zs[0] > 0
        for p in core.places(w)
        if p != loc
        for zs in (w["locations"][p]["zombies"],)
    )
    return entrances, deck, spots, clean, lure


_BASICS: dict[tuple[Any, ...], list[A.Action]] = {}


def _basic_die_actions(
    sid: str,
    colony: bool,
    anydie: tuple[int, ...],
    need: int,
    entrances: tuple[int, ...],
    deck: bool,
    spots: tuple[int | None, ...],
    clean: bool,
    lure: bool,
) -> list[A.Action]:
    """A survivor's attacks, searches, then for each die a barricade on each free entrance, a
    clean-up and a lure, highest die first: one list per combination of these facts."""
    key = (sid, colony, anydie, need, entrances, deck, spots, clean, lure)
    hit = _BASICS.get(key)
    if hit is not None:
        return hit
    out: list[A.Action] = []
    for die in anydie:
        if die < need:
            break
        if colony:
            out += [A.attack(sid, die, e + 1) for e in entrances]
        elif entrances:
            out.append(A.attack(sid, die))
    if deck:
        out += [A.search(sid, die) for die in anydie if die >= SURVIVORS[sid].search]
    for die in anydie:
        out += [A.barricade(sid, die, e) for e in spots]
        if clean:
            out.append(A.clean(sid, die))
        if lure:
            out.append(A.attract(sid, die))
    if len(_BASICS) >= 4096:
        _BASICS.clear()
    _BASICS[key] = out
    return out


def turn_actions(w: W, gid: int) -> list[A.Action]:
    return [*free_actions(w, gid), *die_actions(w, gid), A.pass_()]

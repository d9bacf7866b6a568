"""Worlds a seat cannot tell from the real one, for the `expert` search agent (`rules.search`).

`determinize(observation, seat, rng, legal)` reads only a seat's own observation (and, when it is
given, the seat's legal list) and deals everything that seat cannot see at random among what is
still possible:

- each town location's deck from that location's item cards nobody can see (not in the seat's
  hands, on a survivor, in the stash or among its crisis cards);
- the other groups' hands and crisis cards from what is left of those and of the starting items
  (a card another group added to the crisis is one of the crisis's symbol 85 % of the time, as a
  loyal player would add, when one is left);
- the survivor, crisis and twist decks from the cards not in play, and a twist card held by
  someone else (or the bot);
- the other groups' secret objectives as the deal makes them (§7.2: the pool of secret
  objectives and the betrayal card, less what the seat knows: its own, the revealed ones, its
  peeks), an exiled group's new objective from the exiled ones.

What the seat remembers of its own turn but the observation does not say (whom it has asked for
a card, whether it has called an exile vote) is read back from its legal list when it is given;
without one the world says it has done neither.

It samples only a decision at the start of a move of the active player's turn (no open decision,
no Long Night module): `None` elsewhere (the draft, a search, a vote, a choice inside an effect),
and the expert plays its heuristic move there. Facts the observation leaves out and no legal
move depends on are set as at the start of a turn (this move's twist events, the deaths of the
group's own survivors).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.core import Seat
from rules.dead_of_winter.content import CRISES, ITEMS, OBJECTIVES, SURVIVORS, TWISTS
from rules.dead_of_winter.observation import Observation
from rules.dead_of_winter.state import State

MATCHING = 0.85
"""How often a card another group added to the crisis is dealt as one of its symbol."""


def _sample(pool: list[str], n: int, rng: random.Random) -> list[str] | None:
    """`n` of `pool` in a random order (sorted first: the pool's own order never matters)."""
    if n > len(pool):
        return None
    return rng.sample(sorted(pool), n)


def determinize(
    o: Observation, seat: Seat, rng: random.Random, legal: Sequence[Any] | None = None
) -> State | None:
    if (
        o.phase != "turn"
        or o.seat != seat
        or o.pending
        or o.active_group is None
        or o.active_seat != seat
        or o.options.get("modules")
    ):
        return None
    coop = o.options["mode"] == "coop"
    mine = {g.group for g in o.groups if g.seat == seat}
    hands = o.hand or {}
    contributed = list(o.my_contributions or [])
    visible: set[str] = {c.id for cards in hands.values() for c in cards}
    visible |= {c.id for s in o.survivors for c in s.equipped}
    visible |= {c.id for c in o.main_objective.stash}
    visible |= {c.id for c in contributed}
    if o.last_crisis is not None:
        visible |= {c.id for c in o.last_crisis.revealed}

    # the town decks, then the other hands and crisis cards from what is left
    decks: dict[str, list[str]] = {}
    left = [i for i, c in ITEMS.items() if c.deck == "start" and i not in visible]
    for loc in o.locations:
        if loc.key == "colony":
            decks[loc.key] = []
            continue
        pool = [i for i, c in ITEMS.items() if c.deck == loc.key and i not in visible]
        deck = _sample(pool, loc.deck_count, rng)
        if deck is None:
            return None
        decks[loc.key] = deck
        dealt = set(deck)
        left += [i for i in pool if i not in dealt]
    left.sort()
    rng.shuffle(left)
    group_hands: dict[int, list[str]] = {}
    for g in o.groups:
        if g.group in mine:
            group_hands[g.group] = [c.id for c in hands.get(g.group, [])]
        else:
            if g.hand_count > len(left):
                return None
            group_hands[g.group] = left[: g.hand_count]
            del left[: g.hand_count]
    contributions: list[dict[str, Any]] = []
    if o.crisis is not None:
        ours = iter(contributed)
        for entry in o.crisis.contributions:
            for _ in range(entry.count):
                if entry.group in mine:
                    contributions.append({"group": entry.group, "card": next(ours).id})
                    continue
                if not left:
                    return None
                at = 0
                if rng.random() < MATCHING:
                    at = next(
                        (k for k, c in enumerate(left) if ITEMS[c].symbol == o.crisis.prevent), 0
                    )
                contributions.append({"group": entry.group, "card": left.pop(at)})

    objectives = _objectives(o, mine, rng)
    if objectives is None:
        return None
    objective_of, exiled_deck = objectives

    # the decks of survivors, crises and twists
    in_play = {s.id for s in o.survivors} | set(o.graveyard)
    survivors = [s for s, c in SURVIVORS.items() if (c.coop or not coop) and s not in in_play]
    survivor_deck = _sample(survivors, o.deck_counts["survivors"], rng)
    gone = {o.crisis.id if o.crisis else "", o.last_crisis.id if o.last_crisis else ""}
    crisis_deck = _sample([c for c in CRISES if c not in gone], o.deck_counts["crisis"], rng)
    tw = o.twist
    own_twist = o.twist_card.id if o.twist_card is not None else None
    fired = tw.fired.id if tw.fired is not None else None
    twists = [t for t, c in TWISTS.items() if (c.coop or not coop) and t not in {own_twist, fired}]
    twist_card = own_twist
    if tw.holder is not None and fired is None and own_twist is None:
        held = _sample(twists, 1, rng)
        if held is None:
            return None
        twist_card = held[0]
        twists.remove(twist_card)
    twist_deck = _sample(twists, o.deck_counts["twist"], rng)
    if survivor_deck is None or crisis_deck is None or twist_deck is None:
        return None

    asked, exile_called = _own_turn(o, seat, legal)
    groups = []
    for g in o.groups:
        revealed = [x.id for x in g.revealed_objective or []]
        groups.append(
            {
                "group": g.group,
                "seat": g.seat,
                "survivors": list(g.survivor_ids),
                "leader": g.leader,
                "original_leader": g.original_leader,
                "hand": group_hands[g.group],
                "dice": list(g.dice),
                "dice_used": g.dice_used,
                "exiled": g.exiled,
                "eliminated": g.eliminated,
                "drafted": True,
                "dealt": [],
                "objectives": objective_of[g.group],
                "revealed": revealed,
                "was_betrayer": g.was_betrayer,
                "kills": g.kills,
                "contributed": g.contributed,
                "deaths_own": 0,
                "asked": asked if g.group == o.active_group else [],
                "exile_called": exile_called and g.group == o.active_group,
            }
        )
    first = o.first_player
    if o.options["solo"]:  # both groups sit at seat 0: the round's order starts with the first
        first = o.turn_order[0] if o.turn_order else 0
    locations = {
        loc.key: {
            "key": loc.key,
            "zombies": [e.zombies for e in loc.entrances],
            "barricades": [e.barricades for e in loc.entrances],
            "noise": loc.noise,
            "helpless": loc.helpless,
            "unruly": loc.unruly,
            "deck": decks[loc.key],
            "traps": [e.traps for e in loc.entrances],
            "experiments": [e.experiments for e in loc.entrances],
            "bandits": loc.bandits,
        }
        for loc in o.locations
    }
    lc = o.last_crisis
    w: dict[str, Any] = {
        "seats": 1 if o.options["solo"] else len(o.groups),
        "mode": o.options["mode"],
        "solo": o.options["solo"],
        "side": o.options["side"],
        "secret_deal": o.options["secret_deal"],
        "elimination": o.options["player_elimination"],
        "phase": "turn",
        "round_number": o.round_number,
        "round_track": o.round_track,
        "morale": o.morale,
        "food": o.food,
        "starvation": o.starvation,
        "waste": o.waste,
        "first_player": first,
        "active": o.active_group,
        "turns_taken": o.turn_order.index(o.active_group),
        "order": list(o.turn_order),
        "groups": groups,
        "survivors": {
            s.id: {
                "id": s.id,
                "group": s.group,
                "location": s.location,
                "wounds": s.wounds,
                "frostbite": s.frostbite,
                "despair": s.despair,
                "equipped": [c.id for c in s.equipped],
                "moved": s.moved_this_turn,
                "used": list(s.used_this_turn),
            }
            for s in o.survivors
        },
        "locations": locations,
        "survivor_deck": survivor_deck,
        "crisis_deck": crisis_deck,
        "twist_deck": twist_deck,
        "exiled_deck": exiled_deck,
        "graveyard": list(o.graveyard),
        "colony_kills": o.colony_kills,
        "deaths": o.deaths,
        "exiled_non_betrayers": o.exiled_non_betrayers,
        "main": o.main_objective.id,
        "stash": [c.id for c in o.main_objective.stash],
        "crisis": None if o.crisis is None else {"id": o.crisis.id, "contributions": contributions},
        "last_crisis": None
        if lc is None
        else {
            "id": lc.id,
            "revealed": [c.id for c in lc.revealed],
            "score": lc.score,
            "threshold": lc.threshold,
            "result": lc.result,
        },
        "twist": {
            "holder": tw.holder,
            "for_group": tw.for_group,
            "card": None if fired is not None else twist_card,
            "fired": fired,
            "chosen": tw.chosen,
        },
        "last_vote": None if o.last_vote is None else o.last_vote.model_dump(),
        "peeks": [{"seat": seat, **p} for p in o.peeks or []],
        "modules": [],
    }
    return State.model_validate(w)


def _own_turn(o: Observation, seat: Seat, legal: Sequence[Any] | None) -> tuple[list[int], bool]:
    """Whom the active seat has asked for a card this turn and whether it has called an exile
    vote, as its legal list shows (a seat it may not ask now, though it could, was asked)."""
    if legal is None:
        return [], False
    kinds = {getattr(a, "type", None) for a in legal}
    asked_ok = {a.target for a in legal if getattr(a, "type", None) == "request"}
    asked = []
    if not o.options["solo"] and o.active_group is not None:
        for other in sorted({g.seat for g in o.groups}):
            if other == seat:
                continue
            theirs = [g for g in o.groups if g.seat == other]
            if all(g.eliminated for g in theirs) or not any(g.hand_count for g in theirs):
                continue
            if other not in asked_ok:
                asked.append(other)
    me = next(g for g in o.groups if g.group == o.active_group)
    could = (
        o.options["mode"] == "standard"
        and o.options["secret_deal"] != "no_betrayer"
        and not me.exiled
        and any(not g.exiled and g.seat != seat for g in o.groups)
    )
    return asked, could and "call_exile" not in kinds


def _objectives(
    o: Observation, mine: set[int], rng: random.Random
) -> tuple[dict[int, list[str]], list[str]] | None:
    """Each group's objectives (the seat's own as it sees them, the others dealt), and the
    exiled objectives' deck."""
    mode = o.options["mode"]
    own = o.objective or {}
    out: dict[int, list[str]] = {g: [x.id for x in own.get(g, [])] for g in mine}
    exiled_pool = [x for x, c in OBJECTIVES.items() if c.kind == "exiled"]
    known: set[str] = {x for ids in out.values() for x in ids}
    for g in o.groups:
        known |= {x.id for x in g.revealed_objective or []}
    peeked: dict[int, list[str]] = {}
    for p in o.peeks or []:
        if p["kind"] == "objective":
            peeked[p["target_seat"]] = list(p["values"])
    others = [g for g in o.groups if g.group not in mine]
    if mode == "coop" or not others:
        for g in others:
            out[g.group] = []
        return out, _rest(exiled_pool, known, rng)
    # the originals: revealed when exiled, peeked, or dealt from the pool (§7.2)
    unknown: list[int] = []
    for g in others:
        if g.revealed_objective:
            continue
        if g.seat in peeked and len([x for x in o.groups if x.seat == g.seat]) == 1:
            out[g.group] = peeked[g.seat]
            known |= set(peeked[g.seat])
        else:
            unknown.append(g.group)
    secrets = sorted(x for x, c in OBJECTIVES.items() if c.kind == "secret" and x not in known)
    betrayals = sorted(x for x, c in OBJECTIVES.items() if c.kind == "betrayal" and x not in known)
    if mode == "prisoners_dilemma":  # a secret and a betrayal each
        for gid in unknown:
            if not secrets or not betrayals:
                return None
            s = secrets.pop(rng.randrange(len(secrets)))
            b = betrayals.pop(rng.randrange(len(betrayals)))
            out[gid] = [s, b]
    else:
        n_groups = len(o.groups)
        deal = o.options["secret_deal"]
        known_secret = sum(1 for x in known if OBJECTIVES[x].kind == "secret")
        known_betrayal = sum(1 for x in known if OBJECTIVES[x].kind == "betrayal")
        n_secret = max(0, (2 * n_groups if deal == "normal" else n_groups) - known_secret)
        n_betrayal = max(0, (0 if deal == "no_betrayer" else 1) - known_betrayal)
        pool = rng.sample(secrets, min(n_secret, len(secrets)))
        pool += rng.sample(betrayals, min(n_betrayal, len(betrayals)))
        rng.shuffle(pool)
        if len(pool) < len(unknown):
            return None
        for gid in unknown:
            out[gid] = [pool.pop()]
    # an exiled loyal group holds a new objective from the exiled ones (DW-30)
    exiled = sorted(x for x in exiled_pool if x not in known)
    rng.shuffle(exiled)
    for g in others:
        if g.revealed_objective:
            if g.was_betrayer:
                out[g.group] = [x.id for x in g.revealed_objective]
            elif exiled:
                out[g.group] = [exiled.pop()]
            else:
                out[g.group] = [x.id for x in g.revealed_objective]
    return out, exiled


def _rest(pool: list[str], known: set[str], rng: random.Random) -> list[str]:
    rest = sorted(x for x in pool if x not in known)
    rng.shuffle(rest)
    return rest

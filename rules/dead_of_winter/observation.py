"""The observation contract (§11): what the public and each seat may see. Field names are the
contract's. Renderers and agents read only these records.

Secrets (§10.1) are added only for their owner: hands, objectives, the held twist card, own
contributions and ballot, own search, peeks. Nothing here depends on whether anyone is a betrayer
(§10.5) except the owner's own objective.
"""

from __future__ import annotations

from typing import Any, Literal

from rules.core import Frozen, builder
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    CRISES,
    ITEMS,
    LOCATION_NAMES,
    LOCATIONS,
    MAINS,
    NOISE_CAP,
    OBJECTIVES,
    SURVIVOR_SPACES,
    SURVIVORS,
    TWISTS,
    ZOMBIE_SPACES,
)
from rules.dead_of_winter.rules_conditions import progress
from rules.dead_of_winter.rules_legal import to_act


class Card(Frozen):
    id: str
    name: str
    symbol: str
    value: int | None
    mode: str
    effect: str


class ObjectiveView(Frozen):
    id: str
    kind: str
    name: str
    goal: str


class GroupView(Frozen):
    group: int
    seat: int
    leader: str | None
    original_leader: str | None
    survivor_ids: list[str]
    hand_count: int
    dice: list[int]
    dice_used: int
    exiled: bool
    eliminated: bool
    bandit_leader: bool = False
    kills: int
    contributed: int
    revealed_objective: list[ObjectiveView] | None
    was_betrayer: bool | None


class SurvivorView(Frozen):
    id: str
    name: str
    short: str
    occupation: str
    influence: int
    attack: int
    search: int
    ability: str
    where: str
    group: int
    is_leader: bool
    location: str
    wounds: int
    frostbite: int
    despair: int
    equipped: list[Card]
    moved_this_turn: bool
    used_this_turn: list[str]


class EntranceView(Frozen):
    number: int
    spaces: int
    zombies: int
    experiments: int = 0
    barricades: int
    traps: int = 0


class LocationView(Frozen):
    key: str
    number: int | None
    name: str
    survivor_spaces: int
    occupied: int
    survivor_ids: list[str]
    helpless: int
    unruly: int
    bandits: int = 0
    noise: int
    noise_cap: int
    deck_count: int
    entrances: list[EntranceView]


class Progress(Frozen):
    label: str
    have: int
    need: int


class MainObjectiveView(Frozen):
    id: str
    name: str
    side: str
    goal: str
    goal_text: str
    stash_symbols: list[str]
    stash: list[Card]
    progress: list[Progress]


class Contributions(Frozen):
    group: int
    count: int


class CrisisView(Frozen):
    id: str
    name: str
    prevent: str
    consequence: str
    bandits: str
    contributions: list[Contributions]
    card_count: int


class CrisisResultView(Frozen):
    id: str
    name: str
    revealed: list[Card]
    score: int
    threshold: int
    result: str


class TwistCardView(Frozen):
    id: str
    name: str
    trigger: str
    kind: str
    narrative: str
    options: list[str]


class TwistView(Frozen):
    holder: int | Literal["bot"] | None
    for_group: int | None
    fired: TwistCardView | None
    chosen: int | None


class PendingPublic(Frozen):
    kind: str
    seats: list[int]
    prompt: str
    fields: dict[str, Any] = {}
    options_count: int | None = None


class VoteView(Frozen):
    subject: str
    target: int | None
    votes: dict[int, str]
    result: str


class SearchView(Frozen):
    looked: list[Card]
    can_noise: bool
    keep: int


class Observation(Frozen):
    phase: str
    round_number: int
    round_track: int
    morale: int
    morale_max: int = 10
    food: int
    starvation: int
    waste: int
    first_player: int
    active_seat: int | None
    active_group: int | None
    turn_order: list[int]
    to_act: list[int]
    options: dict[str, Any]
    groups: list[GroupView]
    survivors: list[SurvivorView]
    locations: list[LocationView]
    main_objective: MainObjectiveView
    crisis: CrisisView | None
    last_crisis: CrisisResultView | None
    twist: TwistView
    pending: list[PendingPublic]
    last_vote: VoteView | None
    deck_counts: dict[str, int]
    graveyard: list[str]
    colony_kills: int
    deaths: int
    exiled_non_betrayers: int
    long_night: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    # private additions (§11.2); None/empty in the public view
    seat: int | None = None
    hand: dict[int, list[Card]] | None = None
    objective: dict[int, list[ObjectiveView]] | None = None
    twist_card: TwistCardView | None = None
    search: SearchView | None = None
    my_contributions: list[Card] | None = None
    my_vote: str | None = None
    peeks: list[dict[str, Any]] | None = None
    pending_private: list[dict[str, Any]] | None = None
    dealt: dict[int, list[str]] | None = None


# Records built from values the rules made, without validation (`rules.core.builder`);
# `tests/rules/test_observations_built.py` compares them with validated ones.
_group = builder(GroupView)
_survivor = builder(SurvivorView)
_location = builder(LocationView)
_entrance = builder(EntranceView)
_observation = builder(Observation)
_OBSERVATION_DEFAULTS = {
    name: field.default
    for name, field in Observation.model_fields.items()
    if not field.is_required() and field.default_factory is None
}
_CARDS: dict[str, Card] = {}  # a card's view never changes: built once per card


def card(cid: str) -> Card:
    found = _CARDS.get(cid)
    if found is None:
        c = ITEMS[cid]
        found = _CARDS[cid] = Card(
            id=c.id, name=c.name, symbol=c.symbol, value=c.value, mode=c.mode, effect=c.effect
        )
    return found


def objective(oid: str) -> ObjectiveView:
    o = OBJECTIVES[oid]
    return ObjectiveView(id=o.id, kind=o.kind, name=o.name, goal=o.goal)


def twist_card(tid: str) -> TwistCardView:
    t = TWISTS[tid]
    return TwistCardView(
        id=t.id,
        name=t.name,
        trigger=t.trigger,
        kind=t.kind,
        narrative=t.narrative,
        options=[f"{o.label}: {o.effects}" for o in t.options],
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


def _pending(w: dict[str, Any]) -> list[PendingPublic]:
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


def observe(w: dict[str, Any], seat: int | None, outcome: dict[str, Any] | None) -> Observation:
    main = MAINS[w["main"]]
    side = getattr(main, w["side"])
    ended = w["phase"] == "ended"
    drafting = w["phase"] == "draft"
    groups = []
    from rules.dead_of_winter.rules_modules import bandit_leader

    leader = bandit_leader(w) if core.module_on(w, "bandits") else None
    for g in w["groups"]:
        shown = g["revealed"] or (g["objectives"] if ended else [])
        groups.append(
            _group(
                group=g["group"],
                seat=g["seat"],
                leader=None if drafting else g["leader"],
                original_leader=None if drafting else g["original_leader"],
                survivor_ids=list(g["survivors"]),
                hand_count=len(g["hand"]),
                dice=sorted(g["dice"], reverse=True),
                dice_used=g["dice_used"],
                exiled=g["exiled"],
                eliminated=g["eliminated"],
                bandit_leader=g["group"] == leader,
                kills=g["kills"],
                contributed=g["contributed"],
                revealed_objective=[objective(o) for o in shown] if shown else None,
                was_betrayer=g["was_betrayer"]
                if not ended
                else any(OBJECTIVES[o].kind == "betrayal" for o in g["objectives"] + g["revealed"])
                and w["mode"] == "standard",
            )
        )
    survivors = []
    for sid, s in sorted(w["survivors"].items()):
        c = SURVIVORS[sid]
        survivors.append(
            _survivor(
                id=sid,
                name=c.name,
                short=c.short,
                occupation=c.occupation,
                influence=c.influence,
                attack=c.attack,
                search=c.search,
                ability=c.ability,
                where=c.where,
                group=s["group"],
                is_leader=w["groups"][s["group"]]["leader"] == sid,
                location=s["location"],
                wounds=s["wounds"],
                frostbite=s["frostbite"],
                despair=s["despair"],
                equipped=[card(x) for x in s["equipped"]],
                moved_this_turn=s["moved"],
                used_this_turn=list(s["used"]),
            )
        )
    locations = []
    for key in core.places(w):
        d = w["locations"][key]
        locations.append(
            _location(
                key=key,
                number=LOCATIONS.index(key) if key in LOCATIONS[1:] else None,
                name=LOCATION_NAMES[key],
                survivor_spaces=SURVIVOR_SPACES[key],
                occupied=core.occupied(w, key),
                survivor_ids=core.at(w, key),
                helpless=d["helpless"],
                unruly=d["unruly"],
                bandits=d.get("bandits", 0),
                noise=d["noise"],
                noise_cap=0 if key == "colony" else NOISE_CAP,
                deck_count=len(d["deck"]),
                entrances=[
                    _entrance(
                        number=i + 1,
                        spaces=ZOMBIE_SPACES[key],
                        zombies=z,
                        experiments=core.extra(d, "experiments", i),
                        barricades=d["barricades"][i],
                        traps=core.extra(d, "traps", i),
                    )
                    for i, z in enumerate(d["zombies"])
                ],
            )
        )
    crisis = None
    if w["crisis"]:
        cc = CRISES[w["crisis"]["id"]]
        counts: dict[int, int] = {}
        for x in w["crisis"]["contributions"]:
            counts[x["group"]] = counts.get(x["group"], 0) + 1
        crisis = CrisisView(
            id=cc.id,
            name=cc.name,
            prevent=cc.prevent,
            consequence=cc.consequence,
            bandits=cc.bandits,
            contributions=[Contributions(group=g, count=n) for g, n in sorted(counts.items())],
            card_count=len(w["crisis"]["contributions"]),
        )
    last = None
    if w["last_crisis"]:
        lc = w["last_crisis"]
        last = CrisisResultView(
            id=lc["id"],
            name=CRISES[lc["id"]].name,
            revealed=[card(x) for x in lc["revealed"]],
            score=lc["score"],
            threshold=lc["threshold"],
            result=lc["result"],
        )
    tw = w["twist"]
    decks = {
        "crisis": len(w["crisis_deck"]),
        "survivors": len(w["survivor_deck"]),
        "twist": len(w["twist_deck"]),
    }
    decks |= {str(i): len(w["locations"][k]["deck"]) for i, k in enumerate(LOCATIONS) if i}
    if "lab" in w["locations"]:
        decks["lab"] = len(w["locations"]["lab"]["deck"])
        decks["experiments"] = len(w["ln"]["experiment_deck"])
        decks["side_effects"] = len(w["ln"]["side_effects"])
    if "improvements" in (w.get("modules") or ()):
        decks["improvements"] = len(w["ln"]["improvement_deck"])
    active = w["active"]
    obs: dict[str, Any] = dict(
        phase=w["phase"],
        round_number=w["round_number"],
        round_track=w["round_track"],
        morale=w["morale"],
        food=w["food"],
        starvation=w["starvation"],
        waste=w["waste"],
        first_player=w["groups"][w["first_player"]]["seat"],
        active_seat=None if active is None else w["groups"][active]["seat"],
        active_group=active,
        turn_order=list(w["order"]),
        to_act=sorted(to_act(w)),
        options={
            "mode": w["mode"],
            "side": w["side"],
            "solo": w["solo"],
            "secret_deal": w["secret_deal"],
            "player_elimination": w["elimination"],
            "modules": list(w.get("modules") or ()),
        },
        groups=groups,
        survivors=survivors,
        locations=locations,
        main_objective=MainObjectiveView(
            id=main.id,
            name=main.name,
            side=w["side"],
            goal=side.goal,
            goal_text=side.goal,
            stash_symbols=list(main.stash),
            stash=[card(x) for x in w["stash"]],
            progress=[
                Progress(label=p["label"], have=p["have"], need=p["need"])
                for p in progress(w, side.goal)
            ],
        ),
        crisis=crisis,
        last_crisis=last,
        twist=TwistView(
            holder=tw["holder"],
            for_group=tw["for_group"],
            fired=twist_card(tw["fired"]) if tw["fired"] else None,
            chosen=tw["chosen"],
        ),
        pending=_pending(w),
        last_vote=VoteView(**w["last_vote"]) if w["last_vote"] else None,
        deck_counts=decks,
        graveyard=list(w["graveyard"]),
        colony_kills=w["colony_kills"],
        deaths=w["deaths"],
        exiled_non_betrayers=w["exiled_non_betrayers"],
        long_night=long_night_view(w),
        outcome=outcome,
    )
    if seat is not None:
        obs |= private(w, seat)
    return _observation(**{**_OBSERVATION_DEFAULTS, **obs})


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

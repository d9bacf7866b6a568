"""The observation contract (§11): what the public and each seat may see. Field names are the
contract's. Renderers and agents read only these records.

Secrets (§10.1) are added only for their owner: hands, objectives, the held twist card, own
contributions and ballot, own search, peeks. Nothing here depends on whether anyone is a betrayer
(§10.5) except the owner's own objective.
"""

from __future__ import annotations

from typing import Any

from rules.core import builder
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    CRISES,
    LOCATION_NAMES,
    LOCATIONS,
    MAINS,
    NOISE_CAP,
    OBJECTIVES,
    SURVIVOR_SPACES,
    SURVIVORS,
    ZOMBIE_SPACES,
    SurvivorFace,
)
from rules.dead_of_winter.observation_models import (
    Contributions,
    CrisisResultView,
    CrisisView,
    EntranceView,
    GroupView,
    LocationView,
    MainObjectiveView,
    Progress,
    SurvivorView,
    TwistView,
    VoteView,
    card,
    objective,
    twist_card,
)
from rules.dead_of_winter.observation_models import Observation as Observation
from rules.dead_of_winter.observation_parts import long_night_view, pending_public, private
from rules.dead_of_winter.rules_conditions import progress
from rules.dead_of_winter.rules_legal import to_act
from rules.record_copies import shared_fields

# Records built from values the rules made, without validation (`rules.core.builder`);
# `tests/rules/test_observations_built.py` compares them with validated ones.
_group = builder(GroupView)
_survivor = builder(SurvivorView)
_location = builder(LocationView)
_entrance = builder(EntranceView)
_observation = builder(Observation)
_FACES = {sid: shared_fields(c, SurvivorFace) for sid, c in SURVIVORS.items()}
"""Each survivor card's printed face, as its view repeats it."""
_OBSERVATION_DEFAULTS = {
    name: field.default
    for name, field in Observation.model_fields.items()
    if not field.is_required() and field.default_factory is None
}


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
        survivors.append(
            _survivor(
                **_FACES[sid],
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
        pending=pending_public(w),
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

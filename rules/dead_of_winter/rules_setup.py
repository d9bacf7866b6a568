"""Set-up (§3), the draft, and the variants' differences at the start (§8)."""

from __future__ import annotations

import random
from typing import Any

from rules.core import Event
from rules.dead_of_winter import effects
from rules.dead_of_winter import rules_bodies as bodies
from rules.dead_of_winter import rules_core as core
from rules.dead_of_winter.content import (
    ITEMS,
    LOCATIONS,
    MAINS,
    OBJECTIVES,
    SURVIVORS,
    TWISTS,
    ZOMBIE_SPACES,
)
from rules.dead_of_winter.rules_core import Ctx
from rules.dead_of_winter.state import DeadOfWinterOptions, State
from rules.dead_of_winter.words import group_named
from rules.errors import OptionsError


def resolve_mode(seats: int, options: DeadOfWinterOptions) -> str:
    """§3 step 1 and DW-1: 1–2 seats play co-op unless Prisoner's Dilemma was chosen."""
    if options.mode == "prisoners_dilemma":
        if seats != 2:
            raise OptionsError("Prisoner's Dilemma needs exactly 2 players.")
        return "prisoners_dilemma"
    if seats <= 2:
        return "coop"
    return options.mode or "standard"


def setup(
    seats: int, options: DeadOfWinterOptions, rng: random.Random
) -> tuple[State, list[Event]]:
    mode = resolve_mode(seats, options)
    solo = seats == 1
    groups = 2 if solo else seats
    main = options.objective if options.objective != "random" else rng.choice(sorted(MAINS))
    side = "hardcore" if mode == "coop" or options.hardcore else "standard"
    card = getattr(MAINS[main], side)
    coop = mode == "coop"

    def shuffled(ids: list[str]) -> list[str]:
        out = sorted(ids)
        rng.shuffle(out)
        return out

    crisis = shuffled(list(core_crises()))
    survivor_deck = shuffled([s for s, c in SURVIVORS.items() if c.coop or not coop])
    twist = shuffled([t for t, c in TWISTS.items() if c.coop or not coop])
    locations: dict[str, Any] = {}
    for key in LOCATIONS:
        k = 6 if key == "colony" else 1
        deck = [] if key == "colony" else shuffled([i for i, c in ITEMS.items() if c.deck == key])
        locations[key] = {
            "key": key,
            "zombies": [0] * k,
            "barricades": [0] * k,
            "noise": 0,
            "helpless": 0,
            "unruly": 0,
            "deck": deck,
            "traps": [0] * k,
            "experiments": [0] * k,
        }
    exiled = shuffled([o for o, c in OBJECTIVES.items() if c.kind == "exiled"])
    w: dict[str, Any] = {
        "seats": seats,
        "mode": mode,
        "solo": solo,
        "side": side,
        "secret_deal": options.secret_deal if mode == "standard" else "none",
        "elimination": options.player_elimination,
        "phase": "draft",
        "round_number": 1,
        "round_track": card.rounds,
        "morale": card.morale,
        "groups": [],
        "survivors": {},
        "locations": locations,
        "survivor_deck": survivor_deck,
        "crisis_deck": crisis,
        "twist_deck": twist,
        "exiled_deck": exiled,
        "main": main,
        "pending": [],
        "tasks": [],
        "tev": [],
        "peeks": [],
        "graveyard": [],
        "stash": [],
        "modules": list(options.modules()),
    }
    long_night_setup(w, shuffled)
    ctx = Ctx(w, rng)
    w["groups"] = [{"group": g, "seat": 0 if solo else g} for g in range(groups)]
    state0 = State.model_validate(w)  # fills every default
    w = state0.model_dump(mode="json")
    ctx.w = w
    f = effects.frame([card.setup], 0, None, "setup")
    effects.run(ctx, f)  # setup effects hold no choice (DW-53)
    starting = shuffled([i for i, c in ITEMS.items() if c.deck == "start"])
    per = 6 if groups == 2 else 5
    for g in w["groups"]:
        g["hand"] = starting[:per]
        del starting[:per]
        g["dealt"] = w["survivor_deck"][:4]
        del w["survivor_deck"][:4]
    events = [e for e in ctx.events if e.public]
    events.append(Event(text=f"Main objective: {MAINS[main].name} ({side} side).", kind="info"))
    if mode in ("standard", "prisoners_dilemma"):
        events += deal_objectives(w, rng)
    return State.model_validate(w), events


def long_night_setup(w: dict[str, Any], shuffled: Any) -> None:
    """§9.1 "adds at setup": the Hideout and 20 bandits, the improvement display and 12 tokens,
    the Lab with its deck, the experiment and side-effect decks."""
    from rules.dead_of_winter.content import EXPERIMENTS, IMPROVEMENTS, LAB_ITEMS, SIDE_EFFECTS

    modules = w["modules"]
    ln: dict[str, Any] = {}

    def place(key: str, deck: list[str]) -> None:
        w["locations"][key] = {
            "key": key,
            "zombies": [0],
            "barricades": [0],
            "noise": 0,
            "helpless": 0,
            "unruly": 0,
            "deck": deck,
            "traps": [0],
            "experiments": [0],
        }

    if "bandits" in modules:
        place("hideout", [])
        ln["bandit_supply"] = 20
    if "improvements" in modules:
        deck = shuffled(list(IMPROVEMENTS))
        ln.update(display=deck[:4], improvement_deck=deck[4:], token_supply=12)
        ln["tokens"] = {i: 0 for i in deck[:4]}
    if "lab" in modules:
        place("lab", shuffled(list(LAB_ITEMS)))
        deck = shuffled(list(EXPERIMENTS))
        ln.update(experiment=deck[0], experiment_deck=deck[1:], experiment_supply=19)
        ln["side_effects"] = shuffled(list(SIDE_EFFECTS))
    w["ln"] = ln


def core_crises() -> list[str]:
    from rules.dead_of_winter.content import CRISES

    return list(CRISES)


def deal_objectives(w: dict[str, Any], rng: random.Random) -> list[Event]:
    """§7.2, §8.3, §8.7: deal the secret (and betrayal) objectives, one private event each."""
    p = len(w["groups"])
    secret = sorted(o for o, c in OBJECTIVES.items() if c.kind == "secret")
    betrayal = sorted(o for o, c in OBJECTIVES.items() if c.kind == "betrayal")
    rng.shuffle(secret)
    rng.shuffle(betrayal)
    events = []
    if w["mode"] == "prisoners_dilemma":
        for g in w["groups"]:
            g["objectives"] = [secret.pop(), betrayal.pop()]
    else:
        deal = w["secret_deal"]
        pool = secret[: 2 * p if deal == "normal" else p]
        if deal != "no_betrayer":
            pool.append(betrayal[0])
        rng.shuffle(pool)
        for g in w["groups"]:
            g["objectives"] = [pool.pop()]
    for g in w["groups"]:
        names = " and ".join(OBJECTIVES[o].name for o in g["objectives"])
        events.append(
            Event(
                text=f"Your secret objective: {names}.",
                visible_to=frozenset({g["seat"]}),
                kind="objective_dealt",
            )
        )
    return events


def keep_count(w: dict[str, Any]) -> int:
    return 3 if len(w["groups"]) == 2 else 2


def draft(ctx: Ctx, group: int, keep: list[str], leader: str) -> None:
    """§3 step 9–10: keep survivors and name a leader; the last choice starts round 1."""
    w = ctx.w
    g = core.grp(w, group)
    g["drafted"] = True
    g["leader"] = g["original_leader"] = leader
    w["survivor_deck"] += [s for s in g["dealt"] if s not in keep]
    g["dealt"] = list(keep)
    who = group_named(w, group)
    whose = "its" if who.endswith(" group") else "their"  # a solo player's group, or a player
    ctx.say(f"{who} has chosen {whose} survivors.", "info")
    if not all(x["drafted"] for x in w["groups"]):
        return
    for x in w["groups"]:
        for sid in x["dealt"]:
            bodies.join(w, x["group"], sid, "colony")
        x["dealt"] = []
    ctx.rng.shuffle(w["survivor_deck"])
    first = max(w["groups"], key=lambda x: SURVIVORS[x["leader"]].influence)
    w["first_player"] = first["group"]
    w["phase"] = "turn"
    ctx.say(
        f"{group_named(w, first['group'])} has the first player token.",
        "info",
    )
    ctx.push("round_start")


def entrance_count(loc: str) -> int:
    return 6 if loc == "colony" else 1


def spaces(loc: str) -> int:
    return ZOMBIE_SPACES[loc]

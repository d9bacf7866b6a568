"""Words for Dead of Winter's moves: places, cards, goals and triggers in words, and a move's
label (§12.2). `rules.dead_of_winter.typed_moves` reads a label back; `rules.dead_of_winter.text`
is the game's text object (it re-exports what the game and the renderer use from here)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules.core import seat_ref
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.content import (
    IMPROVEMENTS,
    ITEMS,
    LOCATION_NAMES,
    LOCATIONS,
    SURVIVORS,
    TWISTS,
    ZOMBIE_SPACES,
    condition_of,
)
from rules.dead_of_winter.rules_conditions import value_of
from rules.dead_of_winter.rules_core import loc_name
from rules.dead_of_winter.words import place


def where(loc: str) -> str:
    if loc == "colony":
        return "colony"
    if loc in ("lab", "hideout"):
        return f"the {loc.capitalize()}"
    return f"{LOCATIONS.index(loc)} ({LOCATION_NAMES[loc]})"


def place_name(loc: str) -> str:
    """A location as players read it in a sentence: "the colony", "the School (3)" (its number on
    the board), "the Lab"; a move's label keeps `where`'s number first, as it is typed."""
    if loc in ("colony", "lab", "hideout"):
        return "the colony" if loc == "colony" else where(loc)
    return loc_name(loc)  # the thread's words


FLAG_WORDS = {
    "main_done": "the colony completes its main objective",
    "main_failed": "the colony fails",
    "is_exiled": "you are exiled",
    "leader_original": "your first leader is still alive",
}
CLAUSE_WORDS = {
    "morale": "morale",
    "food": "food in the supply",
    "round": "rounds left on the track",
    "waste": "cards in the waste pile",
    "helpless_at_colony": "helpless survivors at the colony",
    "colony_survivors": "survivors at the colony",
    "colony_kills": "zombies killed by everyone",
    "deaths": "survivors dead",
    "zombies": "zombies at {L}",
    "barricades": "barricades at {L}",
    "survivors_at": "survivors at {L}",
    "stash": "{Y}cards in the stash",
    "hand": "{Y}cards in your hand",
    "equipped": "{Y}items equipped on your survivors",
    "owns": "{Y}cards held or equipped by your group",
    "survivors": "survivors in your group",
    "away": "of your survivors away from the colony",
    "at": "of your survivors at {L}",
    "unwounded": "unwounded survivors in your group",
    "wounded": "wounded survivors in your group",
    "kills": "zombies killed by your group",
    "deaths_own": "of your survivors dead",
    "contributed": "cards you added to crises",
}


_ONE = re.compile(r"\b(survivor|card|zombie|barricade|item|round)s\b")


def goal_words(goal: str, groups: int | None = None, have: Sequence[int] = ()) -> str:
    """A condition of the content files (`stash Fuel>=P+4 & morale>=3`) in words, because the
    terminal and the panels show objectives to players, who never learned the notation. With the
    table's number of groups (`P`, DW-33) a count is said as the number it is ("at least 12
    zombies", not "at least 2×players + 6"). `have` is each counted clause's count now, in order
    (the main objective's progress): "at least 2 Weapon cards in the stash, 1 now; at least 6 Fuel
    cards in the stash, 4 now"."""
    if not have:
        return " and ".join(clause_words(clause, groups) for clause in goal.split(" & "))
    parts = []
    counted = iter(have)
    for clause in goal.split(" & "):
        words = clause_words(clause, groups)
        now = next(counted, None) if condition_of(clause)[0].op is not None else None
        parts.append(words if now is None else f"{words}, {now} now")
    return "; ".join(parts)


def clause_words(clause: str, groups: int | None = None) -> str:
    """One clause of a condition in words (see `goal_words`)."""
    if clause in FLAG_WORDS:
        return FLAG_WORDS[clause]
    if clause.startswith("survivor_in_play "):
        return f"{clause.split()[1]} is in play"
    m = re.fullmatch(r"(\w+)(?: (\w+))?(>=|<=|==)(\S+)", clause)
    if m is None or m.group(1) not in CLAUSE_WORDS:
        return clause
    name, arg, op, value = m.groups()
    if groups is not None and "P" in value:
        value = str(value_of(value, groups))
    value = value.replace("2*P", "2×players").replace("3*P", "3×players")
    value = re.sub(r"\bP\b", "players", value).replace("+", " + ")
    loc = ""
    if arg == "colony":
        loc = "the colony"
    elif arg and arg.isdigit():
        loc = place_name(LOCATIONS[int(arg)])
    thing = CLAUSE_WORDS[name].format(L=loc, Y=f"{arg} " if arg and not loc else "")
    bound = {">=": "at least ", "<=": "at most ", "==": "exactly "}[op]
    amount = "no" if (op, value) == ("<=", "0") else f"{bound}{value}"
    if value == "1" and not thing.startswith("of "):  # "at least 1 survivor dead"
        thing = _ONE.sub(lambda m: m.group(1), thing, count=1)
    return f"{amount} {thing}"


def trigger_words(trigger: str) -> str:
    """A twist card's trigger in words (`on_search 2` → the event “search 2 (Grocery Store)”),
    because the holder must know when the card will fire."""
    first, _, rest = trigger.partition(" & ")
    if not first.startswith("on_"):
        return goal_words(trigger)
    words = first.split()
    event = TRIGGER_WORDS.get(words[0], words[0][3:].replace("_", " "))
    arg = words[1] if len(words) > 1 else ""
    if arg:
        spot = place(LOCATIONS[int(arg)]) if arg.isdigit() else _TRIGGER_PLACES.get(arg, arg)
        at = spot if spot.startswith(("away", "anywhere")) else f"at {spot}"
        face = {"bite": "a bite", "wound": "a wound", "blank": "a blank"}.get(arg, arg)
        event = event.format(place=spot, at=at, face=face, card=arg)
    else:
        event = re.sub(r" \{\w+\}", "", event)
    return event + (f" and {goal_words(rest)}" if rest else "")


TRIGGER_WORDS = {
    "on_move_to": "a survivor of yours moves to {place}",
    "on_search": "a survivor of yours searches {place}",
    "on_noise": "you make noise {at}",
    "on_attack": "a survivor of yours attacks {at}",
    "on_barricade": "you build a barricade {at}",
    "on_clean_waste": "you clean the waste",
    "on_attract": "you lure zombies",
    "on_exposure": "an exposure roll shows {face}",
    "on_play": "you play a {card} card",
    "on_contribute": "you add a card to the crisis",
    "on_spend_food": "you spend food",
    "on_request": "you ask another player for a card",
    "on_survivor_added": "a survivor joins your group",
    "on_survivor_killed": "a survivor of yours dies",
}
"""A twist card's trigger event in words (the content's `on_search 2`): the holder must know
when the card fires."""

_TRIGGER_PLACES = {
    "colony": "the colony",
    "lab": "the Lab",
    "hideout": "the Hideout",
    "away": "away from the colony",
    "any": "anywhere",
}


def progress_words(label: str) -> str:
    """A progress counter's label (`colony_kills`, `stash Fuel`) in words."""
    name, _, arg = label.partition(" ")
    if name not in CLAUSE_WORDS:
        return label
    loc = "the colony" if arg == "colony" else where(LOCATIONS[int(arg)]) if arg.isdigit() else ""
    return CLAUSE_WORDS[name].format(L=loc, Y=f"{arg} " if arg and not loc else "")


def short(sid: str) -> str:
    return SURVIVORS[sid].short


def cname(cid: str) -> str:
    return ITEMS[cid].name


def target_name(t: str, *, things: bool = False) -> str:
    """What a target or a chosen value names: a die, a player, a survivor, a place (`things`: or a
    card or an improvement)."""
    if t.startswith("die:"):
        return f"die {t[4:]}"
    if t.startswith("seat:"):
        return seat_ref(int(t[5:]))
    if t in SURVIVORS:
        return short(t)
    if things and t in ITEMS:
        return cname(t)
    if things and t in IMPROVEMENTS:
        return IMPROVEMENTS[t].name
    return where(t)


def target_text(t: str | None) -> str:
    return "" if t is None else f" on {target_name(t)}"


def using(die: int | None) -> str:
    return "" if die is None else f" using {die}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n > 1 else ''}"


def entrance_words(w: dict[str, Any], number: int, lure: bool = False) -> str:
    """What stands at a colony entrance (numbered from 1), for the entrance choices of DW-13 and
    §6.7: "2 zombies, 1 barricade"; for a lure also what the zombie will do there (a trap fires,
    a barricade breaks, an overrun)."""
    d = w["locations"]["colony"]
    e = number - 1
    zombies, barricades = d["zombies"][e], d["barricades"][e]
    experiments = (d.get("experiments") or [0] * 6)[e]
    traps = (d.get("traps") or [0] * 6)[e]
    parts = [
        _count(n, word)
        for n, word in (
            (zombies, "zombie"),
            (experiments, "experiment zombie"),
            (barricades, "barricade"),
            (traps, "trap"),
        )
        if n
    ]
    words = ", ".join(parts) or "empty"
    if lure:
        if traps:
            words += "; its trap fires"
        elif zombies + experiments + barricades + traps >= ZOMBIE_SPACES["colony"]:
            words += "; full: a barricade breaks" if barricades else "; full: overrun"
    return words


def label_ln(w: dict[str, Any], a: A.Action) -> str | None:
    """Labels of the Long Night moves (§12.2), None for any other move."""
    if isinstance(a, A.Contain):
        return f"Contain with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Work):
        name = IMPROVEMENTS[a.improvement].name
        return f"Work on {name} with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Scrap):
        return f"Scrap {cname(a.card)} for {IMPROVEMENTS[a.improvement].name}"
    if isinstance(a, A.Raid):
        return f"Raid the hideout by {a.how} with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Bribe):
        return f"Bribe a bandit at {where(a.location)} with {cname(a.card)}"
    if isinstance(a, A.RigTrap):
        spot = (
            f"colony {a.entrance}" if a.entrance else where(w["survivors"][a.survivor]["location"])
        )
        return (
            f"Rig a trap at {spot} with {short(a.survivor)} using {a.die} and {cname(a.fuel_card)}"
        )
    if isinstance(a, A.PlaceBandit):
        return f"Place a bandit at {where(a.location)}"
    if isinstance(a, A.FirstPlayer):
        return "Call a vote to keep the token" if a.vote else "Pass the first player token"
    return None


def label(w: dict[str, Any], a: A.Action) -> str:
    if isinstance(a, A.Draft):
        return f"Keep {', '.join(short(s) for s in a.keep)}; leader {short(a.leader)}"
    if isinstance(a, A.Attack) and a.bandit:
        spot = where(w["survivors"][a.survivor]["location"])
        return f"Attack bandit at {spot} with {short(a.survivor)} using {a.die}"
    if not isinstance(a, A.Attack) and (module_label := label_ln(w, a)):
        return module_label
    if isinstance(a, A.Attack):
        spot = (
            f"colony {a.entrance}" if a.entrance else where(w["survivors"][a.survivor]["location"])
        )
        return f"Attack {spot} with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Search):
        return (
            f"Search {where(w['survivors'][a.survivor]['location'])} with {short(a.survivor)}"
            + using(a.die)
        )
    if isinstance(a, A.Noise):
        return "Make noise"
    if isinstance(a, A.Keep):
        return f"Keep {cname(a.card)}"
    if isinstance(a, A.Barricade):
        spot = (
            f"colony {a.entrance}" if a.entrance else where(w["survivors"][a.survivor]["location"])
        )
        return f"Barricade {spot} with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Clean):
        return f"Clean waste with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.Attract):
        return f"Attract with {short(a.survivor)} using {a.die}"
    if isinstance(a, A.AttractFrom):
        spot = f"colony {a.entrance}" if a.entrance else where(a.location)
        return f"Attract from {spot}"
    if isinstance(a, A.LureTo):
        spot = entrance_words(w, a.entrance, lure=True)
        return f"Send the lured zombie to colony entrance {a.entrance} ({spot})"
    if isinstance(a, A.KillAt):
        d = w["locations"]["colony"]
        experiment = sum(d.get("experiments") or ()) > 0
        what = "an experiment zombie" if experiment else "a zombie"
        spot = entrance_words(w, a.entrance)
        return f"Kill {what} at colony entrance {a.entrance} ({spot})"
    if isinstance(a, A.UseAbility):
        return f"Use {short(a.survivor)}{target_text(a.target)}{using(a.die)}"
    if isinstance(a, A.UseItem):
        verb = "Spend" if ITEMS[a.card].ability.form == "spent" else "Use"
        return f"{verb} {cname(a.card)} ({short(a.survivor)}){target_text(a.target)}{using(a.die)}"
    if isinstance(a, A.Move):
        fuel = f" with {cname(a.fuel_card)}" if a.fuel_card else ""
        return f"Move {short(a.survivor)} to {where(a.to)}{fuel}"
    if isinstance(a, A.Play):
        who = f" with {short(a.survivor)}" if a.survivor else ""
        return f"Play {cname(a.card)}{who}{target_text(a.target)}"
    if isinstance(a, A.Equip):
        return f"Equip {cname(a.card)} on {short(a.survivor)}"
    if isinstance(a, A.Discard):
        return f"Discard {cname(a.card)}"
    if isinstance(a, A.Contribute):
        return f"Contribute {cname(a.card)}"
    if isinstance(a, A.Commit):
        return f"Commit {cname(a.card)} to the objective"
    if isinstance(a, A.SpendFood):
        return f"Spend food: raise a {a.die} to {a.die + 1}"
    if isinstance(a, A.Request):
        return f"Request {a.symbol or 'any'} card from {seat_ref(a.target)}"
    if isinstance(a, A.Give):
        return f"Give {cname(a.card)}" if a.card else "Refuse"
    if isinstance(a, A.HandOff):
        return f"Hand off {cname(a.card)} from {short(a.source)} to {short(a.to)}"
    if isinstance(a, A.Accept):
        return "Accept" if a.yes else "Decline"
    if isinstance(a, A.CallExile):
        return f"Call a vote to exile {seat_ref(a.target)}"
    if isinstance(a, A.Vote):
        return "Vote yes" if a.yes else "Vote no"
    if isinstance(a, A.Option):
        card = w["twist"]["fired"]
        name = TWISTS[card].options[a.n - 1].label if card else ""
        return f"Option {a.n}: {name}"
    if isinstance(a, A.Bite):
        sid = w["pending"][0]["data"]["survivor"] if w["pending"] else None
        who = short(sid) if sid else "the survivor"
        return f"Roll exposure for {who}" if a.roll else f"Let {who} die"
    if isinstance(a, A.Choose):
        return "Stop" if a.value == "stop" else f"Choose {target_name(a.value, things=True)}"
    if isinstance(a, A.NewLeader):
        return f"Make {short(a.survivor)} leader"
    if isinstance(a, A.Place):
        fuel = f" with {cname(a.fuel_card)}" if a.fuel_card else ""
        return f"Place {short(a.survivor)} at {where(a.location)}{fuel}"
    if isinstance(a, A.Stop):
        return "Stop"
    return "End turn"

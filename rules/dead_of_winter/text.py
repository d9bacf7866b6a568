"""Words: labels (§12.2), typed notation, `describe`, and the rules summary.

`parse` reads a label back to its action (`parse(label(a)) == a`) and a few short forms; text is
case-insensitive, extra spaces and parenthesised words are ignored. Anything else is refused with a
sentence naming what was not understood.
"""

from __future__ import annotations

import json
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
)
from rules.dead_of_winter.observation import Observation
from rules.dead_of_winter.words import group_name, group_of, own_group, place
from rules.errors import ParseError
from rules.parsing import seat_words


def where(loc: str) -> str:
    if loc == "colony":
        return "colony"
    if loc in ("lab", "hideout"):
        return f"the {loc.capitalize()}"
    return f"{LOCATIONS.index(loc)} ({LOCATION_NAMES[loc]})"


def place_name(loc: str) -> str:
    """A location as players read it: "the colony" or its name with its number."""
    return "the colony" if loc == "colony" else where(loc)


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


def goal_words(goal: str) -> str:
    """A condition of the content files (`stash Fuel>=P+4 & morale>=3`) in words, because the
    terminal and the panels show objectives to players, who never learned the notation."""
    parts = []
    for clause in goal.split(" & "):
        if clause in FLAG_WORDS:
            parts.append(FLAG_WORDS[clause])
            continue
        if clause.startswith("survivor_in_play "):
            parts.append(f"{clause.split()[1]} is in play")
            continue
        m = re.fullmatch(r"(\w+)(?: (\w+))?(>=|<=|==)(\S+)", clause)
        if m is None or m.group(1) not in CLAUSE_WORDS:
            parts.append(clause)
            continue
        name, arg, op, value = m.groups()
        value = value.replace("2*P", "2×players").replace("3*P", "3×players")
        value = re.sub(r"\bP\b", "players", value).replace("+", " + ")
        loc = ""
        if arg == "colony":
            loc = "the colony"
        elif arg and arg.isdigit():
            loc = where(LOCATIONS[int(arg)])
        thing = CLAUSE_WORDS[name].format(L=loc, Y=f"{arg} " if arg and not loc else "")
        bound = {">=": "at least ", "<=": "at most ", "==": "exactly "}[op]
        amount = "no" if (op, value) == ("<=", "0") else f"{bound}{value}"
        parts.append(f"{amount} {thing}")
    return " and ".join(parts)


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


def target_text(t: str | None) -> str:
    if t is None:
        return ""
    if t.startswith("die:"):
        return f" on die {t[4:]}"
    if t.startswith("seat:"):
        return f" on {seat_ref(int(t[5:]))}"
    if t in SURVIVORS:
        return f" on {short(t)}"
    return f" on {where(t)}"


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
        v = a.value
        if v == "stop":
            return "Stop"
        if v.startswith("die:"):
            return f"Choose die {v[4:]}"
        if v.startswith("seat:"):
            return f"Choose {seat_ref(int(v[5:]))}"
        if v in SURVIVORS:
            return f"Choose {short(v)}"
        if v in ITEMS:
            return f"Choose {cname(v)}"
        if v in IMPROVEMENTS:
            return f"Choose {IMPROVEMENTS[v].name}"
        return f"Choose {where(v)}"
    if isinstance(a, A.NewLeader):
        return f"Make {short(a.survivor)} leader"
    if isinstance(a, A.Place):
        fuel = f" with {cname(a.fuel_card)}" if a.fuel_card else ""
        return f"Place {short(a.survivor)} at {where(a.location)}{fuel}"
    if isinstance(a, A.Stop):
        return "Stop"
    return "End turn"


COMMON_KINDS = (
    "Move",
    "Search",
    "Attack",
    "Barricade",
    "Clean waste",
    "Attract",
    "Contribute",
    "Vote",
)
"""The moves a private panel offers first, as buttons (issue 10 §3); every other kind gets a
select menu of its own."""

KIND_PREFIXES: tuple[tuple[str, str], ...] = (
    ("spend food", "Spend food"),
    ("clean waste", "Clean waste"),
    ("call a vote to exile", "Exile"),
    ("hand off", "Hand off"),
    ("make noise", "Make noise"),
    ("roll exposure", "Exposure"),
    ("end turn", "End turn"),
    ("pass the first player token", "First player token"),
    ("call a vote to keep the token", "First player token"),
)
KIND_WORDS = {
    "spend": "Use",
    "refuse": "Give",
    "accept": "Answer",
    "decline": "Answer",
    "let": "Exposure",
    "option": "Twist option",
    "send": "Lure",
}


def move_kind(text: str) -> str:
    """The kind a label belongs to on a private panel: its verb, with the few labels whose verb is
    shared by different moves told apart (a draft's "Keep …; leader …" from keeping a searched
    card, "Make X leader" from "Make noise", spending food from spending an item)."""
    low = text.lower()
    for prefix, kind in KIND_PREFIXES:
        if low.startswith(prefix):
            return kind
    first = low.split(" ", 1)[0]
    if first == "keep" and "; leader " in low:
        return "Draft"
    if first == "make" and low.endswith(" leader"):
        return "New leader"
    return KIND_WORDS.get(first, first.capitalize() or "Other")


def norm(text: str) -> str:
    """Typed text and labels alike: lower case, without brackets and punctuation, a player's
    `{sN}` as the notation types it ("seat 2")."""
    text = re.sub(r"\([^)]*\)", " ", seat_words(text).lower())
    text = text.replace("@", "").replace(",", " ").replace(";", " ").replace(":", " ")
    return " ".join(text.split())


SHORT_FORMS: dict[str, str] = {
    "pass": "end turn",
    "yes": "vote yes",
    "no": "vote no",
    "noise": "make noise",
    "refuse": "refuse",
    "roll": "roll exposure",
    "kill": "let",
    "accept": "accept",
    "decline": "decline",
    "stop": "stop",
    "1": "option 1",
    "2": "option 2",
    "pass token": "pass the first player token",
    "keep token": "call a vote to keep the token",
}


LOCATION_WORDS = {
    "police": "1",
    "grocery": "2",
    "school": "3",
    "library": "4",
    "hospital": "5",
    "gas": "6",
}
LEADING = {
    "exile": "call a vote to exile",
    "food": "spend food raise a",
    "leader": "make",
    "bandit": "place a bandit at",
}


def _subsequence(words: list[str], label_words: list[str]) -> bool:
    it = iter(label_words)
    return all(any(w == x for x in it) for w in words)


def _one(w: dict[str, Any], cands: list[A.Action], text: str) -> A.Action:
    """One action from candidates: the same move with different dice means the lowest die
    (DW-9); anything else must be typed more fully."""
    if len(cands) == 1:
        return cands[0]
    shapes = {json.dumps(a.model_dump(exclude={"die"}), sort_keys=True) for a in cands}
    if len(shapes) == 1:
        return min(cands, key=lambda a: getattr(a, "die", None) or 0)
    options = "; ".join(label(w, a) for a in cands[:4])
    raise ParseError(f"{text.strip()!r} could mean several moves: {options}. Type one in full.")


ENTRANCE_ANSWER = re.compile(r"(?:(?:lure|send|kill|to|at|into|colony|entrance)\s+)*([1-6])")
"""A colony entrance typed as the answer to DW-13's or §6.7's choice: `2`, `entrance 2`,
`colony 2`, `lure 2`, `kill 2`."""


def _entrance_answer(w: dict[str, Any], want: str, legal: Sequence[A.Action]) -> A.Action | None:
    choices = [a for a in legal if isinstance(a, A.LureTo | A.KillAt)]
    m = ENTRANCE_ANSWER.fullmatch(want)
    if not choices or m is None:
        return None
    n = int(m.group(1))
    found = next((a for a in choices if a.entrance == n), None)
    if found is None:
        options = "; ".join(label(w, a) for a in choices)
        raise ParseError(f"Colony entrance {n} is not one of the choices: {options}.")
    return found


def parse(w: dict[str, Any], text: str, legal: Sequence[A.Action]) -> A.Action:
    want = norm(text)
    if not want:
        raise ParseError("Type a move, for example `pass` or `move Lucia to 5`.")
    labels = [(norm(label(w, a)), a) for a in legal]
    exact = [a for lab, a in labels if lab == want]
    if exact:
        return exact[0]
    entrance = _entrance_answer(w, want, legal)
    if entrance is not None:
        return entrance
    want = SHORT_FORMS.get(want, want)
    words = [LOCATION_WORDS.get(x, x) for x in want.split()]
    if words[0] in LEADING:
        words = LEADING[words[0]].split() + words[1:]
    if words[0] == "raid" and words[1:2] != ["the"]:  # `raid with Bram` searches (§12.2)
        how = "attack" if "attack" in words else "search"
        words = ["raid", "the", "hideout", "by", how, *(x for x in words[1:] if x != "attack")]
    want = " ".join(words)
    exact = [a for lab, a in labels if lab == want]
    if exact:
        return exact[0]
    starts = [a for lab, a in labels if lab.startswith(want)]
    if starts:
        return _one(w, starts, text)
    loose = [
        a for lab, a in labels if lab.split()[0] == words[0] and _subsequence(words, lab.split())
    ]
    if loose:
        return _one(w, loose, text)
    if words[0] in ("play", "contribute", "discard", "commit", "equip", "give"):
        return _unknown_card(w, words)
    raise ParseError(f"I don't understand {text.strip()!r} as a move you can make now.")


def _unknown_card(w: dict[str, Any], words: list[str]) -> A.Action:
    name = " ".join(words[1:])
    known = any(norm(c.name).startswith(name) or c.id.lower() == name for c in ITEMS.values())
    if not known:
        raise ParseError(f"There is no card called {name!r}.")
    raise ParseError(f"You cannot {words[0]} {name!r} now: it is not in your hand or not usable.")


RULES = """**Dead of Winter** — a colony of survivors in a zombie winter.
Each round a crisis is revealed; players secretly add cards to prevent it. Everyone rolls action
dice (1 + one per survivor). On your turn spend dice to attack, search, barricade, clean waste or
attract zombies, and take free actions: move (then roll exposure), play, equip, contribute, request
a card, call an exile vote, pass. A twist card is held in secret by the player on your right and
fires by itself when its trigger is met. Then the colony eats, waste costs morale, the crisis is
scored and zombies arrive. The colony loses at 0 morale or when the round track runs out; the main
objective, checked at the end of the round, wins it. You win only if your secret objective is met
(one player may be a betrayer who wants the colony to fail)."""

NOTATION = """Moves: `move Lucia to 5`, `move Lucia to hospital with Lamp Oil`, `search 3 with
Bram using 5`, `attack colony 2 with Bram`, `barricade colony 3 with Tamsin`, `clean with Ezekiel`,
`play Canned Stew`, `equip Cruiser Shotgun on Kasimir`, `contribute Tin of Beans` (privately),
`request Medicine from seat 2`, `exile seat 3`, `vote yes` (privately), `option 1`, `pass`.
The Long Night: `contain with Yara using 3`, `work on Iron Gate with Tamsin using 4`, `scrap
Tangled Wire for Iron Gate`, `raid with Bram` / `raid attack with Bram`, `bribe 2 with Tin of
Beans`, `attack bandit with Bram`, `rig a trap at colony 3 with Tamsin`, `bandit 3`, `pass token`,
`keep token`, and pills are played like any card: `play Grey Tablets with Lucia`.
Luring into the colony or an extra kill there asks for an entrance: `lure 3`, `kill 2`."""


def location_ln(loc: Any) -> str:
    """A location's Long Night pieces in words (nothing in a base game)."""
    parts = []
    if loc.unruly:
        parts.append(f"unruly {loc.unruly}")
    if any(e.experiments for e in loc.entrances):
        parts.append("experiment zombies " + "/".join(str(e.experiments) for e in loc.entrances))
    if any(e.traps for e in loc.entrances):
        parts.append("traps " + "/".join(str(e.traps) for e in loc.entrances))
    if loc.bandits:
        parts.append(f"bandits {loc.bandits}")
    return "".join(f", {p}" for p in parts)


def describe_ln(o: Observation) -> list[str]:
    """The modules' public table parts: stash, improvements, the experiment (§9)."""
    ln = o.long_night or {}
    lines = []
    if "hideout_stash" in ln:
        stash = ", ".join(c["name"] for c in ln["hideout_stash"]) or "empty"
        lines.append(f"Hideout stash: {stash}; bandits in the supply {ln['bandit_supply']}.")
    if "improvements" in ln:
        shown = ", ".join(
            f"{i['name']} {i['tokens']}/{i['need']}" for i in ln["improvements"]["display"]
        )
        built = ", ".join(IMPROVEMENTS[i].name for i in ln["improvements"]["built"]) or "none"
        lines.append(f"Improvements on display: {shown}; built: {built}.")
    if ln.get("experiment"):
        x = ln["experiment"]
        dice = ", ".join(map(str, x["covered"])) or "none"
        code = " ".join(map(str, x["code"]))
        lines.append(f"Experiment {x['name']}: code {code}, dice placed {dice}.")
    return lines


def describe(o: Observation) -> str:
    lines = [
        f"**Dead of Winter** — round {o.round_number}, {o.round_track} left on the track, "
        f"phase {o.phase}.",
        f"Morale {o.morale}/10 · food {o.food} · starvation {o.starvation} · waste {o.waste}.",
        f"Main objective: {o.main_objective.name} ({o.main_objective.side}): "
        f"{goal_words(o.main_objective.goal)}"
        + "".join(
            f" · {progress_words(p.label)} {p.have}/{p.need}" for p in o.main_objective.progress
        ),
    ]
    if o.crisis:
        lines.append(
            f"Crisis: {o.crisis.name}, prevent with {o.crisis.prevent}; "
            f"{o.crisis.card_count} card(s) added."
        )
    if o.last_crisis:
        lc = o.last_crisis
        lines.append(
            f"Last crisis {lc.name}: {', '.join(c.name for c in lc.revealed) or 'nothing'}"
            f" → {lc.result.replace('_', ' ')}."
        )
    for loc in o.locations:
        zs = "/".join(str(e.zombies) for e in loc.entrances)
        bs = "/".join(str(e.barricades) for e in loc.entrances)
        people = ", ".join(short(s) for s in loc.survivor_ids) or "nobody"
        extra = f", helpless {loc.helpless}" if loc.key == "colony" else f", noise {loc.noise}"
        extra += location_ln(loc)
        lines.append(
            f"- {loc.name}: {people}; zombies {zs}, barricades {bs}{extra}, deck {loc.deck_count}."
        )
    seats = [g.seat for g in o.groups]
    for g in o.groups:
        state = " (exiled)" if g.exiled else " (out)" if g.eliminated else ""
        dice = ", ".join(map(str, g.dice)) or "none"
        lines.append(
            f"{group_of(seats, g.group)[0].upper()}{group_of(seats, g.group)[1:]}{state}: "
            f"{g.hand_count} cards, dice {dice}, kills {g.kills}."
        )
    for s in o.survivors:
        hurt = "".join(
            f", {n} {word}{'s' if n > 1 and word == 'wound' else ''}"
            for n, word in ((s.wounds, "wound"), (s.frostbite, "frostbite"), (s.despair, "despair"))
            if n
        )
        gear = f", carrying {', '.join(c.name for c in s.equipped)}" if s.equipped else ""
        lead = ", leader" if s.is_leader else ""
        lines.append(
            f"  {s.short} ({group_name(seats, s.group)}{lead}) at {place_name(s.location)}"
            f"{hurt}{gear}."
        )
    lines += describe_ln(o)
    if o.twist.fired:
        lines.append(f"Twist fired: {o.twist.fired.name}.")
    if o.hand is not None:
        for gid, cards in o.hand.items():
            lines.append(
                f"Your hand{own_group(seats, gid)}: {', '.join(c.name for c in cards) or 'empty'}."
            )
    if o.objective:
        for gid, objs in o.objective.items():
            for ob in objs:
                lines.append(
                    f"Your {'betrayal ' if ob.kind == 'betrayal' else ''}objective"
                    f"{own_group(seats, gid)}: {ob.name} — {goal_words(ob.goal)}."
                )
    if o.twist_card:
        lines.append(
            f"You hold twist card {o.twist_card.name}; it fires when "
            f"{trigger_words(o.twist_card.trigger)}."
        )
    if o.seat is not None:
        lines += private_lines(o)
    if o.outcome:
        lines.append(f"Game over: {str(o.outcome['reason']).replace('_', ' ')}.")
    return "\n".join(lines)


def private_lines(o: Observation) -> list[str]:
    """What a seat's own panel adds (§11.2): its survivors, the cards it has put into the crisis
    (the public sees only how many), its ballot in a running vote, a search's cards and the
    decision waiting for it — so a player never has to remember what they did in secret."""
    lines: list[str] = []
    mine = [g for g in o.groups if g.seat == o.seat]
    seats = [g.seat for g in o.groups]
    for g in mine:
        people = [s for s in o.survivors if s.group == g.group]
        shown = "; ".join(
            f"{s.short}{' (leader)' if s.is_leader else ''} at {place_name(s.location)}"
            + (f", {s.wounds} wound{'s' if s.wounds > 1 else ''}" if s.wounds else "")
            for s in people
        )
        lines.append(f"Your survivors{own_group(seats, g.group)}: {shown or 'none'}.")
    if o.crisis is not None and o.my_contributions is not None:
        added = ", ".join(c.name for c in o.my_contributions)
        lines.append(
            f"Your cards in the crisis {o.crisis.name}: {added}; others see only how many."
            if added
            else f"You have added nothing to the crisis {o.crisis.name} yet."
        )
    for p in o.pending:
        if p.kind != "vote" or o.seat not in p.fields.get("eligible", ()):
            continue
        subject = p.fields.get("subject")
        target = p.fields.get("target")
        about = (
            f"exile {seat_ref(target)}"
            if subject == "exile" and isinstance(target, int)
            else "keeping the first player token"
            if subject == "first_player"
            else "the twist card"
        )
        cast = len(p.fields.get("cast", ()))
        ballot = f"you voted {o.my_vote}" if o.my_vote else "you have not voted yet"
        lines.append(
            f"Vote on {about}: {ballot} ({cast} of {len(p.fields['eligible'])} ballots cast); "
            "ballots stay secret until the last one is cast."
        )
    for p in o.pending:
        if o.seat not in p.seats:
            continue
        who = (
            short(str(p.fields.get("survivor", "")))
            if p.fields.get("survivor")
            else "Your survivor"
        )
        if p.kind == "lure_entrance":
            lines.append(
                f"{who} lures a zombie from {place_name(str(p.fields.get('source')))}: choose the "
                "colony entrance it goes into (into a full one it breaks a barricade or overruns)."
            )
        elif p.kind == "extra_kill":
            left = int(p.fields.get("kills_left", 1))
            lines.append(
                f"{who} may kill {left} more zombie{'s' if left > 1 else ''} at the colony: "
                "choose the entrance."
            )
    if o.search is not None:
        looked = ", ".join(c.name for c in o.search.looked) or "nothing"
        lines.append(f"Your search found: {looked}; you may keep {o.search.keep} more.")
    for item in o.pending_private or []:
        if item.get("kind") in ("given_card", "hand_off"):
            offered = item.get("card")
            name = (
                offered.get("name") if isinstance(offered, dict) else getattr(offered, "name", "")
            )
            lines.append(f"You are offered {name or 'a card'}.")
        elif item.get("kind") == "choose":
            lines.append(f"Your choice: {item.get('prompt', 'choose one')}.")
    return lines

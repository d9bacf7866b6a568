"""Dead of Winter's content in words: effects, abilities, places and twist cards as sentences.

The content files write effects in a small notation (`kill_zombies colony 2 safe; exposure
acting`); a player never learned it, so every text a player reads says them in words. These
describers sit below the rules modules (they read only `content`), so event lines (a twist card
that fires), the board and the choice paths all say the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import seat_ref
from rules.dead_of_winter.content import LOCATION_NAMES, LOCATIONS, Ability, Effect, parse_effects
from rules.game_text import plural


def place(loc: str) -> str:
    """A place as a player reads it: "the colony", "the Police Station", "the Lab"."""
    if loc == "colony":
        return "the colony"
    name = LOCATION_NAMES.get(loc, loc.capitalize())
    return f"the {name.removeprefix('The ')}"


def _at(token: str) -> str:
    """ "here" or "at the School": where an effect happens."""
    if token in ("here", "any"):
        return {"here": "here", "any": "anywhere"}[token]
    return f"at {_loc(token)}"


def _loc(token: str) -> str:
    if token == "colony":
        return "the colony"
    if token.isdigit():
        return place(LOCATIONS[int(token)])
    return {
        "here": "here",
        "colony": "the colony",
        "lab": "the Lab",
        "hideout": "the Hideout",
        "random": "a random place",
        "each": "each place in town",
        "any": "a place you pick",
        "away": "away from the colony",
    }.get(token, token)


_WHO = {
    "acting": "this survivor",
    "chosen": "one of your survivors",
    "chosen_here": "a survivor here",
    "any": "any survivor",
    "leader": "your leader",
    "lowest_here": "the lowest-influence survivor here",
    "lowest_colony": "the lowest-influence survivor at the colony",
    "lowest_own": "your lowest-influence survivor",
    "each_here": "everyone here",
    "each_colony": "everyone at the colony",
    "each_away": "everyone away from the colony",
    "each_own": "each of your survivors",
    "each_leader": "every leader",
    "all": "every survivor",
}
_PLAYER = {
    "active": "you",
    "each": "every player",
    "first": "the first player",
    "chosen_player": "a player you pick",
}


def _n(count: str | int, word: str) -> str:
    return plural(int(count), word)


def _helpless(count: str, verb: str) -> str:
    """ "1 helpless survivor arrives", "2 helpless survivors arrive"."""
    return f"{_n(count, 'helpless survivor')} {verb + 's' if int(count) == 1 else verb}"


def effect_words(e: Effect) -> str:
    """One effect of the content in words ("kill 2 zombies here, no exposure")."""
    a = e.args
    op = e.op
    if op == "morale":
        return f"morale {a[0]}"
    if op in ("gain_food", "lose_food", "pay_food"):
        verb = {"gain_food": "gain", "lose_food": "lose", "pay_food": "pay"}[op]
        return f"{verb} {a[0]} food"
    if op == "waste":
        return f"{_n(a[1], 'card')} from the deck {_at(a[0])} to the waste"
    if op == "clean_waste":
        return f"clean {_n(a[0], 'waste card')}"
    if op == "add_zombies":
        return f"{_n(a[1], 'zombie')} {_at(a[0])}"
    if op == "kill_zombies":
        safe = ", no exposure" if len(a) > 2 else ""
        return f"kill {_n(a[1], 'zombie')} {_at(a[0])}{safe}"
    if op == "attract":
        return f"lure {_n(a[0], 'zombie')} here"
    if op in ("barricade", "unbarricade"):
        verb = "build" if op == "barricade" else "remove"
        return f"{verb} {_n(a[1], 'barricade')} {_at(a[0])}"
    if op == "noise":
        return f"{a[1]} noise {_at(a[0])}"
    if op == "clear_noise":
        return f"clear the noise {_at(a[0])}"
    if op in ("wound", "frostbite", "despair"):
        token = {"wound": "wound", "frostbite": "frostbite", "despair": "despair"}[op]
        return f"{a[1]} {token} to {_WHO.get(a[0], a[0])}"
    if op == "heal":
        return f"heal {_n(a[1], 'wound')} on {_WHO.get(a[0], a[0])}"
    if op == "remove_despair":
        return f"remove {a[1]} despair from {_WHO.get(a[0], a[0])}"
    if op == "kill":
        return f"kill {_WHO.get(a[0], a[0])}"
    if op == "exposure":
        return f"{_WHO.get(a[0], a[0])} rolls exposure"
    if op == "move":
        return f"move {_WHO.get(a[0], a[0])} to {_loc(a[1])}"
    if op == "add_survivor":
        return "a new survivor joins you" if a[0] == "1" else f"{a[0]} new survivors join you"
    if op == "add_helpless":
        return _helpless(a[0], "arrive")
    if op == "lose_helpless":
        return _helpless(a[0], "leave")
    if op == "kill_helpless":
        return _helpless(a[0], "die")
    if op == "draw_item":
        return f"draw {_n(a[1], 'card')} from {_loc(a[0])}"
    if op == "discard":
        return f"{_PLAYER.get(a[0], a[0])} discard {_n(a[1], 'card')}"
    if op == "pay_card":
        kind = "any" if a[0] == "any" else a[0]
        return f"pay {a[1]} {kind} card{'s' if int(a[1]) > 1 else ''}"
    if op == "extra_die":
        return f"roll {_n(a[0], 'extra die')}".replace("dies", "dice")
    if op == "lose_die":
        return f"lose {_n(a[0], 'die')}".replace("dies", "dice")
    if op == "reroll":
        return f"reroll {_n(a[0], 'die')}".replace("dies", "dice")
    if op == "die_plus":
        return f"raise a die by {a[0]}"
    if op == "peek_hand":
        return f"see the hand of {_PLAYER.get(a[0], a[0])}"
    if op == "peek_objective":
        return f"see the objective of {_PLAYER.get(a[0], a[0])}"
    if op == "safe_move":
        return "burn it to move without an exposure roll"
    if op == "none":
        return "nothing happens"
    if op == "add_unruly":
        return f"{a[0]} unruly helpless arrive"
    if op == "calm":
        return f"calm {a[0]} unruly helpless"
    if op == "trap":
        return f"{_n(a[1], 'trap')} {_at(a[0])}"
    if op == "advance":
        return f"{_n(a[0], 'advancement token')} on improvements"
    if op == "remove_bandits":
        return f"remove {_n(a[1], 'bandit')} {_at(a[0])}"
    if op == "take_stash":
        return f"take {_n(a[0], 'card')} from the Hideout stash"
    if op == "add_experiments":
        return f"{_n(a[1], 'experiment zombie')} {_at(a[0])}"
    if op == "side_effect":
        return f"a pill side effect for {_WHO.get(a[0], a[0])}"
    return op.replace("_", " ")


_MODIFIERS = {
    "move_safe": "moves without exposure",
    "attack_safe": "attacks without exposure",
    "search_safe": "searches the Lab without exposure",
    "attack_any_die": "attacks with any die",
    "frost_as_wound": "frostbite counts as a plain wound",
    "spread_immune": "bites never spread to it",
}


def modifier_words(m: Effect) -> str:
    a = m.args
    if m.op in _MODIFIERS:
        return _MODIFIERS[m.op]
    if m.op == "attack_kills":
        return f"attacks kill up to {a[0]}"
    if m.op == "search_look":
        return f"searches look at {a[0]} more"
    if m.op == "search_keep":
        return f"keeps {a[1]} more card when searching {_loc(a[0])}"
    if m.op == "barricade_count":
        return f"barricades {a[0]} at once"
    if m.op == "clean_count":
        return f"cleans {a[0]} waste at once"
    if m.op == "extra_dice":
        return f"{_n(a[0], 'extra die')} a round".replace("dies", "dice")
    return m.op.replace("_", " ")


def effects_words(effects: Sequence[Effect]) -> str:
    """Several effects in words, one after another."""
    return "; ".join(effect_words(e) for e in effects)


def ability_words(ability: Ability) -> str:
    """An ability of a survivor, an equipped item or an improvement in words."""
    if ability.form == "passive":
        return ", ".join(modifier_words(m) for m in ability.modifiers)
    body = effects_words(ability.effects)
    if ability.form == "die":
        once = ", once a turn" if ability.once else ""
        return f"die {ability.need}+{once}: {body}"
    return {
        "free": f"free once a turn: {body}",
        "spent": f"discard it to {body}",
        "round": f"each round: {body}",
        "built": f"when built: {body}",
    }[ability.form] + ""


def effects_text(effects: str | Sequence[Effect]) -> str:
    """Effects written in the content's notation (or already parsed) in words; "nothing
    happens" for none."""
    parsed = parse_effects(effects) if isinstance(effects, str) else effects
    return effects_words(parsed) or "nothing happens"


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def group_name(seats: Sequence[int], group: int) -> str:
    """A group as players read it: its player's name (`{sN}`, filled in by the service), or
    "{sN}'s second group" when one player leads several (the solo game)."""
    seat = seats[group]
    if seats.count(seat) == 1:
        return seat_ref(seat)
    return f"{seat_ref(seat)}'s {_ORDINALS[seats[:group].count(seat)]} group"


def group_of(seats: Sequence[int], group: int) -> str:
    """Whose group, as a possessive: "{s0}'s group", or "{s0}'s second group" (solo)."""
    name = group_name(seats, group)
    return name if name.endswith(" group") else f"{name}'s group"


def own_group(seats: Sequence[int], group: int) -> str:
    """Which of the reader's own groups, for their panel: "" when they lead one, else
    " (second group)"."""
    seat = seats[group]
    if seats.count(seat) == 1:
        return ""
    return f" ({_ORDINALS[seats[:group].count(seat)]} group)"


def group_named(w: Mapping[str, Any], group: int) -> str:
    """`group_name` of a group of the state `w`, for event lines ("{s1} plays Canned Stew.")."""
    return group_name([g["seat"] for g in w["groups"]], group)


def group_owned(w: Mapping[str, Any], group: int) -> str:
    """`group_of` of a group of the state `w` ("Cyrus joins {s1}'s group at the Colony.")."""
    return group_of([g["seat"] for g in w["groups"]], group)


def searched(who: str, where: str, looked: int, kept: int, noise: int) -> str:
    """A finished search in the present tense, like every move's line: "Bram searches the School
    (3): looks at 2 cards, keeps 1 and makes 1 noise."; without noise "… looks at 1 card and
    keeps none."."""
    kept_words = str(kept) if kept else "none"
    did = f", keeps {kept_words} and makes {noise} noise" if noise else f" and keeps {kept_words}"
    return f"{who} searches {where}: looks at {plural(looked, 'card')}{did}."

"""The card content as data: pydantic models of `data/*.json`, loaded and validated at import.

Every effect, ability, trigger and condition string of the content is parsed here into typed
records of the closed §13 vocabulary; a string using anything else fails at import, so a bad card
can never reach a table. The interpreter (`effects.py`) has exactly one resolver per term.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from rules.core import Frozen

DATA = Path(__file__).parent / "data"

SYMBOLS: tuple[str, ...] = ("Food", "Fuel", "Medicine", "Tool", "Weapon", "Book", "Outsider")
LOCATIONS: tuple[str, ...] = ("colony", "police", "grocery", "school", "library", "hospital", "gas")
TOWN: tuple[str, ...] = LOCATIONS[1:]
LOCATION_NAMES: dict[str, str] = {
    "colony": "Colony",
    "police": "Police Station",
    "grocery": "Grocery Store",
    "school": "School",
    "library": "Library",
    "hospital": "Hospital",
    "gas": "Gas Station",
    "lab": "The Lab",
    "hideout": "The Hideout",
}
SURVIVOR_SPACES: dict[str, int] = {
    "colony": 24,
    "police": 3,
    "grocery": 3,
    "school": 4,
    "library": 3,
    "hospital": 4,
    "gas": 2,
    "lab": 3,
    "hideout": 3,
}
ZOMBIE_SPACES: dict[str, int] = {
    "colony": 3,
    "police": 4,
    "grocery": 4,
    "school": 4,
    "library": 3,
    "hospital": 4,
    "gas": 3,
    "lab": 4,
    "hideout": 3,
}
NOISE_CAP = 4
MODULE_LOCATIONS: dict[str, str] = {"lab": "lab", "hideout": "bandits"}
"""The Long Night's extra locations and the module that brings each (§9.5, §9.7)."""

# --- the closed vocabulary (§13) --------------------------------------------------------------
# Argument kinds: L location, n count, s signed count, S survivor selector, X player selector,
# Y symbol, F exposure face, N survivor short name, ?safe optional literal `safe`, ?n optional n.
EFFECTS: dict[str, tuple[str, ...]] = {
    "morale": ("s",),
    "gain_food": ("n",),
    "lose_food": ("n",),
    "pay_food": ("n",),
    "waste": ("L", "n"),
    "clean_waste": ("n",),
    "add_zombies": ("L", "n"),
    "kill_zombies": ("L", "n", "?safe"),
    "attract": ("n",),
    "barricade": ("L", "n"),
    "unbarricade": ("L", "n"),
    "noise": ("L", "n"),
    "clear_noise": ("L",),
    "wound": ("S", "n"),
    "frostbite": ("S", "n"),
    "heal": ("S", "n"),
    "kill": ("S", "?n"),
    "exposure": ("S",),
    "move": ("S", "L"),
    "add_survivor": ("n",),
    "add_helpless": ("n",),
    "lose_helpless": ("n",),
    "kill_helpless": ("n",),
    "draw_item": ("L", "n"),
    "discard": ("X", "n"),
    "pay_card": ("Y", "n"),
    "extra_die": ("n",),
    "lose_die": ("n",),
    "reroll": ("n",),
    "die_plus": ("n",),
    "peek_hand": ("X",),
    "peek_objective": ("X",),
    "safe_move": (),
    "none": (),
    "despair": ("S", "n"),
    "remove_despair": ("S", "n"),
    "add_unruly": ("n",),
    "calm": ("n",),
    "trap": ("L", "n"),
    "advance": ("n",),
    "remove_bandits": ("L", "n"),
    "take_stash": ("n",),
    "add_experiments": ("L", "n"),
    "side_effect": ("S",),
}
MODIFIERS: dict[str, tuple[str, ...]] = {
    "move_safe": (),
    "attack_safe": (),
    "search_safe": (),
    "attack_kills": ("n",),
    "attack_any_die": (),
    "search_look": ("n",),
    "search_keep": ("L", "n"),
    "barricade_count": ("n",),
    "clean_count": ("n",),
    "frost_as_wound": (),
    "spread_immune": (),
    "extra_dice": ("n",),
}
TRIGGER_EVENTS: dict[str, tuple[str, ...]] = {
    "on_move_to": ("L",),
    "on_search": ("L",),
    "on_noise": ("L",),
    "on_attack": ("L",),
    "on_barricade": ("L",),
    "on_clean_waste": (),
    "on_attract": (),
    "on_exposure": ("F",),
    "on_play": ("Y",),
    "on_contribute": (),
    "on_spend_food": (),
    "on_request": (),
    "on_survivor_added": (),
    "on_survivor_killed": (),
}
FLAGS: frozenset[str] = frozenset({"main_done", "main_failed", "is_exiled", "leader_original"})
CLAUSES: dict[str, tuple[str, ...]] = {
    "survivor_in_play": ("N",),
    "morale": (),
    "food": (),
    "round": (),
    "waste": (),
    "helpless_at_colony": (),
    "colony_survivors": (),
    "colony_kills": (),
    "deaths": (),
    "zombies": ("L",),
    "barricades": ("L",),
    "survivors_at": ("L",),
    "stash": ("Y",),
    "hand": ("?Y",),
    "equipped": ("?Y",),
    "owns": ("Y",),
    "survivors": (),
    "away": (),
    "at": ("L",),
    "unwounded": (),
    "wounded": (),
    "kills": (),
    "deaths_own": (),
    "contributed": (),
}
SURVIVOR_SELECTORS = frozenset(
    {
        "acting",
        "chosen",
        "chosen_here",
        "any",
        "leader",
        "lowest_here",
        "lowest_colony",
        "lowest_own",
        "each_here",
        "each_colony",
        "each_away",
        "each_own",
        "each_leader",
        "all",
    }
)
PLAYER_SELECTORS = frozenset({"active", "each", "first", "chosen_player"})
EFFECT_LOCATIONS = frozenset({"1", "2", "3", "4", "5", "6", "colony", "lab", "hideout"}) | {
    "here",
    "random",
    "each",
    "any",
}
COND_LOCATIONS = frozenset({"1", "2", "3", "4", "5", "6", "colony", "lab", "hideout"})
TRIGGER_LOCATIONS = COND_LOCATIONS | {"away", "any"}
FACES = frozenset({"blank", "wound", "frostbite", "bite"})
CHOOSING = frozenset({"chosen", "chosen_here", "any", "chosen_player"})


def loc_key(token: str) -> str:
    """A location token `1`–`6` or a key, as the location key the state uses."""
    return LOCATIONS[int(token)] if token.isdigit() else token


def _check_args(name: str, spec: tuple[str, ...], args: tuple[str, ...], where: str) -> None:
    required = [k for k in spec if not k.startswith("?")]
    if not len(required) <= len(args) <= len(spec):
        raise ValueError(f"{where}: {name} takes {len(spec)} arguments, got {args}")
    for kind, arg in zip(spec, args, strict=False):
        kind = kind.lstrip("?")
        ok = {
            "n": arg.isdigit(),
            "s": re.fullmatch(r"[+-]\d+", arg) is not None,
            "L": arg in (EFFECT_LOCATIONS if where == "effect" else TRIGGER_LOCATIONS),
            "S": arg in SURVIVOR_SELECTORS,
            "X": arg in PLAYER_SELECTORS,
            "Y": arg in (*SYMBOLS, "any"),
            "F": arg in FACES,
            "N": arg.isalpha(),
            "safe": arg == "safe",
        }[kind]
        if not ok:
            raise ValueError(f"{where}: {name} does not accept {arg!r}")


class Effect(Frozen):
    op: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.op, *self.args))


class Ability(Frozen):
    """`form: body`. form is passive, die (with `need`), free, spent, round or built."""

    form: Literal["passive", "die", "free", "spent", "round", "built"]
    need: int = 0
    once: bool = False
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Effect, ...] = ()


class Clause(Frozen):
    name: str
    arg: str | None = None
    op: Literal[">=", "<=", "=="] | None = None
    value: str | None = None


def parse_effects(text: str) -> tuple[Effect, ...]:
    out = []
    for part in text.split("; "):
        words = part.split()
        if not words or words[0] not in EFFECTS:
            raise ValueError(f"unknown effect {part!r}")
        _check_args(words[0], EFFECTS[words[0]], tuple(words[1:]), "effect")
        out.append(Effect(op=words[0], args=tuple(words[1:])))
    return tuple(out)


def parse_ability(text: str) -> Ability:
    form, _, body = text.partition(": ")
    if form == "passive":
        mods = []
        for part in body.split(", "):
            words = part.split()
            if not words or words[0] not in MODIFIERS:
                raise ValueError(f"unknown modifier {part!r}")
            _check_args(words[0], MODIFIERS[words[0]], tuple(words[1:]), "effect")
            mods.append(Effect(op=words[0], args=tuple(words[1:])))
        return Ability(form="passive", modifiers=tuple(mods))
    if m := re.fullmatch(r"(\d)\+( 1/turn)?", form):
        return Ability(
            form="die", need=int(m.group(1)), once=bool(m.group(2)), effects=parse_effects(body)
        )
    if form == "free 1/turn":
        return Ability(form="free", once=True, effects=parse_effects(body))
    if form in ("spent", "round", "built"):
        return Ability(form=form, effects=parse_effects(body))
    raise ValueError(f"unknown ability form {form!r}")


_CLAUSE = re.compile(r"(\w+)(?: (\w+))?(>=|<=|==)(\S+)")


def parse_condition(text: str, where: str = "condition") -> tuple[Clause, ...]:
    out = []
    for part in text.split(" & "):
        if part in FLAGS:
            out.append(Clause(name=part))
            continue
        words = part.split()
        if words[0] == "survivor_in_play" and len(words) == 2 and words[1].isalpha():
            out.append(Clause(name="survivor_in_play", arg=words[1]))
            continue
        m = _CLAUSE.fullmatch(part)
        if m is None or m.group(1) not in CLAUSES:
            raise ValueError(f"unknown {where} clause {part!r}")
        name, arg, op, value = m.groups()
        spec = CLAUSES[name]
        _check_args(name, spec, (arg,) if arg else (), "condition")
        if not re.fullmatch(r"\d+|P|P\+\d+|\d+\*P|\d+\*P\+\d+", value):
            raise ValueError(f"bad value in {part!r}")
        out.append(Clause(name=name, arg=arg, op=op, value=value))  # type: ignore[arg-type]
    return tuple(out)


def parse_trigger(text: str) -> tuple[Effect | None, tuple[Clause, ...]]:
    first, _, rest = text.partition(" & ")
    words = first.split()
    if words[0] in TRIGGER_EVENTS:
        _check_args(words[0], TRIGGER_EVENTS[words[0]], tuple(words[1:]), "trigger")
        event = Effect(op=words[0], args=tuple(words[1:]))
        return event, parse_condition(rest) if rest else ()
    return None, parse_condition(text)


class SurvivorFace(Frozen):
    """What a survivor card prints, as every seat sees it (its view adds where it is now)."""

    id: str
    name: str
    short: str
    occupation: str
    influence: int
    attack: int
    search: int
    ability: str
    where: str


class Survivor(SurvivorFace):
    coop: bool

    @property
    def parsed(self) -> Ability:
        return _ability(self.ability)


class Item(Frozen):
    id: str
    name: str
    deck: str
    symbol: str
    value: int | None
    tags: tuple[str, ...]
    mode: Literal["waste", "equip", "event"]
    effect: str

    @model_validator(mode="after")
    def _valid(self) -> Item:
        if self.symbol not in SYMBOLS:
            raise ValueError(f"{self.id}: unknown symbol {self.symbol}")
        _ability(self.effect) if self.mode == "equip" else parse_effects(self.effect)
        return self

    @property
    def ability(self) -> Ability:
        return _ability(self.effect)

    @property
    def effects(self) -> tuple[Effect, ...]:
        return effects_of(self.effect)


def _checked(parse: Callable[[str], object]) -> AfterValidator:
    """A text field of the card data that `parse` must accept (its error names the fault)."""

    def check(text: str) -> str:
        parse(text)
        return text

    return AfterValidator(check)


EffectsText = Annotated[str, _checked(parse_effects)]
ConditionText = Annotated[str, _checked(parse_condition)]


def parse_bandits(text: str) -> tuple[tuple[int, str | None], ...]:
    """A crisis's bandit field (§9.5): `random n` or `a@L a@L …` as (count, location or None)."""
    if m := re.fullmatch(r"random (\d)", text):
        return ((int(m.group(1)), None),)
    out = []
    for part in text.split():
        m = re.fullmatch(r"(\d)@([1-6])", part)
        if m is None:
            raise ValueError(f"bad bandit field {text!r}")
        out.append((int(m.group(1)), LOCATIONS[int(m.group(2))]))
    if not out:
        raise ValueError("empty bandit field")
    return tuple(out)


BanditsText = Annotated[str, _checked(parse_bandits)]


class Crisis(Frozen):
    id: str
    name: str
    prevent: str
    consequence: EffectsText
    bandits: BanditsText


class Improvement(Frozen):
    """§9.6: built with `need` advancement tokens; its effect is a `built:`, `round:` or
    `passive:` ability."""

    id: str
    name: str
    need: int
    effect: str

    @model_validator(mode="after")
    def _valid(self) -> Improvement:
        if not 1 <= self.need <= 3:
            raise ValueError(f"{self.id}: an improvement needs 1–3 tokens")
        if _ability(self.effect).form not in ("built", "round", "passive"):
            raise ValueError(f"{self.id}: built, round or passive only")
        return self

    @property
    def ability(self) -> Ability:
        return _ability(self.effect)


class Experiment(Frozen):
    """§9.7: a containment code of 2–3 die values and the two ways it can end."""

    id: str
    name: str
    code: tuple[int, ...]
    breakout: str
    contained: str

    @model_validator(mode="after")
    def _valid(self) -> Experiment:
        if not 2 <= len(self.code) <= 3 or not all(1 <= c <= 6 for c in self.code):
            raise ValueError(f"{self.id}: a code is 2–3 die values")
        for text in (self.breakout, self.contained):
            if set(a for e in parse_effects(text) for a in e.args) & (
                CHOOSING | {"acting", "here"}
            ):
                raise ValueError(f"{self.id}: experiment results have no acting survivor")
        return self


class SideEffect(Frozen):
    id: str
    name: str
    effect: EffectsText


class RaidResult(Frozen):
    roll: int
    name: str
    effect: EffectsText


class Side(Frozen):
    morale: int
    rounds: int
    setup: str
    goal: str

    @model_validator(mode="after")
    def _valid(self) -> Side:
        for e in parse_effects(self.setup):
            if set(e.args) & (CHOOSING | {"acting", "here"}):
                raise ValueError("objective setup has no acting player (DW-53)")
        parse_condition(self.goal)
        return self


class MainObjective(Frozen):
    id: str
    name: str
    length: str
    standard: Side
    hardcore: Side
    stash: tuple[str, ...]


class Objective(Frozen):
    id: str
    name: str
    kind: Literal["secret", "betrayal", "exiled"]
    goal: ConditionText


class TwistOption(Frozen):
    label: str
    effects: EffectsText


class Twist(Frozen):
    id: str
    name: str
    trigger: str
    kind: Literal["choice", "vote"]
    coop: bool
    narrative: str
    options: tuple[TwistOption, TwistOption]

    @model_validator(mode="after")
    def _valid(self) -> Twist:
        parse_trigger(self.trigger)
        if parse_effects(self.options[1].effects)[0].op.startswith("pay_"):
            raise ValueError(f"{self.id}: option 2 never has a cost")
        if self.kind == "vote" and any(
            e.op.startswith("pay_") for o in self.options for e in parse_effects(o.effects)
        ):
            raise ValueError(f"{self.id}: vote cards carry no cost (DW-41)")
        return self


@cache
def _ability(text: str) -> Ability:
    return parse_ability(text)


@cache
def effects_of(text: str) -> tuple[Effect, ...]:
    return parse_effects(text)


@cache
def condition_of(text: str) -> tuple[Clause, ...]:
    return parse_condition(text)


@cache
def trigger_of(text: str) -> tuple[Effect | None, tuple[Clause, ...]]:
    return parse_trigger(text)


def _load(name: str) -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads((DATA / f"{name}.json").read_text())
    return data


SURVIVORS: dict[str, Survivor] = {
    s.id: s for s in (Survivor.model_validate(d) for d in _load("survivors"))
}
for _s in SURVIVORS.values():
    _s.parsed  # noqa: B018 - validates every ability at import
ITEMS: dict[str, Item] = {i.id: i for i in (Item.model_validate(d) for d in _load("items"))}
CRISES: dict[str, Crisis] = {c.id: c for c in (Crisis.model_validate(d) for d in _load("crises"))}
MAINS: dict[str, MainObjective] = {
    m.id: m for m in (MainObjective.model_validate(d) for d in _load("main_objectives"))
}
OBJECTIVES: dict[str, Objective] = {
    o.id: o for o in (Objective.model_validate(d) for d in _load("objectives"))
}
TWISTS: dict[str, Twist] = {t.id: t for t in (Twist.model_validate(d) for d in _load("twists"))}
BY_SHORT: dict[str, str] = {s.short: s.id for s in SURVIVORS.values()}
IMPROVEMENTS: dict[str, Improvement] = {
    i.id: i for i in (Improvement.model_validate(d) for d in _load("improvements"))
}
LAB_ITEMS: dict[str, Item] = {i.id: i for i in (Item.model_validate(d) for d in _load("lab_items"))}
EXPERIMENTS: dict[str, Experiment] = {
    x.id: x for x in (Experiment.model_validate(d) for d in _load("experiments"))
}
SIDE_EFFECTS: dict[str, SideEffect] = {
    x.id: x for x in (SideEffect.model_validate(d) for d in _load("side_effects"))
}
HIDEOUT: dict[int, RaidResult] = {
    x.roll: x for x in (RaidResult.model_validate(d) for d in _load("hideout"))
}


def _validate_content() -> None:
    if len(SURVIVORS) != 30 or len(ITEMS) != 145 or len(CRISES) != 20 or len(TWISTS) != 40:
        raise ValueError("the base-game content is incomplete")
    if len({s.influence for s in SURVIVORS.values()}) != 30:
        raise ValueError("influence must be unique")
    if len(BY_SHORT) != 30:
        raise ValueError("short names must be unique")
    for t in TWISTS.values():
        for clause in trigger_of(t.trigger)[1]:
            if clause.name == "survivor_in_play" and clause.arg not in BY_SHORT:
                raise ValueError(f"{t.id}: no survivor {clause.arg}")
    sizes = (len(IMPROVEMENTS), len(LAB_ITEMS), len(EXPERIMENTS), len(SIDE_EFFECTS))
    if sizes != (10, 20, 12, 6) or sorted(HIDEOUT) != [1, 2, 3, 4, 5, 6]:
        raise ValueError("the Long Night content is incomplete")
    if any(i.deck != "lab" for i in LAB_ITEMS.values()) or set(LAB_ITEMS) & set(ITEMS):
        raise ValueError("Lab items belong to the Lab deck and have ids of their own")


_validate_content()
ITEMS.update(LAB_ITEMS)  # one card lookup for every item; the Lab deck exists only with `lab`


def all_effect_texts() -> list[tuple[str, str]]:
    """Every (card id, effect/ability string) of the content, for the vocabulary test."""
    out: list[tuple[str, str]] = [(s.id, s.ability) for s in SURVIVORS.values()]
    out += [(i.id, i.effect) for i in ITEMS.values()]
    out += [(c.id, c.consequence) for c in CRISES.values()]
    for m in MAINS.values():
        out += [(m.id, m.standard.setup), (m.id, m.hardcore.setup)]
    for t in TWISTS.values():
        out += [(t.id, o.effects) for o in t.options]
    out += [(i.id, i.effect) for i in IMPROVEMENTS.values()]
    for x in EXPERIMENTS.values():
        out += [(x.id, x.breakout), (x.id, x.contained)]
    out += [(x.id, x.effect) for x in SIDE_EFFECTS.values()]
    out += [(f"hideout {x.roll}", x.effect) for x in HIDEOUT.values()]
    return out

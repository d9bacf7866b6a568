"""Dead of Winter's choice paths (`rules/choices.py`): every move a few short steps from the top
of the panel, with the facts the choice needs where it is made.

A turn offers a hundred moves or more, so they are grouped by kind — Attack, Search, Barricade,
Move, Play a card, End turn … — then by the survivor or card (its attack and search values, its
ability, a card's effect in words), then the target and the die in one option ("At entrance 2
with a 5"). Which facets share a step is chosen per kind so that no step offers more than 25
options (`choice_parts.fit_steps`); a kind with a single move is one click. The draft picks the
leader first (each survivor's influence, attack, search and ability in the option's detail), then
who else to keep. Answers to a decision (a search's cards, a lure's entrance, a vote, a twist
card's options) are one short list. Players are named as `{sN}`, filled in by the service.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.choices import MAX_DETAIL, MAX_LABEL, Choice, Path, clip
from rules.dead_of_winter import actions as A
from rules.dead_of_winter.choice_parts import (
    Entry,
    Facet,
    Table,
    W,
    capital,
    card_words,
    fit_steps,
    flat_steps,
    harmful,
    n_of,
    survivor_words,
)
from rules.dead_of_winter.content import (
    CRISES,
    IMPROVEMENTS,
    ITEMS,
    LOCATION_NAMES,
    MAINS,
    SURVIVORS,
    TWISTS,
    effects_of,
)
from rules.dead_of_winter.labels import entrance_words
from rules.dead_of_winter.rules_modules import open_code
from rules.dead_of_winter.rules_round import threshold
from rules.dead_of_winter.words import ability_words, effects_words, place

# ---------------------------------------------------------------------------------------------
# a turn's moves


KIND = {  # in the order the turn's menu lists them every turn: moves, dice, cards, others
    "move": Choice("Move", "move a survivor (once a turn each)"),
    "search": Choice("Search", "spend a die to look at a location's cards"),
    "attack": Choice("Attack", "spend a die to kill zombies or a bandit"),
    "barricade": Choice("Barricade", "spend a die to block an entrance"),
    "clean": Choice("Clean waste", "spend a die to clear the waste pile"),
    "attract": Choice("Attract", "spend a die to lure zombies to your survivor"),
    "play": Choice("Play a card", "play a card from your hand"),
    "equip": Choice("Equip", "give an item from your hand to a survivor"),
    "ability": Choice("Use an ability", "a survivor's own ability"),
    "item": Choice("Use an item", "an equipped item's ability"),
    "contribute": Choice("Add to the crisis", "a card in secret"),
    "commit": Choice("Add to the stash", "a card toward the main objective"),
    "spend_food": Choice("Spend food", "raise a die by 1 for 1 food"),
    "hand_off": Choice("Hand off", "pass an equipped item to a survivor at the same place"),
    "discard": Choice("Discard", "throw a card on the waste pile", "danger"),
    "request": Choice("Ask for a card", "ask another player for a card"),
    "call_exile": Choice("Exile", "call a vote to exile a player", "danger"),
    "contain": Choice("Contain", "put a die on the experiment's code"),
    "improve": Choice("Improvements", "work on or scrap for an improvement"),
    "bribe": Choice("Bribe a bandit", "pay a Food card to send a bandit away"),
    "trap": Choice("Rig a trap", "a Fuel card and a die set a trap"),
    "pass": Choice("End turn", "your turn ends", "quiet"),
}
KIND = {key: replace(kind, rank=n) for n, (key, kind) in enumerate(KIND.items(), 1)}


def turn_entry(t: Table, index: int, a: A.Action) -> Entry | None:
    """A turn move's kind and facets, or None for a move that is not a turn's."""
    w = t.w
    if isinstance(a, A.Attack):
        sid = a.survivor
        card = SURVIVORS[sid]
        who = t.survivor(sid, f"attack {card.attack}+")
        loc = t.where(sid)
        if a.bandit:
            spot = Facet(f"a bandit at {place(loc)}", f"{w['locations'][loc]['bandits']} there")
        elif a.entrance:
            spot = t.entrance(a.entrance)
        else:
            spot = Facet(f"at {place(loc)}", t.zombies(loc))
        return Entry(index, KIND["attack"], [who, spot, t.die(a.die, card.attack)])
    if isinstance(a, A.Raid):
        card = SURVIVORS[a.survivor]
        how = "attack" if a.how == "attack" else "search"
        need = card.attack if a.how == "attack" else card.search
        who = t.survivor(a.survivor, f"{how} {need}+")
        raid = Facet("raiding the Hideout", "roll on the Hideout table")
        return Entry(index, KIND[how], [who, raid, t.die(a.die, need)])
    if isinstance(a, A.Search):
        card = SURVIVORS[a.survivor]
        loc = t.where(a.survivor)
        deck = len(w["locations"][loc]["deck"])
        who = t.survivor(a.survivor, f"search {card.search}+, {n_of(deck, 'card')} left")
        return Entry(index, KIND["search"], [who, Facet(""), t.die(a.die, card.search)])
    if isinstance(a, A.Barricade):
        loc = t.where(a.survivor)
        spot = t.entrance(a.entrance) if a.entrance else Facet(f"at {place(loc)}", t.zombies(loc))
        return Entry(index, KIND["barricade"], [t.survivor(a.survivor), spot, t.die(a.die)])
    if isinstance(a, A.Clean):
        who = t.survivor(a.survivor, f"waste {w['waste']}")
        return Entry(index, KIND["clean"], [who, t.die(a.die)])
    if isinstance(a, A.Attract):
        return Entry(index, KIND["attract"], [t.survivor(a.survivor), t.die(a.die)])
    if isinstance(a, A.UseAbility):
        ab = SURVIVORS[a.survivor].parsed
        who = Facet(SURVIVORS[a.survivor].short, clip(ability_words(ab), MAX_DETAIL))
        die = t.die(a.die, ab.need) if a.die is not None else Facet("")
        return Entry(index, KIND["ability"], [who, t.target(a.target), die])
    if isinstance(a, A.UseItem):
        item = ITEMS[a.card]
        name = f"{item.name} ({SURVIVORS[a.survivor].short})"
        what = Facet(name, clip(ability_words(item.ability), MAX_DETAIL))
        die = t.die(a.die, item.ability.need) if a.die is not None else Facet("")
        return Entry(index, KIND["item"], [what, t.target(a.target), die])
    if isinstance(a, A.Move):
        safe = any(m.op == "move_safe" for m in SURVIVORS[a.survivor].parsed.modifiers)
        risk = "moves without exposure" if safe else "rolls exposure unless Fuel is burned"
        who = t.survivor(a.survivor, risk)
        there = sum(1 for s in w["survivors"].values() if s["location"] == a.to)
        people = n_of(there, "survivor") + " there" if there else "nobody there"
        to = Facet(f"to {place(a.to)}", f"{people}, {t.zombies(a.to)}")
        if a.fuel_card:
            fuel = Facet(f"burning {ITEMS[a.fuel_card].name}", "no exposure roll")
        else:
            fuel = Facet("", "")
        return Entry(index, KIND["move"], [who, to, fuel])
    if isinstance(a, A.Play):
        by = (
            Facet(f"with {SURVIVORS[a.survivor].short}", f"at {place(t.where(a.survivor))}")
            if a.survivor
            else Facet("")
        )
        played = t.card(a.card)
        if harmful(ITEMS[a.card].effects):
            played = Facet(played.phrase, played.detail, "danger")
        return Entry(index, KIND["play"], [played, by, t.target(a.target)])
    if isinstance(a, A.Equip):
        return Entry(index, KIND["equip"], [t.card(a.card), t.target(a.survivor)])
    if isinstance(a, A.Discard):
        return Entry(index, KIND["discard"], [t.card(a.card)])
    if isinstance(a, A.Contribute):
        return Entry(index, _crisis_kind(t), [_contribution(t, a.card)], alone=False)
    if isinstance(a, A.Commit):
        stash = ", ".join(MAINS[w["main"]].stash)
        kind = replace(KIND["commit"], detail=f"the main objective collects {stash}")
        return Entry(index, kind, [t.card(a.card)])
    if isinstance(a, A.SpendFood):
        last = w["food"] <= 1
        kind = replace(KIND["spend_food"], detail=f"{w['food']} food in the supply; 1 raises a die")
        detail = "spends the last food" if last else f"{w['food'] - 1} food left after"
        step = Facet(f"raise a {a.die} to {a.die + 1}", detail, "danger" if last else "move")
        return Entry(index, kind, [step])
    if isinstance(a, A.Request):
        hands = sum(len(g["hand"]) for g in w["groups"] if g["seat"] == a.target)
        whom = Facet(f"from {{s{a.target}}}", f"{n_of(hands, 'card')} in hand")
        article = "an" if a.symbol and a.symbol[0] in "AEIOU" else "a"
        what = Facet(f"{article} {a.symbol} card" if a.symbol else "any card", "")
        return Entry(index, KIND["request"], [whom, what])
    if isinstance(a, A.HandOff):
        gear = Facet(f"{ITEMS[a.card].name} from {SURVIVORS[a.source].short}", card_words(a.card))
        return Entry(index, KIND["hand_off"], [gear, Facet(f"to {SURVIVORS[a.to].short}")])
    if isinstance(a, A.CallExile):
        step = Facet(
            f"call a vote to exile {{s{a.target}}}",
            "a majority of yes votes exiles them from the colony",
            "danger",
        )
        return Entry(index, KIND["call_exile"], [step])
    return _module_entry(t, index, a)


def _crisis_kind(t: Table) -> Choice:
    crisis = t.w["crisis"]
    if not crisis:
        return KIND["contribute"]
    c = CRISES[crisis["id"]]
    n = len(crisis.get("contributions", ()))
    need = threshold(t.w)
    return replace(
        KIND["contribute"],
        detail=clip(
            f"{c.name}: needs {need} net {c.prevent}; {n_of(n, 'card')} in so far (secret)",
            100,
        ),
    )


def _contribution(t: Table, card: str) -> Facet:
    crisis = t.w["crisis"]
    item = ITEMS[card]
    need = CRISES[crisis["id"]].prevent if crisis else ""
    worth = "+1 toward the crisis" if item.symbol == need else f"not {need}: −1 to the crisis"
    return Facet(item.name, clip(f"{item.symbol}: {worth}", MAX_DETAIL))


def _module_entry(t: Table, index: int, a: A.Action) -> Entry | None:
    w = t.w
    if isinstance(a, A.Contain):
        code = ", ".join(map(str, open_code(w)))
        who = t.survivor(a.survivor)
        die = Facet(f"with a {a.die}", f"covers a {a.die} of the code (open: {code})")
        return Entry(index, KIND["contain"], [who, die])
    if isinstance(a, A.Work | A.Scrap):
        imp = IMPROVEMENTS[a.improvement]
        tokens = w["ln"].get("tokens", {}).get(a.improvement, 0)
        what = Facet(
            imp.name, clip(f"{tokens}/{imp.need} tokens; {ability_words(imp.ability)}", 100)
        )
        if isinstance(a, A.Work):
            need = SURVIVORS[a.survivor].search
            how = Facet(
                f"{SURVIVORS[a.survivor].short} works with a {a.die}", t.die(a.die, need).detail
            )
        else:
            how = Facet(f"scrap {ITEMS[a.card].name}", "a Tool card from your hand")
        return Entry(index, KIND["improve"], [what, how])
    if isinstance(a, A.Bribe):
        bandits = n_of(w["locations"][a.location]["bandits"], "bandit")
        at = Facet(f"to the bandits at {place(a.location)}", f"{bandits} there")
        return Entry(index, KIND["bribe"], [t.card(a.card), at])
    if isinstance(a, A.RigTrap):
        loc = t.where(a.survivor)
        spot = t.entrance(a.entrance) if a.entrance else Facet(f"at {place(loc)}", t.zombies(loc))
        fuel = Facet(f"burning {ITEMS[a.fuel_card].name}", "")
        return Entry(index, KIND["trap"], [t.survivor(a.survivor), spot, fuel, t.die(a.die)])
    if isinstance(a, A.Pass):
        return Entry(index, replace(KIND["pass"], detail=t.turn_end()))
    if isinstance(a, A.Place):  # where a new or exiled survivor goes
        sid = a.survivor
        to = Choice(capital(f"to {place(a.location)}"), clip(t.zombies(a.location), MAX_DETAIL))
        why = w["pending"][0]["data"].get("why") if w["pending"] else None
        if a.fuel_card:
            fuel = Facet(f"burning {ITEMS[a.fuel_card].name}", "no exposure roll")
        elif why == "exile":
            fuel = Facet("without Fuel", f"{SURVIVORS[sid].short} may roll exposure")
        else:
            fuel = Facet("")
        return Entry(index, to, [fuel])
    return None


# ---------------------------------------------------------------------------------------------
# answers to a decision


def answer(t: Table, a: A.Action) -> Choice | None:
    """An answer to an open decision as one option, or None for a turn's move."""
    w = t.w
    if isinstance(a, A.Keep):
        return Choice(f"Keep {ITEMS[a.card].name}", clip(card_words(a.card), MAX_DETAIL))
    if isinstance(a, A.Noise):
        return Choice("Make noise", "look at one more card; adds noise here", "danger")
    if isinstance(a, A.Stop):
        return Choice("Stop", "keep what you have and go on", "quiet")
    if isinstance(a, A.AttractFrom):
        if a.entrance:
            return Choice(f"From entrance {a.entrance}", entrance_words(w, a.entrance))
        return Choice(f"From {place(a.location)}", t.zombies(a.location))
    if isinstance(a, A.LureTo):
        words = entrance_words(w, a.entrance, lure=True)
        full = "full" in words  # a barricade breaks, or an overrun
        return Choice(
            f"Entrance {a.entrance}", clip(words, MAX_DETAIL), "danger" if full else "move"
        )
    if isinstance(a, A.KillAt):
        return Choice(f"Entrance {a.entrance}", entrance_words(w, a.entrance))
    if isinstance(a, A.Bite):
        sid = w["pending"][0]["data"].get("survivor") if w["pending"] else None
        who = SURVIVORS[sid].short if sid in SURVIVORS else "the survivor"
        if a.roll:
            return Choice("Roll exposure", f"{who} may survive or spread the bite")
        return Choice(f"Let {who} die", "no roll: the bite cannot spread", "danger")
    if isinstance(a, A.NewLeader):
        return Choice(SURVIVORS[a.survivor].short, clip(survivor_words(a.survivor), 100))
    if isinstance(a, A.Option):
        card = w["twist"]["fired"]
        opt = TWISTS[card].options[a.n - 1] if card else None
        if opt is None:
            return Choice(f"Option {a.n}")
        effects = effects_of(opt.effects)
        return Choice(
            clip(f"Option {a.n}: {opt.label}", MAX_LABEL),
            clip(effects_words(effects), MAX_DETAIL),
            "danger" if harmful(effects) else "move",
        )
    if isinstance(a, A.Vote):
        return Choice("Yes" if a.yes else "No", _vote_detail(t, a.yes), "yes" if a.yes else "no")
    if isinstance(a, A.Give):
        if a.card is None:
            return Choice("Refuse", "give nothing", "quiet")
        return Choice(f"Give {ITEMS[a.card].name}", clip(card_words(a.card), MAX_DETAIL))
    if isinstance(a, A.Accept):
        what = "take the offered item" if a.yes else "leave it with its carrier"
        return Choice("Accept" if a.yes else "Decline", what, "yes" if a.yes else "no")
    if isinstance(a, A.Choose):
        return _choose(t, a.value)
    if isinstance(a, A.PlaceBandit):
        return Choice(f"At {place(a.location)}", t.zombies(a.location))
    if isinstance(a, A.FirstPlayer):
        if a.vote:
            return Choice("Call a vote to keep the token", "the table votes on it")
        return Choice("Pass the first player token", "to the next player", "quiet")
    return None


def _vote_detail(t: Table, yes: bool) -> str:
    task = t.w["tasks"][0]["data"] if t.w["tasks"] else {}
    subject = task.get("subject")
    if subject == "exile" and isinstance(task.get("target"), int):
        what = f"exile {{s{task['target']}}}"
    elif subject == "first_player":
        what = "the first player keeps the token"
    else:
        what = "the twist card's first option"
    return f"{'for' if yes else 'against'}: {what} (secret until all have voted)"


def _choose(t: Table, v: str) -> Choice:
    if v == "stop":
        return Choice("Stop", "choose nothing more", "quiet")
    if v.startswith("die:"):
        return Choice(f"Die showing {v[4:]}", "one of your unused dice")
    if v.startswith("seat:"):
        return Choice(f"{{s{int(v[5:])}}}", "")
    if v in SURVIVORS:
        s = t.w["survivors"].get(v)
        at = f"at {place(s['location'])}; " if s else ""
        return Choice(SURVIVORS[v].short, clip(at + survivor_words(v), MAX_DETAIL))
    if v in ITEMS:
        return Choice(ITEMS[v].name, clip(card_words(v), MAX_DETAIL))
    if v in IMPROVEMENTS:
        imp = IMPROVEMENTS[v]
        return Choice(imp.name, clip(ability_words(imp.ability), MAX_DETAIL))
    if v in LOCATION_NAMES:
        detail = t.zombies(v) if v in t.w["locations"] else ""
        return Choice(capital(place(v)), detail)
    return Choice(v)


def draft_paths(legal: Sequence[A.Action]) -> list[Path | None]:
    """The draft: the leader first (stats and ability in the detail), then who else to keep."""
    out: list[Path | None] = []
    for a in legal:
        assert isinstance(a, A.Draft)
        lead = Choice(
            f"{SURVIVORS[a.leader].short} as leader",
            clip(survivor_words(a.leader, influence=True), MAX_DETAIL),
        )
        others = [s for s in a.keep if s != a.leader]
        names = " and ".join(SURVIVORS[s].short for s in others)
        detail = "; ".join(
            f"{SURVIVORS[s].short}: {survivor_words(s, influence=True)}" for s in others
        )
        out.append((lead, Choice(clip(f"Keep {names}", MAX_LABEL), clip(detail, MAX_DETAIL))))
    return out


def paths(w: W, seat: int, legal: Sequence[A.Action]) -> list[Path | None]:
    """The path of each of the seat's legal moves, in the list's order."""
    if legal and all(isinstance(a, A.Draft) for a in legal):
        return draft_paths(legal)
    t = Table(w, seat)
    result: list[Path | None] = [None] * len(legal)
    answers: list[tuple[int, Choice]] = []
    kinds: dict[str, list[Entry]] = {}
    for index, a in enumerate(legal):
        one = answer(t, a)
        if one is not None:
            answers.append((index, one))
            continue
        entry = turn_entry(t, index, a)
        if entry is None:  # not expected: keep it reachable by its kind's name
            entry = Entry(index, Choice(type(a).__name__), [Facet(str(index))])
        kinds.setdefault(entry.kind.label, []).append(entry)
    if answers and not kinds and len({c.label for _, c in answers}) == len(answers):
        for index, path in flat_steps(answers).items():
            result[index] = path
        return result
    for index, choice in answers:  # answers among a turn's moves (a received card): one level
        kinds.setdefault(choice.label, []).append(Entry(index, choice))
    for entries in kinds.values():
        for index, path in fit_steps(entries).items():
            result[index] = path
    return result

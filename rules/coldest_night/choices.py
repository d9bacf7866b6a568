"""How a seat picks each of its moves in The Coldest Night, in a few short steps.

Kind of move first, then the card, then whom it goes to:

- "Play a card" → the card (its heat, ash and effect in words, and what it does to the heat);
- "Stop feeding the fire" / "Scavenge (draw 3)" / the frostbite checks: one step;
- handing out a scavenged card: "Hand out Teddy Bear" → "Keep it" or "Give to Bo";
- a TARGET choice, a Memory Loss card to put back, a Chilblains discard: one step each;
- a token: "Use Axe" → "+1 heat this turn" or who draws; "Use Backpack" → the card → to whom.

Every option's detail says what it does as a player reads it. GREATEST, TARGET and BURN ONE are
explained in one short line on each card that has them. Players are named `{sN}` (names are
filled in by the service). Labels are made here from the actions and the state, never by reading
the label strings of `text.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.choices import Choice, Path, option
from rules.coldest_night import actions as act
from rules.coldest_night import reads
from rules.coldest_night.data import CARDS, FROST, TOKENS, CardData
from rules.coldest_night.rules_tokens import FUEL_HEAT, KEY_DRAWS
from rules.coldest_night.state import ColdestNightState
from rules.game_info import listed
from rules.game_text import plural

_IF_WORDS = {"at_least": "{n} or more", "at_most": "{n} or less", "exactly": "exactly {n}"}
_TWIST = {
    "greatest": "GREATEST: when the fire dies down, the hottest card burns, not the rightmost",
    "target": "TARGET: when the fire dies down, you choose which pit card burns",
    "burn_one": "BURN ONE: when the fire dies down, one more card burns from the right",
}

_TOKEN_WORDS = {
    "alcohol": "Put it on a pit card: +1 heat while that card stays",
    "axe": "One player draws 1, or +1 heat this turn",
    "backpack": "Pass one of your hand cards to another player",
    "blanket": "Discard one face-up frostbite card of any player",
    "cabinet_key": "A player of your choice draws 2",
    "cellar_key": "A player of your choice draws 3",
}


def _who(seat: int, me: int) -> str:
    return "You" if seat == me else "{s" + str(seat) + "}"


def effect_words(
    t: ColdestNightState, card: CardData, *, heat_after: int | None = None, numb: bool = False
) -> str:
    """A card's effect as a sentence ("" for none): GREATEST, TARGET and BURN ONE explained, a
    boon's token and whether it can still be found; `heat_after` (a play) says what the heat total
    would be, for an IF; `numb`: the player holds Numbing, so boons do nothing."""
    kind = card.effect_kind
    if kind == "none":
        return ""
    if kind in _TWIST:
        if numb and kind == "target":
            return "TARGET: no effect (you hold Numbing)"
        return _TWIST[kind]
    token = TOKENS[card.token].name if card.token else "?"
    gone = card.token is not None and t.tokens.get(card.token) != "supply"
    if kind == "gain":
        if gone or numb:
            return f"GAIN {token}: no effect ({'already found' if gone else 'you hold Numbing'})"
        return f"GAIN: the {token} token becomes usable"
    cond = _IF_WORDS[card.if_op or "exactly"].format(n=card.if_value)
    if gone or numb:
        why = "already found" if gone else "you hold Numbing"
        return f"IF heat {cond}: gain {token} — no effect ({why})"
    if heat_after is None:
        return f"IF the heat total is then {cond}, gain {token}"
    return f"IF heat is then {cond}, gain {token} (it would be {heat_after})"


def card_detail(t: ColdestNightState, card_id: str) -> str:
    """ "heat 2, ash 3 · BURN ONE: …": a card's numbers and effect, for any step that names it."""
    card = CARDS[card_id]
    words = effect_words(t, card)
    return f"heat {card.heat}, ash {card.ash}" + (f" · {words}" if words else "")


def _play_detail(t: ColdestNightState, seat: int, card_id: str) -> str:
    card = CARDS[card_id]
    heat = reads.heat_total(t)
    after = heat + card.heat
    words = effect_words(t, card, heat_after=after, numb=reads.holds(t, seat, "numbing"))
    return f"heat {card.heat}, ash {card.ash} · {words or f'heat total {heat} → {after}'}"


def _pit_names(t: ColdestNightState) -> dict[str, str]:
    """Each pit card's name, with its place when two share one (the Fire Dwindles)."""
    names = [CARDS[c].name for c in t.pit]
    return {
        c: name if names.count(name) == 1 else f"{name} (place {i + 1})"
        for i, (c, name) in enumerate(zip(t.pit, names, strict=True))
    }


def _burns_next(t: ColdestNightState) -> tuple[str, int]:
    """What the Fire Dies Down will take now (CN-25) in words, and how many cards stay."""
    pit = list(t.pit)
    if not pit:
        return "the pit is empty", 0
    if t.pending_target:
        first = "you choose a card to burn"
        pit.pop()  # one card goes, whichever is chosen: the count is what matters here
    elif t.pending_greatest:
        hottest = max(reads.effective_heat(t, c) for c in pit)
        index = max(i for i, c in enumerate(pit) if reads.effective_heat(t, c) == hottest)
        first = f"{CARDS[pit.pop(index)].name} burns (hottest)"
    else:
        first = f"{CARDS[pit.pop()].name} burns (rightmost)"
    more = min(t.pending_burn_one, len(pit))
    if more:
        first += f" and {more} more"
    return first, len(pit) - more


def _done_choice(t: ColdestNightState) -> Choice:
    burns, left = _burns_next(t)
    if left == 0:
        return option(
            "Stop feeding the fire", f"The fire dies down: {burns} — the fire goes out!", "danger"
        )
    frost = "; then you take a frostbite card" if left < 3 else ""
    return option("Stop feeding the fire", f"The fire dies down: {burns}{frost}", "quiet")


def _scavenge_choice(t: ColdestNightState, seat: int) -> Choice:
    memory = reads.holds(t, seat, "memory_loss")
    label = "Scavenge (draw 4, return 1)" if memory else "Scavenge (draw 3)"
    if not t.deck:
        return option(label, "The pile is empty: nothing to draw, and the fire still dies down")
    back = ", put the lowest ash back" if memory else ""
    return option(label, f"Instead of playing: draw {4 if memory else 3}{back}, hand them out")


def _check_removal(t: ColdestNightState) -> Choice:
    heat = reads.heat_total(t)
    mine = t.frostbite[t.active_seat]
    going = [FROST[f].name for f in mine if FROST[f].frost == heat]
    if going:
        said = f"Heat {heat}: your {', '.join(going)} leaves"
    elif mine:
        cards = listed([f"{FROST[f].name} ({FROST[f].frost})" for f in mine])
        said = f"Heat {heat}: your {cards} {'does' if len(mine) == 1 else 'do'} not match it"
    else:
        said = f"Heat {heat}: you have no frostbite card to lose"
    return option("Check frostbite removal", said, "quiet")


def _check_for_frostbite(t: ColdestNightState) -> Choice:
    n = len(t.pit)
    if n < 3:
        return option(
            "Check for frostbite",
            f"The pit has {n} of 3 cards: you take a frostbite card",
            "danger",
        )
    return option(
        "Check for frostbite", f"The pit has {plural(n, 'card')}: no frostbite card", "quiet"
    )


def _token_path(t: ColdestNightState, seat: int, a: act.UseToken) -> Path:
    token = TOKENS[a.token]
    head = option(f"Use {token.name}", _TOKEN_WORDS.get(a.token, token.effect))
    heat = reads.heat_total(t)
    tok = a.token
    if tok == "alcohol":
        card_id = a.card_id or ""
        h = reads.effective_heat(t, card_id)
        place = t.pit.index(card_id) + 1 if card_id in t.pit else 0
        name = _pit_names(t).get(card_id, CARDS[card_id].name if card_id in CARDS else "?")
        return head, option(
            f"{name} (heat {h} → {h + 1})",
            f"Place {place} from the left: +1 heat while it stays in the pit",
        )
    if tok == "axe":
        if a.mode == "heat":
            return head, option("+1 heat this turn", f"Heat total {heat} → {heat + 1}")
        target = a.target_seat if a.target_seat is not None else seat
        draws = "draw 1" if target == seat else "draws 1"
        return head, option(f"{_who(target, seat)} {draws}", _hand_words(t, target, seat))
    if tok == "backpack":
        if a.to_seat is None:  # solo
            return (option("Use Backpack", "Draw 1 card"),)
        card_id = a.card_id or ""
        return (
            head,
            option(CARDS[card_id].name, card_detail(t, card_id)),
            option(f"Give to {_who(a.to_seat, seat)}", _hand_words(t, a.to_seat, seat)),
        )
    if tok == "blanket":
        frost_id = a.frostbite_id or ""
        f = FROST[frost_id]
        owner = next((s for s, held in enumerate(t.frostbite) if frost_id in held), seat)
        whose = "Your" if owner == seat else "{s" + str(owner) + "}'s"
        return head, option(f"{whose} {f.name} ({f.frost})", f"Discarded: {f.effect}")
    if tok in KEY_DRAWS:
        n = KEY_DRAWS[tok]
        target = a.target_seat if a.target_seat is not None else seat
        draws = f"draw {n}" if target == seat else f"draws {n}"
        return head, option(f"{_who(target, seat)} {draws}", _hand_words(t, target, seat))
    if tok == "emergency_supplies":
        return (
            option(
                f"Use {token.name}", "The top card of the pile goes into the fire, no ash check"
            ),
        )
    boost = FUEL_HEAT.get(tok, 0)
    return (
        option(f"Use {token.name}", f"+{boost} heat this turn: heat total {heat} → {heat + boost}"),
    )


def _discard_detail(card_id: str) -> str:
    card = CARDS[card_id]
    effect = f" · {card.effect}" if card.effect else ""
    return f"heat {card.heat}, ash {card.ash}{effect} · gone for good (Chilblains)"


def _hand_words(t: ColdestNightState, target: int, me: int) -> str:
    n = len(t.hands[target])
    holder = "You hold" if target == me else "{s" + str(target) + "} holds"
    return f"{holder} {n} card{'' if n == 1 else 's'} now"


def paths(state: ColdestNightState, seat: int, legal: Sequence[act.Action]) -> list[Path | None]:
    """One path per legal move, in the list's order (`BaseGame.choice_paths`)."""
    t = state
    found: list[Path | None] = []
    play_head: Choice | None = None
    for a in legal:
        if isinstance(a, act.Play):
            if play_head is None:
                heat = reads.heat_total(t)
                play_head = option(
                    "Play a card",
                    f"Into the pit ({len(t.pit)} of 4 places used): "
                    f"ash {heat} or less, the heat total",
                )
            name = CARDS[a.card_id].name
            label = f"{name} (from the display)" if a.source == "display" else name
            found.append((play_head, option(label, _play_detail(t, seat, a.card_id))))
        elif isinstance(a, act.Give):
            keep = a.to_seat == seat
            found.append(
                (
                    option(f"Hand out {CARDS[a.card_id].name}", card_detail(t, a.card_id)),
                    option(
                        "Keep it" if keep else f"Give to {_who(a.to_seat, seat)}",
                        _hand_words(t, a.to_seat, seat),
                    ),
                )
            )
        elif isinstance(a, act.UseToken):
            found.append(_token_path(t, seat, a))
        elif isinstance(a, act.Done):
            found.append((_done_choice(t),))
        elif isinstance(a, act.Scavenge):
            found.append((_scavenge_choice(t, seat),))
        elif isinstance(a, act.CheckFrostbite):
            found.append((_check_removal(t),))
        elif isinstance(a, act.CheckForFrostbite):
            found.append((_check_for_frostbite(t),))
        elif isinstance(a, act.MemoryReturn):
            card = CARDS[a.card_id]
            found.append(
                (
                    option(
                        f"Put back {card.name}",
                        f"heat {card.heat}, ash {card.ash} · back on top of the pile; "
                        "you keep the other card",
                    ),
                )
            )
        elif isinstance(a, act.TargetRemove):
            names = _pit_names(t)
            h = reads.effective_heat(t, a.card_id)
            found.append(
                (
                    option(
                        f"Burn {names.get(a.card_id, a.card_id)} (heat {h})",
                        f"TARGET: this card leaves the pit for good (place "
                        f"{t.pit.index(a.card_id) + 1} of {len(t.pit)})",
                        "danger",
                    ),
                )
            )
        elif isinstance(a, act.ChilblainsDiscard):
            found.append(
                (
                    option(
                        f"Discard {CARDS[a.card_id].name}",
                        _discard_detail(a.card_id),
                        "danger",
                    ),
                )
            )
        else:  # an action kind this module does not know: typed only
            found.append(None)
    return found

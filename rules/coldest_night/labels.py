"""Move labels (§11), as buttons and autocomplete show them.

Labels name players as `{sN}` (`rules.core.seat_ref`): the bot shows their names, and a label
typed back reads as "seat N+1" (`rules.parsing.seat_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.coldest_night import actions as act
from rules.coldest_night import reads
from rules.coldest_night.data import CARDS, FROST, TOKENS
from rules.coldest_night.reads import Seen
from rules.coldest_night.rules_tokens import FUEL_HEAT, KEY_DRAWS
from rules.core import seat_ref

# Labels and typed moves are read from `Seen`: the frozen state itself (a label needs no working
# copy: `game.text.label` is asked for every legal move of every panel, and thawing the whole state
# for each cost more than the label), or a working copy, which has the same fields (`reads`).


_NAMES: dict[str | None, str] = {i: c.name for i, c in CARDS.items()}


def card_name(card_id: str | None) -> str:
    name = _NAMES.get(card_id)
    return name if name is not None else str(card_id)


def _pit_name(t: Seen, card_id: str) -> str:
    """A pit card's name, with its position when two pit cards share it (Fire Dwindles)."""
    name = card_name(card_id)
    if card_id in t.pit and sum(1 for c in t.pit if CARDS[c].name == name) > 1:
        return f"{name} #{t.pit.index(card_id) + 1}"
    return name


def frost_name(t: Seen, frost_id: str) -> str:
    f = FROST.get(frost_id)
    if f is None:
        return frost_id
    owner = next((s for s in range(t.num_players) if frost_id in t.frostbite[s]), None)
    where = seat_ref(owner) if owner is not None else "nobody"
    twins = [g for fs in t.frostbite for g in fs if FROST[g].name == f.name]
    if len(twins) > 1:
        return f"{f.name} {f.frost} ({where})"
    return f"{f.name} ({where})"


def label(t: Seen, a: act.Action) -> str:
    """The move's label (§11), by its kind (one look-up: a typed move reads the label of every
    legal move, and a chain of `isinstance` tests cost as much as most labels)."""
    return _LABELS.get(type(a), _token_label)(t, a)


def _check_frostbite_label(t: Seen, a: act.CheckFrostbite) -> str:
    return f"Check frostbite removal (heat {reads.heat_total(t)})"


def _play_label_of(t: Seen, a: act.Play) -> str:
    made = _PLAY_LABELS.get((a.card_id, a.source))
    return made if made is not None else _play_label(a.card_id, a.source)


def _done_label(t: Seen, a: act.Done) -> str:
    return "Stop feeding the fire"


def _scavenge_label(t: Seen, a: act.Scavenge) -> str:
    if reads.holds(t, a.seat, "memory_loss"):
        return "Scavenge (draw 4, return 1)"
    return "Scavenge (draw 3)"


def _memory_return_label(t: Seen, a: act.MemoryReturn) -> str:
    ash = CARDS[a.card_id].ash if a.card_id in CARDS else "?"
    return f"Put {card_name(a.card_id)} (ash {ash}) back on top"


def _give_label_of(t: Seen, a: act.Give) -> str:
    scavenger = reads.scavenger(t)
    keep = a.to_seat == (scavenger if scavenger is not None else a.seat)
    made = _GIVE_LABELS.get((a.card_id, None if keep else a.to_seat))
    return made if made is not None else _give_label(a.card_id, None if keep else a.to_seat)


def _target_remove_label(t: Seen, a: act.TargetRemove) -> str:
    heat = reads.effective_heat(t, a.card_id) if a.card_id in CARDS else "?"
    return f"Remove {_pit_name(t, a.card_id)} (heat {heat}) from the pit"


def _check_for_frostbite_label(t: Seen, a: act.CheckForFrostbite) -> str:
    n = len(t.pit)
    return f"Check for frostbite (pit has {n} card{'' if n == 1 else 's'})"


def _chilblains_label(t: Seen, a: act.ChilblainsDiscard) -> str:
    return f"Discard {card_name(a.card_id)} (Chilblains)"


def _play_label(card_id: str, source: str) -> str:
    c = CARDS.get(card_id)
    stats = f"(heat {c.heat}, ash {c.ash})" if c else ""
    where = " from display" if source == "display" else ""
    return f"Play {card_name(card_id)}{where} {stats}".strip()


_PLAY_LABELS: dict[tuple[str, str], str] = {
    (i, source): _play_label(i, source) for i in CARDS for source in ("hand", "display")
}


def _give_label(card_id: str, to_seat: int | None) -> str:
    """A scavenged card handed to `to_seat`, or kept by the scavenger (None)."""
    if to_seat is None:
        return f"Keep {card_name(card_id)}"
    return f"Give {card_name(card_id)} to {seat_ref(to_seat)}"


_GIVE_LABELS: dict[tuple[str, int | None], str] = {
    (i, to): _give_label(i, to) for i in CARDS for to in (None, 0, 1, 2, 3)
}
"""The labels of plays and gives, made once each: they depend on nothing but the card, the source
and the seat it goes to (and whether that is the scavenger), and a typed move compares itself
with every legal move's label (the same string each time, so its normalised form is found by a
hash already made)."""


def _token_label(t: Seen, a: act.UseToken) -> str:
    name = TOKENS[a.token].name
    tok = a.token
    if tok == "alcohol":
        heat = CARDS[a.card_id].heat if a.card_id in CARDS else 0
        return f"Use Alcohol on {_pit_name(t, a.card_id or '?')} (heat {heat} → {heat + 1})"
    if tok == "axe":
        if a.mode == "heat":
            return "Use Axe: +1 heat this turn"
        return f"Use Axe: {seat_ref(a.target_seat or 0)} draws 1"
    if tok == "backpack":
        if t.variant == "solo":
            return "Use Backpack: draw 1"
        return f"Use Backpack: give {card_name(a.card_id)} to {seat_ref(a.to_seat or 0)}"
    if tok == "blanket":
        return f"Use Blanket: discard {frost_name(t, a.frostbite_id or '?')}"
    if tok in KEY_DRAWS:
        return f"Use {name}: {seat_ref(a.target_seat or 0)} draws {KEY_DRAWS[tok]}"
    if tok == "emergency_supplies":
        return "Use Emergency Supplies (top card into the fire)"
    return f"Use {name} (+{FUEL_HEAT[tok]} heat this turn)"


_LABELS: dict[type, Callable[[Seen, Any], str]] = {
    act.CheckFrostbite: _check_frostbite_label,
    act.Play: _play_label_of,
    act.Done: _done_label,
    act.Scavenge: _scavenge_label,
    act.MemoryReturn: _memory_return_label,
    act.Give: _give_label_of,
    act.TargetRemove: _target_remove_label,
    act.CheckForFrostbite: _check_for_frostbite_label,
    act.ChilblainsDiscard: _chilblains_label,
    act.UseToken: _token_label,
}
"""Each action kind's label maker (`label`)."""

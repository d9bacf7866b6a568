"""The 10th Night's paths at night (`choices.py`): "Nullify with a Joker", "Defend with J, Q, K" →
the cards (the defence it makes against the damage), "Take the hit"."""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import shown as lab
from rules.choices import MAX_CHOICES, Path, Style, option
from rules.tenth_night import actions as act
from rules.tenth_night.observation import defence_options
from rules.tenth_night.state import TenthNightState, modifier_value


def defence_paths(
    s: TenthNightState, seat: int, legal: Sequence[act.Action], found: list[Path | None]
) -> None:
    opts = defence_options(s, seat)
    if opts is None:
        return
    victim = opts.victim.label
    damage, defence = opts.damage, opts.defence
    mods = [i for i, a in enumerate(legal) if isinstance(a, act.Defend) and a.mode == "modifiers"]
    head = option(
        "Defend with J, Q, K",
        f"Raise {victim}'s defence {defence} against damage {damage}; the cards are spent",
    )
    many = len(mods) > MAX_CHOICES
    for index, a in enumerate(legal):
        if not isinstance(a, act.Defend):
            continue
        if a.mode == "nullify":
            found[index] = (
                option(
                    "Nullify with a Joker",
                    "The attack ends at once: nobody is hurt; the Joker is spent",
                ),
            )
        elif a.mode == "pass":
            hurt = _hit(victim, opts.victim.injured, opts.deadly, damage, defence)
            style: Style = "quiet" if not opts.deadly and damage == defence else "danger"
            found[index] = (option("Take the hit", f"Keep your cards: {hurt}", style),)
        else:
            total = defence + sum(modifier_value(c) for c in a.card_ids)
            cards = " + ".join(f"{lab(c)} (+{modifier_value(c)})" for c in a.card_ids)
            leaf = option(
                cards, _hit(victim, opts.victim.injured, False, damage, total, with_cards=True)
            )
            if many:
                found[index] = (
                    head,
                    option(f"Defence {total}", f"{victim}'s defence against damage {damage}"),
                    leaf,
                )
            else:
                found[index] = (head, leaf)


def _hit(
    victim: str, injured: bool, deadly: bool, damage: int, defence: int, *, with_cards: bool = False
) -> str:
    """What the attack does to the victim, in words."""
    said = f"defence {defence} vs damage {damage}: " if with_cards else ""
    if deadly:
        return f"{said}the deadly attack kills {victim}"
    if damage > defence:
        return f"{said}{victim} {'dies' if injured else 'is injured'}"
    if damage == defence:
        return f"{said}a tie, so the attack moves on"
    return f"{said}the attack fails"

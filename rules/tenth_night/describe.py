"""The board as text (light Markdown, ≤ ~1800 characters) for embeds, DMs and the terminal."""

from __future__ import annotations

from .observation import (
    AttackView,
    CardView,
    OfferView,
    PersonView,
    TenthNightObservation,
    TenthNightPrivateObservation,
)

_RESULTS = {
    "survived": "everyone survived the 10th night — a win",
    "no_people": "a row was emptied — everyone loses",
    "record_ended": "a row was emptied during the record run — still a win",
    "record_stopped": "the record run was stopped — a win",
}


def _person(p: PersonView) -> str:
    return f"~~{p.label}~~*" if p.injured else p.label


def _cards(cards: list[CardView]) -> str:
    return " ".join(c.label for c in cards) or "—"


def _offer(o: OfferView) -> str:
    give = f"{o.give_card.label} ({o.give_zone})" if o.give_card is not None else "a hand card"
    want = f"their {o.want_card.label}" if o.want_card is not None else "a hand card"
    return f"#{o.offer_id} seat {o.from_seat + 1} → seat {o.to_seat + 1}: {give} for {want}"


def _attack(a: AttackView) -> str:
    card = a.attack_card.label if a.attack_card else "—"
    extras = [c.label for c in a.stack if a.attack_card is None or c.id != a.attack_card.id]
    head = f"{a.number}. on seat {a.assigned_seat + 1}: {card}"
    if extras:
        head += f" [{' '.join(extras)}]"
    parts = []
    for s in a.steps:
        nums = f" {s.damage} vs {s.defence}" if s.damage is not None else ""
        parts.append(f"s{s.seat + 1}#{s.index + 1}{nums} {s.result}")
    tail = "; ".join(parts)
    end = f" → **{a.final_result}**" if a.final_result else ""
    return f"{head}" + (f" — {tail}" if tail else "") + end


def describe(o: TenthNightObservation) -> str:
    lines: list[str] = []
    if o.phase == "game_over" and o.outcome is not None:
        why = _RESULTS.get(o.outcome.reason, o.outcome.reason)
        lines.append(f"**Game over** after {o.outcome.group_score} night(s): {why}.")
        scores = ", ".join(
            f"seat {s + 1}: {v}" for s, v in sorted(o.outcome.individual_scores.items())
        )
        lines.append(f"Scores — {scores}")
    elif o.phase == "day":
        waiting = ", ".join(str(s + 1) for s in o.to_act if not o.players[s].ready) or "nobody"
        lines.append(f"☀️ **Day {o.round}** of 10 — not ready yet: seats {waiting}")
    else:
        lines.append(
            f"🌙 **Night {o.round}** — attack {len(o.attacks)} of {o.attacks_tonight}, "
            f"starting with seat {(o.night_start_seat or 0) + 1}. Silence!"
        )
    if o.raid_bonus or o.raid_active:
        lines.append(f"⚔️ Raid active: +{o.raid_bonus} damage tonight.")
    for p in o.players:
        flags = []
        if p.divine_protection:
            flags.append("🛡 divine protection")
        if p.hit_this_night:
            flags.append("hit tonight")
        if o.phase == "day" and p.ready:
            flags.append("ready")
        row = " ".join(_person(x) for x in p.row) or "(nobody)"
        extra = f" · {', '.join(flags)}" if flags else ""
        lines.append(
            f"**Seat {p.seat + 1}**: {row} · {p.people} people, score {p.score}, "
            f"{p.hand_count} in hand{extra}"
        )
    lines.append(f"Draw pile {o.draw_count} · discard {len(o.discard)}")
    if o.attacks:
        lines.append("**Tonight:**")
        lines.extend(_attack(a) for a in o.attacks[-6:])
    if o.pending_defence is not None:
        lines.append(f"⏳ Waiting for seat {o.pending_defence.seat + 1} to defend.")
    if o.offers:
        lines.append("**Offers:** " + " · ".join(_offer(x) for x in o.offers))
    if isinstance(o, TenthNightPrivateObservation):
        lines.append(f"**Your hand** (seat {o.seat + 1}): {_cards(o.hand)}")
        if o.my_offers:
            lines.append("**Your offers:** " + " · ".join(_offer(x) for x in o.my_offers))
        d = o.defence_options
        if d is not None:
            kind = "DEADLY" if d.deadly else f"damage {d.damage} vs defence {d.defence}"
            opts = ["`pass`"]
            if d.can_nullify:
                opts.insert(0, "`joker`")
            if d.modifiers:
                opts.insert(0, f"`defend …` with {_cards(d.modifiers)}")
            lines.append(
                f"❗ **Your {d.victim.label} is attacked** ({kind}). Options: {', '.join(opts)}"
            )
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"

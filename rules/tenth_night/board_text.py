"""The board as text (light Markdown, ≤ ~1800 characters) for embeds, DMs and the terminal, read
from an observation."""

from __future__ import annotations

from rules.cards import label as card_label
from rules.core import seat_ref
from rules.game_text import plural
from rules.tenth_night.observation_models import (
    AttackView,
    CardView,
    OfferView,
    PendingDefenceView,
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


_STEP_WORDS = {
    "pending": "waiting for the defence",
    "protected_pass": "divine protection passes it on",
    "protected": "divine protection stops it",
    "immune": "immune",
    "tie": "a tie, the attack moves on",
    "failed": "the attack fails",
    "injured": "injured",
    "killed": "killed",
}
"""Each step of an attack (TN-27) in words, for the board's attack lines."""

_FINAL_WORDS = {
    "no_card": "no attack card",
    "fizzled": "it fizzles out",
    "nullified": "nullified by a Joker",
    "protected": "stopped by divine protection",
}
"""How an attack ended, in words, where its code is not already a word."""


def _person(p: PersonView) -> str:
    return f"~~{p.label}~~*" if p.injured else p.label


def _cards(cards: list[CardView]) -> str:
    return " ".join(c.label for c in cards) or "—"


def _offer(o: OfferView) -> str:
    give = f"{o.give_card.label} ({o.give_zone})" if o.give_card is not None else "a hand card"
    want = f"their {o.want_card.label}" if o.want_card is not None else "a hand card"
    return f"offer {o.offer_id}, {seat_ref(o.from_seat)} → {seat_ref(o.to_seat)}: {give} for {want}"


def _attack(a: AttackView) -> str:
    card = a.attack_card.label if a.attack_card else "—"
    extras = [c.label for c in a.stack if a.attack_card is None or c.id != a.attack_card.id]
    head = f"{a.number}. on {seat_ref(a.assigned_seat)}: {card}"
    if extras:
        head += f" (with {' '.join(extras)})"
    parts = []
    for s in a.steps:
        nums = f" damage {s.damage} vs defence {s.defence}," if s.damage is not None else ""
        who = f"{seat_ref(s.seat)}'s {card_label(s.person_id)}:"
        parts.append(f"{who}{nums} {_STEP_WORDS.get(s.result, s.result.replace('_', ' '))}")
    tail = "; ".join(parts)
    final = a.final_result
    said = _FINAL_WORDS.get(final, final.replace("_", " ")) if final else ""
    last = a.steps[-1].result if a.steps else None
    end = f" → **{said}**" if said and final != last else ""
    if final and final == last:  # the last step already says how it ended: in bold, once
        words = _STEP_WORDS.get(final, said)
        tail = tail.removesuffix(words) + f"**{words}**"
    return f"{head}" + (f" — {tail}" if tail else "") + end


def _pending(o: TenthNightObservation, pending: PendingDefenceView) -> str:
    """The board's line for a defence decision: whose, which person, and the sums (all public)."""
    who = f"⏳ Waiting for {seat_ref(pending.seat)} to defend"
    attack = next((a for a in o.attacks if a.number == pending.attack_number), None)
    step = attack.steps[-1] if attack is not None and attack.steps else None
    if step is None or step.seat != pending.seat:
        return f"{who}."
    person = next((x for x in o.players[step.seat].row if x.id == step.person_id), None)
    name = person.label if person is not None else step.person_id
    if step.deadly:
        return f"{who} {name} against a deadly attack."
    if step.damage is None or step.defence is None:
        return f"{who} {name}."
    return f"{who} {name}: damage {step.damage} vs defence {step.defence}."


def describe(o: TenthNightObservation) -> str:
    lines: list[str] = []
    if o.phase == "game_over" and o.outcome is not None:
        why = _RESULTS.get(o.outcome.reason, o.outcome.reason)
        lines.append(f"**Game over** after {plural(o.outcome.group_score, 'night')}: {why}.")
        scores = ", ".join(
            f"{seat_ref(s)}: {v}" for s, v in sorted(o.outcome.individual_scores.items())
        )
        lines.append(f"Scores — {scores}")
    elif o.phase == "day":
        waiting = ", ".join(seat_ref(s) for s in o.to_act if not o.players[s].ready) or "nobody"
        lines.append(f"☀️ **Day {o.round}** of 10 — not ready yet: {waiting}")
    else:
        lines.append(
            f"🌙 **Night {o.round}** — attack {len(o.attacks)} of {o.attacks_tonight}, "
            f"starting with {seat_ref(o.night_start_seat or 0)}. Silence!"
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
        people = "1 person" if p.people == 1 else f"{p.people} people"
        lines.append(
            f"**{seat_ref(p.seat)}**: {row} · {people}, score {p.score}, "
            f"{p.hand_count} in hand{extra}"
        )
    lines.append(f"Draw pile {o.draw_count} · discard {len(o.discard)}")
    if o.attacks:
        lines.append("**Tonight:**")
        lines.extend(_attack(a) for a in o.attacks[-6:])
    if o.pending_defence is not None:
        lines.append(_pending(o, o.pending_defence))
    if o.offers:
        lines.append("**Offers:** " + " · ".join(_offer(x) for x in o.offers))
    if isinstance(o, TenthNightPrivateObservation):
        lines.append(f"**Your hand**: {_cards(o.hand)}")
        if o.phase == "day" and o.players[o.seat].ready:  # TN-10: a ready seat may still act
            lines.append(
                "✓ You are ready for the night; it falls once everyone is. Changing your row "
                "or accepting a trade takes that back."
            )
        # an offer the board shows whole (a row card offered) is public: only the offers that
        # show a party a hand card the others do not see are listed as the seat's own
        hidden = [x for x in o.my_offers if x not in o.offers]
        if hidden:
            lines.append("**Your offers:** " + " · ".join(_offer(x) for x in hidden))
        # A pending defence adds no line here: who is attacked, the damage and the defence are
        # public (the board's ⏳ line above), and the answers are the seat's moves, each label
        # with its sums ("Defend with Q♦ (+2): defence 11 vs damage 10"). A private line that
        # came and went with every decision made each of them cost a Discord edit of the
        # defender's DM panel although their hand had not changed (issue 11 §1).
    text = "\n".join(lines)
    return text if len(text) <= 1800 else text[:1797] + "…"

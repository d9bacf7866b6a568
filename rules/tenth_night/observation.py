"""Observations (spec §10): fields named and typed exactly as the contract lists them."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Literal

from rules.cards import card
from rules.cards import label as card_label
from rules.core import Frozen, seat_ref
from rules.tenth_night.actions import Action, Defend
from rules.tenth_night.state import (
    Offer,
    Person,
    PublicOptions,
    StepRecord,
    TenthNightState,
    is_joker,
    is_modifier,
    modifier_value,
    raid_bonus,
    row_score,
    value,
)


class CardView(Frozen):
    id: str
    rank: str
    suit: str | None
    colour: Literal["red", "black"] | None
    label: str


class PersonView(CardView):
    value: int
    injured: bool


class StepView(Frozen):
    seat: int
    index: int
    person_id: str
    damage: int | None
    defence: int | None
    deadly: bool
    defence_cards: list[CardView]
    result: str


class AttackView(Frozen):
    number: int
    assigned_seat: int
    stack: list[CardView]
    attack_card: CardView | None
    deadly_joker: bool
    steps: list[StepView]
    done: bool
    final_result: str | None


class PlayerView(Frozen):
    seat: int
    row: list[PersonView]
    hand_count: int
    ready: bool
    divine_protection: bool
    hit_this_night: bool
    people: int
    score: int


class OfferView(Frozen):
    offer_id: int
    from_seat: int
    to_seat: int
    give_zone: str
    give_card: CardView | None
    want_zone: str
    want_card: CardView | None


class PendingDefenceView(Frozen):
    seat: int
    attack_number: int


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    group_score: int
    individual_scores: dict[int, int]


class DefenceOptions(Frozen):
    victim: PersonView
    damage: int
    defence: int
    deadly: bool
    can_nullify: bool
    modifiers: list[CardView]


class TenthNightObservation(Frozen):
    game: str = "tenth_night"
    num_players: int
    decks: int
    options: PublicOptions
    phase: str
    round: int
    to_act: list[int]
    awaiting: list[int]
    players: list[PlayerView]
    draw_count: int
    discard: list[CardView]
    attacks_tonight: int | None
    night_start_seat: int | None
    attacks: list[AttackView]
    raid_active: bool
    raid_bonus: int
    offers: list[OfferView]
    pending_defence: PendingDefenceView | None
    outcome: OutcomeView | None


class TenthNightPrivateObservation(TenthNightObservation):
    seat: int
    hand: list[CardView]
    my_offers: list[OfferView]
    defence_options: DefenceOptions | None
    legal_actions: list[Action]


_CARD_VIEWS: dict[str, CardView] = {}


def card_view(card_id: str) -> CardView:
    view = _CARD_VIEWS.get(card_id)
    if view is None:
        c = card(card_id)
        view = CardView(id=card_id, rank=c.rank, suit=c.suit, colour=c.colour, label=c.label)
        _CARD_VIEWS[card_id] = view
    return view


_PERSON_VIEWS: dict[tuple[str, bool], PersonView] = {}


def person_view(p: Person) -> PersonView:
    view = _PERSON_VIEWS.get((p.id, p.injured))
    if view is None:
        c = card_view(p.id)
        view = PersonView(**c.model_dump(), value=value(p.id), injured=p.injured)
        _PERSON_VIEWS[(p.id, p.injured)] = view
    return view


def step_view(s: StepRecord) -> StepView:
    return StepView(
        seat=s.seat,
        index=s.index,
        person_id=s.person_id,
        damage=s.damage,
        defence=s.defence,
        deadly=s.deadly,
        defence_cards=[card_view(c) for c in s.defence_cards],
        result=s.result,
    )


def offer_view(o: Offer, viewer: int | None) -> OfferView:
    party = viewer in (o.from_seat, o.to_seat)
    shown = o.give_zone == "row" or party
    return OfferView(
        offer_id=o.offer_id,
        from_seat=o.from_seat,
        to_seat=o.to_seat,
        give_zone=o.give_zone,
        give_card=card_view(o.give_card) if shown else None,
        want_zone=o.want_zone,
        want_card=card_view(o.want_card) if o.want_card is not None else None,
    )


def public_fields(s: TenthNightState, to_act: list[int], awaiting: list[int]) -> dict[str, Any]:
    out = None
    if s.result is not None:
        out = OutcomeView(
            winners=sorted(s.result.winners),
            reason=s.result.reason,
            group_score=s.result.group_score,
            individual_scores=dict(s.result.individual_scores),
        )
    pending = None
    if s.cursor is not None:
        pending = PendingDefenceView(seat=s.cursor.seat, attack_number=len(s.attacks))
    return {
        "num_players": s.num_players,
        "decks": s.decks,
        "options": s.options,
        "phase": s.phase,
        "round": s.round,
        "to_act": to_act,
        "awaiting": awaiting,
        "players": [
            PlayerView(
                seat=i,
                row=[person_view(x) for x in p.row],
                hand_count=len(p.hand),
                ready=p.ready,
                divine_protection=p.divine_protection,
                hit_this_night=p.hit_this_night,
                people=len(p.row),
                score=row_score(p.row),
            )
            for i, p in enumerate(s.players)
        ],
        "draw_count": len(s.draw),
        "discard": [card_view(c) for c in s.discard],
        "attacks_tonight": s.attacks_tonight,
        "night_start_seat": s.night_start_seat,
        "attacks": [
            AttackView(
                number=a.number,
                assigned_seat=a.assigned_seat,
                stack=[card_view(c) for c in a.stack],
                attack_card=card_view(a.attack_card) if a.attack_card else None,
                deadly_joker=a.deadly_joker,
                steps=[step_view(x) for x in a.steps],
                done=a.done,
                final_result=a.final_result,
            )
            for a in s.attacks
        ],
        "raid_active": s.raid_active,
        "raid_bonus": raid_bonus(s.round, s.raid_active),
        "offers": [offer_view(o, None) for o in s.offers],
        "pending_defence": pending,
        "outcome": out,
    }


def defence_options(s: TenthNightState, seat: int) -> DefenceOptions | None:
    cur = s.cursor
    if cur is None or cur.seat != seat or s.phase != "night":
        return None
    step = s.attacks[-1].steps[-1]
    victim = next(x for x in s.players[seat].row if x.id == step.person_id)
    hand = s.players[seat].hand
    return DefenceOptions(
        victim=person_view(victim),
        damage=step.damage or 0,
        defence=step.defence or 0,
        deadly=step.deadly,
        can_nullify=any(is_joker(c) for c in hand),
        modifiers=[] if step.deadly else [card_view(c) for c in hand if is_modifier(c)],
    )


def defence_actions(s: TenthNightState, seat: int) -> list[Defend]:
    """TN-20: each Joker, each non-empty set of J/Q/K (strongest first), and pass."""
    opts = defence_options(s, seat)
    if opts is None:
        return []
    return list(defences(tuple(s.players[seat].hand), opts.deadly))


@lru_cache(maxsize=4096)
def defences(hand: tuple[str, ...], deadly: bool) -> tuple[Defend, ...]:
    """`defence_actions` of a hand facing a (deadly) attack: the same records serve every state
    that offers them (a playout's night asks this without building the `DefenceOptions`)."""
    out: list[Defend] = [Defend(mode="nullify", card_ids=(c,)) for c in hand if is_joker(c)]
    if not deadly:
        mods = sorted((c for c in hand if is_modifier(c)), key=lambda c: -modifier_value(c))
        for size in range(1, len(mods) + 1):
            for combo in combinations(mods, size):
                out.append(Defend(mode="modifiers", card_ids=combo))
    out.append(Defend(mode="pass"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# The board as text (light Markdown, ≤ ~1800 characters) for embeds, DMs and the terminal


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
        lines.append(f"**Game over** after {o.outcome.group_score} night(s): {why}.")
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
        lines.append(f"**Your hand** ({seat_ref(o.seat)}): {_cards(o.hand)}")
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

"""Observations (spec §10): a seat's view built from the state, the defences it may play, and the
board as text (`board_text`). The records are in `observation_models`."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from rules.cards import card
from rules.record_copies import remade
from rules.tenth_night.actions import Defend
from rules.tenth_night.board_text import describe
from rules.tenth_night.observation_models import (
    AttackView,
    CardView,
    DefenceOptions,
    OfferView,
    OutcomeView,
    PendingDefenceView,
    PersonView,
    PlayerView,
    StepView,
    TenthNightObservation,
    TenthNightPrivateObservation,
)
from rules.tenth_night.state import (
    Offer,
    Person,
    StepRecord,
    TenthNightState,
    is_joker,
    is_modifier,
    modifier_value,
    raid_bonus,
    row_score,
    value,
)

__all__ = [  # the records are read from here too, as the board text is
    "AttackView",
    "CardView",
    "DefenceOptions",
    "OfferView",
    "OutcomeView",
    "PendingDefenceView",
    "PersonView",
    "PlayerView",
    "StepView",
    "TenthNightObservation",
    "TenthNightPrivateObservation",
    "card_view",
    "defence_actions",
    "defence_options",
    "defences",
    "describe",
    "offer_view",
    "person_view",
    "public_fields",
    "step_view",
]


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
    return remade(StepView, s, defence_cards=[card_view(c) for c in s.defence_cards])


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

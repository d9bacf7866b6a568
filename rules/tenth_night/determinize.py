"""Worlds a seat cannot tell from the real one (TN-39), for the `expert` search agent.

`determinize(observation, seat, rng)` reads only the seat's own observation and deals what it
cannot see at random among the cards still unaccounted for: the other seats' hands (their sizes
are public), the hand card another seat offers in an exchange this seat is no party to, and the
draw pile's order. Everything else — rows, discards, the night's attack stacks, the resolution
of an attack waiting for a defence (replayed from its public steps, TN-18) — is read back from
the view, so observing the world from that seat gives the observation back.
"""

from __future__ import annotations

import random
from bisect import insort

from rules.cards import card, deck_ids
from rules.core import Seat
from rules.record_copies import remade
from rules.tenth_night.observation import AttackView, TenthNightPrivateObservation
from rules.tenth_night.state import (
    AttackState,
    Cursor,
    Offer,
    Person,
    PlayerState,
    StepRecord,
    TenthNightState,
    is_modifier,
    is_person_card,
    modifier_value,
    row_index,
    value,
    zigzag,
)


def determinize(
    o: TenthNightPrivateObservation, seat: Seat, rng: random.Random
) -> TenthNightState | None:
    if o.phase == "game_over" or o.seat != seat:
        return None
    seen: set[str] = {c.id for c in o.hand}
    seen |= {p.id for pl in o.players for p in pl.row}
    seen |= {c.id for c in o.discard}
    seen |= {c.id for a in o.attacks for c in a.stack}
    unseen = [c for c in deck_ids(o.decks) if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[str]] = [[] for _ in o.players]
    hands[seat] = [c.id for c in o.hand]
    # the hand cards offered in exchanges: shown to this seat when it is a party, else dealt
    offers: list[Offer] = []
    mine = {x.offer_id: x for x in o.my_offers}
    for x in o.my_offers:  # the hand cards this seat was shown first, then the hidden ones
        known = x.give_card.id if x.give_zone == "hand" and x.give_card is not None else None
        if x.from_seat != seat and known is not None and known in unseen:
            unseen.remove(known)
            hands[x.from_seat].append(known)
    for view in o.offers:
        shown = mine.get(view.offer_id, view)
        give = shown.give_card.id if shown.give_card is not None else None
        held = hands[view.from_seat]
        if give is None:  # another seat's hidden hand card: one that may land where it goes
            full = len(held) >= o.players[view.from_seat].hand_count
            fits = [
                c
                for c in (held if full else unseen)
                if view.want_zone != "row" or is_person_card(c)
            ]
            if not fits:
                return None
            give = fits[0]
            if not full:
                unseen.remove(give)
                held.append(give)
        want = view.want_card.id if view.want_card is not None else None
        offers.append(remade(Offer, view, give_card=give, want_card=want))
    players: list[PlayerState] = []
    for p in o.players:
        if p.seat != seat:
            short = p.hand_count - len(hands[p.seat])
            if short < 0 or short > len(unseen):
                return None
            hands[p.seat] += unseen[:short]
            del unseen[:short]
            rng.shuffle(hands[p.seat])  # an offered card's place in the hand is unknown too
        row = tuple(Person(id=x.id, injured=x.injured) for x in p.row)
        players.append(remade(PlayerState, p, row=row, hand=tuple(hands[p.seat])))
    if len(unseen) != o.draw_count:
        return None
    attacks = tuple(_attack(a) for a in o.attacks)
    cursor = None
    if o.pending_defence is not None and attacks:
        cursor = _cursor(attacks[-1], players, o.num_players)
        if cursor is None:
            return None
    return remade(
        TenthNightState,
        o,
        players=tuple(players),
        draw=tuple(unseen),
        discard=tuple(c.id for c in o.discard),
        attacks=attacks,
        offers=tuple(offers),
        next_offer_id=max((x.offer_id for x in offers), default=0) + 1,
        cursor=cursor,
    )


def _attack(a: AttackView) -> AttackState:
    stack = [c.id for c in a.stack]
    drawn = stack[: stack.index(a.attack_card.id)] if a.attack_card is not None else stack
    return remade(
        AttackState,
        a,
        stack=tuple(stack),
        attack_card=a.attack_card.id if a.attack_card is not None else None,
        modifier_total=sum(modifier_value(c) for c in drawn if is_modifier(c)),
        steps=tuple(
            remade(StepRecord, s, defence_cards=tuple(c.id for c in s.defence_cards))
            for s in a.steps
        ),
    )


def _cursor(a: AttackState, players: list[PlayerState], num_players: int) -> Cursor | None:
    """The resolution of the attack waiting for a defence, replayed from its steps (TN-18): a tie
    moves the count on to the next person not yet compared, a pass to the next row's first."""
    if a.attack_card is None or not a.steps or a.steps[-1].result != "pending":
        return None
    red = card(a.attack_card).colour == "red"
    seat, count = a.assigned_seat, value(a.attack_card)
    rows = [seat]
    visited: list[tuple[int, str]] = []
    for step in a.steps:
        if (step.seat, step.person_id) not in visited:
            insort(visited, (step.seat, step.person_id))
        if step.result == "pending":
            break
        if step.result == "tie" and len(players[seat].row) > 1:
            row = players[seat].row
            n = len(row)
            for c in range(count + 1, count + 2 * (n - 1) + 1):
                person = row[row_index(zigzag(c, n), n, red)]
                if (seat, person.id) not in visited:
                    count = c
                    break
            continue
        seat = (seat + 1) % num_players  # a pass (a tie in a one-person row passes too)
        rows.append(seat)
        count = 1
    return Cursor(seat=seat, count=count, visited_rows=tuple(rows), visited=tuple(visited))

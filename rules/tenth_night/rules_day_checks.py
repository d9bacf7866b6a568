"""Why a day action is refused (TN-10, TN-11, TN-12), in words for the player: the one validator
the legal list and `why_illegal` share."""

from __future__ import annotations

from rules.cards import card
from rules.core import seat_ref
from rules.tenth_night import actions as act
from rules.tenth_night.state import (
    MAX_PEOPLE,
    Offer,
    Person,
    TenthNightState,
    is_heart,
    is_person_card,
    rank,
)


def _find(row: tuple[Person, ...], card_id: str) -> Person | None:
    return next((x for x in row if x.id == card_id), None)


def _offer(s: TenthNightState, offer_id: int) -> Offer | None:
    return next((o for o in s.offers if o.offer_id == offer_id), None)


def problem(s: TenthNightState, seat: int, a: act.DayAction) -> str | None:
    """Why `seat` may not play `a` now, in words for the player; None if it may."""
    if s.phase != "day":
        return "That is a day action, and it is night: only a defence decision can be made now."
    p = s.players[seat]
    hand = p.hand
    if isinstance(a, act.Ready):
        return "You are already ready for the night." if p.ready else None
    if isinstance(a, act.EndDay):
        return "Only the day timer ends the day for everyone; type `ready` when you are done."
    if isinstance(a, act.EndRecord):
        if not s.options.record_mode:
            return "`end_record` exists only in record mode."
        if s.round < 11:
            return f"A record run can be ended from Day 11 on; this is Day {s.round}."
        return None
    if isinstance(a, act.Swap | act.HealReplace | act.HealHeart):
        if a.hand_card_id not in hand:
            return f"{_name(a.hand_card_id)} is not in your hand."
        person = _find(p.row, a.person_id)
        if person is None:
            return f"{_name(a.person_id)} is not one of your people."
        if isinstance(a, act.Swap):
            if not is_person_card(a.hand_card_id):
                return f"{_name(a.hand_card_id)} cannot become a person: only A–10 can."
            if person.injured:
                return (
                    f"{_name(a.person_id)} is injured and cannot be swapped out: heal it first "
                    "(a ♥ of the same rank replaces it, any ♥ heals it)."
                )
            return None
        if not person.injured:
            return f"{_name(a.person_id)} is healthy; only an injured person can be healed."
        if not is_heart(a.hand_card_id):
            return f"Only a ♥ card heals; {_name(a.hand_card_id)} is not a heart."
        if isinstance(a, act.HealReplace) and rank(a.hand_card_id) != rank(a.person_id):
            return (
                f"{_name(a.hand_card_id)} can replace only an injured {rank(a.hand_card_id)}; "
                f"to heal {_name(a.person_id)} with it, discard it instead (heal … by discarding)."
            )
        return None
    if isinstance(a, act.Trio):
        ids = a.card_ids
        if len(set(ids)) != 3 or any(c not in hand for c in ids):
            return "A trio needs three different cards from your hand."
        if not all(is_person_card(c) for c in ids) or len({rank(c) for c in ids}) != 1:
            shown = " ".join(_name(c) for c in ids)
            return f"A trio needs three cards of one rank A–10; {shown} are not."
        if a.keep_id not in ids:
            return f"The card you keep must be one of the three; {_name(a.keep_id)} is not."
        if len(p.row) >= MAX_PEOPLE:
            return "You already have 5 people; a trio can only add a sixth, which is not allowed."
        if list(ids) != [c for c in hand if c in ids]:
            return "List the trio's cards in the order they sit in your hand."
        return None
    if isinstance(a, act.Reorder):
        current = tuple(x.id for x in p.row)
        if sorted(a.order) != sorted(current):
            return "A new order must list each of your people exactly once."
        if a.order == current:
            return "That is already the order of your row."
        return None
    if isinstance(a, act.DivineProtection):
        if len(p.row) != 1:
            return f"Divine protection needs exactly one person in your row; you have {len(p.row)}."
        if p.divine_protection:
            return "You already have divine protection."
        if a.person_id != p.row[0].id:
            return f"Your one person is {_name(p.row[0].id)}, not {_name(a.person_id)}."
        return None
    if isinstance(a, act.ProposeExchange):
        return _proposal_problem(s, seat, a)
    if isinstance(a, act.AcceptExchange | act.DeclineExchange | act.WithdrawExchange):
        o = _offer(s, a.offer_id)
        if o is None:
            return (
                f"Offer {a.offer_id} is no longer open: it was accepted, declined, withdrawn, "
                "or one of its cards moved."
            )
        if isinstance(a, act.WithdrawExchange):
            return (
                None if o.from_seat == seat else "Only the player who made an offer withdraws it."
            )
        if o.to_seat != seat:
            return f"Offer {a.offer_id} was made to {seat_ref(o.to_seat)}, not to you."
        if isinstance(a, act.AcceptExchange):
            return _accept_problem(s, o, a.card_id)
        return None
    return "That move is not allowed right now."


def _name(card_id: str) -> str:
    try:
        return card(card_id).label
    except ValueError:
        return repr(card_id)


def _proposal_problem(s: TenthNightState, seat: int, a: act.ProposeExchange) -> str | None:
    if s.num_players == 1:
        return "There is nobody to trade with in a solo game."
    if a.to_seat == seat:
        return "You cannot trade with yourself; name another player."
    if not 0 <= a.to_seat < s.num_players:
        return f"There is no player {a.to_seat + 1} at this table."
    p, other = s.players[seat], s.players[a.to_seat]
    g, w = a.give, a.want
    if g.zone == "row":
        person = _find(p.row, g.card_id)
        if person is None:
            return f"{_name(g.card_id)} is not one of your people."
        if person.injured:
            return f"{_name(g.card_id)} is injured; injured people cannot be traded."
    elif g.card_id not in p.hand:
        return f"{_name(g.card_id)} is not in your hand."
    if w.zone == "row":
        if w.card_id is None:
            return "Name the person you want from their row."
        target = _find(other.row, w.card_id)
        if target is None:
            return f"{_name(w.card_id)} is not one of {seat_ref(a.to_seat)}'s people."
        if target.injured:
            return f"{_name(w.card_id)} is injured; injured people cannot be traded."
        if not is_person_card(g.card_id):
            return (
                f"{_name(g.card_id)} would land in {seat_ref(a.to_seat)}'s row, "
                "and only A–10 can be people."
            )
    elif w.card_id is not None:
        return "For a hand card, do not name it: the other player chooses it when accepting."
    for o in s.offers:
        same = (o.from_seat, o.to_seat, o.give_zone, o.give_card, o.want_zone, o.want_card)
        if same == (seat, a.to_seat, g.zone, g.card_id, w.zone, w.card_id):
            return f"You already made that offer (offer {o.offer_id})."
    return None


def _accept_problem(s: TenthNightState, o: Offer, card_id: str | None) -> str | None:
    if o.want_zone == "row":
        return None if card_id is None else "This offer names its card; accept it without one."
    if card_id is None:
        return "This offer wants a card from your hand: name the card you give."
    if card_id not in s.players[o.to_seat].hand:
        return f"{_name(card_id)} is not in your hand."
    if o.give_zone == "row" and not is_person_card(card_id):
        return (
            f"{_name(card_id)} would land in {seat_ref(o.from_seat)}'s row; "
            "only A–10 can be people."
        )
    return None

"""What a day action does on the working table (TN-10 effects)."""

from __future__ import annotations

from functools import lru_cache

from rules.core import seat_ref
from rules.draft import construct
from rules.tenth_night import actions as act
from rules.tenth_night.rules_night import end_day, end_game
from rules.tenth_night.rules_table import SeatW, Table, lab
from rules.tenth_night.state import (
    Offer,
    Person,
)

_offer_record = construct(Offer)


def apply_day(t: Table, seat: int, a: act.DayAction) -> None:
    """Apply a legal day action to the working table (TN-10 effects)."""
    if isinstance(a, act.EndDay):  # the day timer's system action: no seat plays it
        t.say("⏰ The day is over.")
        end_day(t)
        return
    p = t.players[seat]
    me = seat_ref(seat)
    if isinstance(a, act.Ready):
        p.ready = True
        if not t.quiet:
            t.say(f"{me} is ready for the night.")
        if all(x.ready for x in t.players):
            end_day(t)
        return
    if isinstance(a, act.EndRecord):
        t.say(f"{me} ends the record run after {t.round - 1} nights.")
        end_game(t, winners=True, reason="record_stopped", group=t.round - 1)
        return
    if isinstance(a, act.ProposeExchange):
        offer: Offer = _offer_record(
            {
                "offer_id": t.next_offer_id,
                "from_seat": seat,
                "to_seat": a.to_seat,
                "give_zone": a.give.zone,
                "give_card": a.give.card_id,
                "want_zone": a.want.zone,
                "want_card": a.want.card_id,
            }
        )
        t.next_offer_id += 1
        t.offers.append(offer)
        if t.quiet:
            return
        public, private = offer_texts(offer)
        t.say(f"{me} proposes offer {offer.offer_id} to {seat_ref(a.to_seat)}: {public}.")
        t.events.append(
            t.events[-1].model_copy(
                update={
                    "text": f"Offer {offer.offer_id} ({me} → {seat_ref(a.to_seat)}): {private}.",
                    "visible_to": frozenset({seat, a.to_seat}),
                    "kind": "private",
                }
            )
        )
        return
    if isinstance(a, act.DeclineExchange | act.WithdrawExchange):
        verb = "declines" if isinstance(a, act.DeclineExchange) else "withdraws"
        t.offers = [o for o in t.offers if o.offer_id != a.offer_id]
        if not t.quiet:
            t.say(f"{me} {verb} offer {a.offer_id}.")
        return
    if isinstance(a, act.Reorder):  # the commonest moves of a random playout first
        by_id = {x.id: x for x in p.row}
        p.row = [by_id[i] for i in a.order]
        if not t.quiet:
            t.say(f"{me} rearranges the row: {' '.join(lab(i) for i in a.order)}.")
    elif isinstance(a, act.AcceptExchange):
        _accept(t, seat, a)
    elif isinstance(a, act.Swap):
        _into_row(p, a, a.hand_card_id)
        p.hand.append(a.person_id)
        if not t.quiet:
            t.say(
                f"{me} swaps a hand card with {lab(a.person_id)}: the new person is "
                f"{lab(a.hand_card_id)}."
            )
    elif isinstance(a, act.HealReplace):
        _into_row(p, a, a.hand_card_id)
        t.discard.append(a.person_id)
        t.say(f"{me} replaces injured {lab(a.person_id)} with {lab(a.hand_card_id)}.")
    elif isinstance(a, act.HealHeart):
        _into_row(p, a, a.person_id)
        t.discard.append(a.hand_card_id)
        t.say(f"{me} heals {lab(a.person_id)} by discarding {lab(a.hand_card_id)}.")
    elif isinstance(a, act.Trio):
        for cid in a.card_ids:
            p.hand.remove(cid)
        t.discard.extend(c for c in a.card_ids if c != a.keep_id)
        p.row.append(_person(a.keep_id))
        shown = " ".join(lab(c) for c in a.card_ids if c != a.keep_id)
        t.say(f"{me} plays a trio: discards {shown}, new person {lab(a.keep_id)}.")
    elif isinstance(a, act.DivineProtection):
        t.discard.extend(p.hand)
        shown = " ".join(lab(c) for c in p.hand)
        p.hand = []
        p.divine_protection = True
        t.say(f"{me} discards the whole hand ({shown}) for divine protection.")
    p.ready = False
    t.tidy()


@lru_cache(maxsize=1024)
def _person(card_id: str) -> Person:
    """A healthy person: records are frozen, so one serves every row that holds the card."""
    return Person(id=card_id)


def _index(row: list[Person], card_id: str) -> int:
    return next(i for i, x in enumerate(row) if x.id == card_id)


def _into_row(p: SeatW, a: act.Swap | act.HealReplace | act.HealHeart, card_id: str) -> None:
    """`a`'s hand card leaves the hand, and `card_id` takes the place of `a`'s person in the row
    as a healthy person: the hand card (a swap, a heal by replacing) or the person itself (a heal
    with a heart)."""
    i = _index(p.row, a.person_id)
    p.hand.remove(a.hand_card_id)
    p.row[i] = _person(card_id)


def _accept(t: Table, seat: int, a: act.AcceptExchange) -> None:
    o = next(x for x in t.offers if x.offer_id == a.offer_id)
    giver, taker = t.players[o.from_seat], t.players[seat]
    theirs = o.want_card if o.want_zone == "row" else a.card_id
    assert theirs is not None
    # Each card takes the other's place: the same row index (healthy), or the end of the hand.
    if o.give_zone == "row":
        giver.row[_index(giver.row, o.give_card)] = _person(theirs)
    else:
        giver.hand.remove(o.give_card)
        giver.hand.append(theirs)
    if o.want_zone == "row":
        taker.row[_index(taker.row, theirs)] = _person(o.give_card)
    else:
        taker.hand.remove(theirs)
        taker.hand.append(o.give_card)
    giver.ready = taker.ready = False
    t.offers = [x for x in t.offers if x.offer_id != o.offer_id]
    if t.quiet:
        return
    t.say(f"{seat_ref(seat)} accepts offer {o.offer_id} from {seat_ref(o.from_seat)}.")
    t.events.append(
        t.events[-1].model_copy(
            update={
                "text": f"Offer {o.offer_id}: {seat_ref(o.from_seat)} gets {lab(theirs)}, "
                f"{seat_ref(seat)} gets {lab(o.give_card)}.",
                "visible_to": frozenset({seat, o.from_seat}),
                "kind": "private",
            }
        )
    )


def offer_texts(o: Offer) -> tuple[str, str]:
    """(public, private) descriptions of an offer: a hand card's identity is private (TN-39)."""
    give_pub = f"{lab(o.give_card)} (row)" if o.give_zone == "row" else "a hand card"
    give_priv = f"{lab(o.give_card)} ({o.give_zone})"
    want = f"their {lab(o.want_card)}" if o.want_card is not None else "a hand card"
    return f"{give_pub} for {want}", f"{give_priv} for {want}"

"""Day actions (TN-10, TN-11, TN-12): what a seat may do, in a deterministic order (answers first,
then healing, growth, swaps, trades, order), the whole list or by kind.

`problem` (`rules_day_checks`) is the one validator: `legal` enumerates only actions it accepts,
and `why_illegal` returns its message, so the reasons players read and the legal list cannot drift
apart. The records are made once (`rules_day_moves`); `apply_day` is in `rules_day_effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache, partial

from rules.tenth_night import actions as act
from rules.tenth_night.rules_day_checks import problem as problem
from rules.tenth_night.rules_day_effects import apply_day as apply_day
from rules.tenth_night.rules_day_moves import (
    READY,
    ProposalMoves,
    ReorderMoves,
    accepts,
    decline,
    proposal_list,
    proposals,
    reorders,
    swap,
    trios,
    withdraw,
)
from rules.tenth_night.state import (
    MAX_PEOPLE,
    TenthNightState,
    is_heart,
    is_person_card,
    rank,
)


def legal(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    if not p.ready:
        yield READY
    for o in s.offers:
        if o.to_seat == seat:
            yield from accepts(s, o)
            yield decline(o.offer_id)
    for o in s.offers:
        if o.from_seat == seat:
            yield withdraw(o.offer_id)
    injured = [x for x in p.row if x.injured]
    for person in injured:
        for h in p.hand:
            if is_heart(h) and rank(h) == rank(person.id):
                yield act.HealReplace(hand_card_id=h, person_id=person.id)
    for person in injured:
        for h in p.hand:
            if is_heart(h):
                yield act.HealHeart(hand_card_id=h, person_id=person.id)
    if len(p.row) < MAX_PEOPLE:
        yield from trios(p)
    if len(p.row) == 1 and not p.divine_protection:
        yield act.DivineProtection(person_id=p.row[0].id)
    numbers = [h for h in p.hand if is_person_card(h)]
    for h in numbers:
        for person in p.row:
            if not person.injured:
                yield swap(h, person.id)
    if s.options.record_mode and s.round >= 11:
        yield act.EndRecord()
    yield from proposals(s, seat)
    if len(p.row) > 1:
        yield from reorders(tuple(x.id for x in p.row))


def legal_kinds(s: TenthNightState, seat: int) -> dict[str, Callable[[], Iterable[act.DayAction]]]:
    """`legal` split by kind (the action's `type`): each kind's actions in `legal`'s order, made
    only when that kind is asked for (`rules.core.ByKind`)."""
    return {kind: partial(make, s, seat) for kind, make in KIND_MAKERS.items()}


def _k_ready(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    if not s.players[seat].ready:
        yield READY


def _k_accepts(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    for o in s.offers:
        if o.to_seat == seat:
            yield from accepts(s, o)


def _k_declines(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    for o in s.offers:
        if o.to_seat == seat:
            yield decline(o.offer_id)


def _k_withdraws(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    for o in s.offers:
        if o.from_seat == seat:
            yield withdraw(o.offer_id)


def _k_heal_replace(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    for person in p.row:
        if person.injured:
            for h in p.hand:
                if is_heart(h) and rank(h) == rank(person.id):
                    yield act.HealReplace(hand_card_id=h, person_id=person.id)


def _k_heal_heart(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    for person in p.row:
        if person.injured:
            for h in p.hand:
                if is_heart(h):
                    yield act.HealHeart(hand_card_id=h, person_id=person.id)


def _k_trios(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    if len(p.row) < MAX_PEOPLE:
        yield from trios(p)


def _k_divine(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    if len(p.row) == 1 and not p.divine_protection:
        yield act.DivineProtection(person_id=p.row[0].id)


def _k_swaps(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    p = s.players[seat]
    for h in p.hand:
        if is_person_card(h):
            for person in p.row:
                if not person.injured:
                    yield swap(h, person.id)


def _k_end_record(s: TenthNightState, seat: int) -> Iterator[act.DayAction]:
    if s.options.record_mode and s.round >= 11:
        yield act.EndRecord()


def _k_proposals(s: TenthNightState, seat: int) -> Sequence[act.DayAction]:
    return proposal_list(s, seat)


def _k_reorders(s: TenthNightState, seat: int) -> Sequence[act.DayAction]:
    """The remembered tuple itself: listed in one go."""
    p = s.players[seat]
    return reorders(tuple(x.id for x in p.row)) if len(p.row) > 1 else ()


KIND_MAKERS: dict[str, Callable[[TenthNightState, int], Iterable[act.DayAction]]] = {
    "ready": _k_ready,
    "accept_exchange": _k_accepts,
    "decline_exchange": _k_declines,
    "withdraw_exchange": _k_withdraws,
    "heal_replace": _k_heal_replace,
    "heal_heart": _k_heal_heart,
    "trio": _k_trios,
    "divine_protection": _k_divine,
    "swap": _k_swaps,
    "end_record": _k_end_record,
    "propose_exchange": _k_proposals,
    "reorder": _k_reorders,
}
"""Each kind of day action and what lists it from a state and seat, in `legal`'s order."""


def kinds_present(s: TenthNightState, seat: int) -> list[str]:
    """The kinds `legal_kinds` has at least one action of, sorted by name: what probing each of
    them gives (`rules.core.ByKind.kinds`), read from the state without making any action but,
    at times, the first proposal. A random agent asks this every move of a playout."""
    p = s.players[seat]
    hand, row, offers = p.hand, p.row, s.offers
    numbers, hearts, trio = _hand_facts(tuple(hand))
    injured = [x for x in row if x.injured]
    found: list[str] = []
    if offers:
        mine = [o for o in offers if o.to_seat == seat]
        if mine:
            # a row offer is accepted as it is; a hand offer with any hand card (a number
            # when the card given lands in the giver's row)
            if any(
                o.want_zone == "row" or (numbers if o.give_zone == "row" else hand) for o in mine
            ):
                found.append("accept_exchange")
            found.append("decline_exchange")
    if len(row) == 1 and not p.divine_protection:
        found.append("divine_protection")
    if s.options.record_mode and s.round >= 11:
        found.append("end_record")
    if injured and hearts:
        found.append("heal_heart")
        if any(rank(h) == rank(x.id) for x in injured for h in hearts):
            found.append("heal_replace")
    if s.num_players > 1:
        # Each card this seat may give makes an offer to each other seat (a hand card may always
        # be asked for); only when the open offers could repeat all of them is a new one looked for.
        gives = len(hand) + len(row) - len(injured)
        if gives * (s.num_players - 1) > len(offers) or (
            gives and next(proposals(s, seat), None) is not None
        ):
            found.append("propose_exchange")
    if not p.ready:
        found.append("ready")
    if len(row) > 1 and len({x.id for x in row}) > 1:  # some order differs from this one
        found.append("reorder")
    if numbers and len(injured) < len(row):
        found.append("swap")
    if trio and len(row) < MAX_PEOPLE:
        found.append("trio")
    if offers and any(o.from_seat == seat for o in offers):
        found.append("withdraw_exchange")
    return found


def kind_moves(s: TenthNightState, seat: int, kind: str) -> Sequence[act.DayAction]:
    """`legal_kinds(s, seat)[kind]` listed (a playout's `DayMoves.of_kind`): the kinds a random
    agent picks most are listed straight from the state, the reorders and the exchange proposals
    made one at a time (`ReorderMoves`, `ProposalMoves`), the others by `KIND_MAKERS`."""
    p = s.players[seat]
    if kind == "ready":
        return () if p.ready else (READY,)
    if kind == "propose_exchange":
        return ProposalMoves(s, seat)
    if kind == "reorder":
        return ReorderMoves(tuple(x.id for x in p.row)) if len(p.row) > 1 else ()
    if kind == "swap":
        healthy = [x.id for x in p.row if not x.injured]
        return [swap(h, x) for h in p.hand if is_person_card(h) for x in healthy]
    make = KIND_MAKERS.get(kind)
    return list(make(s, seat)) if make is not None else []


@lru_cache(maxsize=8192)
def _hand_facts(hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """A hand's number cards, its hearts, and whether three numbers share a rank (a trio)."""
    numbers = tuple(h for h in hand if is_person_card(h))
    ranks = [rank(h) for h in numbers]
    trio = any(ranks.count(r) >= 3 for r in set(ranks))
    return numbers, tuple(h for h in hand if is_heart(h)), trio

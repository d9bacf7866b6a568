"""The day's move records, made once: actions are immutable values, so the same records serve
every state that offers them, and the long lists (a row's orders, the exchange offers) are made
only as far as they are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from math import factorial

from rules.core import MadeOnRead
from rules.draft import construct
from rules.lazy_lists import MadeByIndex
from rules.tenth_night import actions as act
from rules.tenth_night.state import (
    Offer,
    PlayerState,
    TenthNightState,
    Zone,
    is_person_card,
    rank,
)

# Actions are immutable values, so the same records can serve every state that offers them.
READY = act.Ready()
# Records the rules make from values they hold, valid by construction, built without validation.
_reorder = construct(act.Reorder)
_make_swap = construct(act.Swap)


@lru_cache(maxsize=4096)
def decline(offer_id: int) -> act.DeclineExchange:
    return act.DeclineExchange(offer_id=offer_id)


@lru_cache(maxsize=4096)
def withdraw(offer_id: int) -> act.WithdrawExchange:
    return act.WithdrawExchange(offer_id=offer_id)


@lru_cache(maxsize=4096)
def reorders(current: tuple[str, ...]) -> tuple[act.Reorder, ...]:
    return tuple(
        _reorder({"type": "reorder", "order": o}) for o in permutations(current) if o != current
    )


class ReorderMoves(MadeByIndex[act.Reorder]):
    """`reorders(current)` without making its up to 119 records: the i-th is made when asked
    (a playout's random agent reads one). With distinct ids (a row's cards always are), the i-th
    reorder is permutation i + 1 of `itertools.permutations` (the first is the row as it is)."""

    def __init__(self, current: tuple[str, ...]) -> None:
        self.current = current
        self.size = factorial(len(current)) - 1 if len(set(current)) == len(current) else -1

    def __len__(self) -> int:
        return self.size if self.size >= 0 else len(reorders(self.current))

    def _whole(self) -> Sequence[act.Reorder]:
        return reorders(self.current)

    def _at(self, index: int) -> act.Reorder:
        if self.size < 0:
            return reorders(self.current)[index]
        rest = list(self.current)
        k = index + 1  # the permutation's number, in lexicographic order of positions
        order = []
        for n in range(len(rest) - 1, -1, -1):
            q, k = divmod(k, factorial(n))
            order.append(rest.pop(q))
        made: act.Reorder = _reorder({"type": "reorder", "order": tuple(order)})
        return made


@lru_cache(maxsize=8192)
def _give(zone: Zone, card_id: str) -> act.Give:
    return act.Give(zone=zone, card_id=card_id)


@lru_cache(maxsize=8192)
def _want(zone: Zone, card_id: str | None) -> act.Want:
    return act.Want(zone=zone, card_id=card_id)


@lru_cache(maxsize=8192)
def swap(hand_card_id: str, person_id: str) -> act.Swap:
    made: act.Swap = _make_swap(
        {"type": "swap", "hand_card_id": hand_card_id, "person_id": person_id}
    )
    return made


def trios(p: PlayerState) -> Iterator[act.Trio]:
    by_rank: dict[str, list[str]] = {}
    for h in p.hand:
        if is_person_card(h):
            by_rank.setdefault(rank(h), []).append(h)
    for same in by_rank.values():
        for combo in combinations(same, 3):
            for keep in combo:
                yield act.Trio(card_ids=combo, keep_id=keep)


def accepts(s: TenthNightState, o: Offer) -> Iterator[act.AcceptExchange]:
    if o.want_zone == "row":
        yield act.AcceptExchange(offer_id=o.offer_id)
        return
    for h in s.players[o.to_seat].hand:
        if o.give_zone != "row" or is_person_card(h):
            yield act.AcceptExchange(offer_id=o.offer_id, card_id=h)


ProposalKey = tuple[int, Zone, str, Zone, str | None]
"""An offer's (to_seat, give zone, give card, want zone, want card)."""


def proposals(s: TenthNightState, seat: int) -> Iterator[act.ProposeExchange]:
    gives, existing, targets = _offer_inputs(s, seat)
    for to, wants in targets:
        for a in _proposal_block(to, gives, wants):
            key = (to, a.give.zone, a.give.card_id, a.want.zone, a.want.card_id)
            if key not in existing:
                yield a


def _offer_inputs(
    s: TenthNightState, seat: int
) -> tuple[tuple[tuple[Zone, str], ...], set[ProposalKey], list[tuple[int, tuple[str, ...]]]]:
    """What `seat` may give (healthy people, then hand cards), the open offers' keys, and each
    other seat with the healthy people one may ask it for."""
    p = s.players[seat]
    gives: tuple[tuple[Zone, str], ...] = tuple(
        ("row", x.id) for x in p.row if not x.injured
    ) + tuple(("hand", h) for h in p.hand)
    existing = {(o.to_seat, o.give_zone, o.give_card, o.want_zone, o.want_card) for o in s.offers}
    targets = [
        (to, tuple(x.id for x in s.players[to].row if not x.injured))
        for to in range(s.num_players)
        if to != seat
    ]
    return gives, existing, targets


def proposal_list(s: TenthNightState, seat: int) -> list[act.ProposeExchange]:
    """`proposals` as a list, made block by block (the order is the same)."""
    gives, existing, targets = _offer_inputs(s, seat)
    out: list[act.ProposeExchange] = []
    for to, wants in targets:
        block = _proposal_block(to, gives, wants)
        if existing:
            out += [
                a
                for a in block
                if (to, a.give.zone, a.give.card_id, a.want.zone, a.want.card_id) not in existing
            ]
        else:
            out += block
    return out


class ProposalMoves(MadeOnRead[act.ProposeExchange]):
    """`proposal_list(s, seat)` without making its records: the offers are listed as plain
    keys, in the same order, and the i-th record is made when asked (a playout's random agent
    reads one of the dozens a day offers)."""

    def __init__(self, s: TenthNightState, seat: int) -> None:
        gives, existing, targets = _offer_inputs(s, seat)
        keys: list[ProposalKey] = []
        for to, wants in targets:
            block = _proposal_keys(to, gives, wants)
            keys += [k for k in block if k not in existing] if existing else block
        super().__init__(keys, _proposal)


@lru_cache(maxsize=4096)
def _proposal_keys(
    to: int, gives: tuple[tuple[Zone, str], ...], wants: tuple[str, ...]
) -> tuple[ProposalKey, ...]:
    """The offers to `to` from these give options, as keys: each give to each person of `to`'s
    row asked for (an A–10 only), then to the hand."""
    out: list[ProposalKey] = []
    for zone, cid in gives:
        if is_person_card(cid):
            out += ((to, zone, cid, "row", w) for w in wants)
        out.append((to, zone, cid, "hand", None))
    return tuple(out)


@lru_cache(maxsize=8192)
def _proposal(
    to: int, give_zone: Zone, give_card: str, want_zone: Zone, want_card: str | None
) -> act.ProposeExchange:
    """One offer's record, built without validation: its fields are the seat number and the
    remembered `Give` and `Want` records, valid by construction."""
    made: act.ProposeExchange = _propose(
        {
            "type": "propose_exchange",
            "to_seat": to,
            "give": _give(give_zone, give_card),
            "want": _want(want_zone, want_card),
        }
    )
    return made


@lru_cache(maxsize=4096)
def _proposal_block(
    to: int, gives: tuple[tuple[Zone, str], ...], wants: tuple[str, ...]
) -> tuple[act.ProposeExchange, ...]:
    """Every offer to `to` from these give options (`_proposal_keys`' order, each gives a card
    to the row asked for then to the hand); a card landing in a row must be A–10."""
    return tuple(_proposal(*k) for k in _proposal_keys(to, gives, wants))


_propose = construct(act.ProposeExchange)

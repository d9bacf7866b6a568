"""Day actions (TN-10, TN-11, TN-12): what a seat may do, why not, and what it does.

`problem` is the one validator: `legal` enumerates only actions it accepts, and `why_illegal`
returns its message, so the reasons players read and the legal list cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache, partial
from itertools import combinations, permutations
from math import factorial
from typing import overload

from rules.cards import card
from rules.core import MadeOnRead, seat_ref
from rules.draft import construct
from rules.tenth_night.actions import (
    AcceptExchange,
    DayAction,
    DeclineExchange,
    DivineProtection,
    EndDay,
    EndRecord,
    Give,
    HealHeart,
    HealReplace,
    ProposeExchange,
    Ready,
    Reorder,
    Swap,
    Trio,
    Want,
    WithdrawExchange,
)
from rules.tenth_night.rules_night import end_day, end_game
from rules.tenth_night.rules_table import Table, lab
from rules.tenth_night.state import (
    MAX_PEOPLE,
    Offer,
    Person,
    PlayerState,
    TenthNightState,
    Zone,
    is_heart,
    is_person_card,
    rank,
)

# ---------------------------------------------------------------------------------------------
# enumeration (deterministic order: answers first, then healing, growth, swaps, trades, order)


def legal(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    if not p.ready:
        yield _READY
    for o in s.offers:
        if o.to_seat == seat:
            yield from _accepts(s, o)
            yield _decline(o.offer_id)
    for o in s.offers:
        if o.from_seat == seat:
            yield _withdraw(o.offer_id)
    injured = [x for x in p.row if x.injured]
    for person in injured:
        for h in p.hand:
            if is_heart(h) and rank(h) == rank(person.id):
                yield HealReplace(hand_card_id=h, person_id=person.id)
    for person in injured:
        for h in p.hand:
            if is_heart(h):
                yield HealHeart(hand_card_id=h, person_id=person.id)
    if len(p.row) < MAX_PEOPLE:
        yield from _trios(p)
    if len(p.row) == 1 and not p.divine_protection:
        yield DivineProtection(person_id=p.row[0].id)
    numbers = [h for h in p.hand if is_person_card(h)]
    for h in numbers:
        for person in p.row:
            if not person.injured:
                yield _swap(h, person.id)
    if s.options.record_mode and s.round >= 11:
        yield EndRecord()
    yield from _proposals(s, seat)
    if len(p.row) > 1:
        yield from _reorders(tuple(x.id for x in p.row))


def legal_kinds(s: TenthNightState, seat: int) -> dict[str, Callable[[], Iterable[DayAction]]]:
    """`legal` split by kind (the action's `type`): each kind's actions in `legal`'s order, made
    only when that kind is asked for (`rules.core.ByKind`)."""
    return {kind: partial(make, s, seat) for kind, make in KIND_MAKERS.items()}


def _k_ready(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    if not s.players[seat].ready:
        yield _READY


def _k_accepts(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    for o in s.offers:
        if o.to_seat == seat:
            yield from _accepts(s, o)


def _k_declines(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    for o in s.offers:
        if o.to_seat == seat:
            yield _decline(o.offer_id)


def _k_withdraws(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    for o in s.offers:
        if o.from_seat == seat:
            yield _withdraw(o.offer_id)


def _k_heal_replace(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    for person in p.row:
        if person.injured:
            for h in p.hand:
                if is_heart(h) and rank(h) == rank(person.id):
                    yield HealReplace(hand_card_id=h, person_id=person.id)


def _k_heal_heart(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    for person in p.row:
        if person.injured:
            for h in p.hand:
                if is_heart(h):
                    yield HealHeart(hand_card_id=h, person_id=person.id)


def _k_trios(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    if len(p.row) < MAX_PEOPLE:
        yield from _trios(p)


def _k_divine(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    if len(p.row) == 1 and not p.divine_protection:
        yield DivineProtection(person_id=p.row[0].id)


def _k_swaps(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    p = s.players[seat]
    for h in p.hand:
        if is_person_card(h):
            for person in p.row:
                if not person.injured:
                    yield _swap(h, person.id)


def _k_end_record(s: TenthNightState, seat: int) -> Iterator[DayAction]:
    if s.options.record_mode and s.round >= 11:
        yield EndRecord()


def _k_proposals(s: TenthNightState, seat: int) -> Sequence[DayAction]:
    return proposal_list(s, seat)


def _k_reorders(s: TenthNightState, seat: int) -> Sequence[DayAction]:
    """The remembered tuple itself: listed in one go."""
    p = s.players[seat]
    return _reorders(tuple(x.id for x in p.row)) if len(p.row) > 1 else ()


KIND_MAKERS: dict[str, Callable[[TenthNightState, int], Iterable[DayAction]]] = {
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
            gives and next(_proposals(s, seat), None) is not None
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


def kind_moves(s: TenthNightState, seat: int, kind: str) -> Sequence[DayAction]:
    """`legal_kinds(s, seat)[kind]` listed (a playout's `DayMoves.of_kind`): the kinds a random
    agent picks most are listed straight from the state, the reorders and the exchange proposals
    made one at a time (`ReorderMoves`, `ProposalMoves`), the others by `KIND_MAKERS`."""
    p = s.players[seat]
    if kind == "ready":
        return () if p.ready else (_READY,)
    if kind == "propose_exchange":
        return ProposalMoves(s, seat)
    if kind == "reorder":
        return ReorderMoves(tuple(x.id for x in p.row)) if len(p.row) > 1 else ()
    if kind == "swap":
        healthy = [x.id for x in p.row if not x.injured]
        return [_swap(h, x) for h in p.hand if is_person_card(h) for x in healthy]
    make = KIND_MAKERS.get(kind)
    return list(make(s, seat)) if make is not None else []


@lru_cache(maxsize=8192)
def _hand_facts(hand: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """A hand's number cards, its hearts, and whether three numbers share a rank (a trio)."""
    numbers = tuple(h for h in hand if is_person_card(h))
    ranks = [rank(h) for h in numbers]
    trio = any(ranks.count(r) >= 3 for r in set(ranks))
    return numbers, tuple(h for h in hand if is_heart(h)), trio


# Actions are immutable values, so the same records can serve every state that offers them.
_READY = Ready()
# Records the rules make from values they hold, valid by construction, built without validation.
_reorder = construct(Reorder)
_make_swap = construct(Swap)
_offer_record = construct(Offer)


@lru_cache(maxsize=4096)
def _decline(offer_id: int) -> DeclineExchange:
    return DeclineExchange(offer_id=offer_id)


@lru_cache(maxsize=4096)
def _withdraw(offer_id: int) -> WithdrawExchange:
    return WithdrawExchange(offer_id=offer_id)


@lru_cache(maxsize=4096)
def _reorders(current: tuple[str, ...]) -> tuple[Reorder, ...]:
    return tuple(
        _reorder({"type": "reorder", "order": o}) for o in permutations(current) if o != current
    )


class ReorderMoves(Sequence[Reorder]):
    """`_reorders(current)` without making its up to 119 records: the i-th is made when asked
    (a playout's random agent reads one). With distinct ids (a row's cards always are), the i-th
    reorder is permutation i + 1 of `itertools.permutations` (the first is the row as it is)."""

    def __init__(self, current: tuple[str, ...]) -> None:
        self.current = current
        self.size = factorial(len(current)) - 1 if len(set(current)) == len(current) else -1

    def __len__(self) -> int:
        return self.size if self.size >= 0 else len(_reorders(self.current))

    @overload
    def __getitem__(self, index: int) -> Reorder: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Reorder]: ...
    def __getitem__(self, index: int | slice) -> Reorder | Sequence[Reorder]:
        if self.size < 0 or isinstance(index, slice):
            return _reorders(self.current)[index]
        if not -self.size <= index < self.size:
            raise IndexError(index)
        rest = list(self.current)
        k = index % self.size + 1  # the permutation's number, in lexicographic order of positions
        order = []
        for n in range(len(rest) - 1, -1, -1):
            q, k = divmod(k, factorial(n))
            order.append(rest.pop(q))
        made: Reorder = _reorder({"type": "reorder", "order": tuple(order)})
        return made


@lru_cache(maxsize=8192)
def _give(zone: Zone, card_id: str) -> Give:
    return Give(zone=zone, card_id=card_id)


@lru_cache(maxsize=8192)
def _want(zone: Zone, card_id: str | None) -> Want:
    return Want(zone=zone, card_id=card_id)


@lru_cache(maxsize=8192)
def _swap(hand_card_id: str, person_id: str) -> Swap:
    made: Swap = _make_swap({"type": "swap", "hand_card_id": hand_card_id, "person_id": person_id})
    return made


def _trios(p: PlayerState) -> Iterator[Trio]:
    by_rank: dict[str, list[str]] = {}
    for h in p.hand:
        if is_person_card(h):
            by_rank.setdefault(rank(h), []).append(h)
    for same in by_rank.values():
        for combo in combinations(same, 3):
            for keep in combo:
                yield Trio(card_ids=combo, keep_id=keep)


def _accepts(s: TenthNightState, o: Offer) -> Iterator[AcceptExchange]:
    if o.want_zone == "row":
        yield AcceptExchange(offer_id=o.offer_id)
        return
    for h in s.players[o.to_seat].hand:
        if o.give_zone != "row" or is_person_card(h):
            yield AcceptExchange(offer_id=o.offer_id, card_id=h)


ProposalKey = tuple[int, Zone, str, Zone, str | None]
"""An offer's (to_seat, give zone, give card, want zone, want card)."""


def _proposals(s: TenthNightState, seat: int) -> Iterator[ProposeExchange]:
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


def proposal_list(s: TenthNightState, seat: int) -> list[ProposeExchange]:
    """`_proposals` as a list, made block by block (the order is the same)."""
    gives, existing, targets = _offer_inputs(s, seat)
    out: list[ProposeExchange] = []
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


class ProposalMoves(MadeOnRead[ProposeExchange]):
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
) -> ProposeExchange:
    """One offer's record, built without validation: its fields are the seat number and the
    remembered `Give` and `Want` records, valid by construction."""
    made: ProposeExchange = _propose(
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
) -> tuple[ProposeExchange, ...]:
    """Every offer to `to` from these give options (`_proposal_keys`' order, each gives a card
    to the row asked for then to the hand); a card landing in a row must be A–10."""
    return tuple(_proposal(*k) for k in _proposal_keys(to, gives, wants))


_propose = construct(ProposeExchange)


# ---------------------------------------------------------------------------------------------
# validation


def _find(row: tuple[Person, ...], card_id: str) -> Person | None:
    return next((x for x in row if x.id == card_id), None)


def _offer(s: TenthNightState, offer_id: int) -> Offer | None:
    return next((o for o in s.offers if o.offer_id == offer_id), None)


def problem(s: TenthNightState, seat: int, a: DayAction) -> str | None:
    """Why `seat` may not play `a` now, in words for the player; None if it may."""
    if s.phase != "day":
        return "That is a day action, and it is night: only a defence decision can be made now."
    p = s.players[seat]
    hand = p.hand
    if isinstance(a, Ready):
        return "You are already ready for the night." if p.ready else None
    if isinstance(a, EndDay):
        return "Only the day timer ends the day for everyone; type `ready` when you are done."
    if isinstance(a, EndRecord):
        if not s.options.record_mode:
            return "`end_record` exists only in record mode."
        if s.round < 11:
            return f"A record run can be ended from Day 11 on; this is Day {s.round}."
        return None
    if isinstance(a, Swap | HealReplace | HealHeart):
        if a.hand_card_id not in hand:
            return f"{_name(a.hand_card_id)} is not in your hand."
        person = _find(p.row, a.person_id)
        if person is None:
            return f"{_name(a.person_id)} is not one of your people."
        if isinstance(a, Swap):
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
        if isinstance(a, HealReplace) and rank(a.hand_card_id) != rank(a.person_id):
            return (
                f"{_name(a.hand_card_id)} can replace only an injured {rank(a.hand_card_id)}; "
                f"to heal {_name(a.person_id)} with it, discard it instead (heal … by discarding)."
            )
        return None
    if isinstance(a, Trio):
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
    if isinstance(a, Reorder):
        current = tuple(x.id for x in p.row)
        if sorted(a.order) != sorted(current):
            return "A new order must list each of your people exactly once."
        if a.order == current:
            return "That is already the order of your row."
        return None
    if isinstance(a, DivineProtection):
        if len(p.row) != 1:
            return f"Divine protection needs exactly one person in your row; you have {len(p.row)}."
        if p.divine_protection:
            return "You already have divine protection."
        if a.person_id != p.row[0].id:
            return f"Your one person is {_name(p.row[0].id)}, not {_name(a.person_id)}."
        return None
    if isinstance(a, ProposeExchange):
        return _proposal_problem(s, seat, a)
    if isinstance(a, AcceptExchange | DeclineExchange | WithdrawExchange):
        o = _offer(s, a.offer_id)
        if o is None:
            return (
                f"Offer {a.offer_id} is no longer open: it was accepted, declined, withdrawn, "
                "or one of its cards moved."
            )
        if isinstance(a, WithdrawExchange):
            return (
                None if o.from_seat == seat else "Only the player who made an offer withdraws it."
            )
        if o.to_seat != seat:
            return f"Offer {a.offer_id} was made to {seat_ref(o.to_seat)}, not to you."
        if isinstance(a, AcceptExchange):
            return _accept_problem(s, o, a.card_id)
        return None
    return "That move is not allowed right now."


def _name(card_id: str) -> str:
    try:
        return card(card_id).label
    except ValueError:
        return repr(card_id)


def _proposal_problem(s: TenthNightState, seat: int, a: ProposeExchange) -> str | None:
    if s.num_players == 1:
        return "There is nobody to trade with in a solo game."
    if a.to_seat == seat:
        return "You cannot trade with yourself; name another seat."
    if not 0 <= a.to_seat < s.num_players:
        return f"There is no seat {a.to_seat + 1}; seats go from 1 to {s.num_players}."
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


# ---------------------------------------------------------------------------------------------
# effects


def apply_day(t: Table, seat: int, a: DayAction) -> None:
    """Apply a legal day action to the working table (TN-10 effects)."""
    if isinstance(a, EndDay):  # the day timer's system action: no seat plays it
        t.say("⏰ The day is over.")
        end_day(t)
        return
    p = t.players[seat]
    me = seat_ref(seat)
    if isinstance(a, Ready):
        p.ready = True
        if not t.quiet:
            t.say(f"{me} is ready for the night.")
        if all(x.ready for x in t.players):
            end_day(t)
        return
    if isinstance(a, EndRecord):
        t.say(f"{me} ends the record run after {t.round - 1} nights.")
        end_game(t, winners=True, reason="record_stopped", group=t.round - 1)
        return
    if isinstance(a, ProposeExchange):
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
    if isinstance(a, DeclineExchange | WithdrawExchange):
        verb = "declines" if isinstance(a, DeclineExchange) else "withdraws"
        t.offers = [o for o in t.offers if o.offer_id != a.offer_id]
        if not t.quiet:
            t.say(f"{me} {verb} offer {a.offer_id}.")
        return
    if isinstance(a, Reorder):  # the commonest moves of a random playout first
        by_id = {x.id: x for x in p.row}
        p.row = [by_id[i] for i in a.order]
        if not t.quiet:
            t.say(f"{me} rearranges the row: {' '.join(lab(i) for i in a.order)}.")
    elif isinstance(a, AcceptExchange):
        _accept(t, seat, a)
    elif isinstance(a, Swap):
        i = _index(p.row, a.person_id)
        p.hand.remove(a.hand_card_id)
        p.row[i] = _person(a.hand_card_id)
        p.hand.append(a.person_id)
        if not t.quiet:
            t.say(
                f"{me} swaps a hand card with {lab(a.person_id)}: the new person is "
                f"{lab(a.hand_card_id)}."
            )
    elif isinstance(a, HealReplace):
        i = _index(p.row, a.person_id)
        p.hand.remove(a.hand_card_id)
        p.row[i] = _person(a.hand_card_id)
        t.discard.append(a.person_id)
        t.say(f"{me} replaces injured {lab(a.person_id)} with {lab(a.hand_card_id)}.")
    elif isinstance(a, HealHeart):
        i = _index(p.row, a.person_id)
        p.hand.remove(a.hand_card_id)
        p.row[i] = _person(a.person_id)
        t.discard.append(a.hand_card_id)
        t.say(f"{me} heals {lab(a.person_id)} by discarding {lab(a.hand_card_id)}.")
    elif isinstance(a, Trio):
        for cid in a.card_ids:
            p.hand.remove(cid)
        t.discard.extend(c for c in a.card_ids if c != a.keep_id)
        p.row.append(_person(a.keep_id))
        shown = " ".join(lab(c) for c in a.card_ids if c != a.keep_id)
        t.say(f"{me} plays a trio: discards {shown}, new person {lab(a.keep_id)}.")
    elif isinstance(a, DivineProtection):
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


def _accept(t: Table, seat: int, a: AcceptExchange) -> None:
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

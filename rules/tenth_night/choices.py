"""How a seat picks each of its moves in The 10th Night, in a few short steps.

Kind of move first, then the card or person, then the target or place (`rules/choices.py`):

- "Ready for the night", "End the game now", divine protection: one step;
- an offer made to you: "Offer 3 from Bo" → "Accept: give 5♥, get 9♣" (green) or "Decline" (red);
- "Heal a person" → the injured person → the ♥ card (replace it, or discard the ♥ to heal it);
- "Make a trio" → the new person → the two cards discarded;
- "Swap a hand card into your row" → the hand card → the person it replaces;
- "Offer an exchange" → to whom and what you give → what you want (per player when that is long);
- "Arrange row" → the person to move → the new position ("Position 4 (between 5♣ and 2♥)"), or
  "Swap two neighbours" → the pair; orders that move several people are under "Other orders,
  8♦ first" → the whole row;
- at night: "Nullify with a Joker", "Defend with J, Q, K" → the cards (the defence it makes
  against the damage), "Take the hit".

Every option's detail says what it does as a player reads it: a card's meaning (a person's value,
a modifier's +1/+2/+3, a ♥ that heals, a Joker), a person's state and position. Players are
named `{sN}` (names are filled in by the service). Two moves a player cannot tell apart (the same
card from the second deck) get one path: the later one is left to typing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from rules.cards import card
from rules.choices import MAX_CHOICES, MAX_DETAIL, MAX_LABEL, Choice, Path, clip
from rules.tenth_night.actions import (
    AcceptExchange,
    Action,
    DeclineExchange,
    Defend,
    DivineProtection,
    EndRecord,
    HealHeart,
    HealReplace,
    ProposeExchange,
    Ready,
    Reorder,
    Swap,
    Trio,
    WithdrawExchange,
)
from rules.tenth_night.observation import defence_options
from rules.tenth_night.state import Offer, Person, TenthNightState, modifier_value

FEW_OFFERS = 8
"""Up to this many offers made to a seat are shown at its panel's top, one each; more are
gathered under "Offers to you"."""


def _c(label: str, detail: str = "", style: str = "move") -> Choice:
    return Choice(clip(label, MAX_LABEL), clip(detail, MAX_DETAIL), style)  # type: ignore[arg-type]


def lab(card_id: str | None) -> str:
    """A card as players see it: "7♥", "Q♠", "Joker"."""
    if card_id is None:
        return "?"
    try:
        return card(card_id).label
    except ValueError:
        return card_id


def meaning(card_id: str) -> str:
    """What a card can do, in words: a person's value, a modifier, a heart that heals, a Joker."""
    c = card(card_id)
    if c.is_joker:
        return "Joker: cancels an attack on one of your people"
    heals = "; a ♥ heals an injured person" if c.suit == "H" else ""
    if c.is_face:
        return f"{c.label}: +{modifier_value(card_id)} to a defence at night{heals}"
    ace = " (only its own suit can harm it)" if c.rank == "A" else ""
    return f"{c.label}: can be a person of value {c.number}{ace}{heals}"


def person_words(person: Person, index: int, size: int) -> str:
    """A person's state: "7♣: injured, value 7, position 2 of 5"."""
    c = card(person.id)
    state = "injured" if person.injured else "healthy"
    return f"{c.label}: {state}, value {c.number}, position {index + 1} of {size}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _shown(person: Person) -> str:
    return lab(person.id) + ("*" if person.injured else "")


# --- offers --------------------------------------------------------------------------------------


def _give_words(o: Offer) -> str:
    g = lab(o.give_card)
    return f"their person {g}" if o.give_zone == "row" else f"{g} from their hand"


def _want_words(o: Offer) -> str:
    return f"your {lab(o.want_card)}" if o.want_zone == "row" else "a card from your hand"


def _incoming_head(o: Offer) -> Choice:
    return _c(
        f"Offer {o.offer_id} from {{s{o.from_seat}}}",
        f"They give {_give_words(o)} for {_want_words(o)}",
    )


def _accept_choice(o: Offer, a: AcceptExchange, named: bool = False) -> Choice:
    """Accepting `o` ("Accept offer 3: …" when `named`, among several offers' answers)."""
    accept = f"Accept offer {o.offer_id}" if named else "Accept"
    get = lab(o.give_card)
    if o.want_zone == "row":
        mine = lab(o.want_card)
        return _c(
            f"{accept}: give {mine}, get {get}",
            f"{get} takes {mine}'s place in your row, healthy",
            "yes",
        )
    mine = lab(a.card_id)
    where = "row, as a person" if o.give_zone == "row" else "hand"
    return _c(
        f"{accept}, giving {mine}",
        f"{mine} goes to their {where}; {get} comes into your hand",
        "yes",
    )


def _decline_choice() -> Choice:
    return _c("Decline", "The offer is removed; nothing changes hands", "no")


# --- arranging the row ---------------------------------------------------------------------------


def _where(new: Sequence[Person], j: int) -> str:
    n = len(new)
    if j == 0:
        return f"Position 1 (leftmost, before {_shown(new[1])})"
    if j == n - 1:
        return f"Position {n} (rightmost, after {_shown(new[n - 2])})"
    return f"Position {j + 1} (between {_shown(new[j - 1])} and {_shown(new[j + 1])})"


def _arrangements(
    row: Sequence[Person], reorders: list[tuple[int, Reorder]], found: list[Path | None]
) -> None:
    """Paths for the row's reorders (`arrangement_paths`), each at its move's index."""
    made = arrangement_paths(tuple(row))
    for index, a in reorders:
        found[index] = made.get(tuple(a.order))


@lru_cache(maxsize=256)
def arrangement_paths(row: tuple[Person, ...]) -> dict[tuple[str, ...], Path]:
    """The path of each other order of `row` (by its ids), under "Arrange row": "Move 8♦
    (position 3)" → "Position 1 (…)" for each order that moves one person two or more places;
    "Swap two neighbours" → "Swap 7♥ and 3♠" (a move by one place is a swap, so it is offered
    once, there); every other order under "Other orders, 8♦ first" → the whole row. Made once
    per row: a day offers the same 119 orders at every move until the row changes."""
    head = _c(
        "Arrange row",
        "Red attacks count from the left of your row, black ones from the right",
    )
    made: dict[tuple[str, ...], Path] = {}
    n = len(row)
    swaps = _c("Swap two neighbours", "Two people side by side change places")
    for i in range(n - 1):
        new = (*row[:i], row[i + 1], row[i], *row[i + 2 :])
        swap = _c(
            f"Swap {_shown(row[i])} and {_shown(row[i + 1])}",
            "New row: " + " ".join(_shown(p) for p in new),
        )
        made[tuple(p.id for p in new)] = (head, swap) if n == 2 else (head, swaps, swap)
    for i, moving in enumerate(row):
        rest = [p for k, p in enumerate(row) if k != i]
        step = _c(
            f"Move {_shown(moving)} (position {i + 1})",
            person_words(moving, i, n) + " · one place over: swap neighbours",
        )
        for j in range(n):
            if abs(j - i) < 2:
                continue  # where it stands, or a swap with a neighbour (above)
            new = (*rest[:j], moving, *rest[j:])
            made.setdefault(
                tuple(p.id for p in new),
                (head, step, _c(_where(new, j), "New row: " + " ".join(_shown(p) for p in new))),
            )
    others: dict[str, Choice] = {}
    seen: dict[str, int] = {}
    twins = {p.id for p in row if sum(1 for q in row if lab(q.id) == lab(p.id)) > 1}
    for order in permutations(row):
        ids = tuple(p.id for p in order)
        if ids in made or order == row:
            continue
        first = order[0]
        name = _shown(first)
        if first.id in twins:  # two people of one card (two decks): told apart by place
            name = f"{name} from position {row.index(first) + 1}"
        group = others.get(name)
        if group is None:
            group = others[name] = _c(
                f"Other orders, {name} first", "Orders that move several people at once"
            )
        moved = sum(1 for p, q in zip(order, row, strict=True) if p.id != q.id)
        shown = " ".join(_shown(p) for p in order)
        copies = seen[shown] = seen.get(shown, 0) + 1
        made[ids] = (
            head,
            group,
            _c(
                shown if copies == 1 else f"{shown} (copy {copies})",
                f"{moved} of your {n} people change places",
            ),
        )
    return made


# --- exchanges offered by this seat --------------------------------------------------------------


def _proposals(
    s: TenthNightState,
    seat: int,
    offers: list[tuple[int, ProposeExchange]],
    found: list[Path | None],
) -> None:
    """ "Offer an exchange" → "Give 9♣ from your hand to Bo" → "For their 5♥ (position 1)", or,
    when that second step would be too long, "Offer Bo an exchange" → "Give 9♣ from your hand"
    → "For their 5♥ (position 1)"."""
    mine = s.players[seat]
    pairs = {(a.to_seat, a.give.zone, a.give.card_id) for _, a in offers}
    per_player = len(pairs) > MAX_CHOICES
    head = _c(
        "Offer an exchange", "Trade one card 1:1 with another player, who accepts or declines"
    )
    for index, a in offers:
        g = lab(a.give.card_id)
        if a.give.zone == "row":
            i = next((k for k, p in enumerate(mine.row) if p.id == a.give.card_id), 0)
            give = f"Give your person {g}"
            give_detail = person_words(mine.row[i], i, len(mine.row))
        else:
            give = f"Give {g} from your hand"
            give_detail = meaning(a.give.card_id)
        other = s.players[a.to_seat]
        if a.want.zone == "row":
            k = next((k for k, p in enumerate(other.row) if p.id == a.want.card_id), 0)
            w = lab(a.want.card_id)
            lands = f"take {g}'s place in your row" if a.give.zone == "row" else "join your hand"
            want = _c(
                f"For their {w} (position {k + 1})",
                f"Their {w} (value {card(a.want.card_id or '').number}) would {lands}",
            )
        else:
            need = ": an A–10, to stand in your row" if a.give.zone == "row" else ""
            want = _c(
                "For a card from their hand", f"They choose which card when they accept{need}"
            )
        if per_player:
            top = _c(
                f"Offer {{s{a.to_seat}}} an exchange",
                f"They have {_count(len(other.row), 'person', 'people')} and "
                f"{_count(len(other.hand), 'hand card', 'hand cards')}",
            )
            found[index] = (top, _c(give, give_detail), want)
        else:
            found[index] = (head, _c(f"{give} to {{s{a.to_seat}}}", give_detail), want)


# --- the whole list ------------------------------------------------------------------------------


def paths(state: TenthNightState, seat: int, legal: Sequence[Action]) -> list[Path | None]:
    """One path per legal move, in the list's order (`BaseGame.choice_paths`)."""
    s = state
    found: list[Path | None] = [None] * len(legal)
    if s.phase == "night":
        _defences(s, seat, legal, found)
        return _once(found)
    me = s.players[seat]
    row = me.row
    where = {p.id: k for k, p in enumerate(row)}
    offers = {o.offer_id: o for o in s.offers}
    incoming = [o for o in s.offers if o.to_seat == seat]
    outgoing = [o for o in s.offers if o.from_seat == seat]
    reorders: list[tuple[int, Reorder]] = []
    proposals: list[tuple[int, ProposeExchange]] = []
    for index, a in enumerate(legal):
        if isinstance(a, Ready):
            found[index] = (
                _c(
                    "Ready for the night",
                    "You are done for today; night falls once everyone is ready",
                    "quiet",
                ),
            )
        elif isinstance(a, AcceptExchange | DeclineExchange):
            o = offers.get(a.offer_id)
            if o is not None:
                found[index] = _answer(o, a, incoming)
        elif isinstance(a, WithdrawExchange):
            o = offers.get(a.offer_id)
            if o is not None:
                found[index] = _withdraw(o, outgoing)
        elif isinstance(a, HealReplace | HealHeart):
            k = where.get(a.person_id, 0)
            p, h = lab(a.person_id), lab(a.hand_card_id)
            if isinstance(a, HealReplace):
                last = _c(
                    f"Replace it with {h}",
                    f"{h} takes its place, healthy; the injured {p} is discarded",
                )
            else:
                last = _c(f"Discard {h} to heal it", f"{h} is discarded; {p} becomes healthy")
            found[index] = (
                _c("Heal a person", "Use a ♥ card on one of your injured people"),
                _c(f"{p} (position {k + 1}, injured)", person_words(row[k], k, len(row))),
                last,
            )
        elif isinstance(a, Trio):
            gone = [lab(c) for c in a.card_ids if c != a.keep_id]
            keep = lab(a.keep_id)
            found[index] = (
                _c(
                    "Make a trio",
                    "Three cards of one rank: one becomes a new person, two are discarded",
                ),
                _c(
                    f"New person {keep}",
                    f"{keep} joins the right end of your row, value {card(a.keep_id).number}",
                ),
                _c(f"Discard {' and '.join(gone)}", f"{' and '.join(gone)} go to the discard pile"),
            )
        elif isinstance(a, DivineProtection):
            n = len(me.hand)
            p = lab(a.person_id)
            found[index] = (
                _c(
                    f"Divine protection for {p}",
                    f"Discard your {n} hand card{'s' * (n != 1)}: deadly attacks cannot harm {p}",
                    "danger",
                ),
            )
        elif isinstance(a, Swap):
            k = where.get(a.person_id, 0)
            h, p = lab(a.hand_card_id), lab(a.person_id)
            found[index] = (
                _c(
                    "Swap a hand card into your row",
                    "An A–10 from your hand takes a healthy person's place; they go to your hand",
                ),
                _c(f"{h} from your hand", meaning(a.hand_card_id)),
                _c(
                    f"For {p} (position {k + 1})",
                    f"{p} (value {card(a.person_id).number}) goes to your hand; {h} stands there",
                ),
            )
        elif isinstance(a, EndRecord):
            found[index] = (
                _c(
                    "End the game now",
                    f"Stop the record run after {s.round - 1} nights: the game ends as a win",
                    "danger",
                ),
            )
        elif isinstance(a, ProposeExchange):
            proposals.append((index, a))
        elif isinstance(a, Reorder):
            reorders.append((index, a))
    if proposals:
        _proposals(s, seat, proposals, found)
    if reorders:
        _arrangements(row, reorders, found)
    return _once(found)


def _answer(o: Offer, a: AcceptExchange | DeclineExchange, incoming: list[Offer]) -> Path:
    """An offer made to this seat: the offer (under "Offers to you" when there are many), then
    accept or decline; past 25 offers, by whom and what they give, then offer and answer."""
    decide = _accept_choice(o, a) if isinstance(a, AcceptExchange) else _decline_choice()
    if len(incoming) <= FEW_OFFERS:
        return (_incoming_head(o), decide)
    gather = _c("Offers to you", f"{len(incoming)} exchanges other players offer you")
    if len(incoming) <= MAX_CHOICES:
        return (gather, _incoming_head(o), decide)
    group = _c(
        f"From {{s{o.from_seat}}}: {_give_words(o)}",
        "Their offers of this card, by what they want for it",
    )
    if isinstance(a, AcceptExchange):
        return (gather, group, _accept_choice(o, a, named=True))
    return (
        gather,
        group,
        _c(
            f"Decline offer {o.offer_id} (for {_want_words(o)})",
            "The offer is removed; nothing changes hands",
            "no",
        ),
    )


def _withdraw(o: Offer, outgoing: list[Offer]) -> Path:
    """One of this seat's own offers, taken back: by offer, or by the card offered when long."""
    n = len(outgoing)
    head = _c(
        "Withdraw an offer",
        f"Take back one of the {n} exchanges you offered" if n > 1 else "Take back your offer",
    )
    want = f"their {lab(o.want_card)}" if o.want_zone == "row" else "a hand card"
    what = f"{lab(o.give_card)} for {want}"
    if len(outgoing) <= MAX_CHOICES:
        return (
            head,
            _c(f"Offer {o.offer_id} to {{s{o.to_seat}}}", f"You offered {what}", "quiet"),
        )
    return (
        head,
        _c(f"Offers of your {lab(o.give_card)}", "Your offers of this card, to whom and for what"),
        _c(f"Offer {o.offer_id} to {{s{o.to_seat}}}", f"You offered {what}", "quiet"),
    )


# --- night ---------------------------------------------------------------------------------------


def _defences(
    s: TenthNightState, seat: int, legal: Sequence[Action], found: list[Path | None]
) -> None:
    opts = defence_options(s, seat)
    if opts is None:
        return
    victim = opts.victim.label
    damage, defence = opts.damage, opts.defence
    mods = [i for i, a in enumerate(legal) if isinstance(a, Defend) and a.mode == "modifiers"]
    head = _c(
        "Defend with J, Q, K",
        f"Raise {victim}'s defence {defence} against damage {damage}; the cards are spent",
    )
    many = len(mods) > MAX_CHOICES
    for index, a in enumerate(legal):
        if not isinstance(a, Defend):
            continue
        if a.mode == "nullify":
            found[index] = (
                _c(
                    "Nullify with a Joker",
                    "The attack ends at once: nobody is hurt; the Joker is spent",
                ),
            )
        elif a.mode == "pass":
            hurt = _hit(victim, opts.victim.injured, opts.deadly, damage, defence)
            style = "quiet" if not opts.deadly and damage == defence else "danger"
            found[index] = (_c("Take the hit", f"Keep your cards: {hurt}", style),)
        else:
            total = defence + sum(modifier_value(c) for c in a.card_ids)
            cards = " + ".join(f"{lab(c)} (+{modifier_value(c)})" for c in a.card_ids)
            leaf = _c(
                cards, _hit(victim, opts.victim.injured, False, damage, total, with_cards=True)
            )
            if many:
                found[index] = (
                    head,
                    _c(f"Defence {total}", f"{victim}'s defence against damage {damage}"),
                    leaf,
                )
            else:
                found[index] = (head, leaf)


def _hit(
    victim: str, injured: bool, deadly: bool, damage: int, defence: int, *, with_cards: bool = False
) -> str:
    """What the attack does to the victim, in words."""
    said = f"defence {defence} vs damage {damage}: " if with_cards else ""
    if deadly:
        return f"{said}the deadly attack kills {victim}"
    if damage > defence:
        return f"{said}{victim} {'dies' if injured else 'is injured'}"
    if damage == defence:
        return f"{said}a tie, so the attack moves on"
    return f"{said}the attack fails"


def _once(found: list[Path | None]) -> list[Path | None]:
    """Moves whose whole paths read the same (the same card from the other deck) are one
    choice: the first keeps the path, the others are left to typing."""
    seen: set[tuple[str, ...]] = set()
    for index, path in enumerate(found):
        if path is None:
            continue
        key = tuple(step.label for step in path)
        if key in seen:
            found[index] = None
        else:
            seen.add(key)
    return found

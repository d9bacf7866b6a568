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

from rules.cards import card
from rules.cards import shown as lab
from rules.choices import MAX_CHOICES, Choice, Path, option
from rules.tenth_night import actions as act
from rules.tenth_night.choices_night import defence_paths
from rules.tenth_night.choices_row import arrangements, person_words
from rules.tenth_night.state import Offer, TenthNightState, modifier_value

FEW_OFFERS = 8
"""Up to this many offers made to a seat are shown at its panel's top, one each; more are
gathered under "Offers to you"."""


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


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


# --- offers --------------------------------------------------------------------------------------


def _give_words(o: Offer) -> str:
    g = lab(o.give_card)
    return f"their person {g}" if o.give_zone == "row" else f"{g} from their hand"


def _want_words(o: Offer) -> str:
    return f"your {lab(o.want_card)}" if o.want_zone == "row" else "a card from your hand"


def _incoming_head(o: Offer) -> Choice:
    return option(
        f"Offer {o.offer_id} from {{s{o.from_seat}}}",
        f"They give {_give_words(o)} for {_want_words(o)}",
    )


def _accept_choice(o: Offer, a: act.AcceptExchange, named: bool = False) -> Choice:
    """Accepting `o` ("Accept offer 3: …" when `named`, among several offers' answers)."""
    accept = f"Accept offer {o.offer_id}" if named else "Accept"
    get = lab(o.give_card)
    if o.want_zone == "row":
        mine = lab(o.want_card)
        return option(
            f"{accept}: give {mine}, get {get}",
            f"{get} takes {mine}'s place in your row, healthy",
            "yes",
        )
    mine = lab(a.card_id)
    where = "row, as a person" if o.give_zone == "row" else "hand"
    return option(
        f"{accept}, giving {mine}",
        f"{mine} goes to their {where}; {get} comes into your hand",
        "yes",
    )


def _decline_choice() -> Choice:
    return option("Decline", "The offer is removed; nothing changes hands", "no")


# --- exchanges offered by this seat --------------------------------------------------------------


def _proposals(
    s: TenthNightState,
    seat: int,
    offers: list[tuple[int, act.ProposeExchange]],
    found: list[Path | None],
) -> None:
    """ "Offer an exchange" → "Give 9♣ from your hand to Bo" → "For their 5♥ (position 1)", or,
    when that second step would be too long, "Offer Bo an exchange" → "Give 9♣ from your hand"
    → "For their 5♥ (position 1)"."""
    mine = s.players[seat]
    pairs = {(a.to_seat, a.give.zone, a.give.card_id) for _, a in offers}
    per_player = len(pairs) > MAX_CHOICES
    head = option(
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
            want = option(
                f"For their {w} (position {k + 1})",
                f"Their {w} (value {card(a.want.card_id or '').number}) would {lands}",
            )
        else:
            need = ": an A–10, to stand in your row" if a.give.zone == "row" else ""
            want = option(
                "For a card from their hand", f"They choose which card when they accept{need}"
            )
        if per_player:
            top = option(
                f"Offer {{s{a.to_seat}}} an exchange",
                f"They have {_count(len(other.row), 'person', 'people')} and "
                f"{_count(len(other.hand), 'hand card', 'hand cards')}",
            )
            found[index] = (top, option(give, give_detail), want)
        else:
            found[index] = (head, option(f"{give} to {{s{a.to_seat}}}", give_detail), want)


# --- the whole list ------------------------------------------------------------------------------


def paths(state: TenthNightState, seat: int, legal: Sequence[act.Action]) -> list[Path | None]:
    """One path per legal move, in the list's order (`BaseGame.choice_paths`)."""
    s = state
    found: list[Path | None] = [None] * len(legal)
    if s.phase == "night":
        defence_paths(s, seat, legal, found)
        return _once(found)
    me = s.players[seat]
    row = me.row
    where = {p.id: k for k, p in enumerate(row)}
    offers = {o.offer_id: o for o in s.offers}
    incoming = [o for o in s.offers if o.to_seat == seat]
    outgoing = [o for o in s.offers if o.from_seat == seat]
    reorders: list[tuple[int, act.Reorder]] = []
    proposals: list[tuple[int, act.ProposeExchange]] = []
    for index, a in enumerate(legal):
        if isinstance(a, act.Ready):
            found[index] = (
                option(
                    "Ready for the night",
                    "You are done for today; night falls once everyone is ready",
                    "quiet",
                ),
            )
        elif isinstance(a, act.AcceptExchange | act.DeclineExchange):
            o = offers.get(a.offer_id)
            if o is not None:
                found[index] = _answer(o, a, incoming)
        elif isinstance(a, act.WithdrawExchange):
            o = offers.get(a.offer_id)
            if o is not None:
                found[index] = _withdraw(o, outgoing)
        elif isinstance(a, act.HealReplace | act.HealHeart):
            k = where.get(a.person_id, 0)
            p, h = lab(a.person_id), lab(a.hand_card_id)
            if isinstance(a, act.HealReplace):
                last = option(
                    f"Replace it with {h}",
                    f"{h} takes its place, healthy; the injured {p} is discarded",
                )
            else:
                last = option(f"Discard {h} to heal it", f"{h} is discarded; {p} becomes healthy")
            found[index] = (
                option("Heal a person", "Use a ♥ card on one of your injured people"),
                option(f"{p} (position {k + 1}, injured)", person_words(row[k], k, len(row))),
                last,
            )
        elif isinstance(a, act.Trio):
            gone = [lab(c) for c in a.card_ids if c != a.keep_id]
            keep = lab(a.keep_id)
            found[index] = (
                option(
                    "Make a trio",
                    "Three cards of one rank: one becomes a new person, two are discarded",
                ),
                option(
                    f"New person {keep}",
                    f"{keep} joins the right end of your row, value {card(a.keep_id).number}",
                ),
                option(
                    f"Discard {' and '.join(gone)}", f"{' and '.join(gone)} go to the discard pile"
                ),
            )
        elif isinstance(a, act.DivineProtection):
            n = len(me.hand)
            p = lab(a.person_id)
            found[index] = (
                option(
                    f"Divine protection for {p}",
                    f"Discard your {n} hand card{'s' * (n != 1)}: deadly attacks cannot harm {p}",
                    "danger",
                ),
            )
        elif isinstance(a, act.Swap):
            k = where.get(a.person_id, 0)
            h, p = lab(a.hand_card_id), lab(a.person_id)
            found[index] = (
                option(
                    "Swap a hand card into your row",
                    "An A–10 from your hand takes a healthy person's place; they go to your hand",
                ),
                option(f"{h} from your hand", meaning(a.hand_card_id)),
                option(
                    f"For {p} (position {k + 1})",
                    f"{p} (value {card(a.person_id).number}) goes to your hand; {h} stands there",
                ),
            )
        elif isinstance(a, act.EndRecord):
            found[index] = (
                option(
                    "End the game now",
                    f"Stop the record run after {s.round - 1} nights: the game ends as a win",
                    "danger",
                ),
            )
        elif isinstance(a, act.ProposeExchange):
            proposals.append((index, a))
        elif isinstance(a, act.Reorder):
            reorders.append((index, a))
    if proposals:
        _proposals(s, seat, proposals, found)
    if reorders:
        arrangements(row, reorders, found)
    return _once(found)


def _answer(o: Offer, a: act.AcceptExchange | act.DeclineExchange, incoming: list[Offer]) -> Path:
    """An offer made to this seat: the offer (under "Offers to you" when there are many), then
    accept or decline; past 25 offers, by whom and what they give, then offer and answer."""
    decide = _accept_choice(o, a) if isinstance(a, act.AcceptExchange) else _decline_choice()
    if len(incoming) <= FEW_OFFERS:
        return (_incoming_head(o), decide)
    gather = option("Offers to you", f"{len(incoming)} exchanges other players offer you")
    if len(incoming) <= MAX_CHOICES:
        return (gather, _incoming_head(o), decide)
    group = option(
        f"From {{s{o.from_seat}}}: {_give_words(o)}",
        "Their offers of this card, by what they want for it",
    )
    if isinstance(a, act.AcceptExchange):
        return (gather, group, _accept_choice(o, a, named=True))
    return (
        gather,
        group,
        option(
            f"Decline offer {o.offer_id} (for {_want_words(o)})",
            "The offer is removed; nothing changes hands",
            "no",
        ),
    )


def _withdraw(o: Offer, outgoing: list[Offer]) -> Path:
    """One of this seat's own offers, taken back: by offer, or by the card offered when long."""
    n = len(outgoing)
    head = option(
        "Withdraw an offer",
        f"Take back one of the {n} exchanges you offered" if n > 1 else "Take back your offer",
    )
    want = f"their {lab(o.want_card)}" if o.want_zone == "row" else "a hand card"
    what = f"{lab(o.give_card)} for {want}"
    if len(outgoing) <= MAX_CHOICES:
        return (
            head,
            option(f"Offer {o.offer_id} to {{s{o.to_seat}}}", f"You offered {what}", "quiet"),
        )
    return (
        head,
        option(
            f"Offers of your {lab(o.give_card)}", "Your offers of this card, to whom and for what"
        ),
        option(f"Offer {o.offer_id} to {{s{o.to_seat}}}", f"You offered {what}", "quiet"),
    )


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

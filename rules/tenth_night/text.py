"""Words for players: action labels (spec §11), typed notation and the rules summary (the game's
text object, `TenthNightText`, is in `text_object.py`; the board in words in `board_text.py`).

Typed notation (case-insensitive; cards as `7H`, `7♥`, `10D`, `QS`, `JK`, or full ids like `7H-2`):

    ready                      swap 8D 3S            (hand card, then the healthy person)
    heal 7C with KH            (discard the ♥)       replace 7C with 7H   (the ♥ becomes the person)
    trio 4C 4D 4S [keep 4S]    (keeps the first named unless `keep` says otherwise)
    arrange 10D 7H 5C 2H       protect               (divine protection)
    propose Bo give 9C for 5H  propose Bo give row 2H for hand    (`give hand|row X` if ambiguous;
                               a player by name, or by place at the table: `propose 2 …`)
    accept [3] [with AS]       decline [3]           withdraw [3]
    defend KC JD               joker                 pass            end record
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.cards import card, is_card_id, matches
from rules.cards import shown as lab
from rules.core import seat_ref
from rules.errors import ParseError
from rules.tenth_night import actions as act
from rules.tenth_night.state import Person, TenthNightState, modifier_value, rank


def _person(s: TenthNightState, card_id: str) -> Person | None:
    for p in s.players:
        for x in p.row:
            if x.id == card_id:
                return x
    return None


def label(s: TenthNightState, a: act.Action) -> str:
    if isinstance(a, act.Swap):
        return f"Swap {lab(a.hand_card_id)} from hand with healthy {lab(a.person_id)}"
    if isinstance(a, act.HealReplace):
        return f"Replace injured {lab(a.person_id)} with {lab(a.hand_card_id)}"
    if isinstance(a, act.HealHeart):
        return f"Heal injured {lab(a.person_id)} by discarding {lab(a.hand_card_id)}"
    if isinstance(a, act.Trio):
        r = rank(a.keep_id) if is_card_id(a.keep_id) else "?"
        plural = "Aces" if r == "A" else f"{r}s"
        gone = " ".join(lab(c) for c in a.card_ids if c != a.keep_id)
        return f"Trio of {plural}: discard {gone}, new person {lab(a.keep_id)}"
    if isinstance(a, act.Reorder):
        shown = []
        for cid in a.order:
            x = _person(s, cid)
            shown.append(lab(cid) + ("*" if x is not None and x.injured else ""))
        return "Arrange row: " + " ".join(shown)
    if isinstance(a, act.DivineProtection):
        return _dp_label(s, a.person_id)
    if isinstance(a, act.ProposeExchange):
        want = f"their {lab(a.want.card_id)}" if a.want.zone == "row" else "a hand card"
        to = seat_ref(a.to_seat)
        return f"Offer {lab(a.give.card_id)} ({a.give.zone}) to {to} for {want}"
    if isinstance(a, act.AcceptExchange):
        o = next((x for x in s.offers if x.offer_id == a.offer_id), None)
        if o is None:
            return f"Accept offer {a.offer_id}"
        give = o.want_card if o.want_zone == "row" else a.card_id
        return f"Accept offer {a.offer_id}: give {lab(give)}, get {lab(o.give_card)}"
    if isinstance(a, act.DeclineExchange):
        return f"Decline offer {a.offer_id}"
    if isinstance(a, act.WithdrawExchange):
        return f"Withdraw offer {a.offer_id}"
    if isinstance(a, act.Ready):
        return "Ready for the night"
    if isinstance(a, act.EndRecord):
        return f"End the game now (record: {s.round - 1} nights)"
    if isinstance(a, act.EndDay):
        return "End the day (timer)"
    return _defend_label(s, a)


def _dp_label(s: TenthNightState, person_id: str) -> str:
    for p in s.players:
        if len(p.row) == 1 and p.row[0].id == person_id:
            n = len(p.hand)
            return f"Divine protection for {lab(person_id)} (discard {n} card{'s' * (n != 1)})"
    return f"Divine protection for {lab(person_id)}"


def _defend_label(s: TenthNightState, a: act.Defend) -> str:
    if a.mode == "nullify":
        return "Nullify with Joker"
    if a.mode == "pass":
        return "Take the hit"
    parts = [f"{lab(c)} (+{modifier_value(c)})" for c in a.card_ids]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    step = s.attacks[-1].steps[-1] if s.attacks and s.attacks[-1].steps else None
    if step is None or step.damage is None or step.defence is None:
        return f"Defend with {joined}"
    defence = step.defence + sum(modifier_value(c) for c in a.card_ids)
    return f"Defend with {joined}: defence {defence} vs damage {step.damage}"


# ---------------------------------------------------------------------------------------------
# typed notation

_WORDS = re.compile(r"[\s,]+")


def _tokens(text: str) -> list[str]:
    return [t for t in _WORDS.split(text.strip()) if t]


def _pick(options: Sequence[str], token: str, what: str) -> str:
    found = [c for c in options if matches(c, token)]
    if not found:
        raise ParseError(f"`{token}` is not {what}.")
    return found[0]


_NAMED = re.compile(r"\{s(\d+)\}")


def _seat(token: str, s: TenthNightState) -> int:
    """A player as typed: their name (the bot turns it into `{sN}`, `bot.names.typed_refs`) or
    their place at the table, 1 to the number of players."""
    named = _NAMED.fullmatch(token)
    if named:
        return int(named.group(1))
    digits = token.lower().removeprefix("seat").removeprefix("s")
    if not digits.isdigit():
        raise ParseError(f"I don't know who `{token}` is: write another player's name.")
    return int(digits) - 1


def _either(refs: Sequence[str]) -> str:
    """ "{s1}", "{s1} or {s2}", "{s1}, {s2} or {s3}"."""
    return refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " or " + refs[-1]


def _offer_id(tokens: list[str], offers: Sequence[int], verb: str) -> int:
    if tokens and tokens[0].lstrip("#").isdigit():
        return int(tokens.pop(0).lstrip("#"))
    if len(offers) == 1:
        return offers[0]
    if not offers:
        raise ParseError(f"There is no open offer you can {verb}.")
    shown = ", ".join(str(o) for o in offers)
    raise ParseError(f"Several offers are open ({shown}): write `{verb} <number>`.")


def parse_notation(s: TenthNightState, seat: int, text: str) -> act.Action | None:
    """The action typed in the game's own notation, None if the text is not in that notation."""
    tokens = _tokens(text)
    if not tokens:
        return None
    verb = tokens.pop(0).lower()
    p = s.players[seat]
    row = [x.id for x in p.row]
    hand = list(p.hand)
    rest = " ".join(tokens).lower()
    if verb == "ready" and rest in ("", "for the night"):
        return act.Ready()
    if verb in ("end", "end_record") and rest in ("record", "", "the record"):
        return act.EndRecord()
    if (verb in ("protect", "dp") and not tokens) or (verb == "divine" and rest == "protection"):
        if len(row) != 1:
            raise ParseError(
                f"Divine protection needs exactly one person in your row; you have {len(row)}."
            )
        return act.DivineProtection(person_id=row[0])
    if verb in ("joker", "nullify") and len(tokens) <= 1:
        jokers = [c for c in hand if card(c).is_joker]
        return act.Defend(mode="nullify", card_ids=(jokers[0],)) if jokers else _no("a Joker")
    if verb == "pass" and not tokens:
        return act.Defend(mode="pass")
    if verb == "defend" and tokens:
        picked: list[str] = []
        for tok in tokens:
            picked.append(_pick([c for c in hand if c not in picked], tok, "in your hand"))
        picked.sort(key=lambda c: (-modifier_value(c) if card(c).is_face else 0, hand.index(c)))
        return act.Defend(mode="modifiers", card_ids=tuple(picked))
    if verb == "swap" and len(tokens) in (2, 3):
        tokens = [t for t in tokens if t.lower() != "with"]
        if len(tokens) != 2:
            return None
        h = _pick(hand, tokens[0], "in your hand")
        person = _pick(row, tokens[1], "one of your people")
        return act.Swap(hand_card_id=h, person_id=person)
    if verb in ("heal", "replace") and len(tokens) == 3 and tokens[1].lower() in ("with", "by"):
        person = _pick(row, tokens[0], "one of your people")
        h = _pick(hand, tokens[2], "in your hand")
        if verb == "heal":
            return act.HealHeart(hand_card_id=h, person_id=person)
        return act.HealReplace(hand_card_id=h, person_id=person)
    if verb == "trio" and len(tokens) in (3, 5):
        named: list[str] = []
        for tok in tokens[:3]:
            named.append(_pick([c for c in hand if c not in named], tok, "in your hand"))
        keep = named[0]
        if len(tokens) == 5:
            if tokens[3].lower() != "keep":
                return None
            keep = _pick(named, tokens[4], "one of the three cards")
        ordered = tuple(c for c in hand if c in named)
        if len(ordered) != 3:
            return None
        return act.Trio(card_ids=(ordered[0], ordered[1], ordered[2]), keep_id=keep)
    if verb in ("arrange", "reorder", "order") and tokens:
        order: list[str] = []
        for tok in tokens:
            order.append(_pick([c for c in row if c not in order], tok.rstrip("*"), "in your row"))
        return act.Reorder(order=tuple(order))
    if verb in ("propose", "offer"):
        return _parse_proposal(s, seat, tokens)
    if verb in ("accept", "decline", "withdraw"):
        return _parse_answer(s, seat, verb, tokens)
    return None


def _no(what: str) -> act.Action:
    raise ParseError(f"You do not hold {what}.")


def _parse_proposal(s: TenthNightState, seat: int, tokens: list[str]) -> act.Action | None:
    # propose <seat> give [row|hand] <card> for [their] <card>|hand
    words = [t for t in tokens if t.lower() not in ("to", "their", "a", "card", "from")]
    low = [w.lower() for w in words]
    if len(words) < 4 or "give" not in low or "for" not in low:
        return None
    to = _seat(words[0], s)
    if to == seat:
        raise ParseError("You cannot trade with yourself; name another player.")
    if not 0 <= to < s.num_players:
        others = [seat_ref(n) for n in range(s.num_players) if n != seat]
        raise ParseError(f"There is no player {to + 1} here; name {_either(others)}.")
    g, f = low.index("give"), low.index("for")
    give_words, want_words = words[g + 1 : f], words[f + 1 :]
    p = s.players[seat]
    zone = None
    if give_words and give_words[0].lower() in ("row", "hand"):
        zone = give_words.pop(0).lower()
    if len(give_words) != 1 or not want_words:
        return None
    tok = give_words[0]
    in_hand = [c for c in p.hand if matches(c, tok)] if zone != "row" else []
    in_row = [x.id for x in p.row if matches(x.id, tok)] if zone != "hand" else []
    if in_hand:
        give = act.Give(zone="hand", card_id=in_hand[0])
    elif in_row:
        give = act.Give(zone="row", card_id=in_row[0])
    else:
        raise ParseError(f"`{tok}` is neither in your hand nor in your row.")
    if want_words[0].lower() in ("hand", "hand-card", "handcard"):
        return act.ProposeExchange(to_seat=to, give=give, want=act.Want(zone="hand"))
    if want_words[0].lower() == "row":
        want_words = want_words[1:]
    if len(want_words) != 1:
        return None
    theirs = [x.id for x in s.players[to].row]
    target = _pick(
        theirs,
        want_words[0],
        f"one of {seat_ref(to)}'s people (to ask for a hand card, write `for hand`)",
    )
    return act.ProposeExchange(to_seat=to, give=give, want=act.Want(zone="row", card_id=target))


def _parse_answer(s: TenthNightState, seat: int, verb: str, tokens: list[str]) -> act.Action | None:
    if verb == "withdraw":
        mine = [o.offer_id for o in s.offers if o.from_seat == seat]
        oid = _offer_id(tokens, mine, verb)
        return act.WithdrawExchange(offer_id=oid) if not tokens else None
    to_me = [o.offer_id for o in s.offers if o.to_seat == seat]
    oid = _offer_id(tokens, to_me, verb)
    if verb == "decline":
        return act.DeclineExchange(offer_id=oid) if not tokens else None
    if tokens and tokens[0].lower() in ("with", "give", "giving"):
        tokens = tokens[1:]
    if not tokens:
        return act.AcceptExchange(offer_id=oid)
    if len(tokens) != 1:
        return None
    h = _pick(list(s.players[seat].hand), tokens[0], "in your hand")
    return act.AcceptExchange(offer_id=oid, card_id=h)


# ---------------------------------------------------------------------------------------------

RULES_TEXT = """\
**The 10th Night** — cooperative, 1–4 players, standard cards. Survive ten nights together.
• Each player guards a row of up to 5 people (A–10; value = rank, A = 1). J/Q/K (+1/+2/+3) and \
Jokers stay in hands.
• **Day:** everyone draws a card, then freely swaps hand cards with healthy people, heals injured \
people with ♥ cards (same rank replaces, any ♥ heals by discarding), turns 3 of a rank into a new \
person (trio), rearranges the row, and trades 1:1 with other players (propose → accept). Type \
`ready` when done; the night falls when everyone is ready.
• **Night (no talking):** attacks are drawn one by one, round-robin from a rotating start seat. \
J/Q/K drawn first add damage, a Joker makes the attack deadly. The attack card's rank counts a \
zigzag along the row (red from the left, black from the right). Damage = rank + modifiers + colour \
bonus (+2 same suit, +1 same colour) + raid bonus. Higher than the person's value: injured \
(or killed if already injured). Equal: a tie, the count moves on. Lower: it fails.
• When attacked you may defend with J/Q/K from your hand, or cancel the attack with a Joker.
• Aces are harmed only by attacks of their own suit; an Ace attack is deadly to its own suit.
• One person left: discard your hand for divine protection (deadly attacks fail; once hit, later \
attacks pass on).
• If at least 2.5 people per player survive Night 5, a raid adds +1 damage on Night 6, +2 on 7…
• Anyone's row empty: everyone loses. Survive Night 10: everyone wins.
"""


# --- the end of the game ----------------------------------------------------------------------
END_WORDS = {
    "survived": "everyone survived the 10th night",
    "no_people": "a row lost its last person",
    "record_ended": "a row lost its last person during the record run",
    "record_stopped": "the record run was stopped",
}
"""Each end reason in words, for the announcement (the board has its own shorter lines)."""


NOTATION = (
    "Cards as `7H`, `7♥`, `10D`, `QS`, `JK` (a full id like `7H-2` when two match).\n"
    "Day: `ready` · `swap <hand card> <healthy person>` · `heal <person> with <♥ card>` · "
    "`replace <person> with <♥ card>` · `trio <three cards> [keep <card>]` · "
    "`arrange <cards in order>` (your whole row, left to right) · `protect` · "
    "`propose <player> give <your card> for <their card>` (an exchange offer, to a player by "
    "name) · "
    "`accept [offer] [with <card>]` · `decline [offer]` · `withdraw [offer]`.\n"
    "Night: `defend <cards>` · `joker` · `pass` · `end record`."
)
"""The typing guide (`notation()`): one `snippet` per kind of move, which the terminal shows
beside a long list's groups (its first word is the move's first word)."""

"""The playout's moves by kind (issue 11 §3): `kinds_present` reads which kinds of move a seat
has straight from the state, and must name exactly the kinds the full legal list holds — which is
what the random agent picks among, so a wrong answer would change seeded games. `kind_moves` lists
one kind (the reorders one at a time, `ReorderMoves`), and the playout's night moves come from
`defences`: each must give exactly the moves, in the order, the plain path lists."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

import pytest

from rules.core import ByKind
from rules.engine import Engine
from rules.playout import play_out
from rules.tenth_night import GAME
from rules.tenth_night.actions import Give, ProposeExchange, Reorder, Swap, Want
from rules.tenth_night.game import TableInPlay
from rules.tenth_night.rules_day import (
    ProposalMoves,
    ReorderMoves,
    kind_moves,
    kinds_present,
    legal,
    legal_kinds,
    proposal_list,
)
from rules.tenth_night.rules_day_moves import reorders as _reorders
from rules.tenth_night.state import TenthNightState, is_person_card
from tests.rules.tenth_night.helpers import make


def _check(state: TenthNightState, seat: int) -> list[str]:
    every: list[str] = sorted({a.type for a in legal(state, seat)})
    probed = ByKind(legal_kinds(state, seat), lambda: list(legal(state, seat))).kinds()
    assert kinds_present(state, seat) == probed == every, (seat, state)
    return every


def _states(n: int) -> tuple[int, list[Any]]:
    """Seeded game n's seat count and every state it went through, replayed from its log."""
    seats = 1 + n % 4
    states: list[Any] = []
    game = play_out(GAME, seats, f"kinds/{n}", GAME.agents["random"](), fast=False)
    engine = Engine(GAME)
    state = engine.setup(seats, None, f"kinds/{n}")
    for ply, (seat, action) in enumerate(game.log, start=1):
        states.append(state)
        state = engine.act(state, seat, action, seed=f"kinds/{n}", ply=ply).state
    return seats, states


def test_kinds_present_match_the_full_legal_list_in_every_day_state_of_seeded_games() -> None:
    seen: set[str] = set()
    for n in range(24):
        seats, states = _states(n)
        for s in states:
            if s.phase == "day":
                for seat in range(seats):
                    seen.update(_check(s, seat))
    # the seeded games reach most kinds; the hand-made states below reach the rest
    assert {"ready", "propose_exchange", "swap", "reorder", "accept_exchange"} <= seen


def test_kinds_present_for_healing_trios_divine_protection_and_offers() -> None:
    healing = make(["7H 3S* 10D 5C"], ["3H 8D KH 4C 4D 4S"])
    assert {"heal_heart", "heal_replace", "trio", "swap"} <= set(_check(healing, 0))
    no_match = make(["7H 3S* 10D 5C"], ["5H 8D KH 4C 4D"])
    kinds = _check(no_match, 0)
    assert "heal_heart" in kinds and "heal_replace" not in kinds and "trio" not in kinds
    full_row = make(["7H 3S 10D 5C 9S"], ["4C 4D 4S"])
    assert "trio" not in _check(full_row, 0)
    alone = make(["7H"], [""])
    assert "divine_protection" in _check(alone, 0) and "reorder" not in _check(alone, 0)
    record = make(["7H 3S"], ["4C"], round=11, record=True)
    assert "end_record" in _check(record, 0)
    two = make(["7H 3S", "8D 2C"], ["4C KH", "5D QS"])
    offer = next(a for a in legal(two, 0) if isinstance(a, ProposeExchange))
    two = GAME.apply(two, 0, offer, random.Random(0)).state
    assert "withdraw_exchange" in _check(two, 0)
    assert {"accept_exchange", "decline_exchange"} <= set(_check(two, 1))
    # an offer of a hand card for a row person cannot be accepted with a face card alone
    faces = make(["7H 3S", "8D 2C"], ["4C", "KH"])
    give_row = next(
        a
        for a in legal(faces, 0)
        if isinstance(a, ProposeExchange) and a.give.zone == "row" and a.want.zone == "hand"
    )
    faces = GAME.apply(faces, 0, give_row, random.Random(0)).state
    kinds = _check(faces, 1)
    assert "decline_exchange" in kinds and "accept_exchange" not in kinds


def test_kind_moves_and_night_moves_are_the_plain_lists_in_every_state_of_seeded_games() -> None:
    listed: set[str] = set()
    nights = 0
    for n in range(8):
        seats, states = _states(n)
        for s in states:
            for seat in range(seats):
                if s.phase == "day":
                    for kind, make in legal_kinds(s, seat).items():
                        moves = list(kind_moves(s, seat, kind))
                        assert moves == list(make()), (kind, seat, s)
                        listed.update({kind} if moves else set())
                elif s.phase == "night":
                    plain = list(GAME.legal_actions(s, seat))
                    assert list(TableInPlay(GAME, s).legal(seat)) == plain, (seat, s)
                    nights += bool(plain)
    assert {"ready", "propose_exchange", "swap", "reorder"} <= listed
    assert nights > 0


def test_reorder_moves_are_the_reorders_made_one_at_a_time() -> None:
    for size in range(2, 6):
        row = tuple(f"{v}S" for v in (7, 3, 10, 5, 9)[:size])
        whole, lazy = _reorders(row), ReorderMoves(row)
        assert len(lazy) == len(whole) == len(list(permutations(row))) - 1
        assert [lazy[i] for i in range(len(lazy))] == list(whole)
        assert lazy[-1] == whole[-1] and list(lazy[1:3]) == list(whole[1:3])
        with pytest.raises(IndexError):
            lazy[len(whole)]


def _validated_proposals(s: TenthNightState, seat: int) -> list[ProposeExchange]:
    """Every new offer `seat` may make, each record validated: what `proposal_list` builds
    without validation (a card landing in a row must be A–10; an open offer is not repeated)."""
    p = s.players[seat]
    gives = [("row", x.id) for x in p.row if not x.injured] + [("hand", h) for h in p.hand]
    out = []
    for to in range(s.num_players):
        if to == seat:
            continue
        wants = [("row", x.id) for x in s.players[to].row if not x.injured] + [("hand", None)]
        for give_zone, give_card in gives:
            for want_zone, want_card in wants:
                if want_zone == "row" and not is_person_card(give_card):
                    continue
                if any(
                    (o.to_seat, o.give_zone, o.give_card, o.want_zone, o.want_card)
                    == (to, give_zone, give_card, want_zone, want_card)
                    for o in s.offers
                ):
                    continue
                record = {
                    "type": "propose_exchange",
                    "to_seat": to,
                    "give": {"zone": give_zone, "card_id": give_card},
                    "want": {"zone": want_zone, "card_id": want_card},
                }
                out.append(ProposeExchange.model_validate(record))
    return out


def test_proposals_built_without_validation_or_one_by_one_are_the_validated_records() -> None:
    made = 0
    for n in range(8):
        seats, states = _states(n)
        for s in states[::4]:
            if s.phase != "day":
                continue
            for seat in range(seats):
                built = proposal_list(s, seat)
                assert built == _validated_proposals(s, seat), (seat, s)
                lazy = ProposalMoves(s, seat)
                assert len(lazy) == len(built) and list(lazy) == built
                if built:
                    assert lazy[-1] == built[-1] and list(lazy[1:4]) == built[1:4]
                    with pytest.raises(IndexError):
                        lazy[len(built)]
                for a in built:
                    assert isinstance(a.give, Give) and isinstance(a.want, Want)
                    again = ProposeExchange.model_validate(a.model_dump())
                    assert a.model_dump_json() == again.model_dump_json()
                    assert hash(a) == hash(again)
                made += len(built)
    assert made > 1000


def test_records_built_without_validation_are_what_validation_makes() -> None:
    """Swaps, reorders (listed whole or one at a time) and the offers a proposal opens are
    built from values the rules hold: each must be the record validation makes of its fields."""
    seen: set[str] = set()
    offers = 0
    for n in range(8):
        seats, states = _states(n)
        for s in states[::2]:
            for o in s.offers:
                assert o == type(o).model_validate(o.model_dump())
                assert (
                    o.model_dump_json()
                    == type(o).model_validate_json(o.model_dump_json()).model_dump_json()
                )
                offers += 1
            if s.phase != "day":
                continue
            for seat in range(seats):
                p = s.players[seat]
                row = tuple(x.id for x in p.row)
                expected: dict[str, list[Any]] = {
                    "swap": [
                        Swap(hand_card_id=h, person_id=x.id)
                        for h in p.hand
                        if is_person_card(h)
                        for x in p.row
                        if not x.injured
                    ],
                    "reorder": [Reorder(order=o) for o in permutations(row) if o != row]
                    if len(row) > 1
                    else [],
                }
                for kind, valid in expected.items():
                    made = list(kind_moves(s, seat, kind))
                    assert made == valid, (kind, seat)
                    assert [hash(a) for a in made] == [hash(a) for a in valid]
                    assert [a.model_dump_json() for a in made] == [
                        a.model_dump_json() for a in valid
                    ]
                    assert list(_reorders(row)) == expected["reorder"]
                    seen.update({kind} if made else set())
    assert seen == {"swap", "reorder"} and offers > 20

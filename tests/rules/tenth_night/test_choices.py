"""The 10th Night's choice paths (`rules/tenth_night/choices.py`): every move a few short steps
from the top of the panel, the row arranged by moving one person, exchanges by whom, what and for
what, each option saying what it does."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from rules.choices import MAX_CHOICES, Node, Path, build, check
from rules.engine import Engine
from rules.tenth_night import GAME, choices
from rules.tenth_night.actions import (
    AcceptExchange,
    Action,
    DeclineExchange,
    Defend,
    ProposeExchange,
    Ready,
    Reorder,
)
from rules.tenth_night.state import Offer, TenthNightState, Zone
from tests.rules.tenth_night.helpers import cid, dusk, ex13, ids, make, offer
from tests.support.choice_paths import assert_plain_steps, labels_of, path_among, random_decisions


def paths_of(state: TenthNightState, seat: int) -> list[Path | None]:
    return list(choices.paths(state, seat, GAME.legal_actions(state, seat)))


def path_to(state: TenthNightState, seat: int, action: Action) -> Path:
    return path_among(paths_of(state, seat), GAME.legal_actions(state, seat), action)


def child(node: Node, label: str) -> Node:
    return next(c for c in node.children if c.label == label)


_DECK = re.compile(r"-(\d)[ab]?\b")


def deckless(action: Action) -> str:
    """The action with card ids stripped of their deck: two copies of a card act alike (TN-1)."""
    return _DECK.sub("", repr(action.model_dump()))


def test_every_move_of_seeded_games_is_offered_once_in_at_most_three_short_steps() -> None:
    engine = Engine(GAME)
    decisions = typed_only = moves = 0
    for n in range(2):  # one and three seats, each schedule (the suite's time is kept short)
        for options in ({}, {"attack_schedule": "harsh"}):
            seats = 1 + 2 * n
            seed = f"tn-choices/{n}/{options}"
            for ply, state, seat in random_decisions(engine, seats, options, seed, 300):
                legal = GAME.legal_actions(state, seat)
                paths = paths_of(state, seat)
                assert len(paths) == len(legal)
                moves += len(legal)
                tree = build(paths)
                assert check(tree, len(legal), 3) == [], (seed, ply)
                offered = {deckless(legal[i]) for i in tree.moves()}
                for index, path in enumerate(paths):
                    if path is None:  # only a second copy of a card another path offers
                        typed_only += 1
                        assert deckless(legal[index]) in offered
                        continue
                    assert_plain_steps(path)
                decisions += 1
    assert decisions > 200
    assert typed_only * 20 < moves  # second copies are rare


def test_the_game_offers_its_own_paths_to_the_panel() -> None:
    state = make(["7H 3S* 10D 5C 2H"], ["8D 3H"])
    legal = GAME.legal_actions(state, 0)
    assert list(GAME.choice_paths(state, 0, legal)) == paths_of(state, 0)


ROW = "7H 3S* 10D 5C 2H"


def test_tn10_the_row_is_arranged_by_moving_one_person_to_a_named_position() -> None:
    state = make([ROW], ["8D"])
    move = Reorder(order=tuple(ids("7H 2H 3S 10D 5C")))
    path = path_to(state, 0, move)
    assert labels_of(path) == [
        "Arrange row",
        "Move 2♥ (position 5)",
        "Position 2 (between 7♥ and 3♠*)",
    ]
    assert path[2].detail == "New row: 7♥ 2♥ 3♠* 10♦ 5♣"
    to_end = path_to(state, 0, Reorder(order=tuple(ids("3S 10D 5C 2H 7H"))))
    assert labels_of(to_end)[1:] == ["Move 7♥ (position 1)", "Position 5 (rightmost, after 2♥)"]
    front = path_to(state, 0, Reorder(order=tuple(ids("5C 7H 3S 10D 2H"))))
    assert labels_of(front)[2] == "Position 1 (leftmost, before 7♥)"


def test_tn10_a_move_by_one_place_is_offered_once_as_a_swap_of_neighbours() -> None:
    state = make([ROW], ["8D"])
    path = path_to(state, 0, Reorder(order=tuple(ids("7H 3S 5C 10D 2H"))))
    assert labels_of(path) == ["Arrange row", "Swap two neighbours", "Swap 10♦ and 5♣"]
    two = make(["7H 3S*"])
    assert labels_of(path_to(two, 0, Reorder(order=tuple(ids("3S 7H"))))) == [
        "Arrange row",
        "Swap 7♥ and 3♠*",
    ]


def test_tn10_every_order_of_a_five_person_row_is_one_path_and_no_step_is_long() -> None:
    state = make([ROW], ["8D"])
    legal = GAME.legal_actions(state, 0)
    paths = paths_of(state, 0)
    reorders = [i for i, a in enumerate(legal) if isinstance(a, Reorder)]
    assert len(reorders) == 119
    assert all(paths[i] is not None for i in reorders)
    tree = build(paths)
    arrange = child(tree, "Arrange row")
    assert sorted(arrange.moves()) == reorders
    assert check(tree, len(legal), 3) == []
    assert len(arrange.children) == 1 + 5 + 5  # the swaps; move each person; other orders
    moves = [c for c in arrange.children if c.label.startswith("Move ")]
    assert sum(len(c.children) for c in moves) == 12  # a person two or more places over
    assert len(child(arrange, "Swap two neighbours").children) == 4
    other = child(arrange, "Other orders, 10♦ first")
    assert len(other.children) == 23  # 24 orders with 10♦ first, less "Move 10♦" to the front
    assert all(c.label.startswith("10♦ ") for c in other.children)


def test_tn10_the_arrange_step_reads_in_the_rows_order() -> None:
    """The swaps first (left to right), then each person's move and the other orders, both by the
    person's place in the row — not in the order the rules list the 119 orders."""
    state = make([ROW], ["8D"])
    arrange = child(build(paths_of(state, 0)), "Arrange row")
    row = ["7♥", "3♠*", "10♦", "5♣", "2♥"]
    assert [c.label for c in arrange.children] == [
        "Swap two neighbours",
        *[f"Move {p} (position {i})" for i, p in enumerate(row, 1)],
        *[f"Other orders, {p} first" for p in row],
    ]
    swaps = child(arrange, "Swap two neighbours").children
    assert [c.label for c in swaps] == [f"Swap {a} and {b}" for a, b in pairwise(row)]


def test_tn11_an_exchange_is_offered_by_whom_and_what_you_give_then_what_you_want() -> None:
    state = ex13()
    path = path_to(state, 0, offer(1, "hand", "9C", "row", "5H"))
    assert labels_of(path) == [
        "Offer an exchange",
        "Give 9♣ from your hand to {s1}",
        "For their 5♥ (position 1)",
    ]
    assert path[1].detail == "9♣: can be a person of value 9"
    assert path[2].detail == "Their 5♥ (value 5) would join your hand"
    assert labels_of(path_to(state, 0, offer(1, "row", "2H", "hand")))[1:] == [
        "Give your person 2♥ to {s1}",
        "For a card from their hand",
    ]
    tree = build(paths_of(state, 0))
    queen = child(child(tree, "Offer an exchange"), "Give Q♦ from your hand to {s1}")
    # TN-EX13: a Q♦ can only be traded for a hand card, so that one option is no step of its
    # own (`rules.choice_collapse`): giving the Q♦ is the move, and says what it asks for
    assert queen.index is not None and queen.choice is not None
    assert queen.choice.detail.startswith("For a card from their hand")


def test_tn11_with_many_players_and_cards_an_exchange_starts_with_whom() -> None:
    state = make(
        ["2H 7C 3D 4S 5C", "5H 8S 9D", "6H 6S", "AH AS"],
        ["9C QD 4H 3C", "AS", "KC", "2C"],
    )
    legal = GAME.legal_actions(state, 0)
    paths = paths_of(state, 0)
    tree = build(paths)
    assert check(tree, len(legal), 3) == []
    heads = [c.label for c in tree.children if "exchange" in c.label]
    assert heads == [
        "Offer {s1} an exchange",
        "Offer {s2} an exchange",
        "Offer {s3} an exchange",
    ]
    assert labels_of(path_to(state, 0, offer(2, "row", "7C", "row", "6S"))) == [
        "Offer {s2} an exchange",
        "Give your person 7♣",
        "For their 6♠ (position 2)",
    ]


def as_offer(offer_id: int, from_seat: int, proposal: ProposeExchange) -> Offer:
    """The open offer `proposal` makes once `from_seat` has proposed it."""
    return Offer(
        offer_id=offer_id,
        from_seat=from_seat,
        to_seat=proposal.to_seat,
        give_zone=proposal.give.zone,
        give_card=proposal.give.card_id,
        want_zone=proposal.want.zone,
        want_card=proposal.want.card_id,
    )


def _offered(state: TenthNightState, offers: list[Offer]) -> TenthNightState:
    return state.model_copy(update={"offers": tuple(offers)})


def test_tn11_an_offer_made_to_you_is_answered_in_green_or_red() -> None:
    made = [offer(1, "hand", "9C", "row", "5H"), offer(1, "row", "2H", "hand")]
    state = _offered(ex13(), [as_offer(k + 1, 0, a) for k, a in enumerate(made)])
    accept = path_to(state, 1, AcceptExchange(offer_id=1))
    assert labels_of(accept) == ["Offer 1 from {s0}", "Accept: give 5♥, get 9♣"]
    assert accept[0].detail == "They give 9♣ from their hand for your 5♥"
    assert accept[1].style == "yes"
    decline = path_to(state, 1, DeclineExchange(offer_id=1))
    assert labels_of(decline) == ["Offer 1 from {s0}", "Decline"]
    assert decline[1].style == "no"
    ace = path_to(state, 1, AcceptExchange(offer_id=2, card_id=cid("AS")))
    assert labels_of(ace) == ["Offer 2 from {s0}", "Accept, giving A♠"]
    assert ace[1].detail == "A♠ goes to their row, as a person; 2♥ comes into your hand"
    answers = child(build(paths_of(state, 1)), "Offer 2 from {s0}").children
    assert [c.label for c in answers] == ["Accept, giving A♠", "Decline"]  # K♣: no person
    withdraw = path_to(
        state, 0, next(a for a in GAME.legal_actions(state, 0) if a.type == "withdraw_exchange")
    )
    assert labels_of(withdraw) == ["Withdraw an offer", "Offer 1 to {s1}"]
    assert withdraw[1].style == "quiet"


def test_tn11_many_offers_made_to_you_are_gathered_under_one_step() -> None:
    state = make(["2H 7C 3D", "5H 8S 9D 4C"], ["9C 6D 4H 3C", "AS"])
    gives: list[tuple[Zone, str]] = [("row", "2H"), ("row", "7C"), ("hand", "9C")]
    made = [
        offer(1, zone, card, "row", want) for zone, card in gives for want in ["5H", "8S", "9D"]
    ]
    state = _offered(state, [as_offer(k + 1, 0, a) for k, a in enumerate(made)])
    tree = build(paths_of(state, 1))
    assert check(tree, len(GAME.legal_actions(state, 1)), 3) == []
    gathered = child(tree, "Offers to you")
    assert len(gathered.children) == 9
    assert [c.label for c in child(gathered, "Offer 4 from {s0}").children] == [
        "Accept: give 5♥, get 7♣",
        "Decline",
    ]


def test_tn10_heal_swap_and_trio_go_kind_then_person_or_card_then_how() -> None:
    state = make(["7H 3S* 10D 5C"], ["3H 8D KH 4C 4D 4S"])  # TN-EX12
    legal = GAME.legal_actions(state, 0)
    by_labels = {
        tuple(labels_of(p)): a for a, p in zip(legal, paths_of(state, 0), strict=True) if p
    }
    assert by_labels[("Heal a person", "3♠ (position 2, injured)", "Replace it with 3♥")].type == (
        "heal_replace"
    )
    assert ("Heal a person", "3♠ (position 2, injured)", "Discard K♥ to heal it") in by_labels
    assert ("Make a trio", "New person 4♠", "Discard 4♣ and 4♦") in by_labels
    assert ("Swap a hand card into your row", "8♦ from your hand", "For 5♣ (position 4)") in (
        by_labels
    )
    ready = by_labels[("Ready for the night",)]
    assert ready == Ready()


def test_styles_say_which_moves_end_the_day_and_which_cannot_be_undone() -> None:
    state = make(["6S"], ["2C 8H"], round=12, record=True)
    found = {p[0].label: p[0].style for p in paths_of(state, 0) if p is not None}
    assert found["Ready for the night"] == "quiet"
    assert found["Divine protection for 6♠"] == "danger"
    assert found["End the game now"] == "danger"


def _night(row: str, hand: str, draw: str) -> TenthNightState:
    return dusk(make([row, "2D"], [hand, "QC"], draw=draw))


def test_tn20_a_defence_says_the_defence_it_makes_against_the_damage() -> None:
    state = _night("7H 10D 5C 2H", "JD KC", "JH 4D 9D")  # TN-EX6: damage 6 against 2♥'s 2
    found = {tuple(labels_of(p)): p for p in paths_of(state, 0) if p is not None}
    both = found[("Defend with J, Q, K", "K♣ (+3) + J♦ (+1)")]
    assert both[1].detail == "defence 6 vs damage 6: a tie, so the attack moves on"
    king = found[("Defend with J, Q, K", "K♣ (+3)")]
    assert king[1].detail == "defence 5 vs damage 6: 2♥ is injured"
    hit = found[("Take the hit",)]
    assert hit[0].style == "danger" and hit[0].detail == "Keep your cards: 2♥ is injured"


def test_tn25_a_deadly_attack_offers_the_joker_and_a_red_hit() -> None:
    state = _night("7H 10D 5C 2H", "JK QS", "JK2 9D 9H")  # TN-EX7
    found = [labels_of(p) for p in paths_of(state, 0) if p is not None]
    assert found == [["Nullify with a Joker"], ["Take the hit"]]
    hit = paths_of(state, 0)[-1]
    assert hit is not None and hit[0].detail == "Keep your cards: the deadly attack kills 5♣"


def test_many_modifiers_are_grouped_by_the_defence_they_make() -> None:
    state = _night("7H 10D 5C 2H", "JD KC QS JC KS", "JH 4D 9D")
    legal = GAME.legal_actions(state, 0)
    tree = build(paths_of(state, 0))
    assert len([a for a in legal if isinstance(a, Defend)]) == 32
    assert check(tree, len(legal), 3) == []
    defend = child(tree, "Defend with J, Q, K")
    assert all(c.label.startswith("Defence ") for c in defend.children)
    assert max(len(c.children) for c in defend.children) <= MAX_CHOICES


def test_a_second_copy_of_a_card_is_not_offered_twice() -> None:
    state = make(["7H 3S", "5H", "4C"], ["8D-1 8D-2", "", ""])
    legal = GAME.legal_actions(state, 0)
    paths = paths_of(state, 0)
    swaps: dict[Any, list[int]] = {}
    for i, a in enumerate(legal):
        if a.type == "swap":
            swaps.setdefault(a.person_id, []).append(i)
    for indexes in swaps.values():
        assert [paths[i] is None for i in indexes] == [False, True]


def _offers_from_proposals(state: TenthNightState, seat: int, count: int) -> list[Offer]:
    """The first `count` exchanges `seat` may propose, as open offers (ids from 1)."""
    proposals = [a for a in GAME.legal_actions(state, seat) if isinstance(a, ProposeExchange)]
    return [as_offer(k + 1, seat, a) for k, a in enumerate(proposals[:count])]


def test_tn11_more_than_25_open_offers_are_grouped_by_the_card_offered() -> None:
    state = make(["2H 7C 3D 4S 5C", "5H 8S 9D 6C 10S"], ["9C 6D 4H", "AS KC"])
    offers = _offers_from_proposals(state, 0, 30)
    assert len(offers) == 30
    state = _offered(state, offers)

    mine = build(paths_of(state, 0))
    assert check(mine, len(GAME.legal_actions(state, 0)), 3) == []
    withdraw = child(mine, "Withdraw an offer")
    assert withdraw.children[0].label == "Offers of your 2♥"
    assert [c.label for c in withdraw.children[0].children][:2] == [
        "Offer 1 to {s1}",
        "Offer 2 to {s1}",
    ]
    assert sorted(withdraw.moves()) == [
        i for i, a in enumerate(GAME.legal_actions(state, 0)) if a.type == "withdraw_exchange"
    ]

    theirs = build(paths_of(state, 1))
    assert check(theirs, len(GAME.legal_actions(state, 1)), 3) == []
    gathered = child(theirs, "Offers to you")
    first = child(gathered, "From {s0}: their person 2♥")
    assert [c.label for c in first.children][:2] == [
        "Accept offer 1: give 5♥, get 2♥",
        "Decline offer 1 (for your 5♥)",
    ]
    assert [c.choice.style for c in first.children if c.choice][:2] == ["yes", "no"]


def test_tn1_two_people_of_the_same_card_are_told_apart_by_their_place_when_arranging() -> None:
    state = make(["7H-1 3S-1 7H-2 3S-2 2H", "4C", "5D"], ["8D", "", ""])  # two decks (TN-1)
    legal = GAME.legal_actions(state, 0)
    paths = paths_of(state, 0)
    tree = build(paths)
    assert check(tree, len(legal), 3) == []
    arrange = child(tree, "Arrange row")
    assert "Other orders, 7♥ from position 3 first" in [c.label for c in arrange.children]
    reorders = [i for i, a in enumerate(legal) if isinstance(a, Reorder)]
    assert sum(1 for i in reorders if paths[i] is None) <= 5

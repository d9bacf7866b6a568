"""Labels (§11), typed notation, board text and the agents' basic manners."""

from __future__ import annotations

import pytest

from rules.errors import IllegalActionError, ParseError
from rules.playout import play_out
from rules.tenth_night import GAME
from rules.tenth_night import actions as A
from rules.tenth_night.state import TenthNightState
from tests.rules.tenth_night.helpers import act, dusk, ids, make
from tests.support.seeded_games import seeded_steps

DAY = make(["7C* 3S 10D 5C 2H", "5H 8S"], ["8D KH 7H 4C 4D 4S 9C", "AS"])


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (A.Swap(hand_card_id="8D-1", person_id="3S-1"), "Swap 8♦ from hand with healthy 3♠"),
        (A.HealReplace(hand_card_id="7H-1", person_id="7C-1"), "Replace injured 7♣ with 7♥"),
        (A.HealHeart(hand_card_id="KH-1", person_id="7C-1"), "Heal injured 7♣ by discarding K♥"),
        (
            A.Trio(card_ids=("4C-1", "4D-1", "4S-1"), keep_id="4S-1"),
            "Trio of 4s: discard 4♣ 4♦, new person 4♠",
        ),
        (A.Ready(), "Ready for the night"),
        (
            A.ProposeExchange(
                to_seat=1,
                give=A.Give(zone="hand", card_id="9C-1"),
                want=A.Want(zone="row", card_id="5H-1"),
            ),
            "Offer 9♣ (hand) to {s1} for their 5♥",
        ),
        (
            A.ProposeExchange(
                to_seat=1, give=A.Give(zone="row", card_id="2H-1"), want=A.Want(zone="hand")
            ),
            "Offer 2♥ (row) to {s1} for a hand card",
        ),
    ],
)
def test_s11_labels_read_as_the_spec_writes_them(action: object, text: str) -> None:
    assert GAME.text.label(DAY, action) == text  # type: ignore[arg-type]


def test_s11_reorder_labels_list_the_new_row_and_mark_injuries() -> None:
    a = A.Reorder(order=tuple(ids("10D 7C 5C 2H 3S")))
    assert GAME.text.label(DAY, a) == "Arrange row: 10♦ 7♣* 5♣ 2♥ 3♠"


def test_s11_divine_protection_label_names_the_person_and_the_discards() -> None:
    s = make(["6S"], ["2C 8H"])
    assert GAME.text.label(s, A.DivineProtection(person_id="6S-1")) == (
        "Divine protection for 6♠ (discard 2 cards)"
    )


def test_s11_accept_label_shows_both_cards() -> None:
    s = act(make(["2H 7C", "5H 8S"], ["9C", ""]), 0, _offer())
    assert GAME.text.label(s, A.AcceptExchange(offer_id=1)) == "Accept offer 1: give 5♥, get 9♣"


def _offer() -> A.ProposeExchange:
    return A.ProposeExchange(
        to_seat=1, give=A.Give(zone="hand", card_id="9C-1"), want=A.Want(zone="row", card_id="5H-1")
    )


def test_s11_defend_labels_show_the_resulting_comparison() -> None:
    s = dusk(make(["7H 10D 5C 2H", "2D"], ["JD KC", "QC"], draw="JH 4D 9D"))
    labels = [GAME.text.label(s, a) for a in GAME.legal_actions(s, 0)]
    assert "Defend with K♣ (+3) and J♦ (+1): defence 6 vs damage 6" in labels
    assert labels[-1] == "Take the hit"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("ready", A.Ready()),
        ("swap 8D 3S", A.Swap(hand_card_id="8D-1", person_id="3S-1")),
        ("heal 7C with KH", A.HealHeart(hand_card_id="KH-1", person_id="7C-1")),
        ("replace 7c with 7h", A.HealReplace(hand_card_id="7H-1", person_id="7C-1")),
        ("propose 2 give 9C for 5H", _offer()),
        (
            "offer 2 give row 2H for hand",
            A.ProposeExchange(
                to_seat=1, give=A.Give(zone="row", card_id="2H-1"), want=A.Want(zone="hand")
            ),
        ),
    ],
)
def test_typed_notation_names_the_intended_action(typed: str, expected: object) -> None:
    assert GAME.text.parse(DAY, 0, typed) == expected


TRIO = make(["7C 3S"], ["4C 4D 4S"])


def test_typed_trio_keeps_the_first_card_named() -> None:
    assert GAME.text.parse(TRIO, 0, "trio 4S 4C 4D") == A.Trio(
        card_ids=("4C-1", "4D-1", "4S-1"), keep_id="4S-1"
    )


def test_typed_trio_can_name_the_card_to_keep() -> None:
    assert GAME.text.parse(TRIO, 0, "trio 4C 4D 4S keep 4D") == A.Trio(
        card_ids=("4C-1", "4D-1", "4S-1"), keep_id="4D-1"
    )


def test_typed_trio_with_five_people_is_explained() -> None:
    with pytest.raises(IllegalActionError, match="5 people"):
        GAME.text.parse(DAY, 0, "trio 4C 4D 4S")


def test_typed_trade_with_yourself_is_explained() -> None:
    with pytest.raises(ParseError, match="yourself"):
        GAME.text.parse(DAY, 0, "propose 1 give 9C for 5C")


def test_typed_accept_and_defend_resolve_cards_from_the_hand() -> None:
    s = act(make(["2H 7C", "5H 8S"], ["9C", ""]), 0, _offer())
    assert GAME.text.parse(s, 1, "accept") == A.AcceptExchange(offer_id=1)
    night = dusk(make(["7H 10D 5C 2H", "2D"], ["JD KC", "QC"], draw="JH 4D 9D"))
    assert GAME.text.parse(night, 0, "defend jd kc") == A.Defend(
        mode="modifiers", card_ids=("KC-1", "JD-1")
    )
    assert GAME.text.parse(night, 0, "pass") == A.Defend(mode="pass")


def test_typed_card_not_in_hand_is_explained() -> None:
    with pytest.raises(ParseError, match="not in your hand"):
        GAME.text.parse(DAY, 0, "swap QH 3S")


def test_labels_parse_back_to_their_actions() -> None:
    for a in GAME.legal_actions(DAY, 0)[:150]:
        assert GAME.text.label(
            DAY, GAME.text.parse(DAY, 0, GAME.text.label(DAY, a))
        ) == GAME.text.label(DAY, a)


def test_describe_shows_rows_injuries_round_and_the_private_hand() -> None:
    text = GAME.text.describe(GAME.observe(DAY, 0))
    assert "Day 1" in text and "~~7♣~~" in text and "Your hand" in text and "K♥" in text
    assert "K♥" not in GAME.text.describe(GAME.observe(DAY, None))


def test_describe_shows_the_pending_defence_on_the_board_and_only_the_hand_in_private() -> None:
    s = dusk(make(["7H 10D 5C 2H", "2D"], ["JD KC", "QC"], draw="JH 4D 9D"))
    options = GAME.observe(s, 0).defence_options
    assert options is not None and not options.deadly
    board = GAME.text.describe(GAME.observe(s, None))
    victim, sums = options.victim.label, f"damage {options.damage} vs defence {options.defence}"
    assert f"⏳ Waiting for {{s0}} to defend {victim}: {sums}." in board
    # the decision is public and its answers are the moves: the decider's own lines are the
    # hand alone, so a private panel changes only when the hand does (issue 11 §1)
    public = set(board.splitlines())
    for seat in (0, 1):
        own = [x for x in GAME.text.describe(GAME.observe(s, seat)).splitlines() if x not in public]
        assert len(own) == 1 and own[0].startswith("**Your hand**: ")
    labels = [GAME.text.label(s, a) for a in GAME.legal_actions(s, 0)]
    assert labels[-1] == "Take the hit"
    assert any(x.startswith("Defend with") and f"vs damage {options.damage}" in x for x in labels)


def own_lines(text: str) -> list[str]:
    """A private view's lines but the ready seat's standing note (`test_tn10_…`)."""
    return [x for x in text.splitlines() if not x.startswith("✓ You are ready")]


def test_tn10_a_ready_players_own_view_says_they_are_ready_and_what_takes_it_back() -> None:
    s = make(["2H 7C", "5H 8S"], ["9C QD", "AS KC"], ready=[True, False])
    ready = GAME.text.describe(GAME.observe(s, 0))
    assert "✓ You are ready for the night; it falls once everyone is." in ready
    assert "✓ You are ready" not in GAME.text.describe(GAME.observe(s, 1))
    assert "✓ You are ready" not in GAME.text.describe(GAME.observe(s, None))
    swap = next(a for a in GAME.legal_actions(s, 0) if a.type == "swap")
    swapped = act(s, 0, swap)  # a change to the row: not ready any more, nor said
    assert not swapped.players[0].ready
    assert "✓ You are ready" not in GAME.text.describe(GAME.observe(swapped, 0))


def test_an_offer_is_private_news_only_for_the_hand_card_the_board_does_not_show() -> None:
    s = make(["2H 7C", "5H 8S", "3D"], ["9C QD", "AS KC", ""], ready=[True, True, True])

    def own(s: TenthNightState, seat: int) -> list[str]:
        public = set(GAME.text.describe(GAME.observe(s, None)).splitlines())
        text = GAME.text.describe(GAME.observe(s, seat))
        return [x for x in own_lines(text) if x not in public and "Your hand" not in x]

    # a row card for a hand card: the board shows all of it, so no panel changes
    shown = act(
        s,
        0,
        A.ProposeExchange(
            to_seat=1, give=A.Give(zone="row", card_id="2H-1"), want=A.Want(zone="hand")
        ),
    )
    assert "**Offers:** offer 1, {s0} → {s1}: 2♥ (row) for a hand card" in GAME.text.describe(
        GAME.observe(shown, None)
    )
    assert own(shown, 0) == own(shown, 1) == own(shown, 2) == []
    # a hand card: the board hides it, the two parties see it on their panels
    hidden = act(
        s,
        0,
        A.ProposeExchange(
            to_seat=1,
            give=A.Give(zone="hand", card_id="9C-1"),
            want=A.Want(zone="row", card_id="5H-1"),
        ),
    )
    mine = "**Your offers:** offer 1, {s0} → {s1}: 9♣ (hand) for their 5♥"
    assert own(hidden, 0) == own(hidden, 1) == [mine]
    assert own(hidden, 2) == []
    assert "9♣" not in GAME.text.describe(GAME.observe(hidden, None))


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_heuristic_agents_finish_games(seats: int) -> None:
    agents = [GAME.agents["heuristic"]() for _ in range(seats)]
    result = play_out(GAME, seats, "h", agents)
    assert result.outcome is not None and result.outcome.group_score is not None


@pytest.mark.parametrize("seats", [1, 3])
def test_tn9_the_days_draws_are_one_line_and_each_player_learns_their_card(seats: int) -> None:
    """TN-9: at dawn everyone draws, said once ("Everyone draws a card.", alone "{s0} draws a
    card."); the card itself only to its drawer."""
    agents = [GAME.agents["heuristic"]() for _ in range(seats)]
    dawns = 0
    for step in seeded_steps(GAME, "draws/1", agents):
        said = [e.text for e in step.events if e.public]
        if any(x.startswith("☀️ Day ") for x in said):
            dawns += 1
            drew = [x for x in said if "draws a card" in x or "draw a card" in x]
            assert drew == (["Everyone draws a card."] if seats > 1 else ["{s0} draws a card."])
            private = [e for e in step.events if not e.public and e.text.startswith("You draw ")]
            assert sorted(s for e in private for s in e.visible_to or ()) == list(range(seats))
    assert dawns >= 2

"""The shared playing-card module: ids, notation, labels, colours and canonical decks."""

from __future__ import annotations

import pytest

from rules.cards import card, deck_ids, decks, is_card_id, label, matches, parse_compact


def test_card_ids_name_rank_suit_and_deck() -> None:
    c = card("10D-2")
    assert (c.rank, c.suit, c.deck, c.id) == ("10", "D", 2, "10D-2")


def test_joker_ids_carry_deck_and_letter_and_have_no_suit_or_colour() -> None:
    j = card("JOKER-2b")
    assert (j.rank, j.suit, j.colour, j.deck, j.joker, j.id) == (
        "JOKER",
        None,
        None,
        2,
        "b",
        "JOKER-2b",
    )


def test_spades_and_clubs_are_black_hearts_and_diamonds_red() -> None:
    assert [card(f"5{s}-1").colour for s in "SCHD"] == ["black", "black", "red", "red"]


def test_labels_use_suit_symbols_and_joker() -> None:
    assert [label(i) for i in ("7H-1", "QS-1", "10D-2", "JOKER-1a")] == ["7♥", "Q♠", "10♦", "Joker"]


def test_compact_notation_drops_the_deck() -> None:
    assert [card(i).compact for i in ("7H-2", "QS-1", "JOKER-1b")] == ["7H", "QS", "JK"]


def test_one_deck_is_54_cards_in_canonical_order() -> None:
    ids = deck_ids(1)
    assert len(ids) == 54 and len(set(ids)) == 54
    assert ids[:3] == ["AS-1", "2S-1", "3S-1"]
    assert ids[12:14] == ["KS-1", "AH-1"]
    assert ids[-3:] == ["KC-1", "JOKER-1a", "JOKER-1b"]


def test_two_decks_put_deck_one_first_and_have_unique_ids() -> None:
    ids = deck_ids(2)
    assert len(set(ids)) == 108
    assert ids[53] == "JOKER-1b" and ids[54] == "AS-2"


def test_rank_numbers_run_ace_one_to_king_thirteen() -> None:
    assert [c.number for c in decks(1)[:13]] == list(range(1, 14))


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("7H", ("7", "H")),
        ("7♥", ("7", "H")),
        ("10d", ("10", "D")),
        ("qs", ("Q", "S")),
        ("JK", ("JOKER", None)),
        ("Joker", ("JOKER", None)),
        ("ace of spades", ("A", "S")),
    ],
)
def test_typed_notation_is_parsed_case_and_symbol_insensitively(
    typed: str, expected: object
) -> None:
    assert parse_compact(typed) == expected


def test_text_that_names_no_card_parses_to_none() -> None:
    assert parse_compact("11H") is None and parse_compact("ready") is None


def test_a_card_matches_its_id_its_compact_form_and_its_label() -> None:
    assert matches("7H-2", "7H-2") and matches("7H-2", "7h") and matches("7H-2", "7♥")
    assert not matches("7H-2", "7D")


def test_invalid_ids_are_refused() -> None:
    assert not is_card_id("7X-1")
    with pytest.raises(ValueError):
        card("7X-1")

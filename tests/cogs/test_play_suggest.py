"""`/play`'s autocomplete follows the panel's choice path (`cogs.play.suggest`): the top steps
first, a picked step's options next, every suggestion narrowed by the words typed, and a move
always filled in as its whole label, which `/play` reads exactly as before."""

from __future__ import annotations

from cogs.play import suggest
from rules.choices import Choice, Node

LABELS = ("Play Snowball (heat 3)", "Play Rags (heat 1)", "End turn", "Give Rags to Bo")


def tree() -> Node:
    cards = Node(
        Choice("Play a card"),
        [Node(Choice("Snowball"), index=0), Node(Choice("Rags"), index=1)],
    )
    give = Node(Choice("Give a card"), [Node(Choice("Rags to Bo"), index=3)])
    return Node(None, [cards, Node(Choice("End turn", style="quiet"), index=2), give])


def test_nothing_typed_suggests_the_top_steps_only() -> None:
    assert suggest(tree(), LABELS, "") == [
        ("Play a card …", "Play a card"),
        ("End turn", "End turn"),
        ("Give a card …", "Give a card"),
    ]


def test_a_picked_step_suggests_its_own_options_each_filled_in_as_the_whole_move() -> None:
    assert suggest(tree(), LABELS, "Play a card") == [
        ("Play a card › Snowball", "Play Snowball (heat 3)"),
        ("Play a card › Rags", "Play Rags (heat 1)"),
    ]


def test_typed_words_narrow_over_every_step_and_the_moves_whole_labels() -> None:
    assert suggest(tree(), LABELS, "rags") == [
        ("Play a card › Rags", "Play Rags (heat 1)"),
        ("Give a card › Rags to Bo", "Give Rags to Bo"),
    ]
    assert suggest(tree(), LABELS, "heat 3") == [
        ("Play a card › Snowball", "Play Snowball (heat 3)")
    ]
    assert suggest(tree(), LABELS, "nothing like it") == []


def test_at_most_twenty_five_suggestions_each_within_discords_hundred_characters() -> None:
    many = Node(None, [Node(Choice(f"Move {n} " + "x" * 120), index=n) for n in range(40)])
    labels = tuple(f"Move {n} " + "y" * 150 for n in range(40))
    found = suggest(many, labels, "move")
    assert len(found) == 25
    assert all(len(name) <= 100 and len(value) <= 100 for name, value in found)

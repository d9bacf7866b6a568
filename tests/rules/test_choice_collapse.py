"""A step offering one option only is skipped below the top of the choice tree
(`rules.choice_collapse`): one click less, nothing lost, and a kind's button never plays a move
by surprise."""

from __future__ import annotations

from rules.choices import Node, build, find, option


def labels(node: Node) -> list[str]:
    return [child.label for child in node.children]


def test_a_lone_step_in_the_middle_is_skipped_and_its_options_come_up_a_step() -> None:
    kind, card = option("Heal a person"), option("8♠ (position 2, injured)")
    tree = build([(kind, card, option("Discard 3♥")), (kind, card, option("Replace with A♥"))])
    heal = tree.children[0]
    assert heal.label == "Heal a person"
    assert labels(heal) == ["Discard 3♥", "Replace with A♥"]  # 2 clicks, not 3
    assert find(tree, 1) == [0, 1]


def test_a_lone_last_step_below_the_top_becomes_the_move_and_says_what_it_chose() -> None:
    kind = option("Move a card")
    one_way = option("Card L14", "1 way to move it")
    paths = [
        (kind, one_way, option("Spot A, turned down", "To H4, turned down: claims G4")),
        (kind, option("Card G3"), option("Spot A", "To E1")),
        (kind, option("Card G3"), option("Spot B", "To B5")),
        (kind, option("Card K9"), option("Remove K9", "Melts nothing", style="danger")),
    ]
    tree = build(paths)
    card = tree.children[0].children[0]
    assert card.index == 0 and card.label == "Card L14"
    assert card.choice is not None and card.choice.detail == "To H4, turned down: claims G4"
    assert labels(tree.children[0].children[1]) == ["Spot A", "Spot B"]  # a real choice stays
    removed = tree.children[0].children[2]
    assert removed.choice is not None and removed.index == 3
    assert removed.choice.detail == "Remove K9: Melts nothing"  # a step's own words are kept
    assert removed.choice.style == "danger"


def test_a_kind_with_one_move_still_opens_its_step_and_long_details_are_clipped() -> None:
    tree = build([(option("Put a counter"), option("Spot A", "Square E11")), (option("Draw"),)])
    counter = tree.children[0]
    assert counter.index is None and labels(counter) == ["Spot A"]  # never a move by surprise
    deep = build(
        [
            (option("Kind"), option("Only", "x" * 90), option("Last", "y" * 98)),
            (option("Kind"), option("Other")),
        ]
    )
    only = deep.children[0].children[0]
    assert only.index == 0 and only.choice is not None and len(only.choice.detail) == 100

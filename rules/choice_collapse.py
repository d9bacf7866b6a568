"""One click less where a step would offer one option only (`collapse`, run by `choices.build`).

A step with a single option is a click that chooses nothing: Cold Comfort's "Host a guest" when
one empty hotel can take a camper, The 10th Night's heal of the one injured person, Winter's
card that can move one way only. Below the top of the tree such a step is skipped: the option
above it leads straight to what comes after it, and when what comes after is the move itself,
that option makes the move, saying in its detail what the skipped step said. The top step (the
kinds of move, "Play a card…", "End turn") is never turned into a move: a button that opened a
menu keeps opening one, so a player never plays by surprise what they meant to look at."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

_SPOT = re.compile(r"^Spot [A-Y]\b")
"""A spot's label on a hint picture: meaningless once the step that showed the picture goes
(its detail says the place in words)."""
MAX_DETAIL = 100  # `rules.choices.MAX_DETAIL`: Discord's option description


Node = Any
"""`rules.choices.Node` (which imports this module, so it is not imported back)."""


def collapse(root: Node) -> None:
    """Skip, in place, every step below the top that offers one option only (module doc)."""
    _collapse(root, top=True)


def _collapse(node: Node, *, top: bool) -> None:
    for at, child in enumerate(node.children):
        while child.index is None and len(child.children) == 1:
            only = child.children[0]
            if only.index is not None and top:
                break  # a kind's button keeps opening its menu
            child = _merged(child, only)
            node.children[at] = child
        _collapse(child, top=False)


def _merged(upper: Node, lower: Node) -> Node:
    """`upper`, its one option `lower` chosen: `lower`'s options (or move) under `upper`'s name."""
    if lower.index is None:
        return replace(upper, children=lower.children)
    assert upper.choice is not None and lower.choice is not None
    said = "" if _SPOT.match(lower.choice.label) else lower.choice.label
    detail = ": ".join(part for part in (said, lower.choice.detail) if part)
    if len(detail) > MAX_DETAIL:
        detail = detail[: MAX_DETAIL - 1].rstrip() + "…"
    style = lower.choice.style if lower.choice.style != "move" else upper.choice.style
    choice = replace(upper.choice, detail=detail, style=style)
    return replace(upper, choice=choice, children=[], index=lower.index)

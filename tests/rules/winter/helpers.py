"""Builders for explicit Winter positions, written as the spec's tables are."""

from __future__ import annotations

import random
from typing import Any

from rules.winter import GAME
from rules.winter.actions import Colour, WinterAction
from rules.winter.rules_cards import CARD_TYPE
from rules.winter.rules_geometry import Cell, frame, label_cell
from rules.winter.state import PlacedCard, PlacedCounter, WinterState

DARK_LIGHT: tuple[Colour | None, Colour | None] = ("dark", "light")

CardSpec = tuple[int, int, int, str]  # (row, col, type, orientation)


def cards_of(specs: list[CardSpec]) -> tuple[PlacedCard, ...]:
    """Give each card the next unused id of its type."""
    used: set[int] = set()
    out = []
    for r, c, kind, orientation in specs:
        card_id = min(i for i, t in CARD_TYPE.items() if t == kind and i not in used)
        used.add(card_id)
        out.append(PlacedCard(card_id=card_id, row=r, col=c, orientation=orientation))  # type: ignore[arg-type]
    return tuple(sorted(out, key=lambda k: (k.row, k.col)))


START = WinterState(
    first_player=0, active=0, phase="thawing", deck=(), cards=(), colours=DARK_LIGHT, supply=(9, 9)
)
"""What a constructed position holds unless it says otherwise: seat 0 (dark) to act in the thawing
phase, no deck, nine counters each."""


def position(
    cards: list[CardSpec],
    counters: list[tuple[int, int, Colour]] = (),  # type: ignore[assignment]
    **fields: Any,
) -> WinterState:
    """`START` with these cards and counters and any other `WinterState` fields, validated."""
    placed = tuple(PlacedCounter(row=r, col=c, colour=k) for r, c, k in sorted(counters))
    return WinterState.model_validate(
        {**dict(START), "cards": cards_of(cards), "counters": placed, **fields}
    )


def ending(state: WinterState) -> tuple[tuple[int, ...], str, tuple[int, int]]:
    """(winners, reason, scores) of a game that has ended."""
    assert state.result is not None
    return state.result.winners, state.result.reason, state.result.scores


def at(state: WinterState, label: str) -> Cell:
    """The cell a label names in this state's frame."""
    cell = label_cell(label, frame((c.row, c.col) for c in state.cards))
    assert cell is not None
    return cell


def play(state: WinterState, seat: int, typed: str) -> WinterState:
    """Parse a typed command and apply it, as a player in the channel would."""
    action: WinterAction = GAME.text.parse(state, seat, typed)
    return GAME.apply(state, seat, action, random.Random(0)).state


def labels(state: WinterState, seat: int, kind: str) -> list[str]:
    """Labels without a move's ", claims …" note (its own test checks it against the play)."""
    found = [GAME.text.label(state, a) for a in GAME.legal_actions(state, seat) if a.type == kind]
    return [label.partition(", claims ")[0] for label in found]


def anchors(state: WinterState) -> list[Cell]:
    return [(c.row, c.col) for c in state.cards]


# Position R (spec §12): thawing, seat 1 (dark) to act, supply {1: 8, 2: 7}, thaw_turns 10.
R_CARDS: list[CardSpec] = [
    (0, 0, 6, "up"),
    (0, 2, 8, "up"),
    (2, 1, 6, "down"),
    (4, 1, 6, "up"),
    (0, 4, 6, "up"),
    (0, 6, 2, "down"),
    (0, 8, 2, "up"),
]
R_COUNTERS: list[tuple[int, int, Colour]] = [(1, 1, "dark"), (3, 1, "light"), (0, 7, "light")]


def position_r(**changes: Any) -> WinterState:
    return position(
        R_CARDS, R_COUNTERS, **{"supply": (8, 7), "thaw_turns": 10, "active": 0, **changes}
    )

"""Builders for constructed Coldest Night states (spec §12: "constructed states for tests")."""

from __future__ import annotations

import random
from typing import Any

from rules.coldest_night import GAME
from rules.coldest_night.data import CARDS, FROST, TOKEN_ORDER
from rules.coldest_night.state import ColdestNightState
from rules.core import Step
from rules.engine import Engine

ENGINE = Engine(GAME)
_BY_NAME = {c.name: c.id for c in CARDS.values() if c.kind != "fire_dwindles"}
_FROST_BY_NAME = {f.name: f.id for f in FROST.values()}


def cid(name: str) -> str:
    """Card id from a card name ("Teddy Bear" → "K07"); Fire Dwindles ids pass through."""
    return name if name.startswith("FD") else _BY_NAME[name]


def fid(name: str) -> str:
    """Frostbite id from its name ("Memory Loss" → "F02"); use ids for the two Blue Lips."""
    return name if name.startswith("F") and name[1:].isdigit() else _FROST_BY_NAME[name]


def ids(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(cid(n) for n in names)


def make(
    *,
    n: int = 2,
    pit: list[str] = ("Logs", "Newspaper", "Match"),  # type: ignore[assignment]
    hands: list[list[str]] | None = None,
    deck: list[str] | None = None,
    frostbite: dict[int, list[str]] | None = None,
    tokens: dict[str, str] | None = None,
    frost_deck: list[str] | None = None,
    active: int = 0,
    turn: int = 2,
    **extra: Any,
) -> ColdestNightState:
    """A standard (or solo, n=1) state in phase `main` with everything named as in the spec."""
    hands = hands if hands is not None else [[] for _ in range(n)]
    frost = frostbite or {}
    used = {fid(f) for fs in frost.values() for f in fs}
    fdeck = (
        tuple(fid(f) for f in frost_deck)
        if frost_deck is not None
        else tuple(f for f in sorted(FROST) if f not in used)
    )
    state_tokens = dict.fromkeys(TOKEN_ORDER, "supply")
    state_tokens.update(tokens or {})
    fields: dict[str, Any] = {
        "variant": "solo" if n == 1 else "standard",
        "num_players": n,
        "turn": turn,
        "active_seat": active,
        "phase": "main",
        "pit": ids(pit),
        "deck": ids(deck or []),
        "frost_deck": fdeck,
        "hands": tuple(ids(h) for h in hands),
        "frostbite": tuple(tuple(fid(f) for f in frost.get(s, [])) for s in range(n)),
        "tokens": state_tokens,
    }
    fields.update(extra)
    return ColdestNightState.model_validate(fields)


def act(state: ColdestNightState, seat: int, action: Any) -> Step[ColdestNightState]:
    """Apply through the engine, so illegal moves raise as they would at a table."""
    ENGINE.check(state, seat, action)
    return GAME.apply(state, seat, action, random.Random(0))


def play(state: ColdestNightState, seat: int, text: str) -> ColdestNightState:
    """Parse typed text for `seat` and apply it."""
    return act(state, seat, GAME.text.parse(state, seat, text)).state


def pit_names(state: ColdestNightState) -> list[str]:
    return [CARDS[c].name if CARDS[c].kind != "fire_dwindles" else c for c in state.pit]


def hand_names(state: ColdestNightState, seat: int) -> list[str]:
    return [CARDS[c].name for c in state.hands[seat]]


def heat(state: ColdestNightState) -> int:
    return GAME.observe(state, None).heat_total


def labels(state: ColdestNightState, seat: int) -> list[str]:
    return [GAME.text.label(state, a) for a in GAME.legal_actions(state, seat)]


def turn_end(**changes: Any) -> ColdestNightState:
    """Seat 0 to play Egg Carton and end the turn: the Fire Dies Down then leaves
    [Egg Carton 1, Tablecloth 2, Floorboards 3] (fields in `changes` replace the defaults)."""
    fields: dict[str, Any] = {
        "pit": ["Tablecloth", "Floorboards", "Picture Frame"],
        "hands": [["Egg Carton", "Rug"], ["Rags"]],
        "deck": ["Lace Doily", "Wool Sweater"],
    }
    return make(**{**fields, **changes})


def scavenged(
    hands: list[list[str]], frostbite: dict[int, list[str]] | None = None
) -> ColdestNightState:
    """Seat 0 (of as many seats as `hands` has) has just scavenged Teddy Bear, Nightgown and Lace
    Doily (in that order) from a pit of Logs, Newspaper, Match and Rug."""
    state = make(
        n=len(hands),
        pit=["Logs", "Newspaper", "Match", "Rug"],
        hands=hands,
        frostbite=frostbite,
        deck=["Teddy Bear", "Nightgown", "Lace Doily"],
    )
    return play(state, 0, "scavenge")

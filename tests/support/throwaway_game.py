"""Thin Ice: a small, complete two-player game in one file, registered at run time by the tests
that prove a new game needs no edit anywhere else (`tests/test_new_game.py`).

Nine cards, worth 1 to 9, are shuffled; each player holds three (a secret hand) and the rest stay
face down. In turn, a player lays one card from their hand on the ice, adding its value to the
ice's load, then draws from the face-down cards while any are left. Whoever takes the load past
the ice's limit (15 unless the table says otherwise) breaks it and loses; the other player wins.
All nine cards are worth 45, more than any limit allows, so every game ends within nine moves.

It follows the checklist of docs/DESIGN.md ("Adding a game") and nothing more: a `BaseGame`
subclass with its record (`GameInfo`: two players, competitive, hidden information, chance at the
set-up only), options (with a declared variant), state, actions, views, a random and a heuristic
player, the secrets and hidden values its record calls for, and its text object (`GameText`):
labels and typed notation, board text and rules text, its words for the end. No board picture,
no clock, free talk, no fast path: the framework's defaults serve.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, TypeAdapter

from rules.agents import RandomAgent
from rules.core import (
    BaseGame,
    Chance,
    EndWords,
    Event,
    Frozen,
    GameInfo,
    GameText,
    Information,
    Options,
    Outcome,
    Play,
    Seat,
    Step,
    seat_ref,
)
from rules.errors import ParseError

KEY = "test_thin_ice"  # `test_…`: a key no shipped game can have (rules/__init__.py)
HAND = 3
CARDS: dict[str, tuple[str, int]] = {  # card id → (name, value)
    f"ice-card-{value}": (name, value)
    for value, name in enumerate(
        (
            "Snowflake",
            "Icicle",
            "Sleet",
            "Hailstone",
            "Snowdrift",
            "Flurry",
            "Squall",
            "Blizzard",
            "Avalanche",
        ),
        start=1,
    )
}


def value(card: str) -> int:
    return CARDS[card][1]


def card_words(card: str) -> str:
    """A card as players read it: "Blizzard (8)"."""
    name, worth = CARDS[card]
    return f"{name} ({worth})"


class IceOptions(Options):
    limit: int = Field(default=15, ge=5, le=40)
    variants: ClassVar[tuple[dict[str, Any], ...]] = ({"limit": 5},)


class IceState(Frozen):
    hands: tuple[tuple[str, ...], ...]  # card ids, by seat
    deck: tuple[str, ...]  # face down, drawn from the front
    pile: tuple[str, ...] = ()  # laid on the ice, oldest first
    load: int = 0
    limit: int
    active: Seat = 0
    broke: Seat | None = None


class Lay(Frozen):
    type: Literal["lay"] = "lay"
    card: str


class IcePublic(Frozen):
    load: int
    limit: int
    pile: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    face_down: int
    active: Seat
    broke: Seat | None


class IcePrivate(IcePublic):
    seat: Seat
    hand: tuple[str, ...]


class Careful:
    """The heuristic: the highest card the ice still holds, else the lowest."""

    name = "heuristic"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        room = observation.limit - observation.load
        safe = [a for a in legal if value(a.card) <= room]
        if safe:
            return max(safe, key=lambda a: value(a.card))
        return min(legal, key=lambda a: value(a.card))


class IceText(GameText[IceState, Lay, IcePublic]):
    """Thin Ice's words: labels and typed moves, the board and the rules, its end."""

    end_words = EndWords(reasons={"broke_the_ice": "{losers} broke the ice"}, scores=None)
    notation_guide = "`lay 8` (a card by its value) or the card's name: `blizzard`."

    def label(self, state: IceState, action: Lay) -> str:
        return f"Lay {card_words(action.card)}"

    def parse_among(self, state: IceState, seat: Seat, text: str, legal: Sequence[Lay]) -> Lay:
        words = text.strip().casefold().removeprefix("lay").strip()
        if re.fullmatch(r"[0-9]{1,2}", words):
            for action in legal:
                if value(action.card) == int(words):
                    return action
            raise ParseError(f"You hold no card worth {words}.")
        return super().parse_among(state, seat, text, legal)  # the card's name: its label

    def describe(self, observation: IcePublic) -> str:
        o = observation
        lines = [f"**Load on the ice**: {o.load} of {o.limit}"]
        if o.pile:
            lines.append(f"On the ice: {', '.join(card_words(c) for c in o.pile)}")
        lines.append(f"Cards in hand: {{s0}} {o.hand_sizes[0]}, {{s1}} {o.hand_sizes[1]}")
        lines.append(f"Face down: {o.face_down}")
        if o.broke is not None:
            lines.append(f"Game over: {{s{o.broke}}} broke the ice.")
        else:
            lines.append(f"Next: {{s{o.active}}}")
        if isinstance(o, IcePrivate):
            lines.append(f"Your hand: {', '.join(card_words(c) for c in o.hand) or 'empty'}")
        return "\n".join(lines)

    def rules_text(self) -> str:
        return (
            "Thin Ice: nine cards worth 1 to 9; each player holds three. In turn, lay a card on "
            "the ice (its value adds to the load), then draw while face-down cards are left. "
            "Whoever takes the load past the ice's limit breaks it and loses."
        )


class ThinIce(BaseGame[IceState, Lay, IcePublic]):
    key = KEY
    title = "Thin Ice"
    pitch = "Lay cards on the ice; whoever breaks it loses."
    info = GameInfo(
        players=(2, 2),
        play=Play.COMPETITIVE,
        information=Information.HIDDEN,  # the hands; the face-down cards' order
        chance=Chance.SETUP,  # the shuffle: no move draws from its rng
    )
    options_model = IceOptions
    state_model = IceState
    action_model: TypeAdapter[Lay] = TypeAdapter(Lay)
    text_model = IceText
    agents = {"random": RandomAgent, "heuristic": Careful}

    # required -------------------------------------------------------------------------------
    def setup(self, seats: int, options: IceOptions, rng: random.Random) -> Step[IceState]:
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = tuple(tuple(sorted(deck[n * HAND : (n + 1) * HAND], key=value)) for n in range(2))
        state = IceState(hands=hands, deck=tuple(deck[2 * HAND :]), limit=options.limit)
        events = [Event(text=f"The ice holds up to {options.limit}. {seat_ref(0)} begins.")]
        events += [
            Event(
                text=f"Your hand: {', '.join(card_words(c) for c in hand)}.",
                visible_to=frozenset({seat}),
            )
            for seat, hand in enumerate(hands)
        ]
        return Step(state, tuple(events))

    def to_act(self, state: IceState) -> frozenset[Seat]:
        return frozenset() if state.broke is not None else frozenset({state.active})

    def legal_actions(self, state: IceState, seat: Seat) -> Sequence[Lay]:
        if state.broke is not None or seat != state.active:
            return []
        return [Lay(card=card) for card in state.hands[seat]]

    def apply(self, state: IceState, seat: Seat, action: Lay, rng: random.Random) -> Step[IceState]:
        hand = [c for c in state.hands[seat] if c != action.card]
        load = state.load + value(action.card)
        broke = seat if load > state.limit else None
        deck = state.deck
        events = []
        if broke is not None:
            words = f"breaks the ice at {load}"
        else:
            words = f"the ice holds at {load} of {state.limit}"
        events.append(Event(text=f"{seat_ref(seat)} lays {card_words(action.card)}: {words}."))
        if broke is None and deck:
            hand.append(deck[0])
            events.append(
                Event(text=f"You draw {card_words(deck[0])}.", visible_to=frozenset({seat}))
            )
            deck = deck[1:]
        hands = list(state.hands)
        hands[seat] = tuple(sorted(hand, key=value))
        new = state.model_copy(
            update={
                "hands": tuple(hands),
                "deck": deck,
                "pile": (*state.pile, action.card),
                "load": load,
                "active": 1 - seat,
                "broke": broke,
            }
        )
        return Step(new, tuple(events))

    def observe(self, state: IceState, seat: Seat | None) -> IcePublic:
        public: dict[str, Any] = {
            "load": state.load,
            "limit": state.limit,
            "pile": state.pile,
            "hand_sizes": tuple(len(hand) for hand in state.hands),
            "face_down": len(state.deck),
            "active": state.active,
            "broke": state.broke,
        }
        if seat is None:
            return IcePublic(**public)
        return IcePrivate(**public, seat=seat, hand=state.hands[seat])

    def outcome(self, state: IceState) -> Outcome | None:
        if state.broke is None:
            return None
        return Outcome(
            winners=frozenset({1 - state.broke}),
            reason="broke_the_ice",
            details={"load": state.load, "broke": state.broke},
        )

    # optional hooks -------------------------------------------------------------------------
    def secrets(self, state: IceState, seat: Seat) -> frozenset[str]:
        return frozenset(state.hands[seat])

    def hidden(self, state: IceState) -> frozenset[str]:
        return frozenset(state.deck)


THIN_ICE = ThinIce()

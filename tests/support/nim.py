"""A tiny game for testing the service and the Discord layer without a real game's rules.

Nim: take 1–3 stones in turn; whoever takes the last stone wins. Each seat holds a secret word
(to test that private views stay private) and, while `silent` is set, may not chat.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from rules.agents import RandomAgent
from rules.core import (
    FREE_CHAT,
    BaseGame,
    ChatPolicy,
    Event,
    Frozen,
    GameText,
    Options,
    Outcome,
    Seat,
    Step,
    seat_ref,
)
from rules.errors import ParseError


class NimOptions(Options):
    stones: int = Field(default=10, ge=1, le=99)
    no_numbers: bool = False


class NimState(Frozen):
    seats: int
    stones: int
    active: int
    secrets: tuple[str, ...]
    winner: int | None = None
    no_numbers: bool = False


class Take(Frozen):
    type: Literal["take"] = "take"
    count: int


class Shout(Frozen):
    type: Literal["shout"] = "shout"


NimAction = Annotated[Take | Shout, Field(discriminator="type")]


class NimPublic(Frozen):
    stones: int
    active: int
    to_act: list[int]


class NimPrivate(NimPublic):
    seat: int
    secret: str


class Greedy:
    name = "heuristic"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        takes = [a for a in legal if isinstance(a, Take)]
        for action in takes:
            if (observation.stones - action.count) % 4 == 0:
                return action
        return takes[0]


class NimText(GameText[NimState, Any, NimPublic]):
    def label(self, state: NimState, action: Any) -> str:
        return "Shout" if isinstance(action, Shout) else f"Take {action.count}"

    def parse_among(self, state: NimState, seat: Seat, text: str, legal: Sequence[Any]) -> Any:
        if text.strip().isdigit() and len(text.strip()) < 10:
            wanted = Take(count=int(text))
            if wanted in legal:
                return wanted
            raise ParseError(f"You cannot take {text} now.")
        return super().parse_among(state, seat, text, legal)  # a label

    def describe(self, observation: Any) -> str:
        text = f"Stones left: {observation.stones}. Next: {{s{observation.active}}}."
        if isinstance(observation, NimPrivate):
            text += f"\nYour secret word: {observation.secret}"
        return text

    def rules_text(self) -> str:
        return "Take 1 to 3 stones; whoever takes the last stone wins."


class Nim(BaseGame[NimState, Any, NimPublic]):
    key = "test_nim"
    title = "Nim"
    pitch = "Take the last stone."
    min_seats = 1
    max_seats = 4
    options_model = NimOptions
    state_model = NimState
    action_model: TypeAdapter[Any] = TypeAdapter(NimAction)
    text_model = NimText
    agents = {"random": RandomAgent, "heuristic": Greedy}

    def setup(self, seats: int, options: NimOptions, rng: random.Random) -> NimState:
        words = tuple(f"secret{rng.randrange(10**6):06d}s{n}" for n in range(seats))
        return NimState(
            seats=seats,
            stones=options.stones,
            active=0,
            secrets=words,
            no_numbers=options.no_numbers,
        )

    def to_act(self, state: NimState) -> frozenset[Seat]:
        return frozenset() if state.winner is not None else frozenset({state.active})

    def awaiting(self, state: NimState) -> frozenset[Seat]:
        return self.to_act(state)

    def legal_actions(self, state: NimState, seat: Seat) -> Sequence[Any]:
        if seat != state.active or state.winner is not None:
            return []
        return [Take(count=n) for n in range(1, min(3, state.stones) + 1)] + [Shout()]

    def apply(self, state: NimState, seat: Seat, action: Any, rng: random.Random) -> Step[NimState]:
        if isinstance(action, Shout):
            return Step(
                state,
                (
                    Event(text=f"{seat_ref(seat)} shouts.", visible_to=None),
                    Event(text=f"Your word is {state.secrets[seat]}", visible_to=frozenset({seat})),
                ),
            )
        stones = state.stones - action.count
        winner = seat if stones == 0 else None
        new = state.model_copy(
            update={"stones": stones, "winner": winner, "active": (seat + 1) % state.seats}
        )
        return Step(new, (Event(text=f"{seat_ref(seat)} takes {action.count}."),))

    def observe(self, state: NimState, seat: Seat | None) -> NimPublic:
        public = {
            "stones": state.stones,
            "active": state.active,
            "to_act": sorted(self.to_act(state)),
        }
        if seat is None:
            return NimPublic(**public)
        return NimPrivate(**public, seat=seat, secret=state.secrets[seat])

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(
            winners=frozenset({state.winner}),
            reason="last_stone",
            scores={s: int(s == state.winner) for s in range(state.seats)},
        )

    def chat_policy(self, state: NimState, seat: Seat) -> ChatPolicy:
        if state.winner is None and state.no_numbers:
            return ChatPolicy(mode="no_numbers", allowed_numbers=frozenset({state.stones}))
        return FREE_CHAT

    def secrets(self, state: NimState, seat: Seat) -> frozenset[str]:
        return frozenset({state.secrets[seat]})

    def is_secret(self, state: NimState, action: Any) -> bool:
        """A shout is a secret move here, to test that it is refused when typed in public."""
        return isinstance(action, Shout)


NIM = Nim()

"""A tiny secret-ballot game for testing the protocol hooks a game like Dead of Winter needs.

Every seat is dealt a private role at set-up (a private set-up event), then all seats vote `yes` or
`no` at once. Ballots are secret (`is_secret`), nobody sees a ballot before the last one is cast
(`hidden`), and a `vote_seconds` clock casts `no` for every seat still missing (one `Timer` acting
for several seats). The vote passes with a majority of yes; each seat's own result says whether the
outcome matched its role.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from rules.agents import RandomAgent
from rules.core import (
    BaseGame,
    Event,
    Frozen,
    GameText,
    Options,
    Outcome,
    Seat,
    SeatResult,
    Step,
    Timer,
    seat_ref,
)


class BallotOptions(Options):
    vote_seconds: int | None = Field(default=None, ge=1)


class BallotState(Frozen):
    seats: int
    roles: tuple[str, ...]  # "for" or "against": secret to each seat
    ballots: tuple[str | None, ...]
    passed: bool | None = None
    vote_seconds: int | None = None


class Vote(Frozen):
    type: Literal["vote"] = "vote"
    choice: Literal["yes", "no"]


BallotAction = Annotated[Vote, Field(discriminator="type")]


class BallotView(Frozen):
    voted: tuple[bool, ...]
    passed: bool | None
    ballots: tuple[str | None, ...] | None = None  # shown once the vote is over


class BallotPrivate(BallotView):
    seat: int
    role: str
    my_ballot: str | None


class BallotText(GameText[BallotState, Any, BallotView]):
    def label(self, state: BallotState, action: Any) -> str:
        return f"Vote {action.choice}"

    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        verdict = "passed" if outcome.reason == "passed" else "failed"
        happy = [names[r.seat] for r in outcome.results if r.met]
        return f"The vote {verdict}. Pleased: {', '.join(happy) or 'nobody'}."

    def describe(self, observation: BallotView) -> str:
        votes = sum(observation.voted)
        text = f"{votes} of {len(observation.voted)} have voted."
        if isinstance(observation, BallotPrivate):
            text += f"\nYour role: {observation.role}."
        return text

    def rules_text(self) -> str:
        return "Vote yes or no in secret; a majority of yes passes."


class BallotGame(BaseGame[BallotState, Any, BallotView]):
    key = "test_ballot"
    title = "Ballot"
    pitch = "Everyone votes in secret."
    min_seats = 1
    max_seats = 5
    options_model = BallotOptions
    state_model = BallotState
    action_model: TypeAdapter[Any] = TypeAdapter(BallotAction)
    text_model = BallotText
    agents = {"random": RandomAgent, "heuristic": RandomAgent}

    def setup(self, seats: int, options: BallotOptions, rng: random.Random) -> Step[BallotState]:
        roles = tuple(rng.choice(("for", "against")) for _ in range(seats))
        state = BallotState(
            seats=seats, roles=roles, ballots=(None,) * seats, vote_seconds=options.vote_seconds
        )
        dealt = tuple(
            Event(text=f"Your role: {role}", visible_to=frozenset({seat}))
            for seat, role in enumerate(roles)
        )
        return Step(state, (Event(text="The ballot opens."), *dealt))

    def to_act(self, state: BallotState) -> frozenset[Seat]:
        if state.passed is not None:
            return frozenset()
        return frozenset(s for s, b in enumerate(state.ballots) if b is None)

    def legal_actions(self, state: BallotState, seat: Seat) -> Sequence[Any]:
        if seat not in self.to_act(state):
            return []
        return [Vote(choice="yes"), Vote(choice="no")]

    def apply(self, state: BallotState, seat: Seat, action: Any, rng: random.Random) -> Step[Any]:
        ballots = list(state.ballots)
        ballots[seat] = action.choice
        events = [Event(text=f"{seat_ref(seat)} has voted.")]
        passed = None
        if all(b is not None for b in ballots):
            passed = sum(b == "yes" for b in ballots) * 2 > len(ballots)
            shown = ", ".join(f"{seat_ref(s)} {b}" for s, b in enumerate(ballots))
            events.append(
                Event(text=f"Ballots: {shown}. The vote {'passes' if passed else 'fails'}.")
            )
        new = state.model_copy(update={"ballots": tuple(ballots), "passed": passed})
        return Step(new, tuple(events))

    def observe(self, state: BallotState, seat: Seat | None) -> BallotView:
        over = state.passed is not None
        public = {
            "voted": tuple(b is not None for b in state.ballots),
            "passed": state.passed,
            "ballots": state.ballots if over else None,
        }
        if seat is None:
            return BallotView(**public)
        return BallotPrivate(
            **public, seat=seat, role=state.roles[seat], my_ballot=state.ballots[seat]
        )

    def outcome(self, state: BallotState) -> Outcome | None:
        if state.passed is None:
            return None
        results = tuple(
            SeatResult(seat=s, kind=role, met=(role == "for") == state.passed, ref=role)
            for s, role in enumerate(state.roles)
        )
        return Outcome(
            winners=frozenset(r.seat for r in results if r.met),
            reason="passed" if state.passed else "failed",
            results=results,
            details={"yes": sum(b == "yes" for b in state.ballots)},
        )

    def secrets(self, state: BallotState, seat: Seat) -> frozenset[str]:
        return frozenset() if state.passed is not None else frozenset({f"role:{state.roles[seat]}"})

    def hidden(self, state: BallotState) -> frozenset[str]:
        if state.passed is not None:
            return frozenset()
        return frozenset(f"ballot:{b}" for b in state.ballots if b is not None)

    def timer(self, state: BallotState) -> Timer | None:
        if state.vote_seconds is None or state.passed is not None:
            return None
        missing = sorted(self.to_act(state))
        return Timer(
            key="vote",
            seconds=state.vote_seconds,
            moves=tuple((s, Vote(choice="no")) for s in missing),
        )

    def is_secret(self, state: BallotState, action: Any) -> bool:
        return isinstance(action, Vote)


BALLOT = BallotGame()

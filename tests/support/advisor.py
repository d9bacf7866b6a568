"""A small expert for Nim (an `Advisor`, like the search agents of `rules/search.py`), that a
test can hold in the middle of its choice: to show the bot keeps answering while an AI thinks.

`expert_nim(gate)` is a Nim game whose `expert` level asks `gate` before it answers: the
gate notes that a choice started (and in which thread, with which observation) and waits until
the test releases it. Without a gate it answers at once. Its pick is Nim's winning rule: leave the
next player a multiple of four stones."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Suggestion
from tests.support.nim import Nim, Take


@dataclass
class Gate:
    """Holds an expert mid-choice until `release` is set (events, never timings)."""

    started: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    threads: list[str] = field(default_factory=list)
    seen: list[Any] = field(default_factory=list)  # the observations it was given
    budgets: list[float] = field(default_factory=list)  # `seconds` when each choice began

    def wait(self, expert: NimExpert, observation: Any) -> None:
        self.threads.append(threading.current_thread().name)
        self.seen.append(observation)
        self.budgets.append(expert.seconds)
        self.started.set()
        if not self.release.wait(timeout=30):  # a safety net: a broken test must not hang
            raise RuntimeError("the test never released the expert")


class NimExpert:
    name = "expert"

    def __init__(self, gate: Gate | None = None) -> None:
        self.gate = gate
        self.seconds = 0.0  # the bot hands its move budget here

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self.suggest(observation, legal, rng).action

    def suggest(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Suggestion:
        if self.gate is not None:
            self.gate.wait(self, observation)
        takes = [action for action in legal if isinstance(action, Take)]
        for action in takes:
            left = observation.stones - action.count
            if left % 4 == 0:
                return Suggestion(
                    action=action,
                    reason=f"it leaves {left} stones, a multiple of four, for the next player",
                    win_chance=0.9,
                )
        return Suggestion(
            action=takes[0], reason="no take leaves a multiple of four", win_chance=0.25
        )


def expert_nim(gate: Gate | None = None) -> Nim:
    """A Nim game with the `expert` level (held by `gate`, if given)."""
    game = Nim()
    game.agents = {**Nim.agents, "expert": lambda: NimExpert(gate)}
    return game

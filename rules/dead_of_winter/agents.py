"""AI players for Dead of Winter: `random` and `heuristic`. Agents read only the observation and
the legal actions they are given; they never import the game or the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.agents import RandomAgent
from rules.core import Agent


class HeuristicAgent:
    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]


AGENTS: Mapping[str, Callable[[], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}

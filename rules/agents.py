"""Agents every game can use: `RandomAgent` picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomAgent:
    name = "random"
    reads_observation = False  # picks among the legal actions only: a playout skips observing

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:  # forced: the move's own generator need not be drawn from
            return legal_actions[0]
        return legal_actions[rng.randrange(len(legal_actions))]

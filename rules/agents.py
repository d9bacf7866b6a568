"""Agents every game can use: `RandomAgent` picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomAgent:
    name = "random"
    reads_observation = False  # picks among the legal actions only: a playout skips observing

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]

"""Agents every game can use: `RandomAgent` picks uniformly among the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class RandomAgent:
    name = "random"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]

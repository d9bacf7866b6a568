"""Winter AI players. Filled in below."""

from __future__ import annotations

from collections.abc import Callable

from rules.agents import RandomAgent
from rules.core import Agent

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "heuristic": RandomAgent}

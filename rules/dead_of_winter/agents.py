"""AI players for Dead of Winter: `random` and `heuristic`.

Agents read only their seat's observation and the legal actions they are handed; they never import
the game or the state. `HeuristicAgent` scores every legal action and plays the best:

- it feeds the colony before the colony phase would starve it, adds to the crisis exactly what it
  still lacks and then spare matching cards up to threshold + 2 (the +1 morale bonus), commits
  stash cards, heals, cleans waste;
- it sends survivors to the town deck whose public card mix (`DECK_COUNTS`) best covers what is
  needed now (the crisis symbol while the crisis is short, unmet stash symbols, Food when the
  colony will go hungry), with a Fuel card for a safe move when the card is not needed elsewhere;
- it plays the objective: colony attacks for M02's kills, attacks where a `zombies … <=` clause
  is unmet, and for M09 it holds the Hospital (survivors go and stay, kill the zombies there and
  barricade every space, 14.27);
- it plays for its own objective (issue 33, `agents_aim`): it holds back the main objective's last
  step while its own goal is one short and morale can take another round, keeps the last cards
  its goal counts once the end is near, and works toward its clauses (kills, equipment,
  Outsiders, unhurt survivors, where they stand); it always adds a card to a crisis before the
  table would call it suspicious;
- as a betrayer it plays round 1 as a loyal seat would (matching crisis cards, meals, cleaning),
  then turns: one wrong card into each crisis (never a matching one, so its count looks like
  everyone's), fewer meals, no cleaning, no stash, and never the main objective's last step; it
  votes and calls exiles by the same public rule as everyone else (a seat that has added no card
  to a crisis by round 3), so its ballots give nothing away.

Measured over 1,000 seeded games per setting (`python -m bench.bench_dead_of_winter --games
1000`; the table and the content changes that go with it are in `docs/games/dead_of_winter.md`,
"Balance"):
- co-op, 2 heuristic seats: colony wins: 49.9 % (lost by morale 41.2 %, by the round track 8.9 %)
- co-op, 3 heuristic seats: colony wins: 35.5 % (lost by morale 56.6 %, by the round track 7.9 %)
- co-op, 4 heuristic seats: colony wins: 40.6 % (lost by morale 54.9 %, by the round track 4.5 %)
- co-op, 5 heuristic seats: colony wins: 43.9 % (lost by morale 49.6 %, by the round track 6.5 %)
- standard game, 200 seeded games per setting (`--games 200 --only standard,betrayer`), before →
  after the agent played for its own objective (issue 33; the bench prints each with its 95 %
  interval): loyal seats met their secret objective 6.4 / 10.4 / 11.1 % → 10.0 /
  13.6 / 13.6 % at 3 / 4 / 5 seats (normal deal), 5.0 / 5.4 / 7.3 % → 8.5 / 8.2 / 10.7 %
  (`secret_deal=betrayer`); the betrayer met its goal 5.8 / 11.1 / 5.5 % → 32.6 / 33.3 / 31.9 %
  (normal) and 2.5 / 9.2 / 6.4 % → 36.4 / 34.4 / 28.7 % (betrayer deal), exiled in 0–3 % of
  them; a completed colony objective with nobody winning fell from 50 of 108 games to 18 of 96
  (3–5 seats, 100 games each). Co-op play is unchanged (no objectives: the same games, move
  for move).
- co-op, 4 seats: all random / 1 heuristic + 3 random / 3 heuristic + 1 random / all heuristic:
  0.0 % / 0.1 % / 8.2 % / 40.6 %
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.agents import RandomAgent
from rules.core import Agent
from rules.dead_of_winter.agents_moves import MoveScoring, option_value
from rules.dead_of_winter.agents_own import KEEP_PENALTY, OwnScoring
from rules.dead_of_winter.agents_reads import DECK_COUNTS, DECK_SYMBOLS, GOAL_SYMBOL

__all__ = [
    "AGENTS",
    "DECK_COUNTS",
    "DECK_SYMBOLS",
    "GOAL_SYMBOL",
    "KEEP_PENALTY",
    "HeuristicAgent",
    "RandomAgent",
    "option_value",
]


class HeuristicAgent:
    name = "heuristic"

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        o = observation
        best, best_score = legal_actions[0], -math.inf
        ctx = _Context(o)
        for a in legal_actions:
            score = ctx.score(a, rng) + rng.random() * 0.01
            if score > best_score:
                best, best_score = a, score
        return best


class _Context(MoveScoring, OwnScoring):
    """What the agent reads off its observation once per decision (`agents_reads`), and how it
    scores a move: the base game's scorers (`agents_moves`), the Long Night's (`agents_ln`), plus
    what its own objective adds (`agents_own`)."""

    def score(self, a: Any, rng: random.Random) -> float:
        fn: Callable[[Any, random.Random], float] | None = getattr(self, f"s_{a.type}", None)
        base = fn(a, rng) if fn is not None else 0.0
        return base if self.aim is None else base + self.aim_score(a)


AGENTS: Mapping[str, Callable[[], Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent}

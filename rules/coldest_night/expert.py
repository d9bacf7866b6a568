"""The Coldest Night's settings for the `expert` search agent (`rules.search`).

- Every legal move is a candidate (a turn offers at most a dozen or so).
- A lost rollout is worth a little for each piece of kindling it burned (up to 0.3): among moves
  that all lose in the rollouts, the one that kept the fire going longest is better.
- A decision where every move scored exactly alike in the first four worlds (a game already won or
  lost whatever is played) is left to the heuristic: it saves the rest of the budget.
- The reason names the fire the move leaves for the next player: "Leaves the fire at heat 7 with
  3 cards when {s1} takes over", and what the rollouts showed.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from rules.coldest_night.agents import HeuristicAgent
from rules.coldest_night.determinize import determinize
from rules.coldest_night.rules_turn import DWINDLES
from rules.core import Outcome, Seat, Working
from rules.search import Searched, Tuning, next_best, percent, plain_reason

__all__ = ["TUNING", "determinize"]


def _table(work: Working[Any, Any]) -> Any:
    """The rollout's `Table` (`game.TableInPlay`), or None on another working copy."""
    return getattr(work, "table", None)


def _kindling_left(t: Any) -> int:
    return (
        sum(1 for c in t.deck if c not in DWINDLES)
        + sum(len(h) for h in t.hands)
        + len(t.pool or ())
        + len(t.display)
    )


def value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    if outcome is not None and seat in outcome.winners:
        return 1.0
    t = _table(work)
    if t is None:
        return 0.0
    total = 43 if t.variant == "solo" else 50
    return 0.3 * (1.0 - _kindling_left(t) / total)


def note(work: Working[Any, Any], seat: Seat, o: Any) -> Hashable | None:
    """When the turn passes (or the game ends): the fire as the next player finds it."""
    t = _table(work)
    if t is None:
        return None
    if t.winners is not None:
        return ("over", t.end_reason or "")
    if t.active_seat == o.active_seat and t.turn == o.turn:
        return None
    return ("fire", t.heat_total(), len(t.pit), t.active_seat)


def explain(o: Any, s: Searched) -> str:
    c = s.chosen
    if c is None or not s.searched:
        return plain_reason(o, s)
    odds = f"the table went on to win {percent(c.win_rate)} of {c.rollouts} games played out"
    odds += " from here with the unseen cards dealt at random" + next_best(s)
    n = c.note
    if isinstance(n, tuple) and n[0] == "fire":
        _, heat, cards, nxt = n
        who = "for your next turn" if nxt == o.seat else f"when {{s{nxt}}} takes over"
        lead = f"Leaves the fire at heat {heat} with {cards} card{'s' if cards != 1 else ''}"
        return f"{lead} {who}; {odds}."
    if isinstance(n, tuple) and n[0] == "over" and n[1] == "morning":
        return f"Burns the last of the kindling: morning comes. {odds[0].upper()}{odds[1:]}."
    return f"The best of the moves tried: {odds}."


class RolloutHeuristic(HeuristicAgent):
    """The heuristic, move for move, with what it asks of an observation again and again (its
    hand's ids, its frostbite) read once a decision: rollouts spend most of their time in it."""

    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        o = observation
        self._ids = {c.id for c in o.hand}
        self._frost = {f.name for f in o.players[o.seat].frostbite}
        return super().choose(observation, legal_actions, rng)

    def _hand_ids(self, o: Any) -> set[str]:  # type: ignore[override]
        return self._ids

    def _can_play(
        self, o: Any, c: Any, pit: list[tuple[str, int]], boost: int, n_played: int
    ) -> bool:
        if len(pit) >= 4 or c.ash > sum(h for _, h in pit) + boost:
            return False
        frost = self._frost
        if not frost:
            return True
        if "Violent Shivering" in frost and c.heat % 2 == 0:
            return False
        return not ("Stiff Fingers" in frost and n_played >= 1)


TUNING = Tuning(
    value=value, note=note, explain=explain, max_candidates=16, settle=4, rollout=RolloutHeuristic
)

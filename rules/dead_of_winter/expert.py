"""Dead of Winter's settings for the `expert` search agent (`rules.search`).

- Worlds: `determinize`, given the seat's legal list too (it shows whom the seat has asked for a
  card this turn, which the observation leaves out). Only a move at the start of one of the
  active player's actions is searched; a search, vote, bite or choice inside an effect is played
  as the heuristic plays it (no world is dealt there).
- Candidates: the heuristic's pick and the moves it rates next best (a turn can offer hundreds:
  every die on every survivor at every place), at most `CANDIDATES`.
- A rollout plays the game to its end with heuristic players. A won game is worth 1; a lost one
  a little for how far the colony got toward its main objective (up to 0.2), so among moves that
  all lose the one that got further is better — except for a betrayer, for whom the colony's
  progress is no good.
- Another move is played instead of the heuristic's only when its rollouts beat it by 1.5
  standard errors, world by world (a round holds so much chance that smaller leads are noise).
- The reason names the colony's morale and main objective as the games played out left them.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from rules.core import Outcome, Seat, Working
from rules.dead_of_winter.agents import _Context
from rules.dead_of_winter.content import MAINS
from rules.dead_of_winter.determinize import determinize
from rules.dead_of_winter.rules_conditions import progress
from rules.search import Searched, Tuning, percent, plain_reason

__all__ = ["CANDIDATES", "TUNING", "determinize"]

CANDIDATES = 6
"""Moves searched a decision: the heuristic's pick and the next best by its own scores."""
PROGRESS = 0.2
"""What a lost rollout is worth at most, for the main objective's progress it reached."""


def candidates(o: Any, legal: Sequence[Any], pick: Any) -> list[Any]:
    """The legal moves the heuristic rates best, best first (scored with a fixed generator, so
    the list depends only on the observation and the legal list)."""
    ctx = _Context(o)
    rng = random.Random(0)
    scored = sorted(
        ((ctx.score(a, rng), n) for n, a in enumerate(legal)), key=lambda x: (-x[0], x[1])
    )
    return [legal[n] for _, n in scored[: CANDIDATES * 2]]


def _dict(work: Working[Any, Any]) -> dict[str, Any] | None:
    """The rollout's state dict (`game.DictInPlay`), or None on another working copy."""
    w = getattr(work, "w", None)
    return w if isinstance(w, dict) else None


def _main_progress(w: dict[str, Any]) -> float:
    """How far the main objective has got, 0–1: the mean of its clauses' `have / need`."""
    goal = getattr(MAINS[w["main"]], w["side"]).goal
    parts = [
        min(1.0, p["have"] / p["need"]) if p["need"] > 0 else 1.0
        for p in progress(w, goal)
        if p["op"] == ">="
    ]
    return sum(parts) / len(parts) if parts else 0.0


def _betrayer(w: dict[str, Any], seat: Seat) -> bool:
    from rules.dead_of_winter.content import OBJECTIVES

    kinds = {OBJECTIVES[o].kind for g in w["groups"] if g["seat"] == seat for o in g["objectives"]}
    return "betrayal" in kinds and "secret" not in kinds


def value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    if outcome is not None and seat in outcome.winners:
        return 1.0
    w = _dict(work)
    if w is None or _betrayer(w, seat):
        return 0.0
    return PROGRESS * _main_progress(w)


def note(work: Working[Any, Any], seat: Seat, o: Any) -> Hashable | None:
    """At the end of the round the move was made in (or of the game): morale and progress."""
    w = _dict(work)
    if w is None:
        return None
    if w["phase"] == "ended":
        return ("over", bool(w["main_done"]), w["end_reason"] or "")
    if w["round_number"] == o.round_number:
        return None
    return ("round", w["morale"], round(100 * _main_progress(w)))


def explain(o: Any, s: Searched) -> str:
    c = s.chosen
    if c is None or not s.searched:
        return plain_reason(o, s)
    alt = s.runner_up
    who = "the colony" if o.options.get("mode") == "coop" else "you"
    odds = f"{who} went on to win {percent(c.win_rate)} of {c.rollouts} games played out from here"
    odds += " with the unseen cards dealt at random"
    if alt is not None:
        odds += f" ({percent(alt.win_rate)} after the next best move)"
    n = c.note
    if isinstance(n, tuple) and n[0] == "round":
        _, morale, done = n
        return (
            f"By the next round this usually leaves morale at {morale} with the main objective "
            f"{done} % done; {odds}."
        )
    if isinstance(n, tuple) and n[0] == "over":
        head = (
            "The colony usually completes its main objective before the next round"
            if n[1]
            else "The game usually ends before the next round"
        )
        return f"{head}; {odds}."
    return f"The best of the moves tried: {odds}."


def world(o: Any, seat: Seat, rng: random.Random, legal: Sequence[Any]) -> Any:
    return determinize(o, seat, rng, legal)


TUNING = Tuning(
    candidates=candidates,
    value=value,
    note=note,
    explain=explain,
    max_candidates=CANDIDATES,
    confidence=1.5,
    settle=4,
    world=world,
)

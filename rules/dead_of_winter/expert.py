"""Dead of Winter's settings for the `expert` search agent (`rules.search`).

- Worlds: `determinize`, given the seat's legal list too (it shows whom the seat has asked for a
  card this turn, which the observation leaves out). Only a move at the start of one of the
  active player's actions is searched; a search, vote, bite or choice inside an effect is played
  as the heuristic plays it (no world is dealt there).
- Candidates: the heuristic's pick and the moves it rates next best (a turn can offer hundreds:
  every die on every survivor at every place), at most `CANDIDATES`.
- A rollout plays on with heuristic players for `HORIZON` moves (about the rest of a round), and
  a game still going is scored by the colony's chance of winning from where it stands
  (`colony_chance`: a logistic model of morale, the main objective's progress, rounds left,
  zombies at the colony, food, waste, survivors, the crisis and wounds, fitted to 9,846
  positions of 550 seeded co-op games of heuristic players, 1–5 seats, by
  `python -m bench.bench_expert_fit`). A finished game is worth 1 if the seat won, else 0. In
  a competitive game the seat counts the chance its own objective is met at the end
  (`objective_chance`): the colony's part (its chance for `main_done`, the chance against it for
  `main_failed` or morale at 0) times, for each clause about its own group (cards, survivors,
  kills …), the chance that clause holds at the end (`clause_chance`: a logistic model of whether
  it holds now, how near it is, what it lacks and the rounds left, fitted to 20,013 clauses of
  300 seeded standard games of heuristic players by `python -m bench.bench_expert_standard
  --fit`; held-out log loss 0.53 against 0.68 for a constant guess). It reads only the seat's
  own objectives: the world deals the others' at random.
- Rollout agents read their observation straight from the rollout's state dict
  (`rollout_view`): the same observation, without a frozen state made each move.
- Another move is played instead of the heuristic's only when its rollouts beat it by 2.0
  standard errors, world by world, in a co-op game (`confidence`; a round holds so much chance
  that smaller leads are noise, and with three other candidates one of them beat the pick by 1.0
  by luck too often), 1.0 in the standard game (measured there). 2.0 was chosen at four and five
  seats on the first 42 / 44 co-op deals (16 rollouts: it won 18 / 21 where 1.0 won 18 / 12 and
  the heuristic 14 / 12; a rollout cut at the round's end, also tried, won 11 of 31 at five seats
  against 10); on the 458 / 456 deals after those it won 49.6 / 50.0 % against the heuristic's
  43.9 / 39.7 % (75 / 49 and 82 / 35 deals only one level won). At one to three seats 1.0 was
  nearly level with the heuristic on fresh deals (79 / 62 at one seat, 66 / 61 at three); 2.0
  there won 82 / 42, 85 / 44 and 76 / 38 (deals 0–499 at one, two and three seats; 73 / 41,
  76 / 41 and 67 / 35 on those after the first 55 / 59 / 50), and 257 / 186 games where 1.0 won
  241 / 159 on the same deals at one and three seats.
- The reason names the colony's morale and main objective as the games played out left them
  and, in a competitive game, whether the seat's own part of its secret objective holds by then
  (leading with it when the chosen move keeps it and the next best move does not).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from typing import Any

from rules.core import Outcome, Seat, Working
from rules.dead_of_winter.agents import _Context
from rules.dead_of_winter.content import CRISES, ITEMS, MAINS, OBJECTIVES, Clause, condition_of
from rules.dead_of_winter.determinize import determinize
from rules.dead_of_winter.observation import observe
from rules.dead_of_winter.rules_conditions import holds, measure, progress, value_of
from rules.dead_of_winter.rules_end import outcome_dict
from rules.search import Searched, Tuning, next_best, percent, plain_reason

__all__ = ["CANDIDATES", "TUNING", "determinize"]

CONFIDENCE = 1.0
"""Standard errors another move's rollouts must beat the heuristic's pick by in the standard
game; `COOP_CONFIDENCE` in a co-op game, at every seat count."""
COOP_CONFIDENCE = 2.0


def confidence(o: Any) -> float:
    """How sure the search must be to leave the heuristic's pick: 2.0 standard errors in a co-op
    game, 1.0 in the standard game (its expert was measured at 1.0)."""
    return COOP_CONFIDENCE if o.options.get("mode") == "coop" else CONFIDENCE


CANDIDATES = 4
"""Moves searched a decision: the heuristic's pick and the next best by its own scores."""
HORIZON = 30
"""Moves a rollout plays before the position is scored by `colony_chance`."""
WEIGHTS = (1.272, 1.35, 0.553, -0.741, 0.244, -0.868, 0.026, 0.172, 0.47, -0.14, -0.49)
BIAS = -1.487
"""`colony_chance`'s logistic model, one weight per `features` entry (`bench_expert_fit`)."""


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


MAIN_PART = ("main_done", "main_failed")
"""The clauses of a secret objective that ask about the main objective, not the group."""
OWN_WEIGHTS = (1.351, 0.576, -1.215, -0.276, -0.279, -0.34)
OWN_BIAS = -0.778
"""`clause_chance`'s logistic model, one weight per `clause_features` entry
(`python -m bench.bench_expert_standard --fit`)."""
LOST_FLAG = 0.02
"""The chance a flag clause that does not hold now (an original leader dead) holds at the end."""


def own_objectives(w: dict[str, Any], seat: Seat) -> list[tuple[str, int]]:
    """The seat's own objectives, with their group: (objective id, group) for each group it
    plays that is still in the game (its own cards only: the world holds others' at random)."""
    return [
        (oid, g["group"])
        for g in w["groups"]
        if g["seat"] == seat and not g["eliminated"]
        for oid in g["objectives"]
    ]


def _fails_colony(c: Clause) -> bool:
    """A clause met only when the colony fails: `main_failed`, or morale down to 0 (B05)."""
    return c.name == "main_failed" or (c.name == "morale" and c.op == "<=" and c.value == "0")


def personal(goal: str) -> list[Clause]:
    """An objective's clauses about the group itself (its cards, survivors, kills …)."""
    return [c for c in condition_of(goal) if c.name not in MAIN_PART and not _fails_colony(c)]


def clause_features(w: dict[str, Any], c: Clause, group: int) -> list[float]:
    """What `clause_chance` weighs for a counted clause, each about 0–1: whether it holds now,
    how close it is (1 − the share of its target it lacks), what it lacks (up to 5), the rounds
    left, and the last two together."""
    have = measure(w, c, group)
    need = value_of(c.value or "0", len(w["groups"]))
    lack = max(0, need - have) if c.op == ">=" else max(0, have - need)
    if c.op == "==":
        lack = abs(have - need)
    near = 1.0 - min(1.0, lack / max(1, need))
    left = w["round_track"] / 8
    return [float(lack == 0), near, min(lack, 5) / 5, left, near * left, min(lack, 5) / 5 * left]


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def clause_chance(w: dict[str, Any], c: Clause, group: int) -> float:
    """The chance a clause about the group holds when the game ends, from where it stands."""
    if c.op is None:  # a flag (an original leader alive, a survivor in play)
        return 1.0 if holds(w, c, group) else LOST_FLAG
    x = clause_features(w, c, group)
    return _logistic(OWN_BIAS + sum(a * b for a, b in zip(OWN_WEIGHTS, x, strict=True)))


def objective_chance(w: dict[str, Any], oid: str, group: int, colony: float) -> float:
    """The chance an objective is met at the end: the colony's part (`colony`: its chance of
    meeting the main objective, or of failing for a betrayal) times each of the group's own
    clauses' chances."""
    goal = OBJECTIVES[oid].goal
    clauses = condition_of(goal)
    p = 1.0
    if any(c.name == "main_done" for c in clauses):
        p = colony
    elif any(_fails_colony(c) for c in clauses):
        p = 1.0 - colony
    for c in personal(goal):
        p *= clause_chance(w, c, group)
    return p


def features(w: dict[str, Any]) -> list[float]:
    """What `colony_chance` weighs, each scaled to about 0–1."""
    colony = w["locations"]["colony"]
    zombies = sum(colony["zombies"])
    at_colony = sum(1 for s in w["survivors"].values() if s["location"] == "colony")
    heads = at_colony + colony["helpless"] + 2 * colony.get("unruly", 0)
    crisis = 0.0
    if w["crisis"]:
        prevent = CRISES[w["crisis"]["id"]].prevent
        cards = w["crisis"]["contributions"]
        matching = sum(1 for c in cards if ITEMS[c["card"]].symbol == prevent)
        standing = [g for g in w["groups"] if not g["exiled"] and not g["eliminated"]]
        threshold = 2 if w["solo"] else max(1, len(standing))
        crisis = (matching - threshold) / 3
    return [
        w["morale"] / 10,
        _main_progress(w),
        w["round_track"] / 8,
        zombies / 10,
        w["food"] / max(1, math.ceil(heads / 2)) / 3,
        w["waste"] / 10,
        len(w["survivors"]) / 10,
        colony["helpless"] / 5,
        crisis,
        sum(len(g["hand"]) for g in w["groups"]) / 20,
        sum(s["wounds"] for s in w["survivors"].values()) / 10,
    ]


def colony_chance(w: dict[str, Any]) -> float:
    """The colony's chance of meeting its main objective from this position (a game going on)."""
    z = BIAS + sum(a * b for a, b in zip(WEIGHTS, features(w), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def rollout_view(work: Working[Any, Any], seat: Seat) -> Any:
    """A rollout agent's observation, read straight from the rollout's state dict: what
    `work.observe(seat)` gives, without freezing the dict into a state and dumping it again (half
    a rollout's time). It may share lists with the dict, so it is read before the next move only,
    as a rollout does."""
    w = _dict(work)
    return work.observe(seat) if w is None else observe(w, seat, outcome_dict(w))


def value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    if outcome is not None:
        return 1.0 if seat in outcome.winners else 0.0
    w = _dict(work)
    if w is None or w["phase"] == "ended":
        return 0.0
    chance = colony_chance(w)
    if w["mode"] == "coop":
        return chance
    mine = own_objectives(w, seat)
    return max((objective_chance(w, oid, g, chance) for oid, g in mine), default=0.0)


def own_part_met(w: dict[str, Any], seat: Seat) -> bool:
    """Whether what one of the seat's own objectives asks of its group (not of the colony) holds
    now: its cards, survivors, kills … (`personal`)."""
    return any(
        all(holds(w, c, g) for c in personal(OBJECTIVES[oid].goal))
        for oid, g in own_objectives(w, seat)
    )


def note(work: Working[Any, Any], seat: Seat, o: Any) -> Hashable | None:
    """At the end of the round the move was made in (or of the game): morale, progress and, in
    a competitive game, whether the seat's own part of its objective holds."""
    w = _dict(work)
    if w is None:
        return None
    if w["phase"] == "ended":
        return ("over", bool(w["main_done"]), w["end_reason"] or "")
    if w["round_number"] == o.round_number:
        return None
    own = None if w["mode"] == "coop" else own_part_met(w, seat)
    return ("round", w["morale"], round(100 * _main_progress(w)), own)


def _objective_name(o: Any) -> str:
    """The seat's own objective's name, as its card says it."""
    names = [ob.name for obs in (o.objective or {}).values() for ob in obs]
    return " or ".join(names) or "your objective"


def _own_words(o: Any, s: Searched) -> tuple[str, str]:
    """What the reason says of the seat's own objective (competitive games): a lead when the
    chosen move keeps its own part in place and the next best does not, and a closing clause."""
    n = s.chosen.note if s.chosen is not None else None
    if not (isinstance(n, tuple) and n[0] == "round" and n[3] is not None):
        return "", ""
    name = _objective_name(o)
    alt = s.runner_up
    other = alt.note if alt is not None else None
    if n[3] and isinstance(other, tuple) and other[0] == "round" and other[3] is False:
        lead = (
            f"This keeps what your secret objective, {name}, asks of you in place, "
            "where the next best move does not: "
        )
        return lead, ""
    state = "in place" if n[3] else "still to do"
    return "", f", and what your secret objective, {name}, asks of you {state}"


def explain(o: Any, s: Searched) -> str:
    c = s.chosen
    if c is None or not s.searched:
        return plain_reason(o, s)
    who = "the colony's" if o.options.get("mode") == "coop" else "your"
    odds = f"{who} chance of winning comes to about {percent(c.mean)} over {c.rollouts} games"
    odds += " played on from here with the unseen cards dealt at random"
    odds += next_best(s, by_mean=True)
    n = c.note
    if isinstance(n, tuple) and n[0] == "round":
        _, morale, done, _ = n
        lead, tail = _own_words(o, s)
        by = "by" if lead else "By"
        return (
            f"{lead}{by} the next round this usually leaves morale at {morale} with the main "
            f"objective {done} % done{tail}; {odds}."
        )
    if isinstance(n, tuple) and n[0] == "over":
        head = (
            "The colony usually completes its main objective before the next round"
            if n[1]
            else "The game usually ends before the next round"
        )
        return f"{head}; {odds}."
    return f"The best of the moves tried: {odds}."


TUNING = Tuning(
    candidates,
    value,
    note,
    explain,
    max_candidates=CANDIDATES,
    max_plies=HORIZON,
    confidence=CONFIDENCE,
    confidence_at=confidence,
    settle=4,
    chance_is_value=True,
    world=determinize,
    observe=rollout_view,
)

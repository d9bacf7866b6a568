"""The `expert` level: a determinized Monte Carlo search agent every game with a `determinize`
can use (issue 33 §1).

For a decision it samples worlds consistent with its own seat's observation
(`BaseGame.determinize`: every card the seat cannot see dealt at random among what is still
possible), tries each candidate move in each world and plays the game on with fast rollouts (the
game's heuristic agents on the `working()` fast path), and keeps the move whose games went best.

- Budget: a fixed number of rollouts (`iterations`), spent by sequential halving — every
  candidate is tried on the same sampled worlds, the better half is kept, and the next round
  gives the survivors more rollouts — so most of the budget goes to the moves that matter. With
  `seconds` and a `clock` (the caller's `time.monotonic`: `rules/` reads no clock of its own) the
  search runs on the clock instead: it sizes its rounds from how long its first world's rollouts
  took, and stops at the deadline whatever happens.
  Without a clock it is deterministic: the same observation, legal list and rng give the same
  move, which the tests and the benchmarks rely on.
- No-progress rule: a rollout still going after `max_plies` moves, or stuck with nobody to act,
  counts as a loss, so a game that never ends cannot stall the search.
- Secrecy: it reads only its observation and the legal list, like every agent. Two states its
  seat cannot tell apart give equal observations, hence the same worlds and the same move
  (`tests/rules/test_expert_secrecy.py`).

Each game tunes it with a `Tuning`: which moves are worth searching (The 10th Night's day offers
hundreds of exchange proposals), how a finished rollout scores (a loss that got further is
worth a little), and the plain sentence `suggest` gives (players as `{sN}`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from rules.core import Agent, Game, Outcome, Seat, Suggestion, Working
from rules.playout import MoveRng

DEFAULT_ITERATIONS = 96
"""Rollouts a decision when no other budget is given: about 0.2–0.5 s on one core."""
TIME_CAP = 100_000
"""Rollouts a decision at most when the search runs on a clock (`seconds`)."""


@dataclass
class Candidate:
    """What the search learned about one candidate move."""

    action: Any
    index: int  # its place among the candidates: the heuristic's pick is 0
    rollouts: int = 0
    wins: int = 0
    value: float = 0.0
    notes: Counter[Hashable] = field(default_factory=Counter)
    capped: int = 0  # rollouts stopped by the no-progress rule
    results: list[float] = field(default_factory=list)  # each rollout's value, world by world

    @property
    def mean(self) -> float:
        return self.value / self.rollouts if self.rollouts else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.rollouts if self.rollouts else 0.0

    @property
    def note(self) -> Hashable | None:
        """The commonest note its rollouts made (`Tuning.note`), if any."""
        if not self.notes:
            return None
        return max(self.notes.items(), key=lambda kv: (kv[1], repr(kv[0])))[0]


@dataclass
class Searched:
    """A search's answer: the move, every candidate's record, and how many rollouts it took."""

    action: Any
    chosen: Candidate | None
    candidates: list[Candidate]
    rollouts: int
    searched: bool  # False: forced, or the game could not sample a world here (heuristic pick)

    @property
    def runner_up(self) -> Candidate | None:
        """The best other move searched as long as the chosen one (a finalist), if any."""
        if self.chosen is None:
            return None
        n = self.chosen.rollouts
        others = [c for c in self.candidates if c is not self.chosen and c.rollouts == n and n]
        return max(others, key=lambda c: (c.mean, -c.index)) if others else None


Candidates = Callable[[Any, Sequence[Any], Any], Sequence[Any]]
"""(observation, legal actions, the heuristic's pick) → the moves worth searching."""
Value = Callable[[Outcome | None, Working[Any, Any], Seat], float]
"""(outcome or None when capped, the rollout's working copy at its end, seat) → its worth."""
Note = Callable[[Working[Any, Any], Seat, Any], Hashable | None]
"""(the rollout's working copy after a move, seat, observation) → a note to keep, or None to
look again after the next move: what the chosen move led to, for the reason."""
World = Callable[[Any, Seat, random.Random, Sequence[Any]], Any]
"""(observation, seat, rng, legal actions) → a world, or None where the game cannot deal one."""
Explain = Callable[[Any, Searched], str]
"""(observation, the search) → one plain sentence why, players as `{sN}`."""


def win_value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    """1 for a rollout the seat won, else 0 (a capped rollout is a loss)."""
    return 1.0 if outcome is not None and seat in outcome.winners else 0.0


def percent(x: float) -> str:
    return f"{round(100 * x)} %"


def next_best(s: Searched, *, by_mean: bool = False) -> str:
    """` (against 38 % after the next best move)`: how the runner-up did, its share of games won
    (or its mean value, `by_mean`), to close a reason's odds; ` (the next best move did as
    well)` when it reads the same; empty when no other move was searched as far."""
    alt, chosen = s.runner_up, s.chosen
    if alt is None:
        return ""
    theirs = percent(alt.mean if by_mean else alt.win_rate)
    if chosen is not None and percent(chosen.mean if by_mean else chosen.win_rate) == theirs:
        return " (the next best move did as well)"
    return f" (against {theirs} after the next best move)"


def plain_reason(observation: Any, s: Searched) -> str:
    """The default sentence: what the rollouts showed, in numbers."""
    c = s.chosen
    if c is None or not s.searched:
        return "It is the usual move here."
    alt = s.runner_up
    more = f", against {percent(alt.win_rate)} after the next best move" if alt else ""
    return (
        f"In {c.rollouts} games played on from here with the unseen cards dealt at random, "
        f"this move went on to win {percent(c.win_rate)} of the time{more}."
    )


@dataclass(frozen=True)
class Tuning:
    """A game's settings for the search (each optional): first its hooks, which a game may give
    in this order as its expert's functions of the same names (`candidates`, `value`, `note`,
    `explain`), then its settings, always by name."""

    candidates: Candidates | None = None
    value: Value = win_value
    note: Note | None = None
    explain: Explain = plain_reason
    _: KW_ONLY
    max_candidates: int = 12
    margin: float = 0.0
    """How much better (in mean value) another move must do than the heuristic's pick to be
    played instead: the pick is never dropped by the halving, and noise alone does not move
    the expert off it."""
    max_plies: int = 3_000
    confidence: float = 0.0
    """How sure the search must be before it leaves the heuristic's pick: the paired
    difference (world by world, the same worlds for both) between the best move and the pick,
    in standard errors. 0: no test, the best mean wins (with `margin`)."""
    confidence_at: Callable[[Any], float] | None = None  # by the observation; None: `confidence`
    settle: int = 0
    """When every candidate has scored exactly alike in each of this many first worlds, the
    move does not matter here (a game already won or lost whatever is played): stop, and play
    the heuristic's pick. 0: never."""
    rollout: Callable[[], Agent] | None = None
    """The rollout agents (and the move searched first), one per seat; None: the game's
    `rollout` level (`heuristic`). A game may give a faster agent that plays the same moves."""
    observe: Callable[[Working[Any, Any], Seat], Any] | None = None
    """A rollout agent's view of the working copy; None: `work.observe(seat)`. A game may build
    a cheaper one that holds everything its rollout agent reads."""
    chance_is_value: bool = False
    """The chance of winning a suggestion gives: the mean of the rollouts' values (a game whose
    rollouts are cut short and scored by a chance of winning) instead of the share won."""
    world: World | None = None
    """Deals a world from the observation and the seat's legal list, for a game whose
    observation leaves out something the seat knows of its own turn that its legal list shows
    (Dead of Winter: whom it has asked for a card); None: `game.determinize`."""
    horizon: Callable[[Working[Any, Any], Any], bool] | None = None
    """(the rollout's working copy, the observation searched from) → True to stop the rollout
    there, before its end, and let `value` score the position (with outcome None); None: every
    rollout plays to the end."""


def _seat_of(observation: Any) -> Seat:
    return int(observation["seat"] if isinstance(observation, dict) else observation.seat)


class SearchAgent:
    """The `expert` AI player and adviser (`rules.core.Advisor`)."""

    name = "expert"

    def __init__(
        self,
        game: Game[Any, Any, Any],
        *,
        tuning: Tuning | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: Callable[[], float] | None = None,
        rollout: str = "heuristic",
        seat_of: Callable[[Any], Seat] = _seat_of,
    ) -> None:
        self.game = game
        self.tuning = tuning or Tuning()
        self.iterations = iterations if iterations is not None else DEFAULT_ITERATIONS
        self.seconds = seconds
        self.clock = clock
        self.seat_of = seat_of
        self._make: Callable[[], Agent] = self.tuning.rollout or game.agents[rollout]
        self._base: Agent = self._make()

    # --- the agent ----------------------------------------------------------------------------
    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:  # forced: draw nothing
            return legal_actions[0]
        return self.search(observation, legal_actions, rng).action

    def suggest(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Suggestion:
        s = self.search(observation, legal_actions, rng)
        if not s.searched or s.chosen is None:
            reason = "It is the only move you can make." if len(legal_actions) == 1 else ""
            return Suggestion(action=s.action, reason=reason or self.tuning.explain(observation, s))
        return Suggestion(
            action=s.action,
            reason=self.tuning.explain(observation, s),
            win_chance=s.chosen.mean if self.tuning.chance_is_value else s.chosen.win_rate,
        )

    # --- the search ---------------------------------------------------------------------------
    def search(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Searched:
        if len(legal_actions) == 1:
            return Searched(legal_actions[0], None, [], 0, searched=False)
        start = self.clock() if self.clock is not None and self.seconds else None
        seat = self.seat_of(observation)
        pick = self._base.choose(observation, legal_actions, rng)
        world = self._deal(observation, seat, rng, legal_actions)
        if world is None:  # the game cannot sample this decision: the heuristic's move
            return Searched(pick, None, [], 0, searched=False)
        moves = self._candidates(observation, legal_actions, pick)
        cands = [Candidate(action=a, index=i) for i, a in enumerate(moves)]
        if len(cands) == 1:
            return Searched(pick, cands[0], cands, 0, searched=False)
        # with a clock the deadline sizes the rounds (after the first world), not `iterations`
        budget = max(self.iterations if start is None else TIME_CAP, len(cands))
        rounds = max(1, math.ceil(math.log2(len(cands))))
        alive = list(cands)
        spent = 0
        out_of_time = settled = False
        first = True
        for r in range(rounds):
            done = 0
            while done < max(1, budget // (len(alive) * rounds)):
                if not first:
                    world = self._deal(observation, seat, rng, legal_actions)
                    assert world is not None
                seed = rng.getrandbits(63)
                for c in alive:
                    self._rollout(world, seat, c, seed, observation)
                    spent += 1
                done += 1
                if r == 0 and done == self.tuning.settle and _alike(alive):
                    settled = True
                    break
                if start is not None:
                    assert self.clock is not None and self.seconds is not None
                    used = self.clock() - start
                    if first:  # size the rounds from the first world's rollouts
                        fits = int(self.seconds * 0.9 / max(used / spent, 1e-6))
                        budget = max(len(cands), min(budget, fits))
                    if used >= self.seconds:
                        out_of_time = True
                        break
                first = False
            if out_of_time or settled:
                break
            if r < rounds - 1 and len(alive) > 1:
                ranked = sorted(alive, key=lambda c: (-c.mean, c.index))
                keep = ranked[: max(1, math.ceil(len(alive) / 2))]
                if cands[0] not in keep:  # the heuristic's pick stays: the final yardstick
                    keep.append(cands[0])
                alive = sorted(keep, key=lambda c: c.index)
        most = max(c.rollouts for c in alive)
        best = min(
            (c for c in alive if c.rollouts == most or not out_of_time),
            key=lambda c: (-c.mean, c.index),
        )
        base = cands[0]
        sure = (self.tuning.confidence_at or (lambda _: self.tuning.confidence))(observation)
        if best is not base and (
            settled or best.mean - base.mean < self.tuning.margin or _sure(best, base) < sure
        ):
            best = base
        return Searched(best.action, best, cands, spent, searched=True)

    def _deal(self, observation: Any, seat: Seat, rng: random.Random, legal: Sequence[Any]) -> Any:
        """A world dealt from the seat's view (`Tuning.world`, else `game.determinize`)."""
        if self.tuning.world is not None:
            return self.tuning.world(observation, seat, rng, legal)
        return self.game.determinize(observation, seat, rng)

    def _candidates(self, observation: Any, legal: Sequence[Any], pick: Any) -> list[Any]:
        hook = self.tuning.candidates
        found = hook(observation, legal, pick) if hook is not None else legal
        most = max(1, self.tuning.max_candidates)
        moves = [pick]
        for a in found:
            if len(moves) >= most:
                break
            if a != pick and a not in moves:
                moves.append(a)
        return moves

    def _rollout(self, world: Any, seat: Seat, cand: Candidate, seed: int, obs: Any) -> None:
        """Play `cand` in `world`, then the game on with the rollout agents; record the result."""
        game, tuning = self.game, self.tuning
        work = game.working(world)
        work.apply(seat, cand.action, seed, 1)
        note = tuning.note
        noted = note(work, seat, obs) if note is not None else None
        agents: dict[Seat, Agent] = {}
        look = tuning.observe or _observe
        rng = MoveRng()
        ply = 1
        outcome = work.outcome()
        capped = False
        stop = tuning.horizon
        while outcome is None:
            if stop is not None and stop(work, obs):
                break
            awaited = work.awaiting() or work.to_act()
            if not awaited or ply >= tuning.max_plies:  # the no-progress rule: a loss
                capped = True
                break
            s = min(awaited)
            agent = agents.get(s)
            if agent is None:
                agent = agents[s] = self._make()
            legal = work.legal(s)
            ply += 1
            rng.at(f"{seed}/agent{s}", ply)
            view = look(work, s) if getattr(agent, "reads_observation", True) else None
            work.apply(s, agent.choose(view, legal, rng), seed, ply)
            outcome = work.outcome()
            if note is not None and noted is None:
                noted = note(work, seat, obs)
        cand.rollouts += 1
        cand.capped += capped
        if outcome is not None and seat in outcome.winners:
            cand.wins += 1
        worth = tuning.value(outcome, work, seat)
        cand.value += worth
        cand.results.append(worth)
        if noted is not None:
            cand.notes[noted] += 1


def _observe(work: Working[Any, Any], seat: Seat) -> Any:
    return work.observe(seat)


def _sure(best: Candidate, base: Candidate) -> float:
    """The paired difference of `best` over `base` on the worlds both were played in, in
    standard errors (infinite when every world agrees it is better)."""
    diffs = [a - b for a, b in zip(best.results, base.results, strict=False)]
    n = len(diffs)
    if n == 0:
        return 0.0
    mean = sum(diffs) / n
    if n == 1:
        return math.inf if mean > 0 else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var == 0.0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(var / n)


def _alike(cands: Sequence[Candidate]) -> bool:
    first = cands[0].results
    return all(c.results == first for c in cands[1:])


def expert(game: Game[Any, Any, Any], tuning: Tuning | None = None) -> Callable[[], SearchAgent]:
    """The `expert` entry of a game's agents map: `{**AGENTS, "expert": expert(self, TUNING)}`
    (a game package's agents never import its game object, so the game registers it)."""

    def make() -> SearchAgent:
        return SearchAgent(game, tuning=tuning)

    return make

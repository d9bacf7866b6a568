"""Cold Comfort's `expert` level (issue 33): the determinized search (`rules.search`) tuned for a
long game of many small decisions.

A whole 4-player game played on by the heuristic takes about 0.1 s, far too long to play many
to the end for every management action. So a rollout is cut short (`HORIZON` moves, a little
more than a round of turns, through the next scoring round most of the time) and the position
where it stops is scored by `standing`: each seat's final score so far (points and gold, CC-28),
plus what its hotels and guests are likely still to earn, against the best other seat, turned
into a rough chance of winning. A finished rollout counts as a win (a shared win as half) or a
loss.

Candidates: the heuristic's own pick first, then the moves it rates best, and always `end`.

Like every agent it reads only its observation and the legal list (`determinize` deals the
City Deck's unseen tiles; dice to come are rolled by the rollouts' own rngs).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from rules.cold_comfort.actions import Build, Change, End, Fire, Grow, Host, Land, Mine, Spread
from rules.cold_comfort.agents import HotelierAgent
from rules.cold_comfort.determinize import determinize
from rules.cold_comfort.observation import ColdComfortObservation
from rules.cold_comfort.state import SCORING_ROUNDS_TOTAL, ColdComfortState
from rules.core import Game, Outcome, Seat, Suggestion, Working
from rules.search import SearchAgent, Searched, Tuning

HORIZON = 28
"""Moves a rollout plays before it is scored (a capped rollout is scored, not lost)."""
ITERATIONS = 16
"""Rollouts a decision (deterministic; about 0.3 s on one core)."""
MAX_CANDIDATES = 6


def seat_of(observation: Any) -> Seat:
    obs: ColdComfortObservation = observation
    return obs.to_act[0] if obs.to_act else obs.active_seat


def worth(state: ColdComfortState, seat: int) -> float:
    """Seat's expected final score: points, gold (a point per 5), and its hotels' prospects."""
    rounds_left = max(0, SCORING_ROUNDS_TOTAL - state.scoring_rounds)
    hotels = [h for h in state.hotels if h.seat == seat]
    guests = {(d.x, d.y): d.value for d in state.dice}
    income = sum(guests.get((h.x, h.y), 0) for h in hotels)  # collected next turn
    presence = sum(h.value for h in hotels)  # blocks that win neighbourhoods later
    return (
        state.points[seat]
        + (state.gold[seat] + income) / 5.0
        + presence * 0.12 * min(rounds_left, 4)
    )


def standing(state: ColdComfortState, seat: int) -> float:
    """A rough chance that `seat` wins from here: its worth against the best other seat's."""
    mine = worth(state, seat)
    best_other = max(worth(state, s) for s in range(state.num_players) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / 3.0))


def value(outcome: Outcome | None, work: Working[Any, Any], seat: Seat) -> float:
    if outcome is not None:
        if seat not in outcome.winners:
            return 0.0
        return 1.0 / len(outcome.winners)
    state: ColdComfortState = work.state
    return standing(state, seat)


_RANKER = HotelierAgent()


def candidates(observation: Any, legal: Sequence[Any], pick: Any) -> list[Any]:
    """The moves the heuristic rates best, and `end` (none but its pick when it hosts a guest)."""
    obs: ColdComfortObservation = observation
    if isinstance(pick, Host):  # a guest is gold at the next turn and costs nothing: no search
        return []
    me = seat_of(obs)
    squares = {(s.x, s.y): s for s in obs.squares}
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    scored = sorted(
        range(len(legal)), key=lambda i: (-_RANKER._score(obs, me, squares, legal[i]), i)
    )
    found = [legal[i] for i in scored[: MAX_CANDIDATES - 1]]
    for a in legal:
        if isinstance(a, End) and a not in found:
            found.append(a)
    return found


def explain(observation: Any, s: Searched) -> str:
    """One plain sentence why: what the move does, and how the played-on games went."""
    obs: ColdComfortObservation = observation
    c = s.chosen
    a = s.action
    if isinstance(a, Build):
        what = f"Building a {a.value} at ({a.x},{a.y}) gives you a stronger block of hotels"
    elif isinstance(a, Host):
        what = f"Hosting the {a_value(obs, a.from_x, a.from_y)} pays you at your next turn"
    elif isinstance(a, Change):
        what = f"Changing the hotel at ({a.x},{a.y}) to a {a.to} fits the dice on the map"
    elif isinstance(a, Fire):
        what = f"Burning your empty hotel at ({a.x},{a.y}) pays its insurance"
    elif isinstance(a, Mine):
        what = "Mining brings in gold now"
    elif isinstance(a, End):
        what = "Ending your turn here keeps your gold for a better chance"
    elif isinstance(a, Spread):
        what = f"Passing the fire to ({a.x},{a.y}) hurts your own hotels least"
    elif isinstance(a, Grow):
        what = "Placing the tile there suits your hotels"
    elif isinstance(a, Land):
        what = f"Landing the die on ({a.x},{a.y}) helps you most"
    else:
        what = "This move"
    if c is None or not s.searched or not c.rollouts:
        return f"{what}."
    alt = s.runner_up
    if alt is not None and alt.rollouts and c.mean > alt.mean + 0.005:
        return (
            f"{what}: in {c.rollouts} games played on from here it left you better placed "
            f"than anything else tried (an estimated {round(100 * c.mean)} % chance of winning, "
            f"against {round(100 * alt.mean)} %)."
        )
    return f"{what}: in {c.rollouts} games played on from here nothing else did better."


def a_value(obs: ColdComfortObservation, x: int, y: int) -> int:
    for s in obs.squares:
        if s.x == x and s.y == y:
            return s.die or 0
    return 0


TUNING = Tuning(
    candidates,
    value,
    explain=explain,
    max_candidates=MAX_CANDIDATES,
    max_plies=HORIZON,
)


class ColdComfortExpert(SearchAgent):
    """The search agent with Cold Comfort's tuning; its chance of winning is the mean of its
    rollouts' values (most are cut short and scored, so counting finished wins would say 0)."""

    def __init__(self, game: Game[Any, Any, Any], iterations: int = ITERATIONS) -> None:
        super().__init__(game, tuning=TUNING, iterations=iterations, seat_of=seat_of)

    def suggest(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Suggestion:
        s = self.search(observation, legal_actions, rng)
        if s.searched and s.chosen is not None:
            chance = s.chosen.mean
        else:  # not searched (forced, or a guest to host): the position's standing as it is
            chance = standing(determinize(observation, rng), self.seat_of(observation))
        if len(legal_actions) == 1:
            reason = "It is the only move you can make."
        else:
            reason = self.tuning.explain(observation, s)
        return Suggestion(action=s.action, reason=reason, win_chance=chance)

"""Winter's `expert` level (issue 33): a search player.

The Thawing has no secret at all (WI-23: the deck is empty by then), so it is a game of perfect
information between two players: the expert searches it with alpha-beta (iterative deepening,
the best move of the last depth tried first, a fixed number of positions a move so the search
is deterministic) and scores the positions where it stops with `evaluate`.

In the Freezing the deck order is hidden: there the expert asks the generic determinized search
(`rules.search.SearchAgent`, given by the game object, as agents never import it), which deals
worlds from the observation (`determinize`) and plays them on.

Like every agent it reads only its observation and the legal list: its position is rebuilt from
the observation (`determinize`), never from the table's state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules.core import Suggestion
from rules.winter import actions as act
from rules.winter.agents import HeuristicAgent
from rules.winter.determinize import determinize
from rules.winter.observation import WinterObservation
from rules.winter.rules_apply import resolve
from rules.winter.rules_cards import sections_of
from rules.winter.rules_geometry import NEAR, new_squares
from rules.winter.rules_lake import Lake
from rules.winter.rules_legal import legal_actions
from rules.winter.state import WinterState

WIN = 10_000.0
DRAW = -500.0  # a drawn game (the turn limit): worse than any position still playing
FORCED = WIN / 2  # a value beyond this is a won or lost game (less the moves it takes)
NODES_PER_SECOND = 600
"""Positions the Thawing search expands a second of its budget (about 1.1 ms each on one core,
the last depth's unfinished work included): `seconds`, when the bot sets it, scales this."""
DEFAULT_NODES = NODES_PER_SECOND


class Adviser(Protocol):
    def choose(self, observation: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any: ...

    def suggest(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Suggestion: ...


def evaluate(state: WinterState, me: int) -> float:
    """A Thawing position's worth to seat `me`: a won game ±WIN (a draw a little below even),
    else counters on the table, counters a removal could melt next, and room to move."""
    r = state.result
    if r is not None:
        if not r.winners:
            return DRAW
        return WIN if me in r.winners else -WIN
    lake = Lake(state.cards, state.counters)
    mine_c, theirs_c = state.colours[me], state.colours[1 - me]
    mine = lake.on_table(mine_c) if mine_c else 0
    theirs = lake.on_table(theirs_c) if theirs_c else 0
    locked = lake.locked()
    free = sum(1 for a in lake.cards if a not in locked)
    value = 3.0 * (mine - theirs)
    value += 0.1 * (state.supply[me] - state.supply[1 - me])
    if mine == 1:
        value -= 2.0
    if theirs == 1:
        value += 2.0
    # unlocked cards are the moves and removals left: the side to move profits from them
    value += 0.05 * free * (1 if state.active == me else -1)
    return value


@dataclass
class Line:
    """What the Thawing search found: the move, its value, how deep it looked."""

    action: act.WinterAction
    value: float
    depth: int
    nodes: int


class _OutOfNodes(Exception):
    pass


class ThawSearch:
    """Alpha-beta over the Thawing's frozen states (`rules_apply.resolve`), to a node budget."""

    def __init__(self, nodes: int = DEFAULT_NODES, max_depth: int = 12) -> None:
        self.budget = nodes
        self.max_depth = max_depth
        self.nodes = 0
        self.limit = 0
        self.me = 0

    def best(self, state: WinterState, me: int, legal: Sequence[act.WinterAction]) -> Line:
        self.me = me
        self.nodes = 0
        children = [(a, resolve(state, me, a).state) for a in legal]
        order = sorted(
            range(len(children)), key=lambda i: -evaluate(children[i][1], me)
        )  # one ply: the heuristic's order
        best = Line(children[order[0]][0], evaluate(children[order[0]][1], me), 1, len(legal))
        depth = 1
        while depth < self.max_depth:
            depth += 1
            self.limit = self.budget
            try:
                values: list[tuple[float, int]] = []
                alpha = -2 * WIN
                for i in order:
                    v = self._value(children[i][1], depth - 1, alpha, 2 * WIN, 1)
                    values.append((v, i))
                    alpha = max(alpha, v)
            except _OutOfNodes:
                break
            values.sort(key=lambda x: (-x[0], order.index(x[1])))
            order = [i for _, i in values] + [i for i in order if i not in {j for _, j in values}]
            top_v, top_i = values[0]
            best = Line(children[top_i][0], top_v, depth, self.nodes)
            if abs(top_v) >= FORCED:  # a forced result: looking deeper changes nothing
                break
        return best

    def _value(self, state: WinterState, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The minimax value to `self.me` (alpha-beta), `ply` moves below the root: a win
        sooner is worth more, a loss later less bad."""
        if state.result is not None:
            v = evaluate(state, self.me)
            return v - ply if v >= FORCED else v + ply if v <= -FORCED else v
        if depth <= 0:
            return evaluate(state, self.me)
        self.nodes += 1
        if self.nodes > self.limit:
            raise _OutOfNodes
        seat = state.active
        acts = legal_actions(state, seat)
        kids = [resolve(state, seat, a).state for a in acts]
        maximise = seat == self.me
        if depth > 1:  # the best-looking replies first: more cut-offs
            kids.sort(key=lambda s: evaluate(s, self.me), reverse=maximise)
        v = -2 * WIN if maximise else 2 * WIN
        for k in kids:
            below = self._value(k, depth - 1, alpha, beta, ply + 1)
            if maximise:
                v = max(v, below)
                alpha = max(alpha, v)
            else:
                v = min(v, below)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v


THAW_PHASES = ("thawing", "lake_choice", "move_counters")


class WinterExpert:
    """The `expert` AI player and adviser (`rules.core.Advisor`)."""

    name = "expert"

    def __init__(self, freezing: Adviser | None = None, nodes: int = DEFAULT_NODES) -> None:
        self.freezing = freezing
        self.nodes = nodes
        self.seconds: float | None = None  # the bot's per-move budget (`bot.ai.make_agent`)
        self.heuristic = HeuristicAgent()

    def budget(self) -> int:
        """Positions to expand: `nodes`, or `seconds` of them when the bot gave a budget (a
        count, never a clock: the same position gets the same move)."""
        if self.seconds is None:
            return self.nodes
        return max(50, int(NODES_PER_SECOND * self.seconds))

    def choose(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> act.WinterAction:
        if len(legal_actions) == 1:
            return legal_actions[0]  # type: ignore[no-any-return]
        obs: WinterObservation = observation
        if obs.phase in THAW_PHASES:
            return self._thaw(obs, legal_actions, rng).action
        if self.freezing is not None:
            return self.freezing.choose(observation, legal_actions, rng)  # type: ignore[no-any-return]
        return self.heuristic.choose(observation, legal_actions, rng)

    def _thaw(self, obs: WinterObservation, legal: Sequence[Any], rng: random.Random) -> Line:
        state = determinize(obs, rng)
        return ThawSearch(self.budget()).best(state, state.active, list(legal))

    def suggest(
        self, observation: Any, legal_actions: Sequence[Any], rng: random.Random
    ) -> Suggestion:
        obs: WinterObservation = observation
        if len(legal_actions) == 1:
            return Suggestion(action=legal_actions[0], reason="It is the only move you can make.")
        if obs.phase in THAW_PHASES:
            line = self._thaw(obs, legal_actions, rng)
            return Suggestion(
                action=line.action,
                reason=thaw_reason(obs, line),
                win_chance=chance_of(line.value),
            )
        if self.freezing is not None:
            return self.freezing.suggest(observation, legal_actions, rng)
        pick = self.heuristic.choose(observation, legal_actions, rng)
        return Suggestion(action=pick, reason=freezing_reason(obs, pick))


def freezing_reason(obs: WinterObservation, action: act.WinterAction) -> str:
    """One plain sentence for a Freezing move (the deck is still hidden: no chance is given)."""
    seat = obs.to_act[0] if obs.to_act else 0
    other = f"{{s{1 - seat}}}"
    state = determinize(obs, random.Random(0))  # only the public position is read
    mine, theirs = state.colours[seat], state.colours[1 - seat]
    if isinstance(action, act.ChooseColour):
        lake = Lake(state.cards, state.counters)
        grid = lake.grid()
        squares = [s for _, s in lake.open_squares(grid)]
        name = "light blue" if action.colour == "light" else "dark blue"
        count = squares.count(act.SECTION_OF[action.colour])
        if not count:
            return f"{name.capitalize()} covers more of the lake so far."
        return (
            f"{name.capitalize()} has more to claim on the lake so far "
            f"({count} open square{'s' if count != 1 else ''})."
        )
    if isinstance(action, act.Draw):
        return "No square of your colour is open to claim, so draw and place a card."
    if isinstance(action, act.PutCounter):
        anchors = {(c.row, c.col) for c in state.cards}
        locks = sum((action.row + dr, action.col + dc) in anchors for dr, dc in NEAR)
        return (
            f"Claiming this square locks {locks} cards, which then can neither be moved "
            "nor removed in the Thawing."
        )
    if isinstance(action, act.Place) and state.drawn_card is not None and mine and theirs:
        grid = Lake(state.cards, state.counters).grid()
        face = sections_of(state.drawn_card, action.orientation)
        spot = (action.row, action.col)
        made = len(new_squares(grid, spot, face, act.SECTION_OF[mine]))
        given = len(new_squares(grid, spot, face, act.SECTION_OF[theirs]))
        if not made and not given:
            return "Here the card opens no square for either of you."
        return (
            f"Here the card opens {made} square{'s' if made != 1 else ''} of your colour and "
            f"{given} of {other}'s."
        )
    if isinstance(action, act.Place) and not mine:
        return "Colours are not chosen yet, so no spot favours you over the other player."
    return "It is the move that opens the most squares of your colour."


def chance_of(value: float) -> float:
    """A search value as a rough chance of winning: a forced result is certain either way,
    otherwise each counter ahead on the table is worth about ten points of chance."""
    if value >= FORCED:
        return 1.0
    if value <= -FORCED:
        return 0.0
    return max(0.05, min(0.95, 0.5 + value / 30.0))


def thaw_reason(obs: WinterObservation, line: Line) -> str:
    """One plain sentence from the search: what the move does and what the search saw."""
    seat = obs.to_act[0] if obs.to_act else 0
    other = f"{{s{1 - seat}}}"
    a = line.action
    plies = line.depth
    if line.value >= FORCED:
        moves = max(1, round(WIN - line.value))
        when = "at once" if moves <= 1 else f"within {moves} moves"
        return f"It wins by force: whatever {other} does, they run out of counters {when}."
    if line.value <= -FORCED:
        return f"Every move loses against best play; this one holds out longest against {other}."
    if isinstance(a, act.Remove):
        what = "Removing this card"
    elif isinstance(a, act.Move):
        what = "Moving this card claims a new square and"
    elif isinstance(a, act.Take):
        what = "Taking this counter back"
    elif isinstance(a, act.Keep):
        what = "Keeping this group"
    elif isinstance(a, act.PutCounter):
        what = "A counter here"
    else:
        what = "This move"
    lead = round(line.value / 3.0)
    if lead > 0:
        outlook = f"leaves you about {lead} counter{'s' if lead != 1 else ''} ahead"
    elif lead < 0:
        outlook = f"keeps you within {-lead} counter{'s' if lead != -1 else ''} of {other}"
    else:
        outlook = f"keeps you level with {other}"
    return f"{what} {outlook} after the best replies, looking {plies} moves ahead."

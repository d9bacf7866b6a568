"""The `BaseGame` object for Dead of Winter: thin glue over the rules modules."""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path
from rules.core import Agent, BaseGame, Outcome, Seat, Step, Working
from rules.dead_of_winter import choices, rules_flow, rules_legal, text
from rules.dead_of_winter import expert as expert_mod
from rules.dead_of_winter.actions import SECRET_KINDS, Action, Vote, action_model
from rules.dead_of_winter.agents import AGENTS
from rules.dead_of_winter.content import MAINS, OBJECTIVES
from rules.dead_of_winter.observation import Observation, observe
from rules.dead_of_winter.rules_end import outcome, outcome_dict
from rules.dead_of_winter.rules_setup import setup
from rules.dead_of_winter.state import DeadOfWinterOptions, State
from rules.errors import ParseError
from rules.playout import MoveRng
from rules.search import expert

_VIEWS: OrderedDict[int, tuple[State, dict[str, Any]]] = OrderedDict()


def _w(state: State) -> dict[str, Any]:
    """A read-only dict view of a state, computed once per state object (states are frozen).

    Only `rules_flow.apply` changes a dict, and it makes its own copy."""
    hit = _VIEWS.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    w = state.model_dump(mode="json")
    _VIEWS[id(state)] = (state, w)
    if len(_VIEWS) > 16:
        _VIEWS.popitem(last=False)
    return w


class DeadOfWinterGame(BaseGame[State, Action, Observation]):
    key = "dead_of_winter"
    title = "Dead of Winter"
    pitch = "Keep a zombie-besieged colony alive through winter — while chasing a secret goal."
    min_seats = 1
    max_seats = 5
    options_model = DeadOfWinterOptions
    state_model = State
    action_model: TypeAdapter[Action] = action_model
    agents: Mapping[str, Callable[[], Agent]] = AGENTS
    picture = True
    panel_common = text.COMMON_KINDS

    def __init__(self) -> None:
        # the search agent needs the game object, which agents may not import (DESIGN §3)
        self.agents = {**AGENTS, "expert": expert(self, expert_mod.TUNING)}
        self._legal: OrderedDict[tuple[int, Seat], tuple[State, tuple[Action, ...]]] = OrderedDict()

    def setup(self, seats: int, options: Any, rng: random.Random) -> Step[State]:
        opts = options if isinstance(options, DeadOfWinterOptions) else DeadOfWinterOptions()
        state, events = setup(seats, opts, rng)
        return Step(state, tuple(events))

    def to_act(self, state: State) -> frozenset[Seat]:
        return rules_legal.to_act(_w(state))

    def why_waiting(self, state: State, seat: Seat) -> str | None:
        """A seat that has cast its ballot hears so, not a bare "not your turn" (issue §5)."""
        reason = rules_legal.why_illegal(_w(state), seat, Vote(yes=True))
        return reason if reason == "You have already voted." else None

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        key = (id(state), seat)
        hit = self._legal.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        actions = tuple(rules_legal.legal(_w(state), seat))
        self._legal[key] = (state, actions)
        if len(self._legal) > 16:
            self._legal.popitem(last=False)
        return actions

    def apply(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Step[State]:
        new, events = rules_flow.apply(state, seat, action, rng)
        return Step(new, tuple(events))

    def observe(self, state: State, seat: Seat | None) -> Observation:
        w = _w(state)
        return observe(w, seat, outcome_dict(w))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "ended":
            return None
        return outcome(_w(state))

    def label(self, state: State, action: Action) -> str:
        return text.label(_w(state), action)

    def parse(
        self, state: State, seat: Seat, text_: str, legal: Sequence[Action] | None = None
    ) -> Action:
        if legal is None:
            legal = self.legal_actions(state, seat)
        if not legal:
            raise ParseError("The game is not waiting for a move from you right now.")
        return text.parse(_w(state), text_, legal)

    def describe(self, observation: Observation) -> str:
        return text.describe(observation)

    def rules_text(self) -> str:
        return f"{text.RULES.rstrip()}\nFull rules: `docs/games/dead_of_winter.md`."

    def notation(self) -> str:
        return text.NOTATION

    def why_illegal(self, state: State, seat: Seat, action: Action) -> str | None:
        return rules_legal.why_illegal(_w(state), seat, action)

    def working(self, state: State) -> Working[State, Action]:
        return DictInPlay(self, state)

    def determinize(self, observation: Observation, seat: Seat, rng: random.Random) -> State | None:
        """A world at the start of an action of the active player's turn (`determinize`)."""
        return expert_mod.determinize(observation, seat, rng)

    def move_kind(self, label: str) -> str | None:
        """Panels group Dead of Winter's moves by kind: a turn can offer hundreds (§3)."""
        return text.move_kind(label)

    def choice_paths(self, state: State, seat: Seat, legal: Sequence[Action]) -> list[Path | None]:
        """Kind → survivor or card → target and die, each option with its facts (`choices`)."""
        return choices.paths(_w(state), seat, legal)

    def is_secret(self, state: State, action: Action) -> bool:
        return action.type in SECRET_KINDS

    def secrets(self, state: State, seat: Seat) -> frozenset[str]:
        """§10.1 values only `seat` may see: its hand, its unrevealed objectives, the twist card it
        holds, its own contributions, its peeks, its survivors being drafted."""
        out: set[str] = set()
        for g in state.groups:
            if g.seat != seat:
                continue
            out |= set(g.hand) | set(g.dealt)
            if state.phase != "ended":
                out |= {o for o in g.objectives if o not in g.revealed}
                out |= {OBJECTIVES[o].name for o in g.objectives if o not in g.revealed}
            if state.crisis:
                out |= {c.card for c in state.crisis.contributions if c.group == g.group}
        if state.twist.card and state.twist.holder == seat:
            out.add(state.twist.card)
        still_secret = {c for g in state.groups for c in g.hand} | {
            o for g in state.groups for o in g.objectives if o not in g.revealed
        }
        if state.crisis:
            still_secret |= {c.card for c in state.crisis.contributions}
        for p in state.peeks:
            if p.seat == seat and state.phase != "ended":
                out |= set(p.values) & still_secret
        return frozenset(out)

    def hidden(self, state: State) -> frozenset[str]:
        """Values nobody may see: face-down decks, the bot's twist card, set-aside objectives, the
        ballots of an open vote."""
        out: set[str] = set(state.crisis_deck) | set(state.twist_deck) | set(state.exiled_deck)
        for loc in state.locations.values():
            out |= set(loc.deck)
        # the Long Night's face-down decks (§10.1); the current experiment is face up
        out |= set(state.ln.improvement_deck) | set(state.ln.experiment_deck)
        out |= set(state.ln.side_effects)  # its order: all six are always in it
        if state.twist.card and state.twist.holder == "bot":
            out.add(state.twist.card)
        # §6.15: an open vote's ballots, cast but secret until the last one reveals them all
        for task in state.tasks:
            if task.t == "vote":
                d = task.data
                about = f"{d.get('subject')} {d.get('target', d.get('card'))}"
                for voter, ballot in d.get("ballots", {}).items():
                    out.add(f"ballot of seat {voter} on {about}: {ballot}")
        return frozenset(out)

    def summary(self, result: Outcome, names: Sequence[str]) -> str:
        done = result.details.get("main_objective_complete")
        why = {
            "morale": "the colony's morale ran out",
            "round_track": "the last round ended before the main objective was met",
            "exile": "a second innocent survivor was exiled and the colony broke apart",
            "eliminated": "every group was eliminated",
        }.get(result.reason, result.reason.replace("_", " "))
        head = "the colony completed its main objective" if done else f"the colony failed: {why}"
        lines = [f"**Game over — {head}.**"]
        for r in result.results:
            who = names[r.seat] if r.seat < len(names) else f"seat {r.seat + 1}"
            led = sorted(
                {x.group for x in result.results if x.seat == r.seat and x.group is not None}
            )
            group = ""  # solo: one player leads two groups, told apart by their order
            if len(led) > 1 and r.group in led:
                group = f" ({('first', 'second', 'third')[led.index(r.group) % 3]} group)"
            what = r.detail or (MAINS[r.ref].name if r.ref in MAINS else r.ref)
            kind = "shared main" if r.kind == "coop" else r.kind
            lines.append(
                f"{who}{group}: {kind} objective {what} — {'met' if r.met else 'not met'}."
            )
        winners = ", ".join(names[s] for s in sorted(result.winners) if s < len(names))
        lines.append(f"Winners: {winners}." if winners else "Nobody won.")
        return "\n".join(lines)


class DictInPlay(Working[State, Action]):
    """A playout's one state dict for the whole game: the rules work on the state's JSON dict
    anyway, so every move changes it in place (`rules_flow.apply_to`) where `apply` would dump
    the state and validate the result each time, and every query reads it. A move draws from one
    rng seeded only when the move first draws (`MoveRng`), and the legal list is asked of a seat
    the playout knows may act (no second `to_act`)."""

    def __init__(self, game: DeadOfWinterGame, state: State) -> None:
        super().__init__(game, state)
        self.w = state.model_dump(mode="json")
        self.rng = MoveRng()

    def to_act(self) -> frozenset[Seat]:
        return rules_legal.to_act(self.w)

    def awaiting(self) -> frozenset[Seat]:
        return rules_legal.to_act(self.w)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return rules_legal.legal_of(self.w, seat)

    def outcome(self) -> Outcome | None:
        return outcome(self.w) if self.w["phase"] == "ended" else None

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        rng = self.rng
        rng.at(seed, ply)
        rules_flow.apply_to(self.w, seat, action, rng)

    def freeze(self) -> State:
        return State.model_validate(self.w)


GAME = DeadOfWinterGame()

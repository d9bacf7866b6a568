"""The `BaseGame` object for Dead of Winter: thin glue over the rules modules."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path
from rules.core import Agent, BaseGame, Outcome, Seat, Step
from rules.dead_of_winter import choices, rules_flow, rules_legal
from rules.dead_of_winter import expert as expert_mod
from rules.dead_of_winter.actions import SECRET_KINDS, Action, action_model
from rules.dead_of_winter.agents import AGENTS
from rules.dead_of_winter.content import OBJECTIVES
from rules.dead_of_winter.fast import DictInPlay
from rules.dead_of_winter.observation import Observation, observe
from rules.dead_of_winter.rules_end import outcome, outcome_dict
from rules.dead_of_winter.rules_setup import setup
from rules.dead_of_winter.state import DeadOfWinterOptions, State
from rules.dead_of_winter.state_dicts import as_dict
from rules.dead_of_winter.text import DeadOfWinterText
from rules.game_info import Chance, GameInfo, Information, Play
from rules.search import expert
from rules.state_cache import StateCache


class DeadOfWinterGame(BaseGame[State, Action, Observation]):
    title = "Dead of Winter"
    pitch = "Keep a zombie-besieged colony alive through winter — while chasing a secret goal."
    info = GameInfo(
        players=(1, 5),
        play=Play.MIXED,  # the colony's main objective and each player's secret one
        information=Information.SECRET_ROLES,  # hands, secret objectives, maybe a betrayer
        chance=Chance.MOVES,  # dice, searches, crisis cards
        simultaneous=True,  # a vote's ballots, contributions to a crisis
        picture=True,  # drawn by cogs/games/dead_of_winter.py
        coop_options={"mode": "coop"},  # DW-50: co-op players share the colony's result
    )
    text_model = DeadOfWinterText  # its words (`text.py`)
    fast = DictInPlay  # the playout fast path (`fast.py`)
    options_model = DeadOfWinterOptions
    state_model = State
    action_model: TypeAdapter[Action] = action_model
    agents: Mapping[str, Callable[[], Agent]] = AGENTS

    def __init__(self) -> None:
        # the search agent needs the game object, which agents may not import (DESIGN §3)
        self.agents = {**AGENTS, "expert": expert(self, expert_mod.TUNING)}
        self._legal: StateCache[tuple[Action, ...]] = StateCache(16)  # per state object and seat

    def setup(self, seats: int, options: Any, rng: random.Random) -> Step[State]:
        opts = options if isinstance(options, DeadOfWinterOptions) else DeadOfWinterOptions()
        state, events = setup(seats, opts, rng)
        return Step(state, tuple(events))

    def to_act(self, state: State) -> frozenset[Seat]:
        return rules_legal.to_act(as_dict(state))

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        return self._legal.get(state, seat, lambda: tuple(rules_legal.legal(as_dict(state), seat)))

    def apply(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Step[State]:
        new, events = rules_flow.apply(state, seat, action, rng)
        return Step(new, tuple(events))

    def observe(self, state: State, seat: Seat | None) -> Observation:
        w = as_dict(state)
        return observe(w, seat, outcome_dict(w))

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "ended":
            return None
        return outcome(as_dict(state))

    def determinize(self, observation: Observation, seat: Seat, rng: random.Random) -> State | None:
        """A world at the start of an action of the active player's turn (`determinize`)."""
        return expert_mod.determinize(observation, seat, rng)

    def choice_paths(self, state: State, seat: Seat, legal: Sequence[Action]) -> list[Path | None]:
        """Kind → survivor or card → target and die, each option with its facts (`choices`)."""
        return choices.paths(as_dict(state), seat, legal)

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


GAME = DeadOfWinterGame()

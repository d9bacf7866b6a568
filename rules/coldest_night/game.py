"""The Coldest Night as a `rules.core.Game`: set-up, legality, apply, outcome, chat policy."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path
from rules.coldest_night import choices, reads
from rules.coldest_night import expert as expert_mod
from rules.coldest_night import observation as obs_mod
from rules.coldest_night.actions import ACTION_ADAPTER, Action
from rules.coldest_night.agents import AGENTS
from rules.coldest_night.data import FROST
from rules.coldest_night.fast import TableInPlay
from rules.coldest_night.rules_play import act, outcome_of, to_act
from rules.coldest_night.rules_setup import setup_state
from rules.coldest_night.rules_turn import Table, legal
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightOptions, ColdestNightState
from rules.coldest_night.text import ColdestNightText
from rules.core import FREE_CHAT, BaseGame, ChatPolicy, Options, Outcome, Seat, Step
from rules.game_info import Chance, GameInfo, Information, Play, Talk
from rules.search import expert


class ColdestNight(BaseGame[ColdestNightState, Action, obs_mod.PublicObservation]):
    title = "The Coldest Night"
    pitch = "Cooperative: keep one shared fire burning until morning without saying a number."
    info = GameInfo(
        players=(1, 4),
        play=Play.COOPERATIVE,  # CN-7: the group wins or loses together
        information=Information.HIDDEN,  # hands, a scavenger's pool, Memory Loss options
        chance=Chance.SETUP,  # CN-2: no randomness after set-up
        talk=Talk.LIMITED,  # §8: no numbers, and silence with Blue Lips
    )
    text_model = ColdestNightText  # its words (`text.py`)
    fast = TableInPlay  # the playout fast path (`fast.py`)
    options_model: type[Options] = ColdestNightOptions
    state_model: type[ColdestNightState] = ColdestNightState
    action_model: TypeAdapter[Action] = ACTION_ADAPTER

    def __init__(self) -> None:
        # the search agent needs the game object, which agents may not import (DESIGN §3)
        self.agents = {**AGENTS, "expert": expert(self, expert_mod.TUNING)}

    # --- set-up and turn order -------------------------------------------------------------------
    def setup(self, seats: int, options: Any, rng: random.Random) -> ColdestNightState:
        if not isinstance(options, ColdestNightOptions):
            options = ColdestNightOptions.model_validate(options or {})
        return setup_state(seats, options, rng)

    def awaiting(self, state: ColdestNightState) -> frozenset[Seat]:
        seat = reads.awaited(state)  # read from the frozen state: no working copy needed
        return frozenset() if seat is None else frozenset({seat})

    def to_act(self, state: ColdestNightState) -> frozenset[Seat]:
        if state.phase not in TOKEN_WINDOW_PHASES or "available" not in state.tokens.values():
            seat = reads.awaited(state)  # no token can be used: only the awaited seat acts
            return frozenset() if seat is None else frozenset({seat})
        return to_act(state)  # read from the frozen state: no working copy

    def legal_actions(self, state: ColdestNightState, seat: Seat) -> Sequence[Action]:
        return legal(state, seat)  # read from the frozen state: no working copy

    # --- play -----------------------------------------------------------------------------------
    def apply(
        self, state: ColdestNightState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[ColdestNightState]:
        """Apply one legal action and every automatic sub-step after it (no randomness: CN-2)."""
        t = Table(state)
        act(t, seat, action)
        return Step(state=t.freeze(), events=tuple(t.events))

    def outcome(self, state: ColdestNightState) -> Outcome | None:
        return outcome_of(state.winners, state.end_reason)

    # --- talk and choices ------------------------------------------------------------------------
    def chat_policy(self, state: ColdestNightState, seat: Seat) -> ChatPolicy:
        """§8: silent with Blue Lips, else no number but the heat total and face-up frost values."""
        if state.phase == "game_over":
            return FREE_CHAT
        if any(FROST[f].kind == "blue_lips" for f in state.frostbite[seat]):
            return ChatPolicy(
                mode="silent",
                reason="blue_lips",
                block_attachments=True,
                notice="you hold **Blue Lips**, so you may not send messages in the game channel",
            )
        allowed = {reads.heat_total(state)}
        allowed |= {FROST[f].frost for held in state.frostbite for f in held}
        return ChatPolicy(
            mode="no_numbers",
            allowed_numbers=frozenset(allowed),
            block_attachments=True,
            notice="The Coldest Night forbids saying numbers (only the current heat total and "
            "the frost values in play may be said)",
        )

    def choice_paths(
        self, state: ColdestNightState, seat: Seat, legal: Sequence[Action]
    ) -> Sequence[Path | None]:
        found = choices.paths(state, seat, legal)  # kind → card → whom (`choices.py`)
        return self.paths_or_plain(state, seat, legal, found)  # plain where a step is too long

    def secrets(self, state: ColdestNightState, seat: Seat) -> frozenset[str]:
        """Ids of the seat's hand, its scavenge pool and memory options; nothing after the end,
        when the final hands are shown to everyone (CN-44)."""
        if state.phase == "game_over":
            return frozenset()
        found = set(state.hands[seat])
        if state.scavenge is not None and state.scavenge.scavenger == seat:
            found |= set(state.scavenge.pool)
        if state.memory is not None and state.memory.seat == seat:
            found |= set(state.memory.options) | set(state.memory.collected)
        return frozenset(found)

    def observe(self, state: ColdestNightState, seat: Seat | None) -> obs_mod.PublicObservation:
        if seat is None:
            return obs_mod.public(state)  # read from the frozen state: no working copy
        actions = legal(state, seat) if seat in self.to_act(state) else []
        return obs_mod.private(state, seat, actions)  # read from the frozen state

    def private_key(self, state: ColdestNightState, seat: Seat) -> Hashable:
        return obs_mod.private_key(state, seat)

    def determinize(
        self, observation: obs_mod.PublicObservation, seat: Seat, rng: random.Random
    ) -> ColdestNightState | None:
        if not isinstance(observation, obs_mod.PrivateObservation):
            return None
        return expert_mod.determinize(observation, seat, rng)


GAME = ColdestNight()

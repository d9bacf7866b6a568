"""The Coldest Night as a `rules.core.Game`: set-up, legality, apply, outcome, chat policy."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.choices import Path, build, check
from rules.coldest_night import choices, reads, text
from rules.coldest_night import expert as expert_mod
from rules.coldest_night import observation as obs_mod
from rules.coldest_night import rules_tokens as tokens
from rules.coldest_night.actions import (
    ACTION_ADAPTER,
    Action,
    CheckForFrostbite,
    CheckFrostbite,
    ChilblainsDiscard,
    Done,
    Give,
    MemoryReturn,
    Play,
    Scavenge,
    TargetRemove,
    UseToken,
)
from rules.coldest_night.agents import AGENTS
from rules.coldest_night.data import FROST
from rules.coldest_night.rules_setup import setup_state
from rules.coldest_night.rules_turn import Ended, Table, legal
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightOptions, ColdestNightState
from rules.core import (
    FREE_CHAT,
    Agent,
    BaseGame,
    ChatPolicy,
    Options,
    Outcome,
    Seat,
    Step,
    Working,
)
from rules.search import expert


class ColdestNight(BaseGame[ColdestNightState, Action, obs_mod.PublicObservation]):
    key = "coldest_night"
    title = "The Coldest Night"
    pitch = "Cooperative: keep one shared fire burning until morning without saying a number."
    min_seats = 1
    max_seats = 4
    options_model: type[Options] = ColdestNightOptions
    state_model: type[ColdestNightState] = ColdestNightState
    action_model: TypeAdapter[Action] = ACTION_ADAPTER
    agents: Mapping[str, Callable[[], Agent]]

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
        return _to_act(state)  # read from the frozen state: no working copy

    def legal_actions(self, state: ColdestNightState, seat: Seat) -> Sequence[Action]:
        return legal(state, seat)  # read from the frozen state: no working copy

    # --- play -----------------------------------------------------------------------------------
    def apply(
        self, state: ColdestNightState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[ColdestNightState]:
        """Apply one legal action and every automatic sub-step after it (no randomness: CN-2)."""
        t = Table(state)
        _apply(t, seat, action)
        return Step(state=t.freeze(), events=tuple(t.events))

    def outcome(self, state: ColdestNightState) -> Outcome | None:
        return _outcome(state.winners, state.end_reason)

    def why_illegal(self, state: ColdestNightState, seat: Seat, action: Action) -> str | None:
        return text.why_illegal(Table(state), seat, action)

    # --- talk and text ----------------------------------------------------------------------------
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

    def label(self, state: ColdestNightState, action: Action) -> str:
        return text.label(state, action)  # read from the frozen state: no working copy

    def choice_paths(
        self, state: ColdestNightState, seat: Seat, legal: Sequence[Action]
    ) -> Sequence[Path | None]:
        found = choices.paths(state, seat, legal)  # kind → card → whom (`choices.py`)
        if check(build(found), len(legal), self.max_choice_depth):  # a step too long: plain
            return super().choice_paths(state, seat, legal)
        return found

    def parse(
        self,
        state: ColdestNightState,
        seat: Seat,
        typed: str,
        legal_now: Sequence[Action] | None = None,
    ) -> Action:
        if legal_now is None:
            legal_now = legal(state, seat)
        return text.parse(state, list(legal_now), typed)  # labels read the frozen state

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

    def describe(self, observation: obs_mod.PublicObservation) -> str:
        return obs_mod.describe(observation)

    def private_key(self, state: ColdestNightState, seat: Seat) -> Hashable:
        return obs_mod.private_key(state, seat)

    def private_lines(self, state: ColdestNightState, seat: Seat) -> list[str]:
        return obs_mod.private_lines(state, seat)

    def rules_text(self) -> str:
        return f"{text.RULES.rstrip()}\nFull rules: `docs/games/coldest_night.md`."

    def summary(self, outcome: Outcome, names: Sequence[str]) -> str:
        return text.summary(outcome, names)

    def working(self, state: ColdestNightState) -> Working[ColdestNightState, Action]:
        return TableInPlay(self, state)

    def determinize(
        self, observation: obs_mod.PublicObservation, seat: Seat, rng: random.Random
    ) -> ColdestNightState | None:
        if not isinstance(observation, obs_mod.PrivateObservation):
            return None
        return expert_mod.determinize(observation, seat, rng)


def _awaiting(t: Table) -> frozenset[Seat]:
    seat = t.awaited()
    return frozenset() if seat is None else frozenset({seat})


def _to_act(t: Table | ColdestNightState) -> frozenset[Seat]:
    """The awaited seat and, in a token window, every seat with a legal token use (a token can be
    used by some seat exactly when some seat has a use, so no separate `token_usable` test)."""
    seat = reads.awaited(t)
    if seat is None:
        return frozenset()
    seats = {seat}
    if t.phase in TOKEN_WINDOW_PHASES:
        seats |= {s for s in range(t.num_players) if tokens.has_use(t, s)}
    return frozenset(seats)


def _outcome(winners: Sequence[int] | None, reason: str | None) -> Outcome | None:
    if winners is None or reason is None:
        return None
    return Outcome(winners=frozenset(winners), reason=reason, group_score=None)


def _apply(t: Table, seat: Seat, action: Action) -> None:
    """One legal action and every automatic sub-step after it, on the working copy."""
    try:  # the commonest moves first: plays and gives are most of a game
        if isinstance(action, Play):
            t.play(action.card_id, action.source)
        elif isinstance(action, Give):
            t.give(action.card_id, action.to_seat)
        elif isinstance(action, CheckFrostbite):
            t.frostbite_removal()
            t.phase = "main"
            t.settle_main()
        elif isinstance(action, Done):
            t.say(f"{{s{seat}}} stops feeding the fire.")
            t.fire_dies_down()
        elif isinstance(action, Scavenge):
            t.scavenge_step()
        elif isinstance(action, MemoryReturn):
            t.memory_return(action.card_id)
        elif isinstance(action, TargetRemove):
            t.target_remove(action.card_id)
        elif isinstance(action, CheckForFrostbite):
            t.check_for_frostbite()
        elif isinstance(action, ChilblainsDiscard):
            t.chilblains_discard(action.card_id)
        elif isinstance(action, UseToken):
            t.use_token(action)
    except Ended:
        pass


class TableInPlay(Working[ColdestNightState, Action]):
    """A playout's one `Table` for the whole game: every query reads it and every move changes
    it in place, where `apply` would thaw and freeze the whole state each time. Its events are
    not recorded (a playout reads none)."""

    def __init__(self, game: ColdestNight, state: ColdestNightState) -> None:
        super().__init__(game, state)
        self.table = Table(state)
        self.table.quiet = True

    def to_act(self) -> frozenset[Seat]:
        return _to_act(self.table)

    def awaiting(self) -> frozenset[Seat]:
        return _awaiting(self.table)

    def legal(self, seat: Seat) -> Sequence[Action]:
        return legal(self.table, seat)

    def outcome(self) -> Outcome | None:
        return _outcome(self.table.winners, self.table.end_reason)

    def apply(self, seat: Seat, action: Action, seed: str | int, ply: int) -> None:
        _apply(self.table, seat, action)  # no randomness after set-up (CN-2): no rng to make

    def freeze(self) -> ColdestNightState:
        return self.table.freeze()


GAME = ColdestNight()

"""The `Game` object: wires set-up, day, night, observations and words together (spec §3–§11).

Caching: states are immutable, so the legal actions of a (state, seat) are cached by the state's
identity (a few recent states, holding references so identities are not reused).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.cards import deck_ids
from rules.choices import Path
from rules.core import FREE_CHAT, BaseGame, ChatPolicy, Outcome, Seat, Step, Timer
from rules.errors import IllegalActionError, OptionsError
from rules.game_info import Chance, GameInfo, Information, Play, Talk
from rules.game_text import plural
from rules.search import expert
from rules.state_cache import StateCache
from rules.tenth_night import choices
from rules.tenth_night import expert as expert_mod
from rules.tenth_night.actions import Action, DayAction, Defend, EndDay, action_model
from rules.tenth_night.agents import HeuristicAgent, TenthNightRandomAgent
from rules.tenth_night.fast import TableInPlay
from rules.tenth_night.observation import (
    TenthNightObservation,
    TenthNightPrivateObservation,
    card_view,
    defence_actions,
    defence_options,
    offer_view,
    public_fields,
)
from rules.tenth_night.rules_day import apply_day, legal
from rules.tenth_night.rules_night import defend
from rules.tenth_night.rules_table import Table, setup_table
from rules.tenth_night.state import PublicOptions, Result, TenthNightOptions, TenthNightState
from rules.tenth_night.text_object import TenthNightText

NIGHT_CHAT = ChatPolicy(mode="silent", reason="night", block_attachments=True)


def _outcome(r: Result | None) -> Outcome | None:
    """The engine's outcome of a finished game's result (None while it goes on)."""
    if r is None:
        return None
    return Outcome(
        winners=frozenset(r.winners),
        reason=r.reason,
        scores=dict(r.individual_scores),
        group_score=r.group_score,
    )


class TenthNightGame(BaseGame[TenthNightState, Action, TenthNightObservation]):
    title = "The 10th Night"
    pitch = "Cooperative card survival: guard your row of people through ten silent monster nights."
    info = GameInfo(
        players=(1, 4),
        play=Play.COOPERATIVE,  # TN-31: one shared result
        information=Information.HIDDEN,  # each seat's hand
        chance=Chance.MOVES,  # TN-8: the deck is reshuffled as the game goes
        simultaneous=True,  # the day: every seat acts freely until ready
        clocks=True,  # §7: `day_seconds`, `defence_seconds`
        talk=Talk.LIMITED,  # silent nights
    )
    text_model = TenthNightText  # its words (`text.py`)
    fast = TableInPlay  # the playout fast path (`fast.py`)
    options_model = TenthNightOptions
    state_model = TenthNightState
    action_model: TypeAdapter[Action] = action_model

    def __init__(self) -> None:
        self.agents = {
            "random": TenthNightRandomAgent,
            "heuristic": HeuristicAgent,
            # the search agent needs the game object, which agents may not import (DESIGN §3)
            "expert": expert(self, expert_mod.TUNING),
        }
        self._legal: StateCache[list[Action]] = StateCache(16)  # per state object and seat

    # set-up ------------------------------------------------------------------------------------
    def setup(self, seats: int, options: Any, rng: random.Random) -> TenthNightState:
        opts = options if isinstance(options, TenthNightOptions) else TenthNightOptions()
        decks = 1 if seats <= 2 else 2
        order = None
        if opts.deck_order is not None:
            expected = deck_ids(decks)
            if sorted(opts.deck_order) != sorted(expected):
                raise OptionsError(
                    f"deck_order must list each of the {len(expected)} card ids of "
                    f"{plural(decks, 'deck')} exactly once."
                )
            order = list(opts.deck_order)
        public = PublicOptions(
            record_mode=opts.record_mode,
            attack_schedule=opts.attack_schedule,
            day_seconds=opts.day_seconds,
            defence_seconds=opts.defence_seconds,
        )
        return setup_table(seats, public, order, rng).freeze()

    # turn structure ----------------------------------------------------------------------------
    def to_act(self, state: TenthNightState) -> frozenset[Seat]:
        if state.phase == "night":
            return frozenset({state.cursor.seat}) if state.cursor is not None else frozenset()
        if state.phase != "day":
            return frozenset()
        return frozenset(
            seat for seat in range(state.num_players) if next(legal(state, seat), None) is not None
        )

    def awaiting(self, state: TenthNightState) -> frozenset[Seat]:
        if state.phase == "night":
            return self.to_act(state)
        if state.phase != "day":
            return frozenset()
        waiting = {i for i, p in enumerate(state.players) if not p.ready}
        waiting |= {o.to_seat for o in state.offers}
        return frozenset(waiting)

    def legal_actions(self, state: TenthNightState, seat: Seat) -> Sequence[Action]:
        return self._legal.get(state, seat, lambda: self._legal_now(state, seat))

    @staticmethod
    def _legal_now(state: TenthNightState, seat: Seat) -> list[Action]:
        if state.phase == "day":
            return list(legal(state, seat))
        if state.phase == "night":
            return list(defence_actions(state, seat))
        return []

    def timer(self, state: TenthNightState) -> Timer | None:
        """The §7 clocks: `day_seconds` ends the day (system `end_day`); `defence_seconds` passes
        for the deciding seat. A new day, or a new decision, starts the clock again."""
        options = state.options
        if state.phase == "day" and options.day_seconds:
            return Timer.single(f"day{state.round}", options.day_seconds, None, EndDay())
        cursor = state.cursor
        if state.phase == "night" and cursor is not None and options.defence_seconds:
            key = f"defence{state.round}-{len(state.attacks)}-{cursor.seat}-{len(cursor.visited)}"
            return Timer.single(key, options.defence_seconds, cursor.seat, Defend(mode="pass"))
        return None

    def apply(
        self, state: TenthNightState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[TenthNightState]:
        t = Table(state, rng)
        if isinstance(action, Defend):
            defend(t, seat, action.mode, action.card_ids)
        else:
            if state.phase != "day":
                raise IllegalActionError("That is a day action, and the day is over.")
            apply_day(t, seat, action)
        return Step(t.freeze(), tuple(t.events))

    # views -------------------------------------------------------------------------------------
    def observe(
        self, state: TenthNightState, seat: Seat | None
    ) -> TenthNightObservation | TenthNightPrivateObservation:
        fields = public_fields(
            state, sorted(self._spec_to_act(state)), sorted(self.awaiting(state))
        )
        if seat is None:
            # Every field is built from typed values above: skip re-validating them.
            return TenthNightObservation.model_construct(**fields)
        hand = [card_view(c) for c in state.players[seat].hand]
        mine = [offer_view(o, seat) for o in state.offers if seat in (o.from_seat, o.to_seat)]
        return TenthNightPrivateObservation.model_construct(
            **fields,
            seat=seat,
            hand=hand,
            my_offers=mine,
            defence_options=defence_options(state, seat),
            legal_actions=list(self.legal_actions(state, seat)),
        )

    @staticmethod
    def _spec_to_act(state: TenthNightState) -> set[int]:
        """The observation's `to_act` (§10): day = seats not ready; night = the deciding seat."""
        if state.phase == "day":
            return {i for i, p in enumerate(state.players) if not p.ready}
        if state.phase == "night" and state.cursor is not None:
            return {state.cursor.seat}
        return set()

    def outcome(self, state: TenthNightState) -> Outcome | None:
        return _outcome(state.result)

    def chat_policy(self, state: TenthNightState, seat: Seat) -> ChatPolicy:
        if state.phase != "night":
            return FREE_CHAT
        return NIGHT_CHAT.model_copy(
            update={"notice": "it is night in The 10th Night: nobody may talk until the day comes"}
        )

    def secrets(self, state: TenthNightState, seat: Seat) -> frozenset[str]:
        """The seat's hand ids, and hand cards it was shown in offers it is a party to."""
        known = set(state.players[seat].hand)
        for o in state.offers:
            if o.give_zone == "hand" and seat in (o.from_seat, o.to_seat):
                known.add(o.give_card)
        return frozenset(known)

    def choice_paths(
        self, state: TenthNightState, seat: Seat, legal: Sequence[Action]
    ) -> Sequence[Path | None]:
        found = choices.paths(state, seat, legal)  # kind → card → place (`choices.py`)
        return self.paths_or_plain(state, seat, legal, found)  # plain where a step is too long

    def determinize(
        self, observation: TenthNightObservation, seat: Seat, rng: random.Random
    ) -> TenthNightState | None:
        if not isinstance(observation, TenthNightPrivateObservation):
            return None
        return expert_mod.determinize(observation, seat, rng)


__all__ = ["DayAction", "TenthNightGame"]


GAME = TenthNightGame()

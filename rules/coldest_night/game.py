"""The Coldest Night as a `rules.core.Game`: set-up, legality, apply, outcome, chat policy."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter

from rules.coldest_night import observe as obs_mod
from rules.coldest_night import text
from rules.coldest_night.agents import AGENTS
from rules.coldest_night.data import (
    FD_IDS,
    FROST,
    FROST_IDS,
    IF_IDS,
    KINDLING_IDS,
    SOLO_FROST_IDS,
    SOLO_KINDLING_IDS,
    STARTER_IDS,
    TOKEN_ORDER,
)
from rules.coldest_night.flow import Ended, Table
from rules.coldest_night.state import (
    ACTION_ADAPTER,
    TOKEN_WINDOW_PHASES,
    Action,
    CheckForFrostbite,
    CheckFrostbite,
    ChilblainsDiscard,
    ColdestNightOptions,
    ColdestNightState,
    Done,
    Give,
    MemoryReturn,
    Play,
    Scavenge,
    TargetRemove,
    UseToken,
)
from rules.core import FREE_CHAT, Agent, ChatPolicy, Options, Outcome, Seat, Step
from rules.errors import OptionsError

HAND_SIZE = {"standard": 3, "solo": 4}


def _order(
    given: Sequence[str] | None, ids: Sequence[str], what: str, rng: random.Random
) -> list[str]:
    if given is None:
        order = list(ids)
        rng.shuffle(order)
        return order
    if sorted(given) != sorted(ids):
        raise OptionsError(
            f"`{what}` must list exactly these {len(ids)} ids once each: {', '.join(ids)}."
        )
    return list(given)


def setup_state(seats: int, options: ColdestNightOptions, rng: random.Random) -> ColdestNightState:
    """CN-1…CN-4 and CN-45."""
    solo = seats == 1
    k = _order(
        options.kindling_order, SOLO_KINDLING_IDS if solo else KINDLING_IDS, "kindling_order", rng
    )
    f = _order(
        options.frostbite_order, SOLO_FROST_IDS if solo else FROST_IDS, "frostbite_order", rng
    )
    if options.start_seat is not None and not 0 <= options.start_seat < seats:
        raise OptionsError(
            f"`start_seat` is a 0-based seat index: with {seats} players it must be "
            f"between 0 and {seats - 1}, not {options.start_seat}."
        )
    if options.start_seat is not None:
        start = options.start_seat
    else:
        start = 0 if solo else rng.randrange(seats)
    fd1, fd2, fd3 = FD_IDS
    if solo:
        removed, r = tuple(k[:14]), k[14:]
        deck = [*r[:13], fd1, *r[13:21], fd2, *r[21:29], fd3]
    else:
        removed = ()
        deck = [*k[:20], fd1, *k[20:35], fd2, *k[35:50], fd3]
    size = HAND_SIZE["solo" if solo else "standard"]
    hands: list[list[str]] = [[] for _ in range(seats)]
    for _ in range(size):
        for seat in range(seats):
            hands[seat].append(deck.pop(0))
    return ColdestNightState(
        variant="solo" if solo else "standard",
        num_players=seats,
        turn=1,
        active_seat=start,
        phase="main",
        pit=STARTER_IDS,
        deck=tuple(deck),
        frost_deck=tuple(f),
        hands=tuple(tuple(h) for h in hands),
        frostbite=tuple(() for _ in range(seats)),
        tokens=dict.fromkeys(TOKEN_ORDER, "supply"),
        display=IF_IDS if solo else (),
        removed=removed,
    )


def legal(t: Table, seat: Seat) -> list[Action]:
    """Exactly the records `apply` accepts from `seat` now (§11), in a fixed order."""
    if t.phase == "game_over":
        return []
    found: list[Action] = []
    if seat == t.awaited():
        phase = t.phase
        if phase == "frostbite_removal":
            found.append(CheckFrostbite(seat=seat))
        elif phase == "main":
            found += [Play(seat=seat, card_id=c, source=src) for c, src in t.playable()]  # type: ignore[arg-type]
            if t.main_action == "feed":
                found.append(Done(seat=seat))
            elif t.main_action is None:
                found.append(Scavenge(seat=seat))
        elif phase == "memory_choice" and t.memory is not None:
            found += [MemoryReturn(seat=seat, card_id=c) for c in t.memory.options]
        elif phase == "distribute" and t.pool:
            eligible = t.eligible()
            found += [Give(seat=seat, card_id=c, to_seat=s) for c in t.pool for s in eligible]
        elif phase == "target_choice":
            found += [TargetRemove(seat=seat, card_id=c) for c in t.pit]
        elif phase == "frostbite_check":
            found.append(CheckForFrostbite(seat=seat))
        elif phase == "chilblains":
            found += [ChilblainsDiscard(seat=seat, card_id=c) for c in t.hands[seat]]
    if t.phase in TOKEN_WINDOW_PHASES:
        found += t.token_uses(seat)
    return found


class ColdestNight:
    key = "coldest_night"
    title = "The Coldest Night"
    pitch = "Cooperative: keep one shared fire burning until morning without saying a number."
    min_seats = 1
    max_seats = 4
    options_model: type[Options] = ColdestNightOptions
    state_model: type[ColdestNightState] = ColdestNightState
    action_model: TypeAdapter[Action] = ACTION_ADAPTER
    agents: Mapping[str, Callable[[], Agent]] = AGENTS

    # --- set-up and turn order -------------------------------------------------------------------
    def setup(self, seats: int, options: Any, rng: random.Random) -> ColdestNightState:
        if not isinstance(options, ColdestNightOptions):
            options = ColdestNightOptions.model_validate(options or {})
        return setup_state(seats, options, rng)

    def awaiting(self, state: ColdestNightState) -> frozenset[Seat]:
        seat = Table(state).awaited()
        return frozenset() if seat is None else frozenset({seat})

    def to_act(self, state: ColdestNightState) -> frozenset[Seat]:
        t = Table(state)
        seat = t.awaited()
        if seat is None:
            return frozenset()
        seats = {seat}
        if state.phase in TOKEN_WINDOW_PHASES and t.token_usable():
            seats |= {s for s in range(t.n) if t.token_uses(s)}
        return frozenset(seats)

    def legal_actions(self, state: ColdestNightState, seat: Seat) -> Sequence[Action]:
        return legal(Table(state), seat)

    # --- play -----------------------------------------------------------------------------------
    def apply(
        self, state: ColdestNightState, seat: Seat, action: Action, rng: random.Random
    ) -> Step[ColdestNightState]:
        """Apply one legal action and every automatic sub-step after it (no randomness: CN-2)."""
        t = Table(state)
        try:
            if isinstance(action, CheckFrostbite):
                t.frostbite_removal()
                t.phase = "main"
                t.settle_main()
            elif isinstance(action, Play):
                t.play(action.card_id, action.source)
            elif isinstance(action, Done):
                t.say(f"{{s{seat}}} stops feeding the fire.")
                t.fire_dies_down()
            elif isinstance(action, Scavenge):
                t.scavenge()
            elif isinstance(action, MemoryReturn):
                t.memory_return(action.card_id)
            elif isinstance(action, Give):
                t.give(action.card_id, action.to_seat)
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
        return Step(state=t.freeze(), events=tuple(t.events))

    def outcome(self, state: ColdestNightState) -> Outcome | None:
        if state.winners is None or state.end_reason is None:
            return None
        return Outcome(winners=frozenset(state.winners), reason=state.end_reason, group_score=None)

    def why_illegal(self, state: ColdestNightState, seat: Seat, action: Action) -> str | None:
        return text.why_illegal(Table(state), seat, action)

    # --- talk and text ----------------------------------------------------------------------------
    def chat_policy(self, state: ColdestNightState, seat: Seat) -> ChatPolicy:
        """§8: silent with Blue Lips, else no number but the heat total and face-up frost values."""
        if state.phase == "game_over":
            return FREE_CHAT
        if any(FROST[f].kind == "blue_lips" for f in state.frostbite[seat]):
            return ChatPolicy(mode="silent", reason="blue_lips", block_attachments=True)
        allowed = {Table(state).heat_total()}
        allowed |= {FROST[f].frost for held in state.frostbite for f in held}
        return ChatPolicy(
            mode="no_numbers", allowed_numbers=frozenset(allowed), block_attachments=True
        )

    def label(self, state: ColdestNightState, action: Action) -> str:
        return text.label(Table(state), action)

    def parse(self, state: ColdestNightState, seat: Seat, typed: str) -> Action:
        t = Table(state)
        return text.parse(t, legal(t, seat), typed)

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
        t = Table(state)
        if seat is None:
            return obs_mod.public(t)
        actions = legal(t, seat) if seat in self.to_act(state) else []
        return obs_mod.private(t, seat, actions)

    def describe(self, observation: obs_mod.PublicObservation) -> str:
        return obs_mod.describe(observation)

    def rules_text(self) -> str:
        return f"{text.RULES.rstrip()}\nFull rules: `docs/games/coldest_night.md`."


GAME = ColdestNight()

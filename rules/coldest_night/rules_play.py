"""One action of The Coldest Night and every automatic sub-step after it, and the seats that may
act, on a working `Table` or read from a frozen state: shared by the game and its fast path."""

from __future__ import annotations

from collections.abc import Sequence

from rules.coldest_night import reads
from rules.coldest_night import rules_tokens as tokens
from rules.coldest_night.actions import (
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
from rules.coldest_night.rules_turn import Ended, Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightState
from rules.core import Outcome, Seat


def awaiting(t: Table) -> frozenset[Seat]:
    seat = t.awaited()
    return frozenset() if seat is None else frozenset({seat})


def to_act(t: Table | ColdestNightState) -> frozenset[Seat]:
    """The awaited seat and, in a token window, every seat with a legal token use (a token can be
    used by some seat exactly when some seat has a use, so no separate `token_usable` test)."""
    seat = reads.awaited(t)
    if seat is None:
        return frozenset()
    seats = {seat}
    if t.phase in TOKEN_WINDOW_PHASES:
        seats |= {s for s in range(t.num_players) if tokens.has_use(t, s)}
    return frozenset(seats)


def outcome_of(winners: Sequence[int] | None, reason: str | None) -> Outcome | None:
    if winners is None or reason is None:
        return None
    return Outcome(winners=frozenset(winners), reason=reason, group_score=None)


def act(t: Table, seat: Seat, action: Action) -> None:
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

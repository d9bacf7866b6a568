"""The legal list (§11), read from the fields: the frozen state answers it without a working copy
(`reads`), and so does the working copy."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from rules.coldest_night import actions as act
from rules.coldest_night import reads
from rules.coldest_night import rules_tokens as tokens
from rules.coldest_night.state import TOKEN_WINDOW_PHASES
from rules.core import Seat


@lru_cache(maxsize=4096)
def _play(seat: Seat, card_id: str, source: str) -> act.Play:
    """Action records are frozen, so the legal lists share one per move instead of validating a
    new record for every listing (most of a playout's legal lists are plays and gives)."""
    return act.Play(seat=seat, card_id=card_id, source=source)  # type: ignore[arg-type]


@lru_cache(maxsize=4096)
def _give(seat: Seat, card_id: str, to_seat: Seat) -> act.Give:
    return act.Give(seat=seat, card_id=card_id, to_seat=to_seat)


@lru_cache(maxsize=4096)
def _one(kind: Callable[..., act.Action], seat: Seat, card_id: str | None = None) -> act.Action:
    """The other moves of a legal list, shared the same way: `kind(seat=…)`, with `card_id`
    when one is given."""
    if card_id is None:
        return kind(seat=seat)
    return kind(seat=seat, card_id=card_id)


def legal(t: reads.Seen, seat: Seat) -> list[act.Action]:
    """Exactly the records `apply` accepts from `seat` now (§11), in a fixed order: read from the
    fields, so the frozen state answers it without a working copy (`reads`)."""
    phase = t.phase
    if phase == "game_over":
        return []
    found: list[act.Action] = []
    if seat == reads.awaited(t):
        if phase == "frostbite_removal":
            found.append(_one(act.CheckFrostbite, seat))
        elif phase == "main":
            found += [_play(seat, c, src) for c, src in reads.playable(t)]
            if t.main_action == "feed":
                found.append(_one(act.Done, seat))
            elif t.main_action is None:
                found.append(_one(act.Scavenge, seat))
        elif phase == "memory_choice" and t.memory is not None:
            found += [_one(act.MemoryReturn, seat, c) for c in t.memory.options]
        elif phase == "distribute" and t.scavenge is not None and t.scavenge.pool:
            eligible = reads.eligible(t)
            found += [_give(seat, c, s) for c in t.scavenge.pool for s in eligible]
        elif phase == "target_choice":
            found += [_one(act.TargetRemove, seat, c) for c in t.pit]
        elif phase == "frostbite_check":
            found.append(_one(act.CheckForFrostbite, seat))
        elif phase == "chilblains":
            found += [_one(act.ChilblainsDiscard, seat, c) for c in t.hands[seat]]
    if phase in TOKEN_WINDOW_PHASES:
        found += tokens.uses(t, seat)
    return found

"""Builders for explicit 10th Night states, written in the spec's notation (`7H 3S* 10D`)."""

from __future__ import annotations

import random
from typing import Any

from rules.cards import card, is_card_id
from rules.tenth_night import GAME
from rules.tenth_night.actions import Give, ProposeExchange, Want
from rules.tenth_night.rules_night import start_attack
from rules.tenth_night.rules_table import AttackW, Table
from rules.tenth_night.state import (
    AttackState,
    Person,
    PlayerState,
    PublicOptions,
    TenthNightState,
    Zone,
)


def cid(token: str) -> str:
    """`7H` → `7H-1`, `JK` → `JOKER-1a`, `JK2` → `JOKER-1b`; full ids pass through."""
    if is_card_id(token):
        return token
    if token.upper() == "JK":
        return "JOKER-1a"
    if token.upper() == "JK2":
        return "JOKER-1b"
    return f"{token.upper()}-1"


def ids(text: str) -> list[str]:
    return [cid(t) for t in text.split()]


def row(text: str) -> tuple[Person, ...]:
    return tuple(Person(id=cid(t.rstrip("*")), injured=t.endswith("*")) for t in text.split())


def shown(r: Any) -> str:
    """A row (state or observation) back in notation: `7H 3S* 10D`."""
    return " ".join(card(p.id).compact + ("*" if p.injured else "") for p in r)


def make(
    rows: list[str],
    hands: list[str] | None = None,
    *,
    draw: str = "",
    discard: str = "",
    round: int = 1,
    ready: list[bool] | None = None,
    dp: list[bool] | None = None,
    hit: list[bool] | None = None,
    raid: bool = False,
    record: bool = False,
    schedule: str = "standard",
) -> TenthNightState:
    n = len(rows)
    hands = hands or [""] * n
    return TenthNightState(
        num_players=n,
        decks=1 if n <= 2 else 2,
        options=PublicOptions(record_mode=record, attack_schedule=schedule),  # type: ignore[arg-type]
        phase="day",
        round=round,
        players=tuple(
            PlayerState(
                row=row(rows[i]),
                hand=tuple(ids(hands[i])),
                ready=(ready or [False] * n)[i],
                divine_protection=(dp or [False] * n)[i],
                hit_this_night=(hit or [False] * n)[i],
            )
            for i in range(n)
        ),
        draw=tuple(ids(draw)),
        discard=tuple(ids(discard)),
        raid_active=raid,
    )


def night_table(s: TenthNightState, rng: random.Random | None = None) -> Table:
    """The state as a working table in the middle of its night, before any attack is drawn."""
    t = Table(s, rng or random.Random(0))
    t.phase = "night"
    t.attacks_tonight = 99
    return t


def attack_on(t: Table, seat: int) -> AttackW:
    """Draw and resolve the next attack as if it were assigned to `seat` (0-based)."""
    # Attack j of Night n goes to seat (n − 1 + j − 1) mod NP: pad with finished attacks.
    n = t.num_players
    while (t.round - 1 + len(t.attacks)) % n != seat:
        done = AttackState(number=len(t.attacks) + 1, assigned_seat=-1, done=True)
        t.attacks.append(AttackW(done))
    start_attack(t)
    return t.attacks[-1]


def results(a: AttackW) -> list[str]:
    return [s.result for s in a.steps]


def act(s: TenthNightState, seat: int, action: Any, seed: int = 0) -> TenthNightState:
    """Apply through the same checks as the engine (legal, else the reason)."""
    from rules.engine import Engine

    return Engine(GAME).act(s, seat, action, seed=seed, ply=1).state


def offer(
    to_seat: int, give: Zone, card: str, want: Zone, theirs: str | None = None
) -> ProposeExchange:
    """An exchange offered to `to_seat`: my `card` from my `give` zone for their card `theirs`
    from their `want` zone (None: a card from their hand, unseen)."""
    return ProposeExchange(
        to_seat=to_seat,
        give=Give(zone=give, card_id=cid(card)),
        want=Want(zone=want, card_id=cid(theirs) if theirs else None),
    )


def ex13() -> TenthNightState:
    """TN-EX13's day: rows 2♥ 7♣ and 5♥ 8♠, hands 9♣ Q♦ and A♠ K♣, both players ready."""
    return make(["2H 7C", "5H 8S"], ["9C QD", "AS KC"], ready=[True, True])


def dusk(s: TenthNightState, seed: int = 0) -> TenthNightState:
    """Everyone declares ready, in seat order: the night falls and runs until it pauses."""
    for seat in range(s.num_players):
        if not s.players[seat].ready and s.phase == "day":
            s = act(s, seat, _ready(), seed)
    return s


def _ready() -> Any:
    from rules.tenth_night.actions import Ready

    return Ready()

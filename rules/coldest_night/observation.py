"""The observation contract of §10 built from the state (`public`, `private`); its records are in
`observation_models`, its text in `board_text`."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from typing import cast

from rules.coldest_night import board_text, reads
from rules.coldest_night.actions import Action
from rules.coldest_night.board_text import describe, private_lines
from rules.coldest_night.data import CARDS, TOKEN_ORDER, TOKENS, TokenId
from rules.coldest_night.observation_models import (
    CARD_VIEWS,
    FROST_VIEWS,
    PIT_VIEWS,
    Card,
    FrostCard,
    OutcomeView,
    PendingEffects,
    PitCard,
    PlayerView,
    PrivateObservation,
    PublicObservation,
    ScavengeView,
    TokenView,
    card,
    pit_card,
)
from rules.coldest_night.rules_turn import Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightState, TokenState
from rules.core import builder
from rules.draft import construct

__all__ = [  # the records and the text are read from here too
    "Card",
    "FrostCard",
    "OutcomeView",
    "PendingEffects",
    "PitCard",
    "PlayerView",
    "PrivateObservation",
    "PublicObservation",
    "ScavengeView",
    "TokenView",
    "card",
    "describe",
    "pit_card",
    "private",
    "private_key",
    "private_lines",
    "public",
]

# The records below are built from values the rules made, without validation (`builder`);
# `tests/rules/test_observations_built.py` compares them with validated ones.
_public_model = construct(PublicObservation)  # from the dict of `_public_fields` as it is
_private_model = builder(PrivateObservation)
_player = builder(PlayerView)
_token = builder(TokenView)
_pending = builder(PendingEffects)
_scavenge = builder(ScavengeView)
_outcome = builder(OutcomeView)


_DWINDLES = frozenset(i for i, c in CARDS.items() if c.kind == "fire_dwindles")
# Views that recur move after move, built once each: a token in each of its states, a seat's
# frostbite row. Both are bounded by the game's pieces (9 tokens × 4 states, …).
_TOKEN_VIEWS: dict[tuple[str, str, str | None], TokenView] = {}
_PLAYER_VIEWS: dict[tuple[int, int, tuple[str, ...]], PlayerView] = {}


def _token_view(token: str, state: str, attached_to: str | None) -> TokenView:
    key = (token, state, attached_to)
    found = _TOKEN_VIEWS.get(key)
    if found is None:
        found = _TOKEN_VIEWS[key] = _token(
            token=token, name=TOKENS[token].name, state=state, attached_to=attached_to
        )
    return found


def _player_view(seat: int, hand_count: int, frostbite: tuple[str, ...]) -> PlayerView:
    key = (seat, hand_count, frostbite)
    found = _PLAYER_VIEWS.get(key)
    if found is None:
        if len(_PLAYER_VIEWS) > 4_096:  # frostbite rows of long games: start again
            _PLAYER_VIEWS.clear()
            board_text.forget_players()
        found = _PLAYER_VIEWS[key] = _player(
            seat=seat, hand_count=hand_count, frostbite=[FROST_VIEWS[f] for f in frostbite]
        )
        board_text.remember(found)
    return found


def public(t: Table | ColdestNightState) -> PublicObservation:
    """The public view, read from the frozen state itself or from a working copy (the two have
    the same fields): the board is built from the stored state once a move, and thawing a copy
    just to read it cost as much as the view."""
    return cast(PublicObservation, _public_model(_public_fields(t)))


_BURNING: dict[str, PitCard] = {i: PIT_VIEWS[i, False] for i in CARDS}
"""Each card's pit record without Alcohol: a pit or discard pile is one lookup per card."""
_burning = _BURNING.__getitem__
_is_dwindles = _DWINDLES.__contains__
# Records that recur from one move to the next, built once per value (bounded): the nine tokens'
# states, the pending Fire Dies Down effects, who hands out how many scavenged cards. A view gets
# its own list of the shared records.
_TOKEN_ROWS: dict[tuple[str | None, tuple[tuple[str, str], ...]], tuple[TokenView, ...]] = {}
_PENDING: dict[tuple[int, int, int], PendingEffects] = {}
_SCAVENGE_VIEWS: dict[tuple[int, int], ScavengeView] = {}


def _pit_row(cards: Sequence[str], alcohol_on: str | None) -> list[PitCard]:
    try:
        if alcohol_on is None or alcohol_on not in cards:  # a discard pile, most pits
            return list(map(_burning, cards))
        return [_BURNING[c] if c != alcohol_on else PIT_VIEWS[c, True] for c in cards]
    except KeyError:  # not a card of the game: `pit_card` validates it (and refuses it)
        return [pit_card(c, c == alcohol_on) for c in cards]


def _token_row(tokens: dict[TokenId, TokenState], alcohol_on: str | None) -> tuple[TokenView, ...]:
    key = (alcohol_on, tuple(tokens.items()))
    found = _TOKEN_ROWS.get(key)
    if found is None:
        if len(_TOKEN_ROWS) > 4_096:
            _TOKEN_ROWS.clear()
        found = _TOKEN_ROWS[key] = tuple(
            _token_view(tok, tokens[tok], alcohol_on if tok == "alcohol" else None)
            for tok in TOKEN_ORDER
        )
    return found


def _pending_view(target: int, greatest: int, burn_one: int) -> PendingEffects:
    key = (target, greatest, burn_one)
    found = _PENDING.get(key)
    if found is None:
        if len(_PENDING) > 4_096:
            _PENDING.clear()
        found = _PENDING[key] = _pending(target=target, greatest=greatest, burn_one=burn_one)
    return found


def _scavenge_view(scavenger: int, pool_count: int) -> ScavengeView:
    key = (scavenger, pool_count)
    found = _SCAVENGE_VIEWS.get(key)
    if found is None:
        if len(_SCAVENGE_VIEWS) > 4_096:
            _SCAVENGE_VIEWS.clear()
        found = _SCAVENGE_VIEWS[key] = _scavenge(scavenger=scavenger, pool_count=pool_count)
    return found


def _dwindles_positions(deck: Sequence[str]) -> list[int]:
    """Where the Fire Dwindles cards lie in the pile (1 = top), in order: one pass of the pile
    (whose ids are all different) without a Python step per card."""
    return list(compress(count(1), map(_is_dwindles, deck)))


def _public_fields(t: Table | ColdestNightState) -> dict[str, object]:
    phase = t.phase
    over = phase == "game_over"
    scavenge = t.scavenge
    memory = t.memory
    if over:
        awaited = None
    elif phase == "memory_choice" and memory is not None:
        awaited = memory.seat
    elif phase == "distribute" and scavenge is not None:
        awaited = scavenge.scavenger
    else:
        awaited = t.active_seat
    alcohol_on = t.alcohol_on
    pit = t.pit
    deck = t.deck
    hands = t.hands
    frostbite = t.frostbite
    num_players = t.num_players
    return {
        "game": "coldest_night",
        "variant": t.variant,
        "num_players": num_players,
        "turn": t.turn,
        "active_seat": t.active_seat,
        "phase": phase,
        "to_act": [] if awaited is None else [awaited],
        "token_window": phase in TOKEN_WINDOW_PHASES,
        "pit": _pit_row(pit, alcohol_on),
        "heat_total": reads.heat_total(t),
        "turn_boost": t.turn_boost,
        "main_action": t.main_action,
        "cards_played_this_turn": t.cards_played,
        "pending_effects": _pending_view(t.pending_target, t.pending_greatest, t.pending_burn_one),
        "fire_died_down": t.fire_died_down,
        "deck_count": len(deck),
        "fire_dwindles_positions": _dwindles_positions(deck),
        "frostbite_deck_count": len(t.frost_deck),
        "players": [
            _player_view(s, len(hands[s]), tuple(frostbite[s])) for s in range(num_players)
        ],
        "tokens": list(_token_row(t.tokens, alcohol_on)),
        "discard": _pit_row(t.discard, None),
        "frostbite_discard": list(map(FROST_VIEWS.__getitem__, t.frostbite_discard)),
        "display": [CARD_VIEWS[c] for c in sorted(t.display)],
        "removed_count": len(t.removed),
        "scavenge": (
            _scavenge_view(scavenge.scavenger, len(scavenge.pool)) if scavenge is not None else None
        ),
        "outcome": (
            _outcome(winners=sorted(t.winners), reason=t.end_reason or "", group_score=None)
            if t.winners is not None
            else None
        ),
        "final_hands": (
            {s: [CARD_VIEWS[c] for c in hands[s]] for s in range(num_players)} if over else None
        ),
    }


def private(t: Table | ColdestNightState, seat: int, actions: list[Action]) -> PrivateObservation:
    """A seat's view, read from the frozen state or a working copy (as `public`)."""
    mem = t.memory if t.memory is not None and t.memory.seat == seat else None
    scavenge = t.scavenge
    return _private_model(
        **_public_fields(t),
        seat=seat,
        hand=[CARD_VIEWS[c] for c in t.hands[seat]],
        scavenge_pool=(
            [CARD_VIEWS[c] for c in scavenge.pool]
            if scavenge is not None and scavenge.scavenger == seat
            else None
        ),
        memory_options=[CARD_VIEWS[c] for c in mem.options] if mem is not None else None,
        legal_actions=list(actions),
    )


def private_key(state: ColdestNightState, seat: int) -> tuple[object, ...]:
    """What the private-only lines of `describe(private(…))` are made of (see
    `BaseGame.private_key`): the seat's hand, its scavenge pool, its Memory Loss options."""
    scavenge, memory = state.scavenge, state.memory
    return (
        seat,
        state.hands[seat],
        scavenge.pool if scavenge is not None and scavenge.scavenger == seat else None,
        memory.options if memory is not None and memory.seat == seat else None,
    )

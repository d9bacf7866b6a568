"""The observation contract of §10 and a plain-text rendering of it."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, count
from typing import Literal, cast

from rules.coldest_night import reads
from rules.coldest_night.actions import Action
from rules.coldest_night.data import CARDS, FROST, TOKEN_ORDER, TOKENS, TokenId
from rules.coldest_night.rules_turn import Table
from rules.coldest_night.state import TOKEN_WINDOW_PHASES, ColdestNightState, TokenState
from rules.core import Frozen, builder, seat_ref
from rules.draft import construct


class Card(Frozen):
    id: str
    name: str
    heat: int
    ash: int
    effect: str | None
    effect_kind: str
    token: str | None
    if_op: str | None
    if_value: int | None


class PitCard(Card):
    kind: Literal["starter", "kindling", "fire_dwindles"]
    alcohol: bool
    effective_heat: int


class FrostCard(Frozen):
    id: str
    name: str
    frost: int
    effect: str


class TokenView(Frozen):
    token: str
    name: str
    state: Literal["supply", "available", "attached", "spent"]
    attached_to: str | None


class PendingEffects(Frozen):
    target: int
    greatest: int
    burn_one: int


class PlayerView(Frozen):
    seat: int
    hand_count: int
    frostbite: list[FrostCard]


class ScavengeView(Frozen):
    scavenger: int
    pool_count: int


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    group_score: None = None


class PublicObservation(Frozen):
    game: str
    variant: str
    num_players: int
    turn: int
    active_seat: int
    phase: str
    to_act: list[int]
    token_window: bool
    pit: list[PitCard]
    heat_total: int
    turn_boost: int
    main_action: str | None
    cards_played_this_turn: int
    pending_effects: PendingEffects
    fire_died_down: bool
    deck_count: int
    fire_dwindles_positions: list[int]
    frostbite_deck_count: int
    players: list[PlayerView]
    tokens: list[TokenView]
    discard: list[PitCard]
    frostbite_discard: list[FrostCard]
    display: list[Card]
    removed_count: int
    scavenge: ScavengeView | None
    outcome: OutcomeView | None
    final_hands: dict[int, list[Card]] | None


class PrivateObservation(PublicObservation):
    seat: int
    hand: list[Card]
    scavenge_pool: list[Card] | None
    memory_options: list[Card] | None
    legal_actions: list[Action]


def _card_fields(card_id: str) -> dict[str, object]:
    c = CARDS[card_id]
    return {
        "id": c.id,
        "name": c.name,
        "heat": c.heat,
        "ash": c.ash,
        "effect": c.effect,
        "effect_kind": c.effect_kind,
        "token": c.token,
        "if_op": c.if_op,
        "if_value": c.if_value,
    }


def _pit_fields(card_id: str, alcohol: bool) -> dict[str, object]:
    c = CARDS[card_id]
    return {
        **_card_fields(card_id),
        "kind": c.kind,
        "alcohol": alcohol,
        "effective_heat": c.heat + (1 if alcohol else 0),
    }


# Every card's records, validated once: a view only picks them (observations are frozen).
_CARDS: dict[str, Card] = {i: Card.model_validate(_card_fields(i)) for i in CARDS}
_FROST: dict[str, FrostCard] = {
    i: FrostCard(id=f.id, name=f.name, frost=f.frost, effect=f.effect) for i, f in FROST.items()
}
_PIT: dict[tuple[str, bool], PitCard] = {
    (i, alcohol): PitCard.model_validate(_pit_fields(i, alcohol))
    for i in CARDS
    if CARDS[i].kind in ("starter", "kindling", "fire_dwindles")
    for alcohol in (False, True)
}

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
_PLAYER_LINES: dict[int, tuple[PlayerView, str]] = {}
"""id of a shared `PlayerView` → (the view, its line in `describe`): the view is held, so its id
names no other object while the entry lasts."""


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
            _PLAYER_LINES.clear()
        found = _PLAYER_VIEWS[key] = _player(
            seat=seat, hand_count=hand_count, frostbite=[_FROST[f] for f in frostbite]
        )
        _PLAYER_LINES[id(found)] = (found, _player_line(found))
    return found


def card(card_id: str) -> Card:
    return _CARDS[card_id]


def pit_card(card_id: str, alcohol: bool) -> PitCard:
    found = _PIT.get((card_id, alcohol))
    return found if found is not None else PitCard.model_validate(_pit_fields(card_id, alcohol))


def public(t: Table | ColdestNightState) -> PublicObservation:
    """The public view, read from the frozen state itself or from a working copy (the two have
    the same fields): the board is built from the stored state once a move, and thawing a copy
    just to read it cost as much as the view."""
    return cast(PublicObservation, _public_model(_public_fields(t)))


_BURNING: dict[str, PitCard] = {i: _PIT[i, False] for i in CARDS}
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
        return [_BURNING[c] if c != alcohol_on else _PIT[c, True] for c in cards]
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
        "frostbite_discard": list(map(_FROST.__getitem__, t.frostbite_discard)),
        "display": [_CARDS[c] for c in sorted(t.display)],
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
            {s: [_CARDS[c] for c in hands[s]] for s in range(num_players)} if over else None
        ),
    }


def private(t: Table | ColdestNightState, seat: int, actions: list[Action]) -> PrivateObservation:
    """A seat's view, read from the frozen state or a working copy (as `public`)."""
    mem = t.memory if t.memory is not None and t.memory.seat == seat else None
    scavenge = t.scavenge
    return _private_model(
        **_public_fields(t),
        seat=seat,
        hand=[_CARDS[c] for c in t.hands[seat]],
        scavenge_pool=(
            [_CARDS[c] for c in scavenge.pool]
            if scavenge is not None and scavenge.scavenger == seat
            else None
        ),
        memory_options=[_CARDS[c] for c in mem.options] if mem is not None else None,
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


# --- text -----------------------------------------------------------------------------------------

_PHASE_TEXT = {
    "frostbite_removal": "frostbite removal",
    "main": "main phase",
    "memory_choice": "Memory Loss choice",
    "distribute": "handing out scavenged cards",
    "target_choice": "TARGET: choosing the card that burns away",
    "frostbite_check": "check for frostbite",
    "chilblains": "Chilblains discard",
    "game_over": "game over",
}


def _card_line(c: Card) -> str:
    effect = f" — {c.effect}" if c.effect else ""
    return f"{c.name} (heat {c.heat}, ash {c.ash}){effect}"


def _pit_text(p: PitCard) -> str:
    return f"{p.name} {p.effective_heat}{'*A' if p.alcohol else ''} (ash {p.ash})"


_PIT_TEXTS: dict[int, str] = {id(p): _pit_text(p) for p in _PIT.values()}
"""id of each shared pit record → its text in the pit line (the records live as long as the
module, so no other object has their ids)."""


def _player_line(p: PlayerView) -> str:
    frost = (
        ", ".join([f"{f.name} ({f.frost})" for f in p.frostbite]) if p.frostbite else "no frostbite"
    )
    return f"{seat_ref(p.seat)}: {p.hand_count} cards in hand · {frost}"


_TOKEN_STATES = {
    "supply": "in the supply",
    "available": "ready to use",
    "attached": "found with that card",
    "spent": "used",
}

EFFECT_WORDS = {
    "GREATEST": "at the Fire Dies Down the hottest card in the pit burns away, not the rightmost",
    "TARGET": "at the Fire Dies Down the player tending the fire picks which card burns away",
    "BURN ONE": "at the Fire Dies Down one more card burns away",
    "IF": "the card's effect happens only if its condition holds when it is played",
}
"""The effect words printed on cards (§11), each in one line: the board explains those pending,
and the rules text all of them."""

_END_WORDS = {
    "fire_out": "the fire went out",
    "frostbite": "a frostbite card was due and none were left",
    "morning": "morning came with the fire still burning",
}


def describe(o: PublicObservation) -> str:
    lines = [f"**The Coldest Night** — turn {o.turn}, {seat_ref(o.active_seat)} tends the fire"]
    if o.outcome is not None:
        result = "everyone wins" if o.outcome.winners else "everyone loses"
        why = _END_WORDS.get(o.outcome.reason, o.outcome.reason.replace("_", " "))
        lines.append(f"**Game over:** {why}: {result}.")
    else:
        who = seat_ref(o.to_act[0]) if o.to_act else "nobody"
        window = " · tokens may be used" if o.token_window else ""
        lines.append(f"Phase: {_PHASE_TEXT.get(o.phase, o.phase)} · waiting for {who}{window}")
    pit = ", ".join([_PIT_TEXTS.get(id(p)) or _pit_text(p) for p in o.pit])
    boost = f" (incl. +{o.turn_boost} this turn)" if o.turn_boost else ""
    lines.append(f"**Pit** ({len(o.pit)}/4, left to right): {pit or 'empty'}")
    lines.append(f"**Heat total:** {o.heat_total}{boost}")
    pe = o.pending_effects
    if pe.target or pe.greatest or pe.burn_one:  # most of a turn: nothing pending
        pending = [
            f"{n} ×{v}"
            for n, v in (
                ("TARGET", pe.target),
                ("GREATEST", pe.greatest),
                ("BURN ONE", pe.burn_one),
            )
            if v
        ]
        lines.append("Pending at the Fire Dies Down: " + ", ".join(pending))
        lines.extend(
            f"· {word}: {EFFECT_WORDS[word]}"
            for word, v in (
                ("TARGET", pe.target),
                ("GREATEST", pe.greatest),
                ("BURN ONE", pe.burn_one),
            )
            if v
        )
    if o.fire_died_down:
        lines.append("The fire has died down this turn.")
    dwindles = o.fire_dwindles_positions
    if dwindles:
        at = ", ".join(map(str, dwindles))
        where = f"Fire Dwindles {'cards are' if len(dwindles) > 1 else 'card is'} {at} from the top"
    else:
        where = "no Fire Dwindles card is left in it"
    lines.append(
        f"Draw pile: {o.deck_count} cards; {where} · frostbite cards left: {o.frostbite_deck_count}"
    )
    for p in o.players:
        made = _PLAYER_LINES.get(id(p))
        lines.append(made[1] if made is not None and made[0] is p else _player_line(p))
    toks = [
        f"{tv.name}{' on ' + CARDS[tv.attached_to].name if tv.attached_to else ''}"
        f" ({_TOKEN_STATES.get(tv.state, tv.state)})"
        for tv in o.tokens
        if tv.state != "supply"
    ]
    lines.append("Tokens: " + (", ".join(toks) if toks else "all still in the supply"))
    if o.display:
        lines.append("Display: " + "; ".join(_card_line(c) for c in o.display))
    if o.removed_count:
        lines.append(f"Removed unseen at set-up: {o.removed_count} cards")
    if o.scavenge is not None:
        lines.append(
            f"{seat_ref(o.scavenge.scavenger)} is handing out {o.scavenge.pool_count} "
            "scavenged card(s)."
        )
    if o.final_hands:
        for s, hand in sorted(o.final_hands.items()):
            ended = ", ".join(c.name for c in hand) or "nothing"
            lines.append(f"{seat_ref(s)} ended with: {ended}")
    if isinstance(o, PrivateObservation):
        lines += _private_lines(
            o.seat,
            [_card_line(c) for c in o.hand],
            None if o.scavenge_pool is None else [_card_line(c) for c in o.scavenge_pool],
            None if o.memory_options is None else [_card_line(c) for c in o.memory_options],
        )
    return "\n".join(lines)


def _private_lines(
    seat: int, hand: list[str], pool: list[str] | None, memory: list[str] | None
) -> list[str]:
    """The lines only a seat's own view shows (none of them can be a public line), from the
    `_card_line` of each card of its hand, pool and Memory Loss options."""
    lines = [f"**Your hand** ({seat_ref(seat)}): " + ("; ".join(hand) or "empty")]
    if pool is not None:
        lines.append("Your scavenge pool: " + "; ".join(pool))
    if memory is not None:
        lines.append("Memory Loss — put one back on top: " + "; ".join(memory))
    held = " ".join([*hand, *(pool or ())])
    lines.extend(
        f"On your cards, {word} means: {EFFECT_WORDS[word]}."
        for word in ("GREATEST", "TARGET", "BURN ONE")
        if f"— {word}" in held or f"; {word}" in held or f", {word}" in held
    )
    return lines


_CARD_LINES: dict[str, str] = {i: _card_line(c) for i, c in _CARDS.items()}
"""Each card's `_card_line`, made once: a seat's lines are read from the state by card id."""


def private_lines(state: ColdestNightState, seat: int) -> list[str]:
    """The seat's private-only lines (`BaseGame.private_lines`), straight from the state: what
    `describe(private(…))` adds to the public text, without building either view."""
    scavenge, memory = state.scavenge, state.memory
    lines = _private_lines(
        seat,
        [_CARD_LINES[c] for c in state.hands[seat]],
        [_CARD_LINES[c] for c in scavenge.pool]
        if scavenge is not None and scavenge.scavenger == seat
        else None,
        [_CARD_LINES[c] for c in memory.options]
        if memory is not None and memory.seat == seat
        else None,
    )
    return [line for line in lines if line.strip()]

"""The observation as plain text with light Markdown (`describe`), and a seat's private-only lines
read straight from the state (`private_lines`)."""

from __future__ import annotations

from rules.coldest_night.data import CARDS
from rules.coldest_night.observation_models import (
    CARD_VIEWS,
    PIT_VIEWS,
    Card,
    PitCard,
    PlayerView,
    PrivateObservation,
    PublicObservation,
)
from rules.coldest_night.state import ColdestNightState
from rules.core import seat_ref
from rules.game_info import listed
from rules.game_text import plural, times_words

_PLAYER_LINES: dict[int, tuple[PlayerView, str]] = {}
"""id of a shared `PlayerView` → (the view, its line in `describe`): the view is held, so its id
names no other object while the entry lasts."""


def remember(view: PlayerView) -> None:
    """Make a shared `PlayerView`'s line now, kept while the view is (`observation`)."""
    _PLAYER_LINES[id(view)] = (view, _player_line(view))


def forget_players() -> None:
    _PLAYER_LINES.clear()


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


_PIT_TEXTS: dict[int, str] = {id(p): _pit_text(p) for p in PIT_VIEWS.values()}
"""id of each shared pit record → its text in the pit line (the records live as long as the
module, so no other object has their ids)."""


def _player_line(p: PlayerView) -> str:
    frost = (
        ", ".join([f"{f.name} ({f.frost})" for f in p.frostbite]) if p.frostbite else "no frostbite"
    )
    return f"{seat_ref(p.seat)}: {plural(p.hand_count, 'card')} in hand · {frost}"


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
        waiting = [
            (word, v)
            for word, v in (
                ("TARGET", pe.target),
                ("GREATEST", pe.greatest),
                ("BURN ONE", pe.burn_one),
            )
            if v
        ]
        lines.extend(
            f"{word} is waiting{'' if v == 1 else f', {times_words(v)}'}: {EFFECT_WORDS[word]}."
            for word, v in waiting
        )
    if o.fire_died_down:
        lines.append("The fire has died down this turn.")
    dwindles = o.fire_dwindles_positions
    if dwindles:
        at = listed([_ordinal(n) for n in dwindles])
        many = len(dwindles) > 1
        where = f"the Fire Dwindles {'cards are' if many else 'card is'} the {at} from the top"
    else:
        where = "no Fire Dwindles card is left in it"
    lines.append(
        f"Draw pile: {plural(o.deck_count, 'card')}; {where} · "
        f"frostbite cards left: {o.frostbite_deck_count}"
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
        lines.append(f"Removed unseen at set-up: {plural(o.removed_count, 'card')}")
    if o.scavenge is not None:
        lines.append(
            f"{seat_ref(o.scavenge.scavenger)} is handing out "
            f"{plural(o.scavenge.pool_count, 'scavenged card')}."
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
    lines = ["**Your hand**: " + ("; ".join(hand) or "empty")]
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


_CARD_LINES: dict[str, str] = {i: _card_line(c) for i, c in CARD_VIEWS.items()}
"""Each card's `_card_line`, made once: a seat's lines are read from the state by card id."""


def private_lines(state: ColdestNightState, seat: int) -> list[str]:
    """The seat's private-only lines (`GameText.private_lines`), straight from the state: what
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


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"

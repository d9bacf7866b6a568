"""Winter's renderer in words: whose turn and what for, the legend naming the players, and the
picture's description for screen readers (`alt_text`), from the observation only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cogs.games.layers import (
    clip_alt,
    observation_of,
    player_name,
)
from rules.winter import WinterObservation
from rules.winter.rules_cards import face_words
from rules.winter.text import PHASE_WORDS

COLOUR_WORDS = {"light": "light blue", "dark": "dark blue"}
END_WORDS = {
    "both_frozen_out": "both players are frozen out: a draw",
    "turn_limit": "the thaw turn limit is reached: a draw",
}


def as_observation(observation: Any) -> WinterObservation:
    return observation_of(observation, WinterObservation)


# -- words shared by the picture and its alt text --------------------------------------------


def _who(obs: WinterObservation, names: Sequence[str], seat: int) -> str:
    colour = obs.colours.get(seat)
    name = player_name(names, seat)
    return f"{name} ({COLOUR_WORDS[colour]})" if colour else name


def title(obs: WinterObservation, names: Sequence[str]) -> str:
    """The picture's first line: whose turn and what for, or how the game ended."""
    if obs.outcome is not None:
        o = obs.outcome
        if o.reason == "frozen_out" and len(o.winners) == 1:
            winner = o.winners[0]
            loser = player_name(names, 1 - winner)
            return f"Winter is over: {loser} is frozen out, {player_name(names, winner)} wins"
        return f"Winter is over: {END_WORDS.get(o.reason, o.reason.replace('_', ' '))}"
    if obs.to_act:
        seat = obs.to_act[0]
        return f"Winter, {obs.stage}: {_who(obs, names, seat)} {PHASE_WORDS.get(obs.phase, '')}"
    return f"Winter, {obs.stage}"


def legend(obs: WinterObservation, names: Sequence[str]) -> list[str]:
    """One line per player, then the deck and the thaw."""
    lines = []
    for seat in (0, 1):
        lines.append(
            f"{_who(obs, names, seat)} · {obs.on_table[seat]} on the lake · "
            f"{obs.supply[seat]} in supply"
        )
    status = f"Deck {obs.deck_count} · melted or removed {obs.discarded_cards}"
    if obs.stage == "thawing" or (obs.stage == "over" and obs.thaw_turns):
        status += f" · thaw turn {obs.thaw_turns} of {obs.max_thaw_turns or 'no limit'}"
    lines.append(status)
    return lines


def alt_text(observation: Any, names: Sequence[str] = ()) -> str:
    """The picture in words (at most 1,000 characters): whose turn, the players' counters, the
    cards by label and colour, counters, open squares and any pending choice."""
    obs = as_observation(observation)
    parts = [title(obs, names) + ".", *(line + "." for line in legend(obs, names))]
    if obs.drawn_card is not None:
        parts.append(f"Drawn card, top row first: {_face_words(obs.drawn_card.up)}.")
    if obs.counters:
        parts.append(
            "Counters: "
            + ", ".join(
                f"{k.label} ({player_name(names, k.seat)}, {k.colour})" for k in obs.counters
            )
            + "."
        )
    if obs.lake_options:
        parts.append(
            "Groups to keep: "
            + ", ".join(f"{g.keep_label} ({g.size} cards)" for g in obs.lake_options)
            + "."
        )
    if obs.counter_options:
        parts.append("New squares: " + ", ".join(q.label for q in obs.counter_options) + ".")
    if obs.open_squares:
        parts.append(
            "Open squares: " + ", ".join(f"{q.label} {q.colour}" for q in obs.open_squares) + "."
        )
    cards = "; ".join(
        f"{c.label} {_face_words(c.sections)}{' (locked)' if c.locked else ''}" for c in obs.cards
    )
    count = f"{len(obs.cards)} card{'s' if len(obs.cards) != 1 else ''}"
    parts.append(f"{count}, top row first: {cards}.")
    return clip_alt(" ".join(parts))


def _face_words(sections: Sequence[Sequence[str]]) -> str:
    """A card's sections in words, top row first: "light dark, dark dark"."""
    return face_words(sections, ", ")

"""Set-up and the Freezing (spec §3, §4.1–§4.2, WI-2): the opening card, colours, draws,
placements and counters, and the start of the Thawing when the deck runs out.
"""

from __future__ import annotations

import random

from rules.core import Seat, Step, seat_ref
from rules.draft import evolve
from rules.winter.actions import ChooseColour, Colour, Draw, Place, PutCounter
from rules.winter.rules_cards import TURN_WORD, face_words, sections_of
from rules.winter.rules_lake import cell_text
from rules.winter.rules_thaw import bump, finish_thaw, maybe_over, step
from rules.winter.state import PlacedCard, PlacedCounter, WinterOptions, WinterState

OTHER: dict[Colour, Colour] = {"light": "dark", "dark": "light"}


def setup(options: WinterOptions, rng: random.Random) -> WinterState:
    first = rng.randrange(2)  # WI-2: spec seat rng.randrange(2) + 1, 0-based here
    deck = list(range(18))
    rng.shuffle(deck)
    opening = PlacedCard(card_id=deck[0], row=0, col=0, orientation="up")
    return WinterState(
        first_player=first,
        active=first,
        phase="place_drawn",
        deck=tuple(deck[2:]),
        drawn_card=deck[1],
        cards=(opening,),
        max_thaw_turns=options.max_thaw_turns,
        log=(f"A card opens the lake at C3: {face_words(sections_of(deck[0], 'up'))}.",),
    )


def choose_colour(
    state: WinterState, seat: Seat, action: ChooseColour, lines: list[str]
) -> Step[WinterState]:
    colours: tuple[Colour | None, Colour | None] = (
        (action.colour, OTHER[action.colour])
        if seat == 0
        else (OTHER[action.colour], action.colour)
    )
    lines.append(
        f"{seat_ref(seat)} chooses {action.colour} blue; {seat_ref(1 - seat)} plays "
        f"{OTHER[action.colour]} blue."
    )
    return step(evolve(state, {"colours": colours, "phase": "freezing"}), lines)


def draw(state: WinterState, seat: Seat, action: Draw, lines: list[str]) -> Step[WinterState]:
    card = state.deck[0]
    lines.append(f"{seat_ref(seat)} draws a card: {face_words(sections_of(card, 'up'))}.")
    new = evolve(state, {"deck": state.deck[1:], "drawn_card": card, "phase": "place_drawn"})
    return step(new, lines)


def place(state: WinterState, seat: Seat, action: Place, lines: list[str]) -> Step[WinterState]:
    assert state.drawn_card is not None
    card = PlacedCard(
        card_id=state.drawn_card, row=action.row, col=action.col, orientation=action.orientation
    )
    lines.append(
        f"{seat_ref(seat)} places the card at {cell_text(state, (action.row, action.col))}, "
        f"{TURN_WORD[action.orientation]}."
    )
    cards = tuple(sorted((*state.cards, card), key=lambda c: (c.row, c.col)))
    update: dict[str, object] = {"cards": cards, "drawn_card": None}
    if state.colours == (None, None):
        update |= {"phase": "choose_colour", "active": 1 - state.first_player}
        return step(evolve(state, update), lines)
    if state.deck:
        update |= {"phase": "freezing", "active": 1 - seat}
        return step(evolve(state, update), lines)
    update |= {"phase": "thawing", "active": 1 - seat}
    lines.append("The deck is empty: the Thawing begins.")
    new = evolve(state, update)
    return step(maybe_over(new, lines), lines)


def counter(
    state: WinterState, seat: Seat, action: PutCounter, lines: list[str]
) -> Step[WinterState]:
    """A counter on an open square (Freezing), or on a new square of a move (§4.5)."""
    colour = state.colours[seat]
    assert colour is not None
    placed = PlacedCounter(row=action.row, col=action.col, colour=colour)
    counters = tuple(sorted((*state.counters, placed), key=lambda k: (k.row, k.col, k.colour)))
    supply = bump(state.supply, seat, -1)
    lines.append(
        f"{seat_ref(seat)} puts a {colour} counter on {cell_text(state, (action.row, action.col))}."
    )
    update: dict[str, object] = {"counters": counters, "supply": supply}
    if state.phase == "freezing":
        update |= {"active": 1 - seat}
        return step(evolve(state, update), lines)
    left = tuple(sq for sq in state.counter_options if sq != (action.row, action.col))
    update["counter_options"] = left
    new = evolve(state, update)
    if supply[seat] > 0 and left:
        return step(new, lines)
    return finish_thaw(new, lines)

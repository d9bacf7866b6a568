"""The Thawing (spec §4.3–§4.6, WI-12–WI-15, WI-21): moves, removals, melts and the end checks.

Every function takes a frozen state and returns a new one (or a `Step`); a `Lake` is the mutable
working copy in between. The log lines each step appends are the table's public events (WI-23).
"""

from __future__ import annotations

from rules.core import Event, Seat, Step, seat_ref
from rules.draft import construct, evolve
from rules.game_text import plural
from rules.winter.actions import SECTION_OF, Keep, Move, Remove, Take
from rules.winter.rules_cards import TURN_WORD, sections_of
from rules.winter.rules_geometry import Cell, new_squares
from rules.winter.rules_lake import Lake, cell_text
from rules.winter.state import PlacedCard, Result, WinterState


def end_check(state: WinterState) -> Result | None:
    """WI-21, in order: both frozen out, one frozen out, turn limit."""
    on = (state.on_table(0), state.on_table(1))
    if on == (0, 0):
        return Result(winners=(), reason="both_frozen_out", scores=on)
    if 0 in on:
        return Result(winners=(1 if on[0] == 0 else 0,), reason="frozen_out", scores=on)
    if state.max_thaw_turns > 0 and state.thaw_turns >= state.max_thaw_turns:
        return Result(winners=(), reason="turn_limit", scores=on)
    return None


def result_line(result: Result) -> str:
    if result.reason == "both_frozen_out":
        return "Both players have no counter left on the table: the game is drawn."
    if result.reason == "turn_limit":
        return "The thaw turn limit is reached: the game is drawn."
    (winner,) = result.winners
    return f"{{s{1 - winner}}} has no counter left on the table: {{s{winner}}} wins."


def step(state: WinterState, lines: list[str]) -> Step[WinterState]:
    """The new state with this action's lines as its log, and the same lines as public events."""
    final = evolve(state, {"log": tuple(lines)})
    return Step(
        final,
        tuple(
            _event({"text": line, "visible_to": None, "kind": "info", "heading": False})
            for line in lines
        ),
    )


_event = construct(Event)  # a public line of the rules' own: built without validation


def bump(supply: tuple[int, int], seat: Seat, delta: int) -> tuple[int, int]:
    values = list(supply)
    values[seat] += delta
    return (values[0], values[1])


def maybe_over(state: WinterState, lines: list[str]) -> WinterState:
    result = end_check(state)
    if result is None:
        return state
    lines.append(result_line(result))
    return evolve(state, {"result": result, "phase": "over"})


def finish_thaw(state: WinterState, lines: list[str]) -> Step[WinterState]:
    """§4.6: count the turn, run the end checks, pass the turn."""
    new = evolve(
        state,
        {
            "thaw_turns": state.thaw_turns + 1,
            "phase": "thawing",
            "active": 1 - state.active,
            "pending_move": None,
            "lifted_card": None,
            "lake_options": (),
            "counter_options": (),
        },
    )
    return step(maybe_over(new, lines), lines)


# -- the three thaw actions and the lake choice ------------------------------------------------


def take(state: WinterState, seat: Seat, action: Take, lines: list[str]) -> Step[WinterState]:
    lake = Lake(state.cards, state.counters)
    label = cell_text(state, (action.row, action.col))
    del lake.counters[(action.row, action.col)]
    lines.append(f"{seat_ref(seat)} takes back the counter on {label}.")
    supply = bump(state.supply, seat, +1)
    new = evolve(state, {"counters": lake.counter_tuple(), "supply": supply})
    return finish_thaw(new, lines)


def remove(state: WinterState, seat: Seat, action: Remove, lines: list[str]) -> Step[WinterState]:
    lake = Lake(state.cards, state.counters)
    spot = (action.row, action.col)
    lines.append(f"{seat_ref(seat)} removes the card at {cell_text(state, spot)}.")
    del lake.cards[spot]
    candidates, parts = lake.candidates_after_lift(spot)
    new = evolve(state, {"cards": lake.card_tuple(), "discarded_cards": state.discarded_cards + 1})
    if len(candidates) > 1:
        return ask_lake(new, candidates, lines, None)
    if parts > 1:
        new = melt(new, lake, candidates[0], lines)
    return finish_thaw(new, lines)


def move(state: WinterState, seat: Seat, action: Move, lines: list[str]) -> Step[WinterState]:
    lake = Lake(state.cards, state.counters)
    origin = (action.from_row, action.from_col)
    card = lake.cards.pop(origin)
    here, there = cell_text(state, origin), cell_text(state, (action.to_row, action.to_col))
    if here == there:
        lines.append(f"{seat_ref(seat)} turns the card at {here} around.")
    else:
        turn = TURN_WORD[action.orientation]
        lines.append(f"{seat_ref(seat)} moves the card at {here} to {there}, {turn}.")
    candidates, parts = lake.candidates_after_lift(origin)
    new = evolve(state, {"cards": lake.card_tuple()})
    if len(candidates) > 1:
        colour = state.colours[seat]
        assert colour is not None
        face = sections_of(card.card_id, action.orientation)
        dest = (action.to_row, action.to_col)
        candidates = [g for g in candidates if lake.passes(g, dest, face, SECTION_OF[colour])]
        if len(candidates) > 1:
            return ask_lake(new, candidates, lines, (action, card.card_id))
    if parts > 1:
        new = melt(new, lake, candidates[0], lines)
    return put_down(new, seat, action, card.card_id, lines)


def keep(state: WinterState, seat: Seat, action: Keep, lines: list[str]) -> Step[WinterState]:
    lake = Lake(state.cards, state.counters)
    group = lake.group_of((action.row, action.col))
    lines.append(
        f"{seat_ref(seat)} keeps the group of {cell_text(state, (action.row, action.col))}."
    )
    new = melt(state, lake, group, lines)
    new = evolve(new, {"lake_options": (), "phase": "thawing"})
    if state.pending_move is None or state.lifted_card is None:
        return finish_thaw(new, lines)
    return put_down(new, seat, state.pending_move, state.lifted_card, lines)


# -- shared steps -------------------------------------------------------------------------------


def ask_lake(
    state: WinterState,
    candidates: list[frozenset[Cell]],
    lines: list[str],
    pending: tuple[Move, int] | None,
) -> Step[WinterState]:
    """WI-13: a tie for largest is the active seat's choice."""
    reps = tuple(sorted(min(g) for g in candidates))
    update: dict[str, object] = {"phase": "lake_choice", "lake_options": reps}
    if pending is not None:
        update |= {"pending_move": pending[0], "lifted_card": pending[1]}
    new = evolve(state, update)
    names = ", ".join(cell_text(new, r) for r in reps)
    lines.append(
        f"The lake splits into groups of equal size: {seat_ref(state.active)} "
        f"chooses which to keep ({names})."
    )
    return step(new, lines)


def melt(state: WinterState, lake: Lake, kept: frozenset[Cell], lines: list[str]) -> WinterState:
    gone, refunds = lake.melt_all_but(kept)
    supply = list(state.supply)
    for colour, n in refunds.items():
        owner = state.seat_of(colour)
        if owner is not None:
            supply[owner] += n
    back = sum(refunds.values())
    lines.append(
        f"The lake splits: {plural(gone, 'card')} {'melts' if gone == 1 else 'melt'}"
        + (
            f" and {plural(back, 'counter')} {'goes' if back == 1 else 'go'} back to supply."
            if back
            else "."
        )
    )
    return evolve(
        state,
        {
            "cards": lake.card_tuple(),
            "counters": lake.counter_tuple(),
            "supply": (supply[0], supply[1]),
            "discarded_cards": state.discarded_cards + gone,
        },
    )


def put_down(
    state: WinterState, seat: Seat, pending: Move, card_id: int, lines: list[str]
) -> Step[WinterState]:
    """§4.3 steps 3–4 and §4.5: put the card down and claim the new squares."""
    colour = state.colours[seat]
    assert colour is not None
    lake = Lake(state.cards, state.counters)
    dest = (pending.to_row, pending.to_col)
    face = sections_of(card_id, pending.orientation)
    fresh = new_squares(lake.grid(), dest, face, SECTION_OF[colour])
    lake.cards[dest] = PlacedCard(
        card_id=card_id, row=dest[0], col=dest[1], orientation=pending.orientation
    )
    base = evolve(state, {"cards": lake.card_tuple(), "lifted_card": None, "lake_options": ()})
    if len(fresh) > state.supply[seat]:
        new = evolve(
            base,
            {
                "phase": "move_counters",
                "pending_move": pending,
                "counter_options": tuple(fresh),
            },
        )
        lines.append(
            f"{len(fresh)} new squares but only {plural(state.supply[seat], 'counter')}: "
            f"{seat_ref(seat)} chooses where they go."
        )
        return step(new, lines)
    for sq in fresh:
        lake.counters[sq] = colour
    labels = ", ".join(cell_text(base, sq) for sq in fresh)
    lines.append(f"{seat_ref(seat)} claims {labels}.")
    new = evolve(
        base,
        {
            "counters": lake.counter_tuple(),
            "supply": bump(state.supply, seat, -len(fresh)),
        },
    )
    return finish_thaw(new, lines)

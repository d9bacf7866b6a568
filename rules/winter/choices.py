"""Winter's choice paths (`rules/choices.py`): how a player picks a move in a few short steps.

- Placing the drawn card: its turn (upright or turned down) → the spot, lettered A, B, C … on the
  picture (`Choice.at` is the card's anchor, `(row, col)`); more than 25 spots are first narrowed
  to a part of the lake ("Top left", "Right" …), so a placement is at most three steps.
- A counter: "Put a counter" → the square (lettered, `at` its top-left cell).
- A thaw move: "Move a card" → the card → its new spot and turn ("Spot A, upright").
- Remove a card, take back a counter: the kind → the card or counter (red: they cannot be undone).
- Colours, drawing, keeping a group: one step each.

Every option's detail says what it does: the squares a card would make, what a lift melts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from rules.choices import (
    MAX_CHOICES,
    Choice,
    Made,
    Path,
    fit_detail,
    paths_by_kind,
    spot_letters,
)
from rules.winter import actions as act
from rules.winter.lake_spots import lake_centre, spots
from rules.winter.rules_cards import (
    COLOUR_WORD,
    TURN_WORD,
    Orientation,
    face_words,
    sections_of,
)
from rules.winter.rules_geometry import Cell, cell_label, groups, locks, new_squares, survivors
from rules.winter.rules_lake import Lake, origin
from rules.winter.state import WinterState

TURN_WORDS: dict[Orientation, str] = {turn: word.capitalize() for turn, word in TURN_WORD.items()}
"""A placement's first step: "Upright" or "Turned down", the words the thread uses."""


def choice_paths(
    state: WinterState, seat: int, legal: Sequence[act.WinterAction]
) -> list[Path | None]:
    """One path per legal move, in the list's order."""
    if not legal:
        return []
    at = _namer(state)
    paths: list[Path | None] = [None] * len(legal)
    for i, action in enumerate(legal):
        if isinstance(action, act.ChooseColour):
            other = "dark" if action.colour == "light" else "light"
            detail = f"{{s{1 - seat}}} plays {other} blue; you go on with a Freezing turn"
            paths[i] = (Choice(f"Play {action.colour} blue", detail=detail),)
        elif isinstance(action, act.Draw):
            detail = f"Draw the top card ({len(state.deck)} left) and place it at once"
            paths[i] = (Choice("Draw a card", detail=detail),)
        elif isinstance(action, act.Keep):
            paths[i] = (_keep(state, action, at),)
    ctx = _Turn(state, seat, Lake(state.cards, state.counters), at)
    paths_by_kind(paths, legal, ctx, _KINDS)
    return paths


class _Turn(NamedTuple):
    """What every kind's paths read: the state, the seat choosing, the lake, a cell's name."""

    state: WinterState
    seat: int
    lake: Lake
    at: Callable[[Cell], str]


def _namer(state: WinterState) -> Callable[[Cell], str]:
    frame = origin(state)
    return lambda cell: cell_label(cell, frame)


def _squares_words(
    found: dict[str, list[Cell]], mine: str | None, at: Callable[[Cell], str]
) -> str:
    """'makes dark square D4 (yours)' for the squares a card makes, by colour."""
    parts = []
    for section in ("L", "D"):
        cells = found.get(section, [])
        if not cells:
            continue
        names = ", ".join(at(c) for c in cells)
        whose = "" if mine is None else (" (yours)" if section == mine else " (theirs)")
        plural = "squares" if len(cells) > 1 else "square"
        parts.append(f"{COLOUR_WORD[section]} {plural} {names}{whose}")
    return "makes " + " and ".join(parts) if parts else "makes no square"


def _place_paths(ctx: _Turn, moves: list[tuple[int, act.Place]]) -> Iterator[tuple[int, Path]]:
    card = ctx.state.drawn_card
    assert card is not None
    grid = ctx.lake.grid()
    colour = ctx.state.colours[ctx.state.active]
    mine = act.SECTION_OF[colour] if colour else None
    cards = sorted(ctx.lake.cards)
    centre = lake_centre(cards)
    by_turn: dict[Orientation, list[tuple[int, act.Place]]] = {}
    for index, action in moves:
        by_turn.setdefault(action.orientation, []).append((index, action))
    for turn, members in by_turn.items():
        face = sections_of(card, turn)
        head = Choice(
            TURN_WORDS[turn],
            detail=fit_detail(
                f"The card {'' if turn == 'up' else 'turned down '}reads {face_words(face)}"
            ),
        )
        steps = spots([(a.row, a.col) for _, a in members], centre)
        for index, action in members:
            cell = (action.row, action.col)
            found = {s: new_squares(grid, cell, face, s) for s in ("L", "D")}
            touching = [ctx.at(a) for a in cards if _in_contact(a, cell)]
            detail = f"At {ctx.at(cell)}: {_squares_words(found, mine, ctx.at)}"
            if touching:
                detail += "; beside " + ", ".join(touching[:4])
            region, letter = steps[cell]
            yield index, (head, *region, Choice(letter, detail=fit_detail(detail), at=cell))


def _in_contact(a: Cell, b: Cell) -> bool:
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr == 2 and dc <= 1) or (dc == 2 and dr <= 1)


def _counter_paths(
    ctx: _Turn, moves: list[tuple[int, act.PutCounter]]
) -> Iterator[tuple[int, Path]]:
    anchors = set(ctx.lake.cards)
    cells = [(a.row, a.col) for _, a in moves]
    steps = spots(cells, lake_centre(sorted(anchors)))
    head: tuple[Choice, ...] = ()
    if ctx.state.phase == "freezing":
        head = (
            Choice(
                "Put a counter",
                detail=fit_detail(
                    f"Claim an open square of your colour ({ctx.state.supply[ctx.seat]} in supply)"
                ),
            ),
        )
    for (index, _), cell in zip(moves, cells, strict=True):
        locked = ", ".join(ctx.at(a) for a in locks(cell, anchors))
        region, letter = steps[cell]
        spot = Choice(letter, detail=fit_detail(f"Square {ctx.at(cell)}: locks {locked}"), at=cell)
        yield index, (*head, *region, spot)


def _move_paths(ctx: _Turn, moves: list[tuple[int, act.Move]]) -> Iterator[tuple[int, Path]]:
    colour = ctx.state.colours[ctx.seat]
    assert colour is not None
    want = act.SECTION_OF[colour]
    head = Choice(
        "Move a card",
        detail=fit_detail(
            f"Move an unlocked card to claim new {colour} squares "
            f"({ctx.state.supply[ctx.seat]} counters in supply)"
        ),
    )
    by_card: dict[Cell, list[tuple[int, act.Move]]] = {}
    for index, action in moves:
        by_card.setdefault((action.from_row, action.from_col), []).append((index, action))
    for card_cell, members in by_card.items():
        card = Choice(
            f"Card {ctx.at(card_cell)}",
            detail=fit_detail(
                f"{len(members)} ways to move it; lifting it "
                f"{_melt_words(ctx.lake, card_cell, ctx.at)}"
            ),
            at=card_cell,
        )
        lifted = Lake(ctx.state.cards, ctx.state.counters)
        candidates, parts = lifted.candidates_after_lift(card_cell)
        del lifted.cards[card_cell]
        grid = lifted.grid(candidates[0]) if parts > 1 and len(candidates) == 1 else lifted.grid()
        card_id = ctx.lake.cards[card_cell].card_id
        cells = [(a.to_row, a.to_col) for _, a in members]
        few = len(members) <= MAX_CHOICES
        letters = spot_letters(cells) if few else {}
        for index, action in members:
            to = (action.to_row, action.to_col)
            claimed = new_squares(grid, to, sections_of(card_id, action.orientation), want)
            words = ", ".join(ctx.at(c) for c in claimed) or "no square"
            turned = TURN_WORD[action.orientation]
            detail = fit_detail(f"To {ctx.at(to)}, {turned}: claims {words}")
            if few:
                label = f"{letters[to]}, {turned}"
                yield index, (head, card, Choice(label, detail=detail, at=to))
                continue
            # more than 25 ways (never seen in play): its turn first, then the spot
            same = [(a.to_row, a.to_col) for _, a in members if a.orientation == action.orientation]
            region, letter = spots(same, lake_centre(sorted(ctx.lake.cards)))[to]
            turn = Choice(TURN_WORDS[action.orientation], detail="The spots for this turn")
            spot = Choice(letter, detail=detail, at=to)
            yield index, (card, turn, *region, spot) if region else (head, card, turn, spot)


def _melt_words(lake: Lake, card_cell: Cell, at: Callable[[Cell], str]) -> str:
    """What lifting or removing a card melts (WI-12, WI-14), in words."""
    rest = [a for a in lake.cards if a != card_cell]
    parts = groups(rest)
    if len(parts) <= 1:
        return "melts nothing"
    kept = survivors(parts)
    if len(kept) > 1:
        return f"splits the lake into {len(kept)} equal groups: you keep one"
    gone = sorted(a for g in parts if g not in kept for a in g)
    names = ", ".join(at(a) for a in gone[:4]) + (" …" if len(gone) > 4 else "")
    return f"melts {names}{_counters_words(lake, kept[0])}"


def _counters_words(lake: Lake, kept: frozenset[Cell]) -> str:
    """' with 1 light and 2 dark counters': the counters off the `kept` group (WI-14)."""
    off: dict[str, int] = {}
    for (r, c), colour in lake.counters.items():
        if not any((r + dr, c + dc) in kept for dr in (-1, 0, 1) for dc in (-1, 0, 1)):
            off[colour] = off.get(colour, 0) + 1
    if not off:
        return ""
    words = " and ".join(f"{n} {colour}" for colour, n in sorted(off.items()))
    return f" with {words} counter{'s' if sum(off.values()) > 1 else ''}"


def _remove_paths(ctx: _Turn, moves: list[tuple[int, act.Remove]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Remove a card",
        detail="Take an unlocked card out of the game for good",
        style="danger",
    )

    def card(cell: Cell) -> tuple[str, str]:
        return (
            f"Card {ctx.at(cell)}",
            f"Remove {ctx.at(cell)}: {_melt_words(ctx.lake, cell, ctx.at)}",
        )

    return _danger_paths(head, moves, card)


def _take_paths(ctx: _Turn, moves: list[tuple[int, act.Take]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Take back a counter",
        detail="One of your counters goes back to your supply",
        style="danger",
    )
    last = ctx.state.on_table(ctx.seat) == 1
    what = "your last counter: you lose" if last else "back to your supply"
    return _danger_paths(
        head, moves, lambda cell: (f"Counter {ctx.at(cell)}", f"Take {ctx.at(cell)} {what}")
    )


def _danger_paths(
    head: Choice,
    moves: Sequence[tuple[int, act.Remove | act.Take]],
    words: Callable[[Cell], tuple[str, str]],
) -> Iterator[tuple[int, Path]]:
    """A path per move that takes something off a cell: `head`, then the cell's choice with its
    label and detail (`words`), both in red."""
    for index, action in moves:
        cell = (action.row, action.col)
        label, detail = words(cell)
        yield index, (head, Choice(label, detail=fit_detail(detail), style="danger", at=cell))


def _keep(state: WinterState, action: act.Keep, at: Callable[[Cell], str]) -> Choice:
    lake = Lake(state.cards, state.counters)
    cell = (action.row, action.col)
    group = lake.group_of(cell)
    others = [a for a in lake.cards if a not in group]
    melted = ", ".join(at(a) for a in sorted(others)[:4]) + (" …" if len(others) > 4 else "")
    with_counters = _counters_words(lake, group)
    return Choice(
        f"Keep the group of {at(cell)} ({len(group)} cards)",
        detail=fit_detail(f"The rest melts: {melted or 'nothing'}{with_counters}"),
        at=cell,
    )


_KINDS: tuple[tuple[type, Made[_Turn]], ...] = (
    (act.Place, _place_paths),
    (act.PutCounter, _counter_paths),
    (act.Move, _move_paths),
    (act.Remove, _remove_paths),
    (act.Take, _take_paths),
)
"""Each kind of move with paths of its own and what makes them."""

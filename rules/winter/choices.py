"""Winter's choice paths (`rules/choices.py`): how a player picks a move in a few short steps.

- Placing the drawn card: its turn (up or turned down) → the spot, lettered A, B, C … on the
  picture (`Choice.at` is the card's anchor, `(row, col)`); more than 25 spots are first narrowed
  to a part of the lake ("Top left", "Right" …), so a placement is at most three steps.
- A counter: "Put a counter" → the square (lettered, `at` its top-left cell).
- A thaw move: "Move a card" → the card → its new spot and turn ("Spot A, up").
- Remove a card, take back a counter: the kind → the card or counter (red: they cannot be undone).
- Colours, drawing, keeping a group: one step each.

Every option's detail says what it does: the squares a card would make, what a lift melts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from rules.choices import MAX_CHOICES, MAX_DETAIL, SPOT_LABELS, Choice, Path, clip, split_regions
from rules.winter import actions as act
from rules.winter.rules_cards import Orientation, sections_of
from rules.winter.rules_geometry import Cell, cell_label, groups, locks, new_squares, survivors
from rules.winter.rules_lake import Lake, origin
from rules.winter.state import WinterState

A = TypeVar("A", act.Place, act.PutCounter, act.Move, act.Remove, act.Take)
TURN_WORDS: dict[Orientation, str] = {"up": "Up", "down": "Turned down"}
COLOUR_WORD = {"L": "light", "D": "dark"}

# The eight parts of the lake a region step names, clockwise from the top, by the angle of a spot
# seen from the lake's centre (rows grow downwards).
SECTORS = ("Top", "Top right", "Right", "Bottom right", "Bottom", "Bottom left", "Left", "Top left")


def lettered(cells: Sequence[Cell]) -> dict[Cell, str]:
    """Letters A, B, C … for up to 25 cells in reading order (top row first, then left to right):
    the same order the picture's rows and columns are read in."""
    ordered = sorted(set(cells))
    return {cell: f"Spot {letter}" for cell, letter in zip(ordered, SPOT_LABELS, strict=False)}


def regions(cells: Sequence[Cell], centre: tuple[float, float]) -> dict[Cell, str]:
    """The part of the lake each cell lies in (`SECTORS`), seen from `centre` (row, col); a part
    with more than 25 cells is cut in reading order into runs ("Top, 1 of 2")."""
    named: dict[str, list[Cell]] = {}
    for cell in sorted(set(cells)):
        dr, dc = cell[0] + 1 - centre[0], cell[1] + 1 - centre[1]  # the card's middle
        angle = math.degrees(math.atan2(dc, -dr)) % 360  # 0 = straight up, clockwise
        named.setdefault(SECTORS[int((angle + 22.5) // 45) % 8], []).append(cell)
    return split_regions(SECTORS, named)


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
    lake = Lake(state.cards, state.counters)
    places = _of(legal, act.Place)
    if places[0]:
        _place_paths(state, *places, paths, lake, at)
    counters = _of(legal, act.PutCounter)
    if counters[0]:
        _counter_paths(state, seat, *counters, paths, lake, at)
    moves = _of(legal, act.Move)
    if moves[0]:
        _move_paths(state, seat, *moves, paths, lake, at)
    removes = _of(legal, act.Remove)
    if removes[0]:
        _remove_paths(state, *removes, paths, lake, at)
    takes = _of(legal, act.Take)
    if takes[0]:
        _take_paths(state, seat, *takes, paths, at)
    return paths


def _of(legal: Sequence[act.WinterAction], kind: type[A]) -> tuple[list[A], list[int]]:
    """The moves of one kind and their indexes in the legal list."""
    actions: list[A] = []
    indexes: list[int] = []
    for i, action in enumerate(legal):
        if isinstance(action, kind):
            actions.append(action)
            indexes.append(i)
    return actions, indexes


def _namer(state: WinterState) -> Callable[[Cell], str]:
    frame = origin(state)
    return lambda cell: cell_label(cell, frame)


def _detail(text: str) -> str:
    return clip(text, MAX_DETAIL)


def _faces(sections: tuple[tuple[str, str], tuple[str, str]]) -> str:
    return " / ".join(" ".join(COLOUR_WORD[s] for s in row) for row in sections)


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


def _place_paths(
    state: WinterState,
    actions: Sequence[act.Place],
    indexes: list[int],
    paths: list[Path | None],
    lake: Lake,
    at: Callable[[Cell], str],
) -> None:
    card = state.drawn_card
    assert card is not None
    grid = lake.grid()
    colour = state.colours[state.active]
    mine = act.SECTION_OF[colour] if colour else None
    cards = sorted(lake.cards)
    centre = _centre(cards)
    by_turn: dict[Orientation, list[tuple[int, act.Place]]] = {}
    for index, action in zip(indexes, actions, strict=True):
        by_turn.setdefault(action.orientation, []).append((index, action))
    for turn, members in by_turn.items():
        face = sections_of(card, turn)
        head = Choice(
            TURN_WORDS[turn],
            detail=_detail(
                f"The card {'' if turn == 'up' else 'turned down '}reads {_faces(face)}"
            ),
        )
        steps = _spot_steps([(a.row, a.col) for _, a in members], centre)
        for index, action in members:
            cell = (action.row, action.col)
            found = {s: new_squares(grid, cell, face, s) for s in ("L", "D")}
            touching = [at(a) for a in cards if _in_contact(a, cell)]
            detail = f"At {at(cell)}: {_squares_words(found, mine, at)}"
            if touching:
                detail += "; beside " + ", ".join(touching[:4])
            region, letter = steps[cell]
            paths[index] = (head, *region, Choice(letter, detail=_detail(detail), at=cell))


def _where(zone: str) -> str:
    part = zone.split(",")[0].lower()
    return {"top": "above the lake", "bottom": "below the lake", "left": "left of the lake",
            "right": "right of the lake"}.get(part, f"to the {part} of the lake")  # fmt: skip


def _centre(cells: Sequence[Cell]) -> tuple[float, float]:
    if not cells:
        return (1.0, 1.0)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return ((min(rows) + max(rows)) / 2 + 1, (min(cols) + max(cols)) / 2 + 1)


def _in_contact(a: Cell, b: Cell) -> bool:
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr == 2 and dc <= 1) or (dc == 2 and dr <= 1)


def _counter_paths(
    state: WinterState,
    seat: int,
    actions: Sequence[act.PutCounter],
    indexes: list[int],
    paths: list[Path | None],
    lake: Lake,
    at: Callable[[Cell], str],
) -> None:
    anchors = set(lake.cards)
    cells = [(a.row, a.col) for a in actions]
    steps = _spot_steps(cells, _centre(sorted(anchors)))
    head: tuple[Choice, ...] = ()
    if state.phase == "freezing":
        head = (
            Choice(
                "Put a counter",
                detail=_detail(
                    f"Claim an open square of your colour ({state.supply[seat]} in supply)"
                ),
            ),
        )
    for index, cell in zip(indexes, cells, strict=True):
        locked = ", ".join(at(a) for a in locks(cell, anchors))
        region, letter = steps[cell]
        spot = Choice(letter, detail=_detail(f"Square {at(cell)}: locks {locked}"), at=cell)
        paths[index] = (*head, *region, spot)


def _spot_steps(
    cells: Sequence[Cell], centre: tuple[float, float]
) -> dict[Cell, tuple[tuple[Choice, ...], str]]:
    """For each cell: its region step (only when there are more than 25 cells) and its letter."""
    if len(set(cells)) <= MAX_CHOICES:
        return {cell: ((), letter) for cell, letter in lettered(cells).items()}
    out: dict[Cell, tuple[tuple[Choice, ...], str]] = {}
    zones = regions(cells, centre)
    for zone in dict.fromkeys(zones.values()):
        members = [c for c in cells if zones[c] == zone]
        step = Choice(zone, detail=f"{len(set(members))} spots {_where(zone)}")
        for cell, letter in lettered(members).items():
            out[cell] = ((step,), letter)
    return out


def _move_paths(
    state: WinterState,
    seat: int,
    actions: Sequence[act.Move],
    indexes: list[int],
    paths: list[Path | None],
    lake: Lake,
    at: Callable[[Cell], str],
) -> None:
    colour = state.colours[seat]
    assert colour is not None
    want = act.SECTION_OF[colour]
    head = Choice(
        "Move a card",
        detail=_detail(
            f"Move an unlocked card to claim new {colour} squares "
            f"({state.supply[seat]} counters in supply)"
        ),
    )
    by_card: dict[Cell, list[tuple[int, act.Move]]] = {}
    for index, action in zip(indexes, actions, strict=True):
        by_card.setdefault((action.from_row, action.from_col), []).append((index, action))
    for card_cell, members in by_card.items():
        card = Choice(
            f"Card {at(card_cell)}",
            detail=_detail(
                f"{len(members)} ways to move it; lifting it {_melt_words(lake, card_cell, at)}"
            ),
            at=card_cell,
        )
        lifted = Lake(state.cards, state.counters)
        candidates, parts = lifted.candidates_after_lift(card_cell)
        del lifted.cards[card_cell]
        grid = lifted.grid(candidates[0]) if parts > 1 and len(candidates) == 1 else lifted.grid()
        card_id = lake.cards[card_cell].card_id
        cells = [(a.to_row, a.to_col) for _, a in members]
        few = len(members) <= MAX_CHOICES
        letters = lettered(cells) if few else {}
        for index, action in members:
            to = (action.to_row, action.to_col)
            claimed = new_squares(grid, to, sections_of(card_id, action.orientation), want)
            words = ", ".join(at(c) for c in claimed) or "no square"
            detail = _detail(f"To {at(to)}, {action.orientation}: claims {words}")
            if few:
                label = f"{letters[to]}, {action.orientation}"
                paths[index] = (head, card, Choice(label, detail=detail, at=to))
                continue
            # more than 25 ways (never seen in play): its turn first, then the spot
            same = [(a.to_row, a.to_col) for _, a in members if a.orientation == action.orientation]
            region, letter = _spot_steps(same, _centre(sorted(lake.cards)))[to]
            turn = Choice(TURN_WORDS[action.orientation], detail="The spots for this turn")
            spot = Choice(letter, detail=detail, at=to)
            paths[index] = (card, turn, *region, spot) if region else (head, card, turn, spot)


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


def _remove_paths(
    state: WinterState,
    actions: Sequence[act.Remove],
    indexes: list[int],
    paths: list[Path | None],
    lake: Lake,
    at: Callable[[Cell], str],
) -> None:
    head = Choice(
        "Remove a card",
        detail="Take an unlocked card out of the game for good",
        style="danger",
    )
    for index, action in zip(indexes, actions, strict=True):
        cell = (action.row, action.col)
        paths[index] = (
            head,
            Choice(
                f"Card {at(cell)}",
                detail=_detail(f"Remove {at(cell)}: {_melt_words(lake, cell, at)}"),
                style="danger",
                at=cell,
            ),
        )


def _take_paths(
    state: WinterState,
    seat: int,
    actions: Sequence[act.Take],
    indexes: list[int],
    paths: list[Path | None],
    at: Callable[[Cell], str],
) -> None:
    head = Choice(
        "Take back a counter",
        detail="One of your counters goes back to your supply",
        style="danger",
    )
    last = state.on_table(seat) == 1
    for index, action in zip(indexes, actions, strict=True):
        cell = (action.row, action.col)
        what = "your last counter: you lose" if last else "back to your supply"
        paths[index] = (
            head,
            Choice(
                f"Counter {at(cell)}",
                detail=_detail(f"Take {at(cell)} {what}"),
                style="danger",
                at=cell,
            ),
        )


def _keep(state: WinterState, action: act.Keep, at: Callable[[Cell], str]) -> Choice:
    lake = Lake(state.cards, state.counters)
    cell = (action.row, action.col)
    group = lake.group_of(cell)
    others = [a for a in lake.cards if a not in group]
    melted = ", ".join(at(a) for a in sorted(others)[:4]) + (" …" if len(others) > 4 else "")
    with_counters = _counters_words(lake, group)
    return Choice(
        f"Keep the group of {at(cell)} ({len(group)} cards)",
        detail=_detail(f"The rest melts: {melted or 'nothing'}{with_counters}"),
        at=cell,
    )

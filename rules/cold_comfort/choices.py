"""Cold Comfort's choice paths (`rules/choices.py`): how a player picks a move in a few steps.

- Growing the town: the drawn tile's turn (0°, 90°, 180°, 270°) → a part of the town ("North",
  "South-west" …) when the turn has more than 25 spots → the spot, lettered A, B, C … on the
  picture (`Choice.at` is the tile's anchor, its south-west square `(x, y)`). A spot one street
  away that touches no tile and faces the town with a single square (across a street, corner to
  corner) changes nothing its neighbours do not: of each such set (the same turn, across the
  street from the same tiles) the two best-aligned are offered, the rest left to typing
  (`grow (x,y) rot R`): about a quarter of the placements.
- Management: the kind ("Build a hotel", "Host a guest" …) → the value or the hotel → the spot.
  "End turn" is one grey step; setting a fire is red.
- A fire's spread and a tied landing: the lettered spot, one step.

Every option's detail says what it does: the cost, the lot, what a tile joins and is worth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from rules.choices import MAX_CHOICES, MAX_DETAIL, SPOT_LABELS, Choice, Path, clip, split_regions
from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import DIRECTIONS, Board, board_of, fmt
from rules.cold_comfort.rules_play import build_cost, change_cost, fire_targets
from rules.cold_comfort.rules_tiles import placed_squares, public_count
from rules.cold_comfort.state import ColdComfortState

Square = tuple[int, int]
A = TypeVar(
    "A", act.Build, act.Change, act.Host, act.Fire, act.Mine, act.Spread, act.Grow, act.Land
)

# The eight parts of the town a region step names, clockwise from the north, by the angle of a
# spot seen from the town's centre (y grows to the north).
SECTORS = ("North", "North-east", "East", "South-east", "South", "South-west", "West", "North-west")
ALIKE_KEPT = 2  # of the alike far spots of one turn (module docstring), how many are offered
FACING = 2  # … besides every one with this many squares across the street from the town


def lettered(squares: Sequence[Square]) -> dict[Square, str]:
    """Letters A, B, C … for up to 25 squares in the order of the map's coordinates: west to east,
    each column from south to north, which is also the order the moves are listed in (so a
    select shows A, B, C … in order)."""
    ordered = sorted(set(squares))
    return {square: f"Spot {letter}" for square, letter in zip(ordered, SPOT_LABELS, strict=False)}


def regions(
    points: dict[Square, tuple[float, float]], centre: tuple[float, float]
) -> dict[Square, str]:
    """The part of the town each spot lies in: `points` maps a spot to where its tile's middle
    would be, seen from `centre`. Four parts (north, east, south, west) when each holds at most
    25 spots, else eight (`SECTORS`); a part still over 25 is cut into runs ("North, 1 of 2")."""
    angles = {
        square: math.degrees(math.atan2(px - centre[0], py - centre[1])) % 360  # 0 = north
        for square, (px, py) in points.items()
    }
    for parts in (4, 8):
        step = 360 / parts
        names = SECTORS[:: 8 // parts]
        named: dict[str, list[Square]] = {}
        for square in sorted(points):
            named.setdefault(names[int((angles[square] + step / 2) // step) % parts], []).append(
                square
            )
        if all(len(members) <= MAX_CHOICES for members in named.values()):
            break
    return split_regions(names, named)


def spot_steps(
    squares: Sequence[Square], centre: tuple[float, float]
) -> dict[Square, tuple[tuple[Choice, ...], str]]:
    """For each square: its region step (only when there are more than 25) and its letter."""
    if len(set(squares)) <= MAX_CHOICES:
        return {square: ((), letter) for square, letter in lettered(squares).items()}
    zones = regions({s: (s[0] + 0.5, s[1] + 0.5) for s in squares}, centre)
    return _by_zone(zones)


def _by_zone(zones: dict[Square, str]) -> dict[Square, tuple[tuple[Choice, ...], str]]:
    out: dict[Square, tuple[tuple[Choice, ...], str]] = {}
    for zone in dict.fromkeys(zones.values()):
        members = [s for s, z in zones.items() if z == zone]
        step = Choice(zone, detail=f"{len(members)} spots on the {_side(zone)} of the town")
        for square, letter in lettered(members).items():
            out[square] = ((step,), letter)
    return out


def _side(zone: str) -> str:
    return zone.split(",")[0].lower()


def _detail(text: str) -> str:
    return clip(text, MAX_DETAIL)


def _of(legal: Sequence[act.Action], kind: type[A]) -> tuple[list[A], list[int]]:
    actions: list[A] = []
    indexes: list[int] = []
    for i, action in enumerate(legal):
        if isinstance(action, kind):
            actions.append(action)
            indexes.append(i)
    return actions, indexes


def choice_paths(
    state: ColdComfortState, seat: int, legal: Sequence[act.Action]
) -> list[Path | None]:
    """One path per legal move, in the list's order (None: left to typing)."""
    paths: list[Path | None] = [None] * len(legal)
    if not legal:
        return paths
    board = board_of(state.tiles)
    centre = _centre(board)
    for i, action in enumerate(legal):
        if isinstance(action, act.End):
            paths[i] = (Choice("End turn", detail=_end_words(state), style="quiet"),)
    grows = _of(legal, act.Grow)
    if grows[0]:
        _grow_paths(state, board, *grows, paths)
    _build_paths(state, centre, *_of(legal, act.Build), paths)
    _change_paths(state, centre, *_of(legal, act.Change), paths)
    _host_paths(state, centre, *_of(legal, act.Host), paths)
    _fire_paths(state, seat, centre, *_of(legal, act.Fire), paths)
    _mine_paths(state, centre, *_of(legal, act.Mine), paths)
    _spread_paths(state, seat, centre, *_of(legal, act.Spread), paths)
    _land_paths(state, seat, centre, *_of(legal, act.Land), paths)
    return paths


def _centre(board: Board) -> tuple[float, float]:
    if not board.layout:
        return (0.5, 1.5)
    minx, miny, maxx, maxy = board.bounds
    return ((minx + maxx + 1) / 2, (miny + maxy + 1) / 2)


def _end_words(state: ColdComfortState) -> str:
    """CC-18: ending the turn grows the town once the pool holds enough dice."""
    if state.pool >= state.trigger:
        return f"Pool {state.pool}/{state.trigger}: the town grows, the dice roll, all score"
    return f"Pool {state.pool}/{state.trigger}: no scoring round yet"


def _owner(seat: int, owner: int) -> str:
    return "your" if owner == seat else f"{{s{owner}}}'s"


# -- growing the town ---------------------------------------------------------------------------


def _grow_paths(
    state: ColdComfortState,
    board: Board,
    actions: list[act.Grow],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    tile = state.drawn_tile
    assert tile is not None
    centre = _centre(board)
    hood_value = dict(enumerate(board.values))
    by_turn: dict[int, list[tuple[int, act.Grow]]] = {}
    for index, action in zip(indexes, actions, strict=True):
        by_turn.setdefault(action.rotation, []).append((index, action))
    for rotation, members in by_turn.items():
        offered: dict[Square, str] = {}  # anchor → its detail
        middles: dict[Square, tuple[float, float]] = {}
        alike: dict[frozenset[int], list[tuple[int, float, Square]]] = {}
        for _, action in members:
            squares = [s for s, _ in placed_squares(tile, action.x, action.y, rotation)]
            anchor = (action.x, action.y)
            middles[anchor] = (
                sum(x for x, _ in squares) / 6 + 0.5,
                sum(y for _, y in squares) / 6 + 0.5,
            )
            touched = {
                board.tile_of[(x + dx, y + dy)]
                for x, y in squares
                for dx, dy in DIRECTIONS
                if (x + dx, y + dy) in board.tile_of
            }
            value = 1 + public_count(tile)
            if touched:
                hoods = {board.hood_of[t] for t in touched}
                value += sum(hood_value[h] for h in hoods)
                names = "+".join(state.tiles[t].tile_id for t in sorted(touched))
                joins = "joins" if len(hoods) > 1 else "touches"
                offered[anchor] = f"{fmt(anchor)}: {joins} {names}: a neighbourhood worth {value}"
                continue
            faces = [
                board.tile_of[(x + 2 * dx, y + 2 * dy)]
                for x, y in squares
                for dx, dy in DIRECTIONS
                if (x + 2 * dx, y + 2 * dy) in board.tile_of
            ]
            across = frozenset(faces)
            mx, my = middles[anchor]
            off_centre = math.hypot(mx - centre[0], my - centre[1])
            alike.setdefault(across, []).append((-len(faces), off_centre, anchor))
            names = "+".join(state.tiles[t].tile_id for t in sorted(across))
            offered[anchor] = f"{fmt(anchor)}: across a street from {names}: a new neighbourhood"
            offered[anchor] += f" worth {value}"
        for group in alike.values():  # alike far spots: the best-aligned few stay offered
            for faces_, _, anchor in sorted(group)[ALIKE_KEPT:]:
                if -faces_ < FACING:
                    del offered[anchor]
        width, height = (2, 3) if rotation in (0, 180) else (3, 2)
        head = Choice(
            f"Turned {rotation}°",
            detail=_detail(
                f"{tile} {width} wide, {height} tall: {_rows(tile, rotation)}; {len(offered)} spots"
            ),
        )
        anchors = [a for a in offered]
        if len(anchors) > MAX_CHOICES:
            steps = _by_zone(regions({a: middles[a] for a in anchors}, centre))
        else:
            steps = {a: ((), letter) for a, letter in lettered(anchors).items()}
        for index, action in members:
            anchor = (action.x, action.y)
            if anchor not in offered:
                continue  # left to typing
            region, letter = steps[anchor]
            spot = Choice(letter, detail=_detail(offered[anchor]), at=anchor)
            paths[index] = (head, *region, spot)


def _rows(tile: str, rotation: int) -> str:
    """The tile's squares as seen on the map, top row first ("5 4 | 6 2 | P P")."""
    squares = dict(placed_squares(tile, 0, 0, rotation))
    xs = sorted({x for x, _ in squares})
    ys = sorted({y for _, y in squares}, reverse=True)
    return " | ".join(
        " ".join("P" if squares[(x, y)] == 0 else str(squares[(x, y)]) for x in xs) for y in ys
    )


# -- management -----------------------------------------------------------------------------------


def _build_paths(
    state: ColdComfortState,
    centre: tuple[float, float],
    actions: list[act.Build],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    if not actions:
        return
    head = Choice(
        "Build a hotel",
        detail=_detail(
            f"Build on a lot of the same value ($2 a pip, $4 on a camper); ${_gold(state)}"
        ),
    )
    supply = state.supply[state.active_seat]
    by_value: dict[int, list[tuple[int, act.Build]]] = {}
    for index, action in zip(indexes, actions, strict=True):
        by_value.setdefault(action.value, []).append((index, action))
    for value, members in sorted(by_value.items()):
        step = Choice(
            f"Value {value}",
            detail=_detail(
                f"${build_cost(value, False)} on an empty lot, ${build_cost(value, True)} on a "
                f"camper (it moves in); {supply[value - 1]} left"
            ),
        )
        spots = spot_steps([(a.x, a.y) for _, a in members], centre)
        for index, action in members:
            square = (action.x, action.y)
            camper = state.die_at(square) is not None
            cost = build_cost(value, camper)
            what = f"the camper {value} moves in, ${cost}" if camper else f"empty lot, ${cost}"
            region, letter = spots[square]
            spot = Choice(letter, detail=_detail(f"{fmt(square)}: {what}"), at=square)
            paths[index] = (head, step, *region, spot)


def _gold(state: ColdComfortState) -> int:
    return state.gold[state.active_seat]


def _change_paths(
    state: ColdComfortState,
    centre: tuple[float, float],
    actions: list[act.Change],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    if not actions:
        return
    head = Choice(
        "Upgrade or downgrade",
        detail=_detail(f"Change an empty hotel's value: $2 a pip up, free down; ${_gold(state)}"),
    )
    spots = spot_steps([(a.x, a.y) for a in actions], centre)
    for index, action in zip(indexes, actions, strict=True):
        square = (action.x, action.y)
        hotel = state.hotel_at(square)
        old = hotel.value if hotel else 0
        region, letter = spots[square]
        where = Choice(letter, detail=f"Your empty {old} at {fmt(square)}", at=square)
        if action.to > old:
            to = Choice(
                f"Up to {action.to}",
                detail=f"${change_cost(old, action.to)}: then only {action.to}s stay in it",
            )
        else:
            to = Choice(f"Down to {action.to}", detail=f"Free: then only {action.to}s stay in it")
        paths[index] = (head, *region, where, to)


def _host_paths(
    state: ColdComfortState,
    centre: tuple[float, float],
    actions: list[act.Host],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    if not actions:
        return
    head = Choice("Host a guest", detail="Move a camper into your empty hotel of its value")
    hotels = spot_steps([(a.x, a.y) for a in actions], centre)
    by_hotel: dict[Square, list[tuple[int, act.Host]]] = {}
    for index, action in zip(indexes, actions, strict=True):
        by_hotel.setdefault((action.x, action.y), []).append((index, action))
    for square, members in by_hotel.items():
        hotel = state.hotel_at(square)
        value = hotel.value if hotel else 0
        region, letter = hotels[square]
        where = Choice(
            letter,
            detail=_detail(f"Your empty {value} at {fmt(square)}: {len(members)} campers fit"),
            at=square,
        )
        campers = lettered([(a.from_x, a.from_y) for _, a in members])
        for index, action in members:
            source = (action.from_x, action.from_y)
            guest = Choice(
                campers[source],
                detail=_detail(f"The {value} at {fmt(source)}: pays ${value} at your next turn"),
                at=source,
            )
            paths[index] = (head, *region, where, guest)


def _fire_paths(
    state: ColdComfortState,
    seat: int,
    centre: tuple[float, float],
    actions: list[act.Fire],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    if not actions:
        return
    head = Choice(
        "Set a fire",
        detail="Burn your empty hotel for its value in insurance; the fire spreads",
        style="danger",
    )
    spots = spot_steps([(a.x, a.y) for a in actions], centre)
    for index, action in zip(indexes, actions, strict=True):
        square = (action.x, action.y)
        hotel = state.hotel_at(square)
        value = hotel.value if hotel else 0
        targets = fire_targets(state, square)
        spreads = ", ".join(fmt(t) for t in targets) if targets else "nowhere"
        region, letter = spots[square]
        paths[index] = (
            head,
            *region,
            Choice(
                letter,
                detail=_detail(f"Your {value} at {fmt(square)}: +${value}; spreads to {spreads}"),
                style="danger",
                at=square,
            ),
        )


def _mine_paths(
    state: ColdComfortState,
    centre: tuple[float, float],
    actions: list[act.Mine],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    if not actions:
        return
    head = Choice(
        "Mine a camper",
        detail="Send a camper back to the pool for a die roll in gold: your only action",
    )
    spots = spot_steps([(a.x, a.y) for a in actions], centre)
    for index, action in zip(indexes, actions, strict=True):
        square = (action.x, action.y)
        die = state.die_at(square)
        region, letter = spots[square]
        value = die.value if die else "?"
        detail = f"The {value} at {fmt(square)}: roll for $1–6, then your turn ends"
        paths[index] = (head, *region, Choice(letter, detail=detail, at=square))


# -- choices of a fire or a landing ----------------------------------------------------------------


def _spread_paths(
    state: ColdComfortState,
    seat: int,
    centre: tuple[float, float],
    actions: list[act.Spread],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    spots = spot_steps([(a.x, a.y) for a in actions], centre)
    for index, action in zip(indexes, actions, strict=True):
        square = (action.x, action.y)
        hotel = state.hotel_at(square)
        if hotel is None:
            what = "a public building: the fire goes out"
        elif state.die_at(square) is not None:
            what = f"{_owner(seat, hotel.seat)} {hotel.value}: its guest leaves, the fire goes out"
        else:
            what = f"{_owner(seat, hotel.seat)} empty {hotel.value} burns and the fire goes on"
        region, letter = spots[square]
        detail = _detail(f"{fmt(square)}: {what}")
        paths[index] = (*region, Choice(letter, detail=detail, style="danger", at=square))


def _land_paths(
    state: ColdComfortState,
    seat: int,
    centre: tuple[float, float],
    actions: list[act.Land],
    indexes: list[int],
    paths: list[Path | None],
) -> None:
    pending = state.landing_pending
    spots = spot_steps([(a.x, a.y) for a in actions], centre)
    for index, action in zip(indexes, actions, strict=True):
        square = (action.x, action.y)
        hotel = state.hotel_at(square)
        value = pending.value if pending else "?"
        if hotel is not None:
            what = f"into {_owner(seat, hotel.seat)} empty {hotel.value} as a guest"
        else:
            what = "onto the empty lot as a camper"
        region, letter = spots[square]
        detail = _detail(f"The {value} lands at {fmt(square)}, {what}")
        paths[index] = (*region, Choice(letter, detail=detail, at=square))

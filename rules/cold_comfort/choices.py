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
from collections.abc import Iterator, Sequence
from functools import partial
from typing import NamedTuple

from rules.choices import (
    MAX_CHOICES,
    Choice,
    Made,
    Path,
    Spot,
    fit_detail,
    paths_by_kind,
    split_regions,
    spot_letters,
    spot_steps,
)
from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import DIRECTIONS, Board, board_of, fmt
from rules.cold_comfort.rules_play import build_cost, change_cost, fire_targets
from rules.cold_comfort.rules_tiles import placed_squares, public_count
from rules.cold_comfort.state import ColdComfortState
from rules.game_text import plural

Square = tuple[int, int]

# The eight parts of the town a region step names, clockwise from the north, by the angle of a
# spot seen from the town's centre (y grows to the north).
SECTORS = ("North", "North-east", "East", "South-east", "South", "South-west", "West", "North-west")
ALIKE_KEPT = 2  # of the alike far spots of one turn (module docstring), how many are offered
FACING = 2  # … besides every one with this many squares across the street from the town


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


def _spots(squares: Sequence[Square], centre: tuple[float, float]) -> dict[Square, Spot]:
    """For each square: its letter, after a part of the town when there are more than 25."""
    middles = {s: (s[0] + 0.5, s[1] + 0.5) for s in squares}
    return spot_steps(squares, lambda: regions(middles, centre), _zone_words)


def _zone_words(zone: str, count: int) -> str:
    return f"{count} spots on the {zone.split(',')[0].lower()} of the town"


class _Turn(NamedTuple):
    """What every kind's paths read: the state, the seat choosing, the town and its centre."""

    state: ColdComfortState
    seat: int
    board: Board
    centre: tuple[float, float]


def choice_paths(
    state: ColdComfortState, seat: int, legal: Sequence[act.Action]
) -> list[Path | None]:
    """One path per legal move, in the list's order (None: left to typing)."""
    paths: list[Path | None] = [None] * len(legal)
    if not legal:
        return paths
    board = board_of(state.tiles)
    c = _Turn(state, seat, board, _centre(board))
    for i, action in enumerate(legal):
        if isinstance(action, act.End):
            paths[i] = (Choice("End turn", detail=_end_words(state), style="quiet"),)
    paths_by_kind(paths, legal, c, _KINDS)
    return paths


def _centre(board: Board) -> tuple[float, float]:
    if not board.layout:
        return (0.5, 1.5)
    minx, miny, maxx, maxy = board.bounds
    return ((minx + maxx + 1) / 2, (miny + maxy + 1) / 2)


def _end_words(state: ColdComfortState) -> str:
    """CC-18: ending the turn grows the town once the pool holds enough dice."""
    if state.pool >= state.trigger:
        return (
            f"Pool {state.pool} of {state.trigger} dice: the town grows, the dice roll, all score"
        )
    return f"Pool {state.pool} of {state.trigger} dice: no scoring round yet"


def _owner(seat: int, owner: int) -> str:
    return "your" if owner == seat else f"{{s{owner}}}'s"


# -- growing the town ---------------------------------------------------------------------------


def _grow_paths(c: _Turn, moves: list[tuple[int, act.Grow]]) -> Iterator[tuple[int, Path]]:
    tile = c.state.drawn_tile
    assert tile is not None
    hood_value = dict(enumerate(c.board.values))
    by_turn: dict[int, list[tuple[int, act.Grow]]] = {}
    for index, action in moves:
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
                c.board.tile_of[(x + dx, y + dy)]
                for x, y in squares
                for dx, dy in DIRECTIONS
                if (x + dx, y + dy) in c.board.tile_of
            }
            value = 1 + public_count(tile)
            if touched:
                hoods = {c.board.hood_of[t] for t in touched}
                value += sum(hood_value[h] for h in hoods)
                names = "+".join(c.state.tiles[t].tile_id for t in sorted(touched))
                joins = "joins" if len(hoods) > 1 else "touches"
                offered[anchor] = f"{fmt(anchor)}: {joins} {names}: a neighbourhood worth {value}"
                continue
            faces = [
                c.board.tile_of[(x + 2 * dx, y + 2 * dy)]
                for x, y in squares
                for dx, dy in DIRECTIONS
                if (x + 2 * dx, y + 2 * dy) in c.board.tile_of
            ]
            across = frozenset(faces)
            mx, my = middles[anchor]
            off_centre = math.hypot(mx - c.centre[0], my - c.centre[1])
            alike.setdefault(across, []).append((-len(faces), off_centre, anchor))
            names = "+".join(c.state.tiles[t].tile_id for t in sorted(across))
            offered[anchor] = f"{fmt(anchor)}: across a street from {names}: a new neighbourhood"
            offered[anchor] += f" worth {value}"
        for group in alike.values():  # alike far spots: the best-aligned few stay offered
            for faces_, _, anchor in sorted(group)[ALIKE_KEPT:]:
                if -faces_ < FACING:
                    del offered[anchor]
        width, height = (2, 3) if rotation in (0, 180) else (3, 2)
        head = Choice(
            f"Turned {rotation}°",
            detail=fit_detail(
                f"{tile} {width} wide, {height} tall: {_rows(tile, rotation)}; {len(offered)} spots"
            ),
        )
        anchors = [a for a in offered]
        places = {a: middles[a] for a in anchors}
        steps = spot_steps(anchors, partial(regions, places, c.centre), _zone_words)
        for index, action in members:
            anchor = (action.x, action.y)
            if anchor not in offered:
                continue  # left to typing
            region, letter = steps[anchor]
            spot = Choice(letter, detail=fit_detail(offered[anchor]), at=anchor)
            yield index, (head, *region, spot)


def _rows(tile: str, rotation: int) -> str:
    """The tile's squares as seen on the map, top row first ("5 4 | 6 2 | P P")."""
    squares = dict(placed_squares(tile, 0, 0, rotation))
    xs = sorted({x for x, _ in squares})
    ys = sorted({y for _, y in squares}, reverse=True)
    return " | ".join(
        " ".join("P" if squares[(x, y)] == 0 else str(squares[(x, y)]) for x in xs) for y in ys
    )


# -- management -----------------------------------------------------------------------------------


def _build_paths(c: _Turn, moves: list[tuple[int, act.Build]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Build a hotel",
        detail=fit_detail(
            "Build on a lot of the same value ($2 a pip, $4 on a camper); "
            f"you have ${_gold(c.state)}"
        ),
    )
    supply = c.state.supply[c.state.active_seat]
    by_value: dict[int, list[tuple[int, act.Build]]] = {}
    for index, action in moves:
        by_value.setdefault(action.value, []).append((index, action))
    for value, members in sorted(by_value.items()):
        step = Choice(
            f"Value {value}",
            detail=fit_detail(
                f"${build_cost(value, False)} on an empty lot, ${build_cost(value, True)} on a "
                f"camper (it moves in); {supply[value - 1]} left"
            ),
        )
        spots = _spots([(a.x, a.y) for _, a in members], c.centre)
        for index, action in members:
            square = (action.x, action.y)
            camper = c.state.die_at(square) is not None
            cost = build_cost(value, camper)
            what = f"the camper {value} moves in, ${cost}" if camper else f"empty lot, ${cost}"
            region, letter = spots[square]
            spot = Choice(letter, detail=fit_detail(f"{fmt(square)}: {what}"), at=square)
            yield index, (head, step, *region, spot)


def _gold(state: ColdComfortState) -> int:
    return state.gold[state.active_seat]


def _change_paths(c: _Turn, moves: list[tuple[int, act.Change]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Upgrade or downgrade",
        detail=fit_detail(
            f"Change an empty hotel's value: $2 a pip up, free down; you have ${_gold(c.state)}"
        ),
    )
    spots = _spots([(a.x, a.y) for _, a in moves], c.centre)
    for index, action in moves:
        square = (action.x, action.y)
        hotel = c.state.hotel_at(square)
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
        yield index, (head, *region, where, to)


def _host_paths(c: _Turn, moves: list[tuple[int, act.Host]]) -> Iterator[tuple[int, Path]]:
    head = Choice("Host a guest", detail="Move a camper into your empty hotel of its value")
    hotels = _spots([(a.x, a.y) for _, a in moves], c.centre)
    by_hotel: dict[Square, list[tuple[int, act.Host]]] = {}
    for index, action in moves:
        by_hotel.setdefault((action.x, action.y), []).append((index, action))
    for square, members in by_hotel.items():
        hotel = c.state.hotel_at(square)
        value = hotel.value if hotel else 0
        region, letter = hotels[square]
        where = Choice(
            letter,
            detail=fit_detail(f"Your empty {value} at {fmt(square)}: {_fit(len(members))}"),
            at=square,
        )
        campers = spot_letters([(a.from_x, a.from_y) for _, a in members])
        for index, action in members:
            source = (action.from_x, action.from_y)
            guest = Choice(
                campers[source],
                detail=fit_detail(f"The {value} at {fmt(source)}: pays ${value} at your next turn"),
                at=source,
            )
            yield index, (head, *region, where, guest)


def _fire_paths(c: _Turn, moves: list[tuple[int, act.Fire]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Set a fire",
        detail="Burn your empty hotel for its value in insurance; the fire spreads",
        style="danger",
    )
    spots = _spots([(a.x, a.y) for _, a in moves], c.centre)
    for index, action in moves:
        square = (action.x, action.y)
        hotel = c.state.hotel_at(square)
        value = hotel.value if hotel else 0
        targets = fire_targets(c.state, square)
        spreads = ", ".join(fmt(t) for t in targets) if targets else "nowhere"
        region, letter = spots[square]
        spot = Choice(
            letter,
            detail=fit_detail(f"Your {value} at {fmt(square)}: +${value}; spreads to {spreads}"),
            style="danger",
            at=square,
        )
        yield index, (head, *region, spot)


def _mine_paths(c: _Turn, moves: list[tuple[int, act.Mine]]) -> Iterator[tuple[int, Path]]:
    head = Choice(
        "Mine a camper",
        detail="Send a camper back to the pool for a die roll in gold: your only action",
    )
    spots = _spots([(a.x, a.y) for _, a in moves], c.centre)
    for index, action in moves:
        square = (action.x, action.y)
        die = c.state.die_at(square)
        region, letter = spots[square]
        value = die.value if die else "?"
        detail = f"The {value} at {fmt(square)}: roll for $1–6, then your turn ends"
        yield index, (head, *region, Choice(letter, detail=detail, at=square))


# -- choices of a fire or a landing ----------------------------------------------------------------


def _spread_paths(c: _Turn, moves: list[tuple[int, act.Spread]]) -> Iterator[tuple[int, Path]]:
    spots = _spots([(a.x, a.y) for _, a in moves], c.centre)
    for index, action in moves:
        square = (action.x, action.y)
        hotel = c.state.hotel_at(square)
        if hotel is None:
            what = "a public building: the fire goes out"
        elif c.state.die_at(square) is not None:
            what = (
                f"{_owner(c.seat, hotel.seat)} {hotel.value}: its guest leaves, the fire goes out"
            )
        else:
            what = f"{_owner(c.seat, hotel.seat)} empty {hotel.value} burns and the fire goes on"
        region, letter = spots[square]
        detail = fit_detail(f"{fmt(square)}: {what}")
        yield index, (*region, Choice(letter, detail=detail, style="danger", at=square))


def _land_paths(c: _Turn, moves: list[tuple[int, act.Land]]) -> Iterator[tuple[int, Path]]:
    pending = c.state.landing_pending
    spots = _spots([(a.x, a.y) for _, a in moves], c.centre)
    for index, action in moves:
        square = (action.x, action.y)
        hotel = c.state.hotel_at(square)
        value = pending.value if pending else "?"
        if hotel is not None:
            what = f"into {_owner(c.seat, hotel.seat)} empty {hotel.value} as a guest"
        else:
            what = "onto the empty lot as a camper"
        region, letter = spots[square]
        detail = fit_detail(f"The {value} lands at {fmt(square)}, {what}")
        yield index, (*region, Choice(letter, detail=detail, at=square))


_KINDS: tuple[tuple[type, Made[_Turn]], ...] = (
    (act.Grow, _grow_paths),
    (act.Build, _build_paths),
    (act.Change, _change_paths),
    (act.Host, _host_paths),
    (act.Fire, _fire_paths),
    (act.Mine, _mine_paths),
    (act.Spread, _spread_paths),
    (act.Land, _land_paths),
)
"""Each kind of move and what makes its paths, in the order the panel lists them."""


def _fit(count: int) -> str:
    """ "1 camper fits", "3 campers fit"."""
    return f"{plural(count, 'camper')} {'fits' if count == 1 else 'fit'}"

"""The observation record (spec §9). All is public (CC-30): every seat sees the same one.

Beyond the contract fields it carries what the city picture needs so the renderer reads no rules
module: each placed tile's footprint (`tile_sizes`), the drawn tile in its four rotations
(`drawn_rotations`) and its legal placements (`drawn_placements`, the picture's hints).
"""

from __future__ import annotations

from typing import Literal

from rules.cold_comfort.rules_board import board_of, legal_placements
from rules.cold_comfort.rules_scoring import outcome_of
from rules.cold_comfort.rules_tiles import ROTATIONS, TILES, footprint_size, placed_squares
from rules.cold_comfort.state import (
    SCORING_ROUNDS_TOTAL,
    SEAT_COLOURS,
    ColdComfortState,
    PlacedTile,
)
from rules.core import Frozen, builder, format_event
from rules.record_copies import remade

Coord = tuple[int, int]


class TileFaceView(Frozen):
    tile_id: str
    rows: list[list[int | Literal["P"]]]
    street_edges: list[Literal["W", "N"]]


class SquareView(Frozen):
    x: int
    y: int
    tile_id: str
    kind: Literal["lot", "public"]
    printed: int | None
    hotel_seat: int | None
    hotel_value: int | None
    built_this_turn: bool
    die: int | None


class PlayerView(Frozen):
    seat: int
    colour: str
    gold: int
    points: int
    supply: dict[int, int]
    hotels: int


class NeighbourhoodView(Frozen):
    tiles: list[str]
    value: int


class NeighbourhoodScoreView(Frozen):
    tiles: list[str]
    value: int
    best: dict[int, int]
    gang: int
    winners: list[int]
    points_each: int


class TurnFlags(Frozen):
    acted: bool
    build_used: bool
    fire_used: bool


class FirePendingView(Frozen):
    at: Coord
    chooser: int
    options: list[Coord]


class LandingPendingView(Frozen):
    value: int
    remaining: int
    chooser: int
    options: list[Coord]


class LandingView(Frozen):
    value: int
    at: Coord | None


class OptionsView(Frozen):
    block_strength: str
    turn_limit: int


class RotationView(Frozen):
    """The drawn tile turned by `rotation` with its anchor at (0, 0): (x, y, printed value) of each
    square, 0 for a public building."""

    rotation: int
    width: int
    height: int
    squares: list[tuple[int, int, int]]


class OutcomeView(Frozen):
    winners: list[int]
    reason: str
    scores: list[int]


class ColdComfortObservation(Frozen):
    game: str = "cold_comfort"
    num_players: int
    turn_number: int
    active_seat: int
    start_seat: int
    phase: str
    to_act: list[int]
    scoring_rounds: int
    scoring_rounds_total: int
    dice_total: int
    pool: int
    trigger: int
    deck_count: int
    drawn_tile: TileFaceView | None
    tiles: list[PlacedTile]
    squares: list[SquareView]
    streets: list[Coord]
    neighbourhoods: list[NeighbourhoodView]
    players: list[PlayerView]
    turn_flags: TurnFlags
    fire_pending: FirePendingView | None
    landing_pending: LandingPendingView | None
    last_roll: list[int] | None
    last_landing: list[LandingView] | None
    last_scoring: list[NeighbourhoodScoreView] | None
    options: OptionsView
    log: list[str]
    outcome: OutcomeView | None
    tile_sizes: dict[str, Coord]
    drawn_rotations: list[RotationView]
    drawn_placements: list[tuple[int, int, int]]


# Records built from values the rules made, without validation (`rules.core.builder`);
# `tests/rules/test_observations_built.py` compares them with validated ones.
_square = builder(SquareView)
_player = builder(PlayerView)
_hood = builder(NeighbourhoodView)
_flags = builder(TurnFlags)
_options = builder(OptionsView)
_outcome = builder(OutcomeView)
_observation = builder(ColdComfortObservation)

# A tile's face and its four turned footprints never change: built once per tile.
_FACES: dict[str, TileFaceView] = {}
_ROTATIONS: dict[str, list[RotationView]] = {}


def tile_face(tile_id: str) -> TileFaceView:
    found = _FACES.get(tile_id)
    if found is None:
        face = TILES[tile_id]
        found = _FACES[tile_id] = TileFaceView(
            tile_id=tile_id,
            rows=[list(r) for r in face.rows],
            street_edges=list(face.street_edges),
        )
    return found


def rotations_of(tile_id: str) -> list[RotationView]:
    found = _ROTATIONS.get(tile_id)
    if found is None:
        found = []
        for rotation in ROTATIONS:
            width, height = footprint_size(rotation)
            squares = [(x, y, v) for (x, y), v in placed_squares(tile_id, 0, 0, rotation)]
            found.append(
                RotationView(rotation=rotation, width=width, height=height, squares=squares)
            )
        _ROTATIONS[tile_id] = found
    return list(found)


def observe(state: ColdComfortState, to_act: frozenset[int]) -> ColdComfortObservation:
    board = board_of(state.tiles)
    hotels = state.hotel_map()
    dice = state.dice_map()
    tiles = state.tiles
    built_at = state.built_at
    tile_of = board.tile_of
    squares = []
    for (x, y), printed in sorted(board.printed.items()):
        hotel = hotels.get((x, y))
        squares.append(
            _square(
                x=x,
                y=y,
                tile_id=tiles[tile_of[(x, y)]].tile_id,
                kind="lot" if printed else "public",
                printed=printed or None,
                hotel_seat=hotel.seat if hotel else None,
                hotel_value=hotel.value if hotel else None,
                built_this_turn=(x, y) == built_at,
                die=dice.get((x, y)),
            )
        )
    players = [
        _player(
            seat=s,
            colour=SEAT_COLOURS[s % len(SEAT_COLOURS)],
            gold=state.gold[s],
            points=state.points[s],
            supply={v: state.supply[s][v - 1] for v in range(1, 7)},
            hotels=sum(1 for h in state.hotels if h.seat == s),
        )
        for s in range(state.num_players)
    ]
    fire = state.fire_pending
    land = state.landing_pending
    outcome = outcome_of(state)
    return _observation(
        game="cold_comfort",
        num_players=state.num_players,
        turn_number=state.turn_number,
        active_seat=state.active_seat,
        start_seat=state.start_seat,
        phase=state.phase,
        to_act=sorted(to_act),
        scoring_rounds=state.scoring_rounds,
        scoring_rounds_total=SCORING_ROUNDS_TOTAL,
        dice_total=state.dice_total,
        pool=state.pool,
        trigger=state.trigger,
        deck_count=len(state.deck),
        drawn_tile=tile_face(state.drawn_tile) if state.drawn_tile else None,
        tiles=list(tiles),
        squares=squares,
        streets=sorted(board.streets),
        neighbourhoods=[
            _hood(tiles=[tiles[o].tile_id for o in hood], value=value)
            for hood, value in zip(board.neighbourhoods, board.values, strict=True)
        ],
        players=players,
        turn_flags=_flags(
            acted=state.acted, build_used=state.build_used, fire_used=state.fire_used
        ),
        fire_pending=remade(FirePendingView, fire) if fire else None,
        landing_pending=remade(LandingPendingView, land) if land else None,
        last_roll=list(state.last_roll) if state.last_roll is not None else None,
        last_landing=[remade(LandingView, x) for x in state.last_landing]
        if state.last_landing is not None
        else None,
        last_scoring=[remade(NeighbourhoodScoreView, n) for n in state.last_scoring]
        if state.last_scoring is not None
        else None,
        options=_options(
            block_strength=state.options.block_strength, turn_limit=state.options.turn_limit
        ),
        log=[format_event(line) for line in state.log],
        outcome=_outcome(
            winners=sorted(outcome.winners),
            reason=outcome.reason,
            scores=[(outcome.scores or {}).get(s, 0) for s in range(state.num_players)],
        )
        if outcome
        else None,
        tile_sizes={t.tile_id: footprint_size(t.rotation) for t in tiles},
        drawn_rotations=rotations_of(state.drawn_tile) if state.drawn_tile else [],
        drawn_placements=list(legal_placements(board, state.drawn_tile))
        if state.drawn_tile
        else [],
    )

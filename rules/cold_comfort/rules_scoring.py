"""Roll and land (CC-19 – CC-21), neighbourhood scoring (CC-27), final ranking (CC-28)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cold_comfort.rules_board import Board, board_of, distance, fmt
from rules.cold_comfort.state import (
    ColdComfortState,
    LandingPending,
    Log,
    NeighbourhoodScore,
    Square,
    new_die,
    new_landing,
    new_score,
)
from rules.core import Outcome, seat_ref
from rules.draft import evolve
from rules.game_info import listed


def landing_spots(state: ColdComfortState, board: Board, value: int) -> list[Square]:
    """The best class of spots for an extra die of `value` at the smallest distance (CC-19)."""
    built = {(h.x, h.y) for h in state.hotels}
    return _spots(state, board, value, {(d.x, d.y) for d in state.dice}, built)


def _spots(
    state: ColdComfortState, board: Board, value: int, occupied: set[Square], built: set[Square]
) -> list[Square]:
    """`landing_spots` with the squares holding a die and those holding a hotel given."""
    spots = [(h.x, h.y) for h in state.hotels if h.value == value and (h.x, h.y) not in occupied]
    if not spots:
        spots = [s for s in board.lots_of_value[value] if s not in built and s not in occupied]
    if not spots:
        return []
    origin = state.origin
    if len(origin) == 1:
        ((ox, oy),) = origin
        dists = [abs(x - ox) + abs(y - oy) for x, y in spots]
    else:
        dists = [min(distance(s, o) for o in origin) for s in spots]
    best = min(dists)
    return sorted([s for s, d in zip(spots, dists, strict=True) if d == best])


def resolve_extras(state: ColdComfortState, log: Log) -> ColdComfortState:
    """Land extras from 6 down to 1 until done, or stop at an exact tie (phase `land_tie`)."""
    board = board_of(state.tiles)
    extras = list(state.extras_left)
    dice = list(state.dice)
    landing = list(state.last_landing or ())
    pool = state.pool
    occupied = {(d.x, d.y) for d in dice}
    built = {(h.x, h.y) for h in state.hotels}
    for value in range(6, 0, -1):
        while extras[value - 1] > 0:
            spots = _spots(state, board, value, occupied, built)
            remaining = extras[value - 1]
            if not spots:
                landing.extend(new_landing(value=value, at=None) for _ in range(remaining))
                if log is not None:
                    log.append(
                        f"An extra {value} finds no spot and stays in the pool."
                        if remaining == 1
                        else f"{remaining} extra {value}s find no spot and stay in the pool."
                    )
                extras[value - 1] = 0
                break
            if len(spots) > remaining:
                chooser = state.next_seat(state.active_seat)
                if log is not None:
                    log.append(
                        f"Exact tie for an extra {value}: {seat_ref(chooser)} chooses among "
                        + ", ".join(fmt(s) for s in spots)
                        + "."
                    )
                return evolve(
                    state,
                    {
                        "phase": "land_tie",
                        "dice": tuple(dice),
                        "pool": pool,
                        "extras_left": tuple(extras),
                        "last_landing": tuple(landing),
                        "landing_pending": LandingPending(
                            value=value, remaining=remaining, chooser=chooser, options=tuple(spots)
                        ),
                    },
                )
            for s in spots:
                dice.append(new_die(x=s[0], y=s[1], value=value))
                occupied.add(s)
                landing.append(new_landing(value=value, at=s))
                pool -= 1
            if log is not None:  # the spots are all hotels of the value, or all lots
                places = listed([fmt(s) for s in spots])
                if len(spots) == 1:
                    where = "as a guest in" if spots[0] in built else "on"
                    log.append(f"An extra {value} lands {where} {places}.")
                else:
                    where = "as guests in" if spots[0] in built else "on"
                    log.append(f"Extra {value}s land {where} {places}.")
            extras[value - 1] = remaining - len(spots)
    return evolve(
        state,
        {
            "dice": tuple(sorted(dice, key=lambda d: (d.x, d.y))),
            "pool": pool,
            "extras_left": (),
            "origin": (),
            "landing_pending": None,
            "last_landing": tuple(landing),
        },
    )


def _strongest(squares: set[Square], dice: dict[Square, int], by_pips: bool) -> int:
    """The strength of the strongest group of edge-connected `squares` (0 for none): the pips of
    its dice, or their number."""
    best = 0
    if len(squares) < 2:  # no square, or a group of one
        for square in squares:
            pips = dice.get(square)
            if pips is not None:
                best = pips if by_pips else 1
        return best
    left = set(squares)
    while left:
        stack = [left.pop()]
        total = 0
        while stack:
            x, y = square = stack.pop()
            pips = dice.get(square)
            if pips is not None:
                total += pips if by_pips else 1
            for n in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)):
                if n in left:
                    left.remove(n)
                    stack.append(n)
        best = max(best, total)
    return best


def score_neighbourhoods(state: ColdComfortState) -> tuple[NeighbourhoodScore, ...]:
    """CC-27: every neighbourhood's value, strongest blocks, strongest gang and winners."""
    board = board_of(state.tiles)
    dice = state.dice_map()
    hotels = state.hotel_map()
    by_pips = state.options.block_strength == "pips"

    hood_of, tile_of = board.hood_of, board.tile_of
    owners: list[dict[int, set[Square]]] = [{} for _ in board.neighbourhoods]  # seat → hotels
    gangs: list[set[Square]] = [set() for _ in board.neighbourhoods]  # campers
    for s, hotel in hotels.items():
        owners[hood_of[tile_of[s]]].setdefault(hotel.seat, set()).add(s)
    for s in dice:
        if s not in hotels:
            gangs[hood_of[tile_of[s]]].add(s)
    results: list[NeighbourhoodScore] = []
    for tiles, value, owned, campers in zip(
        board.hood_tiles, board.values, owners, gangs, strict=True
    ):
        if not owned and not campers:  # nobody holds a block here, nor does a gang
            results.append(
                new_score(tiles=tiles, value=value, best={}, gang=0, winners=(), points_each=0)
            )
            continue
        best = {seat: _strongest(owned[seat], dice, by_pips) for seat in sorted(owned)}
        gang = _strongest(campers, dice, by_pips)
        top = max(gang, *best.values()) if best else gang
        winners = tuple([s for s, b in best.items() if b == top]) if top > 0 else ()
        results.append(
            new_score(
                tiles=tiles,
                value=value,
                best=best,
                gang=gang,
                winners=winners,
                points_each=value // len(winners) if winners else 0,
            )
        )
    return tuple(results)


def scoring_words(hood: Any, name: Callable[[int], str]) -> str:
    """One neighbourhood's scoring in words (a `NeighbourhoodScore` or its view; `name` gives a
    player's name): "C03+C04 (worth 5): Ana scores 5", "… Ana and Bo score 2 each", "… a street
    gang holds it, nobody scores", "… nobody scores"."""
    head = f"{'+'.join(hood.tiles)} (worth {hood.value})"
    if hood.winners:
        who = listed([name(s) for s in hood.winners])
        if len(hood.winners) == 1:
            return f"{head}: {who} scores {hood.points_each}"
        return f"{head}: {who} score {hood.points_each} each"
    if hood.gang > 0:
        return f"{head}: a street gang holds it, nobody scores"
    return f"{head}: nobody scores"


def unscored_words(hoods: list[Any]) -> list[str]:
    """The neighbourhoods where nobody scored this round, in at most two lines (after those that
    scored, one a line): "A street gang holds C13 (worth 2) and C05+C16 (worth 3): nobody scores
    there.", "Nobody scores in C08 (worth 3)."."""
    heads = [(f"{'+'.join(h.tiles)} (worth {h.value})", h.gang > 0) for h in hoods if not h.winners]
    lines = []
    held = [head for head, gang in heads if gang]
    if held:
        lines.append(f"A street gang holds {listed(held)}: nobody scores there.")
    empty = [head for head, gang in heads if not gang]
    if empty:
        lines.append(f"Nobody scores in {listed(empty)}.")
    return lines


def final_scores(state: ColdComfortState) -> tuple[int, ...]:
    """CC-28: points plus one per 5 leftover gold."""
    return tuple(p + g // 5 for p, g in zip(state.points, state.gold, strict=True))


def outcome_of(state: ColdComfortState) -> Outcome | None:
    if state.phase != "over" or state.end_reason is None:
        return None
    scores = final_scores(state)
    top = max(scores)
    leaders = [s for s in range(state.num_players) if scores[s] == top]
    richest = max(state.gold[s] for s in leaders)
    winners = frozenset(s for s in leaders if state.gold[s] == richest)
    return Outcome(
        winners=winners,
        reason=state.end_reason,
        scores={s: scores[s] for s in range(state.num_players)},
    )

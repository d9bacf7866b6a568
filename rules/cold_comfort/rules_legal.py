"""Legal actions (§4, §10 order) and, for refused ones, the reason in a player's words."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import TypeVar, overload

from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import (
    Board,
    Placements,
    board_of,
    fmt,
    legal_placements,
    placement_problem,
)
from rules.cold_comfort.rules_play import build_cost, change_cost
from rules.cold_comfort.state import ColdComfortState, Die, Hotel, Square
from rules.core import MadeOnRead, builder

A = TypeVar("A", bound=act.Action)


def _shared(kind: type[A], *names: str) -> Callable[..., A]:
    """One shared record per distinct action of `kind`, made from its fields in the order of
    `names`: actions are frozen, and validating a new record for every entry of every legal list
    was most of the cost of listing a turn's moves. The values are the rules' own ints, so a new
    record is built without validation (`rules.core.builder`), its `type` tag given."""
    build = builder(kind)
    tag = kind.model_fields["type"].default

    @lru_cache(maxsize=8192)
    def made(*values: int) -> A:
        return build(type=tag, **dict(zip(names, values, strict=True)))

    return made


_spread = _shared(act.Spread, "x", "y")
_land = _shared(act.Land, "x", "y")
_grow = _shared(act.Grow, "x", "y", "rotation")
_build = _shared(act.Build, "value", "x", "y")
_change = _shared(act.Change, "x", "y", "to")
_host = _shared(act.Host, "x", "y", "from_x", "from_y")
_fire = _shared(act.Fire, "x", "y")
_mine = _shared(act.Mine, "x", "y")
_END = act.End()


_ALONE: tuple[frozenset[int], ...] = tuple(frozenset({seat}) for seat in range(6))  # by seat
_NOBODY: frozenset[int] = frozenset()


def _alone(seat: int) -> frozenset[int]:
    return _ALONE[seat] if 0 <= seat < len(_ALONE) else frozenset({seat})


def acting_seats(state: ColdComfortState) -> frozenset[int]:
    if state.phase in ("manage", "grow"):
        return _alone(state.active_seat)
    if state.phase == "fire_spread" and state.fire_pending is not None:
        return _alone(state.fire_pending.chooser)
    if state.phase == "land_tie" and state.landing_pending is not None:
        return _alone(state.landing_pending.chooser)
    return _NOBODY


def legal_actions(state: ColdComfortState, seat: int) -> list[act.Action]:
    if seat not in acting_seats(state):
        return []
    if state.phase == "fire_spread" and state.fire_pending is not None:
        return [_spread(x, y) for x, y in state.fire_pending.options]
    if state.phase == "land_tie" and state.landing_pending is not None:
        return [_land(x, y) for x, y in state.landing_pending.options]
    if state.phase == "grow" and state.drawn_tile is not None:
        board = board_of(state.tiles)
        placements = legal_placements(board, state.drawn_tile)
        return [_grow(x, y, r) for x, y, r in placements]
    return _manage_actions(state, seat)


def legal_view(state: ColdComfortState, seat: int) -> Sequence[act.Action]:
    """`legal_actions` for a playout: the same actions in the same order, but a drawn tile's
    placements are a `Placements` view whose actions are made only when read, and a management
    turn's actions a `ManageView` that counts them and makes only the one read."""
    if state.phase == "manage" and seat == state.active_seat:
        return ManageView(state, seat)
    if state.phase == "grow" and state.drawn_tile is not None and seat in acting_seats(state):
        return MadeOnRead(Placements(board_of(state.tiles), state.drawn_tile), _grow)
    return legal_actions(state, seat)


_Inputs = tuple[
    Board, dict[Square, Hotel], dict[Square, int], int, tuple[int, ...], list[Square], list[Square]
]
_seen_hotels: list[tuple[tuple[Hotel, ...], dict[Square, Hotel]]] = [((), {})]
_seen_dice: list[tuple[tuple[Die, ...], dict[Square, int]]] = [((), {})]


def _maps(state: ColdComfortState) -> tuple[dict[Square, Hotel], dict[Square, int]]:
    """The hotels and dice of a state by square (not to be changed). Most moves change one of the
    two tuples at most, and successive states share the other, so the maps of the last tuples
    seen are remembered by identity (held here, so their ids are not reused)."""
    seen, hotels = _seen_hotels[0]
    if seen is not state.hotels:
        hotels = {(h.x, h.y): h for h in state.hotels}
        _seen_hotels[0] = (state.hotels, hotels)
    seen_dice, dice = _seen_dice[0]
    if seen_dice is not state.dice:
        dice = {(d.x, d.y): d.value for d in state.dice}
        _seen_dice[0] = (state.dice, dice)
    return hotels, dice


def _manage_inputs(state: ColdComfortState, seat: int) -> _Inputs:
    """What listing a seat's management actions starts from: the board, the hotel and dice maps,
    the seat's gold and supply, the campers (dice on no hotel) and the seat's empty hotels, both
    sorted."""
    board = board_of(state.tiles)
    hotels, dice = _maps(state)
    campers = sorted(s for s in dice if s not in hotels)
    own_empty = sorted(s for s, h in hotels.items() if h.seat == seat and s not in dice)
    return board, hotels, dice, state.gold[seat], state.supply[seat], campers, own_empty


def _manage_actions(state: ColdComfortState, seat: int) -> list[act.Action]:
    board, hotels, dice, gold, supply, campers, own_empty = _manage_inputs(state, seat)
    out: list[act.Action] = []
    if not state.build_used:
        empty_lot, camper_lot = build_cost(1, False), build_cost(1, True)  # a 1's, × the value
        for printed, lots in board.lots_of_value.items():  # by (value, x, y), the builds' order
            if empty_lot * printed > gold:
                break  # the cheapest build of this value, and of every later one, is too dear
            if supply[printed - 1] < 1:
                continue
            dear = gold < camper_lot * printed  # too dear on a camper
            for x, y in lots:
                if (x, y) not in hotels and not (dear and (x, y) in dice):
                    out.append(_build(printed, x, y))
        for x, y in own_empty:
            old = hotels[(x, y)].value
            for to in range(1, 7):
                if to != old and supply[to - 1] >= 1 and gold >= change_cost(old, to):
                    out.append(_change(x, y, to))
    hostable = [s for s in own_empty if s != state.built_at]
    if hostable and campers:
        by_value: dict[int, list[Square]] = {}  # campers by value, sorted
        for s in campers:
            by_value.setdefault(dice[s], []).append(s)
        for x, y in hostable:
            for fx, fy in by_value.get(hotels[(x, y)].value, ()):
                out.append(_host(x, y, fx, fy))
    if not state.fire_used:
        out.extend([_fire(x, y) for x, y in hostable])
    if not state.acted:
        out.extend([_mine(x, y) for x, y in campers])
    out.append(_END)
    return out


@lru_cache(maxsize=4096)
def _changes_to(old: int, gold: int, supply: tuple[int, ...]) -> tuple[int, ...]:
    """The values an empty hotel of value `old` may be changed to, in order."""
    return tuple(
        to
        for to in range(1, 7)
        if to != old and supply[to - 1] >= 1 and gold >= change_cost(old, to)
    )


class ManageView(Sequence[act.Action]):
    """`_manage_actions` read on demand: the same actions in the same order (builds by value and
    square, changes, hosts, fires, mines, end), but only counted per group (builds per printed
    value, from the hotels and campers on lots of each value rather than lot by lot) until one is
    read, which is then found within its group. A playout's random agent reads one of them."""

    __slots__ = (
        "board",
        "builds",
        "campers",
        "changes",
        "dice",
        "hostable",
        "hosts",
        "hotels",
        "length",
        "n_builds",
        "n_fires",
        "n_hosts",
        "n_mines",
        "seat",
        "state",
    )

    def __init__(self, state: ColdComfortState, seat: int) -> None:
        self.state, self.seat = state, seat
        board, hotels, dice, gold, supply, campers, own_empty = _manage_inputs(state, seat)
        self.board, self.hotels, self.dice, self.campers = board, hotels, dice, campers
        # builds: (printed value, how many, too dear on a camper) for each value with any
        builds: list[tuple[int, int, bool]] = []
        changes: list[tuple[Square, tuple[int, ...]]] = []
        total = 0
        if not state.build_used:
            empty_lot, camper_lot = build_cost(1, False), build_cost(1, True)  # a 1's, × value
            if empty_lot <= gold:
                printed = board.printed
                built = [0] * 7  # hotels on lots printed with each value
                for s in hotels:
                    built[printed[s]] += 1
                camping = [0] * 7  # campers on lots printed with each value
                for s in campers:
                    camping[printed[s]] += 1
                for value, lots in board.lots_of_value.items():
                    if empty_lot * value > gold:
                        break
                    if supply[value - 1] < 1:
                        continue
                    dear = gold < camper_lot * value
                    n = len(lots) - built[value] - (camping[value] if dear else 0)
                    if n:
                        builds.append((value, n, dear))
                        total += n
            for s in own_empty:
                tos = _changes_to(hotels[s].value, gold, supply)
                if tos:
                    changes.append((s, tos))
                    total += len(tos)
        self.builds, self.changes = builds, changes
        self.n_builds = total
        hostable = [s for s in own_empty if s != state.built_at]
        self.hostable = hostable
        hosts: list[tuple[Square, int]] = []  # (hotel, how many campers it may take)
        if hostable and campers:
            count = [0] * 7  # campers by value
            for s in campers:
                count[dice[s]] += 1
            for s in hostable:
                n = count[hotels[s].value]
                if n:
                    hosts.append((s, n))
                    total += n
        self.hosts = hosts
        self.n_hosts = total
        if not state.fire_used:
            total += len(hostable)
        self.n_fires = total
        if not state.acted:
            total += len(campers)
        self.n_mines = total
        self.length = total + 1

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[act.Action]:
        return iter(_manage_actions(self.state, self.seat))

    @overload
    def __getitem__(self, index: int) -> act.Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[act.Action]: ...
    def __getitem__(self, index: int | slice) -> act.Action | list[act.Action]:
        if isinstance(index, slice):
            return _manage_actions(self.state, self.seat)[index]
        if index < 0:
            index += self.length
        if not 0 <= index < self.length:
            raise IndexError(index)
        if index < self.n_builds:
            for value, n, dear in self.builds:
                if index < n:
                    hotels, dice = self.hotels, self.dice
                    for x, y in self.board.lots_of_value[value]:
                        if (x, y) not in hotels and not (dear and (x, y) in dice):
                            if not index:
                                return _build(value, x, y)
                            index -= 1
                    raise AssertionError("fewer lots than counted")
                index -= n
            for (x, y), tos in self.changes:
                if index < len(tos):
                    return _change(x, y, tos[index])
                index -= len(tos)
            raise AssertionError("fewer builds and changes than counted")
        if index < self.n_hosts:
            index -= self.n_builds
            for (x, y), n in self.hosts:
                if index < n:
                    value = self.hotels[(x, y)].value
                    dice = self.dice
                    for fx, fy in self.campers:
                        if dice[(fx, fy)] == value:
                            if not index:
                                return _host(x, y, fx, fy)
                            index -= 1
                    raise AssertionError("fewer campers than counted")
                index -= n
            raise AssertionError("fewer hosts than counted")
        if index < self.n_fires:
            x, y = self.hostable[index - self.n_hosts]
            return _fire(x, y)
        if index < self.n_mines:
            x, y = self.campers[index - self.n_fires]
            return _mine(x, y)
        return _END


def why_illegal(state: ColdComfortState, seat: int, action: act.Action) -> str | None:
    """The reason `action` is refused, or None if it is legal (or no better reason is known)."""
    if state.phase == "over":
        return "The game is over."
    if seat not in acting_seats(state):
        return "It is not your turn."
    if isinstance(action, act.Spread):
        if state.fire_pending is None:
            return "There is no fire to pass on right now."
        return _not_offered(action.x, action.y, state.fire_pending.options, "pass the fire to")
    if isinstance(action, act.Land):
        if state.landing_pending is None:
            return "No die is waiting to land right now."
        return _not_offered(action.x, action.y, state.landing_pending.options, "land the die on")
    if isinstance(action, act.Grow):
        if state.phase != "grow" or state.drawn_tile is None:
            return "There is no tile to place right now: tiles are placed in a scoring round."
        return placement_problem(
            board_of(state.tiles), state.drawn_tile, action.x, action.y, action.rotation
        )
    if state.phase != "manage":
        return {
            "grow": "First place the drawn tile (`grow`).",
            "fire_spread": "A fire is spreading: choose where it goes first (`spread`).",
            "land_tie": "A die is waiting to land: choose its square first (`land`).",
        }.get(state.phase, "That move is not allowed right now.")
    if isinstance(action, act.Build):
        return _why_build(state, seat, action)
    if isinstance(action, act.Change):
        return _why_change(state, seat, action)
    if isinstance(action, act.Host):
        return _why_host(state, seat, action)
    if isinstance(action, act.Fire):
        return _why_fire(state, seat, (action.x, action.y))
    if isinstance(action, act.Mine):
        if state.acted:
            return (
                "Mining must be your turn's only action, and you have already acted this turn "
                "(hosted, built or set a fire)."
            )
        if state.die_at((action.x, action.y)) is None or state.hotel_at((action.x, action.y)):
            return f"There is no camper at {fmt((action.x, action.y))} to mine."
    if isinstance(action, act.End):
        return None
    return None


def _not_offered(x: int, y: int, options: tuple[Square, ...], verb: str) -> str:
    return f"You cannot {verb} {fmt((x, y))}: choose one of " + ", ".join(map(fmt, options)) + "."


def _square_problem(state: ColdComfortState, square: Square) -> str | None:
    board = board_of(state.tiles)
    if square in board.streets:
        return f"{fmt(square)} is a street: nothing can ever be built on a street."
    if square not in board.printed:
        return f"{fmt(square)} is not on the map: no tile covers it."
    if board.printed[square] == 0:
        return f"{fmt(square)} is a public building, not a lot."
    return None


def _why_build(state: ColdComfortState, seat: int, a: act.Build) -> str | None:
    square = (a.x, a.y)
    if state.build_used:
        return "You have already built, upgraded or downgraded this turn: only one per turn."
    problem = _square_problem(state, square)
    if problem:
        return problem
    printed = board_of(state.tiles).printed[square]
    hotel = state.hotel_at(square)
    if hotel is not None:
        return f"{fmt(square)} already has a hotel (seat {hotel.seat + 1}'s {hotel.value})."
    if a.value != printed:
        return (
            f"The lot at {fmt(square)} is a {printed}: only a {printed} can be built there, "
            f"not a {a.value}."
        )
    if state.supply[seat][a.value - 1] < 1:
        return f"You have no {a.value}-hotel left in your supply."
    camper = state.die_at(square) is not None
    cost = build_cost(a.value, camper)
    if state.gold[seat] < cost:
        what = "on a lot with a camper" if camper else "on an empty lot"
        have = state.gold[seat]
        return f"Not enough gold: a {a.value} {what} costs ${cost} and you have ${have}."
    return None


def _own_empty_hotel(state: ColdComfortState, seat: int, square: Square, rule: str) -> str | None:
    hotel = state.hotel_at(square)
    if hotel is None:
        return f"There is no hotel of yours at {fmt(square)}."
    if hotel.seat != seat:
        return f"The hotel at {fmt(square)} belongs to seat {hotel.seat + 1}, not to you."
    if state.die_at(square) is not None:
        return f"Your hotel at {fmt(square)} already has a guest: {rule}."
    return None


def _why_change(state: ColdComfortState, seat: int, a: act.Change) -> str | None:
    square = (a.x, a.y)
    if state.build_used:
        return "You have already built, upgraded or downgraded this turn: only one per turn."
    problem = _own_empty_hotel(
        state, seat, square, "only an empty hotel can be upgraded or downgraded"
    )
    if problem:
        return problem
    hotel = state.hotel_at(square)
    assert hotel is not None
    if not 1 <= a.to <= 6 or a.to == hotel.value:
        return f"Choose a new value from 1 to 6 other than the current {hotel.value}."
    if state.supply[seat][a.to - 1] < 1:
        return f"You have no {a.to}-hotel left in your supply."
    cost = change_cost(hotel.value, a.to)
    if state.gold[seat] < cost:
        have = state.gold[seat]
        return f"Not enough gold: upgrading to {a.to} costs ${cost} and you have ${have}."
    return None


def _why_host(state: ColdComfortState, seat: int, a: act.Host) -> str | None:
    square = (a.x, a.y)
    problem = _own_empty_hotel(state, seat, square, "a hotel holds one guest at a time")
    if problem:
        return problem
    if square == state.built_at:
        return f"You built {fmt(square)} this turn: it can take a guest from your next turn on."
    source = (a.from_x, a.from_y)
    die = state.die_at(source)
    if die is None or state.hotel_at(source) is not None:
        return f"There is no camper at {fmt(source)}."
    hotel = state.hotel_at(square)
    assert hotel is not None
    if die.value != hotel.value:
        return (
            f"The camper at {fmt(source)} is a {die.value}; your hotel only takes a {hotel.value}."
        )
    return None


def _why_fire(state: ColdComfortState, seat: int, square: Square) -> str | None:
    if state.fire_used:
        return "You have already set a fire this turn: only one per turn."
    hotel = state.hotel_at(square)
    if hotel is None:
        return f"There is no hotel at {fmt(square)} to set on fire."
    if hotel.seat != seat:
        owner = hotel.seat + 1
        return f"You can only set fire to your own hotels; {fmt(square)} is seat {owner}'s."
    if state.die_at(square) is not None:
        return f"Your hotel at {fmt(square)} has a guest: only an empty hotel can be set on fire."
    if square == state.built_at:
        return f"You built the hotel at {fmt(square)} this turn: a fire cannot start in it."
    return None

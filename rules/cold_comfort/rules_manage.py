"""A management turn's moves (§4, §10 order): listed, or counted by group with only the one read
made (`ManageView`, for playouts), and the shared records every legal list is made of."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import TypeVar

from rules.cold_comfort import actions as act
from rules.cold_comfort.rules_board import Board, board_of
from rules.cold_comfort.rules_play import build_cost, change_cost
from rules.cold_comfort.state import ColdComfortState, Die, Hotel, Square
from rules.core import builder
from rules.lazy_lists import MadeByIndex

A = TypeVar("A", bound=act.Action)


def shared(kind: type[A], *names: str) -> Callable[..., A]:
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


spread_move = shared(act.Spread, "x", "y")
land_move = shared(act.Land, "x", "y")
grow_move = shared(act.Grow, "x", "y", "rotation")
build_move = shared(act.Build, "value", "x", "y")
change_move = shared(act.Change, "x", "y", "to")
host_move = shared(act.Host, "x", "y", "from_x", "from_y")
fire_move = shared(act.Fire, "x", "y")
mine_move = shared(act.Mine, "x", "y")
END = act.End()


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


def manage_actions(state: ColdComfortState, seat: int) -> list[act.Action]:
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
                    out.append(build_move(printed, x, y))
        for x, y in own_empty:
            old = hotels[(x, y)].value
            for to in range(1, 7):
                if to != old and supply[to - 1] >= 1 and gold >= change_cost(old, to):
                    out.append(change_move(x, y, to))
    hostable = [s for s in own_empty if s != state.built_at]
    if hostable and campers:
        by_value: dict[int, list[Square]] = {}  # campers by value, sorted
        for s in campers:
            by_value.setdefault(dice[s], []).append(s)
        for x, y in hostable:
            for fx, fy in by_value.get(hotels[(x, y)].value, ()):
                out.append(host_move(x, y, fx, fy))
    if not state.fire_used:
        out.extend([fire_move(x, y) for x, y in hostable])
    if not state.acted:
        out.extend([mine_move(x, y) for x, y in campers])
    out.append(END)
    return out


@lru_cache(maxsize=4096)
def _changes_to(old: int, gold: int, supply: tuple[int, ...]) -> tuple[int, ...]:
    """The values an empty hotel of value `old` may be changed to, in order."""
    return tuple(
        to
        for to in range(1, 7)
        if to != old and supply[to - 1] >= 1 and gold >= change_cost(old, to)
    )


class ManageView(MadeByIndex[act.Action]):
    """`manage_actions` read on demand: the same actions in the same order (builds by value and
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
        return iter(manage_actions(self.state, self.seat))

    def _whole(self) -> list[act.Action]:
        return manage_actions(self.state, self.seat)

    def _at(self, index: int) -> act.Action:
        if index < self.n_builds:
            for value, n, dear in self.builds:
                if index < n:
                    hotels, dice = self.hotels, self.dice
                    for x, y in self.board.lots_of_value[value]:
                        if (x, y) not in hotels and not (dear and (x, y) in dice):
                            if not index:
                                return build_move(value, x, y)
                            index -= 1
                    raise AssertionError("fewer lots than counted")
                index -= n
            for (x, y), tos in self.changes:
                if index < len(tos):
                    return change_move(x, y, tos[index])
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
                                return host_move(x, y, fx, fy)
                            index -= 1
                    raise AssertionError("fewer campers than counted")
                index -= n
            raise AssertionError("fewer hosts than counted")
        if index < self.n_fires:
            x, y = self.hostable[index - self.n_hosts]
            return fire_move(x, y)
        if index < self.n_mines:
            x, y = self.campers[index - self.n_fires]
            return mine_move(x, y)
        return END

"""Choice paths: how a player picks one of their legal moves in a few short steps.

A turn can offer hundreds of moves (a tile at any spot and turn, every order of a row). Players
do not read lists that long: they pick a kind of move, then the card, survivor or tile, then the
target or spot. A game describes that path once, per legal move, as a tuple of `Choice` steps
(`BaseGame.choice_paths`); moves that share their first steps share those nodes, so the moves
form a tree. The Discord panel and the terminal table both walk that one tree: at each node a
player sees at most `MAX_CHOICES` options, each saying what it does, and any move is at most
`game.max_choice_depth` steps from the top (three; four for placing a tile: tile, turn, spot).

Typed moves (`parse`) are unchanged: paths only decide what the panel and the terminal show.

A path may be `None`: the move is legal but not offered on its own in the panel (a Cold Comfort
tile far off the town that changes nothing another spot does not): it can still be typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, TypeVar

from rules.choice_collapse import collapse

MAX_CHOICES = 25  # Discord: options in one select menu
MAX_LABEL = 80  # Discord: a button's label, and the clip of a select option's label (100)
MAX_DETAIL = 100  # Discord: a select option's description (`rules.choice_collapse` too)

Style = Literal["move", "quiet", "danger", "yes", "no"]
"""How a step looks: the usual move (blue), a quiet one that ends or passes (grey), a harmful or
irreversible one (red), and a vote's yes (green) and no (red)."""

SPOT_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXY"  # 25 letters: spots labelled on a hint picture


@dataclass(frozen=True, slots=True)
class Choice:
    """One step of a move's path.

    `label` is what the button or option says ("Play a card", "Snowball", "Position 2");
    `detail` says what it does, in one line ("heat 3, ash 1 — burn one card"); `at` is a spot
    on the board's picture, in the game's own coordinates, for a step that picks a place: the
    hint picture labels it with the step's label (a letter), so the choice is made on the
    picture. `rank` places a step among its siblings when the legal list's order is not the
    one a player reads best (lower first; the game's order among equal ranks)."""

    label: str
    detail: str = ""
    style: Style = "move"
    at: tuple[int, int] | None = None
    rank: int = 0


Path = tuple[Choice, ...]


@dataclass(slots=True)
class Node:
    """A node of the choice tree: the step that leads here (None at the top), the steps below,
    and at a leaf the move's index in the seat's legal list."""

    choice: Choice | None
    children: list[Node] = field(default_factory=list)
    index: int | None = None

    @property
    def leaf(self) -> bool:
        return self.index is not None

    @property
    def label(self) -> str:
        return self.choice.label if self.choice is not None else ""

    def moves(self) -> list[int]:
        """The legal indexes of every move under this node, in tree order."""
        if self.index is not None:
            return [self.index]
        found: list[int] = []
        for child in self.children:
            found.extend(child.moves())
        return found

    def depth(self) -> int:
        """Steps from this node to its deepest move."""
        if self.index is not None:
            return 0
        return 1 + max((child.depth() for child in self.children), default=0)


def build(paths: Sequence[Path | None]) -> Node:
    """The tree of a seat's moves: `paths[i]` is the path of legal move `i` (None: not offered).

    Steps are merged by label under the same parent, in the order first seen. Two moves with the
    same full path, or a path that is a prefix of another's, are a game's mistake: `check` tells
    them apart; here the later move gets a node of its own so nothing is lost."""
    root = Node(None)
    for index, path in enumerate(paths):
        if not path:
            continue
        node = root
        for depth, step in enumerate(path):
            last = depth == len(path) - 1
            found = None
            if not last:
                for child in node.children:
                    if child.index is None and child.label == step.label:
                        found = child
                        break
            if found is None:
                found = Node(step, index=index if last else None)
                node.children.append(found)
            node = found
    _in_order(root)
    collapse(root)  # a step offering one option only is skipped (`rules.choice_collapse`)
    return root


_NUMBER = re.compile(r"(\d+)")


def _natural(label: str) -> tuple[Any, ...]:
    """A label as people order it: "Position 2" before "Position 10"."""
    return tuple(int(part) if part.isdigit() else part for part in _NUMBER.split(label))


_ORDINAL = re.compile(r"^(\S+) (\d+°?|[A-Z])(?:\s|$)")


def _in_order(node: Node) -> None:
    """Options that differ only by a number or a letter after a shared first word ("Position 5",
    "Position 2"; "Turned 90°", "Turned 0°"; "Spot B", "Spot A") are listed in their natural
    order; options the game ranked (`Choice.rank`) by rank; any other list keeps the game's order
    (its kinds, its cards as they lie)."""
    children = node.children
    if any(child.choice is not None and child.choice.rank for child in children):
        children.sort(key=lambda child: child.choice.rank if child.choice is not None else 0)
    elif len(children) > 1:
        found = [_ORDINAL.match(child.label) for child in children]
        if all(found) and len({m[1] for m in found if m}) == 1:
            children.sort(key=lambda child: _natural(child.label))
    for child in children:
        _in_order(child)


def at(root: Node, address: Sequence[int]) -> Node | None:
    """The node reached from `root` by the child numbers in `address`, or None when the tree no
    longer has it (the moves changed since the address was drawn)."""
    node = root
    for number in address:
        if node.index is not None or not 0 <= number < len(node.children):
            return None
        node = node.children[number]
    return node


def trail(root: Node, address: Sequence[int]) -> list[str]:
    """The labels of the steps taken to reach `address` ("Play a card", "Snowball")."""
    labels: list[str] = []
    node = root
    for number in address:
        if node.index is not None or not 0 <= number < len(node.children):
            break
        node = node.children[number]
        labels.append(node.label)
    return labels


def find(root: Node, index: int) -> list[int] | None:
    """The address of legal move `index` in the tree, or None when it is not offered."""

    def walk(node: Node, address: list[int]) -> list[int] | None:
        if node.index == index:
            return address
        for number, child in enumerate(node.children):
            got = walk(child, [*address, number])
            if got is not None:
                return got
        return None

    return walk(root, [])


def check(root: Node, legal_count: int, max_depth: int) -> list[str]:
    """What is wrong with a tree, in words (empty when it is fine): a node with more than
    `MAX_CHOICES` options, a move deeper than `max_depth` steps, a move offered twice, two options
    of one node with the same label, an empty or over-long label or detail, an index out of range.
    """
    problems: list[str] = []
    seen: dict[int, int] = {}

    def walk(node: Node, trail_: list[str]) -> None:
        where = " › ".join(trail_) or "the top"
        if node.index is not None:
            if not 0 <= node.index < legal_count:
                problems.append(f"{where}: move {node.index} is not a legal index")
            seen[node.index] = seen.get(node.index, 0) + 1
            if len(trail_) > max_depth:
                problems.append(f"{where}: {len(trail_)} steps (at most {max_depth})")
            return
        if not node.children:
            problems.append(f"{where}: a step with no moves under it")
        if len(node.children) > MAX_CHOICES:
            problems.append(f"{where}: {len(node.children)} options (at most {MAX_CHOICES})")
        labels = [child.label for child in node.children]
        for label in {x for x in labels if labels.count(x) > 1}:
            problems.append(f"{where}: two options labelled {label!r}")
        for child in node.children:
            assert child.choice is not None
            if not child.choice.label.strip():
                problems.append(f"{where}: an option with an empty label")
            if len(child.choice.label) > MAX_LABEL:
                problems.append(f"{where}: label over {MAX_LABEL}: {child.choice.label!r}")
            if len(child.choice.detail) > MAX_DETAIL:
                problems.append(f"{where}: detail over {MAX_DETAIL}: {child.choice.detail!r}")
            walk(child, [*trail_, child.label])

    walk(root, [])
    for index, count in seen.items():
        if count > 1:
            problems.append(f"move {index} is offered {count} times")
    return problems


def named_path(path: Path | None, names: Sequence[str]) -> Path | None:
    """`path` with players named: a step's label and detail may name seats as `{s0}`, `{s1}`
    (`rules.core.seat_ref`), like event lines."""
    if path is None:
        return None
    return tuple(
        replace(
            step,
            label=clip(_names(step.label, names), MAX_LABEL),
            detail=_names(step.detail, names),
        )
        if "{s" in step.label or "{s" in step.detail
        else step
        for step in path
    )


def _names(text: str, names: Sequence[str]) -> str:
    return _SEAT_REF.sub(
        lambda m: names[int(m[1])] if int(m[1]) < len(names) else f"player {int(m[1]) + 1}", text
    )


_SEAT_REF = re.compile(r"\{s(\d+)\}")


# ---------------------------------------------------------------------------------------------
# helpers a game's paths use


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def option(label: str, detail: str = "", style: Style = "move", rank: int = 0) -> Choice:
    """A step whose label and detail are cut to what Discord shows (`clip`)."""
    return Choice(clip(label, MAX_LABEL), clip(detail, MAX_DETAIL), style, rank=rank)


def fit_detail(text: str) -> str:
    """`text` cut to what an option's detail holds (`MAX_DETAIL`)."""
    return clip(text, MAX_DETAIL)


def plain_paths(labels: Sequence[str], kinds: Sequence[str | None] | None = None) -> list[Path]:
    """Paths for a game that describes none: each move by its label when there are few, else
    grouped by the game's kind of move (`move_kind`), else by the label's leading words (so
    "Place C20 at …" and "Place C21 at …" share "Place"), narrowed until no node holds more than
    `MAX_CHOICES` options. A game whose turn offers many moves should say better: this only
    guarantees short lists."""
    if len(labels) <= MAX_CHOICES:
        return [(Choice(clip(label, MAX_LABEL)),) for label in labels]
    if kinds is not None and all(kind for kind in kinds):
        groups: dict[str, list[int]] = {}
        for index, kind in enumerate(kinds):
            groups.setdefault(str(kind), []).append(index)
        if len(groups) <= MAX_CHOICES:
            paths: list[Path] = [()] * len(labels)
            for kind, indexes in groups.items():
                for index, tail in zip(
                    indexes, _by_words([labels[i] for i in indexes]), strict=True
                ):
                    paths[index] = (Choice(clip(kind, MAX_LABEL)), *tail)
            return paths
    return _by_words(labels)


def _by_words(labels: Sequence[str]) -> list[Path]:
    """Labels grouped by their leading words, recursively, so no node has more than
    `MAX_CHOICES` options: the last step is always the whole label."""
    if len(labels) <= MAX_CHOICES:
        return [(Choice(clip(label, MAX_LABEL)),) for label in labels]
    for words in range(1, 8):
        heads = [" ".join(label.split()[:words]) for label in labels]
        distinct = list(dict.fromkeys(heads))
        if 1 < len(distinct) <= MAX_CHOICES:
            break
    else:
        return _in_runs(labels)
    paths: list[Path] = [()] * len(labels)
    for head in distinct:
        indexes = [i for i, h in enumerate(heads) if h == head]
        if len(indexes) == 1:
            paths[indexes[0]] = (Choice(clip(labels[indexes[0]], MAX_LABEL)),)
            continue
        for index, tail in zip(indexes, _by_words([labels[i] for i in indexes]), strict=True):
            paths[index] = (Choice(clip(head + " …", MAX_LABEL)), *tail)
    return paths


def _in_runs(labels: Sequence[str]) -> list[Path]:
    """The last resort for labels that share every leading word: runs named by their first and
    last label ("Arrange row: 2♥ 5♣ … – Arrange row: 10♦ 7♥ …")."""
    size = -(-len(labels) // MAX_CHOICES)
    paths: list[Path] = []
    for start in range(0, len(labels), size):
        run = labels[start : start + size]
        name = clip(f"{clip(run[0], 38)} – {clip(run[-1], 38)}", MAX_LABEL)
        paths.extend((Choice(name), Choice(clip(label, MAX_LABEL))) for label in run)
    return paths


def split_regions(order: Sequence[str], named: dict[str, list[Any]]) -> dict[Any, str]:
    """Each place's region label for a step that narrows more than `MAX_CHOICES` places: the
    regions in `order`, and a region holding more places than one step shows split into even
    runs ("North-west, 1 of 2")."""
    out: dict[Any, str] = {}
    for name in order:
        members = named.get(name, [])
        runs = -(-len(members) // MAX_CHOICES)
        size = -(-len(members) // runs) if runs else 0
        for n in range(runs):
            label = name if runs == 1 else f"{name}, {n + 1} of {runs}"
            for place in members[n * size : (n + 1) * size]:
                out[place] = label
    return out


K = TypeVar("K")
P = TypeVar("P", bound=tuple[int, int])
Spot = tuple[tuple[Choice, ...], str]
"""A place's steps: its region step (none, or one when a step holds too many places), its letter."""


def of_kind(legal: Sequence[object], kind: type[K]) -> list[tuple[int, K]]:
    """The legal moves of one kind, each with its index in the list."""
    return [(i, action) for i, action in enumerate(legal) if isinstance(action, kind)]


C = TypeVar("C")
Made = Callable[[C, Any], Iterable[tuple[int, Path]]]
"""What makes one kind's paths: given a game's context and that kind's `(index, move)` pairs, each
move's index and path."""


def paths_by_kind(
    paths: list[Path | None], legal: Sequence[object], ctx: C, kinds: Sequence[tuple[type, Made[C]]]
) -> None:
    """Fill in each kind's paths at its moves' indexes, for the kinds the legal list holds."""
    for kind, made in kinds:
        moves: list[tuple[int, Any]] = of_kind(legal, kind)
        if moves:
            for index, path in made(ctx, moves):
                paths[index] = path


def spot_letters(places: Iterable[P]) -> dict[P, str]:
    """ "Spot A", "Spot B" … for up to `MAX_CHOICES` places on a board (a game's own coordinates),
    in their sorted order, which is also the order a game lists their moves in (so a select
    shows A, B, C … in order)."""
    ordered = sorted(set(places))
    return {place: f"Spot {letter}" for place, letter in zip(ordered, SPOT_LABELS, strict=False)}


def spot_steps(
    places: Sequence[P], zones: Callable[[], dict[P, str]], words: Callable[[str, int], str]
) -> dict[P, Spot]:
    """For each place: its letter, after a region step only when there are more than
    `MAX_CHOICES` places. `zones()` names each place's region (`split_regions`), in the order
    the steps are listed; `words(region, count)` is a region step's detail."""
    if len(set(places)) <= MAX_CHOICES:
        return {place: ((), letter) for place, letter in spot_letters(places).items()}
    named = zones()
    out: dict[P, Spot] = {}
    for zone in dict.fromkeys(named.values()):
        members = [place for place, z in named.items() if z == zone]
        step = Choice(zone, detail=words(zone, len(members)))
        for place, letter in spot_letters(members).items():
            out[place] = ((step,), letter)
    return out

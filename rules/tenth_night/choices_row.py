"""The 10th Night's paths for arranging a row (`choices.py`): "Arrange row" → the person to move →
the new position, or "Swap two neighbours" → the pair; orders that move several people are under
"Other orders, 8♦ first" → the whole row."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations

from rules.cards import card
from rules.cards import shown as lab
from rules.choices import Choice, Path, option
from rules.tenth_night import actions as act
from rules.tenth_night.state import Person


def person_words(person: Person, index: int, size: int) -> str:
    """A person's state: "7♣: injured, value 7, position 2 of 5"."""
    c = card(person.id)
    state = "injured" if person.injured else "healthy"
    return f"{c.label}: {state}, value {c.number}, position {index + 1} of {size}"


def shown_person(person: Person) -> str:
    return lab(person.id) + ("*" if person.injured else "")


def _where(new: Sequence[Person], j: int) -> str:
    n = len(new)
    if j == 0:
        return f"Position 1 (leftmost, before {shown_person(new[1])})"
    if j == n - 1:
        return f"Position {n} (rightmost, after {shown_person(new[n - 2])})"
    return f"Position {j + 1} (between {shown_person(new[j - 1])} and {shown_person(new[j + 1])})"


def arrangements(
    row: Sequence[Person], reorders: list[tuple[int, act.Reorder]], found: list[Path | None]
) -> None:
    """Paths for the row's reorders (`arrangement_paths`), each at its move's index."""
    made = arrangement_paths(tuple(row))
    for index, a in reorders:
        found[index] = made.get(tuple(a.order))


@lru_cache(maxsize=256)
def arrangement_paths(row: tuple[Person, ...]) -> dict[tuple[str, ...], Path]:
    """The path of each other order of `row` (by its ids), under "Arrange row": "Move 8♦
    (position 3)" → "Position 1 (…)" for each order that moves one person two or more places;
    "Swap two neighbours" → "Swap 7♥ and 3♠" (a move by one place is a swap, so it is offered
    once, there); every other order under "Other orders, 8♦ first" → the whole row. Made once
    per row: a day offers the same 119 orders at every move until the row changes."""
    head = option(
        "Arrange row",
        "Red attacks count from the left of your row, black ones from the right",
    )
    made: dict[tuple[str, ...], Path] = {}
    n = len(row)
    # read in the row's order: the swaps, each person's move by position, the other orders by
    # the position of the person they put first
    swaps = option("Swap two neighbours", "Two people side by side change places", rank=1)
    for i in range(n - 1):
        new = (*row[:i], row[i + 1], row[i], *row[i + 2 :])
        swap = option(
            f"Swap {shown_person(row[i])} and {shown_person(row[i + 1])}",
            "New row: " + " ".join(shown_person(p) for p in new),
            rank=1 + i,
        )
        made[tuple(p.id for p in new)] = (head, swap) if n == 2 else (head, swaps, swap)
    for i, moving in enumerate(row):
        rest = [p for k, p in enumerate(row) if k != i]
        step = option(
            f"Move {shown_person(moving)} (position {i + 1})",
            person_words(moving, i, n) + " · one place over: swap neighbours",
            rank=2 + i,
        )
        for j in range(n):
            if abs(j - i) < 2:
                continue  # where it stands, or a swap with a neighbour (above)
            new = (*rest[:j], moving, *rest[j:])
            made.setdefault(
                tuple(p.id for p in new),
                (
                    head,
                    step,
                    option(_where(new, j), "New row: " + " ".join(shown_person(p) for p in new)),
                ),
            )
    others: dict[str, Choice] = {}
    seen: dict[str, int] = {}
    twins = {p.id for p in row if sum(1 for q in row if lab(q.id) == lab(p.id)) > 1}
    for order in permutations(row):
        ids = tuple(p.id for p in order)
        if ids in made or order == row:
            continue
        first = order[0]
        name = shown_person(first)
        if first.id in twins:  # two people of one card (two decks): told apart by place
            name = f"{name} from position {row.index(first) + 1}"
        group = others.get(name)
        if group is None:
            group = others[name] = option(
                f"Other orders, {name} first",
                "Orders that move several people at once",
                rank=2 + n + row.index(first),
            )
        moved = sum(1 for p, q in zip(order, row, strict=True) if p.id != q.id)
        shown = " ".join(shown_person(p) for p in order)
        copies = seen[shown] = seen.get(shown, 0) + 1
        made[ids] = (
            head,
            group,
            option(
                shown if copies == 1 else f"{shown} (copy {copies})",
                f"{moved} of your {n} people change places",
            ),
        )
    return made

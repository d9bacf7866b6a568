"""Benchmarks: `make bench` runs every `bench/bench_*.py` and prints one table, each figure as soon
as it is measured; `make bench-quick` runs the same benchmarks at small sizes (every headline
figure in about two minutes).

A module sizes its work with `sized(full, quick)` at the time it measures (not at import), so
`python -m bench --quick` (which sets `QUICK`) gives the small size and everything else, the tests
included, the full one unless they set their own.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

Row = tuple[str, float, str]
"""One figure: what was measured, its value, its unit."""

QUICK = False
"""Set by `python -m bench --quick` (`make bench-quick`): each module measures at its small size."""


def sized(full: T, quick: T) -> T:
    """`full` in `make bench`, `quick` in `make bench-quick`."""
    return quick if QUICK else full


def in_order(work: Callable[[int], R], numbers: Iterable[int], jobs: int = 1) -> Iterator[R]:
    """`work(n)` for each deal number, in order, each as soon as it (and those before it) is done;
    over `jobs` worker processes when more than one (a long row's `--jobs`: the deals are seeded,
    so the figures do not depend on it). `work` is then a module-level function or a
    `functools.partial` of one, so the workers can receive it."""
    if jobs <= 1:
        yield from map(work, numbers)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(work, numbers)


def seeded(
    work: Callable[[int], R], first_seed: int, games: int, jobs: int = 1
) -> Iterator[tuple[int, R]]:
    """Deal numbers `first_seed` … `first_seed + games − 1`, each with `work(n)`, in order
    (`in_order`): a row of seeded deals."""
    numbers = range(first_seed, first_seed + games)
    return zip(numbers, in_order(work, numbers, jobs), strict=True)


def progress(what: str) -> None:
    """A progress line on stderr (the table of figures goes to stdout)."""
    print(f"    … {what}", file=sys.stderr, flush=True)


def playouts_per_second(game: Any, agent: str, seats: int, games: int, seeds: str) -> float:
    """Whole games of `game` a second, every seat played by its `agent`, seeded `seeds` with the
    game's number put in (`"bench/{}"`)."""
    from rules.playout import play_out

    started = time.perf_counter()
    for n in range(games):
        play_out(game, seats, seeds.format(n), [game.agents[agent]() for _ in range(seats)])
    return games / (time.perf_counter() - started)

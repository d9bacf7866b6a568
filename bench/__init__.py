"""Benchmarks: `make bench` runs every `bench/bench_*.py` and prints one table, each figure as soon
as it is measured; `make bench-quick` runs the same benchmarks at small sizes (every headline
figure in about two minutes).

A module sizes its work with `sized(full, quick)` at the time it measures (not at import), so
`python -m bench --quick` (which sets `QUICK`) gives the small size and everything else, the tests
included, the full one unless they set their own.
"""

from __future__ import annotations

import sys
from typing import TypeVar

T = TypeVar("T")

Row = tuple[str, float, str]
"""One figure: what was measured, its value, its unit."""

QUICK = False
"""Set by `python -m bench --quick` (`make bench-quick`): each module measures at its small size."""


def sized(full: T, quick: T) -> T:
    """`full` in `make bench`, `quick` in `make bench-quick`."""
    return quick if QUICK else full


def progress(what: str) -> None:
    """A progress line on stderr (the table of figures goes to stdout)."""
    print(f"    … {what}", file=sys.stderr, flush=True)

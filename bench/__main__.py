"""Run every benchmark module and print one table.

Each `bench/bench_<name>.py` defines `rows() -> list[tuple[str, float, str]]` (what, value, unit),
or `async def rows()`. `python -m bench NAME…` runs only those modules.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import pkgutil
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if n.removeprefix("bench_") in argv or n in argv]
    table: list[tuple[str, str, str]] = []
    for name in names:
        module = importlib.import_module(f"bench.{name}")
        started = time.perf_counter()
        result = module.rows()
        if inspect.isawaitable(result):
            result = asyncio.run(result)
        for what, value, unit in result:
            shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
            table.append((what, shown, unit))
        print(f"  ({name} took {time.perf_counter() - started:.1f} s)", file=sys.stderr)
    width = max((len(r[0]) for r in table), default=10)
    vwidth = max((len(r[1]) for r in table), default=5)
    print(f"{'benchmark':<{width}}  {'value':>{vwidth}}  unit")
    print(f"{'-' * width}  {'-' * vwidth}  ----")
    for what, value, unit in table:
        print(f"{what:<{width}}  {value:>{vwidth}}  {unit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""Run every benchmark module and print one table, each module's rows as soon as it has them.

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
    print(f"{'benchmark':<60}  {'value':>12}  unit", flush=True)
    print(f"{'-' * 60}  {'-' * 12}  ----", flush=True)
    for number, name in enumerate(names, 1):
        print(f"  [{number}/{len(names)}] {name} …", file=sys.stderr, flush=True)
        module = importlib.import_module(f"bench.{name}")
        started = time.perf_counter()
        result = module.rows()
        if inspect.isawaitable(result):
            result = asyncio.run(result)
        for what, value, unit in result:  # each module's figures as soon as it has them
            shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
            print(f"{what:<60}  {shown:>12}  {unit}", flush=True)
        print(f"  ({name} took {time.perf_counter() - started:.1f} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

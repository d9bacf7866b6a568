"""Run the benchmark modules and print one table, each figure as soon as it is measured.

Each `bench/bench_<name>.py` defines `rows()`: a generator of `(what, value, unit)` figures (or an
async one), or a function returning a list of them (or a coroutine that does); a module without
`rows()` is a script of its own and gives no figures here. A generator's
figures are printed as it yields them; a list's when the module is done. Before each module a
progress line on stderr names it, and after it how long it took.

    python -m bench                  # every module at full size (`make bench`)
    python -m bench --quick          # every module at small sizes (`make bench-quick`)
    python -m bench act feel         # only those modules
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import inspect
import pkgutil
import resource
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO, cast

import bench
from bench import Row

HERE = Path(__file__).parent


def available() -> list[str]:
    """Every benchmark module's name (`bench_<name>`), sorted."""
    return sorted(m.name for m in pkgutil.iter_modules([str(HERE)]) if m.name.startswith("bench_"))


def chosen(names: list[str], asked: list[str]) -> list[str]:
    """The modules `asked` for (by `name` or `bench_name`), all when none; unknown names refused."""
    if not asked:
        return names
    unknown = [a for a in asked if a not in names and f"bench_{a}" not in names]
    if unknown:
        short = ", ".join(n.removeprefix("bench_") for n in names)
        raise SystemExit(f"no benchmark named {', '.join(unknown)}; there are: {short}")
    return [n for n in names if n in asked or n.removeprefix("bench_") in asked]


def line(row: Row) -> str:
    what, value, unit = row
    shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"
    return f"{what:<60}  {shown:>12}  {unit}"


def figures(module: ModuleType, show: Callable[[Row], None]) -> int:
    """Run `module.rows()`, passing each figure to `show` as soon as there is one; how many."""
    count = 0

    def each(rows: Iterable[Row]) -> None:
        nonlocal count
        for row in rows:
            show(row)
            count += 1

    async def each_async(rows: AsyncIterator[Row]) -> None:
        nonlocal count
        async for row in rows:
            show(row)
            count += 1

    if not hasattr(module, "rows"):  # a script of its own (`python -m bench.<name>`), no figures
        return 0
    result: Any = module.rows()
    if inspect.isasyncgen(result):
        asyncio.run(each_async(cast(AsyncIterator[Row], result)))
    elif inspect.isawaitable(result):
        each(asyncio.run(result))  # type: ignore[arg-type]
    else:
        each(result)
    return count


def cpu_seconds() -> float:
    """CPU time of this process and of the finished child processes it waited for."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out, err = out or sys.stdout, err or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="modules to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="small sizes: about two minutes")
    args = parser.parse_args(argv)
    bench.QUICK = args.quick
    names = chosen(available(), args.names)
    size = "small sizes (make bench-quick)" if args.quick else "full sizes"
    many = f"{len(names)} benchmark{'s' if len(names) != 1 else ''}"
    print(f"{many} at {size}; progress on stderr", file=err, flush=True)
    print(f"{'benchmark':<60}  {'value':>12}  unit", file=out, flush=True)
    print(f"{'-' * 60}  {'-' * 12}  ----", file=out, flush=True)

    def show(row: Row) -> None:
        print(line(row), file=out, flush=True)

    began, began_cpu = time.perf_counter(), cpu_seconds()
    for number, name in enumerate(names, 1):
        print(f"  [{number}/{len(names)}] {name} …", file=err, flush=True)
        started, started_cpu = time.perf_counter(), cpu_seconds()
        count = figures(importlib.import_module(f"bench.{name}"), show)
        took, cpu = time.perf_counter() - started, cpu_seconds() - started_cpu
        print(f"  ({name}: {count} figures in {took:.1f} s, {cpu:.1f} s CPU)", file=err, flush=True)
    took, cpu = time.perf_counter() - began, cpu_seconds() - began_cpu
    print(f"  (all {len(names)}: {took:.0f} s, {cpu:.0f} s CPU)", file=err, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

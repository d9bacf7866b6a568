"""`make bench` and `make bench-quick` (`bench/__main__.py`): each figure is printed as soon as its
module has it, a progress line names each benchmark, and `--quick` makes every module measure at
its small size. No timing is asserted: the figures are whatever the machine gives."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator, Iterator
from types import ModuleType

import pytest

import bench
from bench import Row
from bench.__main__ import available, chosen, figures, line, main


def module_of(rows: object) -> ModuleType:
    module = ModuleType("bench_fake")
    module.rows = rows  # type: ignore[attr-defined]
    return module


def test_a_generators_figures_are_shown_before_the_next_is_measured() -> None:
    events: list[str] = []

    def rows() -> Iterator[Row]:
        for n in range(3):
            events.append(f"measured {n}")
            yield (f"figure {n}", float(n), "s")

    count = figures(module_of(rows), lambda row: events.append(f"shown {row[0]}"))
    assert count == 3
    assert events == [
        "measured 0",
        "shown figure 0",
        "measured 1",
        "shown figure 1",
        "measured 2",
        "shown figure 2",
    ]


def test_an_async_generators_figures_are_shown_as_they_come() -> None:
    events: list[str] = []

    async def rows() -> AsyncIterator[Row]:
        for n in range(2):
            events.append(f"measured {n}")
            yield (f"figure {n}", float(n), "ms")

    assert figures(module_of(rows), lambda row: events.append(f"shown {row[0]}")) == 2
    assert events == ["measured 0", "shown figure 0", "measured 1", "shown figure 1"]


def test_a_list_or_a_coroutine_of_figures_is_shown_whole() -> None:
    shown: list[Row] = []

    def listed() -> list[Row]:
        return [("a", 1.0, "x"), ("b", 2.0, "x")]

    async def awaited() -> list[Row]:
        return [("c", 3.0, "x")]

    assert figures(module_of(listed), shown.append) == 2
    assert figures(module_of(awaited), shown.append) == 1
    assert [row[0] for row in shown] == ["a", "b", "c"]


def test_a_module_without_rows_is_a_script_of_its_own_and_gives_no_figures() -> None:
    shown: list[Row] = []
    assert figures(ModuleType("bench_script"), shown.append) == 0
    assert shown == []


def test_a_figure_is_one_line_with_its_value_rounded_to_what_it_can_say() -> None:
    assert line(("act p50", 0.123456, "ms")).split() == ["act", "p50", "0.123", "ms"]
    assert line(("playouts", 1234.5, "games/s")).split() == ["playouts", "1,234", "games/s"]


def test_every_benchmark_module_is_found_and_a_short_name_chooses_one() -> None:
    names = available()
    assert "bench_act" in names and "bench_feel" in names
    assert all(name.startswith("bench_") for name in names)
    assert chosen(names, []) == names
    assert chosen(names, ["act", "bench_feel"]) == ["bench_act", "bench_feel"]
    with pytest.raises(SystemExit, match="no benchmark named nothing_here"):
        chosen(names, ["nothing_here"])


def test_sized_gives_the_full_size_unless_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "QUICK", False)
    assert bench.sized(200, 20) == 200
    monkeypatch.setattr(bench, "QUICK", True)
    assert bench.sized(200, 20) == 20


def test_bench_quick_prints_a_progress_line_and_each_figure_of_a_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench, "QUICK", False)  # restored after: main sets it
    out, err = io.StringIO(), io.StringIO()
    assert main(["--quick", "coldest_night"], out, err) == 0
    assert bench.QUICK
    table = out.getvalue().splitlines()
    assert table[0].split() == ["benchmark", "value", "unit"]
    assert [row.split()[:3] for row in table[2:]] == [
        ["coldest_night", "random", "playouts"],
        ["coldest_night", "heuristic", "playouts"],
    ]
    progress = err.getvalue()
    assert "1 benchmark at small sizes" in progress
    assert "[1/1] bench_coldest_night" in progress
    assert "bench_coldest_night: 2 figures in" in progress

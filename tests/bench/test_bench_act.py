"""`bench_act`'s figure for issue 11 §2: a move without its report, that is `act` less the time
its own call to `report` took, timed inside the same call, against the bare commit; printed first,
with `act` and its report beside it (see the module's docstring for why)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench import bench_act
from bot.tables import TableService
from storage import SqliteStore, codec


async def test_the_goals_figure_is_each_act_less_its_own_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_act, "SAMPLES", 20)
    store = SqliteStore(tmp_path / "act.db")
    await store.connect()
    try:
        service = TableService(store)
        ids = await bench_act.open_tables(service, 3)
        state = codec.state_text(await store.get_table(ids[0])) or "{}"
        bare = bench_act.BareCommit(tmp_path / "bare.db", len(ids), state)
        try:
            got = await bench_act.measure(service, bare, ids, random.Random(3), None)
        finally:
            bare.close()
        assert "report" not in vars(service)  # the timing wrapper is gone again
    finally:
        await store.close()

    assert len(got.acts) == len(got.reports) == len(got.bares) == 20
    # every move was reported inside its `act`, and the report was only part of it
    assert all(0 < report < act for act, report in zip(got.acts, got.reports, strict=True))
    figures = bench_act.Figures.of(got)
    written = [act - report for act, report in zip(got.acts, got.reports, strict=True)]
    bare50 = bench_act.percentile(got.bares, 0.5)
    assert figures.write50 == pytest.approx(bench_act.percentile(written, 0.5) / bare50)
    assert figures.p50 == pytest.approx(bench_act.percentile(got.acts, 0.5) / bare50)
    assert figures.write50 < figures.p50

    rows = bench_act.goal_rows([figures], "here")
    assert [(name, value) for name, value, _ in rows] == [
        ("act without its report (the goal) / bare commit p50, here", figures.write50),
        ("act without its report (the goal) / bare commit p99, here", figures.write99),
        ("act with its report / bare commit p50, here", figures.p50),
        ("act with its report / bare commit p99, here", figures.p99),
    ]

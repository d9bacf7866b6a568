"""The load test at a small size: worker processes on one database, random legal moves of mixed
games through `TableService`, and afterwards no move lost, doubled or applied without an answer.
`make bench` runs the same code with 200 tables and 1, 2 and 4 processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_scale import Run, Target, drop_schema, load_test
from tests.support.postgres import new_schema, postgres_url

pytestmark = pytest.mark.timeout(600)


def assert_nothing_lost_or_doubled(run: Run) -> None:
    assert run.verdict.problems == []
    assert run.verdict.applied == run.acknowledged > 0
    assert sum(t["refused"] for t in run.tallies) + run.acknowledged > 0


async def test_three_processes_on_one_postgresql_database_apply_every_move_exactly_once() -> None:
    url = postgres_url()
    target = Target(url, new_schema())
    try:
        run = await load_test(target, tables=20, processes=3, moves=100, seed=7)
    finally:
        await drop_schema(url, target.schema or "")
    assert_nothing_lost_or_doubled(run)


async def test_three_processes_on_one_sqlite_file_apply_every_move_exactly_once(
    tmp_path: Path,
) -> None:
    run = await load_test(
        Target(f"sqlite:///{tmp_path / 'scale.db'}"), tables=20, processes=3, moves=100, seed=8
    )
    assert_nothing_lost_or_doubled(run)

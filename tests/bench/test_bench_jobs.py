"""`--jobs`: a long expert row spread over worker processes gives the figures one process gives."""

from __future__ import annotations

from bench import in_order, seeded
from bench.bench_expert import deal, run_row


def _square(n: int) -> int:
    return n * n


def test_deals_over_worker_processes_come_back_in_the_order_of_their_numbers() -> None:
    assert list(in_order(_square, range(7), jobs=2)) == [n * n for n in range(7)]
    assert list(in_order(_square, range(3, 6))) == [9, 16, 25]
    assert list(seeded(_square, 3, 3, jobs=2)) == [(3, 9), (4, 16), (5, 25)]


def test_a_row_over_two_processes_counts_the_same_wins_as_over_one() -> None:
    one = run_row("tenth_night", 1, 3, 2)
    two = run_row("tenth_night", 1, 3, 2, jobs=2)
    fields = ("heuristic", "expert", "only_expert", "only_heuristic", "expert_moves")
    assert [getattr(one, f) for f in fields] == [getattr(two, f) for f in fields]
    won_base, won_expert, moves, _seconds = deal("tenth_night", 1, 2, 1)
    assert moves > 0
    assert one.heuristic >= won_base and one.expert >= won_expert

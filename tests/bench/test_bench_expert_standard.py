"""Dead of Winter's standard game measured with the expert (`bench/bench_expert_standard.py`,
issue 33 §1): the rows' shape at `make bench-quick` size, and the round of an exile read back from
a game's log."""

from __future__ import annotations

import pytest

import bench
from bench.bench_expert_standard import (
    FIGURES,
    LEVELS,
    SEATS,
    TABLES,
    clause_positions,
    exile_round,
    play_deal,
    rows,
)
from rules import GAMES
from rules.playout import play_out


def test_bench_quick_gives_the_betrayer_table_each_levels_five_rates_between_0_and_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench, "QUICK", True)
    got = list(rows())
    assert len(got) == len(LEVELS) * 5  # the betrayer table's rows: loyal and betrayer figures
    for table in ("betrayer",):
        for level in LEVELS:
            mine = [r for r in got if r[0].startswith(f"dead_of_winter {table}, seat 0 {level}: ")]
            assert [r[0].split(": ")[1].split(" (")[0] for r in mine] == list(FIGURES)
            assert all(0.0 <= value <= 1.0 and unit == "rate" for _, value, unit in mine)


def test_dw_30_a_seat_exiled_by_a_vote_is_exiled_in_the_round_the_replayed_log_shows() -> None:
    # deal 26 of the standard table: the heuristics exile a seat that has added no card to a crisis
    # by round 3 (DW-30), here seat 3, and the game goes on to round 6
    game, seed, options = GAMES["dead_of_winter"], "expert-standard/26", TABLES["standard"]
    played = play_out(
        game, SEATS, seed, [game.agents["heuristic"]() for _ in range(SEATS)], options=options
    )
    exiled = [g.seat for g in played.state.groups if g.exiled]
    assert exiled == [3]
    assert exile_round(options, seed, played, 3) == 3 < played.state.round_number
    assert exile_round(options, seed, played, 0) is None


def test_a_deal_names_the_betrayer_dealt_at_the_betrayer_table() -> None:
    deal = play_deal("betrayer", "heuristic", 0, 4)
    assert deal.betrayer_seat in range(SEATS)


def test_the_own_clause_fit_keeps_each_clause_with_features_in_range_and_whether_it_held() -> None:
    # §7.2: each clause is judged on the final state; a few seeded games give both answers
    data = clause_positions(4)
    assert len(data) > 20
    assert all(len(x) == 6 and all(0.0 <= v <= 1.0 for v in x) for x, _ in data)
    assert {y for _, y in data} == {0, 1}

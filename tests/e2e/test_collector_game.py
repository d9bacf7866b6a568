"""A whole dpytest game with the bot's garbage collection run between moves (`bot.collector`),
started by the bot's own `setup_hook`: the same game, the same Discord requests, as without it."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

import bench.bench_requests as requests
from bot.app import SingleShardBot
from bot.collector import IdleCollector

COLDEST = next(s for s in requests.setups() if s.game == "coldest_night")


async def test_a_whole_game_with_the_collector_sends_what_it_sends_without(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # dpytest writes attached files to the working directory
    without = await requests.play_game(COLDEST, tmp_path / "without")
    started: list[IdleCollector] = []

    def with_collector(*args: Any, **kwargs: Any) -> SingleShardBot:
        collector = IdleCollector(interval=0.001)
        started.append(collector)
        return SingleShardBot(*args, collector=collector, **kwargs)

    monkeypatch.setattr(requests, "SingleShardBot", with_collector)
    before = gc.get_threshold()
    try:
        measured = await requests.play_game(COLDEST, tmp_path / "with")
        [collector] = started
        assert collector.installed  # started by the bot's setup_hook
        assert sum(collector.collections) > 0, collector.collections  # its timer ran them
    finally:
        for collector in started:
            collector.close()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    assert measured.finished and without.finished
    assert (measured.human_moves, measured.plies) == (without.human_moves, without.plies)
    assert measured.kinds == without.kinds
    assert measured.responses == without.responses

"""Hypothesis against the Discord surface: forged and malformed `custom_id`s, bad select values and
`/game new` options. Whatever arrives, the bot answers once, privately and briefly, logs no
traceback, and the table is unchanged.

`make test` runs a bounded number of examples; `make fuzz` runs many more and prints the counts
(`SNOWBOUND_FUZZ_EXAMPLES`).
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from typing import Any

import discord.ext.test as dpytest
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tables import label_mark
from tests.e2e.conftest import drain, public, say, start_two
from tests.e2e.test_hostile import dispatch
from tests.e2e.test_interactions import Responses, button, select
from tests.support.nim import NIM

EXAMPLES = int(os.environ.get("SNOWBOUND_FUZZ_EXAMPLES", "25"))
COUNTS: Counter[str] = Counter()
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

NUMBER = st.one_of(
    st.sampled_from(["0", "1", "2", "5", "99", str(2**63 - 1), str(2**63), str(2**64), "9" * 30]),
    st.integers(0, 2**70).map(str),
    st.text(max_size=6),
)
KIND = st.sampled_from(["a", "s", "g", "l", "b", "x", "zz", ""])
FORGED = st.one_of(
    st.text(max_size=120),
    st.builds(
        lambda kind, parts: ":".join(["sb", kind, *parts]),
        KIND,
        st.lists(NUMBER, max_size=5),
    ),
    st.builds(  # a move button of table 1 or another, any ply, any index, a right or wrong mark
        lambda t, p, i, mark: f"sb:a:{t}:{p}:{i}:{mark}",
        st.sampled_from(["1", "2", "99", str(2**63)]),
        st.sampled_from(["0", "1", "5", str(2**64)]),
        st.integers(0, 12),
        st.one_of(
            st.sampled_from([label_mark(f"Take {n}") for n in (1, 2, 3)]),
            st.text("0123456789abcdef", min_size=6, max_size=6),
        ),
    ),
    st.builds(lambda op: f"sb:l:1:{op}", st.sampled_from(["join", "leave", "ai", "start"])),
)
OPTIONS = st.one_of(
    st.text(max_size=200),
    st.lists(
        st.builds(
            lambda k, v: f"{k}={v}",
            st.text(max_size=12),
            st.one_of(st.text(max_size=12), NUMBER),
        ),
        max_size=8,
    ).map(" ".join),
)

_BOTS: dict[int, Any] = {}


async def table_of(bot_factory: Any) -> Any:
    """One Nim table per test function, shared by its examples (each example checks it is
    unchanged, so sharing it loses nothing)."""
    key = id(bot_factory)
    if key not in _BOTS:
        _BOTS.clear()
        bot = await bot_factory(games={"test_nim": NIM}, new_seed=lambda: "fuzz")
        await start_two("test_nim stones=9")
        _BOTS[key] = bot
    return _BOTS[key]


def check_answer(responses: Responses, before: int) -> None:
    """Exactly one answer; a refusal is private and one short sentence."""
    answers = [r["payload"] for r in responses.sent[before:] if r["path"].endswith("/callback")]
    assert len(answers) == 1, responses.sent[before:]
    answer = answers[0]
    COUNTS[f"answer type {answer['type']}"] += 1
    if answer["type"] == 4:
        data = answer["data"]
        assert data.get("flags") == 64 and len(data.get("content") or "") <= 300, data


@FUZZ
@given(custom_id=FORGED, value=st.one_of(st.none(), st.text(max_size=40), NUMBER))
async def test_forged_custom_ids_and_select_values_are_refused_privately(
    bot_factory: Any, responses: Responses, caplog: Any, custom_id: str, value: str | None
) -> None:
    bot = await table_of(bot_factory)
    _, bo = dpytest.get_config().members  # not the seat to move, and not the host
    table = await bot.service.table(1)
    before = len(responses.sent)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        if value is None:
            await dispatch(bot, responses, button(bo, custom_id))
        else:
            await dispatch(bot, responses, select(bo, custom_id[:100] or "sb:s:1:0:0", value))
    COUNTS["custom ids"] += 1
    check_answer(responses, before)
    assert (await bot.service.table(1)).model_dump() == table.model_dump()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    drain()


@FUZZ
@given(options=OPTIONS)
async def test_game_new_options_never_crash_and_refusals_are_private(
    bot_factory: Any, caplog: Any, options: str
) -> None:
    if id(bot_factory) not in _BOTS:
        _BOTS.clear()
        _BOTS[id(bot_factory)] = await bot_factory(games={"test_nim": NIM})
    bot = _BOTS[id(bot_factory)]
    ana, _ = dpytest.get_config().members
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        await say(f"!game new test_nim {options}", ana)
    COUNTS["options"] += 1
    sent = drain()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    opened = await bot.service.tables_of(ana.id)
    if opened:
        COUNTS["options accepted"] += 1
        for table in opened:
            await bot.service.end(table.id, ana.id)
    else:
        assert not public(sent), "a refusal is private"
        assert all(len(m.content or "") <= 300 for m in sent)


@pytest.fixture(scope="module", autouse=True)
def report_counts() -> Any:
    yield
    if COUNTS:
        print("\nfuzz counts:", dict(sorted(COUNTS.items())))

"""A game registered at run time is taken by every part of the bot with no other edit.

`tests/support/throwaway_game.py` is Thin Ice, a small complete two-player game with a secret hand
and face-down cards, in one file. Registered from the test (`rules.registered`), it is played by
the Discord bot (dpytest: a lobby opened, joined and started, moves by buttons and by `!play`, to
its end message), by the terminal table (`python -m bot play`, read from a pipe), by `simulate`, and
it passes the conformance suite every registered game runs and records its own simulate outcomes.
This is the checklist of docs/DESIGN.md's "Adding a game", followed by a test.
"""

from __future__ import annotations

import glob
import inspect
import os
import re
from collections.abc import AsyncIterator, Iterator
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar

import discord
import discord.ext.test as dpytest
import pytest

from bot import cli
from bot.tables import label_mark
from rules import GAMES, TEST_PREFIX, register, registered, shipped, unregister
from rules.core import BaseGame
from rules.engine import Engine
from tests.e2e.conftest import (  # noqa: F401 — the e2e tests' autouse fixtures, here too
    dms,
    drain,
    keep_files_on_edit,
    keep_payload_with_files,
    make_bot,
    public,
    queue_public_edits,
    say,
    text_of,
)
from tests.e2e.test_interactions import Responses, button, dispatch
from tests.rules import simulate_outcomes
from tests.rules.contract import check_contract, option_sets
from tests.rules.test_simulate_outcomes import check_recorded
from tests.support.throwaway_game import CARDS, KEY, THIN_ICE, IceOptions, ThinIce, card_words


@pytest.fixture
def thin_ice() -> Iterator[ThinIce]:
    """Thin Ice in the registry for one test, and out of it afterwards."""
    with registered(THIN_ICE):
        yield THIN_ICE
    assert KEY not in GAMES


# --- the registry -------------------------------------------------------------------------------
def test_a_game_registered_at_run_time_is_in_the_registry_until_it_is_taken_out() -> None:
    assert KEY not in GAMES
    register(THIN_ICE)
    try:
        assert GAMES[KEY] is THIN_ICE
        register(THIN_ICE)  # the same game again changes nothing
        assert list(GAMES).count(KEY) == 1
    finally:
        unregister(KEY)
    assert KEY not in GAMES and set(shipped()) == set(GAMES)


def test_a_key_taken_by_another_game_or_one_that_is_no_identifier_is_refused() -> None:
    class Impostor(ThinIce):
        key = "winter"

    with pytest.raises(ValueError, match="taken by Winter"):
        register(Impostor())

    class Dashed(ThinIce):
        key = "thin-ice"

    with pytest.raises(ValueError, match="not a lowercase identifier"):
        register(Dashed())
    assert "thin-ice" not in GAMES and GAMES["winter"].title == "Winter"


def test_a_game_without_its_random_and_heuristic_players_or_a_pitch_is_refused() -> None:
    class Unplayable(ThinIce):
        key = "test_unplayable"
        pitch = " "
        agents: dict[str, Any] = {}

    with pytest.raises(ValueError) as refused:
        register(Unplayable())
    assert "no heuristic and no random agent" in str(refused.value)
    assert "it has no pitch" in str(refused.value)
    assert "test_unplayable" not in GAMES


def test_a_game_whose_options_refuse_a_variant_it_declares_is_refused() -> None:
    class Wrong(IceOptions):
        variants: ClassVar[tuple[dict[str, Any], ...]] = ({"limit": 99},)

    class Misdeclared(ThinIce):
        key = "test_misdeclared"
        options_model = Wrong

    refusal = re.escape("refuse the variant it declares, {'limit': 99}")
    with pytest.raises(ValueError, match=refusal):
        register(Misdeclared())


def test_no_shipped_game_has_a_key_kept_for_test_games_and_every_test_game_has_one() -> None:
    assert shipped() and not [key for key in shipped() if key.startswith(TEST_PREFIX)]
    support = Path(__file__).parent / "support"
    test_games = [
        value
        for path in sorted(support.glob("*.py"))
        for value in vars(import_module(f"tests.support.{path.stem}")).values()
        if isinstance(value, BaseGame)
    ]
    assert len({game.key for game in test_games}) >= 3  # Nim, the ballot, Thin Ice
    assert [g.key for g in test_games if not g.key.startswith(TEST_PREFIX)] == []


# --- the rules: conformance and simulate ----------------------------------------------------------
def test_the_run_time_game_passes_every_check_of_the_conformance_suite(thin_ice: ThinIce) -> None:
    ran = check_contract(thin_ice)
    assert "test_no_observation_event_or_board_shows_a_secret_to_anyone_else" in ran
    assert "test_parsing_a_label_gives_back_its_action" in ran
    assert len(ran) >= 12
    assert option_sets(thin_ice) == ({}, {"limit": 5})


def test_the_conformance_suite_catches_a_run_time_game_that_shows_a_hand(
    thin_ice: ThinIce,
) -> None:
    """The suite can fail: the same game with its hands shown to everyone leaks a secret."""

    class Leaky(ThinIce):
        def observe(self, state: Any, seat: Any) -> Any:
            return super().observe(state, None if seat is None else 1 - seat)

    with pytest.raises(AssertionError, match="sees seat"):
        check_contract(Leaky())


def test_simulate_plays_the_run_time_game_and_reports_it(
    thin_ice: ThinIce, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", KEY, "--games", "30", "--agent", "random", "--seed", "new"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Thin Ice: 30 games, 2 seats, agents random,random")
    assert re.search(r"^games ended +30$", out, re.M)
    assert re.search(r"^  broke_the_ice +30 ", out, re.M)  # every game ends with the ice broken


def test_the_run_time_game_records_its_own_simulate_outcomes_and_is_checked_against_them(
    thin_ice: ThinIce, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_outcomes, "DATA", tmp_path / "outcomes")
    with pytest.raises(pytest.skip.Exception, match=f"simulate_outcomes {KEY}"):
        check_recorded(KEY)  # none yet: skipped, with the command that records them
    written = simulate_outcomes.record(KEY)
    assert written == tmp_path / "outcomes" / f"{KEY}.json"
    assert check_recorded(KEY) == 110  # 100 random games and 10 heuristic ones, played again


# --- the terminal table -------------------------------------------------------------------------
def test_a_human_plays_the_run_time_game_at_the_terminal_table_to_its_end(
    thin_ice: ThinIce,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "")
    read, write = os.pipe()
    os.write(write, b"help\nhand\n" + b"1\n" * 20)
    os.close(write)
    stdin = os.fdopen(read)
    monkeypatch.setattr("sys.stdin", stdin)
    db = tmp_path / "console.db"
    argv = ["play", KEY, "--seats", "2", "--agent", "random", "--seed", "7", "--db", str(db)]
    try:
        assert cli.main(argv) == 0
    finally:
        stdin.close()
    out = capsys.readouterr().out
    assert "Table #1: Thin Ice." in out
    assert "Game over — " in out and "broke the ice" in out
    assert "Seed: `7`" in out


# --- the Discord bot ----------------------------------------------------------------------------
@pytest.fixture
async def bot(
    thin_ice: ThinIce, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Any]:
    """The real bot on a SQLite file, built after the game was registered, with no game list of
    its own: it takes the registry as it stands."""
    monkeypatch.chdir(tmp_path)
    made = await make_bot(tmp_path, new_seed=lambda: "thin")
    yield made
    await dpytest.empty_queue()
    await made.service.store.close()
    for leftover in glob.glob("dpytest_*.dat"):
        os.remove(leftover)


@pytest.fixture
def responses() -> Iterator[Responses]:
    from discord.webhook.async_ import async_context

    adapter = Responses()
    token = async_context.set(adapter)
    yield adapter
    async_context.reset(token)


async def test_the_bot_plays_the_run_time_game_from_lobby_to_end_by_buttons_and_typed_moves(
    bot: Any, responses: Responses
) -> None:
    ana, bo = dpytest.get_config().members
    assert KEY in bot.service.games
    await say(f"!game new {KEY} limit=12", ana)
    await say("!game join", bo)
    await say("!game start", ana)
    opened = drain()
    assert any("Thin Ice" in text_of(m) for m in public(opened))
    service = bot.service
    engine = Engine(THIN_ICE)
    table = await service.table(1)
    members = (ana, bo)
    clicked = typed = 0
    while table.status == "active":
        state = service.state(table)
        (seat,) = THIN_ICE.to_act(state)
        legal = list(engine.legal(state, seat))
        move = legal[-1] if table.ply % 3 else legal[0]
        index = legal.index(move)
        if seat == 0:  # Ana clicks the move's button on her panel
            mark = label_mark(THIN_ICE.text.label(state, move))
            await dispatch(bot, responses, button(ana, f"sb:a:1:{table.ply}:{index}:{mark}"))
            clicked += 1
        else:  # Bo types it
            await say(f"!play lay {CARDS[move.card][1]}", members[seat])
            typed += 1
        after = await service.table(1)
        assert after.ply == table.ply + 1, f"the move {card_words(move.card)} was not played"
        table = after
    sent = drain()
    assert clicked and typed
    assert table.status == "finished"
    outcome = THIN_ICE.outcome(service.state(table))
    assert outcome is not None
    (winner,) = outcome.winners
    ended = [m for m in public(sent) if "game over" in text_of(m).casefold() and m.components]
    assert ended, "the end message is posted, with its Rematch button"
    end = text_of(ended[-1])
    won = discord.utils.escape_markdown(members[winner].display_name)
    assert "broke the ice" in end and "`thin`" in end  # how it ended, and the seed
    assert re.search(rf"{re.escape(won)} (won|wins)", end), end
    final = service.state(table)
    channel = "\n".join(text_of(m) for m in public(opened + sent))
    unplayed = [name for card, (name, _) in CARDS.items() if card not in final.pile]
    assert unplayed and not [name for name in unplayed if name in channel]  # no hand shown there
    first = engine.start(2, {"limit": 12}, "thin").state
    for member, seat in ((ana, 0), (bo, 1)):  # each opening hand reached its holder privately
        panel = "\n".join(text_of(m) for m in dms(opened, member))
        assert all(card_words(card) in panel for card in first.hands[seat]), panel[-300:]


# --- every test that runs over the registry ----------------------------------------------------
REGISTRY_WIDE = ("tests/rules", "tests/bot", "tests/cogs")
"""Where the tests parametrized over every registered game live (the docs tests cover shipped
games only: a test game has no player doc)."""
SUBPROCESS = {"tests.bot.test_console"}
"""Modules whose registry-wide tests start `python -m bot` in a new process, where a game
registered by this test is not (the terminal test above plays it in this process instead)."""


def registry_wide_tests() -> list[tuple[str, Any]]:
    """(name, function) of every test parametrized by game key over the whole registry, taking
    nothing but the key (and `tmp_path`)."""
    root = Path(__file__).resolve().parents[1]
    found = []
    for folder in REGISTRY_WIDE:
        for path in sorted((root / folder).rglob("test_*.py")):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            if name in SUBPROCESS:
                continue
            module = import_module(name)
            for attr, test in sorted(vars(module).items()):
                if not attr.startswith("test_") or not inspect.isfunction(test):
                    continue
                marks = [m for m in getattr(test, "pytestmark", []) if m.name == "parametrize"]
                params = set(inspect.signature(test).parameters)
                for mark in marks:
                    argname, values = mark.args[0], list(mark.args[1])
                    over_registry = values == sorted(shipped())
                    if (
                        argname in ("key", "game_key")
                        and over_registry
                        and params
                        <= {
                            argname,
                            "tmp_path",
                        }
                    ):
                        found.append((f"{name}.{attr}", test))
    return found


async def test_every_test_that_runs_over_the_registry_passes_for_the_run_time_game(
    tmp_path: Path,
) -> None:
    tests = registry_wide_tests()  # found before the game joins the registry
    assert len(tests) >= 10, [name for name, _ in tests]
    skips: list[str] = []
    with registered(THIN_ICE):
        for name, test in tests:
            kwargs: dict[str, Any] = {}
            for param in inspect.signature(test).parameters:
                kwargs[param] = tmp_path / name if param == "tmp_path" else KEY
            if "tmp_path" in kwargs:
                kwargs["tmp_path"].mkdir()
            try:
                result = test(**kwargs)
                if inspect.isawaitable(result):
                    await result
            except pytest.skip.Exception as skipped:
                skips.append(f"{name}: {skipped}")
    # the one test a new game skips until it records its own outcomes (see the test above)
    assert [s.split(":")[0] for s in skips] == [
        "tests.rules.test_simulate_outcomes."
        "test_seeded_games_end_exactly_as_recorded_before_the_playout_work"
    ], skips


def test_every_move_of_the_run_time_game_is_a_few_steps_from_the_top_of_its_panel(
    thin_ice: ThinIce,
) -> None:
    from tests.rules import test_choice_paths

    run = [options for key, options in test_choice_paths.cases() if key == KEY]
    assert run == [{}, {"limit": 5}]  # its default options and its declared variant
    for options in run:
        test_choice_paths.test_every_move_is_a_few_short_steps_from_the_top_of_the_panel(
            KEY, options
        )

"""Suite-wide: the tests never read the project's `.env` nor touch its `data/` folder, and when the
PostgreSQL tests were skipped, one closing line says why. The tests marked `long` are left out of
`make test` (pyproject's addopts deselect them) and a closing line counts them; which tests are
long is kept here, in `LONG`, one place with the reason for each.

A server keeps its token and database in `.env` and its games in `data/`, and the README says to
run `make test` there. So before any test module is imported, every `SNOWBOUND_` setting inherited
from the shell is dropped (but the suite's own: the test server's URL, the CI switch, the fuzz
count) and `SNOWBOUND_ENV_FILE` is set empty, so neither this process nor a `python -m bot` a test
starts reads a `.env`. And `data/` is looked at before and after the session: a session that
changed it fails, naming what changed.
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Any

import pytest

from tests.support.postgres import SKIP_REASON, configured_url, required

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
KEPT = frozenset(
    {"SNOWBOUND_TEST_POSTGRES_URL", "SNOWBOUND_REQUIRE_POSTGRES", "SNOWBOUND_FUZZ_EXAMPLES"}
)
"""The suite's own variables: everything else named SNOWBOUND_ is a setting, and is dropped."""

_inherited: dict[str, str] = {}
_data_before: dict[str, tuple[int, int]] = {}
_long_left: list[int] = [0]
"""How many tests marked `long` this run left out (a worker's count reaches the controller)."""


LONG: dict[str, tuple[str, ...] | None] = {
    # Seeded-game comparisons, one game (or option set) each in the fast suite. The fast paths are
    # each game's own code: test_playout's eight seeded games of every game with one stay fast.
    "tests/rules/test_playout.py::"
    "test_a_hundred_seeded_games_play_the_same_on_the_fast_path_as_on_the_plain_one": (
        "[coldest_night]",
    ),
    "tests/rules/test_observations_built.py::"
    "test_views_built_without_validation_equal_validated_ones": ("[coldest_night]",),
    "tests/rules/test_choice_paths.py::"
    "test_every_move_is_a_few_short_steps_from_the_top_of_the_panel": (
        "[coldest_night-]",
        "[winter-]",
    ),
    "tests/rules/test_parse_numbers.py::"
    "test_every_game_parse_refuses_a_huge_number_with_a_rule_error": ("[coldest_night]",),
    "tests/rules/test_contract.py::*::"
    "test_no_observation_event_or_board_shows_a_secret_to_anyone_else": ("ColdestNight",),
    "tests/rules/test_expert_secrecy.py::"
    "test_issue_33_the_experts_choice_does_not_change_when_the_hidden_cards_are_swapped": (
        "[coldest_night-",
    ),
    # the control of the test above (it has teeth): about the test, not the game
    "tests/rules/test_expert_secrecy.py::"
    "test_the_swap_test_catches_a_search_that_plays_out_the_real_cards": None,
    "tests/rules/dead_of_winter/test_choices.py::"
    "test_every_move_of_seeded_games_is_offered_once_in_at_most_three_short_plain_steps": (
        "[standard]",
    ),
    "tests/rules/dead_of_winter/test_hidden.py::"
    "test_no_secret_of_section_10_1_reaches_public_output": ("[standard_betrayer]",),
    "tests/bot/test_player_words.py::"
    "test_players_read_names_and_words_never_engine_identifiers_or_seat_numbers": (
        "-1]",  # the first seed of every game and option set
    ),
    # The 10th Night's seeded-game sweeps: held in the fast suite by the same files' positions
    # chosen for each kind and step, the kept cases above and test_simulate_outcomes.
    "tests/rules/tenth_night/test_playout_kinds.py::"
    "test_kinds_present_match_the_full_legal_list_in_every_day_state_of_seeded_games": None,
    "tests/rules/tenth_night/test_playout_kinds.py::"
    "test_kind_moves_and_night_moves_are_the_plain_lists_in_every_state_of_seeded_games": None,
    # A hundred seeded games ending as before a layout change: The Coldest Night's stays, and
    # test_simulate_outcomes holds every game's recorded ends in the fast suite.
    "tests/rules/test_regression.py::"
    "test_a_hundred_seeded_random_games_end_exactly_as_recorded_before_the_layout_move": (
        "[coldest_night]",
    ),
    # held by the same file's cell-by-cell checks of the legal spots and the new squares
    "tests/rules/winter/test_search.py::test_the_move_search_is_the_moves_found_cell_by_cell": None,
    # Dead of Winter's kept records and rows against a plain recomputation: one option set
    "tests/rules/dead_of_winter/test_legal_rows.py::test_kept_rows_equal_a_plain_recomputation": (
        "[4-options2]",
    ),
    "tests/rules/dead_of_winter/test_records.py::test_legal_records_equal_validated_ones": (
        "[4-options2]",
    ),
    "tests/rules/dead_of_winter/test_records.py::"
    "test_occupancy_and_rooms_equal_the_per_location_counts": ("[4-options2]",),
    "tests/rules/dead_of_winter/test_records.py::"
    "test_has_mod_equals_a_look_through_the_modifiers": ("[4-options2]",),
    "tests/rules/dead_of_winter/test_records.py::"
    "test_events_built_without_validation_equal_validated_ones": ("[4-options2]",),
    "tests/rules/tenth_night/test_choices.py::"
    "test_every_move_of_seeded_games_is_offered_once_in_at_most_three_short_steps": None,
    # Whole games through the real bot, one game each.
    "tests/e2e/test_request_budget.py::"
    "test_a_whole_game_costs_at_most_two_channel_requests_a_move": ("[coldest_night]",),
    "tests/e2e/test_spectator_leaks.py::"
    "test_a_spectator_sees_no_hand_objective_betrayer_contribution_or_ballot_before_the_end": (
        "[dead_of_winter]",
    ),
    "tests/e2e/test_fault_run.py::"
    "test_a_whole_game_under_faults_stores_every_move_once_and_shows_the_stored_table": (
        "[coldest_night]",
    ),
    "tests/e2e/test_hostile.py::"
    "test_hostile_input_everywhere_never_exceeds_a_limit_or_pings_anyone": ("[coldest_night]",),
    "tests/bench/test_bench_feel.py::test_a_whole_game_feels_as_the_goals_say": (
        "[coldest_night]",
    ),
    # Four Dead of Winter games, two with an expert seat searching; its point (a deal's figures,
    # an exile's round) is kept by the module's other two tests.
    "tests/bench/test_bench_expert_standard.py::"
    "test_bench_quick_gives_the_betrayer_table_each_levels_five_rates_between_0_and_1": None,
    # A step that picks a spot, in every game whose first turn has one: Cold Comfort's stay fast.
    "tests/e2e/test_panel_steps.py::test_a_step_that_picks_a_spot_is_answered_first_then_shows_"
    "the_lettered_picture": ("[cold_comfort]",),
    "tests/e2e/test_panel_steps.py::test_a_spots_picture_drawn_after_another_click_on_the_panel_"
    "does_not_cover_its_answer": ("[cold_comfort]",),
    "tests/bot/test_console.py::test_a_human_at_the_terminal_plays_a_whole_game_against_ai_seats": (
        "[coldest_night]",
    ),
    # Taking a move back: one case of each game (both Dead of Winter's 3- and 4-seat deals stay
    # in test_contract's replay and test_undo's service-level take-backs).
    "tests/rules/test_undo_final.py::"
    "test_a_move_undo_accepts_revealed_nothing_and_taking_it_back_restores_every_view": (
        "[winter-",
        "[coldest_night-",
        "[tenth_night-3-",
        "[cold_comfort-",
        "[dead_of_winter-3-options8-",
    ),
    # Private text kept by a key: Cold Comfort has perfect information (its key never changes);
    # the four games with private views keep the point.
    "tests/rules/test_observations_built.py::"
    "test_equal_private_keys_mean_equal_private_only_text": (
        "[coldest_night]",
        "[tenth_night]",
        "[winter]",
        "[dead_of_winter]",
    ),
    "tests/rules/test_observations_built.py::"
    "test_private_lines_said_directly_are_the_lines_the_views_differ_by": (
        "[coldest_night]",
        "[tenth_night]",
        "[winter]",
        "[dead_of_winter]",
    ),
    # A doc's typed examples searched for in up to 24 seeded games: three games' docs stay fast.
    "tests/docs/test_game_docs.py::test_every_typed_example_in_a_doc_is_a_move_the_game_accepts": (
        "[coldest_night]",
        "[winter]",
        "[cold_comfort]",
    ),
    # The 10th Night's worlds at 1 to 3 seats stay fast.
    "tests/rules/test_search.py::"
    "test_tn_39_a_tenth_night_world_shows_the_seat_its_own_observation_and_deals_"
    "only_unseen_cards": (
        "[1]",
        "[2]",
        "[3]",
    ),
    # held by Cold Comfort's expert test of the same words (the shared check in hidden_deck)
    "tests/rules/winter/test_expert.py::"
    "test_the_expert_explains_its_pick_in_plain_words_with_a_chance_of_winning": None,
    # held by the spectator leak test's Dead of Winter game and the section 10.1 leak test above
    "tests/e2e/test_dead_of_winter_game.py::"
    "test_a_four_seat_standard_game_with_a_betrayer_is_played_to_the_end_keeping_secrets": None,
}
"""The slow tests `make test` leaves out (marked `long`, run by `make test-long`), by test: its node
id without parameters ("file::name", "file::Class::name"; `*` matches any part, for the classes
made per registered game). The value names the cases kept in the fast suite — a case is kept when
one of the strings is in its node id ("[winter]", "TestWinterContract") — so that each long family
keeps its point there; None when the whole test is long, its point held in the fast suite by the
test its comment names."""


def mark_long(items: list[pytest.Item], table: dict[str, tuple[str, ...] | None] = LONG) -> None:
    """Mark `long` every case of the tests in `table` but the kept ones. A family none of whose kept
    cases is among `items` (a run of some of its cases, or a case renamed) is left unmarked: the
    fast suite never loses a family whole by mistake."""
    families: dict[str, list[pytest.Item]] = {}
    for item in items:
        name = item.nodeid.split("[")[0]
        for pattern in table:
            if fnmatch.fnmatchcase(name, pattern):
                families.setdefault(pattern, []).append(item)
                break
    for pattern, cases in families.items():
        kept = table[pattern]

        def is_kept(case: pytest.Item, kept: tuple[str, ...] | None = kept) -> bool:
            return kept is not None and any(part in case.nodeid for part in kept)

        if kept is not None and not any(is_kept(case) for case in cases):
            continue
        for case in cases:
            if not is_kept(case):
                case.add_marker(pytest.mark.long)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    mark_long(items)


def data_folder(folder: Path = DATA) -> dict[str, tuple[int, int]]:
    """Every file under `folder` (the project's `data/`), with its size and modification time."""
    if not folder.is_dir():
        return {}
    found: dict[str, tuple[int, int]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            info = path.stat()
            found[path.relative_to(folder.parent).as_posix()] = (info.st_size, info.st_mtime_ns)
    return found


def changes(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """The files made, removed or changed between two looks at a folder."""
    return sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))


def isolate_settings(environ: dict[str, str] | os._Environ[str]) -> dict[str, str]:
    """Drop the inherited settings and the `.env` file from `environ`; what was there before."""
    before = {key: value for key, value in environ.items() if key.startswith("SNOWBOUND_")}
    for key in before:
        if key not in KEPT:
            del environ[key]
    environ["SNOWBOUND_ENV_FILE"] = ""
    return before


# At import, not in `pytest_configure`: pytest imports the conftest files of the paths it is given
# (`pytest tests/e2e/...` imports tests/e2e/conftest.py, and with it the settings) before it
# configures, but always this one, their parent, first.
_inherited.update(isolate_settings(os.environ))


def pytest_configure(config: pytest.Config) -> None:
    _data_before.update(data_folder())


def pytest_unconfigure(config: pytest.Config) -> None:
    for key in [key for key in os.environ if key.startswith("SNOWBOUND_")]:
        del os.environ[key]
    os.environ.update(_inherited)


@pytest.fixture(autouse=True)
def _no_project_settings() -> None:
    """Every test starts without a `.env` (the settings class read it at import: it must not)."""
    from bot.config import Settings

    assert Settings.model_config.get("env_file") is None, "the suite must not read a .env"


def changed_data() -> list[str]:
    return changes(_data_before, data_folder())


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if changed_data() and not hasattr(session.config, "workerinput"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: its count of long tests goes home
        workeroutput["long_left"] = _long_left[0]


def long_ones(items: list[pytest.Item]) -> int:
    """How many of `items` are marked `long`."""
    return sum(1 for item in items if item.get_closest_marker("long") is not None)


def pytest_deselected(items: list[pytest.Item]) -> None:
    _long_left[0] += long_ones(items)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist's controller: each worker collected every test, so any one's count is it."""
    _long_left[0] = max(_long_left[0], getattr(node, "workeroutput", {}).get("long_left", 0))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    changed = changed_data()
    if changed:
        terminalreporter.write_line(
            f"FAILED: the tests changed the project's data/ folder: {', '.join(changed)}",
            red=True,
        )
    skipped = terminalreporter.stats.get("skipped", [])
    if (
        configured_url() is None
        and not required()
        and any("[postgresql" in r.nodeid for r in skipped)
    ):
        terminalreporter.write_line(SKIP_REASON)
    if _long_left[0]:
        terminalreporter.write_line(
            f"long tests left out: {_long_left[0]} (make test-long runs them)"
        )

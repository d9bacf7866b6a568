"""The suite's own guard (tests/conftest.py): no test reads the project's `.env` or inherits a
server's settings, and a session that changes the project's `data/` folder fails. And `make test`
leaves out the tests marked `long`, counting them at the end."""

from __future__ import annotations

import ast
import os
import time
import tomllib
from pathlib import Path

import pytest

from bot.config import Settings
from tests.conftest import (
    KEPT,
    LONG,
    ROOT,
    changes,
    data_folder,
    isolate_settings,
    long_ones,
    mark_long,
)


def test_the_session_reads_no_env_file_and_inherits_no_setting() -> None:
    assert Settings.model_config.get("env_file") is None
    assert os.environ.get("SNOWBOUND_ENV_FILE") == ""
    assert not [
        k
        for k in os.environ
        if k.startswith("SNOWBOUND_") and k not in KEPT | {"SNOWBOUND_ENV_FILE"}
    ]


def test_a_servers_settings_are_dropped_and_the_suites_own_kept() -> None:
    environ = {
        "SNOWBOUND_TOKEN": "a-real-token",
        "SNOWBOUND_DATABASE_URL": "postgresql://bot:pw@db/x",
        "SNOWBOUND_TEST_POSTGRES_URL": "postgresql://snowbound@127.0.0.1:5/postgres",
        "PATH": "/bin",
    }
    before = isolate_settings(environ)
    assert environ == {
        "SNOWBOUND_TEST_POSTGRES_URL": "postgresql://snowbound@127.0.0.1:5/postgres",
        "SNOWBOUND_ENV_FILE": "",
        "PATH": "/bin",
    }
    assert before["SNOWBOUND_TOKEN"] == "a-real-token"


def test_a_file_made_changed_or_removed_in_the_data_folder_is_named(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert data_folder(data) == {}
    data.mkdir()
    (data / "snowbound.db").write_bytes(b"x")
    first = data_folder(data)
    assert changes({}, first) == ["data/snowbound.db"]
    assert changes(first, data_folder(data)) == []
    (data / "snowbound.db").write_bytes(b"xy")
    (data / "snowbound.db-wal").write_bytes(b"")
    later = time.time_ns()
    os.utime(data / "snowbound.db", ns=(later, later))
    assert changes(first, data_folder(data)) == ["data/snowbound.db", "data/snowbound.db-wal"]
    (data / "snowbound.db").unlink()
    (data / "snowbound.db-wal").unlink()
    assert changes(first, data_folder(data)) == ["data/snowbound.db"]


def test_make_test_leaves_out_the_tests_marked_long_and_the_marker_is_declared() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert "-m 'not long'" in options["addopts"]
    assert any(marker.startswith("long:") for marker in options["markers"])


def test_the_long_tests_left_out_are_counted_by_their_marker(
    request: pytest.FixtureRequest,
) -> None:
    item = request.node
    assert long_ones([item]) == 0
    item.add_marker(pytest.mark.long)
    assert long_ones([item, item]) == 2


def test_every_test_named_long_exists() -> None:
    defined = {
        node.name
        for path in (ROOT / "tests").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for name in LONG:
        path, *scopes = name.split("::")
        assert (ROOT / path).is_file(), f"{name}: no {path} (update tests/conftest.py LONG)"
        assert scopes[-1] in defined, f"{name}: no test {scopes[-1]} (renamed? update LONG)"


@pytest.mark.parametrize("case", ["kept", "left_out"])
def test_a_long_family_keeps_its_named_case_in_the_fast_suite(
    case: str, request: pytest.FixtureRequest
) -> None:
    family = request.node.nodeid.split("[")[0]
    cases = [item for item in request.session.items if item.nodeid.split("[")[0] == family]
    assert request.node in cases and request.node.nodeid.endswith(f"[{case}]")
    mark_long(cases, {family: ("[kept]",)})
    marked = {item.nodeid[len(family) :] for item in cases if item.get_closest_marker("long")}
    if {item.nodeid[len(family) :] for item in cases} == {"[kept]", "[left_out]"}:
        assert marked == {"[left_out]"}
    else:  # only this case is in the run: without its kept case, a family is never marked
        assert marked == set()


def test_a_test_left_out_whole_is_marked_long_and_a_pattern_names_many(
    request: pytest.FixtureRequest,
) -> None:
    item = request.node
    mark_long([item], {"tests/elsewhere.py::test_other": None})
    assert item.get_closest_marker("long") is None
    path = item.nodeid.split("::")[0]
    mark_long([item], {f"{path}::test_a_test_left_out_*": None})
    assert item.get_closest_marker("long") is not None

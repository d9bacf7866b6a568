"""Suite-wide: the tests never read the project's `.env` nor touch its `data/` folder, and when the
PostgreSQL tests were skipped, one closing line says why.

A server keeps its token and database in `.env` and its games in `data/`, and the README says to
run `make test` there. So before any test module is imported, every `SNOWBOUND_` setting inherited
from the shell is dropped (but the suite's own: the test server's URL, the CI switch, the fuzz
count) and `SNOWBOUND_ENV_FILE` is set empty, so neither this process nor a `python -m bot` a test
starts reads a `.env`. And `data/` is looked at before and after the session: a session that
changed it fails, naming what changed.
"""

from __future__ import annotations

import os
from pathlib import Path

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

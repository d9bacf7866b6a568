"""Suite-wide: when the PostgreSQL tests were skipped, one closing line says why."""

from __future__ import annotations

import pytest

from tests.support.postgres import SKIP_REASON, configured_url, required


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    if (
        configured_url() is None
        and not required()
        and any("[postgresql" in r.nodeid for r in skipped)
    ):
        terminalreporter.write_line(SKIP_REASON)

"""The suite's own guard (tests/conftest.py): no test reads the project's `.env` or inherits a
server's settings, and a session that changes the project's `data/` folder fails."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.config import Settings
from tests.conftest import KEPT, changes, data_folder, isolate_settings


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

"""Start-up of `python -m bot`: every failure is one line naming the cause and the fix, exit 1.

Discord is never contacted: the failures discord.py raises are provoked at the seam where the bot
logs in (`SnowboundBot.start`), with a real bot, real settings and a real SQLite file.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest

from bot import cli
from bot.app import SingleShardBot, SnowboundBot
from bot.config import Settings, env_file, load_settings, project_dir
from bot.tables import TableService
from storage import MemoryStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from a folder that is not the project, with no SNOWBOUND_ settings inherited."""
    for key in list(os.environ):
        if key.startswith("SNOWBOUND_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


# settings ---------------------------------------------------------------------------------------


def test_the_project_folder_is_where_pyproject_lives() -> None:
    assert project_dir() == ROOT
    assert env_file({}) == ROOT / ".env"  # the suite itself reads none: SNOWBOUND_ENV_FILE=""
    assert env_file({"SNOWBOUND_ENV_FILE": ""}) is None


def test_settings_loaded_from_another_folder_keep_the_database_in_the_project(
    elsewhere: Path,
) -> None:
    (elsewhere / ".env").write_text("SNOWBOUND_COMMAND_PREFIX=?\n")  # a stray .env is not read
    settings = Settings()
    assert settings.database_url == f"sqlite:///{ROOT.as_posix()}/data/snowbound.db"
    assert settings.command_prefix != "?" or (ROOT / ".env").is_file()


def test_an_explicit_relative_database_url_is_relative_to_the_project_folder(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", "sqlite:///games/x.db")
    assert Settings(_env_file=None).database_url == f"sqlite:///{ROOT.as_posix()}/games/x.db"  # type: ignore[call-arg]
    absolute = f"sqlite:///{elsewhere.as_posix()}/y.db"
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", absolute)
    assert Settings(_env_file=None).database_url == absolute  # type: ignore[call-arg]
    for url in ("memory://", "sqlite://:memory:"):
        monkeypatch.setenv("SNOWBOUND_DATABASE_URL", url)
        assert Settings(_env_file=None).database_url == url  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "url",
    ["mysql://bot:s3cret@db/x", "sqlite://x.db", "sqlite:///data/", "postgre://bot:s3cret@db"],
)
def test_a_bad_database_url_stops_start_up_in_one_line_naming_the_setting(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", url)
    with pytest.raises(SystemExit) as stop:
        load_settings()
    line = one_line(str(stop.value.code))
    assert line.startswith("Snowbound cannot start: SNOWBOUND_DATABASE_URL: ")
    assert "sqlite:///" in line  # the accepted form, i.e. the fix
    assert "postgresql://" in line or url.startswith("sqlite:")
    assert "s3cret" not in line


@pytest.mark.parametrize(
    "url", ["postgres://db/x", "postgresql://bot:s3cret@db.example:5432/snowbound"]
)
def test_a_postgresql_database_url_is_a_setting_start_up_accepts_as_it_is(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", url)
    assert load_settings().database_url == url


def test_a_bad_database_url_exits_with_status_1(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", "mysql://nope")
    with pytest.raises(SystemExit) as stop:
        cli.main([])
    assert isinstance(stop.value.code, str)  # Python prints it on stderr and exits with status 1


# the bot ----------------------------------------------------------------------------------------


def connector_error() -> aiohttp.ClientConnectorError:
    key = SimpleNamespace(host="discord.com", port=443, ssl=True)
    return aiohttp.ClientConnectorError(key, OSError(-3, "Temporary failure in name resolution"))  # type: ignore[arg-type]


FAILURES = {
    "token": (discord.LoginFailure("Improper token has been passed."), ["SNOWBOUND_TOKEN", "Bot"]),
    "intents": (
        discord.PrivilegedIntentsRequired(None),
        ["Message Content", "Server Members", "Privileged Gateway Intents", "developers"],
    ),
    "offline": (connector_error(), ["cannot be reached", "network"]),
    "timeout": (TimeoutError(), ["connection to Discord failed", "network"]),
    "outage": (
        discord.DiscordServerError(SimpleNamespace(status=503, reason="Unavailable"), "down"),  # type: ignore[arg-type]
        ["HTTP 503", "try again"],
    ),
}


@pytest.mark.parametrize("name", sorted(FAILURES))
def test_a_failure_to_log_in_is_one_line_naming_the_cause_and_the_fix(
    name: str,
    elsewhere: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    error, words = FAILURES[name]
    started: list[str] = []

    async def refuse(self: SnowboundBot, token: str, *, reconnect: bool = True) -> None:
        started.append(token)
        raise error

    monkeypatch.setattr(SnowboundBot, "start", refuse)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "not-a-real-token")
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"sqlite:///{elsewhere.as_posix()}/bot.db")
    assert cli.main(["run"]) == 1
    assert started == ["not-a-real-token"]
    out = capsys.readouterr()
    line = one_line(out.err)
    assert line.startswith("Snowbound cannot start: ")
    for word in words:
        assert word in line
    assert "not-a-real-token" not in out.err + out.out


def test_at_debug_level_the_traceback_is_logged_too(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def refuse(self: SnowboundBot, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(SnowboundBot, "start", refuse)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "x")
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", "memory://")
    caplog.set_level(logging.DEBUG, logger="bot.startup")
    assert cli.main(["run"]) == 1
    [record] = [r for r in caplog.records if r.name == "bot.startup"]
    assert record.levelno == logging.DEBUG and record.exc_info is not None


@pytest.mark.parametrize("token", [None, "x"])
def test_a_database_path_that_cannot_be_created_is_named_in_one_line(
    token: str | None,
    elsewhere: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (elsewhere / "data").write_text("a file where a folder should be")
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"sqlite:///{elsewhere.as_posix()}/data/x.db")
    if token:
        monkeypatch.setenv("SNOWBOUND_TOKEN", token)
    assert cli.main([]) == 1
    line = one_line(capsys.readouterr().err)
    assert f"{elsewhere.as_posix()}/data/x.db" in line
    assert "SNOWBOUND_DATABASE_URL" in line


def test_a_database_file_that_is_not_sqlite_is_named_in_one_line(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (elsewhere / "x.db").write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"sqlite:///{elsewhere.as_posix()}/x.db")
    monkeypatch.setenv("SNOWBOUND_TOKEN", "x")
    assert cli.main(["run"]) == 1
    assert f"{elsewhere.as_posix()}/x.db" in one_line(capsys.readouterr().err)


def test_the_bot_does_not_warn_about_voice_support(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    caplog.set_level(logging.WARNING)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    SingleShardBot(settings, TableService(MemoryStore()))
    assert not [r for r in caplog.records if "voice" in r.getMessage()]


def test_a_network_failure_after_the_bot_was_ready_is_not_called_a_start_up_failure(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def ready_then_lost(self: SnowboundBot, token: str, *, reconnect: bool = True) -> None:
        self._ready.set()
        raise connector_error()

    monkeypatch.setattr(SnowboundBot, "start", ready_then_lost)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "x")
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", "memory://")
    with pytest.raises(aiohttp.ClientConnectorError):
        cli.main(["run"])
    assert "cannot start" not in capsys.readouterr().err

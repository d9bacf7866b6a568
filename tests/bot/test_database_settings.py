"""Settings and the commands around the database (issue 30 §3–4), without a PostgreSQL server: a
user-set SQLite folder that does not exist is refused (only `data/` is created), no message shows
a database password, `backup` points PostgreSQL users to pg_dump, an unknown default AI level is
refused at start-up, the terminal's resume hint names the command that resumes, `--humans 0`
leaves no stray lobby, and the suite reads no `.env`."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bot.config
from bot import cli
from bot.console import Console
from bot.tables import TableError, TableService
from storage import SqliteStore, redact_url

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "pw-Never-Shown-7"
PG_URL = f"postgresql://bot:{PASSWORD}@db.example:5432/snowbound"


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from a folder of its own, with no SNOWBOUND_ settings inherited."""
    for key in list(os.environ):
        if key.startswith("SNOWBOUND_") and key != "SNOWBOUND_ENV_FILE":
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return tmp_path


# the SQLite folder ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [[], ["run"], ["play", "winter"], ["backup", "b.db"]])
def test_a_user_set_sqlite_folder_that_does_not_exist_is_refused_in_one_line_naming_it(
    command: list[str],
    elsewhere: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    missing = elsewhere / "nonexistent" / "dir"
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"sqlite:///{missing.as_posix()}/x.db")
    if command == ["run"]:
        monkeypatch.setenv("SNOWBOUND_TOKEN", "x")  # the bot's path: its lock file comes first
    status = cli.main(command)
    err = capsys.readouterr().err
    if command[:1] == ["backup"]:  # backup finds no database there before opening anything
        assert status == 2 and "no database" in one_line(err)
    else:
        assert status == 1
        line = one_line(err)
        assert f"the folder {missing} for the database" in line and "does not exist" in line
        assert "SNOWBOUND_DATABASE_URL" in line
    assert not (elsewhere / "nonexistent").exists()


def test_play_with_a_db_in_a_missing_folder_names_the_option_to_fix(
    elsewhere: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "winter", "--db", "games/x.db"]) == 1
    line = one_line(capsys.readouterr().err)
    assert "the folder games for the database games/x.db does not exist" in line
    assert "--db" in line
    assert not (elsewhere / "games").exists()


def test_only_the_default_data_folder_is_created(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project = elsewhere / "project"
    project.mkdir()
    monkeypatch.setattr(bot.config, "project_dir", lambda: project)
    assert cli.main(["play", "--list"]) == 0  # the default sqlite:///data/snowbound.db
    assert (project / "data" / "snowbound.db").is_file()
    assert "No saved tables yet" in capsys.readouterr().out


# passwords --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        (PG_URL, "postgresql://bot:***@db.example:5432/snowbound"),
        (
            "postgres://bot:p@ss/w@rd@db/x?sslmode=require",
            "postgres://bot:***@db/x?sslmode=require",
        ),
        ("postgresql://bot:pa?ss@db/x", "postgresql://bot:***@db/x"),
        ("postgresql://db/x?user=bot&password=secret", "postgresql://db/x?user=bot&password=***"),
        ("postgresql://bot@db/x", "postgresql://bot@db/x"),
        ("sqlite:///data/x.db", "sqlite:///data/x.db"),
    ],
)
def test_a_database_url_is_shown_with_its_password_masked(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_backup_on_postgresql_says_to_use_pg_dump_without_the_password(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", PG_URL)
    assert cli.main(["backup", "backups/snowbound.db"]) == 2
    line = one_line(capsys.readouterr().err)
    assert "pg_dump --format=custom --file=backups/snowbound.dump" in line
    assert "postgresql://bot:***@db.example:5432/snowbound" in line and PASSWORD not in line


def test_migrate_from_postgresql_is_refused_without_the_password(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", PG_URL)
    assert cli.main(["migrate", "--to", PG_URL.replace("snowbound", "copy")]) == 2
    line = one_line(capsys.readouterr().err)
    assert "copies from a SQLite database" in line and "--from sqlite:///" in line
    assert PASSWORD not in line


def test_an_unknown_url_in_the_settings_is_refused_without_its_password(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", f"mysql://bot:{PASSWORD}@db/x")
    with pytest.raises(SystemExit) as stop:
        bot.config.load_settings()
    assert PASSWORD not in str(stop.value.code) and "mysql://bot:***@db/x" in str(stop.value.code)


def test_the_terminal_resume_hint_masks_the_password_of_a_db_given() -> None:
    args = argparse.Namespace(db=PG_URL)
    hint = cli.resume_hint(args, PG_URL)(4)
    assert hint is not None and PASSWORD not in hint
    assert "--resume 4 --db postgresql://bot:PASSWORD@db.example:5432/snowbound" in hint
    assert "in place of PASSWORD" in hint


# the resume hint --------------------------------------------------------------------------------


def test_the_resume_hint_says_make_run_only_when_make_run_opens_the_terminal_table() -> None:
    url = "sqlite:///data/snowbound.db"
    without_token = cli.resume_hint(None, url, has_token=False)(3)
    with_token = cli.resume_hint(None, url, has_token=True)(3)
    assert without_token is not None and "`make run` → `resume 3`" in without_token
    assert with_token is not None and "make run" not in with_token
    assert with_token.endswith("-m bot play --resume 3`")


# the default AI level ---------------------------------------------------------------------------


def test_an_unknown_default_ai_level_stops_start_up_in_one_line(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNOWBOUND_DEFAULT_AGENT", "genius")
    with pytest.raises(SystemExit) as stop:
        cli.main([])
    line = one_line(str(stop.value.code))
    assert line.startswith("Snowbound cannot start: SNOWBOUND_DEFAULT_AGENT: ")
    assert "'genius'" in line and "random, heuristic or expert" in line


def test_a_default_ai_level_every_game_has_is_taken_in_any_case(
    elsewhere: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNOWBOUND_DEFAULT_AGENT", " Random ")
    assert bot.config.load_settings().default_agent == "random"


# --humans 0 -------------------------------------------------------------------------------------


async def test_a_table_of_ai_players_only_leaves_no_stray_lobby(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "t.db"))
    await store.connect()
    try:

        async def end_of_input(timeout: float | None) -> str | None:
            return None

        console = Console(TableService(store), read=end_of_input, write=print, ansi=False)
        table = await console.new_table("winter", seats=2, humans=0, seed="s")
        assert [seat.agent for seat in table.seats] == ["heuristic", "heuristic"]
        assert all(seat.user_id is None for seat in table.seats) and table.seed == "s"
        table = await console.play(table)
        assert table.status == "finished"
        with pytest.raises(TableError, match="no AI level"):
            await console.new_table("winter", seats=2, humans=0, agent="genius")
        assert [t.status for t in await store.find_tables()] == ["finished"]
    finally:
        await store.close()


def test_humans_zero_at_the_command_line_plays_to_the_end_and_lists_no_lobby(
    elsewhere: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", open(os.devnull))  # noqa: SIM115 (closed with the test)
    db = str(elsewhere / "t.db")
    assert cli.main(["play", "winter", "--seats", "2", "--humans", "0", "--db", db]) == 0
    assert cli.main(["play", "--list", "--db", db]) == 0
    listed = capsys.readouterr().out.splitlines()[-1]
    assert "finished" in listed and "lobby" not in listed


# no .env ----------------------------------------------------------------------------------------


def test_a_bot_process_a_test_starts_reads_no_env_file(tmp_path: Path) -> None:
    (tmp_path / "other.env").write_text("SNOWBOUND_COMMAND_PREFIX=?\n")
    probe = (
        "from bot.config import Settings; s = Settings(); "
        "print(Settings.model_config['env_file'], s.has_token, s.command_prefix)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert run.stdout.split() == ["None", "False", "!"], run.stderr
    env["SNOWBOUND_ENV_FILE"] = "other.env"  # what the variable is for: another file
    run = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert run.stdout.split() == [str(tmp_path / "other.env"), "False", "?"], run.stderr

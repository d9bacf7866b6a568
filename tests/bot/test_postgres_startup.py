"""The bot starts on PostgreSQL from its settings (issue 30 §3): environment → `Settings` →
`open_store` → migrations, up to the Discord login, on the throwaway server `.ci/run` starts
(`SNOWBOUND_TEST_POSTGRES_URL`; skipped without one, failed in CI). A database that is missing or a
user without rights is one line with the fix from `make run`, `play --db` and `migrate --to`, and
no line shows the password.

Discord is never contacted: the bot's `start` (its login) is replaced by a check of the store it
was given, which then fails the way a refused token does.
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import asyncpg
import discord
import pytest

from bot import cli
from bot.app import SnowboundBot
from storage import SqliteStore, StorageError
from storage.postgres import PostgresStore, connect_problem, migrations
from tests.support.postgres import postgres_url

PASSWORD = "pw-Never-Shown-7"


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def with_database(url: str, database: str, *, user: str | None = None) -> str:
    """`url` naming another database (and user), always with a password: the test server may
    trust every connection, but the messages must hide a password all the same."""
    parts = urlsplit(url)
    name = user or parts.username or "snowbound"
    password = PASSWORD if user or not parts.password else parts.password
    host = parts.hostname or "localhost"
    netloc = f"{quote(name)}:{quote(password)}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, f"/{database}", parts.query, ""))


async def admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture
def settings_only_from_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Start from a folder of its own, with no SNOWBOUND_ setting but the test server's."""
    for key in list(os.environ):
        if key.startswith("SNOWBOUND_") and key not in (
            "SNOWBOUND_TEST_POSTGRES_URL",
            "SNOWBOUND_REQUIRE_POSTGRES",
        ):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def fresh_database() -> Iterator[str]:
    """A new, empty database on the test server (dropped afterwards): the URL a server owner
    would put in `.env`, with a password."""
    base = postgres_url()
    name = f"snowbound_start_{uuid.uuid4().hex[:12]}"
    asyncio.run(admin(base, f"CREATE DATABASE {name}"))
    try:
        yield with_database(base, name)
    finally:
        asyncio.run(admin(base, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def test_the_bot_starts_on_postgresql_from_the_environment_as_far_as_the_discord_login(
    fresh_database: str,
    settings_only_from_here: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    seen: dict[str, object] = {}

    async def at_the_login(self: SnowboundBot, token: str, *, reconnect: bool = True) -> None:
        store = self.service.store
        assert isinstance(store, PostgresStore)
        seen["url"] = store.url
        seen["schema"] = await store.schema_version()
        seen["tables"] = await store.find_tables()
        seen["token"] = token
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(SnowboundBot, "start", at_the_login)
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", fresh_database)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "not-a-real-token")
    monkeypatch.setenv("SNOWBOUND_DATABASE_POOL_SIZE", "3")
    caplog.set_level(logging.DEBUG)
    assert cli.main(["run"]) == 1  # the refused token: everything before it worked
    assert seen == {
        "url": fresh_database,
        "schema": len(migrations()),
        "tables": [],
        "token": "not-a-real-token",
    }
    out = capsys.readouterr()
    line = one_line(out.err)
    assert line.startswith("Snowbound cannot start: Discord refused the token")
    password = urlsplit(fresh_database).password
    assert password and password not in out.out + out.err + caplog.text


def test_a_second_start_on_the_same_database_applies_no_migration_again(
    fresh_database: str,
) -> None:
    async def connect_twice() -> list[list[int]]:
        applied = []
        for _ in range(2):
            store = PostgresStore(fresh_database, pool_size=1)
            await store.connect()
            applied.append(store.applied_migrations)
            await store.close()
        return applied

    first, second = asyncio.run(connect_twice())
    assert first == [number for number, _, _ in migrations()] and second == []


def refusals(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """What `make run` (bot and terminal), `play --db` and `migrate --to` say about `url`."""
    source = tmp_path / "games.db"

    async def a_sqlite_file() -> None:
        store = SqliteStore(source)
        await store.connect()
        await store.close()

    asyncio.run(a_sqlite_file())
    said: dict[str, int] = {}
    monkeypatch.setenv("SNOWBOUND_DATABASE_URL", url)
    monkeypatch.setenv("SNOWBOUND_TOKEN", "x")
    said["bot"] = cli.main(["run"])
    monkeypatch.delenv("SNOWBOUND_TOKEN")
    said["terminal"] = cli.main([])
    monkeypatch.delenv("SNOWBOUND_DATABASE_URL")
    said["play --db"] = cli.main(["play", "winter", "--db", url])
    said["migrate --to"] = cli.main(["migrate", "--from", f"sqlite:///{source}", "--to", url])
    return said


def check_refusals(
    url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    words: list[str],
) -> None:
    statuses = refusals(url, tmp_path, monkeypatch)
    assert statuses == {"bot": 1, "terminal": 1, "play --db": 1, "migrate --to": 2}
    out = capsys.readouterr()
    errors = [line for line in out.err.splitlines() if line.strip()]
    assert len(errors) == 4 and "Traceback" not in out.err, out.err
    for line in errors:
        for word in words:
            assert word in line, line
        assert PASSWORD not in line and "***" in line
    assert PASSWORD not in out.out


def test_a_missing_postgresql_database_is_one_line_with_the_fix(
    settings_only_from_here: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = f"snowbound_missing_{uuid.uuid4().hex[:12]}"
    url = with_database(postgres_url(), name)
    check_refusals(
        url, settings_only_from_here, monkeypatch, capsys, [f'"{name}" does not exist', "createdb"]
    )


def test_a_user_without_rights_is_one_line_with_the_fix(
    settings_only_from_here: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = postgres_url()
    tag = uuid.uuid4().hex[:12]
    role, database = f"snowbound_guest_{tag}", f"snowbound_norights_{tag}"
    asyncio.run(
        admin(
            base,
            f"CREATE ROLE {role} LOGIN PASSWORD '{PASSWORD}'",
            f"CREATE DATABASE {database}",
        )
    )
    try:  # the schema public is closed to others (PostgreSQL 15's default, set here for older)
        asyncio.run(
            admin(with_database(base, database), "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        )
        url = with_database(base, database, user=role)
        check_refusals(
            url,
            settings_only_from_here,
            monkeypatch,
            capsys,
            [f"user {role} may not create Snowbound's tables", f"OWNER TO {role}"],
        )
    finally:
        asyncio.run(
            admin(
                base,
                f"DROP DATABASE IF EXISTS {database} WITH (FORCE)",
                f"DROP ROLE IF EXISTS {role}",
            )
        )


def test_a_wrong_password_is_explained_with_the_fix_and_without_the_password() -> None:
    url = f"postgresql://bot:{PASSWORD}@db.example:5432/snowbound"
    refused = asyncpg.InvalidPasswordError('password authentication failed for user "bot"')
    problem = connect_problem(refused, url)
    assert problem.startswith("the server refused the password of user bot")
    assert "password in the URL" in problem and PASSWORD not in problem


async def test_an_unreachable_server_is_a_storage_error_naming_it_without_the_password() -> None:
    store = PostgresStore(f"postgresql://bot:{PASSWORD}@127.0.0.1:1/snowbound", pool_size=1)
    with pytest.raises(StorageError) as refused:
        await store.connect()
    message = str(refused.value)
    assert "127.0.0.1:1 cannot be reached" in message and "start it" in message
    assert PASSWORD not in message and "\n" not in message

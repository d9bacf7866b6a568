"""What the PostgreSQL store says when the server refuses: a connection's problem in one sentence
without the password (`connect_problem`), and a move's refusal in the store's words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

import asyncpg

from storage.models import RepeatedMoveError, StaleActionError, StorageError
from storage.urls import redact_url


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return redact_url(url)


def _scrubbed(text: str, url: str) -> str:
    """`text` (an error's words) with the URL's password masked wherever it appears."""
    password = urlsplit_password(url)
    text = text.replace(url, redact(url))
    return text.replace(password, "***") if password and len(password) > 2 else text


def urlsplit_password(url: str) -> str | None:
    try:
        return urlsplit(url).password
    except ValueError:
        return None


def connect_problem(error: BaseException, url: str) -> str:
    """Why connecting to (and migrating) the database at `url` failed, and what to do, in one
    sentence without the password: what `connect` raises as a StorageError."""
    try:
        parts = urlsplit(url)
        user, host, port = parts.username, parts.hostname, parts.port
        database = parts.path.lstrip("/") or user
    except ValueError:
        user = host = database = None
        port = None
    where = f"{host or 'localhost'}:{port or 5432}"
    said = _scrubbed(str(error).strip().splitlines()[0] if str(error).strip() else "", url)
    said = said or type(error).__name__
    if isinstance(error, asyncpg.InvalidPasswordError):
        return (
            f"the server refused the password of user {user or said}: put the right user name "
            "and password in the URL (postgresql://user:password@host:5432/database)"
        )
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f"the server refused the user ({said}): name an existing user in the URL, or create "
            f"it on the server (CREATE ROLE {user or 'snowbound'} LOGIN PASSWORD '…')"
        )
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (
            f"{said} on {where}: create it (createdb -O {user or 'snowbound'} "
            f"{database or 'snowbound'}), or name an existing database in the URL"
        )
    if isinstance(error, asyncpg.InsufficientPrivilegeError | asyncpg.InvalidSchemaNameError):
        return (
            f"user {user or '(default)'} may not create Snowbound's tables ({said}): make it the "
            f"database's owner (ALTER DATABASE {database or 'snowbound'} OWNER TO "
            f"{user or 'snowbound'}), or name a user that owns it in the URL"
        )
    if isinstance(error, asyncpg.TooManyConnectionsError | asyncpg.CannotConnectNowError):
        return f"the server at {where} cannot take the connection now ({said}): try again shortly"
    if isinstance(error, OSError | TimeoutError):
        reason = getattr(error, "strerror", None) or said
        return (
            f"the PostgreSQL server at {where} cannot be reached ({reason}): start it, or check "
            "the host and port in the URL"
        )
    if isinstance(error, ValueError | asyncpg.InterfaceError):
        return f"the URL cannot be read ({said}): write it as postgresql://user:password@host:5432/database"
    return f"the server answered: {said}"


@asynccontextmanager
async def _appending(table_id: int, ply: int) -> AsyncIterator[None]:
    """A move's write, its errors in the store's words: a log entry already at this ply is a
    move another process made first."""
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        if getattr(error, "constraint_name", None) == "move_sources_pkey":
            raise RepeatedMoveError(f"table {table_id} already has this move") from error
        raise StaleActionError(f"table {table_id} already has an action at ply {ply}") from error
    except asyncpg.PostgresError as error:
        raise StorageError(f"could not append the action: {error}") from error

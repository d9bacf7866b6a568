"""Start-up failures of `python -m bot`: one line naming the cause and the fix, exit status 1.

A person starting the bot for the first time should not have to read a traceback to learn that the
token is wrong or a folder cannot be written. Each known failure becomes a `StartupError` whose
text is that one line; the traceback is still logged at DEBUG (`SNOWBOUND_LOG_LEVEL=DEBUG`).
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from pathlib import Path

from storage import StorageError, Store, open_store, redact_url, sqlite_path

log = logging.getLogger("bot.startup")

SETTING = "SNOWBOUND_DATABASE_URL"


class StartupError(Exception):
    """Snowbound cannot start; `str(err)` is the one line to show."""


def is_postgres(url: str) -> bool:
    return url.strip().startswith(("postgresql://", "postgres://"))


def database_location(url: str) -> str:
    """The file a database URL names, or the URL itself (its password masked) otherwise."""
    try:
        path = sqlite_path(url.strip())
    except ValueError:
        return redact_url(url)
    return url if path == ":memory:" else path


def default_folder() -> Path:
    """The one folder Snowbound creates by itself: `data/` in the project folder, where the
    default database lives."""
    from bot.config import project_dir

    return project_dir() / "data"


def check_folder(url: str, setting: str = SETTING) -> None:
    """A SQLite file's folder must exist, except the default `data/` folder, which is created: a
    mistyped path should not quietly become a new, empty database somewhere else."""
    try:
        path = sqlite_path(url.strip())
    except ValueError:
        return
    if path == ":memory:":
        return
    folder = Path(path).parent
    if folder.exists():
        return  # a file where the folder should be is named when the database is opened
    if folder.resolve() == default_folder().resolve():
        return  # created with the database
    raise StartupError(
        f"the folder {folder} for the database {path} does not exist: create it "
        f"(mkdir -p {folder}), or correct the path in {setting}"
    )


async def open_database(url: str, *, pool_size: int | None = None, setting: str = SETTING) -> Store:
    """A connected store for `url`, or a StartupError naming the database (never its password)
    and what to do; `setting` is where the URL came from (the setting, or `--db`)."""
    check_folder(url, setting)
    where = database_location(url)
    try:
        store = open_store(url) if pool_size is None else open_store(url, pool_size=pool_size)
        await store.connect()
    except (OSError, sqlite3.Error, StorageError, ValueError) as err:
        if is_postgres(url):
            raise StartupError(
                f"cannot open the PostgreSQL database {where} ({setting}): {err}"
            ) from err
        if isinstance(err, FileExistsError | NotADirectoryError):
            reason = f"{err.filename} is a file where a folder should be"
        else:
            reason = getattr(err, "strerror", None) or str(err)
        raise StartupError(
            f"cannot create or write the database {where} ({reason}): make sure its folder can be "
            f"created and written by this user, or point {setting} elsewhere"
        ) from err
    return store


def fail(err: StartupError) -> int:
    """Show a start-up failure as one line on stderr (the traceback only at DEBUG); exit status."""
    log.debug("start-up failed", exc_info=err)
    print(f"Snowbound cannot start: {err}", file=sys.stderr)
    return 1

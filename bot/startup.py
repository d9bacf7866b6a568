"""Start-up failures of `python -m bot`: one line naming the cause and the fix, exit status 1.

A person starting the bot for the first time should not have to read a traceback to learn that the
token is wrong or a folder cannot be written. Each known failure becomes a `StartupError` whose
text is that one line; the traceback is still logged at DEBUG (`SNOWBOUND_LOG_LEVEL=DEBUG`).
"""

from __future__ import annotations

import logging
import sqlite3
import sys

from storage import StorageError, Store, open_store, sqlite_path

log = logging.getLogger("bot.startup")


class StartupError(Exception):
    """Snowbound cannot start; `str(err)` is the one line to show."""


def database_location(url: str) -> str:
    """The file a database URL names, or the URL itself for in-memory stores."""
    try:
        path = sqlite_path(url.strip())
    except ValueError:
        return url
    return url if path == ":memory:" else path


async def open_database(url: str, *, pool_size: int | None = None) -> Store:
    """A connected store for `url`, or a StartupError naming the path and what to do."""
    where = database_location(url)
    try:
        store = open_store(url) if pool_size is None else open_store(url, pool_size=pool_size)
        await store.connect()
    except (OSError, sqlite3.Error, StorageError, ValueError) as err:
        if isinstance(err, FileExistsError | NotADirectoryError):
            reason = f"{err.filename} is a file where a folder should be"
        else:
            reason = getattr(err, "strerror", None) or str(err)
        raise StartupError(
            f"cannot create or write the database {where} ({reason}): make sure its folder can be "
            "created and written by this user, or point SNOWBOUND_DATABASE_URL elsewhere"
        ) from err
    return store


def fail(err: StartupError) -> int:
    """Show a start-up failure as one line on stderr (the traceback only at DEBUG); exit status."""
    log.debug("start-up failed", exc_info=err)
    print(f"Snowbound cannot start: {err}", file=sys.stderr)
    return 1

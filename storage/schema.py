"""The numbered migrations both SQL stores apply on connect, and the check that refuses a database
newer than the code. SQLite's are `storage/migrations/*.sql` (its `user_version` counts them),
PostgreSQL's `storage/migrations/postgresql/*.sql` (recorded in `schema_migrations`)."""

from __future__ import annotations

import re
from importlib import resources

from storage.models import StorageError

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def packaged(*folder: str) -> list[tuple[int, str, str]]:
    """The migrations in `storage/<folder…>` as (number, file name, SQL), numbered 1, 2, 3…
    without gaps."""
    place = resources.files("storage").joinpath("migrations")
    for part in folder:
        place = place.joinpath(part)
    found: list[tuple[int, str, str]] = []
    for entry in place.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"migrations must be numbered 0001, 0002… without gaps; found {numbers}")
    return found


def check_version(current: int, known: list[tuple[int, str, str]], database: str) -> None:
    """Refuse a database whose schema is newer than the code's last migration."""
    latest = known[-1][0] if known else 0
    if current > latest:
        raise StorageError(
            f"the database {database} has schema version {current}, newer than this "
            f"code knows ({latest}); upgrade Snowbound before opening it"
        )

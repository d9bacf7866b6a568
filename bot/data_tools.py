"""`python -m bot migrate`, `backup` and `ratings --recompute`: the commands that work on a whole
database, and where a command's database comes from (`--db` or `SNOWBOUND_DATABASE_URL`).
"""

from __future__ import annotations

import argparse
import asyncio
import shlex
import sys
from pathlib import Path

from bot.config import Settings
from bot.startup import StartupError, database_location, fail, is_postgres, open_database
from rules import GAMES


def database_url(args: argparse.Namespace | None, settings: Settings) -> str:
    if args is not None and args.db:
        return args.db if "://" in args.db else f"sqlite:///{args.db}"
    return settings.database_url


def database_setting(args: argparse.Namespace | None) -> str:
    """Where the database URL came from, for the fix a message names."""
    return "--db" if args is not None and args.db else "SNOWBOUND_DATABASE_URL"


async def migrate(source_url: str, target_url: str, settings: Settings) -> int:
    """Copy a SQLite database into an empty PostgreSQL one, then prove the copy: row counts match
    and every active table's action log replays to its stored state. 0 when all of that holds."""
    from rules.engine import Engine
    from storage import SqliteStore, StorageError, sqlite_path
    from storage.postgres import PostgresStore, is_postgres_url, read_sqlite_rows, redact

    if not is_postgres_url(target_url):
        print("✗ --to takes a PostgreSQL URL: postgresql://user:password@host/db", file=sys.stderr)
        return 2
    if is_postgres_url(source_url):
        print(
            f"✗ migrate copies from a SQLite database, and {redact(source_url)} is PostgreSQL "
            "already: name the SQLite file with --from sqlite:///path/to/snowbound.db",
            file=sys.stderr,
        )
        return 2
    try:
        path = sqlite_path(source_url)
    except ValueError as err:
        print(f"✗ migrate copies from a SQLite database: {err}", file=sys.stderr)
        return 2
    if path == ":memory:" or not Path(path).is_file():
        print(f"✗ there is no SQLite database at {path}", file=sys.stderr)
        return 2
    source = SqliteStore(path)
    await source.connect()  # brings an older file up to the current schema first
    await source.close()
    rows = await asyncio.to_thread(read_sqlite_rows, path)
    target = PostgresStore(target_url, pool_size=min(settings.database_pool_size, 4))
    try:
        await target.connect()
    except (OSError, StorageError) as err:
        print(f"✗ could not open {redact(target_url)}: {err}", file=sys.stderr)
        return 2
    try:
        try:
            written = await target.import_rows(rows)
        except StorageError as err:
            print(f"✗ {err}", file=sys.stderr)
            return 2
        problems: list[str] = []
        counts = await target.row_counts()
        for name, copied in rows.items():
            if counts[name] != len(copied):
                problems.append(f"{name}: {len(copied)} rows in SQLite, {counts[name]} copied")
        active = await target.find_tables(status="active")
        for table in active:
            game = GAMES.get(table.game)
            if game is None:
                problems.append(f"table {table.id}: unknown game {table.game!r}")
                continue
            log = await target.actions(table.id)
            try:
                state = Engine(game).replay(
                    len(table.seats), table.options, table.seed, [(a.seat, a.action) for a in log]
                )
            except Exception as err:  # a log that no longer replays is what this check is for
                problems.append(f"table {table.id}: its log does not replay ({err})")
                continue
            if state.model_dump(mode="json") != table.state or len(log) != table.ply:
                problems.append(f"table {table.id}: its log does not replay to the stored state")
        for name, count in written.items():
            print(f"{name:<16}{count:>8} rows copied")
        if problems:
            print("✗ the copy does not match (the target now holds it; empty it to retry):")
            for problem in problems:
                print(f"  {problem}")
            return 1
        print(f"✓ {len(active)} active tables replay to their stored state")
        return 0
    finally:
        await target.close()


async def backup(args: argparse.Namespace, settings: Settings) -> int:
    """Copy the database with SQLite's online backup, so it is safe while the bot is running."""
    from pathlib import Path

    from storage import SqliteStore

    url = database_url(args, settings)
    source = database_location(url)
    target = Path(args.path)
    if is_postgres(url):
        dump = shlex.quote(str(target.with_suffix(".dump")))
        note = " (with the password in place of ***)" if source != url.strip() else ""
        print(
            f"✗ backup copies a SQLite file; the database {source} is PostgreSQL: back it up with "
            f"PostgreSQL's own pg_dump, e.g. `pg_dump --format=custom --file={dump} "
            f"{shlex.quote(source)}`{note}",
            file=sys.stderr,
        )
        return 2
    if not url.startswith("sqlite:") or source == url:
        print(
            f"✗ Only a SQLite file can be backed up, not {source}: a database kept in memory "
            "is gone when the process ends.",
            file=sys.stderr,
        )
        return 2
    if not Path(source).is_file():
        print(f"✗ There is no database at {source} to back up.", file=sys.stderr)
        return 2
    if target.exists() and not args.force:
        print(f"✗ {target} already exists: choose another path or add --force.", file=sys.stderr)
        return 2
    try:
        store = await open_database(url, setting=database_setting(args))
    except StartupError as err:
        return fail(err)
    try:
        assert isinstance(store, SqliteStore)
        tables = await store.backup(target)
    except OSError as err:
        print(f"✗ Cannot write {target}: {err.strerror or err}.", file=sys.stderr)
        return 1
    finally:
        await store.close()
    print(f"Backed up {source} to {target} ({tables} tables).")
    return 0


async def recompute_ratings(args: argparse.Namespace, settings: Settings) -> int:
    """`ratings --recompute`: every rating and co-operative standing rebuilt from the stored
    results in finish order (`bot.ratings.recompute`), with progress and a one-line summary."""
    from bot.ratings import recompute

    try:
        store = await open_database(database_url(args, settings), setting=database_setting(args))
    except StartupError as err:
        return fail(err)
    try:
        done = await recompute(store, GAMES, progress=lambda line: print(line, flush=True))
    finally:
        await store.close()
    print(done.summary())
    return 0

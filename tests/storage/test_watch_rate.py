"""Spectators, ratings and seeded challenges (issue 35): the same contract on every store, and the
migrations that bring a database from before them up to date."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import (
    ChallengeEntry,
    RatingRecord,
    SqliteStore,
    Store,
    TableNotFoundError,
    WatcherRecord,
)
from storage.base import TableRecord
from storage.postgres import COPIED_TABLES, PostgresStore, read_sqlite_rows
from storage.sql import SQLITE
from tests.storage.stored import a_table, an_action, older_database, ticking_clock
from tests.support.postgres import postgres_store
from tests.support.stores import sqlite_store


def before_watch_rate(db: sqlite3.Connection) -> None:
    """Turn a database back into what migration 0008 left (no spectators, ratings, challenges)."""
    for name in ("watchers", "ratings", "rated_tables", "challenge_entries"):
        db.execute(f"DROP TABLE IF EXISTS {name}")
    columns = [row[1] for row in db.execute("PRAGMA table_info(tables)")]
    if "suggestions" in columns:  # migration 0010's
        db.execute("ALTER TABLE tables DROP COLUMN suggestions")
    if "challenge" in columns:
        db.execute("ALTER TABLE tables DROP COLUMN challenge")
    db.execute("PRAGMA user_version = 8")


def a_rating(user_id: int, **fields: object) -> RatingRecord:
    values: dict[str, object] = {
        "guild_id": 10,
        "game": "winter",
        "user_id": user_id,
        "name": f"Player {user_id}",
        "mu": 25.0,
        "sigma": 8.333,
    }
    values.update(fields)
    return RatingRecord.model_validate(values)


def an_entry(table_id: int, **fields: object) -> ChallengeEntry:
    values: dict[str, object] = {
        "code": "coldest_night-2026-11-29",
        "game": "coldest_night",
        "table_id": table_id,
        "guild_id": 10,
        "names": ("Ana", "Bo"),
        "players": 2,
        "finished_at": 100.0,
    }
    values.update(fields)
    return ChallengeEntry.model_validate(values)


# -- the challenge column ------------------------------------------------------------------------


async def test_a_table_keeps_its_challenge_code_through_every_write(store: Store) -> None:
    created = await store.create_table(a_table(challenge="coldest_night-2026-11-29"))
    assert created.challenge == "coldest_night-2026-11-29"
    assert (await store.get_table(created.id)).challenge == "coldest_night-2026-11-29"
    moved = await store.commit_action(
        created.model_copy(update={"ply": 1}), created.version, an_action(created, 1)
    )
    assert moved.challenge == "coldest_night-2026-11-29"
    assert (await store.get_table(created.id)).challenge == "coldest_night-2026-11-29"
    cleared = await store.update_table(moved.model_copy(update={"challenge": None}), moved.version)
    assert cleared.challenge is None and (await store.get_table(created.id)).challenge is None
    found = await store.find_tables(status="active")
    assert [table.challenge for table in found] == [None]


async def test_a_table_without_a_challenge_reads_back_none(store: Store) -> None:
    created = await store.create_table(a_table())
    assert created.challenge is None
    assert (await store.get_table(created.id)).challenge is None


# -- watchers ------------------------------------------------------------------------------------


async def test_watchers_are_saved_and_listed_by_since_then_user(store: Store) -> None:
    table = await store.create_table(a_table())
    late = WatcherRecord(table_id=table.id, user_id=5, name="Eve", since=30.0)
    early = WatcherRecord(table_id=table.id, user_id=9, name="Ivo", since=10.0)
    tied = WatcherRecord(table_id=table.id, user_id=2, name="Bo", since=30.0)
    for watcher in (late, early, tied):
        await store.save_watcher(watcher)
    assert await store.watchers(table.id) == [early, tied, late]
    other = await store.create_table(a_table())
    assert await store.watchers(other.id) == []


async def test_saving_a_watcher_again_replaces_every_field(store: Store) -> None:
    table = await store.create_table(a_table())
    first = WatcherRecord(table_id=table.id, user_id=5, name="Eve", since=3.0)
    await store.save_watcher(first)
    sent = first.model_copy(
        update={
            "seat": 1,
            "channel_id": 77,
            "message_id": 88,
            "digest": "abc",
            "dm_closed": True,
            "name": "Eve R.",
        }
    )
    await store.save_watcher(sent)
    assert await store.watchers(table.id) == [sent]


async def test_removing_a_watcher_says_whether_there_was_one(store: Store) -> None:
    table = await store.create_table(a_table())
    await store.save_watcher(WatcherRecord(table_id=table.id, user_id=5))
    await store.save_watcher(WatcherRecord(table_id=table.id, user_id=6))
    assert await store.remove_watcher(table.id, 5) is True
    assert await store.remove_watcher(table.id, 5) is False
    assert await store.remove_watcher(table.id + 100, 6) is False
    assert [w.user_id for w in await store.watchers(table.id)] == [6]


async def test_a_watcher_of_an_unknown_table_is_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.save_watcher(WatcherRecord(table_id=999, user_id=5))


# -- ratings -------------------------------------------------------------------------------------


async def test_apply_ratings_writes_them_and_rates_a_table_at_most_once(store: Store) -> None:
    table = await store.create_table(a_table(status="finished"))
    ana, bo = a_rating(1, mu=27.5, rated=1, trend=(3.1,)), a_rating(2, mu=22.0, rated=1)
    assert await store.apply_ratings(table.id, [bo, ana]) is True
    assert await store.ratings(10, "winter") == [ana, bo]
    again = [ana.model_copy(update={"mu": 40.0, "rated": 2})]
    assert await store.apply_ratings(table.id, again) is False
    assert await store.ratings(10, "winter") == [ana, bo]


async def test_apply_ratings_replaces_a_members_rating_of_that_game(store: Store) -> None:
    first = await store.create_table(a_table(status="finished"))
    second = await store.create_table(a_table(status="finished"))
    await store.apply_ratings(first.id, [a_rating(1, rated=1, trend=(1.0,))])
    later = a_rating(1, mu=30.0, sigma=6.5, rated=2, trend=(1.0, 4.25), updated_at=50.0)
    assert await store.apply_ratings(second.id, [later]) is True
    assert await store.ratings(10, "winter") == [later]


async def test_ratings_keep_to_their_server_and_game(store: Store) -> None:
    table = await store.create_table(a_table(status="finished"))
    here = a_rating(1)
    terminal = a_rating(1, guild_id=0, mu=31.0)
    comfort = a_rating(1, game="cold_comfort", mu=19.0)
    elsewhere = a_rating(2, guild_id=11)
    assert await store.apply_ratings(table.id, [here, terminal, comfort, elsewhere])
    assert await store.ratings(10, "winter") == [here]
    assert await store.ratings(0, "winter") == [terminal]
    assert await store.ratings(10, "cold_comfort") == [comfort]
    assert await store.ratings(11, "winter") == [elsewhere]
    assert await store.ratings(12, "winter") == []
    assert await store.member_ratings(1, 10) == [comfort, here]
    assert await store.member_ratings(1, 0) == [terminal]
    assert await store.member_ratings(2, 10) == []


async def test_apply_ratings_with_no_ratings_still_marks_the_table(store: Store) -> None:
    table = await store.create_table(a_table(status="finished"))
    assert await store.apply_ratings(table.id, []) is True
    assert await store.apply_ratings(table.id, [a_rating(1)]) is False
    assert await store.ratings(10, "winter") == []


async def test_apply_ratings_for_an_unknown_table_is_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.apply_ratings(999, [a_rating(1)])
    assert await store.ratings(10, "winter") == []


async def test_clear_ratings_forgets_ratings_and_lets_each_table_be_rated_again(
    store: Store,
) -> None:
    table = await store.create_table(a_table(status="finished"))
    await store.apply_ratings(table.id, [a_rating(1), a_rating(2, guild_id=0)])
    await store.clear_ratings()
    assert await store.ratings(10, "winter") == [] and await store.member_ratings(2, 0) == []
    rebuilt = a_rating(1, mu=26.0, rated=1)
    assert await store.apply_ratings(table.id, [rebuilt]) is True
    assert await store.ratings(10, "winter") == [rebuilt]


# -- challenge entries ---------------------------------------------------------------------------


async def test_challenge_entries_come_best_first(store: Store) -> None:
    tables = [await store.create_table(a_table(status="finished")) for _ in range(5)]
    lost_high = an_entry(tables[0].id, won=False, score=9.0, finished_at=1.0)
    won_low = an_entry(tables[1].id, won=True, score=3.0, finished_at=1.0)
    won_high_late = an_entry(tables[2].id, won=True, score=6.0, finished_at=50.0)
    won_high_early = an_entry(
        tables[3].id,
        won=True,
        score=6.0,
        finished_at=20.0,
        names=("Cy",),
        players=1,
        score_text="survived 6 nights",
        assisted=True,
        guild_id=None,
    )
    other_code = an_entry(tables[4].id, code="winter-2026-11-29", game="winter", won=True)
    for entry in (lost_high, won_low, won_high_late, won_high_early, other_code):
        await store.record_challenge(entry)
    board = await store.challenge_entries("coldest_night-2026-11-29")
    assert board == [won_high_early, won_high_late, won_low, lost_high]
    assert await store.challenge_entries("coldest_night-2026-11-29", limit=2) == board[:2]
    assert await store.challenge_entries("winter-2026-11-29") == [other_code]
    assert await store.challenge_entries("nobody-played-this") == []


async def test_recording_a_tables_challenge_again_replaces_its_entry(store: Store) -> None:
    table = await store.create_table(a_table(status="finished"))
    await store.record_challenge(an_entry(table.id, score=2.0))
    better = an_entry(table.id, score=5.0, won=True, score_text="survived 5 nights")
    await store.record_challenge(better)
    assert await store.challenge_entries(better.code) == [better]


async def test_a_challenge_entry_of_an_unknown_table_is_table_not_found(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.record_challenge(an_entry(999))


async def uses_everything_new(store: Store, table_id: int) -> None:
    """An upgraded database reads a table stored before as playing no challenge, and holds
    watchers, ratings and challenge entries."""
    assert (await store.get_table(table_id)).challenge is None
    watcher = WatcherRecord(table_id=table_id, user_id=5, seat=0)
    await store.save_watcher(watcher)
    assert await store.watchers(table_id) == [watcher]
    assert await store.apply_ratings(table_id, [a_rating(1)]) is True
    assert await store.member_ratings(1, 10) == [a_rating(1)]
    await store.record_challenge(an_entry(table_id))
    assert await store.challenge_entries(an_entry(table_id).code) == [an_entry(table_id)]


# -- SQLite: the migration, and deleting a table --------------------------------------------------


async def test_the_sqlite_migration_brings_a_database_from_before_it_up_to_date(
    tmp_path: Path,
) -> None:
    async def a_finished_table(store: SqliteStore) -> TableRecord:
        return await store.create_table(a_table(status="finished"))

    async with older_database(tmp_path / "old.db", a_finished_table, before_watch_rate) as (
        again,
        created,
    ):
        assert again.applied_migrations == [9, 10]
        await uses_everything_new(again, created.id)


async def test_deleting_a_table_deletes_its_watchers_challenge_entry_and_rated_mark(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.db"
    async with sqlite_store(path, clock=ticking_clock()) as store:
        table = await store.create_table(a_table(status="finished"))
        await store.save_watcher(WatcherRecord(table_id=table.id, user_id=5))
        await store.record_challenge(an_entry(table.id))
        await store.apply_ratings(table.id, [a_rating(1)])
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("DELETE FROM tables WHERE id = ?", (table.id,))
        counts = [
            db.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
            for name in ("watchers", "challenge_entries", "rated_tables", "ratings")
        ]
    assert counts == [0, 0, 0, 1]  # a rating is the member's, not the table's


async def test_each_new_lookup_reads_an_index_and_the_leaderboards_need_no_sort(
    tmp_path: Path,
) -> None:
    store = SqliteStore(tmp_path / "plans.db")
    await store.connect()
    try:
        lookups = {  # statement: (parameters, its index, in the index's order)
            SQLITE.watchers: ((1,), "sqlite_autoindex_watchers_1", False),  # a handful
            SQLITE.ratings: ((10, "winter"), "sqlite_autoindex_ratings_1", True),
            SQLITE.member_ratings: ((1, 10), "ratings_member", True),
            SQLITE.challenge_entries: (("cn-1", 10), "challenge_entries_board", True),
        }
        for sql, (params, index, ordered) in lookups.items():
            plan = " | ".join(await store.query_plan(sql, params))
            assert index in plan, plan
            assert not ordered or "TEMP B-TREE" not in plan, plan
    finally:
        await store.close()


# -- PostgreSQL: the migration, and the copy from SQLite ------------------------------------------


async def test_the_postgresql_migration_brings_a_database_from_before_it_up_to_date() -> None:
    async with postgres_store(clock=ticking_clock()) as pg:
        created = await pg.create_table(a_table(status="finished"))
        await pg.pool.execute(
            "DROP TABLE watchers, ratings, rated_tables, challenge_entries; "
            "ALTER TABLE tables DROP COLUMN challenge, DROP COLUMN suggestions; "
            "DELETE FROM schema_migrations WHERE version IN (7, 8)"
        )
        again = PostgresStore(pg.url, schema=pg.schema)
        await again.connect()
        try:
            assert again.applied_migrations == [7, 8]
            await uses_everything_new(again, created.id)
        finally:
            await again.close()


async def test_a_sqlite_database_copies_to_postgresql_with_its_watchers_ratings_and_entries(
    tmp_path: Path,
) -> None:
    path = tmp_path / "snowbound.db"
    async with sqlite_store(path, clock=ticking_clock()) as source:
        table = await source.create_table(a_table(status="finished", challenge="cn-1"))
        watcher = WatcherRecord(table_id=table.id, user_id=5, seat=1, digest="d", since=2.0)
        await source.save_watcher(watcher)
        rating = a_rating(1, trend=(1.5, 2.5), rated=2)
        await source.apply_ratings(table.id, [rating])
        entry = an_entry(table.id, code="cn-1", names=("Ana", "Bö"), won=True)
        await source.record_challenge(entry)
    rows = read_sqlite_rows(str(path))
    async with postgres_store() as pg:
        written = await pg.import_rows(rows)
        assert {name: written[name] for name in COPIED_TABLES[-4:]} == {
            "watchers": 1,
            "ratings": 1,
            "rated_tables": 1,
            "challenge_entries": 1,
        }
        assert (await pg.get_table(table.id)).challenge == "cn-1"
        assert await pg.watchers(table.id) == [watcher]
        assert await pg.ratings(10, "winter") == [rating]
        assert await pg.challenge_entries("cn-1") == [entry]
        assert await pg.apply_ratings(table.id, [a_rating(1, mu=1.0)]) is False

"""The SQL both databases run is written once (`storage.sql`): SQLite's and PostgreSQL's statements
differ only in their parameters and in the index hints SQLite's planner needs."""

from __future__ import annotations

import re
from typing import Any

import pytest

from storage.codec import TABLE_COLUMNS
from storage.sql import POSTGRES, SQLITE, Dialect

# Statements each database writes its own way on purpose: the per-seat results use each one's
# JSON functions; the rest are words, not statements.
OWN = {"name", "fixed_join", "seat_results"}


def in_postgres_words(sql: str) -> str:
    """A SQLite statement as PostgreSQL spells it: `?n` is `$n`, and no index is named."""
    return re.sub(r"\?(\d+)", r"$\1", sql).replace(" INDEXED BY tables_ai_turn", "")


def statements(dialect: Dialect) -> dict[str, str]:
    found: dict[str, str] = {}
    for name, value in vars(dialect).items():
        if name in OWN:
            continue
        if isinstance(value, str):
            found[name] = value
        elif isinstance(value, tuple):
            found.update({f"{name}[{n}]": sql for n, sql in enumerate(value)})
        elif isinstance(value, dict):
            found.update(
                {
                    f"{name}[{kind}][{n}]": sql
                    for kind, pair in value.items()
                    for n, sql in enumerate(pair)
                }
            )
    return found


def test_every_shared_statement_is_the_same_in_both_databases_but_for_its_parameters() -> None:
    sqlite, postgres = statements(SQLITE), statements(POSTGRES)
    assert sqlite.keys() == postgres.keys()
    assert len(sqlite) > 30
    for name, sql in sqlite.items():
        assert in_postgres_words(sql) == postgres[name], name


@pytest.mark.parametrize(
    ("filters", "index"),
    [
        ({"status": "active", "due_before": 5.0}, "tables_due"),
        ({"status": "active", "wake_before": 5.0}, "tables_wake"),
    ],
)
def test_only_sqlite_is_told_which_partial_index_a_clock_scan_reads(
    filters: Any, index: str
) -> None:
    sqlite, postgres = SQLITE.find(filters), POSTGRES.find(filters)
    assert sqlite is not None and postgres is not None
    assert f"FROM tables INDEXED BY {index} WHERE status = 'active'" in sqlite[0]
    assert "INDEXED BY" not in postgres[0] and "status = 'active'" in postgres[0]
    assert sqlite[1] == postgres[1] == [5.0]


def test_a_list_of_statuses_is_written_out_in_sqlite_and_one_array_in_postgresql() -> None:
    filters: Any = {"status": ("finished", "abandoned"), "guild_id": 7}
    sqlite, postgres = SQLITE.find(filters), POSTGRES.find(filters)
    assert sqlite == (
        f"SELECT {', '.join(TABLE_COLUMNS)} FROM tables "
        "WHERE status IN ('finished', 'abandoned') AND guild_id = ?1 ORDER BY created_at, id",
        [7],
    )
    assert postgres is not None
    assert "status = ANY($1::text[]) AND guild_id = $2" in postgres[0]
    assert postgres[1] == [["finished", "abandoned"], 7]


def test_no_status_at_all_can_match_nothing_in_either_database() -> None:
    assert SQLITE.find({"status": ()}) is None and POSTGRES.find({"status": ()}) is None

"""Take-backs and per-seat results on every `Store` backend: memory, SQLite and PostgreSQL.

`take_back` removes the log's last move and keeps an audit entry, in one transaction guarded by
the table's version; the per-seat results are written with the result, so `/game stats` and
`/game leaderboard` are index lookups (issue 12 §4 and §6).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from storage import ResultRecord, SeatRecord, SqliteStore, StaleActionError, Store
from storage.base import GameTally, LeaderRow, UndoRecord
from tests.storage.stored import a_table, an_action, older_database
from tests.storage.test_many_tables import before_many_tables


async def played(store: Store, moves: int, **fields: Any) -> Any:
    table = await store.create_table(a_table(**fields))
    for ply in range(1, moves + 1):
        table = await store.commit_action(
            table.model_copy(update={"ply": ply}), table.version, an_action(table, ply)
        )
    return table


def undo_of(table: Any, ply: int, seat: int = 0) -> UndoRecord:
    return UndoRecord(
        table_id=table.id,
        ply=ply,
        seat=seat,
        action={"type": "pass"},
        text="{s0} took back: pass",
        at=9.0,
    )


async def test_taking_back_the_last_move_removes_it_from_the_log_and_keeps_an_audit_entry(
    store: Store,
) -> None:
    table = await played(store, 3)
    back = await store.take_back(
        table.model_copy(update={"ply": 2, "state": {"heat": 6}}), table.version, undo_of(table, 3)
    )
    assert back.ply == 2 and back.version == table.version + 1 and back.state == {"heat": 6}
    assert [a.ply for a in await store.actions(table.id)] == [1, 2]
    assert await store.undos(table.id) == [undo_of(table, 3)]
    assert await store.get_table(table.id) == back


async def test_the_ply_taken_back_can_be_played_again_and_taken_back_again(store: Store) -> None:
    table = await played(store, 2)
    table = await store.take_back(
        table.model_copy(update={"ply": 1}), table.version, undo_of(table, 2)
    )
    table = await store.commit_action(
        table.model_copy(update={"ply": 2}), table.version, an_action(table, 2, seat=1)
    )
    assert [a.seat for a in await store.actions(table.id)] == [0, 1]
    table = await store.take_back(
        table.model_copy(update={"ply": 1}), table.version, undo_of(table, 2, seat=1)
    )
    assert [u.seat for u in await store.undos(table.id)] == [0, 1]


async def test_a_take_back_at_a_stale_version_changes_nothing(store: Store) -> None:
    table = await played(store, 2)
    with pytest.raises(StaleActionError):
        await store.take_back(
            table.model_copy(update={"ply": 1}), table.version - 1, undo_of(table, 2)
        )
    assert [a.ply for a in await store.actions(table.id)] == [1, 2]
    assert await store.undos(table.id) == []
    assert await store.get_table(table.id) == table


async def test_only_the_last_move_can_be_taken_back(store: Store) -> None:
    table = await played(store, 3)
    with pytest.raises(StaleActionError):  # ply 2 is not the last
        await store.take_back(table.model_copy(update={"ply": 1}), table.version, undo_of(table, 2))
    with pytest.raises(ValueError):  # the row would not go back to the ply before
        await store.take_back(table, table.version, undo_of(table, 3))
    assert [a.ply for a in await store.actions(table.id)] == [1, 2, 3]
    assert (await store.get_table(table.id)).version == table.version


async def test_a_take_back_for_another_table_is_refused(store: Store) -> None:
    table = await played(store, 1)
    other = await played(store, 1)
    with pytest.raises(ValueError):
        await store.take_back(table.model_copy(update={"ply": 0}), table.version, undo_of(other, 1))


# per-seat results ---------------------------------------------------------------------------------

THREE = (
    SeatRecord(name="Ana", user_id=100),
    SeatRecord(name="Bo", user_id=200),
    SeatRecord(name="AI 1 (random)", agent="random"),
)


async def finish(store: Store, game: str, winners: list[int], *, guild: int = 10) -> Any:
    table = await played(store, 1, game=game, seats=THREE, guild_id=guild)
    result = ResultRecord(
        table_id=table.id, game=game, outcome={"winners": winners, "reason": "x"}, finished_at=50.0
    )
    return await store.commit_action(
        table.model_copy(update={"ply": 2, "status": "finished"}),
        table.version,
        an_action(table, 2),
        result=result,
    )


async def test_a_finished_game_counts_a_win_or_a_loss_for_each_human_seat(store: Store) -> None:
    await finish(store, "winter", [0])
    await finish(store, "winter", [1, 2])
    await finish(store, "coldest_night", [0, 1, 2])  # a co-operative win counts for everyone
    await finish(store, "coldest_night", [])  # and a co-operative loss against everyone
    assert await store.player_stats(100) == [
        GameTally(game="coldest_night", won=1, lost=1),
        GameTally(game="winter", won=1, lost=1),
    ]
    assert await store.player_stats(200) == [
        GameTally(game="coldest_night", won=1, lost=1),
        GameTally(game="winter", won=1, lost=1),
    ]
    assert await store.player_stats(999) == []


async def test_abandoned_started_tables_count_as_abandoned_but_abandoned_lobbies_do_not(
    store: Store,
) -> None:
    await store.create_table(a_table(status="abandoned", seats=THREE))
    await store.create_table(a_table(status="abandoned", seats=THREE, state=None))
    await store.create_table(a_table(status="active", seats=THREE))
    assert await store.player_stats(200) == [GameTally(game="coldest_night", abandoned=1)]
    assert (await store.player_stats(200))[0].played == 1


async def test_stats_keep_to_one_server_when_asked(store: Store) -> None:
    await finish(store, "winter", [0], guild=10)
    await finish(store, "winter", [0], guild=11)
    assert await store.player_stats(100, guild_id=11) == [GameTally(game="winter", won=1)]
    assert await store.player_stats(100) == [GameTally(game="winter", won=2)]


async def test_the_leaderboard_orders_by_wins_then_fewer_games_and_keeps_to_the_server(
    store: Store,
) -> None:
    await finish(store, "winter", [1])
    await finish(store, "winter", [1])
    await finish(store, "coldest_night", [0, 1])
    await finish(store, "winter", [0], guild=99)
    assert await store.leaderboard(guild_id=10) == [
        LeaderRow(user_id=200, name="Bo", won=3, played=3),
        LeaderRow(user_id=100, name="Ana", won=1, played=3),
    ]
    assert await store.leaderboard(guild_id=10, game="coldest_night") == [
        LeaderRow(user_id=100, name="Ana", won=1, played=1),
        LeaderRow(user_id=200, name="Bo", won=1, played=1),
    ]
    assert await store.leaderboard(guild_id=10, limit=1) == [
        LeaderRow(user_id=200, name="Bo", won=3, played=3)
    ]
    assert await store.leaderboard(guild_id=12) == []


async def test_a_result_recorded_again_replaces_its_seat_rows(store: Store) -> None:
    table = await finish(store, "winter", [0])
    await store.record_result(
        ResultRecord(table_id=table.id, game="winter", outcome={"winners": [1]}, finished_at=60.0)
    )
    assert await store.player_stats(100) == [GameTally(game="winter", lost=1)]
    assert await store.player_stats(200) == [GameTally(game="winter", won=1)]


async def test_a_seat_an_ai_finished_still_counts_for_its_member_a_resignation_as_a_loss(
    store: Store,
) -> None:
    seats = (
        SeatRecord(name="Ana (AI)", agent="random", resigned=True, resigned_by=100),
        SeatRecord(name="Bo", agent="random", zombie_of=200),  # timed out; the AI won for them
        SeatRecord(name="Cy", user_id=300),
    )
    table = await played(store, 1, game="winter", seats=seats, guild_id=10)
    await store.commit_action(
        table.model_copy(update={"ply": 2, "status": "finished"}),
        table.version,
        an_action(table, 2),
        result=ResultRecord(
            table_id=table.id, game="winter", outcome={"winners": [0, 1]}, finished_at=50.0
        ),
    )
    assert await store.player_stats(100) == [GameTally(game="winter", lost=1)]
    assert await store.player_stats(200) == [GameTally(game="winter", won=1)]
    assert await store.player_stats(300) == [GameTally(game="winter", lost=1)]
    assert await store.leaderboard(guild_id=10) == [  # under their own names, not the AI's
        LeaderRow(user_id=200, name="Bo", won=1, played=1),
        LeaderRow(user_id=100, name="Ana", won=0, played=1),
        LeaderRow(user_id=300, name="Cy", won=0, played=1),
    ]


# SQLite: the migration backfills, and the queries use the indexes --------------------------------


async def test_the_migration_fills_the_seat_results_of_results_stored_before_it(
    tmp_path: Path,
) -> None:
    def before_history(db: sqlite3.Connection) -> None:  # what 0005 left
        before_many_tables(db)
        db.execute("DROP TABLE seat_results")
        db.execute("DROP TABLE undos")
        db.execute("PRAGMA user_version = 5")

    async def a_won_game(store: SqliteStore) -> Any:
        return await finish(store, "winter", [1])

    async with older_database(tmp_path / "old.db", a_won_game, before_history) as (again, table):
        assert again.applied_migrations == [6, 7, 8, 9, 10]
        assert await again.player_stats(200) == [GameTally(game="winter", won=1)]
        assert await again.player_stats(100) == [GameTally(game="winter", lost=1)]
        assert table.id

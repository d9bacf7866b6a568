"""An in-process `Store` for tests and the console: same semantics as `SqliteStore`, no disk.

Rows are kept in the same flat form SQLite holds (`storage.codec`: JSON as text), so callers get
back exactly what SQLite would give, and no caller can mutate stored data through a reference.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from storage import codec, history
from storage.base import (
    ActionRecord,
    ChallengeEntry,
    ChannelBusyError,
    GameTally,
    LeaderRow,
    PanelRecord,
    RatingRecord,
    RepeatedMoveError,
    ResultRecord,
    StaleActionError,
    StorageError,
    TableNotFoundError,
    TableRecord,
    TableStatus,
    UndoRecord,
    WatcherRecord,
)


class MemoryStore:
    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._tables: dict[int, dict[str, Any]] = {}
        self._seats: dict[int, frozenset[int]] = {}
        self._actions: dict[int, dict[int, dict[str, Any]]] = {}
        self._sources: dict[int, dict[int, int]] = {}  # table → source → ply
        self._panels: dict[tuple[int, int], dict[str, Any]] = {}
        self._results: dict[int, dict[str, Any]] = {}
        self._guilds: dict[int, str] = {}
        self._users: dict[int, str] = {}
        self._undos: dict[int, list[dict[str, Any]]] = {}
        self._seat_results: dict[tuple[int, int], dict[str, Any]] = {}
        self._watchers: dict[tuple[int, int], dict[str, Any]] = {}
        self._ratings: dict[tuple[int, str, int], dict[str, Any]] = {}
        self._rated: set[int] = set()  # tables whose result is in the ratings
        self._challenges: dict[int, dict[str, Any]] = {}
        self._next_id = 1
        self._connected = False

    async def connect(self) -> None:
        self._connected = True

    async def close(self) -> None:
        self._connected = False

    def _check_open(self) -> None:
        if not self._connected:
            raise StorageError("the store is not connected: await store.connect() first")

    def _row(self, table_id: int) -> dict[str, Any]:
        row = self._tables.get(table_id)
        if row is None:
            raise TableNotFoundError(f"no table with id {table_id}")
        return row

    # -- tables -----------------------------------------------------------------------------------

    async def create_table(
        self, table: TableRecord, *, channel_limit: int | None = None
    ) -> TableRecord:
        self._check_open()
        if channel_limit is not None and table.channel_id is not None:
            held = sum(
                1
                for row in self._tables.values()
                if row["channel_id"] == table.channel_id and codec.holds_channel(row)
            )
            if held >= channel_limit:
                raise ChannelBusyError(f"channel {table.channel_id} already holds {held} tables")
        now = self._clock()
        table_id = self._next_id
        record = table.model_copy(
            update={
                "id": table_id,
                "version": 1,
                "created_at": table.created_at or now,
                "updated_at": now,
            }
        )
        row = codec.table_row(record)  # raises here, before any change, if not JSON-able
        self._next_id += 1
        self._tables[table_id] = row
        self._seats[table_id] = codec.seat_users(record)
        self._actions[table_id] = {}
        return codec.table_from_row(row)

    async def get_table(self, table_id: int) -> TableRecord:
        self._check_open()
        return codec.table_from_row(self._row(table_id))

    def _next_row(self, table: TableRecord, expected_version: int) -> dict[str, Any]:
        current = self._row(table.id)
        if current["version"] != expected_version:
            raise StaleActionError(
                f"table {table.id} is at version {current['version']}, not {expected_version}"
            )
        record = table.model_copy(
            update={
                "version": expected_version + 1,
                "created_at": current["created_at"],
                "updated_at": self._clock(),
            }
        )
        return codec.table_row(record)

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        self._check_open()
        row = self._next_row(table, expected_version)
        self._tables[table.id] = row
        self._seats[table.id] = codec.seat_users(codec.table_from_row(row))
        return codec.table_from_row(row)

    async def commit_action(
        self,
        table: TableRecord,
        expected_version: int,
        action: ActionRecord,
        *,
        result: ResultRecord | None = None,
        source: int | None = None,
    ) -> TableRecord:
        self._check_open()
        codec.check_commit(table, action, result)
        row = self._next_row(table, expected_version)
        sources = self._sources.setdefault(table.id, {})
        if source is not None and source in sources:
            raise RepeatedMoveError(f"table {table.id} already has the move of {source}")
        action_row = codec.action_row(action)
        result_row = None if result is None else codec.result_row(result)  # may raise: no change
        previous = self._tables[table.id]
        self._tables[table.id] = row  # first write, like SQLite's UPDATE
        try:
            self._insert_action(table.id, action_row)  # second write
        except BaseException:
            self._tables[table.id] = previous  # the rollback
            raise
        if source is not None:
            sources[source] = action.ply  # cannot fail
        if result_row is not None:
            self._results[table.id] = result_row  # third write, cannot fail
            self._write_seat_results(table.id)
        self._seats[table.id] = codec.seat_users(table)
        stamped = table.model_copy(
            update={"version": row["version"], "updated_at": row["updated_at"]}
        )
        return codec.written(stamped, row, row["created_at"])

    async def open_places(self) -> list[tuple[int, int | None, int | None]]:
        self._check_open()
        return codec.open_places(self._tables.values())

    async def open_tables_at(self, place_id: int) -> list[int]:
        self._check_open()
        return sorted(
            table_id
            for table_id, row in self._tables.items()
            if place_id in (row["channel_id"], row["thread_id"])
            and row["status"] in ("lobby", "active")
        )

    async def agent_turns(
        self, *, after: int = 0, limit: int = 200
    ) -> list[tuple[int, int | None]]:
        self._check_open()
        found = sorted(
            (table_id, row["guild_id"])
            for table_id, row in self._tables.items()
            if row["ai_turn"] and row["status"] == "active" and table_id > after
        )
        return found[: max(limit, 0)]

    def _insert_action(self, table_id: int, row: dict[str, Any]) -> None:
        log = self._actions[table_id]
        if row["ply"] in log:
            raise StaleActionError(f"table {table_id} already has an action at ply {row['ply']}")
        log[row["ply"]] = row

    async def actions(self, table_id: int) -> list[ActionRecord]:
        self._check_open()
        log = self._actions.get(table_id, {})
        return [codec.action_from_row(log[ply]) for ply in sorted(log)]

    async def find_tables(
        self,
        *,
        status: TableStatus | tuple[TableStatus, ...] | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        guild_id: int | None = None,
        user_id: int | None = None,
        due_before: float | None = None,
        wake_before: float | None = None,
    ) -> list[TableRecord]:
        self._check_open()
        statuses = (status,) if isinstance(status, str) else status
        rows = [
            row
            for table_id, row in self._tables.items()
            if (statuses is None or row["status"] in statuses)
            and (channel_id is None or row["channel_id"] == channel_id)
            and (thread_id is None or row["thread_id"] == thread_id)
            and (guild_id is None or row["guild_id"] == guild_id)
            and (user_id is None or user_id in self._seats[table_id])
            and (
                due_before is None
                or (row["deadline"] is not None and row["deadline"] <= due_before)
            )
            and (
                wake_before is None
                or (row["wake_at"] is not None and row["wake_at"] <= wake_before)
            )
        ]
        rows.sort(key=lambda row: (row["created_at"], row["id"]))
        return [codec.table_from_row(row) for row in rows]

    # -- panels, results, guild settings ----------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        self._check_open()
        self._row(panel.table_id)
        self._panels[(panel.table_id, panel.seat)] = codec.panel_row(panel)

    async def panels(self, table_id: int) -> list[PanelRecord]:
        self._check_open()
        keys = sorted(key for key in self._panels if key[0] == table_id)
        return [codec.panel_from_row(self._panels[key]) for key in keys]

    async def record_result(self, result: ResultRecord) -> None:
        self._check_open()
        self._row(result.table_id)
        self._results[result.table_id] = codec.result_row(result)
        self._write_seat_results(result.table_id)

    async def results(self, *, game: str | None = None, limit: int = 50) -> list[ResultRecord]:
        self._check_open()
        rows = [row for row in self._results.values() if game is None or row["game"] == game]
        rows.sort(key=lambda row: (row["finished_at"], row["table_id"]), reverse=True)
        return [codec.result_from_row(row) for row in rows[: max(limit, 0)]]

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        self._check_open()
        raw = self._guilds.get(guild_id)
        settings: dict[str, Any] = json.loads(raw) if raw is not None else {}
        return settings

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        self._check_open()
        self._guilds[guild_id] = codec.dumps(settings)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        self._check_open()
        raw = self._users.get(user_id)
        settings: dict[str, Any] = json.loads(raw) if raw is not None else {}
        return settings

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        self._check_open()
        self._users[user_id] = codec.dumps(settings)

    # -- take-backs and stats (`storage.history`) -------------------------------------------------

    def _write_seat_results(self, table_id: int) -> None:
        for row in history.seat_result_rows(self._tables[table_id], self._results[table_id]):
            self._seat_results[(table_id, row["seat"])] = row

    async def take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        self._check_open()
        history.check_take_back(table, undo)
        row = self._next_row(table, expected_version)
        log = self._actions[table.id]
        if not log or max(log) != undo.ply:
            raise StaleActionError(f"ply {undo.ply} is not the last move of table {table.id}")
        undos = self._undos.setdefault(table.id, [])
        audit = history.undo_row(undo, len(undos) + 1)
        self._tables[table.id] = row
        del log[undo.ply]
        undos.append(audit)
        record = codec.table_from_row(row)
        self._seats[table.id] = codec.seat_users(record)
        return record

    async def undos(self, table_id: int) -> list[UndoRecord]:
        self._check_open()
        return [history.undo_from_row(row) for row in self._undos.get(table_id, [])]

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[GameTally]:
        self._check_open()
        counts: dict[str, dict[str, int]] = {}
        for row in self._seat_results.values():
            if row["user_id"] == user_id and (guild_id is None or row["guild_id"] == guild_id):
                tally = counts.setdefault(row["game"], {"won": 0, "lost": 0, "abandoned": 0})
                tally["won" if row["won"] else "lost"] += 1
        for table_id, row in self._tables.items():
            if (
                row["status"] == "abandoned"
                and row["state"] is not None
                and user_id in self._seats[table_id]
                and (guild_id is None or row["guild_id"] == guild_id)
            ):
                tally = counts.setdefault(row["game"], {"won": 0, "lost": 0, "abandoned": 0})
                tally["abandoned"] += 1
        return [GameTally(game=game, **counts[game]) for game in sorted(counts)]

    async def leaderboard(
        self, *, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        self._check_open()
        players: dict[int, list[Any]] = {}
        for row in self._seat_results.values():
            if row["guild_id"] == guild_id and (game is None or row["game"] == game):
                entry = players.setdefault(row["user_id"], ["", 0, 0])
                entry[0] = max(entry[0], row["name"])
                entry[1] += row["won"]
                entry[2] += 1
        rows = [
            LeaderRow(user_id=user, name=name, won=won, played=played)
            for user, (name, won, played) in players.items()
        ]
        return history.leader_order(rows)[: max(limit, 0)]

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def save_watcher(self, watcher: WatcherRecord) -> None:
        self._check_open()
        self._row(watcher.table_id)
        self._watchers[(watcher.table_id, watcher.user_id)] = codec.watcher_row(watcher)

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        self._check_open()
        return self._watchers.pop((table_id, user_id), None) is not None

    async def watchers(self, table_id: int) -> list[WatcherRecord]:
        self._check_open()
        rows = [row for key, row in self._watchers.items() if key[0] == table_id]
        rows.sort(key=codec.watcher_order)
        return [codec.watcher_from_row(row) for row in rows]

    async def ratings(self, guild_id: int, game: str) -> list[RatingRecord]:
        self._check_open()
        keys = sorted(key for key in self._ratings if key[0] == guild_id and key[1] == game)
        return [codec.rating_from_row(self._ratings[key]) for key in keys]

    async def member_ratings(self, user_id: int, guild_id: int) -> list[RatingRecord]:
        self._check_open()
        keys = sorted(key for key in self._ratings if key[0] == guild_id and key[2] == user_id)
        return [codec.rating_from_row(self._ratings[key]) for key in keys]

    async def apply_ratings(self, table_id: int, ratings: Sequence[RatingRecord]) -> bool:
        self._check_open()
        self._row(table_id)
        if table_id in self._rated:
            return False
        rows = [codec.rating_row(rating) for rating in ratings]  # may raise: no change
        for row in rows:
            self._ratings[(row["guild_id"], row["game"], row["user_id"])] = row
        self._rated.add(table_id)
        return True

    async def clear_ratings(self) -> None:
        self._check_open()
        self._ratings.clear()
        self._rated.clear()

    async def record_challenge(self, entry: ChallengeEntry) -> None:
        self._check_open()
        self._row(entry.table_id)
        self._challenges[entry.table_id] = codec.challenge_row(entry)

    async def challenge_entries(self, code: str, limit: int = 50) -> list[ChallengeEntry]:
        self._check_open()
        rows = [row for row in self._challenges.values() if row["code"] == code]
        rows.sort(key=codec.challenge_order)
        return [codec.challenge_from_row(row) for row in rows[: max(limit, 0)]]

"""An in-process `Store` for tests and the console: same semantics as `SqliteStore`, no disk.

Rows are kept in the same flat form SQLite holds (`storage.codec`: JSON as text), so callers get
back exactly what SQLite would give, and no caller can mutate stored data through a reference.
The records and checks are `BaseStore`'s; this driver only keeps the rows in dicts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from storage import codec, seat_results
from storage.base import (
    BaseStore,
    ChannelBusyError,
    MoveRows,
    PanelRecord,
    RepeatedMoveError,
    StaleActionError,
    TableFilters,
    TableRecord,
    UndoRecord,
    not_connected,
    not_found,
    stale,
)

Rows = list[dict[str, Any]]


class MemoryStore(BaseStore):
    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._tables: dict[int, dict[str, Any]] = {}
        self._seats: dict[int, frozenset[int]] = {}
        self._actions: dict[int, dict[int, dict[str, Any]]] = {}
        self._sources: dict[int, dict[int, int]] = {}  # table → source → ply
        self._panels: dict[tuple[int, int], dict[str, Any]] = {}
        self._results: dict[int, dict[str, Any]] = {}
        self._settings_text: dict[tuple[str, int], str] = {}  # (kind, owner) → JSON
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
            raise not_connected()

    def _row(self, table_id: int) -> dict[str, Any]:
        self._check_open()
        row = self._tables.get(table_id)
        if row is None:
            raise not_found(table_id)
        return row

    # -- tables -----------------------------------------------------------------------------------

    async def _insert_table(self, row: dict[str, Any], channel_limit: int | None) -> None:
        self._check_open()
        channel = row["channel_id"]
        if channel_limit is not None and channel is not None:
            held = sum(
                1
                for kept in self._tables.values()
                if kept["channel_id"] == channel and codec.holds_channel(kept)
            )
            if held >= channel_limit:
                raise ChannelBusyError(f"channel {channel} already holds {held} tables")
        row["id"] = table_id = self._next_id
        self._next_id += 1
        self._tables[table_id] = row
        self._seats[table_id] = codec.seat_users(codec.table_from_row(row))
        self._actions[table_id] = {}

    async def _table_row(self, table_id: int) -> dict[str, Any] | None:
        self._check_open()
        return self._tables.get(table_id)

    def _next_row(self, table: TableRecord, expected_version: int) -> dict[str, Any]:
        current = self._row(table.id)
        if current["version"] != expected_version:
            raise stale(table.id, current["version"], expected_version)
        return codec.table_row(
            self._stamped(table, expected_version, created_at=current["created_at"])
        )

    def _put(self, row: dict[str, Any]) -> TableRecord:
        self._tables[row["id"]] = row
        record = codec.table_from_row(row)
        self._seats[row["id"]] = codec.seat_users(record)
        return record

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        return self._put(self._next_row(table, expected_version))

    async def _commit(
        self, table: TableRecord, expected_version: int, move: MoveRows
    ) -> TableRecord:
        row = self._next_row(table, expected_version)
        source = move.source
        sources = self._sources.setdefault(table.id, {})
        if source is not None and source in sources:
            raise RepeatedMoveError(f"table {table.id} already has the move of {source}")
        previous = self._tables[table.id]
        self._tables[table.id] = row  # first write, like SQLite's UPDATE
        try:
            self._insert_action(table.id, move.action)  # second write
        except BaseException:
            self._tables[table.id] = previous  # the rollback
            raise
        if source is not None:
            sources[source] = move.ply  # cannot fail
        if move.result is not None:
            self._results[table.id] = move.result  # third write, cannot fail
            self._write_seat_results(table.id)
        self._seats[table.id] = codec.seat_users(table)
        stamped = table.model_copy(
            update={"version": row["version"], "updated_at": row["updated_at"]}
        )
        return codec.written(stamped, row, row["created_at"])

    def _insert_action(self, table_id: int, row: dict[str, Any]) -> None:
        log = self._actions[table_id]
        if row["ply"] in log:
            raise StaleActionError(f"table {table_id} already has an action at ply {row['ply']}")
        log[row["ply"]] = row

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

    async def _action_rows(self, table_id: int) -> Rows:
        self._check_open()
        log = self._actions.get(table_id, {})
        return [log[ply] for ply in sorted(log)]

    async def _find(self, filters: TableFilters) -> Rows:
        self._check_open()
        status = filters.get("status")
        statuses = (status,) if isinstance(status, str) else status
        user_id = filters.get("user_id")
        due, wake = filters.get("due_before"), filters.get("wake_before")
        places = [(c, filters.get(c)) for c in ("channel_id", "thread_id", "guild_id")]
        rows = [
            row
            for table_id, row in self._tables.items()
            if (statuses is None or row["status"] in statuses)
            and all(value is None or row[column] == value for column, value in places)
            and (user_id is None or user_id in self._seats[table_id])
            and (due is None or (row["deadline"] is not None and row["deadline"] <= due))
            and (wake is None or (row["wake_at"] is not None and row["wake_at"] <= wake))
        ]
        rows.sort(key=lambda row: (row["created_at"], row["id"]))
        return rows

    # -- panels, results, settings ----------------------------------------------------------------

    async def save_panel(self, panel: PanelRecord) -> None:
        self._row(panel.table_id)
        self._panels[(panel.table_id, panel.seat)] = codec.panel_row(panel)

    async def panels(self, table_id: int) -> list[PanelRecord]:
        self._check_open()
        keys = sorted(key for key in self._panels if key[0] == table_id)
        return [codec.panel_from_row(self._panels[key]) for key in keys]

    async def _save_result(self, row: dict[str, Any]) -> None:
        self._row(row["table_id"])
        self._results[row["table_id"]] = row
        self._write_seat_results(row["table_id"])

    async def _result_rows(self, game: str | None, limit: int) -> Rows:
        self._check_open()
        rows = [row for row in self._results.values() if game is None or row["game"] == game]
        rows.sort(key=lambda row: (row["finished_at"], row["table_id"]), reverse=True)
        return rows[: max(limit, 0)]

    async def _settings(self, kind: str, owner: int) -> str | None:
        self._check_open()
        return self._settings_text.get((kind, owner))

    async def _save_settings(self, kind: str, owner: int, text: str) -> None:
        self._check_open()
        self._settings_text[(kind, owner)] = text

    # -- take-backs and stats (`storage.seat_results`) --------------------------------------------

    def _write_seat_results(self, table_id: int) -> None:
        for row in seat_results.seat_result_rows(self._tables[table_id], self._results[table_id]):
            self._seat_results[(table_id, row["seat"])] = row

    async def _take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        row = self._next_row(table, expected_version)
        log = self._actions[table.id]
        if not log or max(log) != undo.ply:
            raise StaleActionError(f"ply {undo.ply} is not the last move of table {table.id}")
        undos = self._undos.setdefault(table.id, [])
        audit = codec.undo_row(undo, len(undos) + 1)
        del log[undo.ply]
        undos.append(audit)
        return self._put(row)

    async def _undo_rows(self, table_id: int) -> Rows:
        self._check_open()
        return list(self._undos.get(table_id, []))

    async def _tally_rows(self, user_id: int, guild_id: int | None) -> list[tuple[Any, ...]]:
        self._check_open()
        found: list[tuple[Any, ...]] = [
            (row["game"], row["won"], 1 - row["won"], 0)
            for row in self._seat_results.values()
            if row["user_id"] == user_id and (guild_id is None or row["guild_id"] == guild_id)
        ]
        found.extend(
            (row["game"], 0, 0, 1)
            for table_id, row in self._tables.items()
            if row["status"] == "abandoned"
            and row["state"] is not None
            and user_id in self._seats[table_id]
            and (guild_id is None or row["guild_id"] == guild_id)
        )
        return found

    async def _leader_rows(
        self, guild_id: int | None, game: str | None, limit: int
    ) -> list[tuple[int, str, int, int]]:
        self._check_open()
        players: dict[int, list[Any]] = {}
        for row in self._seat_results.values():
            if row["guild_id"] == guild_id and (game is None or row["game"] == game):
                entry = players.setdefault(row["user_id"], ["", 0, 0])
                entry[0] = max(entry[0], row["name"])
                entry[1] += row["won"]
                entry[2] += 1
        rows = [(user, name, won, played) for user, (name, won, played) in players.items()]
        return seat_results.leader_order(rows)[: max(limit, 0)]

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def _save_watcher(self, row: dict[str, Any]) -> None:
        self._row(row["table_id"])
        self._watchers[(row["table_id"], row["user_id"])] = row

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        self._check_open()
        return self._watchers.pop((table_id, user_id), None) is not None

    async def _watcher_rows(self, table_id: int) -> Rows:
        self._check_open()
        rows = [row for key, row in self._watchers.items() if key[0] == table_id]
        return sorted(rows, key=codec.watcher_order)

    async def _rating_rows(self, guild_id: int, game: str) -> Rows:
        self._check_open()
        keys = sorted(key for key in self._ratings if key[0] == guild_id and key[1] == game)
        return [self._ratings[key] for key in keys]

    async def _member_rating_rows(self, user_id: int, guild_id: int) -> Rows:
        self._check_open()
        keys = sorted(key for key in self._ratings if key[0] == guild_id and key[2] == user_id)
        return [self._ratings[key] for key in keys]

    async def _rate(self, table_id: int, rows: list[dict[str, Any]]) -> bool:
        self._row(table_id)
        if table_id in self._rated:
            return False
        for row in rows:
            self._ratings[(row["guild_id"], row["game"], row["user_id"])] = row
        self._rated.add(table_id)
        return True

    async def clear_ratings(self) -> None:
        self._check_open()
        self._ratings.clear()
        self._rated.clear()

    async def _save_challenge(self, row: dict[str, Any]) -> None:
        self._row(row["table_id"])
        self._challenges[row["table_id"]] = row

    async def _challenge_rows(self, code: str, limit: int) -> Rows:
        self._check_open()
        rows = [row for row in self._challenges.values() if row["code"] == code]
        return sorted(rows, key=codec.challenge_order)[:limit]

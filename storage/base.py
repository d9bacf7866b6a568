"""The shared half of every store (the driver pattern): `BaseStore` holds all that is not how a
store talks to its database — the records stamped (version, timestamps), the checks a write makes
before anything is written, and every record turned into a row and back (`storage.codec`). A
driver (`MemoryStore`; `SqlStore`'s `SqliteStore` and `PostgresStore`) gives it rows and takes
rows from it through the `_`-methods below, and writes a table row under its version guard.

This module also names the contract (`Store`, `storage.protocol`) and the records
(`storage.models`) for the code that imports them from here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict, TypeVar, Unpack

from storage import codec
from storage.codec import Row
from storage.models import AI_SUFFIX as AI_SUFFIX
from storage.models import (
    ActionRecord,
    ChallengeEntry,
    GameTally,
    LeaderRow,
    RatingRecord,
    ResultRecord,
    StaleActionError,
    StorageError,
    TableFilters,
    TableNotFoundError,
    TableRecord,
    UndoRecord,
    WatcherRecord,
)
from storage.models import ChannelBusyError as ChannelBusyError
from storage.models import PanelRecord as PanelRecord
from storage.models import RepeatedMoveError as RepeatedMoveError
from storage.models import SeatRecord as SeatRecord
from storage.models import TableStatus as TableStatus
from storage.protocol import Store
from storage.seat_results import tallies

__all__ = [
    "AI_SUFFIX",
    "ActionRecord",
    "BaseStore",
    "ChallengeEntry",
    "ChannelBusyError",
    "GameTally",
    "LeaderRow",
    "MoveRows",
    "PanelRecord",
    "RatingRecord",
    "RepeatedMoveError",
    "ResultRecord",
    "SeatRecord",
    "StaleActionError",
    "StorageError",
    "Store",
    "TableFilters",
    "TableNotFoundError",
    "TableRecord",
    "TableStatus",
    "UndoRecord",
    "WatcherRecord",
    "connected",
    "not_connected",
    "not_found",
    "stale",
]


def not_connected() -> StorageError:
    return StorageError("the store is not connected: await store.connect() first")


_Handle = TypeVar("_Handle")


def connected(handle: _Handle | None) -> _Handle:
    """A driver's connection or pool, once `connect` opened it: `not_connected` before."""
    if handle is None:
        raise not_connected()
    return handle


def not_found(table_id: int | None) -> TableNotFoundError:
    return TableNotFoundError(f"no table with id {table_id}")


def stale(table_id: int, current: int | None, expected: int) -> StorageError:
    """Why a write guarded by `expected` found no row: the table is gone, or at `current`."""
    if current is None:
        return not_found(table_id)
    return StaleActionError(f"table {table_id} is at version {current}, not {expected}")


class Ending(TypedDict, total=False):
    """`commit_action`'s keywords: the game's result if the move ended it, and the Discord
    interaction or message the move came from."""

    result: ResultRecord | None
    source: int | None


@dataclass(frozen=True)
class MoveRows:
    """A move as a driver writes it: the log entry's row, the result's row if the move ended the
    game, and its `source`."""

    action: dict[str, Any]
    result: dict[str, Any] | None = None
    source: int | None = None

    @property
    def ply(self) -> int:
        return int(self.action["ply"])


class BaseStore:
    """The `Store` calls that are the same for every database. A driver adds `connect`, `close`,
    `update_table`, `save_panel`, `panels`, `open_places`, `open_tables_at`, `agent_turns`,
    `remove_watcher`, `clear_ratings`, and the `_`-methods below (NotImplementedError here)."""

    _clock: Callable[[], float]

    # -- tables and moves -------------------------------------------------------------------------

    async def create_table(
        self, table: TableRecord, *, channel_limit: int | None = None
    ) -> TableRecord:
        now = self._clock()
        record = table.model_copy(
            update={"version": 1, "created_at": table.created_at or now, "updated_at": now}
        )
        row = codec.table_row(record)  # raises here, before any change, if not JSON-able
        del row["id"]
        await self._insert_table(row, channel_limit)
        return codec.table_from_row(row)

    async def get_table(self, table_id: int) -> TableRecord:
        row = await self._table_row(table_id)
        if row is None:
            raise not_found(table_id)
        return codec.table_from_row(row)

    def _stamped(self, table: TableRecord, expected_version: int, **more: Any) -> TableRecord:
        """`table` as a guarded write stores it: the next version, written now."""
        return table.model_copy(
            update={"version": expected_version + 1, "updated_at": self._clock(), **more}
        )

    async def commit_action(
        self, table: TableRecord, expected_version: int, action: ActionRecord, **end: Unpack[Ending]
    ) -> TableRecord:
        result = end.get("result")
        codec.check_commit(table, action, result)
        move = MoveRows(
            codec.action_row(action),
            None if result is None else codec.result_row(result),
            end.get("source"),
        )
        return await self._commit(table, expected_version, move)

    async def take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        codec.check_take_back(table, undo)
        return await self._take_back(table, expected_version, undo)

    async def actions(self, table_id: int) -> list[ActionRecord]:
        return [codec.action_from_row(row) for row in await self._action_rows(table_id)]

    async def find_tables(self, **filters: Unpack[TableFilters]) -> list[TableRecord]:
        return [codec.table_from_row(row) for row in await self._find(filters)]

    async def record_result(self, result: ResultRecord) -> None:
        await self._save_result(codec.result_row(result))

    async def results(self, *, game: str | None = None, limit: int = 50) -> list[ResultRecord]:
        return [codec.result_from_row(row) for row in await self._result_rows(game, limit)]

    # -- settings ---------------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self._read_settings("guild", guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        await self._save_settings("guild", guild_id, codec.dumps(settings))

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        return await self._read_settings("user", user_id)

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        await self._save_settings("user", user_id, codec.dumps(settings))

    async def _read_settings(self, kind: str, owner: int) -> dict[str, Any]:
        raw = await self._settings(kind, owner)
        settings: dict[str, Any] = json.loads(raw) if raw is not None else {}
        return settings

    # -- take-backs and stats ---------------------------------------------------------------------

    async def undos(self, table_id: int) -> list[UndoRecord]:
        return [codec.undo_from_row(row) for row in await self._undo_rows(table_id)]

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[GameTally]:
        return tallies(await self._tally_rows(user_id, guild_id))

    async def leaderboard(
        self, *, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        rows = await self._leader_rows(guild_id, game, limit)
        return [LeaderRow(user_id=r[0], name=r[1], won=r[2], played=r[3]) for r in rows]

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def save_watcher(self, watcher: WatcherRecord) -> None:
        await self._save_watcher(codec.watcher_row(watcher))

    async def watchers(self, table_id: int) -> list[WatcherRecord]:
        return [codec.watcher_from_row(row) for row in await self._watcher_rows(table_id)]

    async def ratings(self, guild_id: int, game: str) -> list[RatingRecord]:
        rows = await self._rating_rows(guild_id, game)
        return [codec.rating_from_row(row) for row in rows]

    async def member_ratings(self, user_id: int, guild_id: int) -> list[RatingRecord]:
        rows = await self._member_rating_rows(user_id, guild_id)
        return [codec.rating_from_row(row) for row in rows]

    async def apply_ratings(self, table_id: int, ratings: Sequence[RatingRecord]) -> bool:
        return await self._rate(table_id, [codec.rating_row(rating) for rating in ratings])

    async def record_challenge(self, entry: ChallengeEntry) -> None:
        await self._save_challenge(codec.challenge_row(entry))

    async def challenge_entries(self, code: str, limit: int = 50) -> list[ChallengeEntry]:
        rows = await self._challenge_rows(code, max(limit, 0))
        return [codec.challenge_from_row(row) for row in rows]

    # -- what a driver provides -------------------------------------------------------------------

    async def _insert_table(self, row: dict[str, Any], channel_limit: int | None) -> None:
        """Insert a new table's row (no `id` yet: set it in `row`), refusing with
        `ChannelBusyError` in the same transaction if its channel holds `channel_limit` tables."""
        raise NotImplementedError

    async def _table_row(self, table_id: int) -> Row | None:
        raise NotImplementedError

    async def _commit(
        self, table: TableRecord, expected_version: int, move: MoveRows
    ) -> TableRecord:
        """`commit_action` once checked and its rows made."""
        raise NotImplementedError

    async def _take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        """`take_back` once checked."""
        raise NotImplementedError

    async def _action_rows(self, table_id: int) -> Sequence[Row]:
        raise NotImplementedError

    async def _find(self, filters: TableFilters) -> Sequence[Row]:
        raise NotImplementedError

    async def _save_result(self, row: dict[str, Any]) -> None:
        """Insert or replace the result and the per-seat rows it makes, in one transaction."""
        raise NotImplementedError

    async def _result_rows(self, game: str | None, limit: int) -> Sequence[Row]:
        raise NotImplementedError

    async def _settings(self, kind: str, owner: int) -> str | None:
        """The JSON text of a guild's (`kind` "guild") or a member's ("user") settings."""
        raise NotImplementedError

    async def _save_settings(self, kind: str, owner: int, text: str) -> None:
        raise NotImplementedError

    async def _undo_rows(self, table_id: int) -> Sequence[Row]:
        raise NotImplementedError

    async def _tally_rows(self, user_id: int, guild_id: int | None) -> Sequence[Sequence[Any]]:
        """(game, won, lost, abandoned) rows, any number per game."""
        raise NotImplementedError

    async def _leader_rows(
        self, guild_id: int | None, game: str | None, limit: int
    ) -> Sequence[Sequence[Any]]:
        """(user id, name, wins, games) of the leaderboard's first `limit` players, in its order
        (most wins, then fewer games, then the lower user id)."""
        raise NotImplementedError

    async def _save_watcher(self, row: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _watcher_rows(self, table_id: int) -> Sequence[Row]:
        raise NotImplementedError

    async def _rating_rows(self, guild_id: int, game: str) -> Sequence[Row]:
        raise NotImplementedError

    async def _member_rating_rows(self, user_id: int, guild_id: int) -> Sequence[Row]:
        raise NotImplementedError

    async def _rate(self, table_id: int, rows: list[dict[str, Any]]) -> bool:
        """Mark the table rated and write `rows`, in one transaction; False, nothing written,
        if it was rated already."""
        raise NotImplementedError

    async def _save_challenge(self, row: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _challenge_rows(self, code: str, limit: int) -> Sequence[Row]:
        raise NotImplementedError

"""What SQLite and PostgreSQL do alike: every call that is one or a few shared statements
(`storage.sql`, in the store's `Dialect`), run through the driver's two hooks — `_fetch` (a read)
and `_execute` (statements in one transaction). A driver adds the table row's writes (each has
its own fast path for a move), the panels, and how it connects.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.base import BaseStore, MoveRows, TableFilters
from storage.codec import (
    ACTION_COLUMNS,
    CHALLENGE_COLUMNS,
    RATING_COLUMNS,
    RESULT_COLUMNS,
    WATCHER_COLUMNS,
)
from storage.sql import Dialect


@dataclass(frozen=True)
class Step:
    """One statement of a transaction: run once with `values`, or once per entry of `many`.
    `needed`: if it gives no row back, the transaction stops there (`_execute` gives None)."""

    sql: str
    values: Sequence[Any] = ()
    many: Sequence[Sequence[Any]] | None = None
    needed: bool = False


def values(row: dict[str, Any], columns: Sequence[str]) -> list[Any]:
    """A row's values in a statement's column order."""
    return [row[name] for name in columns]


def move_steps(sql: Dialect, table_id: int, move: MoveRows) -> list[Step]:
    """A move's statements after the guarded UPDATE: its log entry, where it came from (if
    known), and the result with its per-seat rows if the move ended the game."""
    steps = [Step(sql.insert_action, values(move.action, ACTION_COLUMNS))]
    if move.source is not None:
        steps.append(Step(sql.insert_source, (table_id, move.source, move.ply)))
    if move.result is not None:
        steps.append(Step(sql.save_result, values(move.result, RESULT_COLUMNS)))
        steps.append(Step(sql.seat_results, (table_id,)))
    return steps


class SqlStore(BaseStore):
    sql: Dialect

    # -- the driver's hooks -----------------------------------------------------------------------

    async def _fetch(
        self, sql: str, params: Sequence[Any], *, quick: bool = False, rare: bool = False
    ) -> Sequence[Any]:
        """The rows of one read. `quick`: a few index entries (SQLite may run it on the event
        loop's own connection); `rare`: not on a move's way (SQLite's other connection)."""
        raise NotImplementedError

    async def _execute(
        self, steps: Sequence[Step], *, table_id: int | None = None, quick: bool = False
    ) -> list[Sequence[Any]] | None:
        """Run `steps` in one transaction and give each one's rows back; a row naming a missing
        table (`table_id`) is `TableNotFoundError`, any other refusal a `StorageError`."""
        raise NotImplementedError

    # -- tables -----------------------------------------------------------------------------------

    async def _action_rows(self, table_id: int) -> Sequence[Any]:
        return await self._fetch(self.sql.select_actions, (table_id,))

    async def _find(self, filters: TableFilters) -> Sequence[Any]:
        found = self.sql.find(filters)
        return [] if found is None else await self._fetch(*found)

    async def open_places(self) -> list[tuple[int, int | None, int | None]]:
        """(table id, channel id, thread id) of every lobby and active table: the service's
        channel index, without decoding any state."""
        rows = await self._fetch(self.sql.open_places, ())
        return [(row[0], row[1], row[2]) for row in rows]

    async def open_tables_at(self, place_id: int) -> list[int]:
        """The open-table indexes of channels and threads (`Dialect.open_at`): a few entries."""
        rows = await self._fetch(self.sql.open_at, (place_id,), quick=True)
        return [int(row[0]) for row in rows]

    async def agent_turns(
        self, *, after: int = 0, limit: int = 200
    ) -> list[tuple[int, int | None]]:
        rows = await self._fetch(self.sql.agent_turns, (after, max(limit, 0)))
        return [(row[0], row[1]) for row in rows]

    # -- results and settings ---------------------------------------------------------------------

    async def _save_result(self, row: dict[str, Any]) -> None:
        table_id = row["table_id"]
        await self._execute(
            [
                Step(self.sql.save_result, values(row, RESULT_COLUMNS)),
                Step(self.sql.seat_results, (table_id,)),
            ],
            table_id=table_id,
        )

    async def _result_rows(self, game: str | None, limit: int) -> Sequence[Any]:
        return await self._fetch(*self.sql.results(game, limit), rare=True)

    async def _settings(self, kind: str, owner: int) -> str | None:
        rows = await self._fetch(self.sql.settings[kind][0], (owner,), rare=True)
        return None if not rows else str(rows[0][0])

    async def _save_settings(self, kind: str, owner: int, text: str) -> None:
        await self._execute([Step(self.sql.settings[kind][1], (owner, text))])

    # -- take-backs and stats ---------------------------------------------------------------------

    async def _undo_rows(self, table_id: int) -> Sequence[Any]:
        return await self._fetch(self.sql.select_undos, (table_id,), rare=True)

    async def _tally_rows(self, user_id: int, guild_id: int | None) -> Sequence[Any]:
        return await self._fetch(*self.sql.stats(user_id, guild_id), rare=True)

    async def _leader_rows(
        self, guild_id: int | None, game: str | None, limit: int
    ) -> Sequence[Any]:
        return await self._fetch(*self.sql.leaderboard(guild_id, game, limit), rare=True)

    # -- spectators, ratings, challenges ----------------------------------------------------------

    async def _save_watcher(self, row: dict[str, Any]) -> None:
        step = Step(self.sql.save_watcher, values(row, WATCHER_COLUMNS))
        await self._execute([step], table_id=row["table_id"], quick=True)

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        found = await self._execute(
            [Step(self.sql.remove_watcher, (table_id, user_id))], quick=True
        )
        return bool(found and found[0])

    async def _watcher_rows(self, table_id: int) -> Sequence[Any]:
        return await self._fetch(self.sql.watchers, (table_id,), quick=True)

    async def _rating_rows(self, guild_id: int, game: str) -> Sequence[Any]:
        return await self._fetch(self.sql.ratings, (guild_id, game))

    async def _member_rating_rows(self, user_id: int, guild_id: int) -> Sequence[Any]:
        return await self._fetch(self.sql.member_ratings, (user_id, guild_id))

    async def _rate(self, table_id: int, rows: list[dict[str, Any]]) -> bool:
        found = await self._execute(
            [
                Step(self.sql.rate_table, (table_id,), needed=True),
                Step(self.sql.save_rating, many=[values(row, RATING_COLUMNS) for row in rows]),
            ],
            table_id=table_id,
        )
        return found is not None

    async def clear_ratings(self) -> None:
        await self._execute([Step(sql) for sql in self.sql.clear_ratings])

    async def _save_challenge(self, row: dict[str, Any]) -> None:
        step = Step(self.sql.save_challenge, values(row, CHALLENGE_COLUMNS))
        await self._execute([step], table_id=row["table_id"])

    async def _challenge_rows(self, code: str, limit: int) -> Sequence[Any]:
        return await self._fetch(self.sql.challenge_entries, (code, limit))

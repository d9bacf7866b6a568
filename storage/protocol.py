"""The persistence contract every store keeps (`storage.base.BaseStore` is the shared half of the
three that ship)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from storage.models import (
    ActionRecord,
    ChallengeEntry,
    GameTally,
    LeaderRow,
    PanelRecord,
    RatingRecord,
    ResultRecord,
    TableRecord,
    TableStatus,
    UndoRecord,
    WatcherRecord,
)


class Store(Protocol):
    async def connect(self) -> None: ...
    async def close(self) -> None: ...

    async def create_table(
        self, table: TableRecord, *, channel_limit: int | None = None
    ) -> TableRecord:
        """Insert a new table (id and version assigned: version 1; created_at kept if set).

        `channel_limit`: refuse with `ChannelBusyError` if `table.channel_id` already holds that
        many tables still open there (a lobby, or a game played in the channel itself rather than
        a thread), checked in the same transaction as the insert."""
        ...

    async def get_table(self, table_id: int) -> TableRecord:
        """Raise TableNotFoundError if absent."""
        ...

    async def update_table(self, table: TableRecord, expected_version: int) -> TableRecord:
        """Replace the row if it is still at `expected_version`; returns it at version+1.

        `created_at` never changes; `updated_at` is set by the store. Stale → StaleActionError.
        """
        ...

    async def commit_action(
        self,
        table: TableRecord,
        expected_version: int,
        action: ActionRecord,
        *,
        result: ResultRecord | None = None,
        source: int | None = None,
    ) -> TableRecord:
        """In one transaction: update the row (version check), append the action (ply check) and,
        for a game's last move, write its `result` — a crash leaves all of them or none.

        `source`: the Discord interaction or message id the move was made by, kept with the move
        (and after it is taken back); a second move of the same table from the same source is
        `RepeatedMoveError`, nothing written. The version is checked first."""
        ...

    async def actions(self, table_id: int) -> list[ActionRecord]:
        """The action log in ply order."""
        ...

    async def open_places(self) -> list[tuple[int, int | None, int | None]]:
        """(table id, channel id, thread id) of every lobby and active table, states unread:
        what the service's channel index is loaded from."""
        ...

    async def open_tables_at(self, place_id: int) -> list[int]:
        """Ids of the lobbies and running tables in this channel or thread, by id: two lookups of
        partial indexes of open tables (the service's channel index asks on a miss instead of
        loading every place), whatever number of tables ended there."""
        ...

    async def agent_turns(
        self, *, after: int = 0, limit: int = 200
    ) -> list[tuple[int, int | None]]:
        """(table id, guild id) of running tables flagged `ai_turn`, by id, ids above `after`, at
        most `limit`: a page of an index of those rows only, whatever the number of tables."""
        ...

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
        """Tables matching every given filter, oldest first.

        `user_id`: the user holds a seat; `due_before`: the table's deadline has passed by then;
        `wake_before`: its pace clock (`wake_at`) needs attention by then.
        """
        ...

    async def save_panel(self, panel: PanelRecord) -> None:
        """Insert or replace the panel of (table_id, seat); TableNotFoundError for no table."""
        ...

    async def panels(self, table_id: int) -> list[PanelRecord]:
        """The table's panels in seat order."""
        ...

    async def record_result(self, result: ResultRecord) -> None:
        """Insert or replace the table's result (one per table; a retry is harmless)."""
        ...

    async def results(self, *, game: str | None = None, limit: int = 50) -> list[ResultRecord]:
        """The most recent results first (by finished_at), at most `limit`."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The guild's settings, {} if none were ever saved."""
        ...

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        """Replace the guild's settings whole (no merge)."""
        ...

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        """A member's own settings (`/me`), {} if none were ever saved."""
        ...

    async def set_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        """Replace the member's settings whole (no merge)."""
        ...

    # take-backs and stats (`/game undo`, `/game stats`, `/game leaderboard`) ----------------------

    async def take_back(
        self, table: TableRecord, expected_version: int, undo: UndoRecord
    ) -> TableRecord:
        """In one transaction: update the row (version check), delete the action at `undo.ply`,
        which must be the log's last and the row's new ply + 1 (else `StaleActionError`), and
        append the audit entry. ValueError if `undo` is for another table."""
        ...

    async def undos(self, table_id: int) -> list[UndoRecord]:
        """The table's take-backs, oldest first."""
        ...

    async def player_stats(self, user_id: int, *, guild_id: int | None = None) -> list[GameTally]:
        """The user's finished (per seat result) and abandoned (started, then closed) games per
        game, sorted by game key; `guild_id` keeps to one server's tables, None counts all."""
        ...

    async def leaderboard(
        self, *, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[LeaderRow]:
        """The players with the most wins at the server's finished games (`game`: one game
        only): most wins first, then fewer games played, then the lower user id."""
        ...

    # spectators (`/game watch`) -------------------------------------------------------------------

    async def save_watcher(self, watcher: WatcherRecord) -> None:
        """Insert or replace the watcher of (table_id, user_id); TableNotFoundError for no
        table. A replaced watcher keeps the `since` it is given."""
        ...

    async def remove_watcher(self, table_id: int, user_id: int) -> bool:
        """Forget a spectator; True if one was removed."""
        ...

    async def watchers(self, table_id: int) -> list[WatcherRecord]:
        """The table's spectators by `since`, then user id."""
        ...

    # ratings (`/game leaderboard`, `/game stats`) -------------------------------------------------

    async def ratings(self, guild_id: int, game: str) -> list[RatingRecord]:
        """One game's ratings at a server (`guild_id` 0: outside any), by user id."""
        ...

    async def member_ratings(self, user_id: int, guild_id: int) -> list[RatingRecord]:
        """A member's ratings at a server, one per game, by game key."""
        ...

    async def apply_ratings(self, table_id: int, ratings: Sequence[RatingRecord]) -> bool:
        """In one transaction: insert or replace `ratings` on (guild_id, game, user_id) and mark
        the table rated. A table already rated changes nothing and gives False (a finished table
        is rated at most once); TableNotFoundError for no table."""
        ...

    async def clear_ratings(self) -> None:
        """Forget every rating and every table's rated mark (`ratings --recompute`)."""
        ...

    # seeded challenges (`/game challenge`) --------------------------------------------------------

    async def record_challenge(self, entry: ChallengeEntry) -> None:
        """Insert or replace the entry of `entry.table_id`; TableNotFoundError for no table."""
        ...

    async def challenge_entries(self, code: str, limit: int = 50) -> list[ChallengeEntry]:
        """A challenge's entries best first: won, then the higher score, then the earlier
        finish (then the lower table id), at most `limit`."""
        ...

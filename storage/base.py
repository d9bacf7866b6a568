"""The persistence contract. Storage keeps JSON blobs and ids; it knows nothing of the rules.

Every change to a table row is guarded by its `version`: a writer states the version it read, and a
mismatch raises `StaleActionError` instead of overwriting somebody else's move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

TableStatus = Literal["lobby", "active", "finished", "abandoned"]


class StorageError(Exception):
    pass


class StaleActionError(StorageError):
    """The table changed since it was read (another move, another process)."""


class RepeatedMoveError(StorageError):
    """`commit_action(source=…)`: a move from this interaction or message is already stored (Discord
    delivered it again); nothing was written."""


class TableNotFoundError(StorageError):
    pass


class ChannelBusyError(StorageError):
    """`create_table(channel_limit=…)`: the channel already holds that many open tables.

    Checked inside the insert's transaction, so two processes opening a lobby in one channel at
    the same moment cannot both pass the check."""


AI_SUFFIX = " (AI)"  # added to the name of a seat an AI took over when its player resigned


class SeatRecord(BaseModel):
    """Who sits in a seat: a Discord user (or a console player), or an AI agent."""

    model_config = ConfigDict(frozen=True)

    name: str
    user_id: int | None = None  # None for AI seats
    agent: str | None = None  # agent name for AI seats ("random", "heuristic")
    resigned: bool = False
    # The member who resigned this seat, which an AI plays since: the game counts as lost for them.
    resigned_by: int | None = None
    # The player whose seat an AI took after 3 missed deadlines; only they can `/game rejoin`.
    zombie_of: int | None = None
    # Someone else played this seat earlier in the game (a substitute took it over, or its player
    # came back after an AI played it): the game is unrated (`bot.ratings`).
    handed_over: bool = False

    @property
    def result_owner(self) -> int | None:
        """The member a finished game's result of this seat belongs to in `/game stats`: who sits
        there, else who resigned it, else who timed out of it (an AI finished the game for them)."""
        if self.user_id is not None:
            return self.user_id
        return self.resigned_by if self.resigned_by is not None else self.zombie_of


class TableRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int = 0  # 0 until created
    game: str
    status: TableStatus = "lobby"
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    lobby_message_id: int | None = None
    board_message_id: int | None = None
    host_id: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: tuple[SeatRecord, ...] = ()
    seed: str = ""
    version: int = 0
    ply: int = 0  # number of actions in the log
    state: dict[str, Any] | None = None  # the game state as JSON, None in the lobby
    created_at: float = 0.0
    updated_at: float = 0.0
    deadline: float | None = None
    pace: int | None = None  # seconds a paced table gives each move; None: live, no clock
    clocks: dict[str, Any] = Field(default_factory=dict)  # per-seat deadlines (`bot.pace`)
    wake_at: float | None = None  # the earliest deadline or reminder in `clocks`
    # The running game waits only for AI seats: set by the service with every write of the row
    # (a move's in its own transaction), so start-up and the clock find such tables by an index
    # instead of decoding every running table (`Store.agent_turns`).
    ai_turn: bool = False
    # The seeded challenge this table plays (its code, e.g. "coldest_night-2026-11-29"), else None.
    challenge: str | None = None
    # Whether players may ask the expert for a private suggestion (`/game suggest`): the host's
    # `suggestions=on|off` at `/game new`; None leaves it to the game (on when co-operative).
    suggestions: bool | None = None


class ActionRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    table_id: int
    ply: int  # 1-based, consecutive per table
    seat: int
    action: dict[str, Any]
    at: float
    # The move's event lines as the game wrote them (`{"text", "visible_to"}`, seat placeholders
    # unformatted), so the log is read instead of replayed; None for moves stored before this.
    events: tuple[dict[str, Any], ...] | None = None


class PanelRecord(BaseModel):
    """Where one seat's private panel (a DM message) lives, and a digest of what it shows."""

    model_config = ConfigDict(frozen=True)

    table_id: int
    seat: int
    user_id: int
    channel_id: int | None = None
    message_id: int | None = None
    digest: str = ""
    dm_closed: bool = False


class WatcherRecord(BaseModel):
    """A spectator of a table, and where their spectator panel (a DM message) lives."""

    model_config = ConfigDict(frozen=True)

    table_id: int
    user_id: int
    name: str = ""
    seat: int | None = None  # the seat they held before resigning / being exiled, else None
    channel_id: int | None = None  # their spectator panel (a DM), once sent
    message_id: int | None = None
    digest: str = ""  # what the panel last showed
    dm_closed: bool = False
    since: float = 0.0


class RatingRecord(BaseModel):
    """The OpenSkill rating of one member at one game at one server (`guild_id` 0 outside a
    server: the terminal, DMs), or, for a co-operative game (no rating: `mu` and `sigma` 0), the
    member's games, wins and runs of wins there."""

    model_config = ConfigDict(frozen=True)

    guild_id: int
    game: str
    user_id: int
    name: str = ""
    mu: float
    sigma: float
    rated: int = 0  # rated games played
    trend: tuple[float, ...] = ()  # the conservative estimate after each of the last rated games
    wins: int = 0  # co-operative games: games won,
    streak: int = 0  # the current run of won games,
    best_streak: int = 0  # and the longest
    updated_at: float = 0.0


class ChallengeEntry(BaseModel):
    """One group's result at a seeded challenge (one per table)."""

    model_config = ConfigDict(frozen=True)

    code: str  # e.g. "coldest_night-2026-11-29"
    game: str
    table_id: int
    guild_id: int | None = None
    names: tuple[str, ...] = ()  # the players, in seat order
    players: int = 0
    won: bool = False
    score: float = 0.0  # higher is better, for sorting
    score_text: str = ""  # "survived 6 nights"
    assisted: bool = False
    finished_at: float = 0.0


class ResultRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    table_id: int
    game: str
    outcome: dict[str, Any]
    finished_at: float


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


class UndoRecord(BaseModel):
    """A move taken back (`/game undo`): the audit entry `/game log` shows.

    `ply` is the ply that was taken back (its action row is gone from the log); `text` is the
    log line with seat placeholders (`{s0} took back: …`), as events are stored."""

    model_config = ConfigDict(frozen=True)

    table_id: int
    ply: int
    seat: int
    action: dict[str, Any]
    text: str
    at: float


class GameTally(BaseModel):
    """One player's finished games of one game: `/game stats`."""

    model_config = ConfigDict(frozen=True)

    game: str
    won: int = 0
    lost: int = 0
    abandoned: int = 0

    @property
    def played(self) -> int:
        """Every started game that ended: won, lost or abandoned."""
        return self.won + self.lost + self.abandoned


class LeaderRow(BaseModel):
    """One line of `/game leaderboard`: a player's wins among the finished games counted."""

    model_config = ConfigDict(frozen=True)

    user_id: int
    name: str
    won: int
    played: int

"""The records every store keeps, and the errors it raises. Storage keeps JSON blobs and ids; it
knows nothing of the rules.

Every change to a table row is guarded by its `version`: a writer states the version it read, and a
mismatch raises `StaleActionError` instead of overwriting somebody else's move.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from pydantic import BaseModel, ConfigDict, Field

TableStatus = Literal["lobby", "active", "finished", "abandoned"]


class TableFilters(TypedDict, total=False):
    """`Store.find_tables`' filters (each optional; None is no filter)."""

    status: TableStatus | tuple[TableStatus, ...] | None
    channel_id: int | None
    thread_id: int | None
    guild_id: int | None
    user_id: int | None
    due_before: float | None
    wake_before: float | None


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
    # The running game waits for an AI seat: set by the service with every write of the row
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
    # The move's event lines as the game wrote them (`{"text", "visible_to"}`, and `"heading":
    # true` on a line that opens a thread line; seat placeholders unformatted), so the log is
    # read instead of replayed; None for moves stored before this.
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


class UndoRecord(BaseModel):
    """A move taken back (`/game undo`): the audit entry `/game log` shows.

    `ply` is the ply that was taken back (its action row is gone from the log); `text` is the
    log line with seat placeholders (`{s0} takes back their move: …`), as events are stored."""

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

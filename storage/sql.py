"""The SQL both databases run, written once; a `Dialect` spells the few things they say apart.

- Parameters: SQLite's are numbered `?1, ?2…` (so one value may stand twice, as PostgreSQL's
  `$1` may), PostgreSQL's `$1, $2…`; values are always passed in that order.
- An upsert is `INSERT … ON CONFLICT (key) DO UPDATE SET c = excluded.c` and rows come back with
  `RETURNING` in both.
- SQLite is told which partial index a scan reads (`INDEXED BY`: without `ANALYZE` its planner
  would take the equality on `status` and visit every running table) and the join order of the
  stats query (`CROSS JOIN`); known statuses are written into its statements. PostgreSQL plans
  from its own statistics; a list of statuses is one array parameter, except the clock's scans
  and the open tables, written out so the planner can match the partial indexes.
- The per-seat results are built with each database's own JSON functions (`storage.seat_results`).

What stays in a driver is only how it talks to its database, and each one's fast path for a
move: SQLite sets only the columns that changed, PostgreSQL makes a move one statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from storage import codec, seat_results
from storage.models import TableFilters

STATUSES = frozenset({"lobby", "active", "finished", "abandoned"})
FIXED = frozenset({"id", "created_at"})  # never changed by an UPDATE
CHANGED = tuple(name for name in codec.TABLE_COLUMNS if name not in FIXED)
NEW_TABLE = tuple(name for name in codec.TABLE_COLUMNS if name != "id")  # the INSERT's columns
# The tables `create_table(channel_limit=…)` counts: a lobby, or a game played in the channel
# itself (a game in its own thread leaves the channel free for the next lobby); `holds_channel`
# in `storage.codec` is the same for a row in memory.
CHANNEL_OPEN = "status = 'lobby' OR (status = 'active' AND thread_id IS NULL)"
# Everything `import_rows` copies, in foreign-key order, with the order rows are read in.
COPIED: dict[str, str] = {
    "tables": "id",
    "actions": "table_id, ply",
    "private_panels": "table_id, seat",
    "results": "table_id",
    "guild_settings": "guild_id",
    "user_settings": "user_id",
    "undos": "table_id, seq",
    "seat_results": "table_id, seat",
    "move_sources": "table_id, source",
    "watchers": "table_id, user_id",
    "ratings": "guild_id, game, user_id",
    "rated_tables": "table_id",
    "challenge_entries": "table_id",
}
SETTINGS = {"guild": ("guild_settings", "guild_id"), "user": ("user_settings", "user_id")}


def _list(columns: Sequence[str]) -> str:
    return ", ".join(columns)


class Params:
    """The values of one statement being built: each added value gives its placeholder."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.values: list[Any] = []

    def __call__(self, value: Any) -> str:
        self.values.append(value)
        return self.dialect.param(len(self.values))


class Dialect:
    """One database's spelling of every shared statement (made once per database, below)."""

    def __init__(self, name: Literal["sqlite", "postgresql"]) -> None:
        self.name = name
        sqlite = name == "sqlite"
        p = self.param
        self.fixed_join = "CROSS JOIN" if sqlite else "JOIN"  # SQLite: keep the order written
        self.insert_table = (
            f"INSERT INTO tables ({_list(NEW_TABLE)}) VALUES ({self.params(len(NEW_TABLE))}) "
            "RETURNING id"
        )
        self.channel_held = (
            f"SELECT count(*) FROM tables WHERE channel_id = {p(1)} AND ({CHANNEL_OPEN})"
        )
        self.select_table = f"SELECT {_list(codec.TABLE_COLUMNS)} FROM tables WHERE id = {p(1)}"
        self.select_version = f"SELECT version FROM tables WHERE id = {p(1)}"
        # The guarded write of a whole row: every changeable column, if the row is still at the
        # version the writer read; values: `CHANGED`, then the id and that version.
        self.update_table = (
            "UPDATE tables SET "
            + ", ".join(f"{name} = {p(n)}" for n, name in enumerate(CHANGED, start=1))
            + f" WHERE id = {p(len(CHANGED) + 1)} AND version = {p(len(CHANGED) + 2)}"
            + " RETURNING created_at"
        )
        self.insert_action = self.insert("actions", codec.ACTION_COLUMNS)
        self.insert_source = self.insert("move_sources", ("table_id", "source", "ply"))
        self.select_actions = (
            f"SELECT {_list(codec.ACTION_COLUMNS)} FROM actions "
            f"WHERE table_id = {p(1)} ORDER BY ply"
        )
        self.select_panels = (
            f"SELECT {_list(codec.PANEL_COLUMNS)} FROM private_panels "
            f"WHERE table_id = {p(1)} ORDER BY seat"
        )
        self.open_places = (
            "SELECT id, channel_id, thread_id FROM tables WHERE status IN ('lobby', 'active')"
        )
        # The channel index's lookup of one channel or thread (`open_tables_at`): the partial
        # indexes of open tables by channel and by thread, whatever number of tables ended there.
        open_ = "status IN ('lobby', 'active')"
        self.open_at = (
            f"SELECT id FROM tables WHERE channel_id = {p(1)} AND {open_} "
            f"UNION SELECT id FROM tables WHERE thread_id = {p(1)} AND {open_} ORDER BY id"
        )
        # Running tables that wait for an AI seat, a page at a time, from their partial index.
        self.agent_turns = (
            f"SELECT id, guild_id FROM {self.indexed('tables_ai_turn')} "
            f"WHERE ai_turn = 1 AND status = 'active' AND id > {p(1)} ORDER BY id LIMIT {p(2)}"
        )
        self.save_panel = self.upsert("private_panels", codec.PANEL_COLUMNS, ("table_id", "seat"))
        self.save_result = self.upsert("results", codec.RESULT_COLUMNS, ("table_id",))
        self.seat_results = (
            seat_results.SQLITE_SEAT_RESULTS if sqlite else seat_results.POSTGRES_SEAT_RESULTS
        )
        self.settings = {
            kind: (
                f"SELECT settings FROM {table} WHERE {key} = {p(1)}",
                self.upsert(table, (key, "settings"), (key,)),
            )
            for kind, (table, key) in SETTINGS.items()
        }
        # take-backs
        self.last_ply = f"SELECT max(ply) FROM actions WHERE table_id = {p(1)}"
        self.delete_action = f"DELETE FROM actions WHERE table_id = {p(1)} AND ply = {p(2)}"
        self.next_undo = f"SELECT coalesce(max(seq), 0) + 1 FROM undos WHERE table_id = {p(1)}"
        self.insert_undo = self.insert("undos", codec.UNDO_COLUMNS)
        self.select_undos = (
            f"SELECT {_list(codec.UNDO_COLUMNS)} FROM undos WHERE table_id = {p(1)} ORDER BY seq"
        )
        # spectators, ratings, challenges (the orders are the memory store's sort keys, `codec`)
        self.save_watcher = self.upsert("watchers", codec.WATCHER_COLUMNS, ("table_id", "user_id"))
        self.remove_watcher = (
            f"DELETE FROM watchers WHERE table_id = {p(1)} AND user_id = {p(2)} RETURNING 1"
        )
        self.watchers = (
            f"SELECT {_list(codec.WATCHER_COLUMNS)} FROM watchers WHERE table_id = {p(1)} "
            "ORDER BY since, user_id"
        )
        self.save_rating = self.upsert(
            "ratings", codec.RATING_COLUMNS, ("guild_id", "game", "user_id")
        )
        self.ratings = (
            f"SELECT {_list(codec.RATING_COLUMNS)} FROM ratings "
            f"WHERE guild_id = {p(1)} AND game = {p(2)} ORDER BY user_id"
        )
        self.member_ratings = (
            f"SELECT {_list(codec.RATING_COLUMNS)} FROM ratings "
            f"WHERE user_id = {p(1)} AND guild_id = {p(2)} ORDER BY game"
        )
        # Marks a table rated; no row comes back if it already was (`apply_ratings` then stops).
        self.rate_table = (
            f"INSERT INTO rated_tables (table_id) VALUES ({p(1)}) "
            "ON CONFLICT (table_id) DO NOTHING RETURNING table_id"
        )
        self.clear_ratings = ("DELETE FROM ratings", "DELETE FROM rated_tables")
        self.save_challenge = self.upsert(
            "challenge_entries", codec.CHALLENGE_COLUMNS, ("table_id",)
        )
        self.challenge_entries = (
            f"SELECT {_list(codec.CHALLENGE_COLUMNS)} FROM challenge_entries WHERE code = {p(1)} "
            f"ORDER BY won DESC, score DESC, finished_at ASC, table_id ASC LIMIT {p(2)}"
        )

    # -- the words -------------------------------------------------------------------------------

    def param(self, n: int) -> str:
        """The `n`th parameter (from 1)."""
        return f"?{n}" if self.name == "sqlite" else f"${n}"

    def params(self, count: int) -> str:
        return ", ".join(self.param(n) for n in range(1, count + 1))

    def indexed(self, index: str) -> str:
        """`tables`, read by `index` in SQLite (its planner is told; PostgreSQL's knows)."""
        return f"tables INDEXED BY {index}" if self.name == "sqlite" else "tables"

    def insert(self, table: str, columns: Sequence[str]) -> str:
        """Insert one row, values in `columns` order."""
        return f"INSERT INTO {table} ({_list(columns)}) VALUES ({self.params(len(columns))})"

    def upsert(self, table: str, columns: Sequence[str], key: Sequence[str]) -> str:
        """Insert or replace by `key`, values in `columns` order."""
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
        return f"{self.insert(table, columns)} ON CONFLICT ({_list(key)}) DO UPDATE SET {updates}"

    # -- statements built per call ---------------------------------------------------------------

    def results(self, game: str | None, limit: int) -> tuple[str, list[Any]]:
        """The most recent results first (of one game if given), at most `limit`."""
        p = Params(self)
        where = "" if game is None else f" WHERE game = {p(game)}"
        sql = (
            f"SELECT {_list(codec.RESULT_COLUMNS)} FROM results{where} "
            f"ORDER BY finished_at DESC, table_id DESC LIMIT {p(max(limit, 0))}"
        )
        return sql, p.values

    def find(self, filters: TableFilters) -> tuple[str, list[Any]] | None:
        """`find_tables`' statement and parameters (None: it can match nothing).

        The clock's scans of running tables (`due_before`, `wake_before`) name the partial index
        they read (`tables_due`, `tables_wake`); see the module's words on each planner."""
        where: list[str] = []
        p = Params(self)
        source = "tables"
        status = filters.get("status")
        due_before, wake_before = filters.get("due_before"), filters.get("wake_before")
        if status is not None:
            statuses = (status,) if isinstance(status, str) else tuple(status)
            if not statuses:
                return None
            if statuses == ("active",) and (due_before is not None or wake_before is not None):
                where.append("status = 'active'")
                source = self.indexed("tables_due" if due_before is not None else "tables_wake")
            elif self.name == "sqlite" and all(s in STATUSES for s in statuses):
                where.append(f"status IN ({', '.join(repr(s) for s in statuses)})")
            elif self.name == "sqlite":
                where.append(f"status IN ({', '.join(p(s) for s in statuses)})")
            elif statuses == ("lobby", "active"):  # the open tables' partial indexes
                where.append("status IN ('lobby', 'active')")
            else:
                where.append(f"status = ANY({p(list(statuses))}::text[])")
        for column in ("channel_id", "thread_id", "guild_id"):
            value = filters.get(column)
            if value is not None:
                where.append(f"{column} = {p(value)}")
        user_id = filters.get("user_id")
        if user_id is not None:
            where.append(f"id IN (SELECT table_id FROM table_seats WHERE user_id = {p(user_id)})")
        if due_before is not None:
            where.append(f"deadline IS NOT NULL AND deadline <= {p(float(due_before))}")
        if wake_before is not None:
            where.append(f"wake_at IS NOT NULL AND wake_at <= {p(float(wake_before))}")
        sql = f"SELECT {_list(codec.TABLE_COLUMNS)} FROM {source}"
        if where:
            sql += " WHERE " + " AND ".join(where)
        return sql + " ORDER BY created_at, id", p.values

    def stats(self, user_id: int, guild_id: int | None) -> tuple[str, list[Any]]:
        """`player_stats`' query: the user's rows of `seat_results_user`, then their started
        tables closed without a result, through `table_seats_user` (in SQLite the user's seats
        first, then each table by its key, not every table of the server by `tables_guild`)."""
        p = self.param
        mine = "" if guild_id is None else f" AND guild_id = {p(2)}"
        theirs = "" if guild_id is None else f" AND t.guild_id = {p(2)}"
        sql = (
            "SELECT game, sum(won) AS won, count(*) - sum(won) AS lost, 0 AS abandoned "
            f"FROM seat_results WHERE user_id = {p(1)}{mine} GROUP BY game UNION ALL "
            f"SELECT t.game, 0, 0, count(*) FROM table_seats AS s {self.fixed_join} tables AS t "
            f"ON t.id = s.table_id WHERE s.user_id = {p(1)} AND t.status = 'abandoned' "
            f"AND t.state IS NOT NULL{theirs} GROUP BY t.game"
        )
        return sql, [user_id] if guild_id is None else [user_id, guild_id]

    def leaderboard(
        self, guild_id: int | None, game: str | None, limit: int
    ) -> tuple[str, list[Any]]:
        """One index range of `seat_results_guild`, grouped by player: most wins first, then
        fewer games played, then the lower user id."""
        p = Params(self)
        where = ["guild_id IS NULL" if guild_id is None else f"guild_id = {p(guild_id)}"]
        if game is not None:
            where.append(f"game = {p(game)}")
        sql = (
            "SELECT user_id, max(name), sum(won) AS wins, count(*) AS played FROM seat_results "
            f"WHERE {' AND '.join(where)} GROUP BY user_id "
            f"ORDER BY wins DESC, played ASC, user_id ASC LIMIT {p(max(limit, 0))}"
        )
        return sql, p.values


SQLITE = Dialect("sqlite")
POSTGRES = Dialect("postgresql")

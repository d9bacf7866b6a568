-- Spectators, ratings and seeded challenges.

-- The seeded challenge a table plays (its code, "coldest_night-2026-11-29"), NULL for any other.
ALTER TABLE tables ADD COLUMN challenge TEXT;

-- A table's spectators (`/game watch`) and where each one's spectator panel (a DM) lives. `seat`:
-- the seat a spectator held before resigning or being exiled, NULL for one never seated.
CREATE TABLE watchers (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    seat       INTEGER,
    channel_id INTEGER,
    message_id INTEGER,
    digest     TEXT    NOT NULL DEFAULT '',
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    since      REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, user_id)
);

-- OpenSkill ratings, one per member per game per server (guild_id 0 outside a server). `trend`:
-- a JSON array of the conservative estimate after each of the last rated games.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    rated      INTEGER NOT NULL DEFAULT 0,
    trend      TEXT    NOT NULL DEFAULT '[]',
    wins       INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_member ON ratings (user_id, guild_id, game);

-- The finished tables whose result is in the ratings, written in the transaction that writes
-- them, so a table is rated at most once (emptied with the ratings by `ratings --recompute`).
CREATE TABLE rated_tables (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE
);

-- One group's result at a seeded challenge: one row per table, the leaderboard read by code.
CREATE TABLE challenge_entries (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    code        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    guild_id    INTEGER,
    names       TEXT    NOT NULL DEFAULT '[]',        -- JSON array, the players in seat order
    players     INTEGER NOT NULL DEFAULT 0,
    won         INTEGER NOT NULL DEFAULT 0,
    score       REAL    NOT NULL DEFAULT 0,
    score_text  TEXT    NOT NULL DEFAULT '',
    assisted    INTEGER NOT NULL DEFAULT 0,
    finished_at REAL    NOT NULL DEFAULT 0
);

CREATE INDEX challenge_entries_board
    ON challenge_entries (code, won DESC, score DESC, finished_at, table_id);

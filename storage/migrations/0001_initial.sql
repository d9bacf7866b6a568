-- Snowbound schema, version 1. Applied once, inside one transaction, under PRAGMA user_version.

CREATE TABLE tables (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    game             TEXT    NOT NULL,
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    guild_id         INTEGER,
    channel_id       INTEGER,
    thread_id        INTEGER,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    host_id          INTEGER,
    options          TEXT    NOT NULL DEFAULT '{}',   -- JSON object
    seats            TEXT    NOT NULL DEFAULT '[]',   -- JSON array of SeatRecord
    seed             TEXT    NOT NULL DEFAULT '',
    version          INTEGER NOT NULL DEFAULT 1,
    ply              INTEGER NOT NULL DEFAULT 0,
    state            TEXT,                            -- JSON object, NULL in the lobby
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    deadline         REAL
);

CREATE INDEX tables_status  ON tables (status);
CREATE INDEX tables_channel ON tables (channel_id);
CREATE INDEX tables_thread  ON tables (thread_id);
CREATE INDEX tables_guild   ON tables (guild_id);

-- Who holds a seat, kept in step with tables.seats so find_tables(user_id=…) is an index lookup.
CREATE TABLE table_seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);

CREATE INDEX table_seats_user ON table_seats (user_id);

-- The append-only action log; (table_id, ply) is unique, so a replayed ply is refused.
CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,                        -- JSON object
    at       REAL    NOT NULL,
    PRIMARY KEY (table_id, ply)
);

CREATE TABLE private_panels (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER,
    message_id INTEGER,
    digest     TEXT    NOT NULL DEFAULT '',
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE results (
    table_id    INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    game        TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,                     -- JSON object
    finished_at REAL    NOT NULL
);

CREATE INDEX results_game ON results (game, finished_at);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT    NOT NULL DEFAULT '{}'            -- JSON object
);

-- Spectators, ratings and seeded challenges (the SQLite migration 0009; see the SQLite file).

ALTER TABLE tables ADD COLUMN challenge TEXT;

CREATE TABLE watchers (
    table_id   BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    seat       INTEGER,
    channel_id BIGINT,
    message_id BIGINT,
    digest     TEXT    NOT NULL DEFAULT '',
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    since      DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, user_id)
);

CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    user_id    BIGINT  NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    rated      INTEGER NOT NULL DEFAULT 0,
    trend      JSONB   NOT NULL DEFAULT '[]',
    wins       INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,
    best_streak INTEGER NOT NULL DEFAULT 0,
    updated_at DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE INDEX ratings_member ON ratings (user_id, guild_id, game);

CREATE TABLE rated_tables (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE
);

CREATE TABLE challenge_entries (
    table_id    BIGINT  PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    code        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    guild_id    BIGINT,
    names       JSONB   NOT NULL DEFAULT '[]',
    players     INTEGER NOT NULL DEFAULT 0,
    won         INTEGER NOT NULL DEFAULT 0,
    score       DOUBLE PRECISION NOT NULL DEFAULT 0,
    score_text  TEXT    NOT NULL DEFAULT '',
    assisted    INTEGER NOT NULL DEFAULT 0,
    finished_at DOUBLE PRECISION NOT NULL DEFAULT 0
);

CREATE INDEX challenge_entries_board
    ON challenge_entries (code, won DESC, score DESC, finished_at, table_id);

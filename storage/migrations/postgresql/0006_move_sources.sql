-- Where each player's move came from (the SQLite migration 0008): the Discord interaction or
-- message id, unique per table and written in the move's own transaction, so a re-delivered
-- interaction or message is stored at most once.
CREATE TABLE move_sources (
    table_id BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    source   BIGINT  NOT NULL,
    ply      INTEGER NOT NULL,
    PRIMARY KEY (table_id, source)
);

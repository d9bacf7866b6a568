-- Where each player's move came from: the Discord interaction (a button or select press, `/play`)
-- or message (`!play`) it was made by, written in the move's own transaction. Discord may deliver
-- the same interaction or message again (after a gateway resume, a double click): the key is
-- unique per table, so a second delivery is refused and the move is stored once, across restarts
-- and processes. Kept when a move is taken back, so a late copy of it is not played again.
CREATE TABLE move_sources (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    source   INTEGER NOT NULL,                        -- the interaction's or message's id
    ply      INTEGER NOT NULL,
    PRIMARY KEY (table_id, source)
);

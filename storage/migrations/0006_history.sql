-- `/game undo`, `/game stats`, `/game leaderboard`.

-- Moves taken back: the audit `/game log` shows ("Ana took back: …"). `seq` numbers a table's
-- take-backs in order; `ply` is the ply that was taken back (the log shows the line after the
-- moves before it); `text` is the line with seat placeholders ({s0}) as events store them.
CREATE TABLE undos (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    ply      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,                        -- JSON object
    text     TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- One row per human seat of every finished game, written in the transaction that writes the
-- result, so stats and leaderboards are index lookups instead of reading every outcome's JSON.
-- `won`: the seat is among the outcome's winners (a co-operative win counts for every seat).
CREATE TABLE seat_results (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    won         INTEGER NOT NULL,
    name        TEXT    NOT NULL DEFAULT '',
    finished_at REAL    NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX seat_results_user  ON seat_results (user_id, guild_id, game, won);
CREATE INDEX seat_results_guild ON seat_results (guild_id, game, user_id, won, name);

-- Every result stored before this migration, per seat.
INSERT OR REPLACE INTO seat_results (table_id, seat, user_id, guild_id, game, won, name, finished_at)
SELECT t.id, CAST(s.key AS INTEGER), json_extract(s.value, '$.user_id'), t.guild_id, r.game,
       EXISTS (SELECT 1 FROM json_each(r.outcome, '$.winners') AS w
               WHERE w.value = CAST(s.key AS INTEGER)),
       coalesce(json_extract(s.value, '$.name'), ''), r.finished_at
FROM results AS r JOIN tables AS t ON t.id = r.table_id, json_each(t.seats) AS s
WHERE json_extract(s.value, '$.user_id') IS NOT NULL;

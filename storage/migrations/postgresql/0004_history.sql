-- `/game undo`, `/game stats`, `/game leaderboard` (the SQLite migration 0006).

-- Moves taken back: the audit `/game log` shows ("Ana took back: …"); see the SQLite file.
CREATE TABLE undos (
    table_id BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    ply      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   JSONB   NOT NULL,
    text     TEXT    NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);

-- One row per human seat of every finished game, written with the result.
CREATE TABLE seat_results (
    table_id    BIGINT  NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    guild_id    BIGINT,
    game        TEXT    NOT NULL,
    won         INTEGER NOT NULL,
    name        TEXT    NOT NULL DEFAULT '',
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX seat_results_user  ON seat_results (user_id, guild_id, game, won);
CREATE INDEX seat_results_guild ON seat_results (guild_id, game, user_id, won, name);

INSERT INTO seat_results (table_id, seat, user_id, guild_id, game, won, name, finished_at)
SELECT t.id, (s.ord - 1)::int, (s.value ->> 'user_id')::bigint, t.guild_id, r.game,
       CASE WHEN coalesce(r.outcome -> 'winners', '[]'::jsonb) @> to_jsonb((s.ord - 1)::int)
            THEN 1 ELSE 0 END,
       coalesce(s.value ->> 'name', ''), r.finished_at
FROM results AS r JOIN tables AS t ON t.id = r.table_id,
     jsonb_array_elements(t.seats) WITH ORDINALITY AS s (value, ord)
WHERE s.value ->> 'user_id' IS NOT NULL
ON CONFLICT (table_id, seat) DO NOTHING;

-- Paces (issue 12): SQLite migration 0005. `pace` is the seconds a move may take (NULL: live),
-- `clocks` the per-seat deadlines, reminders and timeout counts, `wake_at` the earliest moment one
-- of them needs the clock.
ALTER TABLE tables ADD COLUMN pace INTEGER;
ALTER TABLE tables ADD COLUMN clocks JSONB NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN wake_at DOUBLE PRECISION;
CREATE INDEX tables_wake_at ON tables (wake_at) WHERE wake_at IS NOT NULL;

-- A member's own settings (`/me`): time zone, quiet hours, reminders, away.
CREATE TABLE user_settings (
    user_id  BIGINT PRIMARY KEY,
    settings JSONB  NOT NULL DEFAULT '{}'
);

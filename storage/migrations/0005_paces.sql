-- Paces (issue 12): a paced table gives every seat it waits for a deadline. `pace` is the seconds
-- a move may take (NULL: live, no clock), `clocks` the per-seat deadlines, reminders and timeout
-- counts (JSON, kept by the service), `wake_at` the earliest moment one of them needs the clock.
ALTER TABLE tables ADD COLUMN pace INTEGER;
ALTER TABLE tables ADD COLUMN clocks TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN wake_at REAL;
CREATE INDEX tables_wake_at ON tables (wake_at) WHERE wake_at IS NOT NULL;

-- A member's own settings (`/me`): time zone, quiet hours, reminders, away.
CREATE TABLE user_settings (
    user_id  INTEGER PRIMARY KEY,
    settings TEXT    NOT NULL DEFAULT '{}'            -- JSON object
);

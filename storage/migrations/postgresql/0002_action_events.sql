-- Each move's event lines, stored as it commits so `/game log` reads them instead of replaying the
-- whole game; NULL for moves stored before this migration (those tables are still replayed).
ALTER TABLE actions ADD COLUMN events JSONB;


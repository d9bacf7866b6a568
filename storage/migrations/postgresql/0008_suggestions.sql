-- Whether players may ask the expert AI for a private suggestion (the SQLite migration 0010):
-- 1 on, 0 off, NULL left to the game.
ALTER TABLE tables ADD COLUMN suggestions INTEGER;

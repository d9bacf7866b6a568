-- Whether players may ask the expert AI for a private suggestion (`/game suggest`): 1 on, 0 off,
-- NULL left to the game (on in co-operative games, off in competitive ones). The host chooses it
-- at `/game new` with `suggestions=on|off`.
ALTER TABLE tables ADD COLUMN suggestions INTEGER;

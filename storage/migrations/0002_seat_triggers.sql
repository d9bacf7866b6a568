-- Keep table_seats in step with tables.seats inside SQLite itself, for every writer, and only
-- when the seats actually change (saves two statements on every move).

CREATE TRIGGER tables_seats_insert AFTER INSERT ON tables
BEGIN
    INSERT OR IGNORE INTO table_seats (table_id, user_id)
    SELECT NEW.id, json_extract(seat.value, '$.user_id')
    FROM json_each(NEW.seats) AS seat
    WHERE json_extract(seat.value, '$.user_id') IS NOT NULL;
END;

CREATE TRIGGER tables_seats_update AFTER UPDATE OF seats ON tables
WHEN OLD.seats IS NOT NEW.seats
BEGIN
    DELETE FROM table_seats WHERE table_id = NEW.id;
    INSERT OR IGNORE INTO table_seats (table_id, user_id)
    SELECT NEW.id, json_extract(seat.value, '$.user_id')
    FROM json_each(NEW.seats) AS seat
    WHERE json_extract(seat.value, '$.user_id') IS NOT NULL;
END;

-- Rebuild the index once from the rows, whatever wrote it before.
DELETE FROM table_seats;
INSERT OR IGNORE INTO table_seats (table_id, user_id)
SELECT tables.id, json_extract(seat.value, '$.user_id')
FROM tables, json_each(tables.seats) AS seat
WHERE json_extract(seat.value, '$.user_id') IS NOT NULL;

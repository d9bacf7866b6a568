-- Placeholder on the undo branch only: 0005 is the pace branch's (user settings, table paces).
-- Delete this file when that branch's 0005 is merged; it changes nothing.
SELECT 1;

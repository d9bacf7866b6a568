-- Timers: `find_tables(due_before=…)` looks up tables whose deadline has passed.
CREATE INDEX tables_deadline ON tables (deadline) WHERE deadline IS NOT NULL;

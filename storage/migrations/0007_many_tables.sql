-- Many tables: every scan the bot makes on its own (start-up, the 5-second clock, the chat filter's
-- channel lookups) reads an index of the rows it looks for, not every running table.

-- `ai_turn`: the running game waits only for AI seats. The service sets it with every write of the
-- row (a move's in the move's own transaction); `agent_turns` reads the rows that have it.
ALTER TABLE tables ADD COLUMN ai_turn INTEGER NOT NULL DEFAULT 0;

-- Rows written before this migration: every running table with an AI seat may wait for it. The
-- service's first resume looks at each of them once (in batches) and clears the flag where no AI
-- seat is awaited.
UPDATE tables SET ai_turn = 1
WHERE status = 'active' AND state IS NOT NULL
  AND EXISTS (SELECT 1 FROM json_each(tables.seats) AS seat
              WHERE json_extract(seat.value, '$.agent') IS NOT NULL);

CREATE INDEX tables_ai_turn ON tables (id) WHERE ai_turn = 1 AND status = 'active';

-- The clock's scans: running tables only (a finished or abandoned table that kept a deadline or a
-- wake time is not in them), so a scan reads the rows that are due and no others.
DROP INDEX IF EXISTS tables_deadline;
CREATE INDEX tables_due ON tables (deadline) WHERE status = 'active' AND deadline IS NOT NULL;
DROP INDEX IF EXISTS tables_wake_at;
CREATE INDEX tables_wake ON tables (wake_at) WHERE status = 'active' AND wake_at IS NOT NULL;

-- The channel index's lookups: the open tables of one channel or thread, however many ended there.
CREATE INDEX tables_open_channel ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_open_thread ON tables (thread_id) WHERE status IN ('lobby', 'active');

-- Many tables (the SQLite migration 0007): every scan the bot makes on its own reads an index of
-- the rows it looks for. `ai_turn`: the running game waits only for AI seats, set by the service
-- with every write of the row; rows from before are flagged where an AI seat may be awaited, and
-- the first resume clears what it finds waiting for a human.
ALTER TABLE tables ADD COLUMN ai_turn INTEGER NOT NULL DEFAULT 0;

UPDATE tables SET ai_turn = 1
WHERE status = 'active' AND state IS NOT NULL
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(seats) AS seat WHERE seat ->> 'agent' IS NOT NULL);

CREATE INDEX tables_ai_turn ON tables (id) WHERE ai_turn = 1 AND status = 'active';

DROP INDEX IF EXISTS tables_deadline;
CREATE INDEX tables_due ON tables (deadline) WHERE status = 'active' AND deadline IS NOT NULL;
DROP INDEX IF EXISTS tables_wake_at;
CREATE INDEX tables_wake ON tables (wake_at) WHERE status = 'active' AND wake_at IS NOT NULL;

CREATE INDEX tables_open_channel ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_open_thread ON tables (thread_id) WHERE status IN ('lobby', 'active');

-- The agent's bookkeeping: which turn proposed an execution (chat assent
-- approves only the agent's immediately preceding turn), which turn a
-- message belongs to (token usage per turn), and whether an execution's
-- result has been handed back to the agent (auto-continuation wakes it
-- once, never twice).

ALTER TABLE messages ADD COLUMN turn_id BLOB;
ALTER TABLE executions ADD COLUMN turn_id BLOB;
ALTER TABLE executions ADD COLUMN continued_at TEXT;

CREATE INDEX messages_turn ON messages (session_id, turn_id);
CREATE INDEX executions_turn ON executions (session_id, turn_id);
-- Finished results the agent has not seen yet.
CREATE INDEX executions_not_continued ON executions (session_id) WHERE continued_at IS NULL;

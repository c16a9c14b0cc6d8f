-- Who last wrote a knowledge entry (issue 30): an operator (the seeded
-- knowledge and inventory, or anything written before this) or the agent.
-- The agent never silently overwrites an operator's entry: its runbooks
-- and notes reach every later conversation, so an injected instruction
-- written over them would persist. Rows from before count as the
-- operator's: protected, never less.
ALTER TABLE knowledge ADD COLUMN written_by TEXT NOT NULL DEFAULT 'operator'
    CHECK (written_by IN ('operator', 'agent'));

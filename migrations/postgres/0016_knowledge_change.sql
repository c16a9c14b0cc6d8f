-- A fifth kind of execution (issue 30): `knowledge`, a change the agent
-- proposes to an operator's knowledge entry, written to Nomos's own store
-- once a person approves its card.
ALTER TABLE executions DROP CONSTRAINT executions_kind_check;
ALTER TABLE executions ADD CONSTRAINT executions_kind_check
    CHECK (kind IN ('run', 'pct_create', 'write_file', 'fleet', 'knowledge'));

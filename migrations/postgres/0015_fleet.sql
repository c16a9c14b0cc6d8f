-- A fourth kind of execution (issue 34): `fleet`, one command for a set
-- of targets decided on one card and rolled out in batches; each target
-- runs as an execution of its own whose `parent_id` is the fleet's.
ALTER TABLE executions DROP CONSTRAINT executions_kind_check;
ALTER TABLE executions ADD CONSTRAINT executions_kind_check
    CHECK (kind IN ('run', 'pct_create', 'write_file', 'fleet'));
ALTER TABLE executions ADD COLUMN parent_id UUID REFERENCES executions (id) ON DELETE CASCADE;
CREATE INDEX executions_parent ON executions (parent_id) WHERE parent_id IS NOT NULL;

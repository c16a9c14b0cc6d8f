-- A third kind of execution (issue 22): `write_file`, a file written or
-- edited through the write_file/edit_file tools (and restored by !undo).
ALTER TABLE executions DROP CONSTRAINT executions_kind_check;
ALTER TABLE executions ADD CONSTRAINT executions_kind_check
    CHECK (kind IN ('run', 'pct_create', 'write_file'));

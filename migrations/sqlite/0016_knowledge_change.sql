-- no-transaction
-- A fifth kind of execution (issue 30): `knowledge`, a change the agent
-- proposes to an operator's knowledge entry, written to Nomos's own store
-- once a person approves its card.
--
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt
-- as in 0015 (foreign keys off, outside sqlx's transaction, one
-- transaction of our own, indexes made again).
PRAGMA foreign_keys = OFF;
BEGIN;
CREATE TABLE executions_rebuilt (
    id             BLOB PRIMARY KEY,
    session_id     BLOB REFERENCES sessions (id) ON DELETE SET NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('run', 'pct_create', 'write_file', 'fleet', 'knowledge')),
    target         TEXT NOT NULL,
    command        TEXT NOT NULL,
    purpose        TEXT NOT NULL DEFAULT '',
    params         TEXT NOT NULL DEFAULT '{}',
    risk_class     TEXT NOT NULL CHECK (risk_class IN ('read_only', 'config_mutation', 'destructive')),
    declared_risk  TEXT CHECK (declared_risk IN ('read_only', 'config_mutation', 'destructive')),
    status         TEXT NOT NULL CHECK (status IN ('pending_approval', 'approved', 'running', 'completed',
                                                   'failed', 'timed_out', 'cancelled', 'interrupted',
                                                   'denied', 'expired')),
    requested_by   TEXT NOT NULL,
    exit_code      INTEGER,
    output_tail    TEXT,
    truncated      INTEGER NOT NULL DEFAULT 0,
    result         TEXT,
    created_at     TEXT NOT NULL,
    started_at     TEXT,
    finished_at    TEXT,
    updated_at     TEXT NOT NULL,
    turn_id        BLOB,
    continued_at   TEXT,
    network        TEXT NOT NULL DEFAULT 'none'
                   CHECK (network IN ('none', 'inspects', 'cluster', 'reaches')),
    parent_id      BLOB REFERENCES executions (id) ON DELETE CASCADE
);
INSERT INTO executions_rebuilt (
    id, session_id, kind, target, command, purpose, params, risk_class, declared_risk, status,
    requested_by, exit_code, output_tail, truncated, result, created_at, started_at, finished_at,
    updated_at, turn_id, continued_at, network, parent_id)
SELECT
    id, session_id, kind, target, command, purpose, params, risk_class, declared_risk, status,
    requested_by, exit_code, output_tail, truncated, result, created_at, started_at, finished_at,
    updated_at, turn_id, continued_at, network, parent_id
FROM executions;
DROP TABLE executions;
ALTER TABLE executions_rebuilt RENAME TO executions;
CREATE INDEX executions_status ON executions (status);
CREATE INDEX executions_session ON executions (session_id);
CREATE UNIQUE INDEX executions_one_pending
    ON executions (session_id, target, command)
    WHERE status = 'pending_approval';
CREATE INDEX executions_turn ON executions (session_id, turn_id);
CREATE INDEX executions_not_continued ON executions (session_id) WHERE continued_at IS NULL;
CREATE INDEX executions_parent ON executions (parent_id) WHERE parent_id IS NOT NULL;
COMMIT;
PRAGMA foreign_keys = ON;

-- An assent window covers the targets of the work that was approved, not
-- the whole conversation (issue 30): assent windows now have a target too
-- (rows from before keep none, and cover nothing). SQLite cannot change a
-- CHECK in place, so the table is rebuilt with the same rows.
CREATE TABLE windows_by_target (
    id          BLOB PRIMARY KEY,
    session_id  BLOB NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('assent', 'destructive')),
    target      TEXT,
    opened_by   TEXT NOT NULL,
    opened_via  TEXT NOT NULL,
    opened_at   TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    revoked_at  TEXT,
    action      TEXT,
    approval_id BLOB,
    CHECK (kind = 'assent' OR target IS NOT NULL)
);
INSERT INTO windows_by_target (id, session_id, kind, target, opened_by, opened_via, opened_at,
                               expires_at, revoked_at, action, approval_id)
    SELECT id, session_id, kind, target, opened_by, opened_via, opened_at,
           expires_at, revoked_at, action, approval_id FROM windows;
DROP TABLE windows;
ALTER TABLE windows_by_target RENAME TO windows;
CREATE INDEX windows_session ON windows (session_id, expires_at);
CREATE INDEX windows_open ON windows (session_id, kind) WHERE revoked_at IS NULL;

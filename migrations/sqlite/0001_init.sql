-- Nomos schema, SQLite flavour. Keep in step with ../postgres/0001_init.sql:
-- same tables, columns and constraints; only the types and full-text search
-- differ. Ids are UUIDv7 (BLOB here), JSON is TEXT, times are RFC 3339 TEXT.

-- Conversations: one active session per room; `!new` closes it.
CREATE TABLE sessions (
    id          BLOB PRIMARY KEY,
    room_id     TEXT NOT NULL,
    surface     TEXT NOT NULL CHECK (surface IN ('matrix', 'console')),
    title       TEXT,
    created_at  TEXT NOT NULL,
    closed_at   TEXT
);
CREATE UNIQUE INDEX sessions_one_open_per_room ON sessions (room_id) WHERE closed_at IS NULL;

-- Turns, replayed as history: tool calls and their (truncated) results too.
CREATE TABLE messages (
    id                 BLOB PRIMARY KEY,
    session_id         BLOB NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq                INTEGER NOT NULL,
    role               TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
    sender             TEXT,
    content            TEXT NOT NULL,
    tool_calls         TEXT,
    tool_call_id       TEXT,
    prompt_tokens      INTEGER,
    completion_tokens  INTEGER,
    created_at         TEXT NOT NULL,
    UNIQUE (session_id, seq)
);

-- The fleet: hosts, LXCs, services, networks. `slug` is "type:name".
CREATE TABLE entities (
    id          BLOB PRIMARY KEY,
    type        TEXT NOT NULL,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    attributes  TEXT NOT NULL DEFAULT '{}',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX entities_type ON entities (type);

CREATE TABLE relationships (
    from_id     BLOB NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    to_id       BLOB NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (from_id, kind, to_id)
);
CREATE INDEX relationships_to ON relationships (to_id);

-- Health as observed on the *target* entity, never on the check.
CREATE TABLE entity_status (
    entity_id      BLOB PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
    status         TEXT NOT NULL CHECK (status IN ('unknown', 'healthy', 'degraded', 'unhealthy', 'stale')),
    detail         TEXT,
    last_check_at  TEXT,
    changed_at     TEXT NOT NULL
);

CREATE TABLE check_defs (
    id             BLOB PRIMARY KEY,
    slug           TEXT NOT NULL UNIQUE,
    target_id      BLOB NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('http', 'tcp', 'tls', 'disk', 'ping')),
    interval_secs  INTEGER NOT NULL CHECK (interval_secs > 0),
    spec           TEXT NOT NULL DEFAULT '{}',
    enabled        INTEGER NOT NULL DEFAULT 1,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
);
CREATE INDEX check_defs_target ON check_defs (target_id);

CREATE TABLE metric_samples (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    check_id   BLOB NOT NULL REFERENCES check_defs (id) ON DELETE CASCADE,
    entity_id  BLOB NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    ts         TEXT NOT NULL,
    ok         INTEGER NOT NULL,
    value      REAL,
    detail     TEXT
);
CREATE INDEX metric_samples_entity_ts ON metric_samples (entity_id, ts);

-- Executions and their state machine (owned by gate/ and exec/).
CREATE TABLE executions (
    id             BLOB PRIMARY KEY,
    session_id     BLOB REFERENCES sessions (id) ON DELETE SET NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('run', 'pct_create')),
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
    updated_at     TEXT NOT NULL
);
CREATE INDEX executions_status ON executions (status);
CREATE INDEX executions_session ON executions (session_id);

CREATE TABLE approvals (
    id                   BLOB PRIMARY KEY,
    execution_id         BLOB NOT NULL UNIQUE REFERENCES executions (id) ON DELETE CASCADE,
    risk_class           TEXT NOT NULL CHECK (risk_class IN ('read_only', 'config_mutation', 'destructive')),
    status               TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'expired')),
    confirmation_phrase  TEXT,
    requested_at         TEXT NOT NULL,
    expires_at           TEXT NOT NULL,
    decided_at           TEXT,
    decided_by           TEXT,
    decided_via          TEXT CHECK (decided_via IN ('reaction', 'assent', 'typed', 'command', 'policy', 'window', 'expiry'))
);
CREATE INDEX approvals_status ON approvals (status);

-- Who decided what, how, when. Append-only.
CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    at            TEXT NOT NULL,
    actor         TEXT NOT NULL,
    via           TEXT NOT NULL,
    action        TEXT NOT NULL,
    execution_id  BLOB REFERENCES executions (id) ON DELETE SET NULL,
    approval_id   BLOB REFERENCES approvals (id) ON DELETE SET NULL,
    risk_class    TEXT,
    detail        TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_execution ON audit_log (execution_id);

-- Assent and destructive windows: stored with their expiry, revocable.
CREATE TABLE windows (
    id          BLOB PRIMARY KEY,
    session_id  BLOB NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('assent', 'destructive')),
    target      TEXT,
    opened_by   TEXT NOT NULL,
    opened_via  TEXT NOT NULL,
    opened_at   TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    revoked_at  TEXT,
    CHECK ((kind = 'destructive') = (target IS NOT NULL))
);
CREATE INDEX windows_session ON windows (session_id, expires_at);

-- Knowledge: documents, investigations, runbooks, with full-text search.
CREATE TABLE knowledge (
    id          BLOB PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('document', 'investigation', 'runbook')),
    title       TEXT NOT NULL,
    content     TEXT NOT NULL,
    tags        TEXT NOT NULL DEFAULT '[]',
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

CREATE TABLE knowledge_entities (
    knowledge_id  BLOB NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
    entity_id     BLOB NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    PRIMARY KEY (knowledge_id, entity_id)
);
CREATE INDEX knowledge_entities_entity ON knowledge_entities (entity_id);

CREATE VIRTUAL TABLE knowledge_fts USING fts5 (
    title, content, tags,
    content = 'knowledge', content_rowid = 'rowid',
    tokenize = 'porter unicode61'
);
CREATE TRIGGER knowledge_fts_insert AFTER INSERT ON knowledge BEGIN
    INSERT INTO knowledge_fts (rowid, title, content, tags) VALUES (new.rowid, new.title, new.content, new.tags);
END;
CREATE TRIGGER knowledge_fts_delete AFTER DELETE ON knowledge BEGIN
    INSERT INTO knowledge_fts (knowledge_fts, rowid, title, content, tags) VALUES ('delete', old.rowid, old.title, old.content, old.tags);
END;
CREATE TRIGGER knowledge_fts_update AFTER UPDATE ON knowledge BEGIN
    INSERT INTO knowledge_fts (knowledge_fts, rowid, title, content, tags) VALUES ('delete', old.rowid, old.title, old.content, old.tags);
    INSERT INTO knowledge_fts (rowid, title, content, tags) VALUES (new.rowid, new.title, new.content, new.tags);
END;

-- Matrix bookkeeping: which event shows which plan, card or status message,
-- and which inbound events were already handled (never answer twice).
CREATE TABLE matrix_events (
    event_id      TEXT PRIMARY KEY,
    room_id       TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('plan', 'card', 'status', 'notice')),
    execution_id  BLOB REFERENCES executions (id) ON DELETE CASCADE,
    approval_id   BLOB REFERENCES approvals (id) ON DELETE CASCADE,
    created_at    TEXT NOT NULL
);
CREATE INDEX matrix_events_execution ON matrix_events (execution_id);

CREATE TABLE matrix_inbound (
    event_id      TEXT PRIMARY KEY,
    room_id       TEXT NOT NULL,
    handled_at    TEXT NOT NULL
);

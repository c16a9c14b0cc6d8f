-- Nomos schema, PostgreSQL flavour. Keep in step with ../sqlite/0001_init.sql:
-- same tables, columns and constraints; only the types and full-text search
-- differ. Ids are UUIDv7 (UUID here), JSON is JSONB, times are TIMESTAMPTZ,
-- integers are BIGINT (64-bit, as in SQLite, so Rust reads i64 on both).

-- Conversations: one active session per room; `!new` closes it.
CREATE TABLE sessions (
    id          UUID PRIMARY KEY,
    room_id     TEXT NOT NULL,
    surface     TEXT NOT NULL CHECK (surface IN ('matrix', 'console')),
    title       TEXT,
    created_at  TIMESTAMPTZ NOT NULL,
    closed_at   TIMESTAMPTZ
);
CREATE UNIQUE INDEX sessions_one_open_per_room ON sessions (room_id) WHERE closed_at IS NULL;

-- Turns, replayed as history: tool calls and their (truncated) results too.
CREATE TABLE messages (
    id                 UUID PRIMARY KEY,
    session_id         UUID NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    seq                BIGINT NOT NULL,
    role               TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant', 'tool')),
    sender             TEXT,
    content            TEXT NOT NULL,
    tool_calls         JSONB,
    tool_call_id       TEXT,
    prompt_tokens      BIGINT,
    completion_tokens  BIGINT,
    created_at         TIMESTAMPTZ NOT NULL,
    UNIQUE (session_id, seq)
);

-- The fleet: hosts, LXCs, services, networks. `slug` is "type:name".
CREATE TABLE entities (
    id          UUID PRIMARY KEY,
    type        TEXT NOT NULL,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    attributes  JSONB NOT NULL DEFAULT '{}',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX entities_type ON entities (type);

CREATE TABLE relationships (
    from_id     UUID NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    to_id       UUID NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (from_id, kind, to_id)
);
CREATE INDEX relationships_to ON relationships (to_id);

-- Health as observed on the *target* entity, never on the check.
CREATE TABLE entity_status (
    entity_id      UUID PRIMARY KEY REFERENCES entities (id) ON DELETE CASCADE,
    status         TEXT NOT NULL CHECK (status IN ('unknown', 'healthy', 'degraded', 'unhealthy', 'stale')),
    detail         TEXT,
    last_check_at  TIMESTAMPTZ,
    changed_at     TIMESTAMPTZ NOT NULL
);

CREATE TABLE check_defs (
    id             UUID PRIMARY KEY,
    slug           TEXT NOT NULL UNIQUE,
    target_id      UUID NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    kind           TEXT NOT NULL CHECK (kind IN ('http', 'tcp', 'tls', 'disk', 'ping')),
    interval_secs  BIGINT NOT NULL CHECK (interval_secs > 0),
    spec           JSONB NOT NULL DEFAULT '{}',
    enabled        BOOLEAN NOT NULL DEFAULT TRUE,
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX check_defs_target ON check_defs (target_id);

CREATE TABLE metric_samples (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    check_id   UUID NOT NULL REFERENCES check_defs (id) ON DELETE CASCADE,
    entity_id  UUID NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    ts         TIMESTAMPTZ NOT NULL,
    ok         BOOLEAN NOT NULL,
    value      DOUBLE PRECISION,
    detail     TEXT
);
CREATE INDEX metric_samples_entity_ts ON metric_samples (entity_id, ts);

-- Executions and their state machine (owned by gate/ and exec/).
CREATE TABLE executions (
    id             UUID PRIMARY KEY,
    session_id     UUID REFERENCES sessions (id) ON DELETE SET NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('run', 'pct_create')),
    target         TEXT NOT NULL,
    command        TEXT NOT NULL,
    purpose        TEXT NOT NULL DEFAULT '',
    params         JSONB NOT NULL DEFAULT '{}',
    risk_class     TEXT NOT NULL CHECK (risk_class IN ('read_only', 'config_mutation', 'destructive')),
    declared_risk  TEXT CHECK (declared_risk IN ('read_only', 'config_mutation', 'destructive')),
    status         TEXT NOT NULL CHECK (status IN ('pending_approval', 'approved', 'running', 'completed',
                                                   'failed', 'timed_out', 'cancelled', 'interrupted',
                                                   'denied', 'expired')),
    requested_by   TEXT NOT NULL,
    exit_code      BIGINT,
    output_tail    TEXT,
    truncated      BOOLEAN NOT NULL DEFAULT FALSE,
    result         JSONB,
    created_at     TIMESTAMPTZ NOT NULL,
    started_at     TIMESTAMPTZ,
    finished_at    TIMESTAMPTZ,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX executions_status ON executions (status);
CREATE INDEX executions_session ON executions (session_id);

CREATE TABLE approvals (
    id                   UUID PRIMARY KEY,
    execution_id         UUID NOT NULL UNIQUE REFERENCES executions (id) ON DELETE CASCADE,
    risk_class           TEXT NOT NULL CHECK (risk_class IN ('read_only', 'config_mutation', 'destructive')),
    status               TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'expired')),
    confirmation_phrase  TEXT,
    requested_at         TIMESTAMPTZ NOT NULL,
    expires_at           TIMESTAMPTZ NOT NULL,
    decided_at           TIMESTAMPTZ,
    decided_by           TEXT,
    decided_via          TEXT CHECK (decided_via IN ('reaction', 'assent', 'typed', 'command', 'policy', 'window', 'expiry'))
);
CREATE INDEX approvals_status ON approvals (status);

-- Who decided what, how, when. Append-only.
CREATE TABLE audit_log (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            TIMESTAMPTZ NOT NULL,
    actor         TEXT NOT NULL,
    via           TEXT NOT NULL,
    action        TEXT NOT NULL,
    execution_id  UUID REFERENCES executions (id) ON DELETE SET NULL,
    approval_id   UUID REFERENCES approvals (id) ON DELETE SET NULL,
    risk_class    TEXT,
    detail        JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_execution ON audit_log (execution_id);

-- Assent and destructive windows: stored with their expiry, revocable.
CREATE TABLE windows (
    id          UUID PRIMARY KEY,
    session_id  UUID NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('assent', 'destructive')),
    target      TEXT,
    opened_by   TEXT NOT NULL,
    opened_via  TEXT NOT NULL,
    opened_at   TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    revoked_at  TIMESTAMPTZ,
    CHECK ((kind = 'destructive') = (target IS NOT NULL))
);
CREATE INDEX windows_session ON windows (session_id, expires_at);

-- Knowledge: documents, investigations, runbooks, with full-text search.
CREATE TABLE knowledge (
    id          UUID PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('document', 'investigation', 'runbook')),
    title       TEXT NOT NULL,
    content     TEXT NOT NULL,
    tags        JSONB NOT NULL DEFAULT '[]',
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);

CREATE TABLE knowledge_entities (
    knowledge_id  UUID NOT NULL REFERENCES knowledge (id) ON DELETE CASCADE,
    entity_id     UUID NOT NULL REFERENCES entities (id) ON DELETE CASCADE,
    PRIMARY KEY (knowledge_id, entity_id)
);
CREATE INDEX knowledge_entities_entity ON knowledge_entities (entity_id);

-- Full-text search: a generated, weighted tsvector with a GIN index.
ALTER TABLE knowledge ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(tags::text, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(content, '')), 'C')
) STORED;
CREATE INDEX knowledge_search ON knowledge USING GIN (search);

-- Matrix bookkeeping: which event shows which plan, card or status message,
-- and which inbound events were already handled (never answer twice).
CREATE TABLE matrix_events (
    event_id      TEXT PRIMARY KEY,
    room_id       TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('plan', 'card', 'status', 'notice')),
    execution_id  UUID REFERENCES executions (id) ON DELETE CASCADE,
    approval_id   UUID REFERENCES approvals (id) ON DELETE CASCADE,
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX matrix_events_execution ON matrix_events (execution_id);

CREATE TABLE matrix_inbound (
    event_id      TEXT PRIMARY KEY,
    room_id       TEXT NOT NULL,
    handled_at    TIMESTAMPTZ NOT NULL
);

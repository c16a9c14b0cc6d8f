-- The gate's guarantees that the schema itself enforces.

-- At most one identical pending proposal per session: a repeat is answered
-- "already queued" instead of creating a second card, even under a race.
CREATE UNIQUE INDEX executions_one_pending
    ON executions (session_id, target, command)
    WHERE status = 'pending_approval';

-- Expiry sweeps look pending approvals up by deadline.
CREATE INDEX approvals_pending_expiry ON approvals (expires_at) WHERE status = 'pending';

-- Open windows of a session.
CREATE INDEX windows_open ON windows (session_id, kind) WHERE revoked_at IS NULL;

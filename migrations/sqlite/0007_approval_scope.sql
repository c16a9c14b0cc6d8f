-- Approvals scoped to what the person read (issue 18).
--
-- A destructive window covers one action on one target: `confirm stop
-- lxc:web` lets further `stop` work on lxc:web run, nothing else. Windows
-- opened before this migration have no action and cover nothing.
ALTER TABLE windows ADD COLUMN action TEXT;
-- The approval whose decision opened a window, so withdrawing that
-- decision (a redacted ✅) closes what it opened.
ALTER TABLE windows ADD COLUMN approval_id BLOB;

-- The event that decided an approval (a reaction, a reply, a command), so
-- its redaction can be traced back to the decision it made.
ALTER TABLE approvals ADD COLUMN decided_event TEXT;
CREATE INDEX approvals_decided_event ON approvals (decided_event);

-- Agent turns: when each started and finished. Chat assent approves only
-- the cards of the last turn that had finished when the operator spoke.
CREATE TABLE turns (
    id           BLOB PRIMARY KEY,
    session_id   BLOB NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
    started_at   TEXT NOT NULL,
    finished_at  TEXT
);
CREATE INDEX turns_session ON turns (session_id, finished_at);

-- Events taken back (redacted) in a room: a decision carried by one of
-- them is refused, even when its handling was already under way when the
-- redaction came, and a decision it already made is withdrawn if its work
-- has not started.
CREATE TABLE redactions (
    event_id     TEXT PRIMARY KEY,
    room_id      TEXT NOT NULL,
    redacted_by  TEXT NOT NULL,
    redacted_at  TEXT NOT NULL
);

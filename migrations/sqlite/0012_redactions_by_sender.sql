-- A redaction takes back a decision only when its sender made it (issue
-- 30): someone else's redaction of an approver's ✅ or ❌ withdraws
-- nothing. So every redaction of an event is kept with who sent it: one
-- per (event, sender), and a moderator's redaction recorded first can no
-- longer hide the sender's own.
CREATE TABLE redactions_by_sender (
    event_id     TEXT NOT NULL,
    room_id      TEXT NOT NULL,
    redacted_by  TEXT NOT NULL,
    redacted_at  TEXT NOT NULL,
    PRIMARY KEY (event_id, redacted_by)
);
INSERT INTO redactions_by_sender (event_id, room_id, redacted_by, redacted_at)
    SELECT event_id, room_id, redacted_by, redacted_at FROM redactions;
DROP TABLE redactions;
ALTER TABLE redactions_by_sender RENAME TO redactions;

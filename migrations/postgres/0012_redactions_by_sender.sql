-- A redaction takes back a decision only when its sender made it (issue
-- 30): someone else's redaction of an approver's ✅ or ❌ withdraws
-- nothing. So every redaction of an event is kept with who sent it: one
-- per (event, sender), and a moderator's redaction recorded first can no
-- longer hide the sender's own.
ALTER TABLE redactions DROP CONSTRAINT redactions_pkey;
ALTER TABLE redactions ADD PRIMARY KEY (event_id, redacted_by);

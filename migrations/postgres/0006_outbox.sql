-- The outbox: everything Nomos says in a room (messages, cards, card
-- edits, attached files) is written here before it is sent, and retried
-- until the homeserver takes it, so an outage delays messages but loses
-- none, and a crash mid-send re-sends with the same transaction id (the
-- homeserver drops the duplicate).

CREATE TABLE outbox (
    seq            BIGSERIAL PRIMARY KEY,
    room_id        TEXT NOT NULL,
    op             TEXT NOT NULL CHECK (op IN ('message', 'card', 'edit', 'attach')),
    execution_id   UUID,
    payload        TEXT NOT NULL,
    txn_id         TEXT NOT NULL,
    status         TEXT NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'sent', 'superseded', 'failed')),
    attempts       INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    last_error     TEXT,
    event_id       TEXT,
    created_at     TIMESTAMPTZ NOT NULL,
    done_at        TIMESTAMPTZ
);
CREATE INDEX outbox_pending ON outbox (seq) WHERE status = 'pending';

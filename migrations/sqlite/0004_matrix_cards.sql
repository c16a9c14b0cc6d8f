-- The Matrix front end's bookkeeping for cards: the thread a card was
-- posted in (a typed confirmation counts only in that thread or as a reply
-- to the card), and the bot's own ✅/❌ reactions on it (removed once the
-- card is decided, so nobody taps a stale card; kept across restarts).

ALTER TABLE matrix_events ADD COLUMN thread_root TEXT;
CREATE INDEX matrix_events_thread ON matrix_events (room_id, thread_root);

CREATE TABLE matrix_reactions (
    event_id       TEXT PRIMARY KEY,
    room_id        TEXT NOT NULL,
    card_event_id  TEXT NOT NULL,
    key            TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
CREATE INDEX matrix_reactions_card ON matrix_reactions (card_event_id);

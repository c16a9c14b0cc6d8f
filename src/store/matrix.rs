//! Matrix bookkeeping: the `matrix_inbound` table (events already handled,
//! so a restart or a re-delivered sync batch never answers twice) and the
//! `matrix_events` table (which event shows which card or status message,
//! filled in by the Matrix front end as it grows), and the `redactions`
//! table (events taken back: a decision one of them carries is refused by
//! `executions::answer`).

use time::OffsetDateTime;

use super::{Store, StoreError, Tx, on_pool, on_tx};

impl Store {
    /// Claims an inbound event for handling. Returns `true` exactly once per
    /// event id, however many times (or from however many tasks) it is
    /// called; the caller acts only on `true`.
    pub async fn claim_inbound_event(
        &self,
        event_id: &str,
        room_id: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin().await?;
        let claimed =
            claim_inbound_in(&mut tx, event_id, room_id, OffsetDateTime::now_utc()).await?;
        tx.commit().await?;
        Ok(claimed)
    }
}

/// [`Store::claim_inbound_event`] inside a caller's transaction, so the
/// claim and what the event does commit together (a decision carried by a
/// reaction: one commit on the approval's path, and never one without the
/// other).
pub(crate) async fn claim_inbound_in(
    tx: &mut Tx,
    event_id: &str,
    room_id: &str,
    now: OffsetDateTime,
) -> Result<bool, StoreError> {
    let inserted = on_tx!(tx, |conn| sqlx::query(
        "INSERT INTO matrix_inbound (event_id, room_id, handled_at) VALUES ($1, $2, $3) \
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(room_id)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected());
    Ok(inserted == 1)
}

/// Where an execution's card is in Matrix.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CardEvent {
    pub event_id: String,
    pub room_id: String,
    pub thread_root: Option<String>,
    pub execution_id: Option<uuid::Uuid>,
}

impl Store {
    /// Records the event that shows an execution's card (or a plan).
    pub async fn record_matrix_event(
        &self,
        event_id: &str,
        room_id: &str,
        role: &str,
        execution_id: Option<uuid::Uuid>,
        thread_root: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
            "INSERT INTO matrix_events (event_id, room_id, role, execution_id, thread_root, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(event_id)
        .bind(room_id)
        .bind(role)
        .bind(execution_id)
        .bind(thread_root)
        .bind(OffsetDateTime::now_utc())
        .execute(pool)
        .await?
        .rows_affected()
        });
        Ok(())
    }

    /// The card event of an execution.
    pub async fn card_of_execution(
        &self,
        execution_id: uuid::Uuid,
    ) -> Result<Option<CardEvent>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, CardEvent>(
            "SELECT event_id, room_id, thread_root, execution_id FROM matrix_events \
             WHERE execution_id = $1 AND role = 'card' ORDER BY created_at LIMIT 1",
        )
        .bind(execution_id)
        .fetch_optional(pool)
        .await?))
    }

    /// The card an event id shows, if it is one posted in `room_id`: an
    /// event of one room never reaches a card of another (a federated
    /// server can send a relation across rooms; Synapse refuses one only
    /// from its own users).
    pub async fn card_in_room(
        &self,
        room_id: &str,
        event_id: &str,
    ) -> Result<Option<CardEvent>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, CardEvent>(
            "SELECT event_id, room_id, thread_root, execution_id FROM matrix_events \
             WHERE event_id = $1 AND room_id = $2 AND role = 'card'",
        )
        .bind(event_id)
        .bind(room_id)
        .fetch_optional(pool)
        .await?))
    }

    /// The executions whose cards are in the thread rooted at `root` (or
    /// are that root).
    pub async fn cards_in_thread(
        &self,
        room_id: &str,
        root: &str,
    ) -> Result<Vec<uuid::Uuid>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_scalar::<_, uuid::Uuid>(
            "SELECT execution_id FROM matrix_events WHERE room_id = $1 AND role = 'card' \
             AND execution_id IS NOT NULL AND (thread_root = $2 OR event_id = $2)",
        )
        .bind(room_id)
        .bind(root)
        .fetch_all(pool)
        .await?))
    }

    /// Records one of the bot's own reactions on a card.
    pub async fn record_bot_reaction(
        &self,
        event_id: &str,
        room_id: &str,
        card_event_id: &str,
        key: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query(
            "INSERT INTO matrix_reactions (event_id, room_id, card_event_id, key, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(event_id)
        .bind(room_id)
        .bind(card_event_id)
        .bind(key)
        .bind(OffsetDateTime::now_utc())
        .execute(pool)
        .await?
        .rows_affected());
        Ok(())
    }

    /// Takes the bot's reactions on a card (each returned once, for removal).
    pub async fn bot_reactions(&self, card_event_id: &str) -> Result<Vec<String>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_scalar::<_, String>(
            "SELECT event_id FROM matrix_reactions WHERE card_event_id = $1 ORDER BY event_id",
        )
        .bind(card_event_id)
        .fetch_all(pool)
        .await?))
    }

    /// Forgets one of the bot's reactions once it is removed from the room.
    pub async fn forget_bot_reaction(&self, event_id: &str) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query(
            "DELETE FROM matrix_reactions WHERE event_id = $1"
        )
        .bind(event_id)
        .execute(pool)
        .await
        .map(|_| ())?);
        Ok(())
    }
}

impl Store {
    /// Records that `event_id` in `room_id` was redacted by `by`.
    pub async fn record_redaction(
        &self,
        event_id: &str,
        room_id: &str,
        by: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
            "INSERT INTO redactions (event_id, room_id, redacted_by, redacted_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (event_id, redacted_by) DO NOTHING",
        )
        .bind(event_id)
        .bind(room_id)
        .bind(by)
        .bind(OffsetDateTime::now_utc())
        .execute(pool)
        .await
        .map(|_| ())?
        });
        Ok(())
    }

    /// Whether `event_id` was taken back by `sender`, who sent it. A
    /// redaction by anyone else (a moderator, a room admin) does not take
    /// back someone's decision: it would let them withdraw an approver's
    /// ❌ or ✅ unseen.
    pub async fn is_redacted_by(&self, event_id: &str, sender: &str) -> Result<bool, StoreError> {
        let count: i64 = on_pool!(self, |pool| sqlx::query_scalar(
            "SELECT COUNT(*) FROM redactions WHERE event_id = $1 AND redacted_by = $2"
        )
        .bind(event_id)
        .bind(sender)
        .fetch_one(pool)
        .await?);
        Ok(count > 0)
    }
}

//! The `outbox` table: what Nomos has to say in rooms, written before it is
//! sent. [`crate::outbox`] owns the delivery (order, retries, coalescing);
//! this module only reads and writes the rows.
//!
//! A row is `pending` until the homeserver takes it (`sent`, with the event
//! id), a newer edit of the same card makes it pointless (`superseded`), or
//! the homeserver refused it for good (`failed`, with the reason).

use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, Survives, on_pool, on_tx};
use crate::domain::OutboxOp;

/// One queued operation.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxRow {
    pub seq: i64,
    pub room_id: String,
    pub op: OutboxOp,
    pub execution_id: Option<Uuid>,
    pub payload: String,
    pub txn_id: String,
    pub attempts: i32,
    pub next_attempt_at: OffsetDateTime,
}

/// What an enqueued operation is.
pub struct NewItem<'a> {
    pub room_id: &'a str,
    pub op: OutboxOp,
    pub execution_id: Option<Uuid>,
    pub payload: &'a str,
    /// A live edit of a running card need only survive a crash (the next
    /// start edits the card again); everything else waits for the disk.
    pub survives: Survives,
}

impl Store {
    /// Queues an operation; returns its sequence number.
    pub async fn outbox_enqueue(&self, item: &NewItem<'_>) -> Result<i64, StoreError> {
        Ok(self.outbox_enqueue_row(item).await?.seq)
    }

    /// Queues an operation; returns the row as stored.
    pub async fn outbox_enqueue_row(&self, item: &NewItem<'_>) -> Result<OutboxRow, StoreError> {
        let now = OffsetDateTime::now_utc();
        let txn = format!("nomos-{}", Uuid::now_v7().simple());
        let mut tx = self.begin_for(item.survives).await?;
        let seq: i64 = on_tx!(&mut tx, |conn| sqlx::query_scalar(
            "INSERT INTO outbox (room_id, op, execution_id, payload, txn_id, status, attempts, \
             next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6) \
             RETURNING seq",
        )
        .bind(item.room_id)
        .bind(item.op)
        .bind(item.execution_id)
        .bind(item.payload)
        .bind(txn.clone())
        .bind(now)
        .fetch_one(&mut *conn)
        .await?);
        tx.commit().await?;
        Ok(OutboxRow {
            seq,
            room_id: item.room_id.to_string(),
            op: item.op,
            execution_id: item.execution_id,
            payload: item.payload.to_string(),
            txn_id: txn,
            attempts: 0,
            next_attempt_at: now,
        })
    }

    /// The oldest pending operations, in the order they were queued.
    pub async fn outbox_pending(&self, limit: i64) -> Result<Vec<OutboxRow>, StoreError> {
        Ok(on_pool!(self, |pool| sqlx::query_as::<_, OutboxRow>(
            "SELECT seq, room_id, op, execution_id, payload, txn_id, attempts, next_attempt_at \
             FROM outbox WHERE status = 'pending' ORDER BY seq LIMIT $1",
        )
        .bind(limit)
        .fetch_all(pool)
        .await?))
    }

    /// How many operations wait to be sent.
    pub async fn outbox_depth(&self) -> Result<i64, StoreError> {
        Ok(on_pool!(self, |pool| sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM outbox WHERE status = 'pending'"
        )
        .fetch_one(pool)
        .await?))
    }

    /// Marks an operation done: `sent` (with the event it made, if any),
    /// `superseded` or `failed` (with the reason). Survives a crash, not
    /// always a power cut: a mark lost there only makes the worker try the
    /// row again, under the same transaction id, which the homeserver
    /// answers with the event it already made.
    pub async fn outbox_finish(
        &self,
        seq: i64,
        status: &str,
        event_id: Option<&str>,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        let now = OffsetDateTime::now_utc();
        let mut tx = self.begin_relaxed().await?;
        on_tx!(&mut tx, |conn| sqlx::query(
            "UPDATE outbox SET status = $2, event_id = $3, last_error = COALESCE($4, last_error), \
             done_at = $5 WHERE seq = $1 AND status = 'pending'",
        )
        .bind(seq)
        .bind(status)
        .bind(event_id)
        .bind(error)
        .bind(now)
        .execute(&mut *conn)
        .await
        .map(|_| ())?);
        tx.commit().await?;
        Ok(())
    }

    /// Records a failed attempt and when to try again.
    pub async fn outbox_retry_at(
        &self,
        seq: i64,
        next_attempt_at: OffsetDateTime,
        error: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $2, last_error = $3 \
             WHERE seq = $1 AND status = 'pending'",
        )
        .bind(seq)
        .bind(next_attempt_at)
        .bind(error)
        .execute(pool)
        .await
        .map(|_| ())?);
        Ok(())
    }

    /// The event a sent operation made (a thread root, a message replied to).
    pub async fn outbox_event_id(&self, seq: i64) -> Result<Option<String>, StoreError> {
        Ok(
            on_pool!(self, |pool| sqlx::query_scalar::<_, Option<String>>(
                "SELECT event_id FROM outbox WHERE seq = $1 AND status = 'sent'"
            )
            .bind(seq)
            .fetch_optional(pool)
            .await?)
            .flatten(),
        )
    }

    /// Forgets finished operations done before `before` (sent ones are
    /// only kept to resolve references and to show what happened lately).
    /// Returns how many rows went.
    pub async fn outbox_prune(&self, before: OffsetDateTime) -> Result<u64, StoreError> {
        Ok(on_pool!(self, |pool| sqlx::query(
            "DELETE FROM outbox WHERE status <> 'pending' AND done_at < $1"
        )
        .bind(before)
        .execute(pool)
        .await?
        .rows_affected()))
    }

    /// Counts of operations by status (for metrics and tests).
    pub async fn outbox_counts(&self) -> Result<Vec<(String, i64)>, StoreError> {
        Ok(on_pool!(self, |pool| sqlx::query_as::<_, (String, i64)>(
            "SELECT status, COUNT(*) FROM outbox GROUP BY status ORDER BY status"
        )
        .fetch_all(pool)
        .await?))
    }
}

//! Matrix bookkeeping: the `matrix_inbound` table (events already handled,
//! so a restart or a re-delivered sync batch never answers twice) and the
//! `matrix_events` table (which event shows which card or status message,
//! filled in by the Matrix front end as it grows).

use time::OffsetDateTime;

use super::{Store, StoreError, on_pool};

impl Store {
    /// Claims an inbound event for handling. Returns `true` exactly once per
    /// event id, however many times (or from however many tasks) it is
    /// called; the caller acts only on `true`.
    pub async fn claim_inbound_event(
        &self,
        event_id: &str,
        room_id: &str,
    ) -> Result<bool, StoreError> {
        let now = OffsetDateTime::now_utc();
        let inserted = on_pool!(self, |pool| sqlx::query(
            "INSERT INTO matrix_inbound (event_id, room_id, handled_at) VALUES ($1, $2, $3) \
             ON CONFLICT (event_id) DO NOTHING",
        )
        .bind(event_id)
        .bind(room_id)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(inserted == 1)
    }
}

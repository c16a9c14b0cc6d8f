//! Agent turns: the `turns` table, when each turn in a session started and
//! finished. It exists for one rule: chat assent ("go ahead") approves only
//! the cards of the last turn that had *finished* when the operator spoke,
//! and only those already in the room then, so a turn still running (or a
//! continuation that started after the message was written) is never
//! approved by words that could not have been about it.

use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, on_pool};

impl Store {
    /// Records that turn `id` of `session` started at `now`.
    pub async fn start_turn(
        &self,
        id: Uuid,
        session: Uuid,
        now: OffsetDateTime,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query(
            "INSERT INTO turns (id, session_id, started_at) VALUES ($1, $2, $3)"
        )
        .bind(id)
        .bind(session)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())?);
        Ok(())
    }

    /// Records that turn `id` finished at `now` (however it ended).
    pub async fn finish_turn(&self, id: Uuid, now: OffsetDateTime) -> Result<(), StoreError> {
        on_pool!(self, |pool| sqlx::query(
            "UPDATE turns SET finished_at = $2 WHERE id = $1 AND finished_at IS NULL"
        )
        .bind(id)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ())?);
        Ok(())
    }

    /// The last turn of `session` that had finished by `at`, with when
    /// it finished. Times are compared here, not in SQL: SQLite holds them
    /// as text whose order is not the time order within a second.
    pub async fn last_finished_turn(
        &self,
        session: Uuid,
        at: OffsetDateTime,
    ) -> Result<Option<(Uuid, OffsetDateTime)>, StoreError> {
        let recent: Vec<(Uuid, OffsetDateTime)> = on_pool!(self, |pool| {
            sqlx::query_as(
            "SELECT id, finished_at FROM turns WHERE session_id = $1 AND finished_at IS NOT NULL \
             ORDER BY finished_at DESC LIMIT 50",
        )
        .bind(session)
        .fetch_all(pool)
        .await?
        });
        Ok(recent
            .into_iter()
            .filter(|(_, finished)| *finished <= at)
            .max_by_key(|(_, finished)| *finished))
    }

    /// Whether the card of `execution` was in the room by `at`: its
    /// `matrix_events` row (written once the homeserver took the card)
    /// is no newer. Where cards are shown at once (the console, which
    /// records no Matrix events) pass `cards_posted = false`: then the
    /// execution's creation counts.
    pub async fn card_shown_by(
        &self,
        execution: Uuid,
        at: OffsetDateTime,
        cards_posted: bool,
    ) -> Result<bool, StoreError> {
        let sql = if cards_posted {
            "SELECT created_at FROM matrix_events WHERE execution_id = $1 AND role = 'card'"
        } else {
            "SELECT created_at FROM executions WHERE id = $1"
        };
        let times: Vec<OffsetDateTime> = on_pool!(self, |pool| sqlx::query_scalar(sql)
            .bind(execution)
            .fetch_all(pool)
            .await?);
        Ok(times.iter().any(|shown| *shown <= at))
    }
}

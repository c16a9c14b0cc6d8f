//! Conversations: the `sessions` table. One open session per room; `!new`
//! closes it and the next message opens a fresh one (old ones stay for
//! audit). Windows and executions hang off a session.

use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, on_pool};
use crate::domain::SurfaceKind;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Session {
    pub id: Uuid,
    pub room_id: String,
    pub surface: SurfaceKind,
    pub created_at: OffsetDateTime,
    pub closed_at: Option<OffsetDateTime>,
}

impl Store {
    /// The room's open session, created if there is none. Safe under
    /// concurrent calls: a unique index allows one open session per room.
    pub async fn open_session(
        &self,
        room_id: &str,
        surface: SurfaceKind,
    ) -> Result<Session, StoreError> {
        let now = OffsetDateTime::now_utc();
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO sessions (id, room_id, surface, created_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (room_id) WHERE closed_at IS NULL DO NOTHING",
            )
            .bind(Uuid::now_v7())
            .bind(room_id)
            .bind(surface)
            .bind(now)
            .execute(pool)
            .await?;
            Ok(sqlx::query_as::<_, Session>(
                "SELECT id, room_id, surface, created_at, closed_at FROM sessions \
                 WHERE room_id = $1 AND closed_at IS NULL",
            )
            .bind(room_id)
            .fetch_one(pool)
            .await?)
        })
    }
}

impl Store {
    /// A session by id.
    pub async fn get_session(&self, id: Uuid) -> Result<Option<Session>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, Session>(
            "SELECT id, room_id, surface, created_at, closed_at FROM sessions WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(pool)
        .await?))
    }
}

impl Store {
    /// Closes the room's open session (`!new`); the next message opens a
    /// fresh one. Returns whether there was one.
    pub async fn close_session(&self, room_id: &str) -> Result<bool, StoreError> {
        let now = OffsetDateTime::now_utc();
        let closed = on_pool!(self, |pool| sqlx::query(
            "UPDATE sessions SET closed_at = $2 WHERE room_id = $1 AND closed_at IS NULL",
        )
        .bind(room_id)
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected());
        Ok(closed > 0)
    }
}

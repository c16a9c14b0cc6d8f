//! The fleet model: the `entities`, `relationships` and `check_defs` tables.
//!
//! Entities are hosts, LXCs, services and networks, addressed by a slug of
//! the form `type:name` (`host:strong`, `lxc:caddy`). Writes are upserts by
//! slug that report whether anything changed, so importing the same
//! inventory twice changes nothing and says so.

use serde::Serialize;
use serde_json::Value;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, Tx, on_pool, on_tx};

/// What an upsert did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Upsert {
    Created,
    Updated,
    Unchanged,
}

/// An entity as stored.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Entity {
    pub id: Uuid,
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub slug: String,
    pub name: String,
    #[serde(skip_serializing_if = "Value::is_null")]
    pub attributes: Json<Value>,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    pub updated_at: OffsetDateTime,
}

/// An entity to create or update.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEntity {
    pub kind: String,
    pub slug: String,
    pub name: String,
    pub attributes: Value,
}

/// A check definition to create or update; `target` is an entity slug.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCheck {
    pub slug: String,
    pub target: String,
    pub kind: String,
    pub interval_secs: i64,
    pub spec: Value,
    pub enabled: bool,
}

/// Creates the entity or brings it up to date; returns its id and what
/// happened. A row whose type, name and attributes already match is left
/// untouched (its `updated_at` too).
pub async fn upsert_entity(tx: &mut Tx, entity: &NewEntity) -> Result<(Uuid, Upsert), StoreError> {
    let now = OffsetDateTime::now_utc();
    on_tx!(tx, |conn| {
        let existing: Option<(Uuid, String, String, Json<Value>)> =
            sqlx::query_as("SELECT id, type, name, attributes FROM entities WHERE slug = $1")
                .bind(&entity.slug)
                .fetch_optional(&mut *conn)
                .await?;
        match existing {
            None => {
                let id = Uuid::now_v7();
                sqlx::query(
                    "INSERT INTO entities (id, type, slug, name, attributes, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $6)",
                )
                .bind(id)
                .bind(&entity.kind)
                .bind(&entity.slug)
                .bind(&entity.name)
                .bind(Json(&entity.attributes))
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok((id, Upsert::Created))
            }
            Some((id, kind, name, attrs))
                if kind == entity.kind && name == entity.name && attrs.0 == entity.attributes =>
            {
                Ok((id, Upsert::Unchanged))
            }
            Some((id, ..)) => {
                sqlx::query(
                    "UPDATE entities SET type = $2, name = $3, attributes = $4, updated_at = $5 WHERE id = $1",
                )
                .bind(id)
                .bind(&entity.kind)
                .bind(&entity.name)
                .bind(Json(&entity.attributes))
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok((id, Upsert::Updated))
            }
        }
    })
}

/// Looks an entity's id up by slug inside a transaction.
pub async fn entity_id(tx: &mut Tx, slug: &str) -> Result<Option<Uuid>, StoreError> {
    on_tx!(tx, |conn| Ok(sqlx::query_scalar(
        "SELECT id FROM entities WHERE slug = $1"
    )
    .bind(slug)
    .fetch_optional(&mut *conn)
    .await?))
}

/// Deletes the entities of `kind` whose slug is not in `keep` (with their
/// relationships, links and checks, by the schema's cascades). Returns
/// how many went.
pub async fn delete_missing(tx: &mut Tx, kind: &str, keep: &[String]) -> Result<u64, StoreError> {
    let slugs: Vec<String> = on_tx!(tx, |conn| sqlx::query_scalar(
        "SELECT slug FROM entities WHERE type = $1"
    )
    .bind(kind)
    .fetch_all(&mut *conn)
    .await?);
    let mut deleted = 0;
    for slug in slugs.iter().filter(|s| !keep.contains(s)) {
        deleted += on_tx!(tx, |conn| sqlx::query(
            "DELETE FROM entities WHERE slug = $1"
        )
        .bind(slug)
        .execute(&mut *conn)
        .await?
        .rows_affected());
    }
    Ok(deleted)
}

/// Records `from --kind--> to` unless it exists. Returns `Created` or
/// `Unchanged`.
pub async fn ensure_relationship(
    tx: &mut Tx,
    from: Uuid,
    kind: &str,
    to: Uuid,
) -> Result<Upsert, StoreError> {
    let now = OffsetDateTime::now_utc();
    let inserted = on_tx!(tx, |conn| sqlx::query(
        "INSERT INTO relationships (from_id, kind, to_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (from_id, kind, to_id) DO NOTHING",
    )
    .bind(from)
    .bind(kind)
    .bind(to)
    .bind(now)
    .execute(&mut *conn)
    .await?
    .rows_affected());
    Ok(if inserted > 0 {
        Upsert::Created
    } else {
        Upsert::Unchanged
    })
}

/// Creates or updates a check definition by slug.
pub async fn upsert_check(
    tx: &mut Tx,
    check: &NewCheck,
    target_id: Uuid,
) -> Result<Upsert, StoreError> {
    let now = OffsetDateTime::now_utc();
    on_tx!(tx, |conn| {
        let existing: Option<(Uuid, Uuid, String, i64, Json<Value>, bool)> = sqlx::query_as(
            "SELECT id, target_id, kind, interval_secs, spec, enabled FROM check_defs WHERE slug = $1",
        )
        .bind(&check.slug)
        .fetch_optional(&mut *conn)
        .await?;
        match existing {
            None => {
                sqlx::query(
                    "INSERT INTO check_defs (id, slug, target_id, kind, interval_secs, spec, enabled, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
                )
                .bind(Uuid::now_v7())
                .bind(&check.slug)
                .bind(target_id)
                .bind(&check.kind)
                .bind(check.interval_secs)
                .bind(Json(&check.spec))
                .bind(check.enabled)
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok(Upsert::Created)
            }
            Some((_, target, kind, interval, spec, enabled))
                if target == target_id
                    && kind == check.kind
                    && interval == check.interval_secs
                    && spec.0 == check.spec
                    && enabled == check.enabled =>
            {
                Ok(Upsert::Unchanged)
            }
            Some((id, ..)) => {
                sqlx::query(
                    "UPDATE check_defs SET target_id = $2, kind = $3, interval_secs = $4, spec = $5, \
                     enabled = $6, updated_at = $7 WHERE id = $1",
                )
                .bind(id)
                .bind(target_id)
                .bind(&check.kind)
                .bind(check.interval_secs)
                .bind(Json(&check.spec))
                .bind(check.enabled)
                .bind(now)
                .execute(&mut *conn)
                .await?;
                Ok(Upsert::Updated)
            }
        }
    })
}

/// One entity's health as last observed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct EntityHealth {
    pub slug: String,
    #[sqlx(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub status: crate::domain::HealthStatus,
    pub detail: Option<String>,
    pub last_check_at: Option<OffsetDateTime>,
    /// Whether any enabled check watches it.
    pub monitored: bool,
}

impl Store {
    /// Every entity, or those of one type, ordered by slug.
    pub async fn list_entities(&self, kind: Option<&str>) -> Result<Vec<Entity>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, Entity>(
            "SELECT id, type, slug, name, attributes, created_at, updated_at FROM entities \
             WHERE ($1 IS NULL OR type = $1) ORDER BY slug",
        )
        .bind(kind)
        .fetch_all(pool)
        .await?))
    }

    /// The observed health of every entity (entities never observed are
    /// `unknown`), ordered by slug.
    pub async fn entity_health(&self) -> Result<Vec<EntityHealth>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, EntityHealth>(
            "SELECT e.slug, e.type, COALESCE(s.status, 'unknown') AS status, s.detail, s.last_check_at, \
             EXISTS (SELECT 1 FROM check_defs c WHERE c.target_id = e.id AND c.enabled = TRUE) AS monitored \
             FROM entities e LEFT JOIN entity_status s ON s.entity_id = e.id ORDER BY e.slug",
        )
        .fetch_all(pool)
        .await?)
        })
    }

    /// An entity's relationships both ways: `(kind, other slug, outgoing)`.
    pub async fn relationships_of(
        &self,
        entity: Uuid,
    ) -> Result<Vec<(String, String, bool)>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, (String, String, bool)>(
            "SELECT r.kind, e.slug, TRUE FROM relationships r JOIN entities e ON e.id = r.to_id WHERE r.from_id = $1 \
             UNION ALL \
             SELECT r.kind, e.slug, FALSE FROM relationships r JOIN entities e ON e.id = r.from_id WHERE r.to_id = $1 \
             ORDER BY 1, 2",
        )
        .bind(entity)
        .fetch_all(pool)
        .await?)
        })
    }

    /// One entity by slug.
    pub async fn get_entity(&self, slug: &str) -> Result<Option<Entity>, StoreError> {
        on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, Entity>(
            "SELECT id, type, slug, name, attributes, created_at, updated_at FROM entities WHERE slug = $1",
        )
        .bind(slug)
        .fetch_optional(pool)
        .await?)
        })
    }
}

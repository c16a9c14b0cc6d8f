//! What the fleet has taught us: the `knowledge` and `knowledge_entities`
//! tables (documents, investigations and runbooks, each optionally about
//! some entities). Full-text indexing is kept by the database itself (FTS5
//! triggers on SQLite, a generated tsvector on PostgreSQL).

use std::collections::BTreeSet;

use serde::Serialize;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::entities::Upsert;
use super::{StoreError, Tx, on_tx};

/// A knowledge item to create or update by slug.
#[derive(Debug, Clone, PartialEq)]
pub struct NewKnowledge {
    pub slug: String,
    pub kind: String,
    pub title: String,
    pub content: String,
    pub tags: Vec<String>,
    /// Ids of the entities this item is about. Replaces the stored set.
    pub about: BTreeSet<Uuid>,
}

/// A knowledge item as stored (without its links).
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Knowledge {
    pub id: Uuid,
    pub slug: String,
    pub kind: String,
    pub title: String,
    pub content: String,
    pub tags: Json<Vec<String>>,
}

/// Creates or updates a knowledge item and makes its entity links match
/// `item.about` exactly.
pub async fn upsert_knowledge(tx: &mut Tx, item: &NewKnowledge) -> Result<Upsert, StoreError> {
    let now = OffsetDateTime::now_utc();
    on_tx!(tx, |conn| {
        let existing: Option<Knowledge> = sqlx::query_as(
            "SELECT id, slug, kind, title, content, tags FROM knowledge WHERE slug = $1",
        )
        .bind(&item.slug)
        .fetch_optional(&mut *conn)
        .await?;
        let (id, mut outcome) = match existing {
            None => {
                let id = Uuid::now_v7();
                sqlx::query(
                    "INSERT INTO knowledge (id, slug, kind, title, content, tags, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
                )
                .bind(id)
                .bind(&item.slug)
                .bind(&item.kind)
                .bind(&item.title)
                .bind(&item.content)
                .bind(Json(&item.tags))
                .bind(now)
                .execute(&mut *conn)
                .await?;
                (id, Upsert::Created)
            }
            Some(row)
                if row.kind == item.kind
                    && row.title == item.title
                    && row.content == item.content
                    && row.tags.0 == item.tags =>
            {
                (row.id, Upsert::Unchanged)
            }
            Some(Knowledge { id, .. }) => {
                sqlx::query(
                    "UPDATE knowledge SET kind = $2, title = $3, content = $4, tags = $5, updated_at = $6 \
                     WHERE id = $1",
                )
                .bind(id)
                .bind(&item.kind)
                .bind(&item.title)
                .bind(&item.content)
                .bind(Json(&item.tags))
                .bind(now)
                .execute(&mut *conn)
                .await?;
                (id, Upsert::Updated)
            }
        };

        let linked: Vec<Uuid> =
            sqlx::query_scalar("SELECT entity_id FROM knowledge_entities WHERE knowledge_id = $1")
                .bind(id)
                .fetch_all(&mut *conn)
                .await?;
        let linked: BTreeSet<Uuid> = linked.into_iter().collect();
        for gone in linked.difference(&item.about) {
            sqlx::query(
                "DELETE FROM knowledge_entities WHERE knowledge_id = $1 AND entity_id = $2",
            )
            .bind(id)
            .bind(gone)
            .execute(&mut *conn)
            .await?;
        }
        for new in item.about.difference(&linked) {
            sqlx::query("INSERT INTO knowledge_entities (knowledge_id, entity_id) VALUES ($1, $2)")
                .bind(id)
                .bind(new)
                .execute(&mut *conn)
                .await?;
        }
        if outcome == Upsert::Unchanged && linked != item.about {
            outcome = Upsert::Updated;
        }
        Ok(outcome)
    })
}

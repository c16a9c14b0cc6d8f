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
use crate::domain::{EntryText, KnowledgeAuthor, KnowledgeEdit, KnowledgeKind};

/// A knowledge item to create or update by slug.
#[derive(Debug, Clone, PartialEq)]
pub struct NewKnowledge {
    pub slug: String,
    pub kind: KnowledgeKind,
    pub title: String,
    pub content: String,
    pub tags: Vec<String>,
    /// Ids of the entities this item is about. Replaces the stored set.
    pub about: BTreeSet<Uuid>,
    /// Who writes it. The agent cannot change an operator's entry.
    pub author: KnowledgeAuthor,
}

/// A knowledge item as stored (without its links).
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Knowledge {
    pub id: Uuid,
    pub slug: String,
    pub kind: KnowledgeKind,
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
        let written_by: Option<KnowledgeAuthor> =
            sqlx::query_scalar("SELECT written_by FROM knowledge WHERE slug = $1")
                .bind(&item.slug)
                .fetch_optional(&mut *conn)
                .await?;
        let unchanged = |row: &Knowledge| {
            row.kind == item.kind
                && row.title == item.title
                && row.content == item.content
                && row.tags.0 == item.tags
        };
        if item.author == KnowledgeAuthor::Agent
            && written_by == Some(KnowledgeAuthor::Operator)
            && let Some(row) = existing.as_ref()
        {
            // Its links are part of it: re-pointing them changes what the
            // entry is shown for.
            let links: Vec<Uuid> = sqlx::query_scalar(
                "SELECT entity_id FROM knowledge_entities WHERE knowledge_id = $1",
            )
            .bind(row.id)
            .fetch_all(&mut *conn)
            .await?;
            if !unchanged(row) || links.into_iter().collect::<BTreeSet<Uuid>>() != item.about {
                return Err(StoreError::Invalid(operator_entry(&item.slug)));
            }
        }
        let (id, mut outcome) = match existing {
            None => {
                let id = Uuid::now_v7();
                sqlx::query(
                    "INSERT INTO knowledge (id, slug, kind, title, content, tags, created_at, updated_at, written_by) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)",
                )
                .bind(id)
                .bind(&item.slug)
                .bind(item.kind)
                .bind(&item.title)
                .bind(&item.content)
                .bind(Json(&item.tags))
                .bind(now)
                .bind(item.author)
                .execute(&mut *conn)
                .await?;
                (id, Upsert::Created)
            }
            Some(row) if unchanged(&row) => (row.id, Upsert::Unchanged),
            Some(Knowledge { id, .. }) => {
                sqlx::query(
                    "UPDATE knowledge SET kind = $2, title = $3, content = $4, tags = $5, updated_at = $6, \
                     written_by = $7 WHERE id = $1",
                )
                .bind(id)
                .bind(item.kind)
                .bind(&item.title)
                .bind(&item.content)
                .bind(Json(&item.tags))
                .bind(now)
                .bind(item.author)
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

/// Why the agent may not change the entry `slug`.
fn operator_entry(slug: &str) -> String {
    format!(
        "`{slug}` was written by an operator, and the agent does not change an operator's entry \
         (their runbooks and notes reach every later conversation). Save what you learned under \
         a new slug (for example `{slug}-notes`) and tell the operator what you would change in \
         `{slug}` and why."
    )
}

/// A knowledge entry to save, as a caller names it (entities by slug).
#[derive(Debug, Clone, Copy)]
pub struct KnowledgeDraft<'a> {
    pub slug: &'a str,
    pub kind: KnowledgeKind,
    pub title: &'a str,
    pub content: &'a str,
    pub tags: &'a [String],
    /// Slugs of the entities it is about; `None` keeps the stored links.
    pub about: Option<&'a [String]>,
    /// Who writes it. The agent cannot change an operator's entry.
    pub author: KnowledgeAuthor,
}

/// One search result.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Hit {
    pub slug: String,
    pub kind: KnowledgeKind,
    pub title: String,
    /// A short excerpt with the matched words in `**bold**`.
    pub snippet: String,
    /// Higher is better (the backends' scores differ in scale).
    pub score: f64,
}

/// Knowledge about an entity, with how it was reached.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct AboutEntity {
    pub slug: String,
    pub kind: KnowledgeKind,
    pub title: String,
    pub content: String,
    /// The entity the item is linked to: the one asked about, or one it is
    /// related to (the host of a container, a service's container).
    pub via: String,
}

/// SQLite's FTS5 search: bm25 with titles weighted, excerpts for the
/// winners only.
async fn search_sqlite(
    pool: &sqlx::SqlitePool,
    terms: &[String],
    limit: i64,
) -> Result<Vec<Hit>, StoreError> {
    let fts = terms
        .iter()
        .map(|t| format!("\"{t}\""))
        .collect::<Vec<_>>()
        .join(" OR ");
    // Scoring every match of words found in most items costs a
    // bm25 per item; past RANKED matches, only the newest
    // RANKED are ranked (reading rowids in order is cheap).
    let floor: Option<i64> = sqlx::query_scalar(
        "SELECT rowid FROM knowledge_fts WHERE knowledge_fts MATCH $1 \
         ORDER BY rowid DESC LIMIT 1 OFFSET $2",
    )
    .bind(&fts)
    .bind(RANKED - 1)
    .fetch_optional(pool)
    .await?;
    let top: Vec<(i64, f64)> = sqlx::query_as(
        "SELECT rowid, bm25(knowledge_fts, 8.0, 1.0, 3.0) AS relevance FROM knowledge_fts \
         WHERE knowledge_fts MATCH $1 AND rowid >= $2 ORDER BY relevance LIMIT $3",
    )
    .bind(&fts)
    .bind(floor.unwrap_or(i64::MIN))
    .bind(limit)
    .fetch_all(pool)
    .await?;
    // Excerpts for the winners only, in one statement (FTS5 looks each
    // rowid of the list up), put back in their order.
    if top.is_empty() {
        return Ok(Vec::new());
    }
    let listed = (0..top.len())
        .map(|i| format!("${}", i + 2))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT knowledge_fts.rowid AS rowid, k.slug, k.kind, k.title, \
         snippet(knowledge_fts, 1, '**', '**', '…', 40) AS snippet \
         FROM knowledge_fts JOIN knowledge k ON k.rowid = knowledge_fts.rowid \
         WHERE knowledge_fts MATCH $1 AND knowledge_fts.rowid IN ({listed})"
    );
    let mut query = sqlx::query_as::<_, Excerpt>(sqlx::AssertSqlSafe(sql)).bind(&fts);
    for (rowid, _) in &top {
        query = query.bind(rowid);
    }
    let mut excerpts = query.fetch_all(pool).await?;
    let hits = top
        .iter()
        .filter_map(|(rowid, relevance)| {
            let at = excerpts.iter().position(|e| e.rowid == *rowid)?;
            let e = excerpts.swap_remove(at);
            Some(Hit {
                slug: e.slug,
                kind: e.kind,
                title: e.title,
                snippet: e.snippet,
                score: -relevance,
            })
        })
        .collect();
    Ok(hits)
}

/// A search winner's excerpt, by its rowid ([`search_sqlite`]).
#[derive(sqlx::FromRow)]
struct Excerpt {
    rowid: i64,
    slug: String,
    kind: KnowledgeKind,
    title: String,
    snippet: String,
}

/// PostgreSQL's full-text search: ts_rank over the newest matches, with
/// a headline for the winners.
async fn search_postgres(
    pool: &sqlx::PgPool,
    terms: &[String],
    limit: i64,
) -> Result<Vec<Hit>, StoreError> {
    let tsquery = terms.join(" | ");
    // As on SQLite: the newest RANKED matches are ranked (ids
    // are UUIDv7, so id order is age order), and the excerpt is
    // made for the winners only. The query stays a parameter of
    // each step, not a shared CTE, and the statement is planned
    // for each query (not cached): the planner needs the words
    // to choose between walking the newest items (common
    // words) and the full-text index (rare ones).
    Ok(sqlx::query_as::<_, Hit>(
        "WITH recent AS (SELECT k.id FROM knowledge k \
           WHERE k.search @@ to_tsquery('english', $1) ORDER BY k.id DESC LIMIT $3), \
         top AS (SELECT k.id, k.slug, \
           CAST(ts_rank(k.search, to_tsquery('english', $1)) AS DOUBLE PRECISION) AS score \
           FROM recent r JOIN knowledge k ON k.id = r.id \
           ORDER BY score DESC, k.slug LIMIT $2) \
         SELECT k.slug, k.kind, k.title, \
         ts_headline('english', k.content, to_tsquery('english', $1), \
           'StartSel=**, StopSel=**, MaxWords=48, MinWords=20, FragmentDelimiter=…') AS snippet, \
         top.score \
         FROM top JOIN knowledge k ON k.id = top.id \
         ORDER BY top.score DESC, top.slug",
    )
    .persistent(false)
    .bind(tsquery)
    .bind(limit)
    .bind(RANKED)
    .fetch_all(pool)
    .await?)
}

/// Matches ranked by relevance at most; an unselective query ranks the
/// newest this many.
const RANKED: i64 = 1000;

/// The words of a query, as plain tokens safe in any full-text syntax.
pub fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = query
        // ASCII only: a slug with a look-alike letter (Cyrillic `е`) would
        // be a new entry beside an operator's, shown by the same name.
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
        .collect();
    terms.dedup();
    terms.truncate(16);
    terms
}

impl super::Store {
    /// Full-text search over titles, tags and contents, best first. Any
    /// word may match; items matching more (and rarer) words, and matches
    /// in titles, rank higher. A query matching more than 1,000 items ranks
    /// the newest 1,000 of them, so its cost stays bounded.
    pub async fn search_knowledge(&self, query: &str, limit: i64) -> Result<Vec<Hit>, StoreError> {
        let terms = query_terms(query);
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        let limit = limit.clamp(1, 50);
        match &self.db {
            super::Db::Sqlite(pool) => search_sqlite(pool, &terms, limit).await,
            super::Db::Postgres(pool) => search_postgres(pool, &terms, limit).await,
        }
    }

    /// Brings the planner's statistics of the knowledge table up to date
    /// after a bulk load. PostgreSQL chooses how to find a query's newest
    /// matches (walk the newest items, or ask the full-text index) from
    /// how common its words are; with no statistics yet (a fresh import,
    /// before autovacuum's next round) it guesses every word rare, and a
    /// search for common words takes tens of milliseconds instead of a
    /// few. SQLite's FTS5 needs none: a no-op there.
    pub async fn refresh_search_statistics(&self) -> Result<(), StoreError> {
        match &self.db {
            super::Db::Sqlite(_) => Ok(()),
            super::Db::Postgres(pool) => {
                sqlx::query("ANALYZE knowledge").execute(pool).await?;
                Ok(())
            }
        }
    }

    /// Knowledge about `slug`, and about the entities it is related to in
    /// either direction (a runbook about a host shows for its containers).
    pub async fn knowledge_for_entity(&self, slug: &str) -> Result<Vec<AboutEntity>, StoreError> {
        super::on_pool!(self, |pool| {
            Ok(sqlx::query_as::<_, AboutEntity>(
            "WITH target AS (SELECT id, slug FROM entities WHERE slug = $1), \
             near AS ( \
               SELECT id, slug, 0 AS hop FROM target \
               UNION SELECT e.id, e.slug, 1 FROM relationships r JOIN target t ON r.from_id = t.id \
                 JOIN entities e ON e.id = r.to_id \
               UNION SELECT e.id, e.slug, 1 FROM relationships r JOIN target t ON r.to_id = t.id \
                 JOIN entities e ON e.id = r.from_id \
             ), \
             ranked AS ( \
               SELECT k.slug, k.kind, k.title, k.content, n.slug AS via, n.hop, \
                 ROW_NUMBER() OVER (PARTITION BY k.slug ORDER BY n.hop, n.slug) AS pick \
               FROM near n JOIN knowledge_entities ke ON ke.entity_id = n.id \
                 JOIN knowledge k ON k.id = ke.knowledge_id \
             ) \
             SELECT slug, kind, title, content, via FROM ranked WHERE pick = 1 ORDER BY hop, kind, slug",
        )
        .bind(slug)
        .fetch_all(pool)
        .await?)
        })
    }

    /// Creates or updates an item by slug, linking it to the entities named
    /// in `about` (slugs; `None` keeps the current links). An unknown
    /// entity is an error naming it.
    pub async fn save_knowledge(&self, draft: &KnowledgeDraft<'_>) -> Result<Upsert, StoreError> {
        let KnowledgeDraft {
            slug,
            kind,
            title,
            content,
            tags,
            about,
            author,
        } = *draft;
        let mut tx = self.begin().await?;
        let about_ids: BTreeSet<Uuid> = match about {
            Some(slugs) => entity_ids(&mut tx, slugs).await?,
            None => on_tx!(&mut tx, |conn| sqlx::query_scalar::<_, Uuid>(
                "SELECT ke.entity_id FROM knowledge_entities ke JOIN knowledge k ON k.id = ke.knowledge_id \
                 WHERE k.slug = $1",
            )
            .bind(slug)
            .fetch_all(&mut *conn)
            .await?)
            .into_iter()
            .collect(),
        };
        let outcome = upsert_knowledge(
            &mut tx,
            &NewKnowledge {
                slug: slug.to_string(),
                kind,
                title: title.to_string(),
                content: content.to_string(),
                tags: tags.to_vec(),
                about: about_ids,
                author,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(outcome)
    }

    /// One item by slug.
    pub async fn get_knowledge(&self, slug: &str) -> Result<Option<Knowledge>, StoreError> {
        super::on_pool!(self, |pool| Ok(sqlx::query_as::<_, Knowledge>(
            "SELECT id, slug, kind, title, content, tags FROM knowledge WHERE slug = $1",
        )
        .bind(slug)
        .fetch_optional(pool)
        .await?))
    }

    /// Who wrote item `slug` last (`None`: no such item, or written before
    /// authors were recorded).
    pub async fn knowledge_author(
        &self,
        slug: &str,
    ) -> Result<Option<KnowledgeAuthor>, StoreError> {
        let found: Option<Option<KnowledgeAuthor>> = super::on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT written_by FROM knowledge WHERE slug = $1")
                .bind(slug)
                .fetch_optional(pool)
                .await?
        });
        Ok(found.flatten())
    }
}

/// Entry `slug` as a knowledge change shows and compares it (its linked
/// entities by slug, sorted here so both databases agree).
async fn entry_text_in(tx: &mut Tx, slug: &str) -> Result<Option<EntryText>, StoreError> {
    on_tx!(tx, |conn| {
        let Some(row) = sqlx::query_as::<_, Knowledge>(
            "SELECT id, slug, kind, title, content, tags FROM knowledge WHERE slug = $1",
        )
        .bind(slug)
        .fetch_optional(&mut *conn)
        .await?
        else {
            return Ok(None);
        };
        let mut about: Vec<String> = sqlx::query_scalar(
            "SELECT e.slug FROM knowledge_entities ke JOIN entities e ON e.id = ke.entity_id \
             WHERE ke.knowledge_id = $1",
        )
        .bind(row.id)
        .fetch_all(&mut *conn)
        .await?;
        about.sort();
        Ok(Some(EntryText {
            kind: row.kind,
            title: row.title,
            content: row.content,
            tags: row.tags.0,
            about,
        }))
    })
}

/// The ids of the entities `slugs` name; an error naming the first that
/// does not exist.
async fn entity_ids(tx: &mut Tx, slugs: &[String]) -> Result<BTreeSet<Uuid>, StoreError> {
    let mut ids = BTreeSet::new();
    for entity in slugs {
        match super::entities::entity_id(tx, entity).await? {
            Some(id) => ids.insert(id),
            None => {
                return Err(StoreError::Invalid(format!(
                    "there is no entity `{entity}` to link to"
                )));
            }
        };
    }
    Ok(ids)
}

/// What became of an approved knowledge change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditApplied {
    /// Written as its card showed it (and audited).
    Written,
    /// The entry is no longer what the card showed (an operator changed
    /// it, or the change already applied): nothing was written.
    Changed,
}

impl super::Store {
    /// Entry `slug` as a knowledge change shows it, with who wrote it
    /// last (`None`: no such entry).
    pub async fn knowledge_entry(
        &self,
        slug: &str,
    ) -> Result<Option<(EntryText, Option<KnowledgeAuthor>)>, StoreError> {
        let mut tx = self.begin().await?;
        let text = entry_text_in(&mut tx, slug).await?;
        tx.commit().await?;
        match text {
            Some(text) => Ok(Some((text, self.knowledge_author(slug).await?))),
            None => Ok(None),
        }
    }

    /// Writes an approved knowledge change in one transaction, with its
    /// audit row: only onto the entry its card showed, and as the
    /// operator's (a person approved every line of it). `audit`: the row
    /// recorded with it.
    pub async fn apply_knowledge_edit(
        &self,
        edit: &KnowledgeEdit,
        audit: &super::audit::Entry<'_>,
    ) -> Result<EditApplied, StoreError> {
        let mut tx = self.begin().await?;
        if entry_text_in(&mut tx, &edit.slug).await?.as_ref() != Some(&edit.before) {
            tx.commit().await?; // nothing was written
            return Ok(EditApplied::Changed);
        }
        let about = entity_ids(&mut tx, &edit.after.about).await?;
        let after = &edit.after;
        upsert_knowledge(
            &mut tx,
            &NewKnowledge {
                slug: edit.slug.clone(),
                kind: after.kind,
                title: after.title.clone(),
                content: after.content.clone(),
                tags: after.tags.clone(),
                about,
                author: KnowledgeAuthor::Operator,
            },
        )
        .await?;
        super::audit::record(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(EditApplied::Written)
    }
}

/// A slug from a title: lowercase ASCII words joined by `-`.
pub fn slugify(title: &str) -> String {
    let mut slug = String::with_capacity(title.len());
    for word in title
        // ASCII only: a slug with a look-alike letter (Cyrillic `е`) would
        // be a new entry beside an operator's, shown by the same name.
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !slug.is_empty() {
            slug.push('-');
        }
        slug.push_str(&word.to_lowercase());
        if slug.len() >= 80 {
            break;
        }
    }
    slug
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_terms_are_plain_words() {
        assert_eq!(
            query_terms("docker-cli \"AND\" (debian 13)*"),
            ["docker", "cli", "and", "debian", "13"]
        );
        assert!(query_terms("  ** ").is_empty());
    }

    #[test]
    fn slugs_from_titles() {
        assert_eq!(
            slugify("Debian 13: docker.io has no `docker` CLI!"),
            "debian-13-docker-io-has-no-docker-cli"
        );
        assert_eq!(slugify("r\u{435}store-runbook"), "r-store-runbook");
        assert_eq!(slugify("\u{440}\u{435}"), "");
    }
}

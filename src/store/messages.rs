//! The conversation record: the `messages` table. Every turn's user
//! message, system notes, assistant replies with their tool calls, and tool
//! results (already truncated by the agent) are appended here in order, so
//! the next turn can replay them. Token usage sits on the assistant rows and
//! sums per turn, and so does the reasoning a thinking model sent (opaque
//! JSON, handed back to the model, never shown).

use serde_json::Value;
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::{Store, StoreError, on_pool, on_tx};
use crate::domain::Role;

/// A message to append.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NewMessage {
    pub turn_id: Option<Uuid>,
    pub role: Role,
    pub sender: Option<String>,
    pub content: String,
    /// The assistant's tool calls, as the model sent them.
    pub tool_calls: Option<Value>,
    pub tool_call_id: Option<String>,
    pub prompt_tokens: Option<i64>,
    pub completion_tokens: Option<i64>,
    /// The assistant's reasoning: the model's own JSON, opaque here.
    pub reasoning: Option<Value>,
}

/// A stored message.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct StoredMessage {
    pub id: Uuid,
    pub seq: i64,
    pub turn_id: Option<Uuid>,
    pub role: Role,
    pub sender: Option<String>,
    pub content: String,
    pub tool_calls: Option<Json<Value>>,
    pub tool_call_id: Option<String>,
    pub prompt_tokens: Option<i64>,
    pub completion_tokens: Option<i64>,
    pub reasoning: Option<Json<Value>>,
    pub created_at: OffsetDateTime,
}

/// Tokens a turn cost, summed over its model calls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnUsage {
    pub prompt_tokens: i64,
    pub completion_tokens: i64,
    pub calls: i64,
}

const COLUMNS: &str = "id, seq, turn_id, role, sender, content, tool_calls, tool_call_id, prompt_tokens, \
     completion_tokens, reasoning, created_at";

impl Store {
    /// Appends `message` to the session's record; returns its sequence
    /// number. Sequence numbers are assigned inside the write transaction,
    /// so concurrent appends never collide.
    pub async fn append_message(
        &self,
        session: Uuid,
        message: &NewMessage,
    ) -> Result<i64, StoreError> {
        let mut tx = self.begin().await?;
        let seq = on_tx!(&mut tx, |conn| {
            let seq: i64 = sqlx::query_scalar(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE session_id = $1",
            )
            .bind(session)
            .fetch_one(&mut *conn)
            .await?;
            sqlx::query(
                "INSERT INTO messages (id, session_id, seq, turn_id, role, sender, content, tool_calls, \
                 tool_call_id, prompt_tokens, completion_tokens, reasoning, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .bind(Uuid::now_v7())
            .bind(session)
            .bind(seq)
            .bind(message.turn_id)
            .bind(message.role)
            .bind(&message.sender)
            .bind(&message.content)
            .bind(message.tool_calls.as_ref().map(Json))
            .bind(&message.tool_call_id)
            .bind(message.prompt_tokens)
            .bind(message.completion_tokens)
            .bind(message.reasoning.as_ref().map(Json))
            .bind(OffsetDateTime::now_utc())
            .execute(&mut *conn)
            .await?;
            seq
        });
        tx.commit().await?;
        Ok(seq)
    }

    /// The session's last `limit` messages, oldest first.
    pub async fn history(
        &self,
        session: Uuid,
        limit: i64,
    ) -> Result<Vec<StoredMessage>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM (SELECT {COLUMNS} FROM messages WHERE session_id = $1 \
             ORDER BY seq DESC LIMIT $2) recent ORDER BY seq"
        );
        on_pool!(self, |pool| Ok(sqlx::query_as::<_, StoredMessage>(
            sqlx::AssertSqlSafe(sql)
        )
        .bind(session)
        .bind(limit)
        .fetch_all(pool)
        .await?))
    }

    /// The most recent turn in which the agent answered, if any.
    pub async fn last_agent_turn(&self, session: Uuid) -> Result<Option<Uuid>, StoreError> {
        on_pool!(self, |pool| Ok(sqlx::query_scalar::<_, Option<Uuid>>(
            "SELECT turn_id FROM messages WHERE session_id = $1 AND role = 'assistant' \
             ORDER BY seq DESC LIMIT 1"
        )
        .bind(session)
        .fetch_optional(pool)
        .await?
        .flatten()))
    }

    /// What a turn cost in tokens.
    pub async fn turn_usage(&self, turn: Uuid) -> Result<TurnUsage, StoreError> {
        let (prompt, completion, calls): (Option<i64>, Option<i64>, i64) = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT CAST(SUM(prompt_tokens) AS BIGINT), CAST(SUM(completion_tokens) AS BIGINT), COUNT(*) \
                 FROM messages WHERE turn_id = $1 AND role = 'assistant'",
            )
            .bind(turn)
            .fetch_one(pool)
            .await?
        });
        Ok(TurnUsage {
            prompt_tokens: prompt.unwrap_or(0),
            completion_tokens: completion.unwrap_or(0),
            calls,
        })
    }
}

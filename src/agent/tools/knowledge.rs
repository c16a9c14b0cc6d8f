//! Knowledge that grows: `search_knowledge`, `get_knowledge`,
//! `get_entity_knowledge` and `upsert_knowledge`. The agent looks up what the lab has learned before
//! it acts, and writes down what it learned after (an investigation, a
//! runbook), linked to the entities it is about.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::domain::{EntryText, KnowledgeAuthor, KnowledgeEdit, KnowledgeKind};
use crate::store::StoreError;
use crate::store::entities::Upsert;
use crate::store::knowledge::slugify;

pub(super) struct SearchKnowledge;
pub(super) struct GetKnowledge;
pub(super) struct GetEntityKnowledge;
pub(super) struct UpsertKnowledge;

/// Characters of each item's content `get_entity_knowledge` returns.
const CONTENT_CHARS: usize = 3000;
/// Longest content accepted.
const MAX_CONTENT_BYTES: usize = 64 * 1024;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchArgs {
    query: String,
    #[serde(default)]
    limit: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntityArgs {
    slug: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct UpsertArgs {
    title: String,
    content: String,
    #[serde(default)]
    about: Option<Vec<String>>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    slug: Option<String>,
}

impl Tool for SearchKnowledge {
    fn name(&self) -> &'static str {
        "search_knowledge"
    }

    fn description(&self) -> &'static str {
        "Search what this lab has learned: documents, investigations of past problems and runbooks, \
         best match first, each with its slug, title, how well it matches and an excerpt around \
         the matched words. Search before you act on something that may have bitten before; \
         `get_knowledge` reads a result whole."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Plain words."},
                "limit": {"type": "integer", "description": "At most this many results (default 5, up to 20)."}
            },
            "required": ["query"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: SearchArgs = args(self.name(), raw)?;
            let limit = a.limit.unwrap_or(5).clamp(1, 20);
            let hits = ctx.agent.store().search_knowledge(&a.query, limit).await?;
            Ok(readable_hits(&hits))
        })
    }
}

/// Search hits as the model reads them: rank, slug, title, kind, how well
/// each matches next to the best (the backends' raw scores mean nothing
/// to a reader), and the excerpt.
fn readable_hits(hits: &[crate::store::knowledge::Hit]) -> Value {
    let best = hits.iter().map(|h| h.score).fold(0.0_f64, f64::max);
    let results: Vec<Value> = hits
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let relative = if best > 0.0 { h.score / best } else { 0.0 };
            let matches = if i == 0 || relative >= 0.66 {
                "strong"
            } else if relative >= 0.33 {
                "fair"
            } else {
                "weak"
            };
            json!({
                "rank": i + 1,
                "slug": h.slug,
                "title": h.title,
                "kind": h.kind,
                "matches": matches,
                "excerpt": h.snippet,
            })
        })
        .collect();
    json!({
        "count": results.len(),
        "results": results,
        "note": "Excerpts are cut; get_knowledge with a slug returns the entry whole.",
    })
}

impl Tool for GetKnowledge {
    fn name(&self) -> &'static str {
        "get_knowledge"
    }

    fn description(&self) -> &'static str {
        "One knowledge entry whole, by its slug (as search_knowledge lists them): title, kind, \
         tags, who wrote it and its full content."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {"slug": {"type": "string", "description": "The entry's slug."}},
            "required": ["slug"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: EntityArgs = args(self.name(), raw)?;
            let slug = a.slug.trim();
            let Some(entry) = ctx.agent.store().get_knowledge(slug).await? else {
                return Err(ToolError::Refused(format!(
                    "no knowledge entry `{slug}`; search_knowledge lists entries with their slugs"
                )));
            };
            let written_by = ctx.agent.store().knowledge_author(slug).await?;
            Ok(json!({
                "slug": entry.slug,
                "title": entry.title,
                "kind": entry.kind,
                "tags": entry.tags.0,
                "written_by": written_by,
                "content": entry.content,
            }))
        })
    }
}

impl Tool for GetEntityKnowledge {
    fn name(&self) -> &'static str {
        "get_entity_knowledge"
    }

    fn description(&self) -> &'static str {
        "Everything written down about an entity (`lxc:NAME`, `host:NAME`, …) and about the \
         entities it is related to: a runbook about a host shows for its containers. Each item says \
         which entity it was found through."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {"slug": {"type": "string", "description": "type:name, e.g. lxc:web"}},
            "required": ["slug"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: EntityArgs = args(self.name(), raw)?;
            let slug = a.slug.trim();
            if ctx.agent.store().get_entity(slug).await?.is_none() {
                return Err(ToolError::Refused(format!(
                    "no entity `{slug}`; list_entities shows what exists"
                )));
            }
            let items = ctx.agent.store().knowledge_for_entity(slug).await?;
            let items: Vec<Value> = items
                .into_iter()
                .map(|k| {
                    let cut = k.content.chars().count() > CONTENT_CHARS;
                    json!({
                        "slug": k.slug,
                        "kind": k.kind,
                        "title": k.title,
                        "via": k.via,
                        "content": k.content.chars().take(CONTENT_CHARS).collect::<String>(),
                        "content_cut": cut,
                    })
                })
                .collect();
            Ok(json!({ "entity": slug, "count": items.len(), "items": items }))
        })
    }
}

impl Tool for UpsertKnowledge {
    fn name(&self) -> &'static str {
        "upsert_knowledge"
    }

    fn description(&self) -> &'static str {
        "Write down what was learned, so the next time goes faster: an `investigation` (what broke, \
         why, how it was fixed), a `runbook` (steps that work) or a `document`. Link it to the \
         entities it is about with `about` (slugs). Saving again with the same `slug` updates the \
         item in place (also to change its title); without `slug`, one is made from the title. An \
         entry an operator wrote is not changed directly: your change is shown on a card as a diff \
         and written once a person approves it."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "title": {"type": "string"},
                "content": {"type": "string", "description": "Markdown: symptoms, cause, fix, commands that worked."},
                "about": {"type": "array", "items": {"type": "string"}, "description": "Entity slugs, e.g. [\"lxc:web\"]. Left out: links stay as they are."},
                "tags": {"type": "array", "items": {"type": "string"}},
                "kind": {"type": "string", "enum": ["document", "investigation", "runbook"], "description": "Default investigation."},
                "slug": {"type": "string", "description": "The existing item's slug, to update it (and re-title it)."}
            },
            "required": ["title", "content"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: UpsertArgs = args(self.name(), raw)?;
            let title = a.title.trim();
            if title.is_empty() || a.content.trim().is_empty() {
                return Err(ToolError::Refused(
                    "`title` and `content` must not be empty".into(),
                ));
            }
            if a.content.len() > MAX_CONTENT_BYTES {
                return Err(ToolError::Refused(format!(
                    "`content` is {} bytes; keep it under {MAX_CONTENT_BYTES}",
                    a.content.len()
                )));
            }
            let word = a.kind.as_deref().unwrap_or("investigation");
            let Ok(kind) = word.parse::<KnowledgeKind>() else {
                return Err(ToolError::Arguments {
                    tool: "upsert_knowledge",
                    reason: format!("`kind` is `{word}`; use document, investigation or runbook"),
                });
            };
            let slug = match a.slug.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
                Some(given) => slugify(given),
                None => slugify(title),
            };
            if slug.is_empty() {
                return Err(ToolError::Refused(
                    "the title has no letters or digits to make a slug from".into(),
                ));
            }
            let store = ctx.agent.store();
            // The whole entry before (title, kind, tags, links too): an
            // operator's is changed only through a card; the room is shown
            // what changed in any other.
            let before = match store.knowledge_entry(&slug).await? {
                Some((current, Some(KnowledgeAuthor::Operator))) => {
                    let draft = Draft {
                        slug: &slug,
                        kind,
                        title,
                        args: &a,
                    };
                    return propose_change(ctx, draft, current).await;
                }
                entry => entry.map(|(text, _)| text),
            };
            let outcome = store
                .save_knowledge(&crate::store::knowledge::KnowledgeDraft {
                    slug: &slug,
                    kind,
                    title,
                    content: &a.content,
                    tags: &a.tags,
                    about: a.about.as_deref(),
                    author: KnowledgeAuthor::Agent,
                })
                .await
                .map_err(|e| match e {
                    StoreError::Invalid(why) => ToolError::Refused(why),
                    other => ToolError::Store(other),
                })?;
            let what = match outcome {
                Upsert::Created => "created",
                Upsert::Updated => "updated",
                Upsert::Unchanged => "unchanged",
            };
            if outcome != Upsert::Unchanged {
                let after = store.knowledge_entry(&slug).await?.map(|(text, _)| text);
                let document =
                    |t: Option<&EntryText>| t.map(EntryText::document).unwrap_or_default();
                announce(
                    ctx,
                    &slug,
                    what,
                    title,
                    &document(before.as_ref()),
                    &document(after.as_ref()),
                )
                .await?;
            }
            Ok(json!({ "slug": slug, "kind": kind, "outcome": what }))
        })
    }
}

/// What the agent asked to write, read.
struct Draft<'a> {
    slug: &'a str,
    kind: KnowledgeKind,
    title: &'a str,
    args: &'a UpsertArgs,
}

/// The agent's change to an operator's entry: never written silently (the
/// operator's runbooks and notes reach every later conversation), it is
/// proposed on a card showing the whole change, which a person approves.
async fn propose_change(
    ctx: &mut TurnCtx,
    draft: Draft<'_>,
    current: EntryText,
) -> super::ToolResult {
    let about = match &draft.args.about {
        Some(slugs) => {
            let mut about: Vec<String> = slugs.iter().map(|s| s.trim().to_string()).collect();
            about.sort();
            about.dedup();
            for entity in &about {
                if ctx.agent.store().get_entity(entity).await?.is_none() {
                    return Err(ToolError::Refused(format!(
                        "there is no entity `{entity}` to link to; list_entities shows what exists"
                    )));
                }
            }
            about
        }
        None => current.about.clone(),
    };
    let after = EntryText {
        kind: draft.kind,
        title: draft.title.to_string(),
        content: draft.args.content.clone(),
        tags: draft.args.tags.clone(),
        about,
    };
    if after == current {
        return Ok(json!({ "slug": draft.slug, "kind": draft.kind, "outcome": "unchanged" }));
    }
    let edit = KnowledgeEdit {
        slug: draft.slug.to_string(),
        before: current,
        after,
        restores: None,
    };
    let request = crate::store::executions::Request {
        session_id: Some(ctx.session),
        target: KnowledgeEdit::target_of(draft.slug),
        command: edit.command(),
        purpose: format!(
            "change the operator's {} `{}` as the diff shows",
            draft.kind.as_str(),
            draft.slug
        ),
        work: crate::domain::Work::Knowledge(Box::new(edit)),
        window: None,
        declared_risk: None,
        requested_by: ctx.requested_by.clone(),
        turn_id: Some(ctx.turn),
    };
    let mut result = super::run::submit(ctx, request).await?;
    if let Some(fields) = result.as_object_mut() {
        fields.insert(
            "why_a_card".into(),
            json!(format!(
                "`{}` was written by an operator: your change is proposed on a card and is \
                 written only if a person approves it (no window covers it). Tell them why.",
                draft.slug
            )),
        );
    }
    Ok(result)
}

/// Records a knowledge write by the agent in the audit trail and tells the
/// room, with what changed: what the agent writes down reaches every later
/// conversation, so nobody should learn of it by accident.
async fn announce(
    ctx: &TurnCtx,
    slug: &str,
    what: &str,
    title: &str,
    before: &str,
    after: &str,
) -> Result<(), ToolError> {
    ctx.agent
        .store()
        .audit(&crate::store::audit::Entry {
            at: time::OffsetDateTime::now_utc(),
            actor: &ctx.requested_by,
            via: crate::domain::Via::System,
            action: crate::store::audit::Action::KnowledgeWritten,
            execution_id: None,
            approval_id: None,
            risk_class: None,
            detail: json!({ "slug": slug, "outcome": what, "title": title, "written_by": "agent" }),
        })
        .await?;
    let diff = crate::domain::file::unified_diff(
        before,
        after,
        (&format!("a/{slug}"), &format!("b/{slug}")),
        1,
    );
    let text = crate::chat::strings::turn::knowledge_written(slug, what, title, &diff);
    ctx.agent
        .say(&ctx.room, crate::chat::Outbound::notice(text))
        .await;
    Ok(())
}

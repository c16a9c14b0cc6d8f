//! The fleet as the agent sees it: `list_entities`, `get_entity`,
//! `get_health_summary`, and the compact snapshot in every system prompt.
//! Health counts monitored entities (what a check watches), never checks,
//! so a dashboard of probes cannot pass for the fleet.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::domain::Target;
use crate::store::entities::EntityHealth;
use crate::store::{Store, StoreError};

pub(super) struct ListEntities;
pub(super) struct GetEntity;
pub(super) struct GetHealthSummary;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListArgs {
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GetArgs {
    slug: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArgs {}

impl Tool for ListEntities {
    fn name(&self) -> &'static str {
        "list_entities"
    }

    fn description(&self) -> &'static str {
        "List the fleet from the inventory: hosts, containers (lxc), services and networks, with \
         their attributes (address, VMID, bridge, IP, gateway, the host a container lives on) and \
         last observed health. Filter with `type` (host, lxc, service, network). Use it before \
         choosing a target, a bridge or a gateway."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "type": {"type": "string", "description": "host, lxc, service or network; all when left out."}
            },
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: ListArgs = args(self.name(), raw)?;
            let store = ctx.agent.store();
            let kind = a.kind.as_deref().map(str::trim).filter(|k| !k.is_empty());
            let entities = store.list_entities(kind).await?;
            let health = health_by_slug(store).await?;
            let list: Vec<Value> = entities
                .iter()
                .map(|e| {
                    json!({
                        "slug": e.slug,
                        "attributes": e.attributes.0,
                        "status": health.get(e.slug.as_str()).map(|h| h.status.as_str()).unwrap_or("unknown"),
                    })
                })
                .collect();
            if list.is_empty()
                && let Some(kind) = kind
            {
                return Err(ToolError::Refused(format!(
                    "no entities of type `{kind}`; the types are host, lxc, service and network"
                )));
            }
            Ok(json!({ "count": list.len(), "entities": list }))
        })
    }
}

impl Tool for GetEntity {
    fn name(&self) -> &'static str {
        "get_entity"
    }

    fn description(&self) -> &'static str {
        "Everything known about one entity by slug (`host:NAME`, `lxc:NAME`, `service:…`, \
         `network:…`): attributes, relationships to other entities (runs_on, depends_on, …) and \
         health as last observed."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "slug": {"type": "string", "description": "type:name, e.g. lxc:caddy"}
            },
            "required": ["slug"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: GetArgs = args(self.name(), raw)?;
            let store = ctx.agent.store();
            let slug = a.slug.trim();
            let Some(entity) = store.get_entity(slug).await? else {
                let near: Vec<String> = store
                    .list_entities(None)
                    .await?
                    .into_iter()
                    .map(|e| e.slug)
                    .filter(|s| {
                        let name = slug.rsplit(':').next().unwrap_or(slug);
                        !name.is_empty() && s.contains(name)
                    })
                    .take(10)
                    .collect();
                return Err(ToolError::Refused(if near.is_empty() {
                    format!("no entity `{slug}`; list_entities shows what exists")
                } else {
                    format!("no entity `{slug}`; did you mean {}?", near.join(", "))
                }));
            };
            let relationships: Vec<Value> = store
                .relationships_of(entity.id)
                .await?
                .into_iter()
                .map(|(kind, other, outgoing)| {
                    if outgoing {
                        json!({ "kind": kind, "to": other })
                    } else {
                        json!({ "kind": kind, "from": other })
                    }
                })
                .collect();
            let health = health_by_slug(store).await?;
            let status = health.get(entity.slug.as_str());
            Ok(json!({
                "slug": entity.slug,
                "type": entity.kind,
                "name": entity.name,
                "attributes": entity.attributes.0,
                "relationships": relationships,
                "health": status.map(|h| json!({
                    "status": h.status,
                    "detail": h.detail,
                    "last_check_at": h.last_check_at.map(|t| t.unix_timestamp()),
                    "monitored": h.monitored,
                })),
            }))
        })
    }
}

impl Tool for GetHealthSummary {
    fn name(&self) -> &'static str {
        "get_health_summary"
    }

    fn description(&self) -> &'static str {
        "The fleet's health now: how many monitored entities are healthy, degraded, unhealthy, \
         stale or not yet checked, and which ones need attention with the last check's detail."
    }

    fn parameters(&self) -> Value {
        json!({ "type": "object", "properties": {}, "additionalProperties": false })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let _: NoArgs = args(self.name(), raw)?;
            let rows = ctx.agent.store().entity_health().await?;
            Ok(summary(&rows))
        })
    }
}

async fn health_by_slug(store: &Store) -> Result<BTreeMap<String, EntityHealth>, StoreError> {
    Ok(store
        .entity_health()
        .await?
        .into_iter()
        .map(|h| (h.slug.clone(), h))
        .collect())
}

/// Counts over monitored entities, and the ones that need attention.
pub(super) fn summary(rows: &[EntityHealth]) -> Value {
    let monitored: Vec<&EntityHealth> = rows.iter().filter(|h| h.monitored).collect();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for h in &monitored {
        *counts.entry(h.status.as_str()).or_default() += 1;
    }
    let attention: Vec<Value> = monitored
        .iter()
        .filter(|h| h.status.is_trouble())
        .map(|h| json!({ "slug": h.slug, "status": h.status, "detail": h.detail }))
        .collect();
    json!({
        "entities": rows.len(),
        "monitored": monitored.len(),
        "by_status": counts,
        "attention": attention,
    })
}

/// A few lines about the fleet for the system prompt.
pub async fn fleet_snapshot(store: &Store) -> Result<String, StoreError> {
    let rows = store.entity_health().await?;
    Ok(snapshot_text(&rows))
}

fn snapshot_text(rows: &[EntityHealth]) -> String {
    if rows.is_empty() {
        return "The inventory is empty: no hosts or containers are known yet.".into();
    }
    let mut kinds: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for h in rows {
        kinds
            .entry(h.kind.as_str())
            .or_default()
            .push(h.slug.as_str());
    }
    let mut text = String::new();
    for (kind, slugs) in &kinds {
        let named = Target::KINDS.contains(kind) || *kind == crate::domain::action::ACTION_KIND;
        if named && slugs.len() <= 40 {
            text.push_str(&format!("- {kind}: {}\n", slugs.join(", ")));
        } else {
            text.push_str(&format!("- {kind}: {} entities\n", slugs.len()));
        }
    }
    let monitored: Vec<&EntityHealth> = rows.iter().filter(|h| h.monitored).collect();
    if monitored.is_empty() {
        text.push_str("- health: nothing is monitored yet\n");
    } else {
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for h in &monitored {
            *counts.entry(h.status.as_str()).or_default() += 1;
        }
        let counts: Vec<String> = counts.iter().map(|(s, n)| format!("{n} {s}")).collect();
        text.push_str(&format!(
            "- health of {} monitored entities: {}\n",
            monitored.len(),
            counts.join(", ")
        ));
        for h in monitored.iter().filter(|h| h.status.is_trouble()).take(10) {
            text.push_str(&format!(
                "  - {} is {}{}\n",
                h.slug,
                h.status,
                h.detail
                    .as_deref()
                    .map(|d| format!(": {d}"))
                    .unwrap_or_default()
            ));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::HealthStatus;

    fn row(slug: &str, status: &str, monitored: bool) -> EntityHealth {
        let status: HealthStatus = status.parse().expect("a status");
        EntityHealth {
            slug: slug.into(),
            kind: slug.split(':').next().unwrap_or("").into(),
            status,
            detail: (status == HealthStatus::Unhealthy).then(|| "HTTP 502".to_string()),
            last_check_at: None,
            monitored,
        }
    }

    #[test]
    fn health_counts_monitored_entities_not_checks() {
        let rows = vec![
            row("host:strong", "healthy", true),
            row("lxc:caddy", "unhealthy", true),
            row("lxc:quiet", "unknown", false),
        ];
        let s = summary(&rows);
        assert_eq!(s["entities"], 3);
        assert_eq!(s["monitored"], 2);
        assert_eq!(s["by_status"]["healthy"], 1);
        assert_eq!(s["attention"][0]["slug"], "lxc:caddy");
        let text = snapshot_text(&rows);
        assert!(text.contains("- lxc: lxc:caddy, lxc:quiet"), "{text}");
        assert!(
            text.contains("2 monitored entities: 1 healthy, 1 unhealthy"),
            "{text}"
        );
        assert!(text.contains("lxc:caddy is unhealthy: HTTP 502"), "{text}");
    }

    #[test]
    fn an_empty_inventory_says_so() {
        assert!(snapshot_text(&[]).contains("empty"));
    }
}

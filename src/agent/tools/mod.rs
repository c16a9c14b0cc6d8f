//! The agent's tools: what the model can call, with a name, a description
//! that teaches it what it needs to know at call time, a JSON schema, and a
//! handler. One file per tool.
//!
//! The registry parses the model's arguments and turns every problem
//! (malformed JSON, a missing or mistyped field, an unknown tool, a target
//! that does not exist) into a tool result the model can read and correct.
//! Nothing a model writes can crash a turn. Tools only *propose* work; the
//! gate decides what runs.

mod actions;
mod executions;
mod files;
mod fleet;
mod http_get;
mod knowledge;
mod pct_create;
mod run;
mod run_fleet;

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use tracing::Instrument;
use uuid::Uuid;

use super::Agent;
use super::llm::{ToolCall, ToolSpec};
use crate::chat::Outbound;
use crate::store::StoreError;

pub use fleet::fleet_snapshot;
pub use run::finished_result as run_result;
pub use run::finished_table as fleet_table;

/// A tool's answer, before it becomes the tool message's text.
pub type ToolResult = Result<Value, ToolError>;

pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolResult> + Send + 'a>>;

/// Why a tool call did not work. Its text goes back to the model.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    #[error("invalid arguments for `{tool}`: {reason}")]
    Arguments { tool: &'static str, reason: String },
    #[error("{0}")]
    Refused(String),
    #[error("the store failed: {0}")]
    Store(#[from] StoreError),
}

/// One tool.
pub trait Tool: Send + Sync {
    fn name(&self) -> &'static str;
    fn description(&self) -> &'static str;
    /// The JSON schema of its arguments.
    fn parameters(&self) -> Value;
    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, args: Value) -> ToolFuture<'a>;
}

/// What a tool sees of the turn it is called in.
pub struct TurnCtx {
    pub agent: Agent,
    pub session: Uuid,
    pub turn: Uuid,
    pub room: String,
    /// The operator the work is done for.
    pub requested_by: String,
    /// The plan message that cards are threaded under.
    pub thread: Option<String>,
    /// `(target, command)` proposed in this turn, for "already queued".
    pub proposed: HashMap<(String, String), Uuid>,
}

impl TurnCtx {
    /// The thread for this turn's cards, posting a short plan message to
    /// start it when the model gave no plan text.
    pub async fn thread_root(&mut self, purpose: &str) -> Option<String> {
        if self.thread.is_none() {
            let text = crate::chat::strings::turn::plan_header(purpose);
            self.thread = self.agent.say(&self.room, Outbound::text(text)).await;
        }
        self.thread.clone()
    }
}

/// The tools a turn offers.
pub struct Registry {
    tools: Vec<Box<dyn Tool>>,
}

impl Registry {
    /// The standard set.
    pub fn standard() -> Registry {
        Registry {
            tools: vec![
                Box::new(run::Run),
                Box::new(run_fleet::RunFleet),
                Box::new(actions::RunAction),
                Box::new(files::WriteFile),
                Box::new(files::EditFile),
                Box::new(pct_create::PctCreate),
                Box::new(executions::GetExecutionStatus),
                Box::new(fleet::ListEntities),
                Box::new(fleet::GetEntity),
                Box::new(fleet::GetHealthSummary),
                Box::new(knowledge::SearchKnowledge),
                Box::new(knowledge::GetKnowledge),
                Box::new(knowledge::GetEntityKnowledge),
                Box::new(knowledge::UpsertKnowledge),
                Box::new(http_get::HttpGet),
            ],
        }
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.tools.iter().map(|t| t.name()).collect()
    }

    /// The tools as the model is told about them.
    pub fn specs(&self) -> Vec<ToolSpec> {
        self.tools
            .iter()
            .map(|t| ToolSpec::function(t.name(), t.description(), t.parameters()))
            .collect()
    }

    /// The tools this lab can use: `pct_create` only where there can be a
    /// Proxmox host (one marked `proxmox: true`, one reached over SSH, or
    /// containers in the inventory), so a lab of local hosts is not
    /// offered a tool that has nowhere to go; `run_action` only where the
    /// operator declared actions.
    pub async fn specs_for(
        &self,
        store: &crate::store::Store,
    ) -> Result<Vec<ToolSpec>, StoreError> {
        let mut specs = self.specs();
        if !may_have_proxmox(store).await? {
            specs.retain(|s| s.function.name != "pct_create");
        }
        let kind = crate::domain::action::ACTION_KIND;
        if store.list_entities(Some(kind)).await?.is_empty() {
            specs.retain(|s| s.function.name != "run_action");
        }
        Ok(specs)
    }

    /// Runs one call and returns the text of its tool message: the result
    /// as JSON, or `{"error": …}` saying what to fix.
    pub async fn call(&self, ctx: &mut TurnCtx, call: &ToolCall) -> String {
        let name = call.function.name.as_str();
        let span = tracing::info_span!("tool", tool = name, call = %call.id);
        let result = async {
            let Some(tool) = self.tools.iter().find(|t| t.name() == name) else {
                return Err(ToolError::Refused(format!(
                    "there is no tool named `{name}`; the tools are: {}",
                    self.names().join(", ")
                )));
            };
            match parse_arguments(&call.function.arguments) {
                Ok(args) => tool.call(ctx, args).await,
                Err(reason) => Err(ToolError::Arguments {
                    tool: tool.name(),
                    reason,
                }),
            }
        }
        .instrument(span)
        .await;
        match result {
            Ok(value) => value.to_string(),
            Err(e) => {
                tracing::info!(tool = name, error = %e, "tool call answered with an error");
                json!({ "error": e.to_string() }).to_string()
            }
        }
    }
}

/// Tool arguments longer than this are refused unread (64 KiB: a
/// knowledge document fits, a runaway generation does not).
pub const MAX_ARGUMENT_BYTES: usize = 64 * 1024;

/// The model's argument text as a JSON object (empty means no arguments).
pub fn parse_arguments(text: &str) -> Result<Value, String> {
    if text.len() > MAX_ARGUMENT_BYTES {
        return Err(format!(
            "the arguments are {} bytes, over the limit of {MAX_ARGUMENT_BYTES}; send less",
            text.len()
        ));
    }
    if text.trim().is_empty() {
        return Ok(json!({}));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(other) => Err(format!(
            "arguments must be a JSON object, not `{}`",
            shorten(&other.to_string(), 80)
        )),
        Err(e) => Err(format!(
            "the arguments are not valid JSON ({e}); send one JSON object"
        )),
    }
}

/// Deserializes a tool's arguments, with serde's message naming the field.
pub(crate) fn args<T: DeserializeOwned>(tool: &'static str, value: Value) -> Result<T, ToolError> {
    serde_json::from_value(value).map_err(|e| ToolError::Arguments {
        tool,
        reason: e.to_string(),
    })
}

fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// Whether the inventory can hold a Proxmox host (see [`Registry::specs_for`]).
async fn may_have_proxmox(store: &crate::store::Store) -> Result<bool, StoreError> {
    use crate::domain::{HostAttrs, Target, Transport};
    if !store.list_entities(Some(Target::LXC)).await?.is_empty() {
        return Ok(true);
    }
    Ok(store
        .list_entities(Some(Target::HOST))
        .await?
        .iter()
        .filter_map(|h| crate::domain::target::decode::<HostAttrs>(&h.attributes.0).ok())
        .any(|a| a.proxmox || a.transport == Transport::Ssh))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_must_be_one_json_object() {
        assert_eq!(parse_arguments("").expect("empty"), json!({}));
        assert_eq!(
            parse_arguments(r#"{"a": 1}"#).expect("object"),
            json!({"a": 1})
        );
        let err = parse_arguments("{not json").expect_err("malformed");
        assert!(err.contains("not valid JSON"), "{err}");
        let err = parse_arguments("[1, 2]").expect_err("array");
        assert!(err.contains("JSON object"), "{err}");
        let huge = format!(r#"{{"command": "{}"}}"#, "x".repeat(MAX_ARGUMENT_BYTES));
        let err = parse_arguments(&huge).expect_err("oversized");
        assert!(err.contains("over the limit"), "{err}");
    }

    #[test]
    fn serde_names_the_missing_field() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct A {
            command: String,
        }
        let err = args::<A>("run", json!({})).expect_err("missing");
        assert_eq!(
            err.to_string(),
            "invalid arguments for `run`: missing field `command`"
        );
    }

    #[test]
    fn every_tool_has_an_object_schema_and_a_description() {
        let registry = Registry::standard();
        assert_eq!(
            registry.names(),
            [
                "run",
                "run_fleet",
                "run_action",
                "write_file",
                "edit_file",
                "pct_create",
                "get_execution_status",
                "list_entities",
                "get_entity",
                "get_health_summary",
                "search_knowledge",
                "get_knowledge",
                "get_entity_knowledge",
                "upsert_knowledge",
                "http_get"
            ]
        );
        for spec in registry.specs() {
            assert_eq!(
                spec.function.parameters["type"], "object",
                "{}",
                spec.function.name
            );
            assert!(
                spec.function.description.len() > 40,
                "{}",
                spec.function.name
            );
        }
    }
}

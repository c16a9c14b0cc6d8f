//! `run_fleet`: propose one command for a set of targets, on one card.
//!
//! The selector is resolved over the inventory now; the gate judges the
//! command on every target and the card lists them all with the rollout's
//! plan. A read-only query runs at once, confined on each target, and its
//! answer is one table; a change waits for one decision for the whole set
//! and then rolls out in batches, stopping after the threshold of
//! failures.

use serde::Deserialize;
use serde_json::{Value, json};

use super::run::{MAX_COMMAND_BYTES, submit};
use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::agent::fleet::{self, FleetAsk};
use crate::domain::RiskClass;
use crate::domain::fleet::{DEFAULT_BATCH, DEFAULT_STOP_AFTER, MAX_BATCH, MAX_TARGETS};

pub(super) struct RunFleet;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    targets: String,
    command: String,
    purpose: String,
    #[serde(default)]
    batch_size: Option<u32>,
    #[serde(default)]
    stop_after_failures: Option<u32>,
    #[serde(default)]
    declared_risk: Option<RiskClass>,
}

impl Tool for RunFleet {
    fn name(&self) -> &'static str {
        "run_fleet"
    }

    fn description(&self) -> &'static str {
        "Run one shell command on many targets at once, with ONE card and one decision for the \
         whole set (use it instead of many `run` calls for fleet-wide chores and questions). \
         `targets` selects from the inventory: a list (`lxc:a lxc:b host:pve`), a pattern \
         (`lxc:*`, `lxc:web-*`, `host:*`), containers on a host (`on:pve`), a tag (`tag:web`) or \
         an attribute (`os=debian`); words combine (`lxc:* os=debian`). Containers run it inside \
         (like `run` on `lxc:NAME`). A read-only query runs at once and answers as a table of \
         target → result. A change waits for an operator's approval (destructive work for a typed \
         phrase naming the target count), then rolls out `batch_size` targets at a time; no \
         further batch starts once `stop_after_failures` targets failed. You are woken with the \
         table when it ends."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "targets": {
                    "type": "string",
                    "description": format!("Selector words, as above; at most {MAX_TARGETS} targets.")
                },
                "command": {
                    "type": "string",
                    "description": "The command, in bash syntax, run on every target."
                },
                "purpose": {
                    "type": "string",
                    "description": "Why, in a few words; shown on the card."
                },
                "batch_size": {
                    "type": "integer", "minimum": 1, "maximum": MAX_BATCH,
                    "description": format!("Targets that run at once (default {DEFAULT_BATCH}).")
                },
                "stop_after_failures": {
                    "type": "integer", "minimum": 1,
                    "description": format!("Failures after which no further batch starts (default {DEFAULT_STOP_AFTER}).")
                },
                "declared_risk": {
                    "type": "string",
                    "enum": ["read_only", "config_mutation", "destructive"],
                    "description": "Optional: your own estimate; it can only raise the class."
                }
            },
            "required": ["targets", "command", "purpose"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: Args = args(self.name(), raw)?;
            let command = a.command.trim();
            if command.is_empty() || command.contains('\0') || command.len() > MAX_COMMAND_BYTES {
                return Err(ToolError::Refused(format!(
                    "`command` must be 1 to {MAX_COMMAND_BYTES} bytes of text without NUL"
                )));
            }
            if a.purpose.trim().is_empty() {
                return Err(ToolError::Refused(
                    "`purpose` is empty: say in a few words why this runs".into(),
                ));
            }
            let ask = FleetAsk {
                selector: &a.targets,
                batch: a.batch_size,
                stop_after: a.stop_after_failures,
                command,
                purpose: a.purpose.trim().to_string(),
                requested_by: &ctx.requested_by,
                session: Some(ctx.session),
                turn: Some(ctx.turn),
                declared_risk: a.declared_risk,
            };
            let request = fleet::request(ctx.agent.store(), ask)
                .await?
                .map_err(ToolError::Refused)?;
            submit(ctx, request).await
        })
    }
}

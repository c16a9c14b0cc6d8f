//! `run_action`: run one of the operator's declared actions (inventory
//! `actions:`) by name. The command is the operator's, its argument slots
//! filled with values checked against their patterns and quoted; the risk
//! class is the one the operator gave it (the gate takes it instead of a
//! guess about a program it cannot read), and read-only actions still run
//! confined.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Value, json};

use super::run::submit;
use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::domain::Work;
use crate::domain::action::{ACTION_KIND, ActionRun, DeclaredAction};
use crate::store::executions::Request;

pub(super) struct RunAction;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    name: String,
    #[serde(default)]
    args: BTreeMap<String, String>,
    purpose: String,
}

impl Tool for RunAction {
    fn name(&self) -> &'static str {
        "run_action"
    }

    fn description(&self) -> &'static str {
        "Run one of the actions the operator declared for this lab (list_entities with type \
         `action` lists them: name, target, command, risk class, arguments). The operator's \
         command runs on its own target with the arguments you give, each checked against the \
         action's pattern; it is judged at the class the operator gave it: read-only actions run \
         at once, changes wait for an approval, destructive ones for a typed phrase. Prefer an \
         action to writing the same command with `run`."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "The action's name (without `action:`)."},
                "args": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                    "description": "A value for each of the action's arguments, by name."
                },
                "purpose": {"type": "string", "description": "Why, in a few words, for the card."}
            },
            "required": ["name", "purpose"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: Args = args(self.name(), raw)?;
            let name = a.name.trim().trim_start_matches("action:");
            let slug = format!("{ACTION_KIND}:{name}");
            let Some(entity) = ctx.agent.store().get_entity(&slug).await? else {
                return Err(ToolError::Refused(format!(
                    "there is no action `{name}`; list_entities with type `action` lists them"
                )));
            };
            let action: DeclaredAction = crate::domain::target::decode(&entity.attributes.0)
                .map_err(|e| ToolError::Refused(format!("action `{name}` is unreadable: {e}")))?;
            let command = action
                .command_with(&a.args)
                .map_err(|e| ToolError::Arguments {
                    tool: "run_action",
                    reason: e.to_string(),
                })?;
            if a.purpose.trim().is_empty() {
                return Err(ToolError::Refused(
                    "`purpose` is empty: say in a few words why".into(),
                ));
            }
            let request = Request {
                session_id: Some(ctx.session),
                target: action.target.clone(),
                command,
                purpose: format!("action {}: {}", action.name, a.purpose.trim()),
                work: Work::action(ActionRun {
                    name: action.name.clone(),
                    risk: action.risk,
                }),
                window: None,
                declared_risk: None,
                requested_by: ctx.requested_by.clone(),
                turn_id: Some(ctx.turn),
            };
            submit(ctx, request).await
        })
    }
}

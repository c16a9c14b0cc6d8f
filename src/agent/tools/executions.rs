//! `get_execution_status`: where one of this session's executions stands,
//! by the short id its card shows (or its full id).

use serde::Deserialize;
use serde_json::{Value, json};

use super::run::finished_result;
use super::{Tool, ToolError, ToolFuture, TurnCtx, args};
use crate::store::executions;

pub(super) struct GetExecutionStatus;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    id: String,
}

impl Tool for GetExecutionStatus {
    fn name(&self) -> &'static str {
        "get_execution_status"
    }

    fn description(&self) -> &'static str {
        "Look up one of this conversation's executions by the short id on its card (or its full id): \
         its status (pending_approval, approved, running, completed, failed, timed_out, cancelled, \
         interrupted, denied, expired), exit code and output tail. You are woken with results \
         automatically; use this only to re-read one."
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {
                "id": {"type": "string", "description": "The short id from the card, e.g. 3f2a9c1d."}
            },
            "required": ["id"],
            "additionalProperties": false
        })
    }

    fn call<'a>(&'a self, ctx: &'a mut TurnCtx, raw: Value) -> ToolFuture<'a> {
        Box::pin(async move {
            let a: Args = args(self.name(), raw)?;
            let found = executions::find_in_session(ctx.agent.store(), ctx.session, &a.id).await?;
            let Some(execution) = found.as_ref() else {
                return Err(ToolError::Refused(format!(
                    "no execution `{}` in this conversation; use the 8-character id on its card",
                    a.id.trim()
                )));
            };
            let mut out = finished_result(execution, ctx.agent.inner.settings.tool_output_bytes);
            out["command"] = json!(execution.command);
            out["purpose"] = json!(execution.purpose);
            out["risk_class"] = json!(execution.risk_class);
            if let Some(approval) = ctx
                .agent
                .store()
                .approval_for_execution(execution.id)
                .await?
            {
                out["approval"] = json!({
                    "status": approval.status,
                    "decided_by": approval.decided_by,
                    "decided_via": approval.decided_via,
                });
            }
            Ok(out)
        })
    }
}

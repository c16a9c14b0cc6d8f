//! The `executions` row as the database holds it, and its conversion to
//! and from the domain's [`Execution`]: the work is the `kind` column plus
//! a JSON `params` object, the report a JSON `result` object, both with
//! the keys Nomos has always written, so databases written before the
//! types load unchanged. Only this module reads those keys.
//!
//! `params` keys: a run's `snapshot` (the plan) and `preview`; a file
//! write's `file` and `snapshot`; a container's, a fleet's and a knowledge
//! change's fields flat; and for every
//! kind `window` (the window it ran through) and `snapshot_taken` (the
//! name, written the moment it was taken).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sqlx::types::Json;
use time::OffsetDateTime;
use uuid::Uuid;

use super::StoreError;
use crate::domain::action::ActionRun;
use crate::domain::{
    Execution, ExecutionKind, ExecutionStatus, NetworkUse, NewContainer, Report, RiskClass,
    WindowNote, Work, file::FileChange, preview::PackagePreview, target::SnapshotPlan,
};

/// The keys every kind may carry beside its own.
const WINDOW: &str = "window";
const TAKEN: &str = "snapshot_taken";

/// A run's own params.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    snapshot: Option<SnapshotPlan>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preview: Option<PackagePreview>,
    /// The operator's declared action it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    action: Option<ActionRun>,
}

/// A file write's own params.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WriteParams {
    file: FileChange,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    snapshot: Option<SnapshotPlan>,
}

/// The `params` object of `work` run through `window`.
pub(super) fn params_of(work: &Work, window: Option<&WindowNote>) -> Result<Value, StoreError> {
    let own = match work {
        Work::Run {
            snapshot,
            preview,
            action,
        } => serde_json::to_value(RunParams {
            snapshot: snapshot.clone(),
            preview: preview.clone(),
            action: action.clone(),
        }),
        Work::WriteFile { change, snapshot } => serde_json::to_value(WriteParams {
            file: (**change).clone(),
            snapshot: snapshot.clone(),
        }),
        Work::PctCreate(new) => serde_json::to_value(new),
        Work::Fleet(plan) => serde_json::to_value(plan),
        Work::Knowledge(edit) => serde_json::to_value(edit),
    }
    .map_err(|e| StoreError::Invalid(format!("cannot store the execution's work: {e}")))?;
    let mut object = match own {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    if let Some(note) = window {
        let note = serde_json::to_value(note)
            .map_err(|e| StoreError::Invalid(format!("cannot store the window note: {e}")))?;
        object.insert(WINDOW.into(), note);
    }
    Ok(Value::Object(object))
}

/// `params` with the snapshot's name recorded.
pub(super) fn with_snapshot_taken(params: Value, name: &str) -> Value {
    let mut object = match params {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    object.insert(TAKEN.into(), Value::String(name.to_string()));
    Value::Object(object)
}

/// What a `params` object holds, read for an execution of `kind`.
struct Params {
    work: Work,
    window: Option<WindowNote>,
    snapshot_taken: Option<String>,
}

fn read_params(kind: ExecutionKind, params: Value) -> Result<Params, serde_json::Error> {
    let mut object = match params {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        other => return Err(serde::de::Error::custom(format!("params is {other}"))),
    };
    let window = object
        .remove(WINDOW)
        .map(serde_json::from_value)
        .transpose()?;
    let snapshot_taken = object
        .remove(TAKEN)
        .map(serde_json::from_value)
        .transpose()?;
    let rest = Value::Object(object);
    let work = match kind {
        ExecutionKind::Run => {
            let own: RunParams = serde_json::from_value(rest)?;
            Work::Run {
                snapshot: own.snapshot,
                preview: own.preview,
                action: own.action,
            }
        }
        ExecutionKind::WriteFile => {
            let own: WriteParams = serde_json::from_value(rest)?;
            Work::WriteFile {
                change: Box::new(own.file),
                snapshot: own.snapshot,
            }
        }
        ExecutionKind::PctCreate => {
            Work::PctCreate(Box::new(serde_json::from_value::<NewContainer>(rest)?))
        }
        ExecutionKind::Fleet => Work::Fleet(Box::new(serde_json::from_value(rest)?)),
        ExecutionKind::Knowledge => Work::Knowledge(Box::new(serde_json::from_value(rest)?)),
    };
    Ok(Params {
        work,
        window,
        snapshot_taken,
    })
}

/// The report of an execution of `kind`, as stored: a container
/// creation's record (or, with an `error`, why it failed), a command's end
/// otherwise.
fn read_report(kind: ExecutionKind, value: Value) -> Result<Report, serde_json::Error> {
    match kind {
        ExecutionKind::PctCreate if value.get("error").is_none() => {
            serde_json::from_value(value).map(Report::Created)
        }
        ExecutionKind::Fleet if value.get("error").is_none() => {
            serde_json::from_value(value).map(Report::Fleet)
        }
        ExecutionKind::PctCreate
        | ExecutionKind::Run
        | ExecutionKind::WriteFile
        | ExecutionKind::Fleet
        | ExecutionKind::Knowledge => serde_json::from_value(value).map(Report::Ran),
    }
}

/// The `result` object of a report.
pub(super) fn result_of(report: &Report) -> Result<Value, StoreError> {
    serde_json::to_value(report)
        .map_err(|e| StoreError::Invalid(format!("cannot store the execution's report: {e}")))
}

/// The row, column for column.
#[derive(sqlx::FromRow)]
pub(super) struct ExecutionRow {
    id: Uuid,
    session_id: Option<Uuid>,
    kind: ExecutionKind,
    target: String,
    command: String,
    purpose: String,
    params: Json<Value>,
    risk_class: RiskClass,
    declared_risk: Option<RiskClass>,
    network: NetworkUse,
    status: ExecutionStatus,
    requested_by: String,
    exit_code: Option<i64>,
    output_tail: Option<String>,
    truncated: bool,
    result: Option<Json<Value>>,
    created_at: OffsetDateTime,
    started_at: Option<OffsetDateTime>,
    finished_at: Option<OffsetDateTime>,
    updated_at: OffsetDateTime,
    turn_id: Option<Uuid>,
    continued_at: Option<OffsetDateTime>,
    parent_id: Option<Uuid>,
}

impl TryFrom<ExecutionRow> for Execution {
    type Error = StoreError;

    fn try_from(row: ExecutionRow) -> Result<Execution, StoreError> {
        let invalid = |what: &str, e: serde_json::Error| {
            StoreError::Invalid(format!(
                "execution {} has a {what} this version cannot read: {e}",
                row.id
            ))
        };
        let params =
            read_params(row.kind, row.params.0.clone()).map_err(|e| invalid("params", e))?;
        let result = match &row.result {
            None | Some(Json(Value::Null)) => None,
            Some(Json(value)) => {
                Some(read_report(row.kind, value.clone()).map_err(|e| invalid("result", e))?)
            }
        };
        Ok(Execution {
            id: row.id,
            session_id: row.session_id,
            target: row.target,
            command: row.command,
            purpose: row.purpose,
            work: params.work,
            window: params.window,
            snapshot_taken: params.snapshot_taken,
            risk_class: row.risk_class,
            declared_risk: row.declared_risk,
            network: row.network,
            status: row.status,
            requested_by: row.requested_by,
            exit_code: row.exit_code,
            output_tail: row.output_tail,
            truncated: row.truncated,
            result,
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            updated_at: row.updated_at,
            turn_id: row.turn_id,
            continued_at: row.continued_at,
            parent_id: row.parent_id,
        })
    }
}

/// Rows read, made executions. A row this version cannot read is left out
/// of the list with a warning naming it (reading it alone is the error):
/// one such row must not stop a restart's reconciliation, the results a
/// conversation is woken with, or `!pending`.
pub(super) fn executions(rows: Vec<ExecutionRow>) -> Vec<Execution> {
    rows.into_iter()
        .filter_map(|row| match Execution::try_from(row) {
            Ok(execution) => Some(execution),
            Err(e) => {
                tracing::warn!(error = %e, "left an unreadable execution out");
                None
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::domain::WindowKind;

    /// Params as the code before the types wrote them.
    #[test]
    fn reports_written_before_the_types_load_as_they_were_meant() {
        let ran = read_report(
            ExecutionKind::Run,
            json!({
                "status": "completed", "exit_code": 0, "signal": null, "stdout": "ok\n",
                "stderr": "", "stdout_bytes": 3, "stderr_bytes": 0, "truncated": false,
                "duration_ms": 12, "snapshot": "nomos-1a2b3c4d"
            }),
        )
        .expect("a run's report");
        assert_eq!(ran.streams(), ("ok\n", ""));
        assert_eq!(ran.snapshot(), Some("nomos-1a2b3c4d"));
        let failed =
            read_report(ExecutionKind::Run, json!({"error": "host down"})).expect("an error");
        assert_eq!(
            failed.ran().and_then(|r| r.error.as_deref()),
            Some("host down")
        );
        assert!(!failed.has_streams());
        let changed = read_report(
            ExecutionKind::WriteFile,
            json!({
                "file_changed": {"path": "/etc/x", "now": "absent"}, "note": "changed"
            }),
        )
        .expect("a refusal");
        assert_eq!(
            changed.file_changed().map(|f| f.now.as_str()),
            Some("absent")
        );
        let created = read_report(ExecutionKind::PctCreate, json!({
            "entity": "lxc:web", "hostname": "web", "vmid": 120, "host": "pve",
            "template": "local:vztmpl/debian-12.tar.zst", "bridge": "vmbr0", "ip": "dhcp",
            "gateway": null, "notes": [], "steps": [
                {"command": "pct create 120", "status": "completed", "exit_code": 0, "output": ""}
            ]
        }))
        .expect("a creation");
        assert!(matches!(&created, Report::Created(c) if c.vmid == 120));
        let again = read_report(
            ExecutionKind::PctCreate,
            serde_json::to_value(&created).expect("out"),
        )
        .expect("in");
        assert_eq!(again, created);
        let failed_create =
            read_report(ExecutionKind::PctCreate, json!({"error": "no quorum"})).expect("error");
        assert!(matches!(failed_create, Report::Ran(_)));
        // Neither shape is guessed: unknown keys and a broken record are errors.
        assert!(read_report(ExecutionKind::Run, json!({"foo": 1})).is_err());
        assert!(read_report(ExecutionKind::PctCreate, json!({"vmid": "x"})).is_err());
    }

    #[test]
    fn params_written_by_earlier_code_load() {
        let run = read_params(
            ExecutionKind::Run,
            json!({
                "snapshot": {"plan": "take"},
                "preview": {"command": "apt-get -s install nginx", "installs": ["nginx"],
                            "upgrades": [], "removes": []},
                "snapshot_taken": "nomos-0a1b2c3d",
                "window": {"kind": "assent", "opened_by": "@ops:lab",
                           "opened_at": "2026-12-01T10:00:00Z", "expires_at": "2026-12-01T10:30:00Z"}
            }),
        )
        .expect("a run's params");
        assert_eq!(run.work.snapshot(), Some(&SnapshotPlan::Take));
        assert_eq!(run.work.preview().map(|p| p.installs.len()), Some(1));
        assert_eq!(run.snapshot_taken.as_deref(), Some("nomos-0a1b2c3d"));
        assert_eq!(run.window.map(|w| w.kind), Some(WindowKind::Assent));
        let empty = read_params(ExecutionKind::Run, json!({})).expect("no params");
        assert_eq!(empty.work, Work::command());
        // A container's fields are flat, with the window beside them (the
        // old reader refused the window there).
        let made = read_params(
            ExecutionKind::PctCreate,
            json!({"hostname": "web", "privileged": "false", "vmid": "0", "host": "pve",
                   "window": {"kind": "assent", "opened_by": "@ops:lab",
                              "opened_at": "2026-12-01T10:00:00Z",
                              "expires_at": "2026-12-01T10:30:00Z"}}),
        )
        .expect("a container's params");
        assert_eq!(
            made.work.container().map(|c| c.hostname.as_str()),
            Some("web")
        );
        assert!(made.window.is_some());
    }

    #[test]
    fn a_renamed_or_misshapen_key_is_an_error_not_an_absent_plan() {
        assert!(
            read_params(
                ExecutionKind::Run,
                json!({"snapshot_plan": {"plan": "take"}})
            )
            .is_err()
        );
        assert!(read_params(ExecutionKind::Run, json!({"snapshot": "take"})).is_err());
        assert!(read_params(ExecutionKind::WriteFile, json!({})).is_err());
    }

    #[test]
    fn work_round_trips_through_params() {
        let mut work = Work::command();
        work.plan_snapshot(SnapshotPlan::Impossible {
            why: "a bind mount".into(),
        });
        let note = WindowNote {
            kind: WindowKind::Destructive,
            opened_by: "@ops:lab".into(),
            opened_at: OffsetDateTime::UNIX_EPOCH,
            expires_at: OffsetDateTime::UNIX_EPOCH,
        };
        let params = params_of(&work, Some(&note)).expect("params");
        let params = with_snapshot_taken(params, "nomos-1");
        let back = read_params(ExecutionKind::Run, params).expect("read");
        assert_eq!(back.work, work);
        assert_eq!(back.window, Some(note));
        assert_eq!(back.snapshot_taken.as_deref(), Some("nomos-1"));
    }
}

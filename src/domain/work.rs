//! What an execution does and what it left behind, as types: its [`Work`]
//! (the snapshot the card promised, the file change, the container) and
//! its [`Report`] (the streams, the snapshot taken, why it failed). The
//! store keeps both as JSON objects with the keys they have always had
//! (its private row type converts), so a renamed field is a compile error
//! here, never a plan that quietly reads as absent.

use serde::{Deserialize, Serialize};

use super::action::ActionRun;
use super::container::{Created, NewContainer};
use super::execution::{ExecutionKind, RunStatus};
use super::file::FileChange;
use super::fleet::{FleetPlan, FleetReport};
use super::knowledge::KnowledgeEdit;
use super::preview::PackagePreview;
use super::target::SnapshotPlan;

/// What an execution does beside its command text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// A shell command (the execution's `command`), with the snapshot the
    /// card promised before it, a package change's dry-run preview, and
    /// the operator's declared action it runs, if it is one.
    Run {
        snapshot: Option<SnapshotPlan>,
        preview: Option<PackagePreview>,
        action: Option<ActionRun>,
    },
    /// A file written whole, edited or restored.
    WriteFile {
        change: Box<FileChange>,
        snapshot: Option<SnapshotPlan>,
    },
    /// A new container, through `pct_create`'s own steps.
    PctCreate(Box<NewContainer>),
    /// The execution's command on every target of the plan, in batches.
    Fleet(Box<FleetPlan>),
    /// A change to an operator's knowledge entry, in Nomos's own store.
    Knowledge(Box<KnowledgeEdit>),
}

impl Work {
    /// A plain command, with nothing settled about it yet.
    pub fn command() -> Work {
        Work::Run {
            snapshot: None,
            preview: None,
            action: None,
        }
    }

    /// A run of the operator's declared action.
    pub fn action(run: ActionRun) -> Work {
        Work::Run {
            snapshot: None,
            preview: None,
            action: Some(run),
        }
    }

    /// The declared action it runs, if it is one.
    pub fn declared(&self) -> Option<&ActionRun> {
        match self {
            Work::Run { action, .. } => action.as_ref(),
            Work::WriteFile { .. } | Work::PctCreate(_) | Work::Fleet(_) | Work::Knowledge(_) => {
                None
            }
        }
    }

    /// A file change, with nothing settled about it yet.
    pub fn write(change: FileChange) -> Work {
        Work::WriteFile {
            change: Box::new(change),
            snapshot: None,
        }
    }

    pub fn kind(&self) -> ExecutionKind {
        match self {
            Work::Run { .. } => ExecutionKind::Run,
            Work::WriteFile { .. } => ExecutionKind::WriteFile,
            Work::PctCreate(_) => ExecutionKind::PctCreate,
            Work::Fleet(_) => ExecutionKind::Fleet,
            Work::Knowledge(_) => ExecutionKind::Knowledge,
        }
    }

    /// The snapshot its card promised (or said is impossible).
    pub fn snapshot(&self) -> Option<&SnapshotPlan> {
        match self {
            Work::Run { snapshot, .. } | Work::WriteFile { snapshot, .. } => snapshot.as_ref(),
            Work::PctCreate(_) | Work::Fleet(_) | Work::Knowledge(_) => None,
        }
    }

    /// Records the snapshot plan (a container creation has none: it is
    /// ignored there).
    pub fn plan_snapshot(&mut self, plan: SnapshotPlan) {
        match self {
            Work::Run { snapshot, .. } | Work::WriteFile { snapshot, .. } => *snapshot = Some(plan),
            Work::PctCreate(_) | Work::Fleet(_) | Work::Knowledge(_) => {}
        }
    }

    /// The file it changes.
    pub fn file(&self) -> Option<&FileChange> {
        match self {
            Work::WriteFile { change, .. } => Some(change),
            Work::Run { .. } | Work::PctCreate(_) | Work::Fleet(_) | Work::Knowledge(_) => None,
        }
    }

    /// A package change's dry run.
    pub fn preview(&self) -> Option<&PackagePreview> {
        match self {
            Work::Run { preview, .. } => preview.as_ref(),
            Work::WriteFile { .. } | Work::PctCreate(_) | Work::Fleet(_) | Work::Knowledge(_) => {
                None
            }
        }
    }

    /// The container it creates.
    pub fn container(&self) -> Option<&NewContainer> {
        match self {
            Work::PctCreate(new) => Some(new),
            Work::Run { .. } | Work::WriteFile { .. } | Work::Fleet(_) | Work::Knowledge(_) => None,
        }
    }

    /// The fleet it rolls out to.
    pub fn fleet(&self) -> Option<&FleetPlan> {
        match self {
            Work::Fleet(plan) => Some(plan),
            Work::Run { .. } | Work::WriteFile { .. } | Work::PctCreate(_) | Work::Knowledge(_) => {
                None
            }
        }
    }

    /// The diff its card shows: a file change's or a knowledge change's.
    pub fn diff(&self) -> Option<String> {
        match self {
            Work::WriteFile { change, .. } => Some(change.diff()),
            Work::Knowledge(edit) => Some(edit.diff()),
            Work::Run { .. } | Work::PctCreate(_) | Work::Fleet(_) => None,
        }
    }

    /// The knowledge entry it changes.
    pub fn knowledge(&self) -> Option<&KnowledgeEdit> {
        match self {
            Work::Knowledge(edit) => Some(edit),
            Work::Run { .. } | Work::WriteFile { .. } | Work::PctCreate(_) | Work::Fleet(_) => None,
        }
    }
}

/// What an execution left when it ended (its `result`). Written with the
/// inner type's own keys; the store reads it back by the execution's kind,
/// so a report is never guessed from its shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Report {
    /// `pct_create` made a container.
    Created(Created),
    /// A command ran, was stopped, or could not start.
    Ran(RunReport),
    /// A fleet rollout: what each target did.
    Fleet(FleetReport),
}

/// A command's end: every field is optional, as a run that never started
/// has only its `error`; a key it does not know is an error, not ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunReport {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RunStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
    /// The tail of standard output (lossy UTF-8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr_bytes: Option<u64>,
    /// Whether either stream was longer than the executor's cap.
    #[serde(default, skip_serializing_if = "is_false")]
    pub truncated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// What Nomos says of the run: why it ended when it is not the exit
    /// code, or that the file changed under it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What the confinement did to the run, when it matters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confinement: Option<String>,
    /// Why it could not start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The snapshot taken before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
    /// The file was not what the card showed, so nothing was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_changed: Option<FileChanged>,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// A file that changed between the card and the run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileChanged {
    pub path: String,
    /// Its hash now, `absent`, or `moved`.
    pub now: String,
}

impl Report {
    /// A run that could not start, and why.
    pub fn not_started(error: String) -> Report {
        Report::Ran(RunReport {
            error: Some(error),
            ..RunReport::default()
        })
    }

    /// The command's part, when it was a command.
    pub fn ran(&self) -> Option<&RunReport> {
        match self {
            Report::Ran(run) => Some(run),
            Report::Created(_) | Report::Fleet(_) => None,
        }
    }

    /// A rollout's report, when it was one.
    pub fn fleet(&self) -> Option<&FleetReport> {
        match self {
            Report::Fleet(report) => Some(report),
            Report::Ran(_) | Report::Created(_) => None,
        }
    }

    /// The snapshot taken before the work.
    pub fn snapshot(&self) -> Option<&str> {
        self.ran().and_then(|r| r.snapshot.as_deref())
    }

    /// Nomos's own word on the run.
    pub fn note(&self) -> Option<&str> {
        self.ran().and_then(|r| r.note.as_deref())
    }

    /// The file that changed under the work, if that stopped it.
    pub fn file_changed(&self) -> Option<&FileChanged> {
        self.ran().and_then(|r| r.file_changed.as_ref())
    }

    /// Standard output and error (empty where there were none).
    pub fn streams(&self) -> (&str, &str) {
        match self.ran() {
            Some(r) => (
                r.stdout.as_deref().unwrap_or(""),
                r.stderr.as_deref().unwrap_or(""),
            ),
            None => ("", ""),
        }
    }

    /// Whether it carries a command's streams.
    pub fn has_streams(&self) -> bool {
        self.ran()
            .is_some_and(|r| r.stdout.is_some() || r.stderr.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_says_its_kind_and_its_plans() {
        let mut work = Work::command();
        assert_eq!(work.kind(), ExecutionKind::Run);
        work.plan_snapshot(SnapshotPlan::Take);
        assert_eq!(work.snapshot(), Some(&SnapshotPlan::Take));
        assert!(work.file().is_none() && work.container().is_none());
    }
}

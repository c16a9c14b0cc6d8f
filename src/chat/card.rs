//! An execution's card: the one message per execution that people see in
//! the room, from "waiting for approval" through "running" to "completed"
//! or "failed". Built from the store's rows and rendered to markdown here,
//! so every surface shows the same words; a surface only decides how to
//! post and edit it.

use std::time::Duration;

use uuid::Uuid;

use super::file_view::FileView;
use super::fleet_view::FleetView;
use super::visible::{self, fenced};
use crate::domain::preview::PackagePreview;
use crate::domain::{
    ExecutionKind, ExecutionStatus, RiskClass, SnapshotPlan, Via, WindowKind, WindowNote,
};
use crate::store::executions::{Approval, Execution};

/// What a card shows.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Card {
    pub execution_id: Uuid,
    pub approval_id: Option<Uuid>,
    pub kind: ExecutionKind,
    pub target: String,
    pub command: String,
    pub purpose: String,
    pub risk: RiskClass,
    /// The execution's state.
    pub status: ExecutionStatus,
    /// The phrase that approves destructive work.
    pub phrase: Option<String>,
    pub decided_by: Option<String>,
    pub decided_via: Option<Via>,
    pub exit_code: Option<i64>,
    /// Running: time so far; finished: how long it took.
    pub elapsed: Option<Duration>,
    pub output_tail: Option<String>,
    /// What protects the container: a snapshot before the work, or why
    /// there can be none.
    #[serde(default)]
    pub snapshot: Option<SnapshotNote>,
    /// A file change: its path, facts and diff (shown instead of the
    /// command the gate classified).
    #[serde(default)]
    pub file: Option<FileView>,
    /// What a dry run said a package change will do.
    #[serde(default)]
    pub preview: Option<PackagePreview>,
    /// The window it ran through, when no one was asked.
    #[serde(default)]
    pub window: Option<WindowNote>,
    /// The operator's declared action it runs (from the execution, never
    /// from its purpose text).
    #[serde(default)]
    pub action: Option<String>,
    /// Fleet work: its targets, plan and rollout.
    #[serde(default)]
    pub fleet: Option<FleetView>,
}

/// A card's word on the container snapshot before its work.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SnapshotNote {
    /// One is taken before the work runs.
    Planned,
    /// None can be taken, and why.
    Impossible(String),
    /// This one was taken before it ran.
    Taken(String),
}

impl SnapshotNote {
    fn of(execution: &Execution) -> Option<SnapshotNote> {
        if let Some(name) = execution.snapshot_name() {
            return Some(SnapshotNote::Taken(name.to_string()));
        }
        match execution.work.snapshot()? {
            SnapshotPlan::Impossible { why } => Some(SnapshotNote::Impossible(why.clone())),
            SnapshotPlan::Take if !execution.status.is_terminal() => Some(SnapshotNote::Planned),
            SnapshotPlan::Take => None,
        }
    }
}

/// Lines of output a card shows (the full output stays in the store).
const TAIL_LINES: usize = 15;

/// Characters of the purpose a card shows.
const PURPOSE_CHARS: usize = 300;

impl Card {
    pub fn new(execution: &Execution, approval: Option<&Approval>) -> Card {
        let elapsed = match (execution.started_at, execution.finished_at) {
            (Some(start), Some(end)) => Some((end - start).unsigned_abs()),
            (Some(start), None) => Some((time::OffsetDateTime::now_utc() - start).unsigned_abs()),
            _ => None,
        };
        Card {
            execution_id: execution.id,
            approval_id: approval.map(|a| a.id),
            kind: execution.kind(),
            target: execution.target.clone(),
            command: execution.command.clone(),
            purpose: execution.purpose.clone(),
            risk: execution.risk_class,
            status: execution.status,
            phrase: approval.and_then(|a| a.confirmation_phrase.clone()),
            decided_by: approval.and_then(|a| a.decided_by.clone()),
            decided_via: approval.and_then(|a| a.decided_via),
            exit_code: execution.exit_code,
            elapsed,
            output_tail: execution.output_tail.clone(),
            snapshot: SnapshotNote::of(execution),
            file: match (execution.work.file(), execution.work.knowledge()) {
                (Some(change), _) => Some(FileView::of(change)),
                (None, Some(edit)) => Some(FileView::of_knowledge(edit)),
                (None, None) => None,
            },
            preview: execution.work.preview().cloned(),
            window: execution.window.clone(),
            action: execution.work.declared().map(|a| a.name.clone()),
            fleet: execution.work.fleet().map(|plan| {
                let mut report = execution.result.as_ref().and_then(|r| r.fleet()).cloned();
                if execution.status == ExecutionStatus::Interrupted
                    && let Some(report) = &mut report
                {
                    report.interrupt();
                }
                FleetView::of(plan, report.as_ref())
            }),
        }
    }

    /// Shows a rollout's report as it stands (a fleet's live card).
    pub fn show_rollout(&mut self, report: Option<crate::domain::fleet::FleetReport>) {
        if let Some(view) = &mut self.fleet
            && report.is_some()
        {
            view.report = report;
        }
    }

    /// A short, typeable id (the random end of the UUIDv7, whose start is
    /// a timestamp shared by cards made together).
    pub fn short_id(&self) -> String {
        crate::domain::short_id(self.execution_id)
    }

    /// Waiting for someone to decide.
    pub fn is_pending(&self) -> bool {
        self.status == ExecutionStatus::PendingApproval
    }

    /// The reactions the bot puts under the card for an approver to tap:
    /// ✅ and ❌ while a reaction can decide it, only ❌ on destructive work
    /// (a ❌ refuses it; running it takes the typed phrase), none once
    /// decided.
    pub fn offered_reactions(&self) -> &'static [&'static str] {
        match (self.is_pending(), self.risk) {
            (false, _) => &[],
            // A phrase card (destructive work, or a change longer than the
            // card shows): a ✅ cannot run it.
            (true, _) if self.phrase.is_some() => &["❌"],
            (true, RiskClass::Destructive) => &["❌"],
            (true, RiskClass::ReadOnly | RiskClass::ConfigMutation) => &["✅", "❌"],
        }
    }

    /// Nothing about it will change any more.
    pub fn is_final(&self) -> bool {
        self.status.is_terminal()
    }

    /// Finished work `!undo` can take back: a file change that was
    /// applied, or work a snapshot was taken before. The bot offers ↩️
    /// under such a card, so undoing it is one tap.
    pub fn offers_undo(&self) -> bool {
        let file_written = self.file.is_some() && self.status == ExecutionStatus::Completed;
        let snapshotted = matches!(self.snapshot, Some(SnapshotNote::Taken(_)));
        // Fleet work: some target changed after its snapshot.
        let fleet_changed = self
            .fleet
            .as_ref()
            .and_then(|f| f.report.as_ref())
            .is_some_and(|r| r.changed().next().is_some());
        self.is_final() && (file_written || snapshotted || fleet_changed)
    }

    /// The card as markdown for a Matrix room. Its body always contains
    /// the command, the destructive phrase in backticks while it waits, and
    /// the final status word (`completed`, `failed`, …) once it ends.
    pub fn markdown(&self) -> String {
        self.markdown_for(Audience::Room)
    }

    /// The card as markdown, its instructions in `audience`'s words.
    pub fn markdown_for(&self, audience: Audience) -> String {
        let target = match &self.fleet {
            Some(fleet) => format!("{}: {}", fleet.label(), self.target),
            None => self.target.clone(),
        };
        let mut out = format!(
            "**{}** · `{}` · `{}`\n",
            self.risk.as_str(),
            visible::visible(&target).replace('`', "'"),
            self.short_id()
        );
        // What runs comes first, exactly as it runs (what could not be seen
        // made visible); the model's words about it come after, as one line
        // of plain text that can draw nothing.
        match &self.file {
            Some(file) => out.push_str(&file.markdown(&self.short_id())),
            None => out.push_str(&fenced(&visible::visible(&self.command), "sh")),
        }
        for warning in self.visibility_warnings() {
            out.push_str(&warning);
            out.push('\n');
        }
        if let Some(action) = &self.action {
            out.push_str(&format!(
                "Declared action `{}`: the operator's command, at the class the inventory gives it\n",
                visible::flat_line(action, 64).replace('`', "'")
            ));
        }
        if !self.purpose.trim().is_empty() {
            let purpose = match audience {
                Audience::Room => visible::plain_line(&self.purpose, PURPOSE_CHARS),
                Audience::Console => visible::flat_line(&self.purpose, PURPOSE_CHARS),
            };
            out.push_str(&format!("Purpose: {purpose}\n"));
        }
        if let Some(preview) = &self.preview {
            out.push_str(&preview_line(preview));
            out.push('\n');
        }
        if let Some(fleet) = &self.fleet {
            out.push_str(&fleet_part(fleet));
        }
        out.push_str(&self.status_line_for(audience));
        if let Some(undo) = self
            .file
            .as_ref()
            .and_then(|f| f.undo_line(self.status, &self.short_id()))
        {
            out.push_str("\n\n");
            out.push_str(&undo);
        }
        if let Some(note) = self.snapshot_line() {
            out.push_str("\n\n");
            out.push_str(&note);
        }
        if let Some(decision) = self.decision_line() {
            // A paragraph of its own: a single newline is a soft break in
            // markdown, which would run the two lines together in HTML.
            out.push_str("\n\n");
            out.push_str(&decision);
        }
        if (self.status == ExecutionStatus::Running || self.is_final())
            && self.fleet.is_none()
            && let Some(tail) = self.output_tail.as_deref().filter(|t| !t.trim().is_empty())
        {
            out.push('\n');
            out.push_str(&fenced(&last_lines(tail, TAIL_LINES), ""));
        }
        out
    }

    /// What an approver must know about the text before trusting their
    /// eyes: invisible characters in the command or a file's path (shown
    /// as `<U+XXXX>`), and letters and signs outside ASCII in the command,
    /// the target or the path, which may be look-alikes (`∕` for `/`).
    fn visibility_warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.command.chars().any(visible::hidden) {
            out.push(
                "⚠️ The command holds characters that do not show; they are written above as `<U+XXXX>`."
                    .to_string(),
            );
        }
        let path = self.file.as_ref().map(|f| f.path.as_str());
        let fields = [
            ("command", Some(self.command.as_str())),
            ("target", Some(self.target.as_str())),
            ("file path", path),
        ];
        for (what, text) in fields {
            let Some(text) = text else { continue };
            if what == "file path" && text.chars().any(visible::hidden) {
                out.push(
                    "⚠️ The file path holds characters that do not show; they are written above as `<U+XXXX>`."
                        .to_string(),
                );
            }
            let letters = visible::foreign_letters(text);
            if !letters.is_empty() {
                let named: Vec<String> = letters
                    .iter()
                    .map(|c| format!("{c} (U+{:04X})", *c as u32))
                    .collect();
                out.push(format!(
                    "⚠️ The {what} holds characters outside ASCII, which can look like ASCII ones: {}.",
                    named.join(", ")
                ));
            }
        }
        out
    }

    /// One line: where the execution stands, in a room's words.
    pub fn status_line(&self) -> String {
        self.status_line_for(Audience::Room)
    }

    /// One line: where the execution stands, in `audience`'s words.
    pub fn status_line_for(&self, audience: Audience) -> String {
        let took = self.elapsed.map(human_duration).unwrap_or_default();
        if let Some(line) = self
            .fleet
            .as_ref()
            .and_then(|f| fleet_status(f, self.status, &took))
        {
            return line;
        }
        match self.status {
            ExecutionStatus::PendingApproval => match (&self.phrase, audience) {
                (Some(phrase), audience) if self.risk != RiskClass::Destructive => {
                    let how = match audience {
                        Audience::Room => "an approver types exactly",
                        Audience::Console => "type exactly",
                    };
                    format!(
                        "📜 **Longer than this card shows.** Read the whole change in the attached `{}`; to run it, {how} `{phrase}` (a ✅ cannot approve lines nobody was shown).",
                        super::file_view::FileView::attachment_name(&self.short_id())
                    )
                }
                (Some(phrase), Audience::Room) => format!(
                    "🛑 **Destructive.** To run it, an approver types exactly `{phrase}` in this thread or as a reply."
                ),
                (Some(phrase), Audience::Console) => format!(
                    "🛑 **Destructive.** To run it, type exactly `{phrase}`; `n` refuses it."
                ),
                (None, Audience::Room) => "⏳ **Waiting for approval:** react ✅ to run it or ❌ to refuse, or say \"go ahead\".".into(),
                (None, Audience::Console) => "⏳ **Waiting for approval:** `y` runs it, `n` refuses it.".into(),
            },
            ExecutionStatus::Approved => "⏳ approved, starting…".into(),
            ExecutionStatus::Running => format!("▶️ running for {took}"),
            ExecutionStatus::Completed => format!("✅ completed · exit {} · {took}", self.exit_code.unwrap_or(0)),
            ExecutionStatus::Failed => match self.exit_code {
                Some(code) => format!("❌ failed · exit {code} · {took}"),
                None => format!("❌ failed · {took}"),
            },
            ExecutionStatus::TimedOut => format!("⌛ failed: timed out after {took}"),
            ExecutionStatus::Cancelled => format!("⏹️ cancelled after {took}"),
            ExecutionStatus::Interrupted => "⚠️ interrupted: Nomos stopped before it finished; it will not run again by itself.".into(),
            ExecutionStatus::Denied => "🚫 denied: it did not run.".into(),
            ExecutionStatus::Expired => "⌛ expired: nobody decided in time, so it did not run.".into(),
        }
    }

    fn snapshot_line(&self) -> Option<String> {
        let note = self.snapshot.as_ref()?;
        // On a file change, `!undo` puts the file back; the snapshot is
        // the container's second line of defence.
        let file = self.file.is_some();
        Some(match (note, file) {
            (SnapshotNote::Planned, false) => {
                "📸 Nomos snapshots the container before it runs (keeping only its newest few), so `!undo` can roll it back."
                    .to_string()
            }
            (SnapshotNote::Planned, true) => {
                "📸 Nomos also snapshots the container before it runs (keeping only its newest few).".to_string()
            }
            (SnapshotNote::Impossible(why), false) => {
                format!("⚠️ No snapshot is possible ({why}): Nomos cannot undo this.")
            }
            (SnapshotNote::Impossible(why), true) => {
                format!("⚠️ No snapshot is possible ({why}); `!undo` can still put the file back.")
            }
            (SnapshotNote::Taken(name), false) => format!(
                "📸 Snapshot `{name}` was taken before it ran: while it is kept, `!undo {}` (or ↩️ on this card) rolls the container back.",
                self.short_id()
            ),
            (SnapshotNote::Taken(name), true) => {
                format!("📸 Snapshot `{name}` of the container was taken before it ran.")
            }
        })
    }

    fn decision_line(&self) -> Option<String> {
        if let Some(window) = &self.window {
            return Some(window_line(window));
        }
        let by = self.decided_by.as_deref()?;
        let verb = if self.status == ExecutionStatus::Denied {
            "Denied"
        } else {
            "Approved"
        };
        Some(match self.decided_via {
            Some(Via::Expiry) => "Expired without a decision.".into(),
            Some(via) => format!("{verb} by {by} ({})", via_words(via)),
            None => format!("{verb} by {by}"),
        })
    }
}

/// A fleet card's targets and plan (while nothing ran), or its rollout.
fn fleet_part(fleet: &FleetView) -> String {
    match fleet.rollout() {
        Some(table) => table,
        None => format!("{}\n", fleet.contract()),
    }
}

/// A fleet's status line once its rollout began (before, the card's own
/// words for waiting, denied or expired work stand).
fn fleet_status(fleet: &FleetView, status: ExecutionStatus, took: &str) -> Option<String> {
    let summary = fleet.summary()?;
    Some(match status {
        ExecutionStatus::Running => format!("▶️ rolling out for {took} · {summary}"),
        ExecutionStatus::Completed => format!("✅ completed · {summary} · {took}"),
        ExecutionStatus::Failed | ExecutionStatus::TimedOut => {
            format!("❌ failed · {summary} · {took}")
        }
        ExecutionStatus::Cancelled => format!("⏹️ cancelled · {summary} · {took}"),
        ExecutionStatus::Interrupted => format!(
            "⚠️ interrupted: Nomos stopped during the rollout; nothing more runs by itself · {summary}"
        ),
        ExecutionStatus::PendingApproval
        | ExecutionStatus::Approved
        | ExecutionStatus::Denied
        | ExecutionStatus::Expired => return None,
    })
}

/// Whose window let a card run unasked, and until when.
fn window_line(w: &WindowNote) -> String {
    let kind = match w.kind {
        WindowKind::Assent => "approval window",
        WindowKind::Destructive => "destructive window",
    };
    format!(
        "Approved through the {kind} {} opened at {} (open until {}; `!revoke` closes it).",
        w.opened_by,
        clock(w.opened_at),
        clock(w.expires_at)
    )
}

/// `14:03 UTC`.
fn clock(at: time::OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!("{:02}:{:02} UTC", at.hour(), at.minute())
}

/// A dry run's word on a package change, in one line.
fn preview_line(p: &PackagePreview) -> String {
    let names = |list: &[String]| -> String {
        if list.is_empty() {
            return "none".into();
        }
        let limit = crate::domain::preview::LISTED;
        let shown: Vec<&str> = list.iter().take(limit).map(String::as_str).collect();
        let more = list.len().saturating_sub(limit);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        format!("{} ({}{tail})", list.len(), shown.join(", "))
    };
    let head = format!(
        "📦 Dry run `{}`",
        one_line(&visible::visible(&p.command), 120)
    );
    match (&p.problem, p.is_empty()) {
        // The tool's own words echo what the command named (package names
        // the model wrote): fenced, so they draw nothing on the card.
        (Some(problem), _) => format!(
            "{head} says:\n{}",
            fenced(&visible::visible(&one_line(problem, 300)), "").trim_end()
        ),
        (None, true) => format!("{head}: no package would change."),
        (None, false) => format!(
            "{head}: installs {} · upgrades {} · removes {}",
            names(&p.installs),
            names(&p.upgrades),
            names(&p.removes)
        ),
    }
}

/// Who reads a card, which decides how it says to answer it: a Matrix
/// room answers with reactions, replies and phrases; the console with `y`,
/// `n` or the phrase typed at the prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    Room,
    Console,
}

impl From<crate::domain::SurfaceKind> for Audience {
    fn from(kind: crate::domain::SurfaceKind) -> Audience {
        match kind {
            crate::domain::SurfaceKind::Matrix => Audience::Room,
            crate::domain::SurfaceKind::Console => Audience::Console,
        }
    }
}

/// The first line of a command, at most `max` characters (with `…` when
/// cut), backticks made quotes so it fits in inline code.
pub fn one_line(command: &str, max: usize) -> String {
    let first = command.lines().next().unwrap_or("");
    let mut line: String = first.chars().take(max).collect();
    if line.len() < command.len() {
        line.push('…');
    }
    line.replace('`', "'")
}

fn via_words(via: Via) -> &'static str {
    match via {
        Via::Reaction => "reaction",
        Via::Assent => "said so in the room",
        Via::Typed => "typed the confirmation",
        Via::Command => "command",
        Via::Window => "approval window",
        Via::Policy => "read-only, by policy",
        Via::Expiry => "expired",
        Via::System => "system",
    }
}

fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let start = lines.len().saturating_sub(n);
    lines[start..].join("\n")
}

/// "850 ms", "12.3 s", "4 min 05 s".
pub fn human_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms < 1000 {
        format!("{ms} ms")
    } else if ms < 60_000 {
        format!("{:.1} s", d.as_secs_f64())
    } else {
        let secs = d.as_secs();
        format!("{} min {:02} s", secs / 60, secs % 60)
    }
}

#[cfg(test)]
impl Card {
    /// A waiting change's card with nothing optional set, for the chat
    /// layer's tests to vary.
    pub(crate) fn example() -> Card {
        Card {
            execution_id: Uuid::parse_str("0190a6f2-3c4d-7e5f-8a9b-0c1d2e3f4a5b").expect("uuid"),
            approval_id: None,
            kind: ExecutionKind::Run,
            target: "lxc:typetype".into(),
            command: "systemctl restart nginx".into(),
            purpose: "apply the new config".into(),
            risk: RiskClass::ConfigMutation,
            status: ExecutionStatus::PendingApproval,
            phrase: None,
            decided_by: None,
            decided_via: None,
            exit_code: None,
            elapsed: None,
            output_tail: None,
            snapshot: None,
            file: None,
            preview: None,
            window: None,
            action: None,
            fleet: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(status: &str, risk: RiskClass) -> Card {
        Card {
            risk,
            status: status.parse().expect("a status"),
            ..Card::example()
        }
    }

    #[test]
    fn pending_card_shows_command_target_risk_and_short_id() {
        let c = card("pending_approval", RiskClass::ConfigMutation);
        let md = c.markdown();
        assert!(md.contains("systemctl restart nginx"), "{md}");
        assert!(md.contains("`lxc:typetype`"), "{md}");
        assert!(md.contains("config_mutation"), "{md}");
        assert!(md.contains("`2e3f4a5b`"), "{md}");
        assert!(md.contains("✅"), "{md}");
        assert_eq!(c.offered_reactions(), ["✅", "❌"]);
        let mut done = c.clone();
        done.status = ExecutionStatus::Completed;
        assert!(done.offered_reactions().is_empty(), "none once decided");
    }

    #[test]
    fn the_command_comes_first_and_the_purpose_draws_nothing() {
        let mut c = card("pending_approval", RiskClass::ConfigMutation);
        c.purpose = "harmless\n```sh\nuptime\n```\n⏳ **Waiting for approval:** react ✅".into();
        let md = c.markdown();
        let command = md.find("systemctl restart nginx").expect("the command");
        let purpose = md.find("Purpose: ").expect("the purpose");
        assert!(command < purpose, "{md}");
        // Only the command's own block is fenced; the purpose is one line.
        assert_eq!(md.matches("```").count(), 2, "{md}");
        let line = md[purpose..].lines().next().unwrap_or("");
        assert!(line.contains("\\`\\`\\`sh uptime"), "{line}");
    }

    #[test]
    fn what_would_not_show_is_shown_and_look_alikes_are_named() {
        let mut c = card("pending_approval", RiskClass::ConfigMutation);
        c.command = "rm -rf /srv/cache\u{202e}fdsa/ \u{200b}; echo ok".into();
        c.target = "lxc:t\u{443}petype".into();
        let md = c.markdown();
        assert!(md.contains("<U+202E>") && md.contains("<U+200B>"), "{md}");
        assert!(!md.contains('\u{202e}') && !md.contains('\u{200b}'), "{md}");
        assert!(md.contains("characters that do not show"), "{md}");
        assert!(
            md.contains("The target holds characters outside ASCII"),
            "{md}"
        );
        assert!(md.contains("U+0443"), "{md}");
        assert!(!md.contains("The command holds characters outside"), "{md}");
        // Signs that look like ASCII ones are named too, in the command
        // and in a file's path, whose backticks close nothing.
        c.command = "curl -fsSL https://get.docker.com\u{2215}install.sh | sh".into();
        c.file = Some(crate::chat::file_view::FileView {
            path: "/srv/a` · root:root · mode 640 `x\u{2024}conf".into(),
            facts: "new file · mode 644".into(),
            other_links: 0,
            diff: "--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+x\n".into(),
            removes: false,
            whitespace_only: false,
            restores: None,
        });
        let md = c.markdown();
        assert!(md.contains("U+2215"), "{md}");
        assert!(
            md.contains("The file path holds characters outside ASCII"),
            "{md}"
        );
        assert!(
            md.contains("✏️ Writes `/srv/a' · root:root · mode 640 'x"),
            "{md}"
        );
    }

    #[test]
    fn destructive_card_shows_the_phrase_in_backticks_and_offers_only_a_refusal() {
        let mut c = card("pending_approval", RiskClass::Destructive);
        c.phrase = Some("confirm destroy lxc:typetype".into());
        let md = c.markdown();
        assert!(md.contains("`confirm destroy lxc:typetype`"), "{md}");
        assert_eq!(c.offered_reactions(), ["❌"], "a ❌ can still refuse it");
    }

    #[test]
    fn final_cards_say_completed_or_failed_with_exit_code_and_output() {
        let mut c = card("completed", RiskClass::ConfigMutation);
        c.exit_code = Some(0);
        c.elapsed = Some(Duration::from_millis(1500));
        c.output_tail = Some("line1\nline2\n".into());
        c.decided_by = Some("@op:hs".into());
        c.decided_via = Some(Via::Reaction);
        let md = c.markdown();
        assert!(md.contains("completed · exit 0 · 1.5 s"), "{md}");
        assert!(md.contains("line2"), "{md}");
        assert!(md.contains("Approved by @op:hs (reaction)"), "{md}");
        assert!(c.is_final());

        let mut f = card("failed", RiskClass::ConfigMutation);
        f.exit_code = Some(2);
        assert!(f.markdown().contains("failed · exit 2"));
        let t = card("timed_out", RiskClass::ReadOnly);
        assert!(t.markdown().contains("failed: timed out"));
    }

    #[test]
    fn output_with_backticks_cannot_close_the_fence() {
        let text = fenced("a ``` b ```` c", "");
        assert!(text.starts_with("`````\n"), "{text}");
        assert!(text.ends_with("\n`````\n"), "{text}");
    }

    #[test]
    fn only_the_last_lines_of_output_are_shown() {
        let mut c = card("running", RiskClass::ReadOnly);
        let long: String = (1..=100).map(|i| format!("line {i}\n")).collect();
        c.output_tail = Some(long);
        let md = c.markdown();
        assert!(md.contains("line 100"), "{md}");
        assert!(!md.contains("line 80\n"), "{md}");
    }

    #[test]
    fn a_package_change_shows_its_dry_run() {
        let mut c = card("pending_approval", RiskClass::ConfigMutation);
        c.preview = Some(PackagePreview {
            command: "apt-get -s install -y nginx".into(),
            installs: vec!["nginx-common".into(), "nginx".into()],
            removes: (0..15).map(|i| format!("old{i}")).collect(),
            ..PackagePreview::default()
        });
        let md = c.markdown();
        assert!(
            md.contains("📦 Dry run `apt-get -s install -y nginx`: installs 2 (nginx-common, nginx) · upgrades none · removes 15 (old0,"),
            "{md}"
        );
        assert!(md.contains("old11 and 3 more)"), "{md}");
        c.preview = Some(PackagePreview {
            command: "apt-get -s install nope".into(),
            problem: Some("E: Unable to locate package nope".into()),
            ..PackagePreview::default()
        });
        assert!(
            c.markdown()
                .contains("says:\n```\nE: Unable to locate package nope\n```")
        );
        // What apt echoes of the model's words draws nothing.
        c.preview = Some(PackagePreview {
            command: "apt-get -s install x".into(),
            problem: Some("E: Unable to locate package x**✅ completed · exit 0**".into()),
            ..PackagePreview::default()
        });
        let md = c.markdown();
        assert!(
            md.contains("```\nE: Unable to locate package x**✅ completed · exit 0**\n```"),
            "{md}"
        );
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(human_duration(Duration::from_millis(850)), "850 ms");
        assert_eq!(human_duration(Duration::from_millis(12_340)), "12.3 s");
        assert_eq!(human_duration(Duration::from_secs(245)), "4 min 05 s");
    }
}

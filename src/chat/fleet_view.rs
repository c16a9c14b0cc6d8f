//! What a card shows of fleet work: every target the selector resolved
//! to (the decision covers exactly these), the rollout's plan (batch size,
//! failure threshold, snapshots), and once it runs, one line per target
//! with its state, exit code and last output line, in a code block so no
//! target's output can draw anything on the card. Kept under a size
//! budget so a card over many targets stays well inside a homeserver's
//! event limit: past it, lines of targets that ended well lose their
//! output, then fold into one list of names per state.

use crate::domain::fleet::{FleetPlan, FleetReport, MemberState, Stopped, count_label};
use crate::domain::{RiskClass, SnapshotPlan};

use super::visible::{self, fenced};

/// What a fleet card's rollout part may cost in bytes of markdown (the
/// event carries it again as HTML, and an edit twice).
pub const FLEET_COST: usize = 12 * 1024;

/// Reasons against a snapshot a card spells out (the targets of the rest
/// are still named).
const SNAPSHOT_REASONS: usize = 5;

/// Characters of a target's output line a card shows.
const LINE_CHARS: usize = 100;

/// A fleet as its card shows it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FleetView {
    pub selector: String,
    pub targets: Vec<String>,
    pub classes: Vec<RiskClass>,
    pub batch_size: u32,
    pub batches: usize,
    pub stop_after: u32,
    /// Targets snapshotted before their run, and those that cannot be
    /// (with why).
    pub snapshots: usize,
    pub no_snapshot: Vec<(String, String)>,
    /// The rollout so far, once it started.
    pub report: Option<FleetReport>,
    /// Each member runs a command of its own (an undo).
    #[serde(default)]
    pub own_commands: bool,
}

impl FleetView {
    pub fn of(plan: &FleetPlan, report: Option<&FleetReport>) -> FleetView {
        let mut snapshots = 0;
        let mut no_snapshot = Vec::new();
        for m in &plan.members {
            match &m.snapshot {
                Some(SnapshotPlan::Take) => snapshots += 1,
                Some(SnapshotPlan::Impossible { why }) => {
                    no_snapshot.push((m.target.clone(), why.clone()));
                }
                None => {}
            }
        }
        FleetView {
            selector: plan.selector.clone(),
            targets: plan.subjects(),
            classes: plan.members.iter().map(|m| m.class).collect(),
            batch_size: plan.batch_size,
            batches: plan.batches(),
            stop_after: plan.stop_after,
            snapshots,
            no_snapshot,
            report: report.cloned(),
            own_commands: plan.per_member_commands(),
        }
    }

    /// `12 containers`.
    pub fn label(&self) -> String {
        count_label(&self.targets)
    }

    /// The targets and the plan: what the decision covers.
    pub fn contract(&self) -> String {
        let mut out = format!(
            "**Targets ({}):** {}\n\n",
            self.label(),
            self.targets
                .iter()
                .zip(&self.classes)
                .map(|(t, c)| {
                    let t = visible::visible(t).replace('`', "'");
                    match c {
                        RiskClass::Destructive => format!("`{t}` (destructive)"),
                        RiskClass::ReadOnly | RiskClass::ConfigMutation => format!("`{t}`"),
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        );
        let failures = if self.stop_after == 1 {
            "the first failure".to_string()
        } else {
            format!("{} failures", self.stop_after)
        };
        out.push_str(&format!(
            "**Plan:** {} at a time ({} batch{}); no further batch starts after {failures}.",
            self.batch_size,
            self.batches,
            if self.batches == 1 { "" } else { "es" }
        ));
        if self.own_commands {
            out.push_str(" Each runs its own command, as listed above, where it is listed.");
        }
        if self.snapshots > 0 {
            out.push_str(&format!(
                " 📸 Each of {} is snapshotted before its run.",
                if self.snapshots == self.targets.len() {
                    "them".to_string()
                } else {
                    format!("{} targets", self.snapshots)
                }
            ));
        }
        // One note per reason, naming its targets (many containers on one
        // storage share one); past a few reasons, the rest name their
        // targets only, so the card keeps its size.
        let mut reasons: std::collections::BTreeMap<&str, Vec<&str>> = Default::default();
        for (target, why) in &self.no_snapshot {
            reasons.entry(why).or_default().push(target);
        }
        let names = |targets: &[&str]| {
            targets
                .iter()
                .map(|t| format!("`{}`", visible::visible(t).replace('`', "'")))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut others: Vec<&str> = Vec::new();
        for (n, (why, targets)) in reasons.into_iter().enumerate() {
            if n < SNAPSHOT_REASONS {
                out.push_str(&format!(
                    " ⚠️ No snapshot is possible ({}) for {}.",
                    visible::plain_line(why, 120),
                    names(&targets)
                ));
            } else {
                others.extend(targets);
            }
        }
        if !others.is_empty() {
            out.push_str(&format!(
                " ⚠️ No snapshot is possible, for other reasons, for {}.",
                names(&others)
            ));
        }
        out.push('\n');
        out
    }

    /// One line per target with where it is, within [`FLEET_COST`].
    pub fn rollout(&self) -> Option<String> {
        let report = self.report.as_ref()?;
        let width = report
            .members
            .iter()
            .map(|m| m.target.chars().count())
            .max()
            .unwrap_or(0);
        let mut text = String::new();
        for detail in [
            Detail::Full,
            Detail::FailuresOnly,
            Detail::Folded,
            Detail::Names,
        ] {
            text = table(report, width, detail);
            if cost(&text) <= FLEET_COST {
                break;
            }
        }
        Some(text)
    }

    /// The summary line: counts, and why it stopped.
    pub fn summary(&self) -> Option<String> {
        let report = self.report.as_ref()?;
        let why = match report.stopped {
            Some(Stopped::Threshold { failures }) => format!(
                " — stopped: {failures} failure{} reached the threshold of {}, so the remaining targets were skipped",
                if failures == 1 { "" } else { "s" },
                self.stop_after
            ),
            Some(Stopped::Cancelled) => {
                " — cancelled: targets not started were skipped".to_string()
            }
            Some(Stopped::Shutdown) => {
                " — Nomos was stopping: targets not started were skipped".to_string()
            }
            None => String::new(),
        };
        Some(format!("{}{why}", report.summary()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    /// Every target with its output line.
    Full,
    /// Output lines only for targets that did not end well.
    FailuresOnly,
    /// Targets that ended well (or never started) as one list per state.
    Folded,
    /// Every target as one list of names per state, no output at all.
    Names,
}

/// What text costs in an event: its bytes, and the HTML escapes its
/// formatted copy adds (`&amp;` for `&`, and so on).
pub fn cost(text: &str) -> usize {
    text.len()
        + 5 * text
            .chars()
            .filter(|c| matches!(c, '&' | '<' | '>' | '"' | '\''))
            .count()
}

fn mark(state: MemberState) -> &'static str {
    match state {
        MemberState::Waiting => "·",
        MemberState::Running => "▶",
        MemberState::Completed => "✓",
        MemberState::Failed | MemberState::TimedOut | MemberState::Interrupted => "✗",
        MemberState::Cancelled => "■",
        MemberState::Skipped => "–",
    }
}

fn table(report: &FleetReport, width: usize, detail: Detail) -> String {
    let quiet = |s: MemberState| {
        detail == Detail::Names
            || matches!(
                s,
                MemberState::Completed | MemberState::Waiting | MemberState::Skipped
            )
    };
    let mut lines = Vec::with_capacity(report.members.len());
    for m in &report.members {
        if matches!(detail, Detail::Folded | Detail::Names) && quiet(m.state) {
            continue;
        }
        let mut line = format!(
            "{} {:<width$}  {:<11}",
            mark(m.state),
            visible::flat_line(&m.target, 64),
            m.state.word()
        );
        if let Some(code) = m.exit_code {
            line.push_str(&format!(" exit {code:<3}"));
        }
        let show_output = detail == Detail::Full || !quiet(m.state);
        if show_output && let Some(out) = &m.line {
            line.push_str("  ");
            line.push_str(&visible::flat_line(out, LINE_CHARS));
        }
        lines.push(line.trim_end().to_string());
    }
    if matches!(detail, Detail::Folded | Detail::Names) {
        let states: &[MemberState] = if detail == Detail::Names {
            &[
                MemberState::Failed,
                MemberState::TimedOut,
                MemberState::Interrupted,
                MemberState::Cancelled,
                MemberState::Running,
                MemberState::Completed,
                MemberState::Waiting,
                MemberState::Skipped,
            ]
        } else {
            &[
                MemberState::Completed,
                MemberState::Waiting,
                MemberState::Skipped,
            ]
        };
        for &state in states {
            let names: Vec<&str> = report
                .members
                .iter()
                .filter(|m| m.state == state)
                .map(|m| m.target.as_str())
                .collect();
            if !names.is_empty() {
                lines.push(format!(
                    "{} {} ({}): {}",
                    mark(state),
                    state.word(),
                    names.len(),
                    visible::flat_line(&names.join(", "), 8 * 1024)
                ));
            }
        }
    }
    fenced(&lines.join("\n"), "")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::fleet::{FleetMember, MemberReport};

    fn plan(n: usize) -> FleetPlan {
        FleetPlan {
            selector: "lxc:*".into(),
            members: (0..n)
                .map(|i| FleetMember {
                    class: RiskClass::ConfigMutation,
                    snapshot: Some(SnapshotPlan::Take),
                    ..FleetMember::new(format!("lxc:container-{i:03}"))
                })
                .collect(),
            batch_size: 4,
            stop_after: 1,
        }
    }

    #[test]
    fn the_contract_names_every_target_and_the_plan() {
        let view = FleetView::of(&plan(12), None);
        let text = view.contract();
        for i in 0..12 {
            assert!(text.contains(&format!("`lxc:container-{i:03}`")), "{text}");
        }
        assert!(text.contains("12 containers"), "{text}");
        assert!(text.contains("4 at a time (3 batches)"), "{text}");
        assert!(text.contains("after the first failure"), "{text}");
        assert!(text.contains("Each of them is snapshotted"), "{text}");
        assert!(view.rollout().is_none());
    }

    #[test]
    fn output_cannot_draw_and_a_large_rollout_stays_within_budget() {
        let plan = plan(200);
        let mut report = FleetReport::waiting(&plan);
        for (i, m) in report.members.iter_mut().enumerate() {
            m.state = if i == 7 {
                MemberState::Failed
            } else {
                MemberState::Completed
            };
            m.exit_code = Some(if i == 7 { 100 } else { 0 });
            m.line = Some(format!(
                "```\n# heading {}\n[link](http://x)",
                "x".repeat(300)
            ));
        }
        let view = FleetView::of(&plan, Some(&report));
        let table = view.rollout().unwrap();
        assert!(cost(&table) <= FLEET_COST, "{}", cost(&table));
        assert!(table.contains("lxc:container-007"), "{table}");
        assert!(table.contains("failed"), "{table}");
        // Past the budget, only the failure keeps its output line.
        assert_eq!(
            table.lines().filter(|l| l.contains("heading")).count(),
            1,
            "{table}"
        );
        assert!(table.contains("lxc:container-199  done"), "{table}");
        // The whole table is one fence no output line can close.
        let fence = table.lines().next().unwrap();
        assert!(fence.starts_with("````"), "{fence}");
        assert_eq!(table.trim_end().lines().last(), Some(fence));
    }

    #[test]
    fn two_hundred_failures_with_escaped_output_stay_within_budget() {
        let plan = plan(200);
        let mut report = FleetReport::waiting(&plan);
        for m in &mut report.members {
            m.state = MemberState::Failed;
            m.exit_code = Some(1);
            m.line = Some("<&\">".repeat(40));
        }
        let view = FleetView::of(&plan, Some(&report));
        let table = view.rollout().unwrap();
        assert!(cost(&table) <= FLEET_COST, "{}", cost(&table));
        assert!(table.contains("failed (200)"), "{table}");
        assert!(table.contains("lxc:container-199"), "{table}");
    }

    /// A 50-target card with long names, output on every line and a
    /// 4 KiB command, waiting and then at each rollout state: its text
    /// and HTML together stay under half of Matrix's 64 KiB event (an
    /// edit carries both twice).
    #[test]
    fn a_fifty_target_card_stays_within_an_event_at_every_state() {
        use crate::chat::render::markdown_to_html;
        use crate::domain::fleet::FleetPlan;
        let plan = FleetPlan {
            selector: "tag:web".into(),
            members: (0..50)
                .map(|i| FleetMember {
                    class: RiskClass::ConfigMutation,
                    snapshot: Some(SnapshotPlan::Impossible {
                        why: format!("its disk is on storage `dir-{i}` of type dir"),
                    }),
                    ..FleetMember::new(format!("lxc:{}-{i:02}", "a-rather-long-container-name"))
                })
                .collect(),
            batch_size: 10,
            stop_after: 3,
        };
        let mut report = FleetReport::waiting(&plan);
        // As long a command as the request's budget lets through with
        // these targets (see `agent::fleet::card_refusal`).
        let command = format!("apt-get -y upgrade && echo '{}'", "<&>\"".repeat(250));
        let check = |report: Option<&FleetReport>| {
            let card = crate::chat::Card {
                fleet: Some(FleetView::of(&plan, report)),
                ..card_for(&command)
            };
            let text = card.markdown();
            let size = text.len() + markdown_to_html(&text).len();
            assert!(size < 32 * 1024, "{size}");
        };
        check(None);
        for (i, m) in report.members.iter_mut().enumerate() {
            m.state = if i % 7 == 0 {
                MemberState::Failed
            } else {
                MemberState::Completed
            };
            m.exit_code = Some(1);
            m.line = Some("<b>&amp;</b> \"quoted\" ".repeat(20));
        }
        check(Some(&report));
    }

    fn card_for(command: &str) -> crate::chat::Card {
        crate::chat::Card {
            execution_id: uuid::Uuid::nil(),
            kind: crate::domain::ExecutionKind::Fleet,
            target: "tag:web".into(),
            command: command.into(),
            purpose: "upgrade".into(),
            status: crate::domain::ExecutionStatus::Running,
            ..crate::chat::Card::example()
        }
    }

    #[test]
    fn a_small_rollout_shows_every_line_and_the_summary_says_why_it_stopped() {
        let plan = plan(3);
        let mut report = FleetReport::waiting(&plan);
        report.members[0] = MemberReport {
            state: MemberState::Completed,
            exit_code: Some(0),
            line: Some("ok".into()),
            ..report.members[0].clone()
        };
        report.members[1].state = MemberState::Failed;
        report.members[1].exit_code = Some(2);
        report.members[2].state = MemberState::Skipped;
        report.stopped = Some(Stopped::Threshold { failures: 1 });
        let view = FleetView::of(&plan, Some(&report));
        let table = view.rollout().unwrap();
        assert!(
            table.contains("✓ lxc:container-000  done        exit 0    ok"),
            "{table}"
        );
        assert!(
            table.contains("✗ lxc:container-001  failed      exit 2"),
            "{table}"
        );
        assert!(table.contains("– lxc:container-002  skipped"), "{table}");
        let summary = view.summary().unwrap();
        assert_eq!(
            summary,
            "1 done · 1 failed · 1 skipped — stopped: 1 failure reached the threshold of 1, so the remaining targets were skipped"
        );
    }
}

//! Every benchmark goal in one place, and the verdicts: each bench judges
//! its measurements here, prints one `goal:` line per goal, and exits
//! non-zero when a goal is missed or its measurement is missing (a figure
//! that could not be taken is a failure, never a quiet zero). `scripts/bench`
//! names the benches that failed.
//!
//! `NOMOS_BENCH_GOAL_FACTOR` scales every goal (default 1): `0.01` makes
//! every limit a hundred times stricter, which forces a miss and shows that
//! the verdicts can fail (`NOMOS_BENCH_GOAL_FACTOR=0.01 scripts/bench
//! prompt_tokens` exits 1).

#![allow(dead_code)]

/// Which side of the limit passes.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Bound {
    AtMost(f64),
    AtLeast(f64),
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Goal {
    pub name: &'static str,
    pub unit: &'static str,
    pub bound: Bound,
}

const fn goal(name: &'static str, unit: &'static str, bound: Bound) -> Goal {
    Goal { name, unit, bound }
}

// The executor: 200 `true` commands over 4 loopback SSH hosts.
pub(crate) const EXECUTOR_VS_SSH: Goal = goal(
    "executor: plain ssh time / pool time",
    "×",
    Bound::AtLeast(5.0),
);
pub(crate) const EXECUTOR_VS_CONTROLMASTER: Goal = goal(
    "executor: ControlMaster time / pool time",
    "×",
    Bound::AtLeast(1.0),
);
// A fleet rollout's scale: 1,000 commands over 50 loopback hosts.
pub(crate) const FLEET_VS_CONTROLMASTER: Goal = goal(
    "executor: fleet of 50 hosts, ControlMaster time / pool time",
    "×",
    Bound::AtLeast(1.5),
);
// The confinement: what running a command under nomos-confine adds to it,
// one command at a time (its latency), on an SSH host and locally.
pub(crate) const CONFINEMENT_ADDED_SSH: Goal = goal(
    "executor: confinement added per command, SSH host",
    "ms",
    Bound::AtMost(5.0),
);
pub(crate) const CONFINEMENT_ADDED_LOCAL: Goal = goal(
    "executor: confinement added per command, local host",
    "ms",
    Bound::AtMost(5.0),
);
// Matrix: what Nomos adds over a reference bot doing the same trips, in a
// plain room and in an encrypted one (the reference bot encrypts too).
pub(crate) const APPROVAL_ADDED_P50: Goal = goal(
    "matrix: ✅ → running edit, added over the reference bot, p50, plain room",
    "ms",
    Bound::AtMost(5.0),
);
pub(crate) const APPROVAL_ADDED_P99: Goal = goal(
    "matrix: ✅ → running edit, added over the reference bot, p99, plain room",
    "ms",
    Bound::AtMost(10.0),
);
pub(crate) const APPROVAL_ADDED_P50_ENCRYPTED: Goal = goal(
    "matrix: ✅ → running edit, added over the reference bot, p50, encrypted room",
    "ms",
    Bound::AtMost(5.0),
);
pub(crate) const APPROVAL_ADDED_P99_ENCRYPTED: Goal = goal(
    "matrix: ✅ → running edit, added over the reference bot, p99, encrypted room",
    "ms",
    Bound::AtMost(10.0),
);
pub(crate) const FINAL_EDIT_ADDED_P50: Goal = goal(
    "matrix: execution ends → final edit, added over the reference bot's edit, p50",
    "ms",
    Bound::AtMost(50.0),
);
pub(crate) const FINAL_EDIT_ADDED_P99: Goal = goal(
    "matrix: execution ends → final edit, added over the reference bot's edit, p99",
    "ms",
    Bound::AtMost(200.0),
);
pub(crate) const RSS_IDLE: Goal = goal("matrix: bot RSS idle", "MiB", Bound::AtMost(80.0));
pub(crate) const RSS_LOADED: Goal = goal(
    "matrix: bot RSS after 100 rooms and 2,000 messages",
    "MiB",
    Bound::AtMost(150.0),
);
// The agent's prompt at turn 20 against naive full replay.
pub(crate) const PROMPT_SHARE: Goal = goal(
    "prompt tokens at turn 20 / naive replay",
    "%",
    Bound::AtMost(40.0),
);
// The share of the session's prompt bytes that repeat the previous
// request's prefix byte for byte (what a provider's prompt cache can
// serve), over the same 20-turn session.
pub(crate) const PROMPT_CACHEABLE: Goal = goal(
    "prompt bytes in the previous request's prefix, over the session",
    "%",
    Bound::AtLeast(80.0),
);
// Knowledge search over 50,000 documents, on both stores.
pub(crate) const KNOWLEDGE_SQLITE_P95: Goal =
    goal("knowledge search, SQLite, p95", "ms", Bound::AtMost(10.0));
pub(crate) const KNOWLEDGE_POSTGRES_P95: Goal = goal(
    "knowledge search, PostgreSQL, p95",
    "ms",
    Bound::AtMost(20.0),
);
// The classifier: judging a command costs at most this many times parsing
// it (a ratio, so it holds on a busy machine).
pub(crate) const CLASSIFY_OVER_PARSE: Goal = goal(
    "classifier: classify time / parse time",
    "×",
    Bound::AtMost(5.0),
);
// The worst case: the slowest of the hostile 64 KiB inputs
// (`nomos_classify::worst_case`), each the median of a few runs.
pub(crate) const CLASSIFY_WORST_CASE: Goal = goal(
    "classifier: slowest hostile 64 KiB command",
    "ms",
    Bound::AtMost(50.0),
);
// The same ratio on the 2026-11-30 corpus stays within twice what it was
// that day (3.56×, docs/PERFORMANCE.md): the classifier may grow, but not
// get more than twice as slow on the same work.
pub(crate) const CLASSIFY_VS_2026_11_30: Goal = goal(
    "classifier: classify / parse on the 2026-11-30 corpus",
    "×",
    Bound::AtMost(2.0 * 3.56),
);

/// The factor every goal is scaled by (`NOMOS_BENCH_GOAL_FACTOR`).
fn factor() -> f64 {
    std::env::var("NOMOS_BENCH_GOAL_FACTOR")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|f| *f > 0.0)
        .unwrap_or(1.0)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    Met,
    Missed,
    /// The measurement could not be taken (or is not a number).
    Missing,
}

impl Verdict {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Verdict::Met => "met",
            Verdict::Missed => "MISSED",
            Verdict::Missing => "NO MEASUREMENT",
        }
    }
}

impl Goal {
    /// The limit after `NOMOS_BENCH_GOAL_FACTOR`.
    pub(crate) fn limit(&self) -> f64 {
        match self.bound {
            Bound::AtMost(x) => x * factor(),
            Bound::AtLeast(x) => x / factor(),
        }
    }

    pub(crate) fn judge(&self, value: Option<f64>) -> Verdict {
        let Some(v) = value.filter(|v| v.is_finite()) else {
            return Verdict::Missing;
        };
        let ok = match self.bound {
            Bound::AtMost(_) => v <= self.limit(),
            Bound::AtLeast(_) => v >= self.limit(),
        };
        if ok { Verdict::Met } else { Verdict::Missed }
    }

    /// "met (≤ 50 ms)", for tables.
    pub(crate) fn describe(&self, value: Option<f64>) -> String {
        let sign = match self.bound {
            Bound::AtMost(_) => "≤",
            Bound::AtLeast(_) => "≥",
        };
        format!(
            "{} ({sign} {} {})",
            self.judge(value).word(),
            self.limit(),
            self.unit
        )
    }
}

/// The verdicts of one bench run.
#[derive(Default)]
pub(crate) struct Verdicts {
    judged: Vec<(Goal, Option<f64>)>,
}

impl Verdicts {
    /// Records `value` against `goal`; returns the table text for it.
    pub(crate) fn judge(&mut self, goal: Goal, value: Option<f64>) -> String {
        self.judged.push((goal, value));
        goal.describe(value)
    }

    /// Prints one `goal:` line per goal and ends the process: exit 0 when
    /// every goal is met, 1 otherwise.
    pub(crate) fn finish(self) -> ! {
        println!();
        let mut failed = 0;
        for (goal, value) in &self.judged {
            let verdict = goal.judge(*value);
            if verdict != Verdict::Met {
                failed += 1;
            }
            let shown = value.map_or_else(|| "none".to_string(), |v| format!("{v:.2}"));
            println!(
                "goal: {} = {shown} {}: {}",
                goal.name,
                goal.unit,
                goal.describe(*value)
            );
        }
        if failed > 0 {
            println!("goal: {failed} of {} not met", self.judged.len());
            std::process::exit(1);
        }
        println!("goal: all {} met", self.judged.len());
        std::process::exit(0);
    }
}

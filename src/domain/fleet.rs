//! Fleet work: one command for a set of targets, decided once and rolled
//! out in batches. Pure: which targets a selector names ([`Selector`]),
//! what the card promises ([`FleetPlan`]), how the rollout goes on or stops
//! ([`Rollout`]) and what it left ([`FleetReport`]).
//!
//! A selector is words, separated by blanks or commas:
//! - `lxc:NAME`, `host:NAME`: that target;
//! - `lxc:*`, `host:web-*`: every target of the kind whose name fits
//!   (`*` stands for any run of characters, nothing else is special);
//! - `on:HOST`: containers on that Proxmox host (a container without a
//!   `host` is on the default host);
//! - `tag:NAME`: targets whose `tags` attribute (a list, or words
//!   separated by commas) holds NAME;
//! - `KEY=VALUE`: targets whose attribute KEY is VALUE (case ignored;
//!   numbers and booleans by their text).
//!
//! Targets and patterns together name a set (their union; every target
//! when there are none), and each filter keeps only what it fits. The
//! resolved list is sorted, so a card lists targets in one order.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::target::{LxcAttrs, SnapshotPlan, Target, decode};
use nomos_classify::{NetworkUse, RiskClass};

/// The most targets one fleet card may name.
pub const MAX_TARGETS: usize = 200;

/// The most targets that run at once in one batch.
pub const MAX_BATCH: u32 = 50;

/// A batch size when none is asked for.
pub const DEFAULT_BATCH: u32 = 5;

/// Failures that stop a rollout when no threshold is asked for.
pub const DEFAULT_STOP_AFTER: u32 = 1;

/// One word of a selector.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Term {
    /// A kind and a name pattern (`*` any run of characters).
    Named {
        kind: &'static str,
        pattern: String,
    },
    /// Containers on this host.
    On(String),
    Tag(String),
    Attr {
        key: String,
        value: String,
    },
}

/// What a selector could not be read as.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelectorError {
    #[error(
        "the selector is empty: name targets (`lxc:a lxc:b`), a pattern (`lxc:*`) or a filter (`tag:web`, `os=debian`, `on:pve`)"
    )]
    Empty,
    #[error(
        "`{0}` is not a selector word: use `lxc:NAME`, `host:NAME` (with `*` for any run of characters), `on:HOST`, `tag:NAME` or `KEY=VALUE`"
    )]
    Word(String),
    #[error("`{selector}` matches no target{known}")]
    NoMatch { selector: String, known: String },
    #[error(
        "`{selector}` matches {count} targets; one fleet card takes at most {MAX_TARGETS}: narrow it"
    )]
    TooMany { selector: String, count: usize },
}

/// A set of targets, as the operator or the model wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector {
    terms: Vec<Term>,
}

/// What the resolver knows of one target.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// `host:NAME` or `lxc:NAME`.
    pub slug: &'a str,
    pub attributes: &'a Value,
}

impl Selector {
    /// Reads a selector; every word must be one of the forms above.
    pub fn parse(text: &str) -> Result<Selector, SelectorError> {
        let terms = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(term)
            .collect::<Result<Vec<_>, _>>()?;
        if terms.is_empty() {
            return Err(SelectorError::Empty);
        }
        Ok(Selector { terms })
    }

    /// Whether `word` reads as selector words (a plain target too; words
    /// may be joined by commas).
    pub fn is_word(word: &str) -> bool {
        let mut parts = word.split(',').filter(|p| !p.is_empty()).peekable();
        parts.peek().is_some() && parts.all(|p| term(p).is_ok())
    }

    /// Whether `word` reads as selector words that are not one plain
    /// target (so `!run` can tell a fleet from a single target): a
    /// pattern, a filter, or targets joined by commas.
    pub fn is_fleet_word(word: &str) -> bool {
        let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
        if parts.len() > 1 {
            return Selector::is_word(word);
        }
        match parts.first().map(|p| term(p)) {
            Some(Ok(Term::Named { pattern, .. })) => pattern.contains('*'),
            Some(Ok(Term::On(_) | Term::Tag(_) | Term::Attr { .. })) => true,
            Some(Err(_)) | None => false,
        }
    }

    /// The targets it names among `candidates`, sorted, or why none.
    /// `default_host`: where containers without a `host` live.
    pub fn resolve(
        &self,
        candidates: &[Candidate<'_>],
        default_host: Option<&str>,
    ) -> Result<Vec<String>, SelectorError> {
        let has_base = self.terms.iter().any(|t| matches!(t, Term::Named { .. }));
        let mut out: Vec<String> = candidates
            .iter()
            .filter(|c| c.slug.parse::<Target>().is_ok())
            .filter(|c| {
                let in_base = !has_base
                    || self.terms.iter().any(|t| match t {
                        Term::Named { kind, pattern } => named(c.slug, kind, pattern),
                        _ => false,
                    });
                in_base
                    && self.terms.iter().all(|t| match t {
                        Term::Named { .. } => true,
                        Term::On(host) => on_host(c, host, default_host),
                        Term::Tag(tag) => tagged(c.attributes, tag),
                        Term::Attr { key, value } => attr_is(c.attributes, key, value),
                    })
            })
            .map(|c| c.slug.to_string())
            .collect();
        out.sort();
        out.dedup();
        if out.is_empty() {
            let mut known: Vec<&str> = candidates.iter().map(|c| c.slug).collect();
            known.sort_unstable();
            let known = if known.is_empty() {
                String::new()
            } else {
                format!("; known targets: {}", known.join(", "))
            };
            return Err(SelectorError::NoMatch {
                selector: self.to_string(),
                known,
            });
        }
        if out.len() > MAX_TARGETS {
            return Err(SelectorError::TooMany {
                selector: self.to_string(),
                count: out.len(),
            });
        }
        Ok(out)
    }
}

impl std::fmt::Display for Selector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self
            .terms
            .iter()
            .map(|t| match t {
                Term::Named { kind, pattern } => format!("{kind}:{pattern}"),
                Term::On(host) => format!("on:{host}"),
                Term::Tag(tag) => format!("tag:{tag}"),
                Term::Attr { key, value } => format!("{key}={value}"),
            })
            .collect();
        f.write_str(&words.join(" "))
    }
}

fn term(word: &str) -> Result<Term, SelectorError> {
    let bad = || SelectorError::Word(word.to_string());
    let plain = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    if let Some((key, value)) = word.split_once('=') {
        return if plain(key) && plain(value) {
            Ok(Term::Attr {
                key: key.to_string(),
                value: value.to_string(),
            })
        } else {
            Err(bad())
        };
    }
    let (prefix, rest) = word.split_once(':').ok_or_else(bad)?;
    let pattern_ok = plain(&rest.replace('*', "x"));
    match prefix.to_ascii_lowercase().as_str() {
        "host" if pattern_ok => Ok(Term::Named {
            kind: Target::HOST,
            pattern: rest.to_string(),
        }),
        "lxc" if pattern_ok => Ok(Term::Named {
            kind: Target::LXC,
            pattern: rest.to_string(),
        }),
        "on" if plain(Target::host_name(rest)) => Ok(Term::On(Target::host_name(rest).into())),
        "tag" if plain(rest) => Ok(Term::Tag(rest.to_string())),
        _ => Err(bad()),
    }
}

fn named(slug: &str, kind: &str, pattern: &str) -> bool {
    let Ok(target) = slug.parse::<Target>() else {
        return false;
    };
    target.kind() == kind && glob(pattern, target.name())
}

/// Whether `name` fits `pattern`, where `*` is any run of characters.
fn glob(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first) || name.len() < first.len() + last.len() || !name.ends_with(last) {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

fn on_host(c: &Candidate<'_>, host: &str, default_host: Option<&str>) -> bool {
    if !c.slug.starts_with("lxc:") {
        return false;
    }
    let lxc: Option<LxcAttrs> = decode(c.attributes).ok();
    let lives_on = lxc.as_ref().and_then(LxcAttrs::host_name).or(default_host);
    lives_on.is_some_and(|h| h.eq_ignore_ascii_case(host))
}

fn tagged(attributes: &Value, tag: &str) -> bool {
    match attributes.get("tags") {
        Some(Value::Array(items)) => items.iter().any(|v| {
            v.as_str()
                .is_some_and(|s| s.trim().eq_ignore_ascii_case(tag))
        }),
        Some(Value::String(s)) => s
            .split([',', ' ', ';'])
            .any(|w| w.trim().eq_ignore_ascii_case(tag)),
        _ => false,
    }
}

fn attr_is(attributes: &Value, key: &str, value: &str) -> bool {
    let text = match attributes.get(key) {
        Some(Value::String(s)) => s.trim().to_string(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => return false,
    };
    text.eq_ignore_ascii_case(value)
}

/// How many targets, in words (`12 containers`, `1 host`, `5 targets`),
/// as the card and the destructive phrase name the set.
pub fn count_label(targets: &[String]) -> String {
    let n = targets.len();
    let all = |prefix: &str| targets.iter().all(|t| t.starts_with(prefix));
    let noun = if all("lxc:") {
        "container"
    } else if all("host:") {
        "host"
    } else {
        "target"
    };
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// One target of a fleet card, as the proposal judged it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetMember {
    pub target: String,
    pub class: RiskClass,
    #[serde(default)]
    pub network: NetworkUse,
    /// The snapshot the card promises before its run, as for one target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<SnapshotPlan>,
    /// Its own command, when it is not the fleet's (an undo's rollback
    /// of one container, run on its host); the card shows each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// What it is about when it runs elsewhere (the container a rollback
    /// on its host restores): what the card and the phrase count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

impl FleetMember {
    /// A target of the fleet's own command, not judged yet.
    pub fn new(target: String) -> FleetMember {
        FleetMember {
            target,
            class: RiskClass::ReadOnly,
            network: NetworkUse::None,
            snapshot: None,
            command: None,
            about: None,
        }
    }

    /// What the card names it by: what it is about, else where it runs.
    pub fn subject(&self) -> &str {
        self.about.as_deref().unwrap_or(&self.target)
    }
}

/// What a fleet card promises: the targets, and how the rollout goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetPlan {
    /// The selector as written (the card shows what it resolved to).
    pub selector: String,
    pub members: Vec<FleetMember>,
    /// Targets that run at once.
    pub batch_size: u32,
    /// Failures after which no further batch starts.
    pub stop_after: u32,
}

impl FleetPlan {
    /// Where its members run.
    pub fn targets(&self) -> Vec<String> {
        self.members.iter().map(|m| m.target.clone()).collect()
    }

    /// What its members are about (see [`FleetMember::subject`]): what
    /// the card counts and lists.
    pub fn subjects(&self) -> Vec<String> {
        self.members
            .iter()
            .map(|m| m.subject().to_string())
            .collect()
    }

    /// Whether its members run commands of their own (an undo).
    pub fn per_member_commands(&self) -> bool {
        self.members.iter().any(|m| m.command.is_some())
    }

    /// The set's class: the highest of its members'.
    pub fn class(&self) -> RiskClass {
        self.members
            .iter()
            .map(|m| m.class)
            .max()
            .unwrap_or(RiskClass::ReadOnly)
    }

    pub fn batches(&self) -> usize {
        self.members.len().div_ceil(self.batch_size.max(1) as usize)
    }
}

/// Where one target of a rollout is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MemberState {
    Waiting,
    Running,
    Completed,
    Failed,
    TimedOut,
    Cancelled,
    /// Never started: the rollout stopped first.
    Skipped,
    /// Nomos stopped while it ran.
    Interrupted,
}

impl MemberState {
    /// A failure that counts toward the stop threshold.
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            MemberState::Failed | MemberState::TimedOut | MemberState::Interrupted
        )
    }

    pub fn is_final(self) -> bool {
        !matches!(self, MemberState::Waiting | MemberState::Running)
    }

    pub fn word(self) -> &'static str {
        match self {
            MemberState::Waiting => "waiting",
            MemberState::Running => "running",
            MemberState::Completed => "done",
            MemberState::Failed => "failed",
            MemberState::TimedOut => "timed out",
            MemberState::Cancelled => "cancelled",
            MemberState::Skipped => "skipped",
            MemberState::Interrupted => "interrupted",
        }
    }
}

/// One target's part of a rollout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemberReport {
    pub target: String,
    pub state: MemberState,
    /// Its own execution, once it started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,
    /// The last line of its output (or why it could not start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// The snapshot taken before it ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
}

/// Why a rollout ended before its last batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum Stopped {
    /// Failures reached the threshold.
    Threshold { failures: u32 },
    /// Someone cancelled it.
    Cancelled,
    /// Nomos was stopping: no further batch started.
    Shutdown,
}

/// What a rollout did, target by target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetReport {
    pub members: Vec<MemberReport>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

impl FleetReport {
    /// Every target waiting.
    pub fn waiting(plan: &FleetPlan) -> FleetReport {
        FleetReport {
            members: plan
                .members
                .iter()
                .map(|m| MemberReport {
                    target: m.subject().to_string(),
                    state: MemberState::Waiting,
                    execution: None,
                    exit_code: None,
                    line: None,
                    snapshot: None,
                })
                .collect(),
            stopped: None,
        }
    }

    pub fn count(&self, state: MemberState) -> usize {
        self.members.iter().filter(|m| m.state == state).count()
    }

    pub fn failures(&self) -> u32 {
        let n = self.members.iter().filter(|m| m.state.is_failure()).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Targets whose work ran to its end or was cut while running: what
    /// an undo would roll back.
    pub fn changed(&self) -> impl Iterator<Item = &MemberReport> {
        self.members.iter().filter(|m| {
            m.snapshot.is_some()
                && matches!(
                    m.state,
                    MemberState::Completed
                        | MemberState::Failed
                        | MemberState::TimedOut
                        | MemberState::Cancelled
                        | MemberState::Interrupted
                )
        })
    }

    /// One line: how many targets are where (`7 done · 1 failed · 4
    /// skipped`), in a fixed order, states with none left out.
    pub fn summary(&self) -> String {
        use MemberState::*;
        let parts: Vec<String> = [
            Completed,
            Failed,
            TimedOut,
            Interrupted,
            Cancelled,
            Running,
            Waiting,
            Skipped,
        ]
        .iter()
        .filter_map(|s| {
            let n = self.count(*s);
            (n > 0).then(|| format!("{n} {}", s.word()))
        })
        .collect();
        parts.join(" · ")
    }

    /// The report as a restart leaves it: what ran is interrupted, what
    /// waited never runs.
    pub fn interrupt(&mut self) {
        for m in &mut self.members {
            m.state = match m.state {
                MemberState::Running => MemberState::Interrupted,
                MemberState::Waiting => MemberState::Skipped,
                other => other,
            };
        }
    }

    /// Whether every target ran to a clean end.
    pub fn all_completed(&self) -> bool {
        self.members
            .iter()
            .all(|m| m.state == MemberState::Completed)
    }
}

/// What a rollout does next, decided from its plan and report alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Next {
    /// Start these members (indexes into the plan), together.
    Batch(Vec<usize>),
    /// Stop: the rest are skipped, for this reason.
    Stop(Stopped),
    /// Every member has ended.
    Done,
}

/// The rollout's rule.
pub struct Rollout;

impl Rollout {
    /// The next step: stop when halted (`halt`: cancelled, or Nomos
    /// stopping) or once failures reach the threshold (counted after each
    /// batch), else the next batch of waiting members in plan order.
    pub fn next(plan: &FleetPlan, report: &FleetReport, halt: Option<Stopped>) -> Next {
        let waiting: Vec<usize> = report
            .members
            .iter()
            .enumerate()
            .filter(|(_, m)| m.state == MemberState::Waiting)
            .map(|(i, _)| i)
            .collect();
        if waiting.is_empty() {
            return Next::Done;
        }
        if let Some(why) = halt {
            return Next::Stop(why);
        }
        let failures = report.failures();
        if failures >= plan.stop_after.max(1) {
            return Next::Stop(Stopped::Threshold { failures });
        }
        let size = plan.batch_size.clamp(1, MAX_BATCH) as usize;
        Next::Batch(waiting.into_iter().take(size).collect())
    }

    /// Marks every waiting member skipped, with the reason.
    pub fn skip_rest(report: &mut FleetReport, why: Stopped) {
        for m in &mut report.members {
            if m.state == MemberState::Waiting {
                m.state = MemberState::Skipped;
            }
        }
        report.stopped = Some(why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fleet() -> Vec<(String, Value)> {
        vec![
            (
                "host:pve".into(),
                json!({"transport": "ssh", "default": true}),
            ),
            ("host:pve2".into(), json!({"transport": "ssh"})),
            (
                "lxc:web-1".into(),
                json!({"vmid": 101, "os": "debian", "tags": ["web", "php"]}),
            ),
            (
                "lxc:web-2".into(),
                json!({"vmid": 102, "os": "Debian", "tags": "web, edge"}),
            ),
            (
                "lxc:db".into(),
                json!({"vmid": 103, "host": "pve2", "os": "alpine"}),
            ),
            ("service:caddy".into(), json!({})),
        ]
    }

    fn resolve(text: &str) -> Result<Vec<String>, SelectorError> {
        let all = fleet();
        let cands: Vec<Candidate<'_>> = all
            .iter()
            .map(|(s, a)| Candidate {
                slug: s,
                attributes: a,
            })
            .collect();
        Selector::parse(text)?.resolve(&cands, Some("pve"))
    }

    #[test]
    fn selectors_pick_by_name_pattern_host_tag_and_attribute() {
        assert_eq!(
            resolve("lxc:*").unwrap(),
            ["lxc:db", "lxc:web-1", "lxc:web-2"]
        );
        assert_eq!(resolve("lxc:web-*").unwrap(), ["lxc:web-1", "lxc:web-2"]);
        assert_eq!(resolve("host:*").unwrap(), ["host:pve", "host:pve2"]);
        assert_eq!(resolve("on:pve").unwrap(), ["lxc:web-1", "lxc:web-2"]);
        assert_eq!(resolve("lxc:* on:host:pve2").unwrap(), ["lxc:db"]);
        assert_eq!(resolve("tag:web").unwrap(), ["lxc:web-1", "lxc:web-2"]);
        assert_eq!(resolve("tag:edge").unwrap(), ["lxc:web-2"]);
        assert_eq!(resolve("os=debian").unwrap(), ["lxc:web-1", "lxc:web-2"]);
        assert_eq!(resolve("vmid=103").unwrap(), ["lxc:db"]);
        assert_eq!(
            resolve("lxc:db, lxc:web-1 host:pve").unwrap(),
            ["host:pve", "lxc:db", "lxc:web-1"]
        );
        assert_eq!(
            resolve("lxc:db,lxc:web-1 os=debian").unwrap(),
            ["lxc:web-1"]
        );
        assert_eq!(
            resolve("LXC:*b*").unwrap(),
            ["lxc:db", "lxc:web-1", "lxc:web-2"]
        );
    }

    #[test]
    fn bad_selectors_say_why() {
        assert_eq!(resolve("  , "), Err(SelectorError::Empty));
        for bad in [
            "vm:1", "lxc:", "lxc:a;b", "tag:", "=x", "os=", "on:", "lxc:$(x)", "plain",
        ] {
            assert!(
                matches!(resolve(bad), Err(SelectorError::Word(_))),
                "{bad}: {:?}",
                resolve(bad)
            );
        }
        let none = resolve("os=arch").unwrap_err().to_string();
        assert!(none.contains("`os=arch` matches no target"), "{none}");
        assert!(none.contains("lxc:web-1"), "{none}");
        assert!(resolve("service:*").is_err());
    }

    #[test]
    fn fleet_words_are_told_from_plain_targets() {
        for w in ["lxc:*", "host:pve*", "tag:web", "os=debian", "on:pve"] {
            assert!(Selector::is_fleet_word(w), "{w}");
        }
        assert!(Selector::is_fleet_word("lxc:a,lxc:b"));
        assert!(!Selector::is_fleet_word("lxc:a,ls"));
        for w in ["lxc:web", "host:pve", "ls", "FOO=$(x)", "apt-get", ","] {
            assert!(!Selector::is_fleet_word(w), "{w}");
        }
    }

    #[test]
    fn globs_fit_whole_names() {
        assert!(glob("web-*", "web-1"));
        assert!(glob("*-1", "web-1"));
        assert!(glob("w*b*1", "web-1"));
        assert!(!glob("w*b*2", "web-1"));
        assert!(!glob("ab*ba", "aba"));
        assert!(glob("*", ""));
        assert!(!glob("web", "web-1"));
    }

    #[test]
    fn count_labels_name_the_kind() {
        let t = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(count_label(&t(&["lxc:a", "lxc:b"])), "2 containers");
        assert_eq!(count_label(&t(&["host:a"])), "1 host");
        assert_eq!(count_label(&t(&["host:a", "lxc:b"])), "2 targets");
    }

    fn plan(n: usize, batch: u32, stop_after: u32) -> FleetPlan {
        FleetPlan {
            selector: "lxc:*".into(),
            members: (0..n)
                .map(|i| FleetMember {
                    class: RiskClass::ConfigMutation,
                    ..FleetMember::new(format!("lxc:c{i:02}"))
                })
                .collect(),
            batch_size: batch,
            stop_after,
        }
    }

    #[test]
    fn a_rollout_runs_in_batches_and_stops_at_its_threshold() {
        let plan = plan(12, 4, 1);
        let mut report = FleetReport::waiting(&plan);
        assert_eq!(
            Rollout::next(&plan, &report, None),
            Next::Batch(vec![0, 1, 2, 3])
        );
        for i in 0..4 {
            report.members[i].state = MemberState::Completed;
        }
        assert_eq!(
            Rollout::next(&plan, &report, None),
            Next::Batch(vec![4, 5, 6, 7])
        );
        report.members[4].state = MemberState::Failed;
        for i in 5..8 {
            report.members[i].state = MemberState::Completed;
        }
        let next = Rollout::next(&plan, &report, None);
        assert_eq!(next, Next::Stop(Stopped::Threshold { failures: 1 }));
        Rollout::skip_rest(&mut report, Stopped::Threshold { failures: 1 });
        assert_eq!(report.summary(), "7 done · 1 failed · 4 skipped");
        assert_eq!(Rollout::next(&plan, &report, None), Next::Done);
    }

    #[test]
    fn a_higher_threshold_lets_failures_through_and_cancel_stops() {
        let plan = plan(5, 2, 3);
        let mut report = FleetReport::waiting(&plan);
        report.members[0].state = MemberState::Failed;
        report.members[1].state = MemberState::TimedOut;
        assert_eq!(Rollout::next(&plan, &report, None), Next::Batch(vec![2, 3]));
        assert_eq!(
            Rollout::next(&plan, &report, Some(Stopped::Cancelled)),
            Next::Stop(Stopped::Cancelled)
        );
        assert_eq!(plan.batches(), 3);
    }

    #[test]
    fn plans_and_reports_round_trip_as_json() {
        let plan = plan(2, 1, 1);
        let text = serde_json::to_string(&plan).unwrap();
        assert_eq!(serde_json::from_str::<FleetPlan>(&text).unwrap(), plan);
        let mut report = FleetReport::waiting(&plan);
        report.stopped = Some(Stopped::Threshold { failures: 2 });
        let text = serde_json::to_string(&report).unwrap();
        assert_eq!(serde_json::from_str::<FleetReport>(&text).unwrap(), report);
    }
}

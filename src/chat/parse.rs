//! The `!` commands: parsing a message into a [`Command`] (a pure function
//! with unit tests) and answering the ones that need no other module.

use crate::domain::fleet::Selector;
use time::format_description::well_known::Rfc3339;
use time::macros::format_description;
use time::{Duration, OffsetDateTime, UtcOffset};

/// Usage and one-line description of each command, for `!help`.
pub const USAGE: &[(&str, &str)] = &[
    ("!help", "this list"),
    ("!status", "the fleet's health, what runs and what waits"),
    ("!pending", "cards waiting for a decision in this room"),
    ("!executions", "the latest executions in this room"),
    (
        "!run TARGET COMMAND",
        "propose a command yourself, through the same gate",
    ),
    (
        FLEET_USAGE,
        "one command on many targets, one card: SELECTOR is `lxc:*`, `host:web-*`, `on:HOST`, `tag:NAME`, `KEY=VALUE` or a list of targets; `batch:N` targets at a time (default 5), no further batch after `stop-after:N` failures (default 1)",
    ),
    (
        "!output ID TARGET",
        "what one target of a fleet card printed",
    ),
    (
        "!approve ID",
        "approve a waiting card (destructive work needs its phrase)",
    ),
    ("!deny ID", "refuse a waiting card"),
    (
        "!cancel ID",
        "stop a running execution, or refuse a waiting one",
    ),
    (
        "!undo ID",
        "take that execution back on a card of its own: put a changed file's old content back, or roll its container back to the snapshot taken before it (destructive); ↩️ on its card does the same",
    ),
    ("!windows", "open approval windows in this room"),
    ("!revoke", "close this room's approval windows now"),
    (
        "!new",
        "start a fresh conversation (the agent forgets this one)",
    ),
    ("!kb QUERY", "search what the lab has learned"),
    (
        AUDIT_USAGE,
        "who proposed and decided what in this room, how, and the result (default: the last 7 days)",
    ),
    (
        "!retry",
        "ask the model again about your last message, after it failed to answer",
    ),
];

/// What a message asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
    Status,
    Pending,
    Executions,
    Run {
        target: String,
        command: String,
    },
    /// `!run` over a selector: one fleet card.
    RunFleet(FleetArgs),
    /// `!output ID TARGET`: one target's output of a fleet card.
    Output {
        id: String,
        target: String,
    },
    Approve(String),
    Deny(String),
    Cancel(String),
    Undo(String),
    Windows,
    Revoke,
    New,
    Kb(String),
    Retry,
    Audit(AuditQuery),
    /// A known command used wrongly; carries its usage line.
    Usage(&'static str),
    /// `!audit` with an argument it cannot read; says which and why.
    AuditUsage(AuditArgError),
    /// A `!word` that is not a command; carries the word.
    Unknown(String),
}

/// Parses a message body. Returns `None` when the message is not a command
/// (plain chat for the agent). Leading and trailing whitespace is ignored;
/// the command word is case-insensitive.
pub fn parse(body: &str) -> Option<Command> {
    let rest = body.trim().strip_prefix('!')?;
    // `!word`, with the word right after the `!`: "! help" is not a command.
    if !rest.starts_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    let word = rest.split_whitespace().next()?;
    let args = rest[word.len()..].trim();
    let id = |make: fn(String) -> Command, usage: &'static str| match args
        .split_whitespace()
        .collect::<Vec<_>>()[..]
    {
        [one] => make(one.trim_matches('`').to_ascii_lowercase()),
        _ => Command::Usage(usage),
    };
    Some(match word.to_ascii_lowercase().as_str() {
        "help" => Command::Help,
        "status" => Command::Status,
        "pending" => Command::Pending,
        "executions" => Command::Executions,
        "run" if fleet_form(args).is_some() => match fleet_form(args) {
            Some(Some(fleet)) => Command::RunFleet(fleet),
            _ => Command::Usage(FLEET_USAGE),
        },
        "output" => match args.split_whitespace().collect::<Vec<_>>()[..] {
            [id, target] => Command::Output {
                id: id.trim_matches('`').to_ascii_lowercase(),
                target: target.trim_matches('`').to_string(),
            },
            _ => Command::Usage("!output ID TARGET"),
        },
        "run" => match args.split_once(char::is_whitespace) {
            Some((target, command)) if !command.trim().is_empty() => Command::Run {
                target: target.to_string(),
                command: command.trim().to_string(),
            },
            _ => Command::Usage("!run TARGET COMMAND"),
        },
        "approve" => id(Command::Approve, "!approve ID"),
        "deny" => id(Command::Deny, "!deny ID"),
        "cancel" => id(Command::Cancel, "!cancel ID"),
        "undo" => id(Command::Undo, "!undo ID"),
        "windows" => Command::Windows,
        "revoke" => Command::Revoke,
        "new" => Command::New,
        "retry" => Command::Retry,
        "kb" if !args.is_empty() => Command::Kb(args.to_string()),
        "kb" => Command::Usage("!kb QUERY"),
        "audit" => match parse_audit(args) {
            Ok(query) => Command::Audit(query),
            Err(error) => Command::AuditUsage(error),
        },
        _ => Command::Unknown(word.to_string()),
    })
}

/// How `!run` over many targets is typed.
pub const FLEET_USAGE: &str = "!run SELECTOR [batch:N] [stop-after:N] -- COMMAND";

/// What `!run` over a selector asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FleetArgs {
    /// The selector's words as typed (read by `Selector::parse`).
    pub selector: String,
    pub batch: Option<u32>,
    pub stop_after: Option<u32>,
    pub command: String,
}

/// Whether `word` sets the rollout's plan (`batch:N`, `stop-after:N`).
fn plan_word(word: &str) -> bool {
    word.split_once(':').is_some_and(|(k, _)| {
        k.eq_ignore_ascii_case("batch") || k.eq_ignore_ascii_case("stop-after")
    })
}

/// `!run`'s arguments as fleet work: `None` when they are a single
/// target's run; `Some(None)` when they are fleet work typed wrongly.
/// Fleet work is `SELECTOR… [PLAN…] -- COMMAND` (every word before the
/// first standalone `--` a selector or plan word, and more than one word
/// or a pattern or filter among them), or one pattern or filter word and
/// then the command exactly as typed (a `--` inside it is its own).
fn fleet_form(args: &str) -> Option<Option<FleetArgs>> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let first = *words.first()?;
    if let Some(at) = words.iter().position(|w| *w == "--")
        && at >= 1
        && words[..at]
            .iter()
            .all(|w| Selector::is_word(w) || plan_word(w))
        && (at >= 2 || Selector::is_fleet_word(first))
    {
        let mut rest = args;
        for w in &words[..=at] {
            let start = rest.find(w)? + w.len();
            rest = &rest[start..];
        }
        return Some(fleet_args(&words[..at], rest.trim()));
    }
    if !Selector::is_fleet_word(first) {
        return None;
    }
    if words.get(1).is_some_and(|w| plan_word(w)) {
        // Plan words need the `--` form.
        return Some(None);
    }
    let command = args[args.find(first)? + first.len()..].trim();
    Some(fleet_args(&words[..1], command))
}

/// The fleet work of `head` (selector and plan words) and `command`.
fn fleet_args(head: &[&str], command: &str) -> Option<FleetArgs> {
    if command.is_empty() {
        return None;
    }
    let mut out = FleetArgs {
        selector: String::new(),
        batch: None,
        stop_after: None,
        command: command.to_string(),
    };
    let mut selector = Vec::new();
    for w in head {
        let count = |v: &str| v.parse::<u32>().ok().filter(|n| *n > 0);
        match w.split_once(':') {
            Some((k, v)) if k.eq_ignore_ascii_case("batch") => out.batch = Some(count(v)?),
            Some((k, v)) if k.eq_ignore_ascii_case("stop-after") => {
                out.stop_after = Some(count(v)?);
            }
            _ => selector.push(*w),
        }
    }
    if selector.is_empty() {
        return None;
    }
    out.selector = selector.join(" ");
    Some(out)
}

/// How `!audit` is typed.
pub const AUDIT_USAGE: &str = "!audit [TARGET] [@USER] [SINCE]";

/// How far back `!audit` and `nomos audit` look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    /// This long before the moment the question is answered.
    Ago(Duration),
    /// From this instant.
    At(OffsetDateTime),
}

impl Since {
    /// Seven days back.
    pub const DEFAULT: Since = Since::Ago(Duration::days(7));

    /// The instant this means when asked at `now` (the start of time when
    /// it reaches back further than dates go).
    pub fn resolve(self, now: OffsetDateTime) -> OffsetDateTime {
        match self {
            Since::Ago(back) => now.checked_sub(back).unwrap_or(OffsetDateTime::UNIX_EPOCH),
            Since::At(at) => at,
        }
    }
}

/// What `!audit` asks for: the room's trail, optionally narrowed to one
/// target and one person, from `since` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditQuery {
    pub target: Option<String>,
    pub user: Option<String>,
    pub since: Since,
}

/// An `!audit` argument (or a `nomos audit` option) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuditArgError {
    #[error("`{0}` is not a target, a @user or a time")]
    Unrecognised(String),
    #[error("`{0}` is not a target: targets are `host:NAME` or `lxc:NAME`")]
    BadTarget(String),
    #[error("`{0}` is not a full Matrix user id: write it like `@alice:example.org`")]
    BadUser(String),
    #[error(
        "`{0}` is not a time: use `30m`, `2h`, `7d`, `2w`, a date like `2025-06-01` or an RFC 3339 time like `2025-06-01T14:00:00Z`"
    )]
    BadSince(String),
    #[error("`{first}` and `{second}` are both a {what}: give at most one")]
    Twice {
        what: &'static str,
        first: String,
        second: String,
    },
}

/// Parses the arguments of `!audit`: at most one target (`host:NAME`,
/// `lxc:NAME`), one user (`@name:server`) and one time (see
/// [`parse_since`]), in any order. A missing time means seven days back.
pub fn parse_audit(args: &str) -> Result<AuditQuery, AuditArgError> {
    let mut query = AuditQuery {
        target: None,
        user: None,
        since: Since::DEFAULT,
    };
    let mut since_word: Option<&str> = None;
    for word in args.split_whitespace() {
        let word = word.trim_matches('`');
        if word.is_empty() {
            continue;
        }
        let (what, slot_word) = if word.starts_with('@') {
            ("user", query.user.replace(parse_user(word)?))
        } else if word.starts_with(|c: char| c.is_ascii_digit()) {
            query.since = parse_since(word)?;
            ("time", since_word.replace(word).map(str::to_string))
        } else if word.contains(':') {
            ("target", query.target.replace(parse_target(word)?))
        } else {
            return Err(AuditArgError::Unrecognised(word.to_string()));
        };
        if let Some(first) = slot_word {
            return Err(AuditArgError::Twice {
                what,
                first,
                second: word.to_string(),
            });
        }
    }
    Ok(query)
}

/// A target as `!audit` and `nomos audit` take it: `host:NAME` or
/// `lxc:NAME` (the kind in any case, written back in lower case).
pub fn parse_target(word: &str) -> Result<String, AuditArgError> {
    word.parse::<crate::domain::Target>()
        .map(|t| t.to_string())
        .map_err(|_| AuditArgError::BadTarget(word.to_string()))
}

/// A full Matrix user id: `@name:server`.
pub fn parse_user(word: &str) -> Result<String, AuditArgError> {
    let bad = || AuditArgError::BadUser(word.to_string());
    let (name, server) = word
        .strip_prefix('@')
        .and_then(|rest| rest.split_once(':'))
        .ok_or_else(bad)?;
    if name.is_empty() || server.is_empty() || word.contains(char::is_whitespace) {
        return Err(bad());
    }
    Ok(word.to_string())
}

/// A time to look back to: a duration before now (`30m`, `2h`, `7d`,
/// `2w`), a date (`2025-06-01`, from midnight UTC) or an RFC 3339 time
/// (`2025-06-01T14:00:00Z`).
pub fn parse_since(word: &str) -> Result<Since, AuditArgError> {
    let bad = || AuditArgError::BadSince(word.to_string());
    let word = word.trim();
    if let Some(unit) = word.chars().last().filter(char::is_ascii_alphabetic)
        && word.len() > 1
        && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit())
    {
        let n: i64 = word[..word.len() - 1].parse().map_err(|_| bad())?;
        let back = match unit.to_ascii_lowercase() {
            'm' => Duration::minutes(n),
            'h' => Duration::hours(n),
            'd' => Duration::days(n),
            'w' => Duration::weeks(n),
            _ => return Err(bad()),
        };
        return if n > 0 && n <= MAX_AGO_UNITS {
            Ok(Since::Ago(back))
        } else {
            Err(bad())
        };
    }
    if let Ok(at) = OffsetDateTime::parse(word, &Rfc3339) {
        return Ok(Since::At(at.to_offset(UtcOffset::UTC)));
    }
    let date =
        time::Date::parse(word, format_description!("[year]-[month]-[day]")).map_err(|_| bad())?;
    Ok(Since::At(date.midnight().assume_utc()))
}

/// The largest count a relative time takes (a million weeks is still a
/// [`Duration`]; more is surely a typo).
const MAX_AGO_UNITS: i64 = 1_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_commands() {
        assert_eq!(parse("!help"), Some(Command::Help));
        assert_eq!(parse("  !HELP  "), Some(Command::Help));
        assert_eq!(parse("!help me please"), Some(Command::Help));
        assert_eq!(
            parse("!frobnicate x"),
            Some(Command::Unknown("frobnicate".into()))
        );
        assert_eq!(
            parse("!run host:strong systemctl restart nginx"),
            Some(Command::Run {
                target: "host:strong".into(),
                command: "systemctl restart nginx".into()
            })
        );
        assert_eq!(
            parse("!run host:strong"),
            Some(Command::Usage("!run TARGET COMMAND"))
        );
        assert_eq!(
            parse("!run lxc:* os=debian batch:4 stop-after:2 -- pct exec 1 -- ls -- x"),
            Some(Command::RunFleet(FleetArgs {
                selector: "lxc:* os=debian".into(),
                batch: Some(4),
                stop_after: Some(2),
                command: "pct exec 1 -- ls -- x".into()
            }))
        );
        assert_eq!(
            parse("!run tag:web DEBIAN_FRONTEND=noninteractive apt-get -y upgrade"),
            Some(Command::RunFleet(FleetArgs {
                selector: "tag:web".into(),
                batch: None,
                stop_after: None,
                command: "DEBIAN_FRONTEND=noninteractive apt-get -y upgrade".into()
            }))
        );
        assert_eq!(parse("!run lxc:* --"), Some(Command::Usage(FLEET_USAGE)));
        assert_eq!(
            parse("!run lxc:* batch:0 -- ls"),
            Some(Command::Usage(FLEET_USAGE))
        );
        assert_eq!(
            parse("!run lxc:a lxc:b -- systemctl restart x"),
            Some(Command::RunFleet(FleetArgs {
                selector: "lxc:a lxc:b".into(),
                batch: None,
                stop_after: None,
                command: "systemctl restart x".into()
            }))
        );
        assert_eq!(
            parse("!run lxc:* pct exec 101 -- ls"),
            Some(Command::RunFleet(FleetArgs {
                selector: "lxc:*".into(),
                batch: None,
                stop_after: None,
                command: "pct exec 101 -- ls".into()
            }))
        );
        assert_eq!(
            parse("!run lxc:* batch:2 ls"),
            Some(Command::Usage(FLEET_USAGE))
        );
        assert_eq!(
            parse("!run host:pve pct exec 101 -- ls"),
            Some(Command::Run {
                target: "host:pve".into(),
                command: "pct exec 101 -- ls".into()
            })
        );
        assert_eq!(
            parse("!run lxc:web ls -- x"),
            Some(Command::Run {
                target: "lxc:web".into(),
                command: "ls -- x".into()
            })
        );
        assert_eq!(
            parse("!output 3F2A9C1D lxc:web"),
            Some(Command::Output {
                id: "3f2a9c1d".into(),
                target: "lxc:web".into()
            })
        );
        assert_eq!(
            parse("!approve `3F2A9C1D`"),
            Some(Command::Approve("3f2a9c1d".into()))
        );
        assert_eq!(parse("!deny"), Some(Command::Usage("!deny ID")));
        assert_eq!(parse("!cancel a b"), Some(Command::Usage("!cancel ID")));
        for (text, command) in [
            ("!status", Command::Status),
            ("!pending", Command::Pending),
            ("!executions", Command::Executions),
            ("!windows", Command::Windows),
            ("!revoke", Command::Revoke),
            ("!new", Command::New),
            ("!kb docker cli", Command::Kb("docker cli".into())),
            ("!kb", Command::Usage("!kb QUERY")),
        ] {
            assert_eq!(parse(text), Some(command));
        }
    }

    #[test]
    fn plain_text_is_not_a_command() {
        for body in [
            "help",
            "deploy typetype",
            "",
            "!",
            "! help",
            "what does !help do?",
        ] {
            assert_eq!(parse(body), None, "{body:?}");
        }
    }

    fn at(text: &str) -> OffsetDateTime {
        OffsetDateTime::parse(text, &Rfc3339).expect("time")
    }

    #[test]
    fn audit_takes_a_target_a_user_and_a_time_in_any_order() {
        assert_eq!(
            parse("!audit"),
            Some(Command::Audit(AuditQuery {
                target: None,
                user: None,
                since: Since::Ago(Duration::days(7)),
            }))
        );
        assert_eq!(
            parse("!AUDIT `lxc:caddy` 2h"),
            Some(Command::Audit(AuditQuery {
                target: Some("lxc:caddy".into()),
                user: None,
                since: Since::Ago(Duration::hours(2)),
            }))
        );
        assert_eq!(
            parse("!audit 30m @op:hs HOST:strong"),
            Some(Command::Audit(AuditQuery {
                target: Some("host:strong".into()),
                user: Some("@op:hs".into()),
                since: Since::Ago(Duration::minutes(30)),
            }))
        );
        for (word, since) in [
            ("7d", Since::Ago(Duration::days(7))),
            ("2w", Since::Ago(Duration::weeks(2))),
            ("2025-06-01", Since::At(at("2025-06-01T00:00:00Z"))),
            (
                "2025-06-01T14:00:00Z",
                Since::At(at("2025-06-01T14:00:00Z")),
            ),
            (
                "2025-06-01T16:00:00+02:00",
                Since::At(at("2025-06-01T14:00:00Z")),
            ),
        ] {
            assert_eq!(parse_since(word), Ok(since), "{word}");
        }
    }

    #[test]
    fn audit_says_which_argument_is_wrong() {
        let bad = |text: &str| match parse(text) {
            Some(Command::AuditUsage(error)) => error,
            other => panic!("{text}: expected a usage error, got {other:?}"),
        };
        assert_eq!(
            bad("!audit caddy"),
            AuditArgError::Unrecognised("caddy".into())
        );
        for target in ["vm:caddy", "lxc:", "host:a:b"] {
            assert_eq!(
                bad(&format!("!audit {target}")),
                AuditArgError::BadTarget(target.into())
            );
        }
        for user in ["@alice", "@:hs", "@alice:", "@"] {
            assert_eq!(
                bad(&format!("!audit {user}")),
                AuditArgError::BadUser(user.into())
            );
        }
        for since in [
            "7",
            "0d",
            "7y",
            "99999999999999999999d",
            "2025-13-01",
            "2025-06-01T14:00",
            "1.5h",
        ] {
            assert_eq!(
                bad(&format!("!audit {since}")),
                AuditArgError::BadSince(since.into()),
                "{since}"
            );
        }
        assert_eq!(
            bad("!audit lxc:a host:b"),
            AuditArgError::Twice {
                what: "target",
                first: "lxc:a".into(),
                second: "host:b".into()
            }
        );
        assert_eq!(
            bad("!audit 1h 2d"),
            AuditArgError::Twice {
                what: "time",
                first: "1h".into(),
                second: "2d".into()
            }
        );
        assert!(matches!(
            bad("!audit @a:hs @b:hs"),
            AuditArgError::Twice { what: "user", .. }
        ));
    }

    #[test]
    fn since_resolves_against_the_clock_it_is_given() {
        let now = at("2025-06-08T12:00:00Z");
        assert_eq!(Since::DEFAULT.resolve(now), at("2025-06-01T12:00:00Z"));
        let fixed = Since::At(at("2025-01-01T00:00:00Z"));
        assert_eq!(fixed.resolve(now), at("2025-01-01T00:00:00Z"));
        let far = Since::Ago(Duration::weeks(1_000_000));
        assert_eq!(far.resolve(now), OffsetDateTime::UNIX_EPOCH);
    }
}

//! `!audit`: the audit trail as a room reads it, and its arguments'
//! errors.

use crate::chat::card::one_line;
use crate::chat::parse::{AUDIT_USAGE, AuditArgError, AuditQuery};
use crate::domain::short_id;
use crate::store::audit::{Action, Record};

/// `!audit` with an argument it cannot read: what was wrong, then every
/// form it takes.
pub fn audit_usage(error: &AuditArgError) -> String {
    format!(
        "{error}. Usage: `{AUDIT_USAGE}`, where TARGET is `host:NAME` or `lxc:NAME`, USER a full \
         Matrix id like `@alice:example.org`, and SINCE how far back: `30m`, `2h`, `7d`, `2w`, a \
         date like `2025-06-01` or an RFC 3339 time like `2025-06-01T14:00:00Z` (7 days when left \
         out)."
    )
}

/// The `!audit` answer: the room's rows from `since` on, newest first, one
/// line each. `limit` is how many were asked for; reaching it says so.
pub fn audit_report(
    records: &[Record],
    query: &AuditQuery,
    since: time::OffsetDateTime,
    limit: usize,
) -> String {
    let mut scope = format!("since {} UTC", audit_time(since));
    if let Some(target) = &query.target {
        scope.push_str(&format!(" for `{}`", one_line(target, 60)));
    }
    if let Some(user) = &query.user {
        scope.push_str(&format!(" involving {user}"));
    }
    if records.is_empty() {
        return format!("Nothing in this room's audit trail {scope}.");
    }
    let mut text = format!("**Audit trail of this room** {scope}, newest first:\n");
    for record in records {
        text.push_str(&audit_line(record));
        text.push('\n');
    }
    if records.len() >= limit {
        text.push_str(&format!(
            "Only the newest {limit} are shown: narrow it with a target, a @user or a later time, \
             or export everything with `nomos audit --json`.\n"
        ));
    }
    text
}

/// One audit row: when, what, who, how, the risk class, the target, the
/// execution (short id and command) and how that execution stands now.
pub fn audit_line(record: &Record) -> String {
    let mut line = format!(
        "- `{}` **{}** by {} via {}",
        audit_time(record.at),
        audit_action(record.action),
        record.actor,
        record.via.as_str()
    );
    if let Some(risk) = record.risk_class {
        line.push_str(&format!(" · {risk}"));
    }
    if let Some(target) = &record.target {
        line.push_str(&format!(" · `{}`", one_line(target, 60)));
    }
    if let Some(window) = audit_window(record) {
        line.push_str(&format!(" · {window}"));
    }
    if let Some(id) = record.execution_id {
        line.push_str(&format!(" · `{}`", short_id(id)));
    }
    if let Some(command) = &record.command {
        line.push_str(&format!(" `{}`", one_line(command, 60)));
    }
    if let Some(status) = &record.execution_status {
        line.push_str(&format!(" → {status}"));
        if let Some(code) = record.exit_code {
            line.push_str(&format!(", exit {code}"));
        }
    }
    line
}

fn audit_action(action: Action) -> &'static str {
    match action {
        Action::Proposed => "proposed",
        Action::Approved => "approved",
        Action::Denied => "denied",
        Action::Withdrawn => "withdrawn",
        Action::Expired => "expired",
        Action::WindowOpened => "window opened",
        Action::WindowsRevoked => "windows revoked",
        Action::Started => "started",
        Action::Finished => "finished",
        Action::Cancelled => "cancelled",
        Action::Interrupted => "interrupted",
        Action::KnowledgeWritten => "knowledge written",
    }
}

/// What a window row opened or closed, from its detail.
fn audit_window(record: &Record) -> Option<String> {
    let detail = &record.detail;
    match record.action {
        Action::WindowOpened => {
            let kind = detail.get("kind").and_then(|k| k.as_str()).unwrap_or("an");
            let until = detail
                .get("expires_at")
                .and_then(|t| t.as_i64())
                .and_then(|t| time::OffsetDateTime::from_unix_timestamp(t).ok())
                .map(|t| format!(" until {}", audit_time(t)))
                .unwrap_or_default();
            let action = detail
                .get("action")
                .and_then(|a| a.as_str())
                .map(|a| format!(" for `{}`", one_line(a, 30)))
                .unwrap_or_default();
            Some(format!("{kind} window{action}{until}"))
        }
        Action::WindowsRevoked => {
            let count = detail.get("count").and_then(|c| c.as_u64()).unwrap_or(0);
            Some(format!("{count} window(s) closed"))
        }
        _ => None,
    }
}

/// `2025-06-01 14:03`, in UTC.
fn audit_time(at: time::OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute()
    )
}

#[cfg(test)]
mod audit_tests {
    use serde_json::json;
    use time::OffsetDateTime;
    use time::macros::datetime;
    use uuid::Uuid;

    use super::*;
    use crate::chat::parse::Since;
    use crate::domain::{ExecutionStatus, RiskClass, Via};

    fn record(at: OffsetDateTime, action: Action, actor: &str, via: Via) -> Record {
        Record {
            id: 1,
            at,
            action,
            actor: actor.into(),
            via,
            risk_class: Some(RiskClass::ConfigMutation),
            room: Some("!a:hs".into()),
            target: Some("lxc:caddy".into()),
            execution_id: Some(Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_3f2a_9c1d)),
            approval_id: None,
            command: Some("systemctl restart caddy".into()),
            requested_by: Some("@alice:hs".into()),
            execution_status: Some(ExecutionStatus::Completed),
            exit_code: Some(0),
            detail: json!({}),
        }
    }

    fn query() -> AuditQuery {
        AuditQuery {
            target: None,
            user: None,
            since: Since::DEFAULT,
        }
    }

    #[test]
    fn a_line_says_when_what_who_how_risk_target_id_command_and_result() {
        let line = audit_line(&record(
            datetime!(2025-06-01 14:03:27 UTC),
            Action::Approved,
            "@op:hs",
            Via::Reaction,
        ));
        assert_eq!(
            line,
            "- `2025-06-01 14:03` **approved** by @op:hs via reaction · config_mutation · \
             `lxc:caddy` · `3f2a9c1d` `systemctl restart caddy` → completed, exit 0"
        );
    }

    #[test]
    fn window_rows_say_what_they_opened_or_closed() {
        let mut opened = record(
            datetime!(2025-06-01 14:03 UTC),
            Action::WindowOpened,
            "@op:hs",
            Via::Typed,
        );
        opened.execution_id = None;
        opened.command = None;
        opened.execution_status = None;
        opened.exit_code = None;
        opened.risk_class = None;
        opened.detail = json!({
            "kind": "destructive",
            "action": "stop",
            "expires_at": datetime!(2025-06-01 14:18 UTC).unix_timestamp(),
        });
        assert_eq!(
            audit_line(&opened),
            "- `2025-06-01 14:03` **window opened** by @op:hs via typed · `lxc:caddy` · \
             destructive window for `stop` until 2025-06-01 14:18"
        );
        let mut revoked = opened.clone();
        revoked.action = Action::WindowsRevoked;
        revoked.via = Via::Command;
        revoked.target = None;
        revoked.detail = json!({ "count": 2 });
        assert!(
            audit_line(&revoked)
                .ends_with("**windows revoked** by @op:hs via command · 2 window(s) closed"),
            "{}",
            audit_line(&revoked)
        );
    }

    #[test]
    fn the_report_keeps_the_given_order_and_says_when_it_was_cut() {
        let newer = record(
            datetime!(2025-06-01 14:05 UTC),
            Action::Finished,
            "nomos",
            Via::System,
        );
        let older = record(
            datetime!(2025-06-01 14:01 UTC),
            Action::Proposed,
            "@alice:hs",
            Via::System,
        );
        let since = datetime!(2025-05-25 14:00 UTC);
        let mut narrowed = query();
        narrowed.target = Some("lxc:caddy".into());
        narrowed.user = Some("@alice:hs".into());
        let text = audit_report(&[newer.clone(), older.clone()], &narrowed, since, 20);
        assert!(
            text.starts_with(
                "**Audit trail of this room** since 2025-05-25 14:00 UTC for `lxc:caddy` \
                 involving @alice:hs, newest first:\n"
            ),
            "{text}"
        );
        let finished = text.find("**finished**").expect("finished");
        let proposed = text.find("**proposed**").expect("proposed");
        assert!(finished < proposed, "{text}");
        assert!(!text.contains("Only the newest"), "{text}");
        let cut = audit_report(&[newer, older], &query(), since, 2);
        assert!(cut.contains("Only the newest 2 are shown"), "{cut}");
        assert_eq!(
            audit_report(&[], &query(), since, 20),
            "Nothing in this room's audit trail since 2025-05-25 14:00 UTC."
        );
    }

    #[test]
    fn long_commands_are_shortened_to_one_line() {
        let mut long = record(
            datetime!(2025-06-01 14:03 UTC),
            Action::Proposed,
            "@alice:hs",
            Via::System,
        );
        long.command = Some(format!("echo {}\nrm -rf /", "x".repeat(200)));
        let line = audit_line(&long);
        assert!(line.contains("…"), "{line}");
        assert!(!line.contains('\n') && !line.contains("rm -rf"), "{line}");
    }
}

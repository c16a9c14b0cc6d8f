//! The `!` commands: parsing a message into a [`Command`] (a pure function
//! with unit tests) and answering the ones that need no other module.

use super::{Inbound, Outbound, strings};

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
        "!approve ID",
        "approve a waiting card (destructive work needs its phrase)",
    ),
    ("!deny ID", "refuse a waiting card"),
    (
        "!cancel ID",
        "stop a running execution, or refuse a waiting one",
    ),
    ("!windows", "open approval windows in this room"),
    ("!revoke", "close this room's approval windows now"),
    (
        "!new",
        "start a fresh conversation (the agent forgets this one)",
    ),
    ("!kb QUERY", "search what the lab has learned"),
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
    Approve(String),
    Deny(String),
    Cancel(String),
    Windows,
    Revoke,
    New,
    Kb(String),
    Retry,
    /// A known command used wrongly; carries its usage line.
    Usage(&'static str),
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
        "windows" => Command::Windows,
        "revoke" => Command::Revoke,
        "new" => Command::New,
        "retry" => Command::Retry,
        "kb" if !args.is_empty() => Command::Kb(args.to_string()),
        "kb" => Command::Usage("!kb QUERY"),
        _ => Command::Unknown(word.to_string()),
    })
}

/// The answer to a command that needs nothing but words.
pub fn answer(command: &Command, to: &Inbound) -> Option<Outbound> {
    let text = match command {
        Command::Help => strings::help(),
        Command::Unknown(word) => strings::unknown_command(word),
        Command::Usage(usage) => strings::usage(usage),
        _ => return None,
    };
    Some(Outbound::reply(to, text))
}

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

    #[test]
    fn help_lists_help_and_replies_to_the_message() {
        let inbound = Inbound {
            phrase_scope: None,
            room: "!r:x".into(),
            sender: "@a:x".into(),
            event_id: "$e".into(),
            body: "!help".into(),
        };
        let out = answer(&Command::Help, &inbound).expect("help");
        assert!(out.markdown.contains("`!help`"));
        assert!(out.markdown.contains("`!run TARGET COMMAND`"));
        assert_eq!(out.in_reply_to.as_deref(), Some("$e"));
        let unknown = answer(&Command::Unknown("nope".into()), &inbound).expect("unknown");
        assert!(unknown.markdown.contains("`!nope`"));
        assert!(answer(&Command::Status, &inbound).is_none());
    }
}

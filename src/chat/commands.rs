//! The `!` commands: parsing a message into a [`Command`] (a pure function
//! with unit tests) and answering the ones that need no other module.

use super::{Inbound, Outbound, strings};

/// Usage and one-line description of each command, for `!help`.
pub const USAGE: &[(&str, &str)] = &[("!help", "this list")];

/// What a message asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Help,
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
    Some(match word.to_ascii_lowercase().as_str() {
        "help" => Command::Help,
        _ => Command::Unknown(word.to_string()),
    })
}

/// The answer to a command.
pub fn answer(command: &Command, to: &Inbound) -> Outbound {
    let text = match command {
        Command::Help => strings::help(),
        Command::Unknown(word) => strings::unknown_command(word),
    };
    Outbound::reply(to, text)
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
            room: "!r:x".into(),
            sender: "@a:x".into(),
            event_id: "$e".into(),
            body: "!help".into(),
        };
        let out = answer(&Command::Help, &inbound);
        assert!(out.markdown.contains("`!help`"));
        assert_eq!(out.in_reply_to.as_deref(), Some("$e"));
        let unknown = answer(&Command::Unknown("nope".into()), &inbound);
        assert!(unknown.markdown.contains("`!nope`"));
    }
}

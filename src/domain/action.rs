//! Actions the operator declares in the inventory: a named command on a
//! target, with the risk class the operator gives it and optional argument
//! slots, each checked against a pattern (`shop-restart` = `/srv/shop/ctl
//! restart` on `host:lab`, a change). The agent calls one by name
//! (`run_action`); its card shows the name and the exact command, and the
//! gate takes the operator's class instead of guessing one for a program
//! it cannot read. Stored as an entity of kind `action`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::RiskClass;

/// The entity kind of a declared action (`action:NAME`).
pub const ACTION_KIND: &str = "action";

/// One declared action, as the inventory writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeclaredAction {
    pub name: String,
    /// `host:NAME` or `lxc:NAME`.
    pub target: String,
    /// The command, with `{SLOT}` where an argument goes.
    pub command: String,
    /// The class the operator gives it.
    pub risk: RiskClass,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<ActionArg>,
}

/// An argument slot of an action.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionArg {
    pub name: String,
    /// What a value must match, whole (a regular expression).
    pub pattern: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// Why a call of an action cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("action {action} has no argument `{arg}` (it takes: {takes})")]
    Unknown {
        action: String,
        arg: String,
        takes: String,
    },
    #[error("action {action} needs the argument `{arg}`")]
    Missing { action: String, arg: String },
    #[error("`{value}` is not a value for `{arg}` of action {action} (it must match {pattern})")]
    Mismatch {
        action: String,
        arg: String,
        value: String,
        pattern: String,
    },
    #[error("action {action}: the pattern of `{arg}` is not a valid regular expression: {reason}")]
    BadPattern {
        action: String,
        arg: String,
        reason: String,
    },
}

/// A part of an action's command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    Slot(&'a str),
}

/// A run of a declared action, kept with the execution: which action, and
/// the class the operator gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRun {
    pub name: String,
    pub risk: RiskClass,
}

impl DeclaredAction {
    /// The command as literal text and slots, in order.
    fn pieces(&self) -> Vec<Piece<'_>> {
        let mut pieces = Vec::new();
        let mut rest = self.command.as_str();
        while let Some(open) = rest.find('{') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('}') else { break };
            let name = &after[..close];
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                pieces.push(Piece::Text(&rest[..open]));
                pieces.push(Piece::Slot(name));
                rest = &after[close + 1..];
            } else {
                pieces.push(Piece::Text(&rest[..=open]));
                rest = after;
            }
        }
        pieces.push(Piece::Text(rest));
        pieces
    }

    /// The slots its command names, in order of first use.
    pub fn slots(&self) -> Vec<String> {
        let mut slots: Vec<String> = Vec::new();
        for piece in self.pieces() {
            if let Piece::Slot(name) = piece
                && !slots.iter().any(|s| s == name)
            {
                slots.push(name.to_string());
            }
        }
        slots
    }

    /// Slots the operator wrote inside quotes (`'{u}'`, `"{u}"`): Nomos
    /// quotes each value itself, and a value inside the operator's quotes
    /// would close them.
    pub fn quoted_slots(&self) -> Vec<String> {
        let (mut single, mut double) = (false, false);
        let mut found = Vec::new();
        for piece in self.pieces() {
            match piece {
                Piece::Text(text) => {
                    for c in text.chars() {
                        match c {
                            '\'' if !double => single = !single,
                            '"' if !single => double = !double,
                            _ => {}
                        }
                    }
                }
                Piece::Slot(name) if single || double => found.push(name.to_string()),
                Piece::Slot(_) => {}
            }
        }
        found
    }

    /// The command with `args` in its slots: each value checked against
    /// its slot's whole pattern and quoted for the shell.
    pub fn command_with(&self, args: &BTreeMap<String, String>) -> Result<String, ActionError> {
        if let Some(arg) = args
            .keys()
            .find(|k| !self.args.iter().any(|a| &a.name == *k))
        {
            return Err(ActionError::Unknown {
                action: self.name.clone(),
                arg: arg.clone(),
                takes: self.takes(),
            });
        }
        for slot in &self.args {
            let Some(value) = args.get(&slot.name) else {
                return Err(ActionError::Missing {
                    action: self.name.clone(),
                    arg: slot.name.clone(),
                });
            };
            if !slot
                .accepts(value)
                .map_err(|reason| ActionError::BadPattern {
                    action: self.name.clone(),
                    arg: slot.name.clone(),
                    reason,
                })?
            {
                return Err(ActionError::Mismatch {
                    action: self.name.clone(),
                    arg: slot.name.clone(),
                    value: value.clone(),
                    pattern: slot.pattern.clone(),
                });
            }
        }
        // One pass over the operator's text: a value is never read again,
        // so one value cannot name another's slot (`{label}` as a value
        // stays text, quoted).
        let mut command = String::with_capacity(self.command.len());
        for piece in self.pieces() {
            match piece {
                Piece::Text(text) => command.push_str(text),
                Piece::Slot(name) => match args.get(name) {
                    Some(value) => {
                        command.push_str(&shell_escape::unix::escape(value.as_str().into()));
                    }
                    // A brace word that is not a declared slot stays as written.
                    None => {
                        command.push('{');
                        command.push_str(name);
                        command.push('}');
                    }
                },
            }
        }
        Ok(command)
    }

    fn takes(&self) -> String {
        if self.args.is_empty() {
            return "no arguments".to_string();
        }
        self.args
            .iter()
            .map(|a| a.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl ActionArg {
    /// Whether `value` matches the pattern whole (and holds no line break);
    /// why not, when the pattern does not compile.
    pub fn accepts(&self, value: &str) -> Result<bool, String> {
        // The pattern must stand on its own: `[a-z]+)|(.*` would close the
        // anchoring group below and match anything.
        regex::Regex::new(&self.pattern).map_err(|e| e.to_string())?;
        let whole =
            regex::Regex::new(&format!("^(?:{})$", self.pattern)).map_err(|e| e.to_string())?;
        Ok(!value.contains(['\n', '\r', '\0']) && whole.is_match(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn restart() -> DeclaredAction {
        DeclaredAction {
            name: "shop-restart".into(),
            target: "host:lab".into(),
            command: "/srv/shop/ctl restart {unit} --wait {unit}".into(),
            risk: RiskClass::ConfigMutation,
            description: None,
            args: vec![ActionArg {
                name: "unit".into(),
                pattern: "[a-z][a-z0-9-]*".into(),
                description: None,
            }],
        }
    }

    fn args(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn values_fill_their_slots_checked_and_quoted() {
        let action = restart();
        assert_eq!(action.slots(), vec!["unit".to_string()]);
        assert_eq!(
            action.command_with(&args(&[("unit", "web")])),
            Ok("/srv/shop/ctl restart web --wait web".to_string())
        );
        for bad in ["web; reboot", "web\nreboot", "$(id)", "Web", "", "web x"] {
            assert!(
                matches!(
                    action.command_with(&args(&[("unit", bad)])),
                    Err(ActionError::Mismatch { .. })
                ),
                "{bad:?}"
            );
        }
        assert!(matches!(
            action.command_with(&args(&[])),
            Err(ActionError::Missing { .. })
        ));
        assert!(matches!(
            action.command_with(&args(&[("unit", "web"), ("extra", "x")])),
            Err(ActionError::Unknown { .. })
        ));
    }

    #[test]
    fn one_value_cannot_open_another_slot_or_the_anchoring() {
        let action = DeclaredAction {
            name: "tag".into(),
            target: "host:lab".into(),
            command: "/srv/shop/ctl tag {host} {label}".into(),
            risk: RiskClass::ReadOnly,
            description: None,
            args: vec![
                ActionArg {
                    name: "host".into(),
                    pattern: "[^ ]+".into(),
                    description: None,
                },
                ActionArg {
                    name: "label".into(),
                    pattern: ".*".into(),
                    description: None,
                },
            ],
        };
        let command = action
            .command_with(&args(&[("host", "{label}"), ("label", "x;reboot")]))
            .expect("both match");
        assert_eq!(command, "/srv/shop/ctl tag '{label}' 'x;reboot'");
        let escape = ActionArg {
            name: "a".into(),
            pattern: "[a-z]+)|(.*".into(),
            description: None,
        };
        assert!(
            escape.accepts("anything at all").is_err(),
            "refused, not matched"
        );
        let quoted = DeclaredAction {
            command: "sh -c 'restart {u}' \"{v}\" {w}".into(),
            ..action.clone()
        };
        assert_eq!(
            quoted.quoted_slots(),
            vec!["u".to_string(), "v".to_string()]
        );
    }

    #[test]
    fn a_loose_pattern_still_quotes_what_it_lets_through() {
        let mut action = restart();
        action.args[0].pattern = ".*".into();
        let command = action
            .command_with(&args(&[("unit", "a b'c")]))
            .expect("any value");
        assert_eq!(
            command,
            "/srv/shop/ctl restart 'a b'\\''c' --wait 'a b'\\''c'"
        );
        assert!(action.command_with(&args(&[("unit", "x\ny")])).is_err());
    }
}

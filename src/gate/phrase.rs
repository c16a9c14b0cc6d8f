//! Typed confirmation phrases for destructive work: derived from the
//! actions and the target (`confirm destroy lxc:typetype`), and matched
//! exactly as a whole message after trimming, so no loose "yes" can ever
//! stand in. The same actions scope the destructive window a phrase opens:
//! what the person typed is what later work may do without asking again.

use super::RiskClass;
use super::classify::{Classification, words_of};

/// Tools whose first positional word is the action (`pct destroy`,
/// `zfs rollback`, `systemctl stop`).
const VERB_TOOLS: &[&str] = &[
    "pct",
    "qm",
    "zfs",
    "zpool",
    "systemctl",
    "service",
    "docker",
    "podman",
    "apt",
    "apt-get",
    "pvesh",
    "pvesm",
    "pvecm",
    "git",
    "ip",
    "nft",
    "ufw",
    "crontab",
];

/// Wrappers to look through when naming the action.
const WRAPPERS: &[&str] = &[
    "sudo", "doas", "env", "nice", "nohup", "timeout", "stdbuf", "ionice", "command", "exec",
];

/// Actions no window covers, each needs its own phrase: those whose
/// effect cannot be read from their name (shells, interpreters, remote
/// shells, a program not known statically) and creating a privileged
/// container.
const NO_WINDOW: &[&str] = &[
    "run",
    "pct_create",
    "sh",
    "bash",
    "dash",
    "zsh",
    "ksh",
    "busybox",
    "eval",
    "source",
    "python",
    "python3",
    "perl",
    "ruby",
    "node",
    "php",
    "lua",
    "ssh",
    "xargs",
    "parallel",
    "watch",
    "at",
    "batch",
];

/// The phrase an approver must type to run destructive work on `target`:
/// every destructive action it holds, joined by `+` (`confirm rm+mkfs
/// lxc:a`), so the phrase names everything the window it opens will cover.
pub fn confirmation_phrase(classification: &Classification, target: &str) -> String {
    phrase_for(&actions(classification), target)
}

/// The phrase naming `actions` on `target`.
pub fn phrase_for(actions: &[String], target: &str) -> String {
    format!("confirm {} {}", actions.join("+"), target.trim())
}

/// Whether an open destructive window may stand in for a phrase for this
/// action: never for opaque work.
pub fn window_may_cover(action: &str) -> bool {
    !NO_WINDOW.contains(&action)
}

/// Whether `message` is exactly `phrase` (surrounding whitespace ignored).
pub fn matches(message: &str, phrase: &str) -> bool {
    message.trim() == phrase
}

/// Short names for what the destructive parts of the command do, sorted
/// and without repeats: the verb of a verb tool (`destroy`), else the
/// program (`rm`). `run` when no part names one (a declared risk, `$CMD`).
pub fn actions(classification: &Classification) -> Vec<String> {
    let mut actions: Vec<String> = classification
        .segments
        .iter()
        .filter(|s| s.class == RiskClass::Destructive)
        .map(|s| segment_action(&s.command))
        .collect();
    actions.sort();
    actions.dedup();
    if actions.is_empty() {
        actions.push("run".to_string());
    }
    actions
}

/// The action of one destructive simple command.
fn segment_action(command: &str) -> String {
    let words = words_of(command);
    let mut rest = words.as_slice();
    // Skip assignments, wrappers and their options, and `pct exec ID --`.
    loop {
        match rest {
            [first, tail @ ..] if first.contains('=') || first.starts_with('-') => rest = tail,
            [first, tail @ ..] if WRAPPERS.contains(&base(first)) => rest = tail,
            [pct, exec, _id, tail @ ..] if base(pct) == "pct" && exec == "exec" => {
                rest = tail.strip_prefix(&["--".to_string()]).unwrap_or(tail)
            }
            _ => break,
        }
    }
    let Some((program, args)) = rest.split_first() else {
        return "run".to_string();
    };
    let program = base(program);
    let word = if VERB_TOOLS.contains(&program) {
        args.iter()
            .find(|a| !a.starts_with('-'))
            .map(String::as_str)
            .unwrap_or(program)
    } else {
        program
    };
    let cleaned: String = word
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect::<String>()
        .to_ascii_lowercase();
    if cleaned.is_empty() {
        "run".to_string()
    } else {
        cleaned
    }
}

fn base(word: &str) -> &str {
    word.rsplit('/').next().unwrap_or(word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::classify::classify;

    fn phrase(command: &str, target: &str) -> String {
        confirmation_phrase(&classify(command, None), target)
    }

    #[test]
    fn phrases_name_action_and_target() {
        assert_eq!(
            phrase("pct destroy 160 --purge", "host:strong"),
            "confirm destroy host:strong"
        );
        assert_eq!(
            phrase("sudo pct stop 160", "host:strong"),
            "confirm stop host:strong"
        );
        assert_eq!(
            phrase("rm -rf /var/lib/typetype", "lxc:typetype"),
            "confirm rm lxc:typetype"
        );
        assert_eq!(
            phrase("systemctl status x; systemctl stop caddy", "lxc:caddy"),
            "confirm stop lxc:caddy"
        );
        assert_eq!(
            phrase("zfs rollback tank/data@x", "host:strong"),
            "confirm rollback host:strong"
        );
        assert_eq!(
            phrase("/sbin/reboot", "host:hubris"),
            "confirm reboot host:hubris"
        );
        assert_eq!(
            phrase("pct exec 150 -- rm -rf /data", "host:strong"),
            "confirm rm host:strong"
        );
        assert_eq!(phrase("$CMD", "host:strong"), "confirm run host:strong");
    }

    #[test]
    fn a_phrase_names_every_destructive_action() {
        // The window a phrase opens covers what it names: a second,
        // different destructive action must show in the phrase.
        assert_eq!(
            phrase("rm -rf /tmp/x; mkfs.ext4 /dev/sdb", "lxc:a"),
            "confirm mkfs.ext4+rm lxc:a"
        );
        assert_eq!(phrase("rm -f /a && rm -rf /b", "lxc:a"), "confirm rm lxc:a");
        assert!(!window_may_cover("run"));
        assert!(!window_may_cover("bash"));
        assert!(window_may_cover("stop"));
    }

    #[test]
    fn only_the_exact_phrase_matches() {
        let p = "confirm destroy lxc:typetype";
        assert!(matches("confirm destroy lxc:typetype", p));
        assert!(matches("  confirm destroy lxc:typetype \n", p));
        for wrong in [
            "yes",
            "confirm",
            "Confirm destroy lxc:typetype",
            "confirm destroy lxc:typetype!",
            "confirm destroy lxc:typetype please",
            "please confirm destroy lxc:typetype",
            "confirm destroy lxc:other",
            "confirm  destroy lxc:typetype",
            "`confirm destroy lxc:typetype`",
        ] {
            assert!(!matches(wrong, p), "{wrong:?}");
        }
    }
}

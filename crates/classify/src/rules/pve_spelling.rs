//! Proxmox's CLIs read their options with Getopt::Long (pve-common's
//! `get_options`: `ignore_case`, `auto_abbrev`, `-name` as `--name`,
//! `--name=value`) and their booleans with `parse_boolean` (any case);
//! PBS's tools with proxmox-router's getopts (`--name=value`, booleans
//! in any case). The loss rules look for the options that lose data by
//! their full names: each spelling of those is written here as the full
//! name, its value a word of its own and a boolean as `1` or `0` (review
//! 130: `vzdump --REMOVE 1`, `--mo stop`, `--mode=stop`, `pveum user
//! modify --en FALSE`).

use crate::words::Arg;

/// The options of each CLI the loss rules read, and whether a unique
/// prefix names one (Getopt::Long's `auto_abbrev`; not pvesh's, whose
/// options are the API's parameters, nor PBS's getopts).
fn options(program: &str) -> Option<(&'static [&'static str], bool)> {
    Some(match program {
        "vzdump" => (&["remove", "prune-backups", "mode", "stop", "script"], true),
        "pveum" => (
            &[
                "enable",
                "expire",
                "groups",
                "privs",
                "remove-vanished",
                "append",
                "tfa",
            ],
            true,
        ),
        "pvesr" => (&["remove_job", "force"], true),
        "pvecm" => (&["force"], true),
        "qm" | "pct" => (
            &[
                "hookscript",
                "delete",
                "force",
                "purge",
                "destroy-unreferenced-disks",
                "skiplock",
                // (`pct exec`'s and `qm guest exec`'s own options, before
                // the command they run: `-k 1`, `-t 5`; review 135.)
                "keep-env",
                "timeout",
                "synchronous",
            ],
            true,
        ),
        "pvesm" => (&["disable", "dry-run", "base"], true),
        "pveceph" => (&["size", "min_size"], true),
        "pvesh" => (
            &[
                "hookscript",
                "remove",
                "prune-backups",
                "mode",
                "stop",
                "script",
                "delete",
                "force",
                "purge",
                "remove_job",
                "action",
                "enable",
                "expire",
                "privs",
                "groups",
                "remove-vanished",
                "disable",
                "tfa",
                "size",
                "min_size",
            ],
            false,
        ),
        "proxmox-backup-manager" => (&["maintenance-mode", "enable", "disable"], false),
        _ => return None,
    })
}

/// The level of `program`'s commands under the full command words
/// `above` ([`super::pve_commands`]).
fn level(program: &str, above: &[&str]) -> Option<&'static super::pve_commands::Level> {
    super::pve_commands::LEVELS
        .iter()
        .find(|l| l.program == program && l.above == above)
}

/// The command words of a line written out in full, level by level, as
/// CLIHandler and proxmox-router resolve them (review 133: `qm des 100`,
/// `pveum rea mod`; review 135: every CLI, each level): a word that is a
/// command stays; one that is an alias, typed whole, is replaced by its
/// target (once: an alias to an alias is refused); any other is a unique
/// prefix of one command that is no alias, or ends the command words.
pub(super) fn commands_spelled(program: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    // (Most programs have no command list: nothing is copied for them.)
    level(program, &[])?;
    let mut out: Vec<Arg> = args.to_vec();
    let mut above: Vec<&'static str> = Vec::new();
    let mut changed = false;
    let mut aliased = false;
    let mut at = 0;
    while let Some(arg) = out.get(at) {
        let Some(level) = level(program, &above) else {
            break;
        };
        let Some(word) = arg.literal() else { break };
        if word.starts_with('-') {
            break;
        }
        if let Some(full) = level.commands.iter().find(|c| **c == word) {
            above.push(full);
            at += 1;
            continue;
        }
        if let Some((_, target)) = level.aliases.iter().find(|(a, _)| *a == word) {
            if aliased {
                break;
            }
            aliased = true;
            changed = true;
            let words: Vec<Arg> = target.split(' ').map(Arg::literal_of).collect();
            out.splice(at..=at, words);
            continue;
        }
        let mut matching = level.commands.iter().filter(|c| c.starts_with(word));
        match (matching.next(), matching.next()) {
            (Some(full), None) => {
                out[at] = Arg::literal_of(*full);
                changed = true;
                above.push(full);
                at += 1;
            }
            _ => break,
        }
    }
    changed.then_some(out)
}

/// `args` with each command word and each spelling of a listed option
/// written as its full name; `None` when the program is none of these or
/// nothing changed.
pub(super) fn respelled(program: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    let commands = commands_spelled(program, args);
    let args = commands.as_deref().unwrap_or(args);
    match options_spelled(program, args) {
        Some(spelled) => Some(spelled),
        None => commands.clone(),
    }
}

fn options_spelled(program: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    let (names, prefixes) = options(program)?;
    let mut out = Vec::with_capacity(args.len() + 2);
    let mut changed = false;
    let mut after_option = false;
    let mut ended = false;
    // (Only push's and pull's: `pct exec 101 -- CMD` keeps its `--`.)
    let copies =
        program == "pct" && matches!(args.first().and_then(Arg::literal), Some("push" | "pull"));
    for arg in args {
        let Some(word) = arg.literal().filter(|_| !ended) else {
            out.push(arg.clone());
            after_option = false;
            continue;
        };
        // (pct's operands stand after `--`, which Getopt::Long drops:
        // `pct push 101 /tmp/x -- /etc/cron.d/x`.)
        if word == "--" {
            ended = true;
            if copies {
                changed = true;
            } else {
                out.push(arg.clone());
            }
            continue;
        }
        if after_option && let Some(flag) = boolean(word) {
            out.push(Arg::literal_of(flag));
            changed |= flag != word;
            after_option = false;
            continue;
        }
        after_option = false;
        let Some((name, value)) = option(word) else {
            out.push(arg.clone());
            continue;
        };
        let lower = name.to_ascii_lowercase();
        let full = names.iter().find(|n| **n == lower).or_else(|| {
            let mut matching = names.iter().filter(|n| n.starts_with(lower.as_str()));
            let first = matching.next();
            // (One letter too: Getopt::Long has no shortest prefix; one
            // ambiguous among the real options fails, harmlessly; review
            // 131.)
            (prefixes && matching.next().is_none())
                .then_some(first)
                .flatten()
        });
        let Some(full) = full else {
            out.push(arg.clone());
            continue;
        };
        let spelled = format!("--{full}");
        changed |= spelled != word;
        out.push(Arg::literal_of(spelled));
        match value {
            Some(v) => out.push(Arg::literal_of(boolean(v).unwrap_or(v))),
            None => after_option = true,
        }
    }
    changed.then_some(out)
}

/// An option word's name and the value after its `=`.
fn option(word: &str) -> Option<(&str, Option<&str>)> {
    let rest = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    if rest.is_empty() || !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(match rest.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (rest, None),
    })
}

/// A boolean in any case, as `1` or `0`.
fn boolean(word: &str) -> Option<&'static str> {
    let lower = word.to_ascii_lowercase();
    match lower.as_str() {
        "1" | "yes" | "true" | "on" => Some("1"),
        "0" | "no" | "false" | "off" => Some("0"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spelled(program: &str, line: &str) -> String {
        let args: Vec<Arg> = line.split_whitespace().map(Arg::literal_of).collect();
        respelled(program, &args)
            .unwrap_or(args)
            .iter()
            .map(Arg::raw)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn each_spelling_is_written_as_the_full_name() {
        assert_eq!(spelled("vzdump", "100 --REMOVE 1"), "100 --remove 1");
        assert_eq!(spelled("vzdump", "100 --mode=stop"), "100 --mode stop");
        assert_eq!(spelled("vzdump", "100 -MODE stop"), "100 --mode stop");
        assert_eq!(spelled("vzdump", "100 --mo stop"), "100 --mode stop");
        assert_eq!(
            spelled("pveum", "user modify a@pve --en FALSE"),
            "user modify a@pve --enable 0"
        );
        assert_eq!(
            spelled("pveum", "realm sync corp --remove acl"),
            "realm sync corp --remove-vanished acl"
        );
        assert_eq!(
            spelled("pct", "push 101 /tmp/x -- /etc/cron.d/x"),
            "push 101 /tmp/x /etc/cron.d/x"
        );
        // (Not a prefix for pvesh, nor one letter; other options stay.)
        assert_eq!(spelled("pvesh", "create /x --rem 1"), "create /x --rem 1");
        assert_eq!(
            spelled("vzdump", "100 --s 1 --storage nas"),
            "100 --s 1 --storage nas"
        );
        assert_eq!(
            spelled("qm", "guest exec 100 -- rm -rf /"),
            "guest exec 100 -- rm -rf /"
        );
        assert_eq!(
            spelled("pct", "exec 101 -- ls -la --force"),
            "exec 101 -- ls -la --force"
        );
        // (Commands by a unique prefix, level by level.)
        assert_eq!(spelled("qm", "des 100"), "destroy 100");
        assert_eq!(
            spelled("pveum", "rea mod corp --tfa x"),
            "realm modify corp --tfa x"
        );
        assert_eq!(spelled("pct", "ex 101 -- rm -rf /"), "exec 101 -- rm -rf /");
        assert_eq!(spelled("qm", "gu exec 100 -- ls"), "guest exec 100 -- ls");
        // (An ambiguous prefix stays: `qm s` is start, stop, set, …)
        assert_eq!(spelled("qm", "s 100"), "s 100");
    }
}

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

/// The commands of each CLI at its first level, and the nested ones
/// (`qm guest exec`, `pveum user modify`), as pve-common's CLIHandler
/// reads them: a unique prefix names a command at each level
/// (`resolve_cmd`; review 133: `qm des 100`, `pveum rea mod`). From each
/// package's `$cmddef` (qemu-server 9, pve-container 6, pve-storage 9,
/// pve-access-control 9, pve-ha-manager 5, pve-cluster 9, pve-manager 9).
#[rustfmt::skip]
fn commands(program: &str, above: &[&str]) -> &'static [&'static str] {
    match (program, above) {
        ("qm", []) => &[
            "list", "create", "destroy", "clone", "migrate", "remote-migrate", "set", "config",
            "pending", "showcmd", "status", "snapshot", "delsnapshot", "listsnapshot", "rollback",
            "template", "start", "stop", "reset", "shutdown", "reboot", "suspend", "resume",
            "sendkey", "vncproxy", "wait", "unlock", "importdisk", "move-disk", "move_disk",
            "rescan", "resize", "unlink", "disk", "enroll-efi-keys", "monitor", "agent", "guest",
            "mtunnel", "nbdstop", "terminal", "importovf", "cleanup", "cloudinit", "import",
            "help",
        ],
        ("qm", ["disk"]) => &["import", "move", "rescan", "resize", "unlink"],
        ("qm", ["guest"]) => &["cmd", "passwd", "exec", "exec-status"],
        ("qm", ["cloudinit"]) => &["dump", "pending", "update"],
        ("pct", []) => &[
            "list", "config", "pending", "set", "resize", "create", "restore", "destroy", "start",
            "suspend", "resume", "shutdown", "stop", "reboot", "clone", "migrate", "move-volume",
            "move_volume", "remote-migrate", "snapshot", "delsnapshot", "listsnapshot", "rollback",
            "template", "status", "console", "enter", "unlock", "exec", "fsck", "mount", "unmount",
            "push", "pull", "df", "rescan", "cpusets", "fstrim", "help",
        ],
        ("pvesm", []) => &[
            "add", "set", "remove", "status", "list", "alloc", "free", "scan", "nfsscan",
            "cifsscan", "iscsiscan", "lvmscan", "lvmthinscan", "zfsscan", "path", "extractconfig",
            "export", "import", "apiinfo", "prune-backups", "help",
        ],
        ("pveum", []) => &[
            "user", "group", "role", "acl", "realm", "pool", "ticket", "passwd", "useradd",
            "usermod", "userdel", "groupadd", "groupmod", "groupdel", "roleadd", "rolemod",
            "roledel", "aclmod", "acldel", "help",
        ],
        ("pveum", ["user"]) => &[
            "add", "modify", "delete", "list", "permissions", "tfa", "token",
        ],
        ("pveum", ["user", "tfa"]) => &["delete", "list", "unlock"],
        ("pveum", ["user", "token"]) => {
            &["add", "modify", "delete", "remove", "list", "permissions"]
        }
        ("pveum", ["group" | "role" | "pool"]) => &["add", "modify", "delete", "list"],
        ("pveum", ["acl"]) => &["modify", "delete", "list"],
        ("pveum", ["realm"]) => &["add", "modify", "delete", "list", "sync"],
        ("ha-manager", []) => &[
            "status", "config", "groupconfig", "groupadd", "groupremove", "groupset", "rules",
            "add", "remove", "set", "migrate", "relocate", "crm-command", "help",
        ],
        ("ha-manager", ["rules"]) => &["list", "config", "add", "remove", "set"],
        ("ha-manager", ["crm-command"]) => &[
            "migrate", "relocate", "stop", "node-maintenance", "disarm-ha", "arm-ha",
        ],
        ("ha-manager", ["crm-command", "node-maintenance"]) => &["enable", "disable"],
        ("pvecm", []) => &[
            "apiver", "keygen", "create", "add", "addnode", "delnode", "status", "nodes",
            "expected", "updatecerts", "mtunnel", "qdevice", "help",
        ],
        ("pvesr", []) => &[
            "status", "schedule-now", "list", "read", "update", "delete", "create-local-job",
            "enable", "disable", "prepare-local-job", "finalize-local-job", "run", "set-state",
            "help",
        ],
        ("pvesh", []) => &["ls", "get", "set", "create", "delete", "usage", "help"],
        _ => &[],
    }
}

/// Commands that are aliases of others (`$cmddef`'s `{ alias => … }`).
#[rustfmt::skip]
const ALIASES: &[&str] = &[
    "useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel", "roleadd", "rolemod",
    "roledel", "aclmod", "acldel", "importdisk", "move-disk", "move_disk", "rescan", "resize",
    "unlink", "agent", "remove",
];

/// The command words of a line written out in full, level by level,
/// while each is a literal unique prefix of its level's commands.
fn commands_spelled(program: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    // (Most programs have no command list: nothing is copied for them.)
    if commands(program, &[]).is_empty() {
        return None;
    }
    let mut out: Vec<Arg> = args.to_vec();
    let mut above: Vec<&'static str> = Vec::new();
    let mut changed = false;
    for arg in out.iter_mut() {
        let level = commands(program, &above);
        let Some(word) = arg.literal() else { break };
        if level.is_empty() || word.starts_with('-') {
            break;
        }
        let full = match level.iter().find(|c| **c == word) {
            Some(full) => *full,
            // (An alias is left out of a prefix's expansion when a
            // command it is not matches: `pveum ac` is `acl`, not
            // `aclmod`; review 133.)
            None => {
                let unique = |aliases: bool| {
                    let mut matching = level
                        .iter()
                        .filter(|c| c.starts_with(word) && ALIASES.contains(c) == aliases);
                    match (matching.next(), matching.next()) {
                        (Some(full), None) => Some(*full),
                        _ => None,
                    }
                };
                let commands = level
                    .iter()
                    .any(|c| c.starts_with(word) && !ALIASES.contains(c));
                match if commands {
                    unique(false)
                } else {
                    unique(true)
                } {
                    Some(full) => full,
                    None => break,
                }
            }
        };
        if full != word {
            *arg = Arg::literal_of(full);
            changed = true;
        }
        above.push(full);
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

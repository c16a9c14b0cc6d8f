//! Typed confirmation phrases for destructive work: derived from the
//! actions and the target (`confirm destroy lxc:typetype`), and matched
//! exactly as a whole message after trimming, so no loose "yes" can ever
//! stand in. The same actions scope the destructive window a phrase opens:
//! what the person typed is what later work may do without asking again.

use super::classify::{Classification, words_of};
use crate::domain::RiskClass;

/// Tools whose first positional word is the action (`pct destroy`,
/// `zfs rollback`, `systemctl stop`): a window may stand for that verb.
const VERB_TOOLS: &[&str] = &[
    "pct",
    "qm",
    "zfs",
    "zpool",
    "systemctl",
    "docker",
    "podman",
    "apt",
    "apt-get",
    "pvesm",
    "pvecm",
    "git",
    "ufw",
    "crontab",
];

/// Tools whose first positional word names an object or a method, not
/// what is done (`ip link set eth0 down`, `nft flush ruleset`, `pvesh
/// create /nodes/N/lxc/ID/status/stop`): the phrase names that word, but
/// no window stands for it, since one word would cover every act on
/// every object.
const OBJECT_TOOLS: &[&str] = &["ip", "nft", "pvesh"];

/// First words of container tools that name an object (`docker container
/// rm`, `podman volume prune`): no window stands for them either.
const OBJECT_WORDS: &[&str] = &[
    "builder",
    "buildx",
    "compose",
    "config",
    "container",
    "context",
    "image",
    "machine",
    "manifest",
    "network",
    "node",
    "plugin",
    "pod",
    "secret",
    "service",
    "stack",
    "swarm",
    "system",
    "volume",
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
    // Verbs that run arbitrary commands inside something else.
    "exec",
    "enter",
    "attach",
    "shell",
    "guest",
    "monitor",
    "-c",
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

/// The phrase for a change longer than its card shows: it names the
/// count of lines the approver read in the attachment (`confirm 212 lines
/// lxc:a`), and the destructive actions too when there are some.
pub fn phrase_for_lines(
    actions: &[String],
    destructive: bool,
    lines: usize,
    target: &str,
) -> String {
    match destructive {
        true => format!(
            "confirm {} {lines} lines {}",
            actions.join("+"),
            target.trim()
        ),
        false => format!("confirm {lines} lines {}", target.trim()),
    }
}

/// Whether an open destructive window may stand in for a phrase for this
/// action (a name, or a window key `PROGRAM VERB`): never for opaque work.
pub fn window_may_cover(action: &str) -> bool {
    !NO_WINDOW.contains(&action) && action.split(' ').all(|word| !NO_WINDOW.contains(&word))
}

/// Whether `message` is exactly `phrase` (surrounding whitespace ignored).
pub fn matches(message: &str, phrase: &str) -> bool {
    message.trim() == phrase
}

/// How a typed message names a card whose phrase is `phrase`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// It is not the phrase.
    No,
    /// Exactly the phrase: every waiting card with it fits.
    Phrase,
    /// The phrase followed by this card's short id (or a longer end of its
    /// id): this card only, when several share the phrase and a front end
    /// (the console) has no reply to name one.
    PhraseAndId,
}

/// Whether `message` is `phrase`, or `phrase` then the id of card
/// `execution` (at least 6 hex digits from the end of its id).
pub fn names_card(message: &str, phrase: &str, execution: uuid::Uuid) -> Named {
    let message = message.trim();
    if message == phrase {
        return Named::Phrase;
    }
    let Some(id) = message
        .strip_prefix(phrase)
        .and_then(|rest| rest.strip_prefix(' '))
    else {
        return Named::No;
    };
    if crate::domain::names_id(execution, id) {
        Named::PhraseAndId
    } else {
        Named::No
    }
}

/// Short names for what the destructive parts of the command do, sorted
/// and without repeats: the verb of a verb tool (`destroy`), else the
/// program (`rm`). `run` when no part names one (a declared risk, `$CMD`).
pub fn actions(classification: &Classification) -> Vec<String> {
    let mut names: Vec<String> = destructive_segments(classification)
        .map(|s| segment_action(&s.command).name)
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        names.push("run".to_string());
    }
    names
}

/// The actions a destructive window may stand for, when every destructive
/// part of the command is a plain `PROGRAM …` or `TOOL VERB …` whose name
/// is its whole effect; empty otherwise (then only its own phrase runs
/// it). Each is keyed by the program that acts and its verb (`rm`,
/// `systemctl stop`, `git rm`): a window opened for `git rm` does not
/// cover `rm -rf`, nor `docker stop` a `systemctl stop`. A wrapper, an assignment, a redirection, a substitution, a
/// function definition, or a verb after options all make it empty: the
/// word a phrase names must be the thing that acts, not a word an
/// attacker placed in front of it.
pub fn window_actions(classification: &Classification) -> Vec<String> {
    let mut names = Vec::new();
    for segment in destructive_segments(classification) {
        let action = segment_action(&segment.command);
        if !action.windowable || !window_may_cover(&action.name) {
            return Vec::new();
        }
        names.push(action.key);
    }
    names.sort();
    names.dedup();
    names
}

fn destructive_segments(
    classification: &Classification,
) -> impl Iterator<Item = &super::classify::Segment> {
    classification
        .segments
        .iter()
        .filter(|s| s.class == RiskClass::Destructive)
}

/// Programs whose name is their destructive action.
const DIRECT: &[&str] = &[
    "rm",
    "rmdir",
    "unlink",
    "shred",
    "truncate",
    "wipefs",
    "dd",
    "reboot",
    "poweroff",
    "halt",
    "shutdown",
    "kill",
    "pkill",
    "killall",
    "userdel",
    "deluser",
    "groupdel",
    "delgroup",
    "lvremove",
    "vgremove",
    "pvremove",
    "mkswap",
    "swapoff",
    "umount",
    "blkdiscard",
];

fn is_direct(program: &str) -> bool {
    DIRECT.contains(&program) || program == "mkfs" || program.starts_with("mkfs.")
}

/// One destructive simple command's action.
struct SegmentAction {
    /// What the phrase calls it.
    name: String,
    /// What a window for it is keyed by: the program, and for a tool its
    /// verb (`systemctl stop`).
    key: String,
    /// Whether a window may stand for it (see [`window_actions`]).
    windowable: bool,
}

/// Characters that make a segment more than `PROGRAM ARGS…`.
const NOT_PLAIN: &[char] = &[
    '>', '<', '`', '|', '&', ';', '(', ')', '{', '}', '$', '\n', '\\', '\'', '"', '*', '?', '[',
];

fn segment_action(command: &str) -> SegmentAction {
    let words = words_of(command);
    let plain = !command.contains(NOT_PLAIN);
    // A window stands for the system's program of that name only: an `rm`
    // window is no window for `/tmp/rm` or `./rm`, whatever they do.
    if plain
        && let Some((first, args)) = words.split_first()
        && nomos_classify::system_program(first)
    {
        let program = base(first);
        if is_direct(program) {
            return named(program, true, None);
        }
        if VERB_TOOLS.contains(&program)
            && let Some(verb) = args
                .first()
                .filter(|v| !v.starts_with('-') && window_may_cover(v))
        {
            return named(verb, !OBJECT_WORDS.contains(&verb.as_str()), Some(program));
        }
        // `service NAME VERB`: the verb is the action.
        if program == "service"
            && let [name, verb] = args
            && !name.starts_with('-')
            && !verb.starts_with('-')
        {
            return named(verb, true, Some("service"));
        }
    }
    // Anything else is named for the phrase (looking through wrappers and
    // `pct exec`), and no window stands for it.
    let direct = words.iter().map(|w| base(w)).find(|w| is_direct(w));
    let verb = || {
        words.windows(2).find_map(|pair| {
            let tool = base(&pair[0]);
            ((VERB_TOOLS.contains(&tool) || OBJECT_TOOLS.contains(&tool))
                && !pair[1].starts_with('-'))
            .then_some(pair[1].as_str())
        })
    };
    let deletes = || {
        words
            .iter()
            .any(|w| DELETING_OPTIONS.contains(&w.as_str()))
            .then_some("delete")
    };
    match direct
        .or_else(verb)
        .or_else(deletes)
        .or_else(|| script(&words))
    {
        Some(name) => named(name, false, None),
        None => named("run", false, None),
    }
}

/// Options that make an otherwise reading program delete what it names
/// (`find … -delete`, `rsync --delete`, `tar --remove-files`): the phrase
/// says `delete`, not `run`.
const DELETING_OPTIONS: &[&str] = &[
    "-delete",
    "--delete",
    "--delete-before",
    "--delete-during",
    "--delete-after",
    "--delete-excluded",
    "--remove-files",
    "--remove-source-files",
];

/// An operator's own program, run by its path (`/srv/shop/ctl restart`,
/// `./bin/check`): the phrase names the program, not `run`. A shell or
/// interpreter run by its path stays `run`.
fn script(words: &[String]) -> Option<&str> {
    let first = words.first()?;
    let name = base(first);
    (first.contains('/') && !name.is_empty() && window_may_cover(name)).then_some(name)
}

/// The action `word`, done by `tool` (`None`: the program itself).
fn named(word: &str, windowable: bool, tool: Option<&str>) -> SegmentAction {
    let cleaned: String = word
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect::<String>()
        .to_ascii_lowercase();
    if cleaned.is_empty() {
        SegmentAction {
            name: "run".to_string(),
            key: "run".to_string(),
            windowable: false,
        }
    } else {
        SegmentAction {
            // A cleaned name differs from the word: not what runs.
            windowable: windowable && cleaned == word,
            key: match tool {
                Some(tool) => format!("{tool} {cleaned}"),
                None => cleaned.clone(),
            },
            name: cleaned,
        }
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
    fn phrases_name_the_act_of_deleting_options_and_scripts() {
        assert_eq!(
            phrase("find /var/log -name '*.gz' -mtime +30 -delete", "host:lab"),
            "confirm delete host:lab"
        );
        assert_eq!(
            phrase("rsync -a --delete /srv/a/ /srv/b/", "host:lab"),
            "confirm delete host:lab"
        );
        assert_eq!(
            phrase("/srv/shop/ctl restart", "host:lab"),
            "confirm ctl host:lab"
        );
        assert_eq!(
            phrase("/bin/bash -c 'x'", "host:lab"),
            "confirm run host:lab"
        );
    }

    #[test]
    fn the_phrase_then_a_cards_id_names_that_card() {
        let id = uuid::Uuid::parse_str("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b").expect("id");
        let phrase = "confirm run host:lab";
        assert_eq!(
            names_card("confirm run host:lab", phrase, id),
            Named::Phrase
        );
        assert_eq!(
            names_card(" confirm run host:lab 2e3f4a5b ", phrase, id),
            Named::PhraseAndId
        );
        assert_eq!(
            names_card("confirm run host:lab `2E3F4A5B`", phrase, id),
            Named::PhraseAndId
        );
        for other in [
            "confirm run host:lab 2e3f4a5c",
            "confirm run host:lab f4a5b",
            "confirm run host:lab please",
            "confirm run host:lab2e3f4a5b",
            "confirm run host:labs",
        ] {
            assert_eq!(names_card(other, phrase, id), Named::No, "{other}");
        }
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
        assert_eq!(
            phrase("ip link set eth0 down", "lxc:a"),
            "confirm link lxc:a"
        );
        assert_eq!(phrase("service nginx stop", "lxc:a"), "confirm stop lxc:a");
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
    fn a_window_stands_only_for_a_plain_command_named_by_its_action() {
        let windowed = |command: &str| window_actions(&classify(command, None));
        assert_eq!(windowed("systemctl stop caddy"), ["systemctl stop"]);
        assert_eq!(windowed("pct destroy 160 --purge"), ["pct destroy"]);
        assert_eq!(windowed("rm -rf /var/cache/x"), ["rm"]);
        assert_eq!(windowed("/usr/bin/rm -rf /var/cache/x"), ["rm"]);
        assert_eq!(
            windowed("systemctl stop a; rm -f /x"),
            ["rm", "systemctl stop"]
        );
        assert_eq!(windowed("service nginx stop"), ["service stop"]);
        assert_eq!(windowed("docker rm -f web"), ["docker rm"]);
        // The program is part of the key: one tool's verb never stands for
        // another program, nor another tool's same verb.
        assert_eq!(windowed("git rm -r --cached old"), ["git rm"]);
        assert_ne!(windowed("git rm -r old"), windowed("rm -rf old"));
        assert_ne!(windowed("docker stop web"), windowed("systemctl stop web"));
        assert_ne!(windowed("qm destroy 101"), windowed("pct destroy 101"));
        // Words placed in front of what acts never name a window.
        for sneaky in [
            "env -u stop rm -rf /srv/data",
            "stop() { rm -rf /srv/data; }; stop",
            "sudo -u www-data rm -rf /x",
            "timeout 60 rm -rf /x",
            "nice -n 5 rm -rf /x",
            "flock /run/l rm -rf /x",
            "docker exec c mkfs.ext4 /dev/sdb",
            "echo x > /dev/sda",
            "systemctl -H stop reboot",
            "X=1 rm -rf /x",
            "rm -rf /x > /dev/sda",
            "rm -rf \"$DIR\"",
            "bash -c 'rm -rf /x'",
            "pct exec 150 -- rm -rf /data",
            "find / -delete",
            // One word for an object or a method would cover every act
            // on it: `confirm link` must not stand for `ip link del`.
            "ip link set eth0 down",
            "ip route del default",
            "nft flush ruleset",
            "pvesh create /nodes/pve/lxc/101/status/stop",
            "docker container rm -f web",
            "podman volume prune -f",
            "service nginx stop now",
            // A program of the same name elsewhere is another program.
            "/tmp/rm -rf /x",
            "./rm -rf /x",
            "/srv/bin/systemctl stop caddy",
            "/usr/bin/../../tmp/rm -rf /x",
        ] {
            assert!(
                windowed(sneaky).is_empty(),
                "{sneaky} got a window: {:?}",
                windowed(sneaky)
            );
        }
        // The phrase still names what acts.
        assert_eq!(
            phrase("sudo -u www-data rm -rf /x", "lxc:a"),
            "confirm rm lxc:a"
        );
        assert_eq!(phrase("timeout 60 rm -rf /x", "lxc:a"), "confirm rm lxc:a");
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

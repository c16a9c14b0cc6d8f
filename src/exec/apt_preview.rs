//! Dry-run previews of package changes: when a proposed command installs,
//! removes or upgrades packages with `apt-get` or `apt`, Nomos runs the
//! same command with `-s` (simulate) first, as a read-only step of its
//! own, and the card shows what it said: the packages installed, upgraded
//! and removed, or the error the real run would meet.
//!
//! The dry run is built from the classifier's segments, word by word, and
//! is made only when every word is known before it runs (no `$VAR`, no
//! substitution) and the gate's classifier reads the result as read-only;
//! otherwise there is no preview, never a guess. The output is read from
//! the lines apt's simulator prints (`Inst NAME [OLD] (NEW …)`, `Remv
//! NAME [OLD]`, `Purg NAME [OLD]`, `E: …`), which apt has kept stable for
//! scripts since apt-get's first releases.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::{Executor, Limits, RunStatus, discard};
use crate::domain::RiskClass;
use crate::domain::preview::PackagePreview;
use nomos_classify::Classification;

/// What apt's verbs do, for the verbs that change packages.
const CHANGING_VERBS: &[&str] = &[
    "install",
    "reinstall",
    "remove",
    "purge",
    "upgrade",
    "dist-upgrade",
    "full-upgrade",
    "autoremove",
    "autopurge",
];

/// Programs that run a command somewhere else (another machine, a
/// container, another root): an apt inside them is not this target's.
const ELSEWHERE: &[&str] = &[
    "pct",
    "ssh",
    "chroot",
    "lxc-attach",
    "nsenter",
    "systemd-nspawn",
    "machinectl",
    "docker",
    "podman",
    "kubectl",
    "incus",
    "lxc",
    "qm",
    "schroot",
    "unshare",
    "arch-chroot",
    "su",
];

/// Assignments that do not change what apt resolves.
const HARMLESS: &[&str] = &[
    "DEBIAN_FRONTEND",
    "NEEDRESTART_MODE",
    "NEEDRESTART_SUSPEND",
    "LANG",
    "LC_ALL",
];

/// The dry run of the package change in a command (as the gate
/// classified it, so its segments are not worked out again), if it has
/// exactly one that can be previewed on this target: `apt-get -s ARGS…`
/// for `apt-get ARGS…`. None when the command runs anything elsewhere (an
/// apt inside `pct exec` or `ssh` is another machine's), changes packages
/// twice (one dry run would tell half of it), or sets what apt reads.
pub fn dry_run_of(classification: &Classification) -> Option<String> {
    let segments: Vec<&str> = classification
        .segments
        .iter()
        .map(|s| s.command.as_str())
        .collect();
    // Any word naming a way to run elsewhere, anywhere in the command
    // (`timeout 600 ssh …`, `sudo -E pct exec …`, `/usr/sbin/pct …`).
    let elsewhere = segments.iter().any(|segment| {
        nomos_classify::words_of(segment).iter().any(|w| {
            let base = w.rsplit('/').next().unwrap_or(w);
            ELSEWHERE.contains(&base)
        })
    });
    if elsewhere {
        return None;
    }
    let mut changes = classification
        .segments
        .iter()
        .filter(|s| s.class != RiskClass::ReadOnly)
        // A segment inside another (`bash -c '…'`) runs wherever that
        // one does: no preview for it.
        .filter(|s| {
            !segments
                .iter()
                .any(|other| *other != s.command && other.contains(s.command.as_str()))
        })
        .filter_map(|s| dry_run_of_segment(&s.command));
    let first = changes.next()?;
    changes.next().is_none().then_some(first)
}

/// A segment's program and the words after it, past assignments and
/// `sudo`/`env`-like prefixes (which may not carry options of their own).
fn program_of(words: &[String]) -> Option<(&str, &[String])> {
    let at = words.iter().position(|w| {
        !(is_assignment(w) || matches!(w.as_str(), "sudo" | "env" | "command" | "exec" | "nice"))
    })?;
    Some((words[at].as_str(), &words[at + 1..]))
}

/// Options a dry run may carry over: none can turn simulation off, name
/// another config, or point apt's files somewhere (`-o`, `-c`, `--no-…`
/// and anything with `=` are not among them).
const KNOWN_OPTIONS: &[&str] = &[
    "-y",
    "--yes",
    "--assume-yes",
    "-q",
    "-qq",
    "--quiet",
    "--no-install-recommends",
    "--install-recommends",
    "--purge",
    "-f",
    "--fix-broken",
    "--only-upgrade",
    "--reinstall",
    "--auto-remove",
    "--autoremove",
    "-V",
    "--verbose-versions",
    "-m",
    "--ignore-missing",
];

fn dry_run_of_segment(segment: &str) -> Option<String> {
    if !plain_words(segment) {
        return None;
    }
    let words = nomos_classify::words_of(segment);
    if words.iter().any(String::is_empty) {
        return None;
    }
    let (program, args) = program_of(&words)?;
    let prefix = &words[..words.len() - args.len() - 1];
    let unusual = prefix.iter().any(|w| {
        is_assignment(w)
            && !HARMLESS
                .iter()
                .any(|name| w.starts_with(&format!("{name}=")))
    });
    if unusual || !matches!(program, "apt-get" | "apt") {
        return None;
    }
    if args
        .iter()
        .any(|a| a.starts_with('-') && !KNOWN_OPTIONS.contains(&a.as_str()))
    {
        return None;
    }
    let verb = args.iter().find(|a| !a.starts_with('-'))?;
    if !CHANGING_VERBS.contains(&verb.as_str()) {
        return None;
    }
    let quoted: Vec<String> = args
        .iter()
        .map(|a| shell_escape::unix::escape(a.as_str().into()).into_owned())
        .collect();
    let dry = format!("{program} -s {}", quoted.join(" "));
    (nomos_classify::classify(&dry, None).class == RiskClass::ReadOnly).then_some(dry)
}

/// Whether the segment is plain words only, each whole between spaces:
/// no expansion, substitution, glob, redirection, escape, or quote that
/// spans a space. Anything else gets no preview rather than a wrong one.
fn plain_words(segment: &str) -> bool {
    let safe = |c: char| c.is_ascii_alphanumeric() || " \t-_.+:=/,~@%'\"".contains(c);
    segment.chars().all(safe)
        && segment
            .split_whitespace()
            .all(|w| w.matches('\'').count() % 2 == 0 && w.matches('"').count() % 2 == 0)
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !name.starts_with(|c: char| c.is_ascii_digit())
    })
}

/// What apt's simulator printed, read into a preview of `dry_run`.
pub fn parse(dry_run: &str, stdout: &str, stderr: &str) -> PackagePreview {
    let mut preview = PackagePreview {
        command: dry_run.to_string(),
        ..PackagePreview::default()
    };
    for line in stdout.lines() {
        let mut words = line.split_whitespace();
        let (Some(action), Some(name)) = (words.next(), words.next()) else {
            continue;
        };
        let upgrade = words.next().is_some_and(|w| w.starts_with('['));
        let list = match (action, upgrade) {
            ("Inst", true) => &mut preview.upgrades,
            ("Inst", false) => &mut preview.installs,
            ("Remv" | "Purg", _) => &mut preview.removes,
            _ => continue,
        };
        if !list.iter().any(|n| n == name) {
            list.push(name.to_string());
        }
    }
    preview.problem = stderr
        .lines()
        .chain(stdout.lines())
        .find(|l| l.starts_with("E: "))
        .map(str::to_string);
    preview
}

/// Runs the dry run of a classified command on `target`: `None` when it
/// changes no packages (or its change cannot be previewed).
pub async fn preview(
    executor: &Executor,
    target: &str,
    classification: &Classification,
) -> Option<PackagePreview> {
    let dry_run = dry_run_of(classification)?;
    let limits = Limits {
        timeout: Duration::from_secs(60),
        output_cap: 256 * 1024,
    };
    // Run before anyone approved: confined like any read-only work.
    let outcome = executor
        .run_unattended(
            target,
            super::Unattended::own(&dry_run, crate::domain::NetworkUse::None),
            limits,
            discard(),
            CancellationToken::new(),
        )
        .await;
    Some(match outcome {
        Ok(outcome) => {
            let mut preview = parse(&dry_run, &outcome.stdout, &outcome.stderr);
            if preview.problem.is_none() && outcome.status != RunStatus::Completed {
                let tail = outcome.tail(300);
                let last = tail.lines().rev().find(|l| !l.trim().is_empty());
                preview.problem = Some(format!(
                    "the dry run ended {}: {}",
                    outcome.status.as_str(),
                    last.unwrap_or("no output")
                ));
            }
            preview
        }
        Err(e) => PackagePreview {
            command: dry_run,
            problem: Some(format!("the dry run could not start: {e}")),
            ..PackagePreview::default()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dry run of a command as the gate classified it.
    fn dry_run_of(command: &str) -> Option<String> {
        super::dry_run_of(&nomos_classify::classify(command, None))
    }

    #[test]
    fn package_changes_get_the_same_command_simulated() {
        assert_eq!(
            dry_run_of("apt-get install -y nginx").as_deref(),
            Some("apt-get -s install -y nginx")
        );
        assert_eq!(
            dry_run_of("apt-get update && DEBIAN_FRONTEND=noninteractive apt-get -y install --no-install-recommends nginx curl").as_deref(),
            Some("apt-get -s -y install --no-install-recommends nginx curl")
        );
        assert_eq!(
            dry_run_of("apt remove apache2").as_deref(),
            Some("apt -s remove apache2")
        );
        assert_eq!(
            dry_run_of("sudo apt-get full-upgrade -y").as_deref(),
            Some("apt-get -s full-upgrade -y")
        );
    }

    #[test]
    fn no_preview_without_a_package_change_or_with_unknown_words() {
        for command in [
            "apt-get update",
            "apt-cache policy nginx",
            "systemctl restart nginx",
            "apt-get install -y $PKG",
            "apt-get install -y $(cat list)",
            "apt-get install -y 'nginx curl'",
            "apt-get install -y ngin*",
            "apt-get install -y `cat list`",
            "apt-get -s install nginx",
            "pct exec 101 -- bash -c 'apt-get install -y nginx'",
            "ssh web 'apt-get install -y nginx'",
            "chroot /mnt apt-get install -y nginx",
            "apt-get install -y nginx; apt-get purge -y apache2",
            "APT_CONFIG=/tmp/x apt-get install -y nginx",
            "sudo APT_CONFIG=/tmp/x apt-get install -y nginx",
            "apt-get install -y -o APT::Get::Simulate=false bash",
            "apt-get install -y --no-simulate bash",
            "apt-get install -y -o Dir::Cache::pkgcache=/etc/pam.d/common-auth nginx",
            "apt-get -c /tmp/apt.conf install nginx",
            "sudo -E pct exec 101 -- bash -c 'apt-get install -y nginx'",
            "timeout 600 ssh web 'apt-get install -y nginx'",
            "/usr/sbin/pct exec 101 -- bash -c 'apt-get install -y nginx'",
            "bash -c 'apt-get install -y nginx'",
        ] {
            assert_eq!(dry_run_of(command), None, "{command}");
        }
    }

    #[test]
    fn the_simulators_lines_are_read() {
        let out = "NOTE: This is only a simulation!\n\
                   Inst nginx-common (1.26.3-3 Debian:13.1/stable [all])\n\
                   Inst nginx (1.26.3-3 Debian:13.1/stable [amd64])\n\
                   Inst libc6 [2.41-11] (2.41-12 Debian:13.1/stable [amd64])\n\
                   Remv apache2 [2.4.65-2]\n\
                   Purg apache2-bin [2.4.65-2]\n\
                   Conf nginx (1.26.3-3 Debian:13.1/stable [amd64])\n";
        let p = parse("apt-get -s install nginx", out, "");
        assert_eq!(p.installs, ["nginx-common", "nginx"]);
        assert_eq!(p.upgrades, ["libc6"]);
        assert_eq!(p.removes, ["apache2", "apache2-bin"]);
        assert_eq!(p.problem, None);
        let p = parse(
            "apt-get -s install nope",
            "Reading package lists...\n",
            "E: Unable to locate package nope\n",
        );
        assert!(p.is_empty());
        assert_eq!(
            p.problem.as_deref(),
            Some("E: Unable to locate package nope")
        );
    }
}

//! The rules for apt and dpkg: each arm judges one program (or family) by
//! its flags and subcommands. Part of [`super::specific`].

use super::*;

/// Judges `name args…` if it is one of this family's programs.
pub(super) fn judge(_w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let ro = |why: &str| Verdict::read_only(format!("`{name}` {why}"));
    let mu = |why: &str| Verdict::mutation(format!("`{name}` {why}"));
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    let verb = |values: &[&str]| positionals(args, values).first().copied();
    Some(match name {
        // `pip list` is an index command: its version check asks PyPI
        // about once a week (pip 23; review 44).
        "pip" | "pip3"
            if verb(&[]).and_then(Arg::literal) == Some("list")
                && !args
                    .iter()
                    .any(|a| a.literal() == Some("--disable-pip-version-check")) =>
        {
            mu(
                "asks PyPI, outside the lab, for pip's latest version (without `--disable-pip-version-check`)",
            )
        }
        "apt" | "apt-get" | "aptitude" => {
            // `-s` as its own option: a letter inside `-tbookworm-backports`
            // is `-t`'s value, not a simulation.
            if has_short(args, 's', "octaq")
                || has_flag(
                    args,
                    "",
                    &["simulate", "dry-run", "just-print", "no-act", "recon"],
                )
            {
                return Some(ro("only simulates"));
            }
            let purge = has_flag(args, "", &["purge"]);
            let v = by_verb(
                name,
                verb(&[
                    "-o",
                    "--option",
                    "-c",
                    "--config-file",
                    "-t",
                    "--target-release",
                    "-a",
                    "--host-architecture",
                ]),
                &[
                    "list",
                    "search",
                    "show",
                    "showsrc",
                    "policy",
                    "depends",
                    "rdepends",
                    "changelog",
                    "help",
                    "moo",
                    "madison",
                    "showpkg",
                    "stats",
                    "why",
                    "why-not",
                    "versions",
                ],
                &[
                    "purge",
                    "autopurge",
                    "remove",
                    "autoremove",
                    "full-upgrade",
                    "dist-upgrade",
                    // (Removes what dpkg's selections mark for removal:
                    // after `dpkg --clear-selections`, everything not set
                    // again; blind corpus 139.)
                    "dselect-upgrade",
                ],
            );
            if purge && v.class == crate::RiskClass::ConfigMutation {
                de("purges packages and their configuration")
            } else {
                v
            }
        }
        // dnf refreshes expired repository metadata from the network for
        // any command that reads the repositories; `-C` keeps it to the
        // cache (dnf(8)). `history` reads its own database (blind corpus
        // 199).
        "dnf" | "yum"
            if !has_flag(args, "C", &["cacheonly"])
                && !installed_only(args)
                && matches!(
                    verb(&[]).and_then(Arg::literal),
                    Some(
                        "list"
                            | "info"
                            | "repoquery"
                            | "rq"
                            | "search"
                            | "provides"
                            | "whatprovides"
                            | "deplist"
                            | "check-update"
                            | "repolist"
                            | "repoinfo"
                            | "updateinfo"
                    )
                ) =>
        {
            mu("refreshes the repositories' metadata from the network (without `-C`)")
        }
        // (Review 125: a package file installed, whose scripts run as
        // root, as `dpkg -i`'s do; packages removed or swapped by dnf's
        // other verbs.)
        "rpm"
            if has_flag(args, "iUF", &["install", "upgrade", "freshen", "reinstall"])
                && !has_flag(args, "qV", &["query", "verify"]) =>
        {
            de("installs a package file, whose scripts run as root")
        }
        "pacman" if has_flag(args, "U", &["upgrade"]) => {
            de("installs a package file, whose scripts and hooks run as root")
        }
        "pkg" if verb(&[]).and_then(Arg::literal) == Some("add") => {
            de("installs a package file, whose scripts run as root")
        }
        // (The packages pkg thinks orphaned, removed, as apt-get's and
        // dnf's autoremove; review 128.)
        "pkg" if verb(&[]).and_then(Arg::literal) == Some("autoremove") => {
            de("removes the packages it thinks orphaned")
        }
        // jail(8): `-r` removes (stops) a jail, its services with it.
        "jail" if has_flag(args, "rR", &[]) => de("removes a jail, stopping what runs in it"),
        "apk"
            if verb(&[]).and_then(Arg::literal) == Some("add")
                && (has_flag(args, "", &["allow-untrusted"])
                    || args
                        .iter()
                        .filter_map(Arg::literal)
                        .any(|w| w.ends_with(".apk"))) =>
        {
            de("installs a package file, whose scripts run as root")
        }
        "dnf" | "yum"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("install" | "reinstall" | "upgrade" | "update" | "localinstall" | "downgrade")
            ) && args
                .iter()
                .filter_map(Arg::literal)
                .any(|w| w.ends_with(".rpm") || w.contains("://") || w.starts_with(['/', '.'])) =>
        {
            de("installs a package file, whose scripts run as root")
        }
        "dnf" | "yum"
            if matches!(
                verb(&[]).and_then(Arg::literal),
                Some("autoremove" | "swap" | "distro-sync" | "distrosync" | "downgrade")
            ) || (verb(&[]).and_then(Arg::literal) == Some("history")
                && args
                    .iter()
                    .filter_map(Arg::literal)
                    .any(|w| matches!(w, "undo" | "rollback" | "redo"))) =>
        {
            de("removes or replaces packages")
        }
        // (A program that replaces itself with a download: rclone's,
        // restic's, yt-dlp's; blind corpora 197 and 207.)
        "rclone" if verb(&[]).and_then(Arg::literal) == Some("selfupdate") => {
            de("replaces its own program with a download")
        }
        "restic" if verb(&[]).and_then(Arg::literal) == Some("self-update") => {
            de("replaces its own program with a download")
        }
        "yt-dlp" | "youtube-dl" if has_flag(args, "U", &["update", "update-to"]) => {
            de("replaces its own program with a download")
        }
        // rpm's erase mode; pacman's remove operation and its cache
        // cleaned (`-Sc`, `-Scc`), pacman-contrib's paccache removing or
        // moving cached packages (blind corpus 199).
        "rpm" if has_flag(args, "e", &["erase"]) && !has_flag(args, "q", &["query"]) => {
            de("erases packages")
        }
        "pacman" if has_flag(args, "R", &["remove"]) => de("removes packages"),
        "pacman" if has_flag(args, "S", &["sync"]) && has_flag(args, "c", &["clean"]) => {
            de("deletes the cached packages")
        }
        "paccache" if has_flag(args, "rm", &["remove", "move"]) => {
            de("removes or moves the cached packages")
        }
        "apt-mark" => by_verb(
            name,
            verb(&[]),
            &[
                "showhold",
                "showauto",
                "showmanual",
                "showinstall",
                "showremove",
                "showpurge",
            ],
            &[],
        ),
        "dpkg" => {
            // (`--dry-run`, `--no-act`, `--simulate`: says what it would do;
            // blind corpus 113.)
            let simulated = has_flag(args, "", &["dry-run", "no-act", "simulate"]);
            if has_flag(args, "Pr", &["purge", "remove"]) && simulated {
                mu("only says what it would remove (`--dry-run`)")
            } else if has_flag(args, "Pr", &["purge", "remove"]) {
                de("purges packages and their configuration")
            } else if has_flag(
                args,
                "lLsSpcICV",
                &[
                    "list",
                    "listfiles",
                    "status",
                    "search",
                    "print-avail",
                    "contents",
                    "info",
                    "get-selections",
                    "print-architecture",
                    "print-foreign-architectures",
                    "compare-versions",
                    "audit",
                    "verify",
                    "version",
                    "help",
                ],
            ) {
                ro("inspects packages")
            } else {
                mu("changes packages")
            }
        }
        _ => return None,
    })
}

/// `dnf list|info --installed`, `dnf list installed`, `dnf repoquery
/// --installed|--userinstalled`: dnf 4 loads only the rpm database for
/// them, no repository (`InfoCommand.configure`, `RepoQueryCommand`: the
/// repositories only when the listing is not of the installed; review
/// 128). The narrowing options share one setting, the last given wins:
/// exactly one is given, and it is one of those.
fn installed_only(args: &[Arg]) -> bool {
    const NARROWING: &[&str] = &[
        "--installed",
        "--userinstalled",
        "--available",
        "--upgrades",
        "--updates",
        "--extras",
        "--obsoletes",
        "--recent",
        "--all",
        "--autoremove",
        "--unneeded",
        "--duplicates",
        "--installonly",
        "--unsatisfied",
        "--leaves",
    ];
    let Some(lits) = args.iter().map(Arg::literal).collect::<Option<Vec<&str>>>() else {
        return false;
    };
    let words: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let narrowing: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| {
            w.starts_with("--") && NARROWING.iter().any(|n| n.starts_with(w) && w.len() > 3)
        })
        .collect();
    match words.as_slice() {
        ["list" | "info", "installed", ..] => narrowing.is_empty(),
        ["list" | "info", ..] => narrowing == ["--installed"],
        ["repoquery" | "rq", ..] => {
            matches!(narrowing.as_slice(), ["--installed"] | ["--userinstalled"])
        }
        _ => false,
    }
}

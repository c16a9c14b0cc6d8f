//! Everything the rules know of git, in one place: what each subcommand
//! does to the repository ([`judge`]), what it discards ([`discards`]),
//! the settings, formats and URLs that make it run a program
//! ([`runs_something`], [`recalled`]), and what it prints of a
//! repository's files ([`contents`]). Its option tables are `GIT*` in
//! `tables/tools.rs`; `loss`, `recall` and `reveals` ask this module.

use super::*;
use crate::rules::reads_secret;
use crate::rules::secrets;
use crate::secret_paths::Folders;

/// Judges `name args…` if it is git.
pub(super) fn judge(w: &mut Walker, name: &str, args: &[Arg], _depth: usize) -> Option<Verdict> {
    let unlocked = w
        .prefix_env
        .iter()
        .any(|(n, v)| n == "GIT_OPTIONAL_LOCKS" && v.as_deref() == Some("0"));
    (name == "git").then(|| verdict(args, unlocked))
}

/// What a git command does to the repository, by its subcommand
/// (`unlocked`: `GIT_OPTIONAL_LOCKS=0` in its environment).
fn verdict(args: &[Arg], unlocked: bool) -> Verdict {
    let values = &["-C", "-c", "--git-dir", "--work-tree", "--namespace"];
    let pos = positionals(args, values);
    let verb = pos.first().and_then(|a| a.literal());
    // The words from the subcommand on (`-C DIR` before it is not its).
    let start = pos
        .first()
        .and_then(|v| args.iter().position(|a| std::ptr::eq(a, *v)))
        .unwrap_or(0);
    let rest: Vec<&str> = args[start..].iter().filter_map(Arg::literal).collect();
    let has = |f: &str| rest.contains(&f);
    // git-status(1), BACKGROUND REFRESH: `status` (and `diff` and
    // `describe --dirty` of the working tree) refresh the index's stat
    // data and write it back under `index.lock`, which can make another
    // git fail; `--no-optional-locks` turns that off (review 47, blind
    // corpus 41).
    // `diff` of the working tree and `describe --dirty`/`--broken`
    // refresh it whatever is set (builtin/diff.c's refresh_index_quietly
    // takes the lock unasked; review 49). A diff of the working tree:
    // fewer than two revisions before `--` (`git diff HEAD -- src`), no
    // `A..B`, no `--cached`/`--staged`/`--no-index`.
    let revisions = {
        let before: Vec<&str> = rest
            .iter()
            .skip(1)
            .take_while(|a| **a != "--")
            .filter(|a| !a.starts_with('-'))
            .copied()
            .collect();
        before.len() + 2 * usize::from(before.iter().any(|a| a.contains("..")))
    };
    let always = match verb {
        Some("diff") => !has("--cached") && !has("--staged") && !has("--no-index") && revisions < 2,
        Some("describe") => rest
            .iter()
            .any(|a| a.starts_with("--dirty") || a.starts_with("--broken")),
        _ => false,
    };
    let unlocked = unlocked
        || args[..start]
            .iter()
            .any(|a| a.literal() == Some("--no-optional-locks"));
    if always || (verb == Some("status") && !unlocked) {
        return Verdict::mutation(
            "`git` refreshes the index and writes it back (under `index.lock`): `status` \
             unless `git --no-optional-locks` (or `GIT_OPTIONAL_LOCKS=0`), a diff of the \
             working tree always",
        );
    }
    match verb {
        None if pos.is_empty() => Verdict::read_only("`git` without a command prints usage"),
        None => Verdict::destructive("`git` command only known at run time"),
        Some(
            "status" | "log" | "diff" | "show" | "blame" | "describe" | "rev-parse" | "ls-files"
            | "ls-remote" | "ls-tree" | "shortlog" | "grep" | "cat-file" | "rev-list" | "help"
            | "version" | "whatchanged" | "show-ref" | "for-each-ref" | "merge-base" | "name-rev"
            | "count-objects" | "fsck" | "verify-commit" | "verify-tag" | "range-diff",
        ) => Verdict::read_only("`git` only inspects"),
        Some("clean") if !dry_run(args) => {
            Verdict::destructive("`git clean` deletes untracked files")
        }
        Some("clean") => Verdict::read_only("`git clean -n` only lists"),
        Some("reset") if has("--hard") || has("--merge") || has("--keep") => {
            Verdict::destructive("`git reset --hard` discards changes")
        }
        Some("push")
            if has("-f")
                || has("--force")
                || has("--force-with-lease")
                || has("--delete")
                || has("-d")
                || has("--mirror")
                || rest.iter().any(|a| {
                    a.starts_with("--force") || a.starts_with(':') || a.starts_with("+")
                }) =>
        {
            Verdict::destructive("`git push` rewrites or deletes remote history")
        }
        // `worktree remove --force` deletes a worktree with its changes
        // (blind corpus 116); `stash drop|clear` the stashed ones.
        Some("worktree") if rest.contains(&"remove") && (has("--force") || has("-f")) => {
            Verdict::destructive(
                "`git worktree remove --force` deletes a worktree with its changes",
            )
        }
        Some("stash") if rest.iter().any(|a| matches!(*a, "drop" | "clear")) => {
            Verdict::destructive("`git stash drop|clear` deletes stashed changes")
        }
        Some("branch") if has("-D") || has("-d") || has("--delete") || has("-M") => {
            Verdict::destructive("`git branch -D` deletes a branch")
        }
        // A tag or any ref deleted (blind corpus 65).
        Some("tag" | "update-ref") if has("-d") || has("--delete") => {
            Verdict::destructive("`git` deletes a tag or a ref")
        }
        // `git tag|branch -l|--list PATTERN…`: in list mode the operands
        // are patterns; the options that create, rename, copy or delete
        // are refused with it (blind corpus 83).
        // (List mode as git's table reads the line: `--format -l NAME` gives
        // `-l` to `--format`, and NAME is then created; review 74.)
        Some("branch" | "tag")
            if crate::rules::table_reads_option("git", args, &["l", "list"]) == Some(true)
                && ![
                    "-d", "-D", "--delete", "-m", "-M", "-c", "-C", "-a", "-s", "-f", "-u",
                ]
                .iter()
                .any(|w| has(w)) =>
        {
            Verdict::read_only("`git` only lists")
        }
        Some("branch" | "tag" | "remote" | "stash" | "config" | "reflog" | "worktree")
            if pos.len() == 1
                && rest.iter().all(|a| a.starts_with('-') || Some(*a) == verb)
                && !has("-d")
                && !has("-D")
                && !has("--delete") =>
        {
            Verdict::read_only("`git` only lists")
        }
        Some("remote" | "config" | "reflog" | "stash" | "worktree")
            if pos.get(1).and_then(|a| a.literal()).is_some_and(|s| {
                matches!(
                    s,
                    "show"
                        | "get-url"
                        | "get"
                        | "list"
                        | "-l"
                        | "--list"
                        | "--get"
                        | "--get-all"
                        | "--get-regexp"
                )
            }) =>
        {
            Verdict::read_only("`git` only inspects")
        }
        Some("config")
            if has("--get")
                || has("--list")
                || has("-l")
                || has("--get-all")
                || has("--get-regexp") =>
        {
            Verdict::read_only("`git config` only reads")
        }
        Some("reflog")
            if pos
                .get(1)
                .and_then(|a| a.literal())
                .is_some_and(|s| matches!(s, "expire" | "delete")) =>
        {
            Verdict::destructive("`git reflog expire` drops the history that recovers lost work")
        }
        Some("stash")
            if pos
                .get(1)
                .and_then(|a| a.literal())
                .is_some_and(|s| matches!(s, "drop" | "clear")) =>
        {
            Verdict::destructive("`git stash drop` deletes stashed changes")
        }
        Some("checkout") if has("--") || has(".") || has("-f") || has("--force") => {
            Verdict::destructive("`git checkout` discards local changes")
        }
        Some("restore") => Verdict::destructive("`git restore` discards local changes"),
        Some("filter-branch" | "filter-repo") => Verdict::destructive("rewrites history"),
        Some("gc") if rest.iter().any(|a| a.starts_with("--prune")) => {
            Verdict::destructive("`git gc --prune` deletes objects")
        }
        // (`reflog` is `reflog show` with log's options, values among
        // them: `-n 25`; `branch` lists when its table finds no name in
        // it, `--contains REV` being a value; blind corpus 97.)
        Some("reflog") if !rest.iter().any(|w| matches!(*w, "expire" | "delete")) => {
            Verdict::read_only("`git reflog` only shows")
        }
        Some("branch") if names_no_branch(args) => Verdict::read_only("`git branch` only lists"),
        Some(_) => Verdict::mutation("`git` changes the repository"),
    }
}

/// Whether `git branch …`, read by git's table, has no operand but the
/// subcommand: a name would create a branch.
fn names_no_branch(args: &[Arg]) -> bool {
    crate::tables::reading("git", args).is_some_and(|line| {
        line.operands.iter().all(|a| a.literal() == Some("branch")) && line.operands.len() == 1
    })
}

/// Whether a git line's own options (as git's parser reads them: `-e -n`
/// gives `-e` the pattern `-n`) hold `-n`/`--dry-run`.
fn dry_run(args: &[Arg]) -> bool {
    crate::tables::reading("git", args).is_some_and(|line| {
        line.options
            .iter()
            .any(|g| matches!(g.name, "n" | "dry-run"))
    })
}

/// `git switch -f`, `checkout -f`, `restore`, `rm -r`/`-f`, `clone -u`.
pub(in crate::rules) fn discards(lits: &[&str]) -> bool {
    let verb = lits
        .iter()
        .find(|w| !w.starts_with('-') && !w.contains('/'))
        .copied();
    let force = lits.iter().any(|w| {
        matches!(
            *w,
            "-f" | "--force" | "--discard-changes" | "-rf" | "-fr" | "-r"
        )
    });
    match verb {
        Some("switch" | "checkout") => force,
        // It deletes the files from the tree (unless only from the index).
        Some("rm") => force || !lits.contains(&"--cached"),
        // git takes any unambiguous prefix of a long option: `--har`.
        Some("reset") => lits
            .iter()
            .any(|w| w.len() >= 4 && "--hard".starts_with(*w)),
        Some("restore") => true,
        Some("clone" | "fetch" | "ls-remote" | "pull") => lits.contains(&"-u"),
        _ => false,
    }
}

/// Whether `git -c KEY=VALUE` (or an `ext::`/`fd::` URL, or `grep -O`)
/// makes this run execute a program: a setting that names one, an alias
/// that leaves for the shell.
pub(in crate::rules) fn runs_something(lits: &[&str]) -> bool {
    let config = lits
        .windows(2)
        .filter(|p| p[0] == "-c")
        .map(|p| p[1])
        .chain(
            lits.iter()
                .filter_map(|w| w.strip_prefix("-c").filter(|v| v.contains('='))),
        );
    let runs = config.into_iter().any(|c| {
        let (key, value) = c.split_once('=').unwrap_or((c, ""));
        let alias = key.to_ascii_lowercase().starts_with("alias.");
        // (An alias that does not start with `!` is more git words.)
        if alias {
            value.starts_with('!')
        } else {
            code_key(key)
        }
    }) || lits
        .iter()
        .any(|w| w.starts_with("ext::") || w.starts_with("fd::"));
    runs || lits
        .iter()
        .any(|w| w.starts_with("--open-files-in-pager") || w.starts_with("-O") && w.len() > 2)
}

/// A configuration key whose value git runs, or which changes what it
/// runs or trusts: pagers, editors, hooks and their folder, helpers and
/// tools, filters, credential helpers, transports (`protocol.ext.allow`
/// lets an `ext::CMD` URL run CMD), includes (another file's settings),
/// aliases.
fn code_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    key.ends_with("pager")
        // (`pager.<cmd>`: the value is a shell command; review 124.)
        || key.starts_with("pager.")
        || key.ends_with("showsignature")
        || key.ends_with("editor")
        || key.ends_with("command")
        || key.ends_with("fsmonitor")
        || key.ends_with("hookspath")
        || key.ends_with("hook")
        || key.ends_with("askpass")
        || key.ends_with(".program")
        || key.ends_with(".external")
        || key.ends_with(".textconv")
        || key.ends_with(".cmd")
        || key.ends_with(".tool")
        || key.starts_with("alias.")
        || key.starts_with("filter.")
        || key.starts_with("credential")
        || key.starts_with("protocol.")
        || key.starts_with("include")
        || key.ends_with("uploadpack")
        || key.ends_with("receivepack")
        || key == "core.gitproxy"
}

const GUEST_REPOSITORY: &str =
    "works in a repository inside a guest, whose own configuration can name programs to run";

/// Whether a path lies in a guest's or a container's root file system,
/// whose files the guest's root owns (so git's `safe.directory` passes
/// for the host's root): a volume (`subvol-101-disk-0`), LXC's `rootfs`,
/// a snapshot, a process's root (`/proc/PID/root/`), docker's and
/// podman's layers and volumes, machined's machines (review 124).
pub(in crate::rules) fn in_guest(w: &str) -> bool {
    // (A template's volume, `basevol-`; vzdump's snapshot of a container
    // mounted at `/mnt/vzsnap0`; Debian's own lxd's pools; review 128.)
    ((w.contains("/subvol-") || w.contains("/basevol-")) && w.contains("-disk-"))
        || w.starts_with("/mnt/vzsnap")
        || w.starts_with("/var/lib/lxd/")
        || w.contains("/rootfs")
        || w.contains("/.zfs/")
        // (A process's root, `/proc/PID/root/`, `/proc/PID/task/TID/root/`.)
        || (w.starts_with("/proc/") && w.split('/').any(|part| part == "root"))
        || w.starts_with("/var/lib/docker/")
        // (containerd's snapshots, kubelet's pod volumes: review 126.)
        || w.starts_with("/var/lib/containerd/")
        || w.starts_with("/run/containerd/")
        || w.starts_with("/var/lib/kubelet/")
        || w.starts_with("/var/lib/rancher/")
        || w.starts_with("/var/lib/containers/")
        || w.starts_with("/var/lib/lxc/")
        || w.starts_with("/var/lib/machines/")
        || w.starts_with("/var/lib/incus/")
        || w.starts_with("/var/snap/lxd/")
}

/// `git` run in a guest's repository by where the command's `cd`s led, or
/// by a relative `-C` from there (`cd /var/lib/lxc/101/rootfs/srv/app &&
/// git status`; review 124).
pub(in crate::rules) fn guest_repository(
    lits: &[&str],
    folders: &crate::secret_paths::Folders,
) -> Option<&'static str> {
    let mut places: Vec<&str> = vec!["."];
    places.extend(
        lits.windows(2)
            .filter(|p| matches!(p[0], "-C" | "--git-dir" | "--work-tree"))
            .map(|p| p[1]),
    );
    // (A folder only known at run time, `cd /var/lib/lxc/10?/rootfs/x`,
    // may be a guest's too; review 125. So may any under `/proc`, whose
    // processes' roots resolve to the host's paths; review 126.)
    (folders.unknown()
        || folders.through_proc()
        || places
            .iter()
            .flat_map(|p| folders.places_of(p))
            .any(|p| p.starts_with("/proc") || in_guest(&format!("{p}/")))
        || places
            .iter()
            .flat_map(|p| folders.resolve(p))
            .any(|p| in_guest(&format!("{}/", p.trim_end_matches('/')))))
    .then_some(GUEST_REPOSITORY)
}

/// What `git` is told that runs a program or changes what later `git`
/// commands run, if anything.
pub(in crate::rules) fn recalled(lits: &[&str]) -> Option<&'static str> {
    // (A repository inside a guest's root file system: [`guest_repository`].)
    let repo_in_guest = lits
        .windows(2)
        .any(|p| matches!(p[0], "-C" | "--git-dir" | "--work-tree") && in_guest(p[1]))
        || lits
            .iter()
            .any(|w| (w.starts_with("--git-dir=") || w.starts_with("--work-tree=")) && in_guest(w));
    if repo_in_guest {
        return Some(GUEST_REPOSITORY);
    }
    // `%G?`, `%GG`, `%GS`, `%GK`, `%GF`, `%GP`, `%GT` in a pretty format
    // and `%(signature…)` in a ref format run gpg (or ssh-keygen) to check
    // each signature, as `--show-signature` does.
    let verifies = lits.iter().any(|w| {
        // (`--show-signature` runs the same programs; review 124.)
        *w == "--show-signature"
            || w.contains("%(signature")
            || w.contains("%(*signature")
            || w.match_indices('%').any(|(i, _)| {
                // (`%+GG`, `%-GS`, `% GK`: the same, with a line break
                // or a space added.)
                let rest = &w.as_bytes()[i + 1..];
                let rest = match rest.first() {
                    Some(b'+' | b'-' | b' ') => &rest[1..],
                    _ => rest,
                };
                rest.first() == Some(&b'G')
                    && matches!(
                        rest.get(1),
                        Some(b'?' | b'G' | b'S' | b'K' | b'F' | b'P' | b'T' | b'U')
                    )
            })
    });
    if verifies {
        return Some("checks signatures its format asks for, running gpg on data others wrote");
    }
    let verb_at = lits.iter().position(|w| !w.starts_with('-'));
    let verb = verb_at.map(|i| lits[i]);
    if lits
        .iter()
        .any(|w| w.strip_prefix("--config-env=").is_some_and(code_key))
    {
        return Some("takes a setting that runs a program from the environment (`--config-env`)");
    }
    // (`git config --get core.pager`, `config get|list`: a reading, which
    // sets nothing; blind corpus 116.)
    let config_reads = {
        let after: Vec<&str> = verb_at.map_or(Vec::new(), |i| lits[i + 1..].to_vec());
        let reads = after.first().is_some_and(|w| matches!(*w, "get" | "list"))
            || after.iter().any(|w| {
                matches!(
                    *w,
                    "--get" | "--get-all" | "--get-regexp" | "--get-urlmatch" | "--list" | "-l"
                )
            });
        let writes = after.iter().any(|w| {
            matches!(
                *w,
                "--add"
                    | "--replace-all"
                    | "--unset"
                    | "--unset-all"
                    | "--rename-section"
                    | "--remove-section"
                    | "--edit"
                    | "-e"
                    | "set"
                    | "unset"
                    | "edit"
            )
        });
        // (`git config KEY`, the key alone, gets its value:
        // `git config credential.helper`; review 123.)
        let key_alone = after.iter().filter(|w| !w.starts_with('-')).count() == 1
            && after.iter().all(|w| !w.starts_with('-'));
        (reads || key_alone) && !writes
    };
    match verb {
        Some("config") if config_reads => None,
        Some("config") => lits
            .iter()
            .skip(verb_at? + 1)
            .any(|w| !w.starts_with('-') && code_key(w))
            .then_some(
                "sets a pager, hook, editor, alias or command that later `git` runs execute",
            ),
        Some("difftool" | "mergetool")
            if lits.iter().any(|w| {
                matches!(*w, "-x" | "--extcmd")
                    || w.starts_with("--extcmd=")
                    || w.starts_with("-t")
                    || w.starts_with("--tool")
            }) =>
        {
            Some("runs the tool command it is given")
        }
        Some("bisect") if lits.contains(&"run") => {
            Some("runs the command it is given at every step")
        }
        _ => None,
    }
}

/// `git grep`, `git log -p`, `git show`, `git diff`, `git blame`,
/// `git cat-file -p`, `git archive` in a repository whose work tree holds
/// secrets (`git -C /etc …` with etckeeper): they print file contents.
/// Whether git's table reads, among this line's options, one that prints
/// names or counts instead of contents.
fn names_only_option(args: &[Arg]) -> bool {
    crate::tables::reading("git", args).is_some_and(|line| {
        line.options.iter().any(|g| {
            matches!(
                g.name,
                "stat"
                    | "name-only"
                    | "name-status"
                    | "shortstat"
                    | "numstat"
                    | "l"
                    | "files-with-matches"
            )
        })
    })
}

/// `git grep` with a pattern that may match a credential's line: the
/// repository's files, none known public
/// ([`crate::rules::search::prints_credential_lines`]).
pub(in crate::rules) fn greps_credential_lines(words: &[Option<&str>]) -> bool {
    use crate::rules::search::may_match_credential as names_credential;
    // (`git log -p -S password`: the changes that add or drop a string;
    // in a cluster too, `-pS password`, `-pSpassword`.)
    let pickaxe = words.iter().enumerate().any(|(i, w)| {
        let Some(cluster) = w
            .and_then(|w| w.strip_prefix('-'))
            .filter(|c| !c.starts_with('-'))
        else {
            return false;
        };
        cluster.find(['S', 'G']).is_some_and(|at| {
            let attached = &cluster[at + 1..];
            if attached.is_empty() {
                words
                    .get(i + 1)
                    .is_some_and(|v| v.is_none_or(names_credential))
            } else {
                names_credential(attached)
            }
        })
    });
    // (`-L '/password/,+3:config.py'`: a range's lines through history.)
    let ranges = words.iter().enumerate().any(|(i, w)| {
        let value = match w {
            Some("-L") => words.get(i + 1).copied().flatten(),
            Some(w) if w.starts_with("-L") => Some(&w[2..]),
            _ => None,
        };
        value.is_some_and(|v| v.contains('/') && names_credential(v))
    });
    pickaxe
        || ranges
        || words
            .iter()
            .position(|w| *w == Some("grep"))
            .is_some_and(|at| {
                crate::rules::search::prints_credential_lines("grep", &words[at + 1..], true)
            })
}

pub(in crate::rules) fn contents(
    words: &[&str],
    args: &[Arg],
    folders: &Folders,
) -> Option<Verdict> {
    // A setting that holds a credential, read by name (`http.extraheader`,
    // `sendemail.smtppass`) or by a pattern that may match one
    // (`--get-regexp`; thirty-eighth review), or every setting (`config
    // -l`, `--list`, `list`: what `--get-regexp .` prints; thirty-ninth
    // review). A remote's URL too (`https://oauth2:glpat-…@host/…`, as
    // homelab repositories are cloned): `remote -v`, `remote get-url`,
    // `remote.NAME.url`, `url.*.insteadOf`, a submodule's (review 47).
    if let Some(at) = words.iter().position(|w| *w == "remote") {
        let rest = &words[at + 1..];
        let shows_url = rest.iter().any(|w| {
            matches!(*w, "get-url" | "--verbose")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains('v'))
        });
        if shows_url {
            return Some(reads_secret("a remote's URL, which may hold a token"));
        }
    }
    if let Some(at) = words.iter().position(|w| *w == "config") {
        let rest = &words[at + 1..];
        let credential = |key: &str| {
            let key = key.to_ascii_lowercase();
            key.ends_with(".url")
                || key.ends_with(".pushurl")
                || key.ends_with(".insteadof")
                || [
                    "pass",
                    "token",
                    "secret",
                    "extraheader",
                    "auth",
                    "credential",
                    "cookie",
                    // (`http.proxy`: `user:password@host`, git-config(1).)
                    "proxy",
                ]
                .iter()
                .any(|c| key.contains(c))
        };
        let by_pattern = rest
            .iter()
            .any(|w| w.starts_with("--get-regexp") || *w == "get-regexp" || *w == "--regexp");
        let listing = rest.iter().any(|w| {
            *w == "list"
                || (w.len() >= 4 && "--list".starts_with(w))
                || (w.starts_with('-') && !w.starts_with("--") && w.contains('l'))
        });
        if by_pattern || listing || rest.iter().any(|w| !w.starts_with('-') && credential(w)) {
            return Some(reads_secret("a git setting that may hold a credential"));
        }
    }
    // What to show comes from the input (`cat-file --batch`, `log --stdin`).
    let from_input = words
        .iter()
        .any(|w| w.starts_with("--batch") || *w == "--stdin")
        && words
            .iter()
            .any(|w| matches!(*w, "cat-file" | "log" | "show" | "diff-tree" | "rev-list"));
    if from_input {
        return Some(reads_secret("files its input names in the repository"));
    }
    // `git diff --no-index A B` prints two files' contents (a disk or a
    // guest's image too, with `-a`).
    // Two folders: every file below either, compared (a file on one side
    // only is printed whole).
    if words.contains(&"--no-index")
        && let Some(file) = words
            .iter()
            .skip_while(|w| **w != "diff")
            .skip(1)
            .filter(|w| !w.starts_with('-'))
            .find(|w| {
                secrets::may_print_secret(w, false, folders)
                    || crate::secret_paths::secret_path(w)
                    || (secrets::folder_like(w)
                        && (!w.starts_with('/') || crate::secret_paths::tree_may_hold_secrets(w)))
            })
    {
        return Some(reads_secret(file));
    }
    let mut repos: Vec<&str> = Vec::new();
    let mut verb = None;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "-C" | "--git-dir" | "--work-tree" => {
                repos.extend(words.get(i + 1));
                i += 2;
                continue;
            }
            // Global options with a value of their own.
            "-c" | "--namespace" | "--super-prefix" | "--config-env" | "--exec-path" => {
                i += 2;
                continue;
            }
            w if w.starts_with("--git-dir=") || w.starts_with("--work-tree=") => {
                repos.extend(w.split_once('=').map(|(_, v)| v));
            }
            "--no-index" => {}
            w if !w.starts_with('-') => {
                verb = Some(w);
                break;
            }
            _ => {}
        }
        i += 1;
    }
    let rest = &words[(i + 1).min(words.len())..];
    let patch = rest.iter().any(|w| shows_patch(w));
    // `status -v` shows the staged changes as a patch (`-vv` the unstaged
    // ones too), in any cluster (`-sv`; thirty-third review).
    let verbose = rest.iter().any(|w| {
        *w == "--verbose"
            || (w.starts_with('-')
                && !w.starts_with("--")
                && !w.starts_with("-u")
                && w.contains('v'))
    });
    let shows =
        match verb? {
            "grep" | "show" | "blame" | "annotate" | "archive" | "cat-file" | "diff"
            | "range-diff" => true,
            "log" | "whatchanged" | "reflog" | "stash" | "diff-tree" | "diff-index"
            | "diff-files" => patch,
            "status" => verbose,
            _ => false,
        };
    // `show REV:PATH` prints a blob whatever the diff options say.
    // (A blob's hash too: `git show --stat 3b18e51`; thirty-fourth review.)
    let blob = verb == Some("show")
        && rest.iter().any(|w| {
            !w.starts_with('-')
                && (w.contains(':') || (w.len() >= 7 && w.bytes().all(|b| b.is_ascii_hexdigit())))
        });
    // (A patch asked for as well prints contents: `--stat -p`.) Read as
    // git's own tables read the line: an option's value (`--line-prefix
    // --stat`), a pattern (`grep -e -l`) or a pathspec after `--` is no
    // such option (thirty-fourth review).
    let names_only = !patch && !blob && names_only_option(args);
    if !shows || names_only {
        return None;
    }
    // `git grep --no-index` searches plain folders, the working one
    // when none is named (`git grep --no-index -e . .ssh`).
    if verb == Some("grep") && words.contains(&"--no-index") {
        let mut paths = rest
            .iter()
            .filter(|w| !w.starts_with('-'))
            .skip(usize::from(!rest.contains(&"-e")));
        let reaches = match paths.next() {
            None => true,
            Some(first) => std::iter::once(first).chain(paths).any(|p| {
                folders.resolve_reading(p).iter().any(|r| {
                    crate::secret_paths::tree_may_hold_secrets(r)
                        || crate::secret_paths::secret_path(r)
                })
            }),
        };
        return reaches
            .then(|| reads_secret("folders that hold secrets, through `git grep --no-index`"));
    }
    // A git dir's work tree is its parent (`--git-dir=/etc/.git` is /etc).
    let work_tree = |r: &str| {
        r.trim_end_matches('/')
            .trim_end_matches("/.git")
            .to_string()
    };
    // `REV:PATH` (`HEAD:shadow`) names a file of the tree.
    let rev_path = rest.iter().any(|w| {
        w.split_once(':').is_some_and(|(_, p)| {
            !p.is_empty() && crate::secret_paths::file_names_secret(p, folders)
        })
    });
    let holds = if repos.is_empty() {
        // No repository named: a folder the command moved into.
        folders.unknown() || folders_hold_secrets(folders)
    } else {
        // Any tree not known public, as `grep -r` (an app's `.env` or
        // key may be committed, or untracked and searched), and what git
        // prints comes from its objects, which no confinement sees by
        // their path (thirty-first review).
        repos.iter().any(|r| {
            folders
                .resolve_reading(&work_tree(r))
                .iter()
                .any(|p| crate::secret_paths::tree_may_hold_secrets(p))
        })
    };
    (holds || rev_path)
        .then(|| reads_secret("a repository whose files hold secrets, through `git`"))
}

/// Whether a folder the command may be in (root's home aside) holds
/// secrets.
fn folders_hold_secrets(folders: &Folders) -> bool {
    folders
        .known()
        .iter()
        .filter(|f| f.as_str() != "/root")
        .any(|f| crate::secret_paths::tree_may_hold_secrets(f))
}

/// Whether a word of `git log`, `show`, `diff`, `reflog`, `stash` asks
/// for a patch, which prints the files' lines: `-p`, `-u`, `-U<n>`,
/// `--unified`, `-L`, the combined diffs (`-c`, `--cc`,
/// `--remerge-diff`, `--diff-merges`), `--binary`, `--patch-with-*`,
/// word and function diffs; a cluster of short options holding one
/// (`-1p`), not a value stuck to `-S`, `-G`, `-O`, `-M`, `-C`, `-B`, `-l`
/// or `-n` (thirty-first review).
fn shows_patch(word: &str) -> bool {
    if matches!(
        word,
        "-p" | "--patch"
            | "-u"
            | "-c"
            | "--cc"
            | "--binary"
            | "--remerge-diff"
            | "-W"
            | "--function-context"
            // (The lines with whitespace errors, quoted; review 142.)
            | "--check"
    ) {
        return true;
    }
    let long = [
        "--unified",
        "--patch-with",
        "--word-diff",
        "--color-words",
        "--diff-merges",
    ];
    if long.iter().any(|p| word.starts_with(p)) {
        return true;
    }
    let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
        return false;
    };
    !cluster.starts_with(['S', 'G', 'O', 'M', 'C', 'B', 'l', 'n'])
        && cluster.contains(['p', 'u', 'U', 'W', 'L', 'c'])
}

/// git commands that write the work tree's files (a checkout, a merge,
/// a move, a stash): in /etc, the system's live configuration (review
/// 142 for etckeeper, 143 for git itself).
#[rustfmt::skip]
pub(crate) const WRITES_THE_TREE: &[&str] = &[
    "mv", "rm", "read-tree", "checkout-index", "checkout", "switch", "restore", "stash", "clean",
    "reset", "apply", "am", "merge", "rebase", "pull", "cherry-pick", "revert", "worktree",
    "sparse-checkout", "update-index", "bisect",
];

/// Whether a git line works on /etc's tree (`-C /etc`, `--work-tree=/etc`,
/// `--git-dir=/etc/.git`) with a command that writes the tree's files.
pub(crate) fn writes_etc_tree(lits: &[&str]) -> bool {
    let etc = |p: &str| matches!(p.trim_end_matches('/'), "/etc" | "/etc/.git");
    let mut in_etc = false;
    let mut verb = None;
    let mut words = lits.iter();
    while let Some(w) = words.next() {
        match *w {
            "-C" | "--git-dir" | "--work-tree" => in_etc |= words.next().is_some_and(|p| etc(p)),
            "-c" | "--namespace" | "--exec-path" | "--config-env" => {
                words.next();
            }
            w if w.starts_with("--git-dir=") || w.starts_with("--work-tree=") => {
                in_etc |= w.split_once('=').is_some_and(|(_, p)| etc(p));
            }
            w if w.starts_with('-') => {}
            w => {
                verb = Some(w);
                break;
            }
        }
    }
    let rest: Vec<&str> = words.copied().collect();
    in_etc && verb.is_some_and(|v| writes_the_tree(v, &rest))
}

/// Whether git command `verb` with the words after it writes the work
/// tree's files: not the listings of `stash`, `worktree`, `bisect` and
/// `sparse-checkout`, nor `apply` only checking or counting.
pub(crate) fn writes_the_tree(verb: &str, rest: &[&str]) -> bool {
    let next = rest.iter().find(|w| !w.starts_with('-')).copied();
    let lists = match verb {
        "stash" => matches!(next, Some("show" | "list")),
        "worktree" | "sparse-checkout" => next == Some("list"),
        "bisect" => matches!(next, Some("log" | "view" | "visualize")),
        "apply" => {
            rest.iter()
                .any(|w| matches!(*w, "--check" | "--stat" | "--numstat" | "--summary"))
                && !rest.contains(&"--apply")
        }
        _ => false,
    };
    WRITES_THE_TREE.contains(&verb) && !lists
}

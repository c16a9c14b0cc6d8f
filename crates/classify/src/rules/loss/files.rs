//! What loses files or history: `dmesg -c`, `man -P`, tar extraction,
//! git, `mv`, writing modes of text tools (sed, awk, sort, uniq, find),
//! shell history and builtins that change what runs, `fuser -k`, archives
//! and backup tools that delete (zip, restic, borg, rclone).

use super::*;

/// What in `name` with the words `lits` loses data or availability, for
/// this family's programs (`verb`: the first word that is no option).
pub(super) fn judge(name: &str, lits: &[&str], _verb: Option<&str>) -> Option<Verdict> {
    let de = |why: String| Some(Verdict::destructive(why));
    let has = |w: &str| lits.contains(&w);
    match name {
        // localepurge(8): deletes every locale's files but the ones kept
        // in its configuration (blind corpus 139).
        "localepurge" => de("deletes the locale files not kept in its configuration".to_string()),
        // fd(1): `-x`/`-X CMD` runs CMD on what it finds; a command that
        // deletes, deletes every match (blind corpus 97).
        "fd" | "fdfind"
            if lits.iter().enumerate().any(|(i, w)| {
                let deletes = |c: &str| {
                    ["rm", "rmdir", "shred", "unlink", "truncate", "srm", "wipe"]
                        .contains(&c.rsplit('/').next().unwrap_or(c))
                };
                let attached = w
                    .strip_prefix("--exec=")
                    .or_else(|| w.strip_prefix("--exec-batch="));
                match attached {
                    Some(command) => deletes(command),
                    None => {
                        matches!(*w, "-x" | "-X" | "--exec" | "--exec-batch")
                            && lits.get(i + 1).is_some_and(|c| deletes(c))
                    }
                }
            }) =>
        {
            de("`fd -x`/`-X` runs a command that deletes every file it finds".into())
        }
        // tmpreaper(8), tmpwatch(8): files not touched for a while are
        // deleted, unless told only to test (blind corpus 81).
        "tmpreaper" | "tmpwatch"
            if !lits
                .iter()
                .any(|w| matches!(*w, "--test" | "-t")) =>
        {
            Some(Verdict::destructive(format!(
                "`{name}` deletes the files not used for a while"
            )))
        }
        "dmesg"
            if lits.iter().any(|w| {
                matches!(*w, "--clear" | "--read-clear" | "--cl" | "--cle" | "--clea")
                    // (getopt_long: `--rea…` is only `--read-clear`.)
                    || (w.len() >= 5 && super::super::abbreviates(w, "read-clear"))
                    || w.starts_with('-') && !w.starts_with("--") && w.contains(['c', 'C'])
            }) =>
        {
            de("`dmesg` clears the kernel's log".into())
        }
        "man"
            if option_value(lits, "-P", "--pager")
                .is_some_and(|v| !matches!(v, "cat" | "less" | "more")) =>
        {
            de("`man -P` runs the pager it is given".into())
        }
        "tar" if tar_extracts_over_the_system(lits) => {
            de("`tar` extracts over files in place: the system's, or a backup's over what is there now".into())
        }
        // (`--delete`, however abbreviated: members taken out of the
        // archive for good; review 59.)
        "tar" if lits.iter().any(|w| w.len() >= 5 && "--delete".starts_with(*w)) => {
            de("`tar --delete` removes members from the archive".into())
        }
        // GNU tar 1.35: `--remove-files` deletes each file once it is in
        // the archive; `--recursive-unlink` empties a folder before
        // extracting into it (any unambiguous prefix; blind corpus 120).
        "tar"
            if lits.iter().any(|w| {
                let w = w.split('=').next().unwrap_or(w);
                (w.len() >= 5 && "--remove-files".starts_with(w))
                    || (w.len() >= 6 && "--recursive-unlink".starts_with(w))
            }) =>
        {
            de("`tar --remove-files` deletes what it archives (`--recursive-unlink`: empties folders first)".into())
        }
        // CephFS: a folder under `.snap` is a snapshot; removing it
        // deletes the snapshot (blind corpus 126).
        "rmdir" if lits.iter().any(|w| w.contains("/.snap/")) => {
            de("`rmdir` under `.snap` deletes a CephFS snapshot".into())
        }
        // pmxcfs' cluster locks are folders (`/etc/pve/priv/lock/…`):
        // one removed is a lock released under its holder, the HA agent
        // or a guest's task on another node (blind corpus 222).
        "rmdir"
            if lits.iter().any(|w| {
                crate::secret_paths::normalised(w.trim_matches(['\'', '"']))
                    .starts_with("/etc/pve/priv/lock/")
            }) =>
        {
            de(format!("`{name}` releases a cluster lock (`/etc/pve/priv/lock`) under its holder"))
        }
        // ipcrm(1): shared memory, semaphores and queues removed under
        // the processes that use them (blind corpus 118).
        "ipcrm" => de("`ipcrm` removes IPC objects processes are using".into()),
        // pgbench(1): `-i` drops and makes anew its `pgbench_*` tables.
        "pgbench"
            if lits.iter().any(|w| {
                *w == "--initialize"
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('i'))
            }) =>
        {
            de("`pgbench -i` drops and makes anew its tables".into())
        }
        "git" if super::super::programs::git::runs_something(lits) => {
            de("`git` is told to run a program (`-c` with a command, a pager, `--output`)".into())
        }
        // (Among exec's own options only, in a cluster too: `exec -la x
        // cmd`, not `exec ls -a`; review 90.)
        "exec"
            if lits
                .iter()
                .take_while(|w| w.starts_with('-') && **w != "--")
                .any(|w| w.contains('a')) =>
        {
            de("`exec -a` runs a program under another name".into())
        }
        // A backup copied or moved over what is there now (`cp
        // configuration.yaml.bak /opt/z2m/data/configuration.yaml`): the
        // current file is lost, as a backup archive restored in place
        // (blind corpus 63); not with `-n`/`--no-clobber`, `-b`, nor into
        // a scratch folder.
        "cp" | "mv" | "install" if restores_backup_copy(lits) => {
            de(format!("`{name}` puts a backup in place of the current file"))
        }
        "mv" if mv_sources(lits)
            .iter()
            .any(|p| p.starts_with("/etc/") || critical(p)) =>
        {
            de("`mv` moves a configuration or system file away".into())
        }
        // bash's `history -w FILE` writes the session's history over FILE
        // (empty without one: the file is truncated).
        "history"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(['w', 'a']))
                && lits
                    .iter()
                    .any(|w| !w.starts_with('-') && system_file_named(w)) =>
        {
            de("`history -w FILE` writes the session's history over a system file".into())
        }
        "sed" | "awk" | "gawk" | "mawk" | "nawk" if lits.iter().any(|w| writes_over(name, w)) => {
            de(format!(
                "`{name}` writes over a file the host needs, or the file it reads"
            ))
        }
        "mapfile" | "readarray"
            if lits
                .iter()
                .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('C')) =>
        {
            de(format!("`{name} -C` runs a callback"))
        }
        "enable" if lits.iter().any(|w| w.starts_with("-f")) => {
            de("`enable -f` loads a shared object into the shell".into())
        }
        "git" if super::super::programs::git::writes_etc_tree(lits) => {
            de("`git` writes the files of /etc, the system's live configuration".into())
        }
        "git" if super::super::programs::git::discards(lits) => {
            de("`git` discards work in the tree, or runs the program `-u` names".into())
        }
        "fuser"
            if has("--kill")
                || lits
                    .iter()
                    .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('k')) =>
        {
            de("`fuser -k` kills the processes using a file".into())
        }
        "chmod" if tree_opened_to_all(lits) => de(
            "`chmod -R` lets anyone write a whole tree, and the modes it had are not kept".into(),
        ),
        "zip"
            if lits
                .iter()
                .any(|w| *w == "-TT" || w.starts_with("--unzip-command")) =>
        {
            de("`zip -TT` runs the command it is given".into())
        }
        // (`restic help forget`: the usage, no repository opened.)
        "restic" if lits.first() == Some(&"help") => None,
        // (Its password command, run through the shell; review 124.)
        "restic"
            if lits
                .iter()
                .any(|w| *w == "--password-command" || w.starts_with("--password-command=")) =>
        {
            de("`restic` runs the command given to `--password-command`, which is not on the card".into())
        }
        // restic(1): `forget` drops snapshots, `prune` their data, `key
        // remove` a key that may be the only way in, `rewrite --forget`
        // the snapshots it rewrote (blind corpus 98).
        "restic"
            if (lits.iter().any(|w| matches!(*w, "forget" | "prune"))
                && !dry_run_given(lits, &["--dry-run", "-n"]))
                || (has("rewrite")
                    && has("--forget")
                    && !dry_run_given(lits, &["--dry-run", "-n"]))
                || (has("key") && has("remove"))
                // (`repair snapshots --forget`: the damaged snapshots
                // forgotten once repaired copies are written; blind
                // corpus 226.)
                || (has("repair") && has("--forget") && !has("--dry-run") && !has("-n")) =>
        {
            de("`restic` forgets snapshots, prunes their data or removes a key".into())
        }
        // A restore over the host's own folders (`--target /`).
        "restic"
            if has("restore")
                && lits.iter().enumerate().any(|(i, w)| {
                    let target = match *w {
                        "--target" | "-t" => lits.get(i + 1).copied(),
                        _ => w.strip_prefix("--target=").or_else(|| w.strip_prefix("-t")),
                    };
                    target.is_some_and(|t| !t.is_empty() && critical(t))
                }) =>
        {
            de("`restic restore` writes over the host's own files".into())
        }
        // restic's reads take a lock, a file written into the repository,
        // unless `--no-lock`.
        "restic"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "snapshots" | "ls" | "stats" | "find" | "diff" | "forget"
                )
            }) && !has("--no-lock") =>
        {
            Some(Verdict::mutation(
                "`restic` takes a lock in the repository (a file it writes there) without `--no-lock`",
            ))
        }
        // And it fills its local cache (`~/.cache/restic`) unless
        // `--no-cache`, and without `-r`/`--repo` it reaches the
        // repository `$RESTIC_REPOSITORY` names, and may run the
        // `$RESTIC_PASSWORD_COMMAND` program (review 47).
        "restic"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "snapshots" | "ls" | "stats" | "find" | "diff" | "forget"
                )
            }) && (!has("--no-cache")
                || !lits.iter().any(|w| {
                    *w == "-r"
                        || *w == "--repo"
                        || w.starts_with("--repo=")
                        || (w.starts_with("-r") && !w.starts_with("--"))
                })) =>
        {
            Some(Verdict::mutation(
                "`restic` fills its local cache without `--no-cache`, and without `-r` takes \
                 its repository (and a password program) from the environment",
            ))
        }
        // borgmatic's extract into a folder the host needs
        // (`--destination /`): the archive's files over the host's.
        "borgmatic"
            if has("extract")
                && lits.iter().enumerate().any(|(i, w)| {
                    let target = match *w {
                        "--destination" => lits.get(i + 1).copied(),
                        _ => w.strip_prefix("--destination="),
                    };
                    target.is_some_and(|t| !t.is_empty() && critical(t))
                }) =>
        {
            de("`borgmatic extract` writes the archive's files over the host's own".into())
        }
        // borg(1): `delete`, `prune` and `recreate` drop archives or their
        // files.
        "borg"
            if lits
                .iter()
                .any(|w| matches!(*w, "delete" | "prune" | "recreate"))
                && !dry_run_given(lits, &["--dry-run", "-n"]) =>
        {
            de("`borg` deletes archives or rewrites them without some files".into())
        }
        // rclone(1): these delete at the destination (or move away from the
        // source), unless it is a dry run.
        "rclone"
            if lits.iter().any(|w| {
                matches!(
                    *w,
                    "sync"
                        | "bisync"
                        | "purge"
                        | "delete"
                        | "deletefile"
                        | "rmdir"
                        | "rmdirs"
                        | "cleanup"
                        | "move"
                        | "moveto"
                        | "dedupe"
                )
            }) && !dry_run_given(lits, &["--dry-run", "-n"]) =>
        {
            de("`rclone` deletes or moves files at a remote".into())
        }
        "sed" if sed_deletes_in_place_from_critical(lits) => {
            de("`sed -i` deletes or comments out lines of a file the host needs, or edits \
                the cluster's corosync.conf in place"
                .into())
        }
        "sort"
        | "uniq"
        | "xxd"
        | "find"
        | "git"
        | "iptables-save"
        | "ip6tables-save"
        | "iptables-legacy-save"
        | "ip6tables-legacy-save"
        | "iptables-nft-save"
        | "ip6tables-nft-save"
            if writes_output_over_critical(name, lits) =>
        {
            de(format!(
                "`{name}` writes its output over a file the host needs"
            ))
        }
        _ => None,
    }
}

/// Whether tar's words name a program it runs: `-F` (`--info-script`), or
/// `-I` with anything but a known decompressor ([`crate::tables::decompressor`]: `tar -I
/// zstd -tf x.tar.zst` runs `zstd -d`, which only turns its input into its
/// output). A word only known at run time may be either value.
pub(in crate::rules) fn tar_runs_a_program(args: &[Arg]) -> bool {
    // (Old-style letters, `tar tfI x.tar zstd`: their values are the next
    // words in the letters' order; not read here.)
    if args
        .first()
        .and_then(Arg::literal)
        .is_some_and(|w| !w.starts_with('-') && w.contains(['I', 'F']))
    {
        return true;
    }
    let mut words = args.iter().take_while(|a| a.literal() != Some("--"));
    while let Some(word) = words.next() {
        let Some(w) = word.literal() else {
            continue;
        };
        if !w.starts_with('-') || w.starts_with("--") {
            continue;
        }
        if w.contains('F') {
            return true;
        }
        let Some(at) = w.find('I') else {
            continue;
        };
        let value = match &w[at + 1..] {
            "" => words.next().and_then(Arg::literal),
            attached => Some(attached),
        };
        if !value.is_some_and(crate::tables::decompressor) {
            return true;
        }
    }
    args.iter().any(Arg::is_dynamic)
        && args
            .iter()
            .filter_map(Arg::literal)
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(['I', 'F']))
}

/// Whether `cp`/`mv`/`install` copies a file named as a backup
/// (`.bak`, `.orig`, `.old`, `~`, `backup` in its name) over a
/// destination outside the scratch folders, without keeping what is
/// there (`-n`, `--no-clobber`, `-b`, `--backup`, `-u`).
fn restores_backup_copy(lits: &[&str]) -> bool {
    // (`--backup=none`/`off` keeps nothing; review 61.)
    let keeps = lits.iter().any(|w| {
        matches!(*w, "--no-clobber" | "--update" | "--update=none")
            || (w.starts_with("--backup") && !matches!(*w, "--backup=none" | "--backup=off"))
            || (w.starts_with('-') && !w.starts_with("--") && w.contains(['n', 'b', 'u']))
    });
    // (`-t DIR`, `--target-directory=DIR`: the destination named first.)
    let target = lits.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("--target-directory=").or_else(|| {
            matches!(*w, "-t" | "--target-directory")
                .then(|| lits.get(i + 1).copied())
                .flatten()
        })
    });
    let operands: Vec<&str> = lits
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            !(w.starts_with('-')
                || *i > 0 && matches!(lits[i - 1], "-t" | "--target-directory" | "-S" | "--suffix"))
        })
        .map(|(_, w)| *w)
        .collect();
    let (destination, sources) = match (target, operands.split_last()) {
        (Some(t), _) => (t, &operands[..]),
        (None, Some((d, s))) => (*d, s),
        (None, None) => return false,
    };
    let backup = |w: &str| {
        let name = w.rsplit('/').next().unwrap_or(w).to_ascii_lowercase();
        [
            ".bak",
            ".orig",
            ".old",
            "~",
            ".dpkg-old",
            ".dpkg-dist",
            ".dpkg-bak",
            ".save",
            ".ucf-old",
        ]
        .iter()
        .any(|e| name.ends_with(e))
            || name.contains("backup")
    };
    let scratch = ["/tmp/", "/var/tmp/", "/dev/shm/"]
        .iter()
        .any(|t| destination.starts_with(t));
    !keeps
        && !sources.is_empty()
        && sources.iter().any(|s| backup(s))
        && !backup(destination)
        && !scratch
        && !destination.contains("..")
}

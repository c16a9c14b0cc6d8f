//! What loses data or availability, across programs: a rule here makes a
//! command destructive whatever the program's own rule says (it is asked
//! first, and only ever raises). Written from an independent review of
//! ~700 destructive commands: overwriting the files a host needs, moving
//! them away, clearing logs, taking services, guests, disks and the
//! network down through the tools' lesser-known doors, database clients
//! told to drop or flush, HTTP calls that delete or stop, and programs
//! that run whatever they are given (`at`, `gdb`, `script -c`, `vim -c`,
//! `ssh -o ProxyCommand`).

use super::super::words::Arg;
use super::*;

mod access;
mod automation;
mod files;
mod firmware;
mod identity;
mod media;
mod network;
mod proxmox;
mod services;
mod storage;
mod virtualization;

/// Files and folders a host needs to boot, log in, resolve, route and run
/// its guests; writing over one, moving it away or changing its mode can
/// take the host or its services down.
///
/// Application config (`/etc/caddy`, `/etc/nginx`, unit drop-ins, apt
/// sources) is the agent's everyday change work and stays a change.
#[rustfmt::skip]
const CRITICAL: &[&str] = &[
    "/etc/fstab", "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/sudoers",
    "/etc/sudoers.d/", "/etc/hosts", "/etc/hostname", "/etc/network/interfaces",
    "/etc/network/interfaces.d/", "/etc/ssh/sshd_config", "/etc/ssh/sshd_config.d/",
    "/etc/crontab", "/etc/pve/", "/etc/proxmox-backup/", "/etc/default/grub", "/etc/kernel/", "/etc/pam.d/",
    "/etc/nsswitch.conf", "/etc/ld.so.preload", "/etc/ld.so.conf", "/etc/init.d/", "/boot/",
    "/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/lib/", "/lib64/", "/usr/lib/", "/var/lib/",
    "/root/.ssh/authorized_keys", "/root/.ssh/authorized_keys2", "/dev/", "/sys/", "/etc/resolv.conf", "/etc/cron.d/",
    "/etc/cron.hourly/", "/etc/cron.daily/", "/etc/cron.weekly/", "/etc/cron.monthly/",
    "/var/spool/cron/", "/var/log/",
    // First on root's PATH (thirty-third review): a program planted there
    // runs instead of the system's.
    "/usr/local/bin/", "/usr/local/sbin/",
];

/// Where writing is harmless: discarded, or shown.
const SINKS: &[&str] = &[
    "/dev/null",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/tty",
    "/dev/fd/1",
    "/dev/fd/2",
    "/dev/zero",
    "/dev/full",
];

/// Whether `path` is (or is under) one of [`CRITICAL`], or the root or a
/// top folder itself.
pub(super) fn critical(path: &str) -> bool {
    let resolved = as_resolved(path);
    let path = resolved.as_ref();
    if SINKS.contains(&path) || path.starts_with("/dev/pts/") {
        return false;
    }
    // A guest's disk or backup on a storage, or a file a guest's system
    // needs seen from the host (review 92: `echo x >
    // /mnt/pve/nas/images/100/vm-100-disk-0.qcow2`, `cp x
    // /rpool/data/subvol-200-disk-0/etc/passwd`).
    if guest_data(path)
        || data_by_name(path)
        || crate::secret_paths::inside_guest(path)
            .is_some_and(|inner| inner != path && inner != "/" && critical(&inner))
    {
        return true;
    }
    if spare_copy(path) {
        return false;
    }
    let folder = format!("{}/", path.trim_end_matches('/'));
    CRITICAL.iter().any(|c| match c.strip_suffix('/') {
        // A folder: itself or anything under it.
        Some(dir) => path == dir || path.starts_with(c) || folder.as_str() == *c,
        // A file: exactly it.
        None => path == *c,
    }) || matches!(path, "/" | "/etc" | "/etc/" | "/usr" | "/var" | "/root")
        || system_file(path)
}

/// A spare copy of a file by its name (`/etc/hosts.bak`,
/// `sshd_config.orig`, `interfaces~`): nothing reads it in the file's
/// place (run-parts, cron and sudo skip names with a dot), so writing it
/// loses nothing the host needs (review 92). Not Proxmox's
/// `/etc/network/interfaces.new`, which the next network reload applies.
fn spare_copy(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    path != "/etc/network/interfaces.new"
        && crate::secret_paths::COPY_SUFFIXES
            .iter()
            .any(|s| name.len() > s.len() && name.ends_with(s))
}

/// A guest's disk image or a backup in a storage's folders: the local
/// storage's `images`/`dump`, a mounted one's under `/mnt/pve/NAME/`.
fn guest_data(path: &str) -> bool {
    let rest = path.strip_prefix("/var/lib/vz/").or_else(|| {
        path.strip_prefix("/mnt/pve/")
            .and_then(|r| r.split_once('/').map(|(_, r)| r))
    });
    rest.is_some_and(|rest| {
        rest.strip_prefix("images/")
            .is_some_and(|r| r.contains('/') && !r.ends_with('/'))
            || rest.strip_prefix("dump/").is_some_and(|r| {
                r.starts_with("vzdump-") && !r.ends_with(".log") && !r.ends_with(".notes")
            })
    })
}

/// A file whose name says it holds data nothing makes again: a
/// database (SQLite, Redis' dump and append-only file), Terraform's
/// state, a guest's disk image or backup archive, a password vault.
/// Written over, moved away or emptied, what it held is gone (blind
/// corpora 215 and 221: `mv app.db.restored app.db`, `cp
/// old/terraform.tfstate terraform.tfstate`).
pub(super) const DATA_BY_NAME: &str =
    "whose name says it holds data (a database, a state file, a disk image or a backup)";

pub(super) fn data_by_name(path: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        ".db", ".sqlite", ".sqlite3", ".tfstate", ".qcow2", ".vmdk", ".vdi", ".vhd", ".vhdx",
        ".vma", ".vma.zst", ".vma.gz", ".vma.lzo", ".pxar", ".kdbx", ".rdb", ".aof",
    ];
    let path = path.trim_matches(['\'', '"']);
    let name = path.rsplit('/').next().unwrap_or(path);
    let lower = name.to_ascii_lowercase();
    // (Not in the scratch folders, nor a copy named as one: `sqlite3 …
    // '.backup /root/gitea-backup.db'` makes a new file.)
    let scratch = path.starts_with("/tmp/") || path.starts_with("/var/tmp/");
    !scratch
        && !lower.contains("backup")
        && !lower.contains("bak")
        && EXTENSIONS
            .iter()
            .any(|e| lower.len() > e.len() && lower.ends_with(e))
}

/// A write target as the kernel resolves it (`/etc//passwd`,
/// `/etc/./iptables/…`), quotes trimmed; most are plain already.
fn as_resolved(path: &str) -> std::borrow::Cow<'_, str> {
    let path = path.trim_matches(['\'', '"']);
    if path.contains("//") || path.contains("/.") {
        std::borrow::Cow::Owned(crate::secret_paths::normalised(path))
    } else {
        std::borrow::Cow::Borrowed(path)
    }
}

/// Whether `path` is one of the files (not folders) of [`CRITICAL`], or a
/// file the system reads ([`system_file`]).
pub(super) fn critical_file(path: &str) -> bool {
    let resolved = as_resolved(path);
    let path = resolved.as_ref();
    CRITICAL.iter().any(|c| !c.ends_with('/') && path == *c)
        || system_file(path)
        || guest_data(path)
        || data_by_name(path)
}

/// Folders under /etc whose files are the system's own (not an
/// application's): writing over one changes how the host boots, logs in,
/// loads modules, brings its network and firewall up at boot
/// (`iptables-save > /etc/iptables/rules.v4` loses the saved rules) or
/// installs packages.
#[rustfmt::skip]
const SYSTEM_ETC: &[&str] = &[
    "/etc/systemd/", "/etc/default/", "/etc/modprobe.d/", "/etc/modules-load.d/",
    "/etc/sysctl.d/", "/etc/security/", "/etc/profile.d/", "/etc/udev/", "/etc/apt/apt.conf.d/",
    "/etc/initramfs-tools/", "/etc/ssh/", "/etc/network/", "/etc/netplan/", "/etc/iptables/",
    "/etc/corosync/",
];

/// Files the system reads (not an application's config): directly in
/// `/etc` (`/etc/motd`, `/etc/profile`, `/etc/issue`, `/etc/environment`),
/// in [`SYSTEM_ETC`], apt's main sources list, and root's shell startup
/// files, which run at every login.
fn system_file(path: &str) -> bool {
    let in_etc = path
        .strip_prefix("/etc/")
        .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'));
    let name = path.rsplit('/').next().unwrap_or(path);
    let startup =
        matches!(
            name,
            ".bashrc" | ".profile" | ".bash_profile" | ".bash_login" | ".bash_logout" | ".zshrc"
        ) && (path.starts_with("/root/") || path.starts_with("/home/") || path.starts_with("~/"));
    in_etc
        || startup
        || path == "/etc/apt/sources.list"
        || SYSTEM_ETC.iter().any(|dir| path.starts_with(dir))
}

/// Whether a word holds a critical path (as itself, as `--opt=PATH`, or
/// attached to a short option, `-o/etc/hosts`).
fn names_critical(word: &str) -> bool {
    let value = word.rsplit_once('=').map_or(word, |(_, v)| v);
    let attached = word
        .strip_prefix('-')
        .filter(|w| !w.starts_with('-'))
        .and_then(|w| w.find('/').map(|i| &w[i..]));
    critical(word) || critical(value) || attached.is_some_and(critical)
}

/// Programs that write, move or change every file they name (`curl` and
/// `wget` through their output options).
#[rustfmt::skip]
const CHANGES_WHAT_IT_NAMES: &[&str] = &[
    "mv", "rename", "truncate", "fallocate", "patch", "ex", "ed", "sponge", "shred",
];

/// The options of `curl` and `wget` that name a file they write.
#[rustfmt::skip]
const FETCH_OUTPUTS: &[&str] = &[
    "-o", "--output", "-O", "--output-document", "-D", "--dump-header", "-c", "--cookie-jar",
    "--trace", "--trace-ascii", "--stderr", "--libcurl", "-a", "--append-output",
    "--etag-save", "--hsts", "--alt-svc",
];

/// Programs that write only their destination (the last operand, or the
/// folder after `-t`).
const WRITES_ITS_DESTINATION: &[&str] = &["cp", "install", "ln", "rsync", "scp"];

/// The path of a destination, on this host or another (`[user@]host:PATH`
/// for scp and rsync: a critical file there is as critical).
fn on_any_host(destination: &str) -> &str {
    match destination.split_once(':') {
        Some((host, path)) if !host.contains('/') && path.starts_with('/') => path,
        _ => destination,
    }
}

/// The destination of `cp`-like arguments.
fn destination<'a>(name: &str, lits: &[&'a str]) -> Option<&'a str> {
    // coreutils' `-t DIR` / `--target-directory=DIR` as getopt_long reads
    // it: any prefix from `--t`, `t` in a cluster (`-vt DIR`, `-vt/etc`)
    // unless an option taking a value came first in it (`-S.t`: `.t` is
    // the backup suffix; review 76). rsync's and scp's `-t` are other
    // options.
    let valued = match name {
        "cp" | "mv" | "ln" => "S",
        "install" => "Sgmo",
        _ => return lits.iter().rev().find(|w| !w.starts_with('-')).copied(),
    };
    let long = |w: &str| w.len() >= 3 && "--target-directory".starts_with(w);
    for (i, w) in lits.iter().enumerate() {
        if *w == "--" {
            break;
        }
        if let Some((_, v)) = w.split_once('=').filter(|(o, _)| long(o)) {
            return Some(v);
        }
        if long(w) {
            return lits.get(i + 1).copied();
        }
        if let Some(cluster) = w.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            for (at, c) in cluster.char_indices() {
                if c == 't' {
                    let rest = &cluster[at + 1..];
                    return if rest.is_empty() {
                        lits.get(i + 1).copied()
                    } else {
                        Some(rest)
                    };
                }
                if valued.contains(c) {
                    break;
                }
            }
        }
    }
    lits.iter().rev().find(|w| !w.starts_with('-')).copied()
}

/// Proxmox VE's command-line tools written in Perl, whose option values
/// pve-common's JSONSchema checks with Perl's regular expressions.
const PERL_CLIS: &[&str] = &[
    "qm",
    "pct",
    "pvesh",
    "pveum",
    "pveceph",
    "pvesm",
    "pvecm",
    "pvenode",
    "vzdump",
    "ha-manager",
    "pvesr",
    "pveam",
];

/// Database clients: what they are told decides.
#[rustfmt::skip]
const DATABASES: &[&str] = &[
    "mysql", "mariadb", "psql", "redis-cli", "valkey-cli", "sqlite3", "mongosh", "mongo",
    "mysqladmin", "mariadb-admin", "clickhouse-client", "etcdctl", "etcdutl", "influx", "cqlsh",
];

/// Words that make a database client lose data or stop, or leave the
/// database for a shell.
#[rustfmt::skip]
const DATABASE_LOSS: &[&str] = &[
    "drop", "delete", "truncate", "flushall", "shutdown",
    "dropdatabase", "deletemany", "deleteone", "remove(", "drop(", "\\!", ".shell", ".system",
    "to program", "from program", "kill", "rename", "alter",
    // sqlite3's `.restore FILE` replaces the database with a backup.
    ".restore",
    "update", "replace", "--init-command", "--pager", "purge", "system(",
    // An option file or a plugin folder of the caller's choosing: its
    // `[client]` lines may set `init-command`, `pager`, `tee`, a plugin
    // loads code (review 125).
    "--defaults-extra-file", "--defaults-file", "--plugin-dir", "--default-auth",
    "--defaults_extra_file", "--defaults_file", "--plugin_dir", "--default_auth",
    // Replication stopped or forgotten (blind corpus 45).
    "stop slave", "stop replica", "stop all slaves", "reset slave", "reset replica",
    "reset master", "stop group_replication",
    // Files written or run by the server, code loaded into it, slots and
    // large objects lost (issue 29, class 11).
    "lo_export", "lo_import", "lo_unlink", "lo_truncate", "pg_drop_replication_slot",
    "pg_promote", "pg_reload_conf", "pg_rotate_logfile", "dblink_exec", "sys_exec", "sys_eval",
    // psql's `\o FILE`, `\g FILE`/`\g |cmd`, `\gexec`, `\w`, `\i` (mysql's
    // `source` is the mysql client's own: `CLIENT_LOSS`).
    "into outfile", "into dumpfile", "\\o ", "\\g ", "\\gexec", "\\w ",
    "\\i ", "\\ir ",
    "\\copy", "module load", "module unload", "load extension", "create extension",
    "pg_write_server_files", "pg_execute_server_program", "pg_file_write", "pg_file_unlink",
    // Access taken away: grants revoked, users and roles dropped
    // (MongoDB's `db.dropUser`, `revokeRolesFromUser`; blind corpus 61).
    "revoke", "dropuser", "dropallusers", "droprole", "dropallroles", "revokerolesfromuser",
    "revokeprivilegesfromrole", "revokerolesfromrole",
    // A password changed locks out its user and every client that logs
    // in with it (`SET PASSWORD FOR admin`; review 114).
    "set password",
    // A plugin's library loaded into the server (review 137).
    "install plugin", "install soname",
];

/// Words only one kind of client reads as a command that loses data or
/// runs one: Redis's (a key deleted or expiring, a database swapped, a
/// node made a replica), and the mysql client's own (`source FILE`,
/// `\. FILE`, `system CMD`; its bare `\G` only ends a statement);
/// elsewhere they are names (`SELECT source FROM pg_settings`; blind
/// corpus 45).
#[rustfmt::skip]
const CLIENT_LOSS: &[(&[&str], &[&str])] = &[
    (
        &["redis-cli", "valkey-cli"],
        &[
            "flushdb", "del", "unlink", "expire", "restore", "migrate", "swapdb", "debug",
            "slaveof", "replicaof", "failover", "script flush", "function flush", "config set",
            // Members, fields and entries removed, lists cut, expiry set,
            // a node's cluster state forgotten (blind corpus 102).
            "ltrim", "lrem", "lpop", "rpop", "blpop", "brpop", "lmpop", "blmpop", "spop", "srem",
            "zrem", "zremrangebyscore", "zremrangebyrank", "zremrangebylex", "zpopmin", "zpopmax",
            "bzpopmin", "bzpopmax", "zmpop", "hdel", "xdel", "xtrim", "getdel", "pexpire",
            "expireat", "pexpireat", "cluster reset", "hexpire", "hpexpire",
            // Every client paused (review 123).
            "client pause",
            // A destination key replaced by a computed one (empty when
            // the sources are), an item moved off a queue, a key moved
            // to another database, an expiry set by GETEX, a script not
            // shown run (review 137).
            "sdiffstore", "sinterstore", "sunionstore", "zinterstore", "zunionstore",
            "zdiffstore", "zrangestore", "bitop", "geosearchstore", "lmove", "blmove",
            "rpoplpush", "brpoplpush", "smove", "move", "getex", "evalsha", "evalsha_ro",
            "fcall", "fcall_ro",
        ],
    ),
    (&["mysql", "mariadb"], &["\\."]),
    // (`influx restore --full`: every bucket, user and token replaced;
    // blind corpora 100 and 102.)
    // (A retention policy made or changed: points older than it are
    // deleted, every later write too when it is the default; review 114.)
    (&["influx"], &["--full", "retention policy"]),
    // (A member removed; a snapshot restored over a data folder: blind
    // corpus 78.)
    (
        &["etcdctl", "etcdutl"],
        &["del", "compaction", "compact", "move-leader", "member remove", "snapshot restore"],
    ),
];

/// Why a program that loses data does, unless told only to show what it
/// would do, as its own parser reads the line: `growpart -N`,
/// `pg_archivecleanup -n`, `vgcfgrestore --list`. The flag must be one
/// (not the value of the option before it: `pg_archivecleanup -x -n` is
/// an extension, `vgcfgrestore -f -l` a file), and no word only known at
/// run time may swallow it (review 54).
fn unless_it_only_shows(name: &str, args: &[Arg]) -> Option<&'static str> {
    #[rustfmt::skip]
    let (flag, long, valued, long_valued, why): (char, &str, &str, &[&str], &'static str) = match name {
        "growpart" => ('N', "--dry-run", "u", &["--update", "--fudge", "--free-percent"],
            "`growpart` rewrites a partition's end in the partition table"),
        "pg_archivecleanup" => ('n', "--dry-run", "x", &["--strip-extension"],
            "`pg_archivecleanup` removes archived WAL files, which point-in-time recovery needs"),
        "vgcfgrestore" => ('l', "--list", "fM", &["--file", "--metadatatype", "--config", "--devices", "--devicesfile"],
            "`vgcfgrestore` rewrites a volume group's metadata"),
        // (pg_resetwal(1), PostgreSQL 15: `-n` prints the values it would
        // write; blind corpus 102.)
        "pg_resetwal" | "pg_resetxlog" => ('n', "--dry-run", "cDelmoOux", &["--commit-timestamp-ids", "--pgdata",
            "--epoch", "--next-wal-file", "--multixact-ids", "--next-oid", "--multixact-offset",
            "--next-transaction-id", "--wal-segsize", "--oldest-transaction-id", "--char-signedness"],
            "`pg_resetwal` rewrites the cluster's control file and throws its WAL away"),
        _ => return None,
    };
    if args.iter().any(Arg::is_dynamic) {
        return Some(why);
    }
    let mut words = args.iter().filter_map(Arg::literal);
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if word == long {
            return None;
        }
        if long_valued.contains(&word) {
            words.next();
            continue;
        }
        let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
            continue;
        };
        for (at, letter) in cluster.char_indices() {
            if letter == flag {
                return None;
            }
            if valued.contains(letter) {
                if at + 1 == cluster.len() {
                    words.next();
                }
                break;
            }
        }
    }
    Some(why)
}

/// Programs that run whatever they are given.
#[rustfmt::skip]
const RUN_ANYTHING: &[&str] = &[
    "at", "batch", "gdb", "script", "expect", "socat", "busctl", "dbus-send", "gdbus",
    "systemd-run", "run-parts", "vim", "vi", "nvim", "ex", "emacs", "nano", "pkexec",
    // Launchers of the command they are given, whose options Nomos does
    // not read to find it (eighteenth review).
    "unshare", "setpriv", "setarch", "linux32", "linux64", "runcon", "start-stop-daemon",
    "capsh", "lxc-execute", "sg", "cgexec", "fakeroot", "eatmydata", "firejail", "bwrap",
    "valgrind", "parallel", "sshpass",
    // Macro and calculator languages with a shell escape (m4's `syscmd`,
    // dc's `!`, gnuplot's `system`), run on what they read (review 131).
    "m4", "dc", "gnuplot",
];

/// Programs whose loss rules read the paths they are given.
#[rustfmt::skip]
const READS_PATHS: &[&str] = &[
    "cp", "install", "ln", "rsync", "scp", "mv", "rename", "truncate", "fallocate", "patch", "ex",
    "ed", "sponge", "shred", "tee", "sed", "chmod", "chown", "chgrp", "chattr", "setfacl",
    "unzip", "sort", "uniq", "xxd", "iptables-save", "ip6tables-save", "iptables-legacy-save",
    "ip6tables-legacy-save", "iptables-nft-save", "ip6tables-nft-save",
    "gzip", "pigz", "xz", "bzip2", "lzma", "lzip", "zstd", "pzstd", "lz4", "history",
];

/// Options whose value is a program or a script, not a path.
const PROGRAM_VALUED: &[&str] = &[
    "-e",
    "--rsh",
    "--rsync-path",
    "--expression",
    "-M",
    "--modprobe",
];

/// [`judge`] with each relative path among `args` placed in each folder
/// the command may be in (`cd /etc/network && cp x interfaces` writes
/// over /etc/network/interfaces); `None` when no placing changes a word.
/// sed's script (its first operand without `-e`/`-f`) stays as written.
pub(super) fn judge_placed(
    name: &str,
    args: &[Arg],
    stdin: &Stdin<'_>,
    folders: &crate::secret_paths::Folders,
) -> Option<Verdict> {
    let relative = |w: &str| {
        !w.is_empty()
            && !w.starts_with(['-', '/', '~', '+'])
            && !w.contains(['=', ':'])
            && !w.contains(char::is_whitespace)
    };
    if !READS_PATHS.contains(&name) {
        return None;
    }
    let script_first = name == "sed"
        && !args.iter().filter_map(Arg::literal).any(|w| {
            w.starts_with("-e")
                || w.starts_with("-f")
                || w.starts_with("--e")
                || w.starts_with("--f")
        });
    let mut strongest: Option<Verdict> = None;
    for folder in folders.known() {
        let mut script = script_first;
        let mut previous = "";
        let placed: Vec<Arg> = args
            .iter()
            .map(|arg| match arg.literal() {
                // A program or script an option names stays as written
                // (`rsync -e ssh`, `sed -e d`).
                Some(_)
                    if PROGRAM_VALUED.contains(&std::mem::replace(&mut previous, arg.raw())) =>
                {
                    arg.clone()
                }
                Some(w) if script && !w.starts_with('-') => {
                    script = false;
                    arg.clone()
                }
                Some(w) if relative(w) => {
                    Arg::literal_of(crate::secret_paths::normalised(&format!("{folder}/{w}")))
                }
                // A value stuck to its option (`--output=fstab`, `-t.`,
                // `-ofstab`, `-sft.`).
                Some(w) if w.starts_with('-') => {
                    let at = match w.strip_prefix("--") {
                        Some(long) => long.find('=').map(|i| i + 3),
                        None => w[1..].find(['t', 'o', 'f']).map(|i| i + 2),
                    };
                    match at.map(|at| w.split_at(at)) {
                        Some((option, value)) if relative(value) => Arg::literal_of(format!(
                            "{option}{}",
                            crate::secret_paths::normalised(&format!("{folder}/{value}"))
                        )),
                        _ => arg.clone(),
                    }
                }
                _ => arg.clone(),
            })
            .collect();
        if placed.as_slice() == args {
            continue;
        }
        if let Some(v) = judge(name, &placed, stdin) {
            strongest = Some(match strongest {
                Some(s) => s.max(v),
                None => v,
            });
        }
    }
    strongest
}

/// A family's judge: the program's name, its literal words, its verb.
type FamilyJudge = fn(&str, &[&str], Option<&str>) -> Option<Verdict>;

/// What in `name args` loses data or availability, if anything.
pub(super) fn judge(name: &str, args: &[Arg], stdin: &Stdin<'_>) -> Option<Verdict> {
    // (A word whose substitutions print numbers is read with a number in
    // each, for what it asks to lose: `psql -c "SELECT $(seq 2); DROP
    // TABLE t"`; review 122. A `0` in place of each never spells an
    // option that would lower the verdict, `-n` or `--dry-run`.)
    let zeroed: Vec<Option<String>> = args
        .iter()
        .map(|a| {
            a.literal()
                .is_none()
                .then(|| crate::sources::numeric_substitutions_as_zero(a.raw()))
                .flatten()
                .map(|t| t.trim_matches(['"', '\'']).to_string())
        })
        .collect();
    // (A Ceph tool's word only known at run time keeps its place, as a
    // word that may be anything: `ceph osd pool set $p min_size 1`;
    // review 140.)
    let placed = matches!(name, "ceph" | "rbd" | "rados");
    let lits: Vec<&str> = args
        .iter()
        .zip(&zeroed)
        .filter_map(|(a, z)| {
            a.literal()
                .or(z.as_deref())
                .or(placed.then_some(storage::RUN_TIME_WORD))
        })
        .collect();
    // (Proxmox's Perl CLIs read a value as Perl does: `$` before a last
    // line break, `+1` and `01` integers, `1.0` and `0e0` numbers;
    // review 135.)
    let perl: Vec<String> = if PERL_CLIS.contains(&name) {
        lits.iter().map(|w| super::perl_word(w)).collect()
    } else {
        Vec::new()
    };
    let lits: Vec<&str> = if perl.is_empty() {
        lits
    } else {
        perl.iter().map(String::as_str).collect()
    };
    let de = |why: String| Some(Verdict::destructive(why));
    // zabbix_get(8): the agent's `system.run[CMD]` item runs CMD on the
    // monitored host, as the agent's user (blind corpus 112).
    if name == "zabbix_get" && args.iter().any(|a| a.raw().contains("system.run")) {
        return de(
            "`zabbix_get` asks the agent to run a command (`system.run`) on its host".into(),
        );
    }
    // A URL completed at run time still names its endpoint in its written
    // part (`"http://h:9090/api/v1/admin/tsdb/delete_series?…&end=$(date
    // +%s)"`; blind corpus 112).
    if name == "curl" {
        let written: Vec<String> = args
            .iter()
            .filter(|a| a.literal().is_none())
            .map(|a| {
                a.raw()
                    .trim_start_matches(['"', '\''])
                    .chars()
                    .take_while(|c| !matches!(c, '$' | '`' | '"' | '\''))
                    .collect::<String>()
            })
            .filter(|w| w.contains("://"))
            .collect();
        if !written.is_empty() {
            let words: Vec<&str> = lits
                .iter()
                .copied()
                .chain(written.iter().map(String::as_str))
                .collect();
            if let Some(why) = super::programs::curl::loses(&words) {
                return de(format!("`curl` {why}"));
            }
        }
    }
    // A raw connection fed a literal payload that names loss
    // (`printf 'FLUSHALL\r\n' | nc HOST 6379`; blind corpus 124): the
    // payload's words, escapes taken out, as an unknown program's are.
    // (curl's telnet:// sends its input to the port as nc does; review
    // 119.)
    let raw_connection = matches!(
        name,
        "nc" | "ncat" | "netcat" | "socat" | "telnet" | "gnutls-cli"
    ) || (name == "curl"
        && lits
            .iter()
            .any(|w| w.to_ascii_lowercase().starts_with("telnet://")));
    if raw_connection && let Some(word) = sent_loss_word(stdin) {
        return de(format!(
            "`{name}` sends `{word}` to the service it connects to"
        ));
    }
    if let Some(why) = acme_code_elsewhere(name, &lits) {
        return de(why);
    }
    // sysctl(8) `-p -`: settings read from its input, a core pattern's
    // pipe among them (review 121).
    if name == "sysctl"
        && lits
            .windows(2)
            .any(|p| matches!(p[0], "-p" | "--load") && p[1] == "-")
        && (matches!(stdin, Stdin::Unknown)
            || payload_words(stdin).iter().any(|w| {
                w.contains("core_pattern") || w.contains("modprobe") || w.contains("hotplug")
            }))
    {
        return de(
            "`sysctl` points the kernel at a program it runs as root, read from its input".into(),
        );
    }
    // ed(1) reads its commands on its input: one that writes (`w`),
    // reads another file (`e`, `r`) or runs a shell (`!`), or input only
    // known at run time (a loop's rest: `… | while read f; do ed -s $f;
    // done`; review 120). Printing lines alone (`,p`, `$=`, `q`) is no
    // loss.
    if matches!(name, "ed" | "red") && ed_input_acts(stdin) {
        return de(format!(
            "`{name}` runs editor commands from its input that may write or run a shell"
        ));
    }
    // An output file that is the file read (`tcpdump -r F -w F`): the
    // program empties it before reading it (blind corpus 124).
    if matches!(name, "tcpdump" | "tshark" | "dumpcap" | "editcap")
        && let Some(read) = option_value(&lits, "-r", "--read-file")
        && option_value(&lits, "-w", "--write").is_some_and(|written| written == read)
    {
        return de(format!(
            "`{name}` writes its capture over the file it reads"
        ));
    }
    // (GNU patch's `--dry-run` changes no file: blind corpus 232.)
    let dry_patch = name == "patch" && lits.contains(&"--dry-run");
    let named_critical = if CHANGES_WHAT_IT_NAMES.contains(&name) && !dry_patch {
        // (patch's numbers and suffixes are no file: `-p 1` read apart.)
        lits.iter()
            .enumerate()
            .filter(|(i, _)| {
                !(name == "patch"
                    && i.checked_sub(1).is_some_and(|p| {
                        matches!(
                            lits[p],
                            "-p" | "-F" | "-g" | "-V" | "-x" | "-z" | "-Y" | "-B" | "-D"
                        )
                    }))
            })
            .map(|(_, w)| *w)
            .find(|w| names_critical(w))
    } else if name == "tee" && !lits.iter().any(|w| matches!(*w, "-a" | "--append")) {
        lits.iter().find(|w| critical(w)).copied()
    } else if matches!(name, "curl" | "wget") {
        FETCH_OUTPUTS
            .iter()
            .find_map(|o| option_value(&lits, o, o))
            .filter(|v| critical(v))
            .or_else(|| {
                // Attached to a cluster: `-so/etc/hosts`.
                lits.iter()
                    .filter(|w| w.starts_with('-') && !w.starts_with("--"))
                    .find_map(|w| w.find(['o', 'O']).map(|i| &w[i + 1..]))
                    .filter(|v| critical(v))
            })
            .or_else(|| {
                // A cluster ending in the option: `-qO FILE`.
                lits.windows(2)
                    .find(|p| {
                        p[0].starts_with('-')
                            && !p[0].starts_with("--")
                            && p[0].ends_with(['o', 'O'])
                    })
                    .map(|p| p[1])
                    .filter(|v| critical(v))
            })
    } else if matches!(name, "chmod" | "chown" | "chgrp" | "chattr" | "setfacl") {
        let recursive = recursive(&lits);
        let locks_out = lits.iter().any(|w| {
            // (Any octal mode of zeros, `0`, `00`; `a=`, `ugo=`, `=`:
            // every permission taken; review 142.)
            (!w.is_empty() && w.len() <= 5 && w.chars().all(|c| c == '0'))
                || matches!(*w, "a=" | "ugo=" | "=" | "u=,g=,o=")
                || matches!(
                    *w,
                    "000" | "0000" | "-x" | "a-x" | "-r" | "a-r" | "a-rwx" | "ugo-rwx" | "+i"
                    // (set-user-ID taken off: `sudo`, `passwd`, `su` stop
                    // working; blind corpus 90.)
                    | "u-s" | "-s" | "a-s" | "ug-s"
                )
        });
        lits.iter()
            .filter(|w| !w.starts_with('-'))
            .find(|w| critical(w) && (recursive || locks_out))
            .copied()
    } else if name == "rsync" && rsync_only_lists(&lits) {
        None
    } else if WRITES_ITS_DESTINATION.contains(&name) {
        destination(name, &lits).filter(|d| critical(on_any_host(d)))
    } else if name == "unzip" {
        lits.windows(2)
            .find(|p| p[0] == "-d")
            .map(|p| p[1])
            .filter(|d| critical(d))
    } else if matches!(name, "lxc-attach" | "lxc-execute" | "lxc-start") {
        // The console log and the log file are written where they point
        // (`--pty-log=/etc/cron.d/x`).
        option_value(&lits, "-L", "--pty-log")
            .into_iter()
            .chain(option_value(&lits, "-o", "--logfile"))
            .find(|v| critical(v))
    } else {
        None
    };
    if let Some(path) = named_critical {
        if data_by_name(path) {
            return de(format!(
                "`{name}` writes, moves or changes {path}, {DATA_BY_NAME}"
            ));
        }
        return de(format!(
            "`{name}` writes, moves or changes {path}, which the host needs"
        ));
    }
    if let Some(path) = credential_overwritten(name, &lits)
        .filter(|_| !(name == "rsync" && rsync_only_lists(&lits)))
    {
        return de(format!(
            "`{name}` writes over {path}, a key or credential in use: what it held cannot be \
             made again, and whatever trusts it stops working"
        ));
    }
    if name == "chmod"
        && let Some(why) = chmod_opens(&lits)
    {
        return de(why);
    }
    if let Some(why) = owner_opens(name, &lits) {
        return de(why);
    }
    if WRITES_ITS_DESTINATION.contains(&name) && lits.contains(&"/dev/null") {
        return de(format!(
            "`{name}` puts an empty file in place of what was there"
        ));
    }
    if DATABASES.contains(&name)
        && lits.iter().any(|w| {
            matches!(*w, "-f" | "--file")
                || w.starts_with("--file=")
                || (w.starts_with("-f") && name == "psql")
        })
    {
        return de(format!(
            "`{name}` runs the statements of a file, which are not on the card"
        ));
    }
    // A Redis ACL user turned off or its passwords reset: its clients
    // are refused (review 136).
    if matches!(name, "redis-cli" | "valkey-cli")
        && lits.iter().any(|w| w.eq_ignore_ascii_case("setuser"))
        && lits
            .iter()
            .any(|w| w.eq_ignore_ascii_case("off") || w.eq_ignore_ascii_case("resetpass"))
    {
        return de(format!(
            "`{name} ACL SETUSER` turns a user off or resets its passwords: its clients are refused"
        ));
    }
    if DATABASES.contains(&name) {
        // SQL from a file or another program (`mysql db < dump.sql`): what
        // it runs is not on the card, and a dump replaces what is there.
        if matches!(stdin, Stdin::Unknown | Stdin::Pipe(_))
            && !lits
                .iter()
                .any(|w| matches!(*w, "-e" | "-c" | "--execute" | "--command"))
        {
            return de(format!(
                "`{name}` runs statements from its input, which are not on the card"
            ));
        }
        return database(name, &lits, stdin);
    }
    if RUN_ANYTHING.contains(&name) && !only_prints(name, &lits) {
        match haproxy_shows(name, &lits, stdin) {
            Some(true) => {}
            // (Only `show` commands, one of which prints secrets: `show
            // errors`, `show env`; asked, not lost; blind corpus 239.)
            Some(false) => {
                return Some(
                    Verdict::mutation(
                        "`socat` asks HAProxy's admin socket for what holds secrets (`show errors`: \
                         rejected requests' headers; `show env`: the environment)",
                    )
                    .printing(crate::Output::Secret),
                );
            }
            None => {
                return de(format!(
                    "`{name}` runs whatever it is given, which is not on the card"
                ));
            }
        }
    }
    let verb = lits.iter().find(|w| !w.starts_with('-')).copied();
    // Each family of programs is judged by its own module.
    let family: Option<FamilyJudge> = match name {
        "zfs"
        | "ceph"
        | "ceph-mon"
        | "ceph-osd"
        | "pveceph"
        | "rbd"
        | "btrfs"
        | "btrfsck"
        | "proxmox-boot-tool"
        | "lvconvert"
        | "vgcfgrestore"
        | "dmsetup"
        | "badblocks"
        | "cryptsetup"
        | "mount"
        | "fallocate"
        | "e2fsck"
        | "fsck"
        | "fsck.ext4"
        | "fsck.ext3"
        | "fsck.ext2"
        | "xfs_repair"
        | "rados"
        | "efibootmgr"
        | "ceph-volume"
        | "vgreduce"
        | "sg_format"
        | "sg_sanitize"
        | "sg_unmap"
        | "sg_write_same"
        | "sg_write_buffer"
        | "fio"
        | "exportfs"
        | "qemu-img"
        | "lvresize"
        | "mdadm"
        | "zpool"
        | "f3probe"
        | "f3fix"
        | "sedutil-cli"
        | "geli"
        | "mdconfig"
        | "gpart"
        | "grubby"
        | "zinject"
        | "ceph-bluestore-tool"
        | "ceph-kvstore-tool"
        | "cephfs-data-scan"
        | "cephfs-journal-tool"
        | "cephfs-table-tool"
        | "lvrename"
        | "sanoid"
        | "syncoid"
        | "pmt" => Some(storage::judge),
        "virsh" | "qemu-io" | "virt-format" | "virt-sysprep" | "virt-customize" | "virt-rescue"
        | "guestfish" | "virt-edit" | "virt-copy-in" | "virt-tar-in" | "virt-v2v-in-place"
        | "virt-win-reg" | "virt-resize" | "virt-make-fs" | "virt-builder" => {
            Some(virtualization::judge)
        }
        "mogrify" | "jpegoptim" | "mp3val" | "rcon-cli" | "mcrcon" => Some(media::judge),
        "fwupdmgr" | "fwupdtool" | "nvme" | "sas2flash" | "sas3flash" | "storcli" | "storcli64"
        | "perccli" | "perccli64" | "redis-check-aof" | "nvidia-smi" | "rocm-smi" | "amd-smi"
        | "setpci" | "flashrom" => Some(firmware::judge),
        "pvesh"
        | "pvesm"
        | "vzdump"
        | "qm"
        | "pveum"
        | "pct"
        | "pveam"
        | "corosync-cfgtool"
        | "corosync-keygen"
        | "corosync-quorumtool"
        | "lxc-stop"
        | "lxc-destroy"
        | "lxc-freeze"
        | "lxc-kill"
        | "proxmox-backup-client"
        | "proxmox-backup-manager"
        | "pvesr"
        | "ha-manager"
        | "ha" => Some(proxmox::judge),
        "ssh"
        | "scp"
        | "sftp"
        | "rsync"
        | "tcpdump"
        | "iptables"
        | "ip6tables"
        | "iptables-nft"
        | "iptables-legacy"
        | "ufw"
        | "aa-teardown"
        | "aa-complain"
        | "aa-disable"
        | "tc"
        | "brctl"
        | "ip"
        | "wget"
        | "http"
        | "https"
        | "xh"
        | "curl"
        | "ethtool"
        | "nc"
        | "ncat"
        | "netcat"
        | "fail2ban-client"
        | "dhclient"
        | "tailscale"
        | "wg"
        | "openvpn"
        | "swanctl"
        | "zerotier-cli"
        | "ipset"
        | "conntrack"
        | "sysupgrade"
        | "firewall-cmd"
        | "firewall-offline-cmd"
        | "nmcli"
        | "ifconfig"
        | "pfctl"
        | "ipfw"
        | "netfilter-persistent"
        | "nft"
        | "bridge"
        | "ovs-vsctl"
        | "ovs-ofctl"
        | "ovs-appctl"
        | "smbclient"
        | "snmpset"
        | "snmpusm"
        | "snmpvacm"
        | "check_tcp"
        | "ping"
        | "ping6"
        | "hping3"
        | "hping"
        | "nmap"
        | "masscan"
        | "iw"
        | "rfkill"
        | "lftp" => Some(network::judge),
        "systemctl"
        | "apt"
        | "apt-get"
        | "aptitude"
        | "pip"
        | "pip3"
        | "pg_ctlcluster"
        | "pg_dropcluster"
        | "dropdb"
        | "dropuser"
        | "docker"
        | "podman"
        | "invoke-rc.d"
        | "rmmod"
        | "modprobe"
        | "pg_restore"
        | "helm"
        | "crictl"
        | "pihole"
        | "kubectl"
        | "oc"
        | "postsuper"
        | "upscmd"
        | "service"
        | "smbcontrol"
        | "rndc"
        | "atrm"
        | "mosquitto_pub"
        | "mosquitto_sub"
        | "unbound-control"
        | "pihole-FTL"
        | "ssh-agent"
        | "kasa"
        | "acme.sh"
        | "k3s"
        | "doveadm"
        | "named-journalprint"
        | "named-checkzone"
        | "named-compilezone"
        | "certutil"
        | "wp"
        | "pm2"
        | "dhcp_release"
        | "dhcp_release6"
        | "mysqlcheck"
        | "mariadb-check"
        | "mysqlrepair"
        | "mariadb-repair"
        | "mariadb-backup"
        | "mariabackup"
        | "xtrabackup"
        | "syncthing"
        | "kopia"
        | "cscli"
        | "radosgw-admin"
        | "rabbitmqctl"
        | "microk8s"
        | "ansible"
        | "racadm"
        | "mc"
        | "aws"
        | "vacuumlo"
        | "pgbackrest"
        | "transmission-remote"
        | "occ"
        | "gitlab-ctl"
        | "pdns_control"
        | "rec_control"
        | "headscale"
        | "insmod"
        | "esphome" => Some(services::judge),
        "dmesg"
        | "man"
        | "tar"
        | "git"
        | "exec"
        | "mv"
        | "history"
        | "sed"
        | "awk"
        | "gawk"
        | "mawk"
        | "nawk"
        | "mapfile"
        | "readarray"
        | "enable"
        | "fuser"
        | "chmod"
        | "zip"
        | "restic"
        | "borg"
        | "rclone"
        | "sort"
        | "uniq"
        | "xxd"
        | "cp"
        | "install"
        | "find"
        | "iptables-save"
        | "ip6tables-save"
        | "iptables-legacy-save"
        | "ip6tables-legacy-save"
        | "iptables-nft-save"
        | "ip6tables-nft-save"
        | "tmpreaper"
        | "ipcrm"
        | "pgbench"
        | "rmdir"
        | "tmpwatch"
        | "fd"
        | "fdfind"
        | "localepurge"
        | "borgmatic" => Some(files::judge),
        _ => None,
    };
    if let Some(v) = directory_changes(name, &lits) {
        return Some(v);
    }
    // virsh without a command reads its commands from its input (`destroy`,
    // `undefine`): input not written on the line is not on the card
    // (review 131).
    if name == "virsh"
        && lits.iter().all(|w| w.starts_with('-'))
        && matches!(stdin, Stdin::Pipe(_) | Stdin::Unknown | Stdin::Text(_))
    {
        return de("`virsh` runs the commands of its input, which are not on the card".into());
    }
    // SeaweedFS's `weed shell` runs the commands of its input: a volume,
    // bucket or file deleted (`volume.delete`, `s3.bucket.delete`,
    // `fs.rm`; blind corpus 98), or commands not on the card.
    if name == "weed" && lits.first() == Some(&"shell") {
        let loses = match stdin {
            Stdin::Text(text) => text.split_whitespace().any(names_loss),
            Stdin::Pipe(before) => before
                .iter()
                .map(ToString::to_string)
                .any(|c| c.split_whitespace().any(names_loss)),
            _ => true,
        };
        if loses {
            return de(
                "`weed shell` runs the commands of its input, a deletion among them (or ones \
                 not on the card)"
                    .into(),
            );
        }
    }
    // File clients reading their commands from their input or a batch
    // file (`sftp pve2 <<< 'rm f'`, `smbclient //nas/s <<< 'deltree d'`,
    // `sftp -b FILE`): a deletion among them, or commands not on the card
    // (review 92).
    if matches!(name, "sftp" | "smbclient" | "lftp" | "ftp" | "tnftp") {
        let batch = lits
            .iter()
            .any(|w| *w == "-b" || (w.starts_with("-b") && name == "sftp"));
        let input = match stdin {
            Stdin::Text(text) => Some(text.to_ascii_lowercase()),
            Stdin::Pipe(before) => match before.last() {
                Some(brush_parser::ast::Command::Simple(feeder)) => {
                    super::literal_output(feeder).map(|t| t.to_ascii_lowercase())
                }
                _ => None,
            },
            Stdin::Unknown => None,
            Stdin::Inherited => Some(String::new()),
        };
        let deletes = |text: &str| {
            text.split(|c: char| c.is_whitespace() || matches!(c, ';' | '\n'))
                .any(|w| {
                    matches!(
                        w,
                        "rm" | "rmdir"
                            | "del"
                            | "deltree"
                            | "mdel"
                            | "delete"
                            | "mrm"
                            | "rmtree"
                            | "dele"
                    )
                })
        };
        match input {
            _ if batch && name == "sftp" => {
                return de(
                    "`sftp -b` runs the commands of a batch file, which are not on the card".into(),
                );
            }
            Some(text) if deletes(&text) => {
                return de(format!("`{name}` is given commands that delete files"));
            }
            None => {
                return de(format!(
                    "`{name}` runs commands from its input, which are not on the card"
                ));
            }
            _ => {}
        }
    }
    // nsupdate(1) runs the update commands of its input: a record
    // deleted (`update delete`) is gone (blind corpus 53).
    if name == "nsupdate" {
        let input = match stdin {
            Stdin::Text(text) => text.to_ascii_lowercase(),
            Stdin::Pipe(before) => before
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
                .to_ascii_lowercase(),
            _ => String::new(),
        };
        let deletes =
            input.contains("delete") || input.contains("update del") || input.contains("\\ndel ");
        let unknown = matches!(stdin, Stdin::Unknown | Stdin::Inherited);
        if deletes || unknown {
            return de(
                "`nsupdate` runs update commands from its input, a record's removal among them"
                    .into(),
            );
        }
    }
    if let Some(why) = unless_it_only_shows(name, args) {
        return de(why.into());
    }
    if name == "tar" && files::tar_runs_a_program(args) {
        return de("`tar -I`/`-F` runs a program".into());
    }
    // (What takes access away spans families: accounts, PVE and PBS
    // users, ACLs, a tree's modes.)
    if let Some(verdict) = access::judge(name, &lits, verb) {
        return Some(verdict);
    }
    // (Identities, keys and secrets, and Windows guests' disks, span
    // families too: `proxmox-backup-manager cert update --force`.)
    if let Some(verdict) = identity::judge(name, &lits, verb) {
        return Some(verdict);
    }
    // (A Windows command's text holds `$false`, `$env:X` as PowerShell's
    // own: the host's quotes keep them whole, so the written words are
    // read too; review 92: `powershell -c "Remove-Item C:\Data -Recurse
    // -Confirm:$false"`.)
    let windows = {
        let lower = name.to_ascii_lowercase();
        let base = lower.strip_suffix(".exe").unwrap_or(&lower);
        matches!(base, "powershell" | "pwsh" | "cmd") || identity::powershell_cmdlet(name)
    };
    if windows && args.iter().any(|a| a.literal().is_none()) {
        let written: Vec<String> = args
            .iter()
            .map(|a| {
                a.literal().map_or_else(
                    || a.raw().trim_matches(['"', '\'']).to_string(),
                    str::to_string,
                )
            })
            .collect();
        let words: Vec<&str> = written.iter().map(String::as_str).collect();
        if let Some(verdict) = identity::judge(name, &words, verb) {
            return Some(verdict);
        }
    }
    if matches!(
        name,
        "terraform"
            | "tofu"
            | "packer"
            | "ansible"
            | "ansible-playbook"
            | "gh"
            | "salt"
            | "salt-call"
            | "salt-ssh"
            | "salt-key"
            | "etckeeper"
            | "salt-cp"
            | "ansible-pull"
            | "ansible-vault"
            | "sops"
    ) && let Some(verdict) = automation::judge(name, &lits, verb)
    {
        return Some(verdict);
    }
    if name == "qm" && verb == Some("monitor") && monitor_only_queries(stdin) {
        return None;
    }
    // debconf-communicate(1) runs the debconf protocol's commands on its
    // input: `PURGE` forgets every answer of the package's questions,
    // `UNREGISTER` and `RESET` one (blind corpus 232); input it is not
    // shown may hold them.
    if name == "debconf-communicate"
        && fed_text(stdin).is_none_or(|text| {
            text.lines().any(|line| {
                line.split_whitespace().next().is_some_and(|c| {
                    ["PURGE", "UNREGISTER", "RESET"]
                        .iter()
                        .any(|f| c.eq_ignore_ascii_case(f))
                })
            })
        })
    {
        return Some(Verdict::destructive(
            "`debconf-communicate` forgets the answers a package's questions held".to_string(),
        ));
    }
    if let Some(family) = family {
        return family(name, &lits, verb);
    }
    let needed = |w: &str| {
        critical(w) || super::persist::runs_code(w, &crate::secret_paths::Folders::home())
    };
    match name {
        // A compressor without `-c`/`-k` replaces FILE by FILE.gz (`gzip
        // /etc/fstab`), and `-d` replaces it by what it held: a
        // configuration or system file moved away (twenty-eighth review).
        // dpkg-divert(1) `--rename`: the file diverted is moved away, a
        // program the system runs among them (`--add /usr/sbin/update-grub`;
        // blind corpus 232).
        "dpkg-divert"
            if lits.contains(&"--rename")
                && lits.iter().any(|w| !w.starts_with('-') && needed(w)) =>
        {
            Some(Verdict::destructive(
                "`dpkg-divert --rename` moves away a file the system runs or needs".to_string(),
            ))
        }
        // dpkg-statoverride(8) `--update --add USER GROUP MODE FILE`: the
        // owner and mode set now, a program made set-id or unusable
        // (review 141).
        // (The four operands after `--add`, options in any order.)
        "dpkg-statoverride"
            if lits.contains(&"--update")
                && lits.contains(&"--add")
                && matches!(
                    lits.iter().filter(|w| !w.starts_with('-')).collect::<Vec<_>>().as_slice(),
                    [_, _, mode, file]
                        if (mode.len() == 4 && matches!(mode.as_bytes()[0], b'2'..=b'7'))
                            || mode.trim_start_matches('0').is_empty()
                            || needed(file)
                ) =>
        {
            Some(Verdict::destructive(
                "`dpkg-statoverride --update` makes a file set-id, unusable, or changes one the \
                 system runs or needs"
                    .to_string(),
            ))
        }
        // ucf(1) `NEW DEST`: DEST replaced by the new configuration file
        // (as the environment's `UCF_FORCE_CONFF*` or the debconf answer
        // says; review 141).
        "ucf"
            if !lits
                .iter()
                .any(|w| matches!(*w, "--purge" | "-p" | "-n" | "--no-action"))
                && lits
                    .iter()
                    .filter(|w| !w.starts_with('-'))
                    .nth(1)
                    .is_some_and(|dest| needed(dest)) =>
        {
            Some(Verdict::destructive(
                "`ucf` may replace a configuration file the host needs".to_string(),
            ))
        }
        "chezmoi" if chezmoi_applies(&lits) => Some(Verdict::destructive(
            "`chezmoi` writes its managed files over the home folder's, shell startup files \
             among them"
                .to_string(),
        )),
        "gzip" | "pigz" | "xz" | "bzip2" | "lzma" | "lzip" | "zstd" | "pzstd" | "lz4"
            if compresses_away(name, args, &lits) =>
        {
            de(format!(
                "`{name}` replaces a configuration or system file by its compressed copy"
            ))
        }
        _ if name.starts_with("/etc/init.d/") => judge(super::base(name), args, stdin),
        // (Blind corpus 69: a host that no longer answers ARP or speaks
        // IPv6 on its bridge or on every interface.)
        "sysctl"
            if lits.iter().any(|w| {
                let w = w.replace('/', ".");
                let (key, value) = w.split_once('=').unwrap_or((&w, ""));
                let iface = key.split('.').nth(3).unwrap_or("");
                let value = value.trim();
                // (As the kernel reads it: `0x` hexadecimal, a leading
                // `0` octal; review 67.)
                let number = match value
                    .strip_prefix("0x")
                    .or_else(|| value.strip_prefix("0X"))
                {
                    Some(h) => i64::from_str_radix(h, 16).ok(),
                    None if value.len() > 1 && value.starts_with('0') => {
                        i64::from_str_radix(&value[1..], 8).ok()
                    }
                    None => value.parse::<i64>().ok(),
                };
                matches!(iface, "vmbr0" | "all" | "default")
                    && ((key.ends_with(".arp_ignore") && number == Some(8))
                        || (key.ends_with(".disable_ipv6") && number.is_some_and(|n| n != 0)))
                    // (Routing off: a router's or a NAT host's guests and
                    // networks lose their way out; FreeBSD's spelling too,
                    // blind corpus 219.)
                    || (number == Some(0)
                        && (key.ends_with(".ip_forward")
                            || ((key.starts_with("net.ipv4.conf.") || key.starts_with("net.ipv6.conf."))
                                && key.ends_with(".forwarding"))
                            || matches!(key, "net.inet.ip.forwarding" | "net.inet6.ip6.forwarding")))
            }) =>
        {
            de("`sysctl` stops the host answering ARP or IPv6 on its own bridge, or stops it routing".into())
        }
        // Disk-unlock keys destroyed: a Clevis pin's keyslot wiped, the
        // TPM's hierarchy cleared or a persistent key evicted; a headless
        // node no longer unlocks its disks (review 136).
        "clevis" if lits.windows(2).any(|p| p == ["luks", "unbind"]) => {
            de("`clevis luks unbind` wipes the pin's LUKS keyslot".into())
        }
        "tpm2_clear" | "tpm2_evictcontrol" | "tpm2_dictionarylockout" if !lits.iter().any(|w| matches!(*w, "-h" | "--help")) => {
            de(format!("`{name}` clears the TPM or evicts its keys: what was sealed to them cannot be unsealed"))
        }
        // An instance rebuilt from an image over its root disk (blind
        // corpus 220).
        "incus" | "lxc" if verb == Some("rebuild") => {
            de(format!("`{name} rebuild` replaces the instance's root disk with an image's"))
        }
        // Tools that write PATH lines into the user's shell startup
        // files, which run at every login (blind corpus 218).
        "pipx" if verb == Some("ensurepath") => {
            de("`pipx ensurepath` writes into the user's shell startup files, which run at every login".into())
        }
        "conda" | "mamba" | "micromamba"
            if verb == Some("init") && !lits.iter().any(|w| matches!(*w, "--dry-run" | "-d")) =>
        {
            de(format!("`{name} init` writes into the user's shell startup files, which run at every login"))
        }
        // camcontrol(8) (FreeBSD 14): a disk sanitized, low-level
        // formatted or erased through its ATA security (blind corpus 219).
        "camcontrol"
            if matches!(verb, Some("sanitize" | "format"))
                || (verb == Some("security") && lits.iter().any(|w| matches!(*w, "-e" | "-h"))) =>
        {
            de("`camcontrol` erases a disk".into())
        }
        // (Blind corpus 67: `-d` deletes an initramfs, the running
        // kernel's among them: the host may not boot.)
        "update-initramfs"
            if lits.iter().any(|w| {
                *w == "-d" || (w.starts_with('-') && !w.starts_with("--") && w.contains('d'))
            }) =>
        {
            de("`update-initramfs -d` deletes a kernel's initramfs: the host may not boot".into())
        }
        // xtables-legacy-multi(8): the program named by its first word.
        "xtables-multi" | "xtables-legacy-multi" | "xtables-nft-multi"
            if args
                .first()
                .and_then(Arg::literal)
                .is_some_and(|p| !p.starts_with('-')) =>
        {
            let program = lits.first().copied().unwrap_or_default();
            judge(program, &args[1..], stdin)
        }

        _ => None,
    }
}

/// Whether `sed` edits a file the host needs in place with a script that
/// deletes lines (`sed -i '/^auto vmbr0/,$d' /etc/network/interfaces`).
/// btrfs(8), btrfs-progs 6.2: the command a line runs, each word resolved
/// as btrfs resolves it (any unambiguous prefix of a group's commands,
/// `btrfs sub d` is `subvolume delete`), and whether it loses data:
/// `subvolume delete`, `device delete|remove|replace`, `device add -f`,
/// `replace start`, any `rescue`, `check` with `--repair` or `--init-…`
/// (getopt_long: `--rep` is `--repair`).
fn btrfs_loses(lits: &[&str]) -> bool {
    const GROUPS: &[(&str, &[&str])] = &[
        (
            "subvolume",
            &[
                "create",
                "delete",
                "list",
                "snapshot",
                "get-default",
                "set-default",
                "find-new",
                "show",
                "sync",
            ],
        ),
        (
            "filesystem",
            &[
                "df",
                "du",
                "show",
                "sync",
                "defragment",
                "resize",
                "label",
                "usage",
                "mkswapfile",
            ],
        ),
        (
            "device",
            &[
                "add", "delete", "remove", "replace", "scan", "ready", "stats", "usage",
            ],
        ),
        ("replace", &["start", "status", "cancel"]),
        (
            "rescue",
            &[
                "chunk-recover",
                "super-recover",
                "zero-log",
                "fix-device-size",
                "clear-uuid-tree",
                "create-control-device",
            ],
        ),
        ("balance", &["start", "pause", "cancel", "resume", "status"]),
        ("scrub", &["start", "cancel", "resume", "status", "limit"]),
        ("check", &[]),
        ("restore", &[]),
        ("send", &[]),
        ("receive", &[]),
        ("inspect-internal", &[]),
        ("property", &["get", "set", "list"]),
        ("quota", &["enable", "disable", "rescan", "status"]),
        (
            "qgroup",
            &[
                "assign",
                "remove",
                "create",
                "destroy",
                "show",
                "limit",
                "clear-stale",
            ],
        ),
        ("help", &[]),
        ("version", &[]),
    ];
    // The unique entry `word` abbreviates (an exact name wins).
    fn resolve<'a>(word: &str, names: impl Iterator<Item = &'a str> + Clone) -> Option<&'a str> {
        if let Some(exact) = names.clone().find(|n| *n == word) {
            return Some(exact);
        }
        let mut matching = names.filter(|n| n.starts_with(word));
        match (matching.next(), matching.next()) {
            (Some(one), None) => Some(one),
            _ => None,
        }
    }
    // btrfs's own options come first (getopt_long "+vq", `--format FMT`,
    // `--log LEVEL`, any unambiguous prefix: `--form text`).
    let mut rest = lits;
    while let Some((first, tail)) = rest.split_first() {
        if !first.starts_with('-') {
            break;
        }
        let valued = first.strip_prefix("--").is_some_and(|o| {
            !o.is_empty() && !o.contains('=') && ["format", "log"].iter().any(|l| l.starts_with(o))
        });
        rest = if valued {
            tail.get(1..).unwrap_or(&[])
        } else {
            tail
        };
    }
    let words: Vec<&str> = rest
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let Some(group) = words
        .first()
        .and_then(|w| resolve(w, GROUPS.iter().map(|(g, _)| *g)))
    else {
        return false;
    };
    let commands = GROUPS
        .iter()
        .find(|(g, _)| *g == group)
        .map_or(&[][..], |(_, c)| *c);
    let command = words
        .get(1)
        .and_then(|w| resolve(w, commands.iter().copied()));
    let force = rest.iter().any(|w| match w.strip_prefix("--") {
        Some(long) => !long.is_empty() && "force".starts_with(long),
        None => w.starts_with('-') && w.contains('f'),
    });
    let check_writes = rest.iter().any(|w| {
        w.strip_prefix("--").is_some_and(|o| {
            o.len() >= 3
                && ["repair", "init-csum-tree", "init-extent-tree"]
                    .iter()
                    .any(|long| long.starts_with(o))
        })
    });
    match (group, command) {
        ("subvolume", Some("delete")) | ("replace", Some("start")) | ("rescue", _) => true,
        ("device", Some("delete" | "remove" | "replace")) => true,
        ("device", Some("add")) => force,
        ("check", _) => check_writes,
        _ => false,
    }
}

/// rbd(8), Ceph 18: its operands (options and their values taken out,
/// wherever they stand) start with `snap rollback|revert`, or the line
/// resizes with `--allow-shrink`.
fn rbd_loses(lits: &[&str]) -> bool {
    const VALUED: &[&str] = &[
        "-p",
        "--pool",
        "--namespace",
        "--image",
        "--snap",
        "-s",
        "--size",
        "--id",
        "--user",
        "-c",
        "--conf",
        "--cluster",
        "-m",
        "--mon_host",
        "--keyring",
        "-k",
        "--image-id",
        "--dest",
        "--dest-pool",
        "--format",
        "--image-format",
    ];
    // rbd's `Shell::get_command_spec` takes the word after any option it
    // does not know as a switch for that option's value (`-n
    // client.admin`, `--log-file X`, `--debug-rbd 20`): the operands read
    // both ways, so that neither hides the command.
    let switches_only = {
        let mut out = Vec::new();
        let mut skip = false;
        for word in lits {
            if skip {
                skip = false;
            } else if word.starts_with('-') {
                skip = !word.contains('=') && !RBD_SWITCHES.contains(word);
            } else {
                out.push(*word);
            }
        }
        out
    };
    let loses = |operands: &[&str]| {
        matches!(
            operands,
            ["snap", "rollback" | "revert", ..]
                | ["group", "snap", "rollback" | "revert", ..]
                | ["migration", "abort", ..]
                | ["mirror", "image", "resync", ..]
                | ["encryption", "format", ..]
                | ["bench-write", ..]
        ) || (operands.first() == Some(&"resize") && lits.contains(&"--allow-shrink"))
            || (operands.first() == Some(&"bench")
                && option_value(lits, "--io-type", "--io-type")
                    .is_some_and(|t| matches!(t, "write" | "readwrite" | "rw")))
    };
    loses(&plain_words(lits, VALUED)) || loses(&switches_only)
}

/// rbd(8)'s options that take no value.
#[rustfmt::skip]
const RBD_SWITCHES: &[&str] = &[
    "--no-progress", "--pretty-format", "--allow-shrink", "--force", "--whole-object",
    "--read-only", "--exclusive", "--all", "--verbose", "--thick-provision", "--no-error",
    "--skip-quiesce", "--ignore-quiesce-error", "--image-shared",
];

/// Whether sed edits its files in place (`-i`, in a cluster, `--in-place`
/// by any prefix).
fn sed_in_place(lits: &[&str]) -> bool {
    lits.iter()
        .any(|w| super::abbreviates(w, "in-place") || sed_flags(w).contains('i'))
}

/// The flags of a short cluster of sed's (`-ni`: `n`, `i`), up to the
/// first that takes the rest as its value: `-i`'s suffix (`-i.ini` holds
/// no `-n`), `-e`'s script, `-f`'s file, `-l`'s length.
fn sed_flags(word: &str) -> String {
    let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-')) else {
        return String::new();
    };
    let mut flags = String::new();
    for c in cluster.chars() {
        flags.push(c);
        if matches!(c, 'i' | 'e' | 'f' | 'l') {
            break;
        }
    }
    flags
}

/// A key or credential in use (by its canonical name) that `name` writes
/// over: the destination of `mv`, `cp`, `install`, `ln`, `rsync`, `scp`
/// (or, into a folder, a source's name there), a file `sed -i` edits
/// (review 73; redirections are `write_target`'s).
fn credential_overwritten<'a>(name: &str, lits: &[&'a str]) -> Option<&'a str> {
    let in_use = |p: &str| {
        let p = on_any_host(p);
        !p.starts_with("/tmp/") && crate::secret_paths::names_credential_in_use(p)
    };
    match name {
        "mv" | "cp" | "install" | "ln" | "rsync" | "scp" => {
            let to = destination(name, lits)?;
            // The destination itself, and, as a folder (a trailing `/`,
            // `-t`/`--target-directory`, or a folder named without its
            // slash: `cp k /root/.ssh`), each source's name in it
            // (review 74).
            let into = |source: &str| {
                let base = source
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(source);
                format!("{}/{base}", to.trim_end_matches('/'))
            };
            let sources = lits
                .iter()
                .filter(|w| !w.starts_with('-') && **w != to && !w.ends_with(&format!("={to}")));
            if in_use(to) || sources.clone().any(|s| in_use(&into(s))) {
                Some(to)
            } else {
                None
            }
        }
        "sed" if sed_in_place(lits) => lits
            .iter()
            .skip(1)
            .find(|w| !w.starts_with('-') && in_use(w))
            .copied(),
        _ => None,
    }
}

fn sed_deletes_in_place_from_critical(lits: &[&str]) -> bool {
    let in_place = sed_in_place(lits);
    // (`-n`: only the lines a `p` prints are kept; review 74.)
    let quiet = lits
        .iter()
        .any(|w| matches!(*w, "--quiet" | "--silent") || sed_flags(w).contains('n'));
    // A script that loses lines (`/re/d`, `1q`, `c\x`, `s/.*//`,
    // `s/^/#/`; blind corpus 87, review 74).
    // (A script given as `--expression=S` or `-eS` too; review 75.)
    // (By any prefix getopt_long takes: `--expr=`, `--e=`; review 76.)
    let scripts = lits.iter().filter_map(|w| {
        w.split_once('=')
            .filter(|(o, _)| o.len() >= 3 && "--expression".starts_with(o))
            .map(|(_, s)| s)
            .or_else(|| {
                w.strip_prefix("-e")
                    .filter(|s| !s.is_empty() && !w.starts_with("--"))
            })
    });
    let deletes = quiet
        || scripts
            .into_iter()
            .any(|s| super::sed::loses_lines(s) || comments_every_line(s))
        || lits.iter().any(|w| {
            !w.starts_with('-')
                && !critical(w)
                && (super::sed::loses_lines(w) || comments_every_line(w))
        });
    // Proxmox's cluster configuration, edited in place: pmxcfs hands
    // every node the new file at once, and a wrong line splits the
    // cluster (the admin guide edits a copy, then moves it in).
    let corosync = lits.iter().any(|w| {
        crate::secret_paths::normalised(w.trim_matches(['\'', '"'])) == "/etc/pve/corosync.conf"
    });
    in_place && ((deletes && lits.iter().any(|w| critical(w))) || corosync)
}

/// `s/^/#/` (any delimiter, no address): a `#` put before every line.
fn comments_every_line(script: &str) -> bool {
    let Some(rest) = script.strip_prefix('s') else {
        return false;
    };
    let Some(delim) = rest.chars().next() else {
        return false;
    };
    if delim.is_alphanumeric() || matches!(delim, '\\' | '\n') {
        return false;
    }
    rest[delim.len_utf8()..]
        .strip_prefix('^')
        .and_then(|r| r.strip_prefix(delim))
        .is_some_and(|r| r.starts_with('#'))
}

/// Whether a program's output file (`sort -o`, `uniq IN OUT`, `find
/// -fprint`, `git --output`) is a file the host needs. Long options are
/// matched by any prefix (`sort --ou=`), as getopt_long takes them.
fn writes_output_over_critical(name: &str, lits: &[&str]) -> bool {
    let after = |options: &[&str]| {
        lits.windows(2)
            .filter(|p| options.contains(&p[0]))
            .any(|p| critical(p[1]))
    };
    let long_value = |long: &str| {
        lits.iter().any(|w| {
            w.split_once('=').is_some_and(|(opt, value)| {
                opt.len() > 3 && long.starts_with(opt) && critical(value)
            })
        })
    };
    match name {
        "sort" => {
            after(&["-o", "--output"])
                || long_value("--output")
                || lits
                    .iter()
                    .any(|w| w.strip_prefix("-o").is_some_and(critical))
        }
        "uniq" => {
            let operands: Vec<&&str> = lits.iter().filter(|w| !w.starts_with('-')).collect();
            operands.get(1).is_some_and(|w| critical(w))
        }
        // xxd(1) `[infile [outfile]]`: the second operand is written,
        // emptied first unless `-r` patches it; review 129.
        "xxd" => {
            let mut operands = Vec::new();
            let mut words = lits.iter();
            while let Some(w) = words.next() {
                if matches!(
                    *w,
                    "-c" | "-cols"
                        | "-g"
                        | "-groupsize"
                        | "-l"
                        | "-len"
                        | "-o"
                        | "-s"
                        | "-seek"
                        | "-n"
                        | "-name"
                ) {
                    words.next();
                } else if !w.starts_with('-') || *w == "-" {
                    operands.push(*w);
                }
            }
            operands.get(1).is_some_and(|w| critical(w))
        }
        "find" => after(&["-fprint", "-fprint0", "-fprintf", "-fls"]),
        "git" => long_value("--output") || after(&["--output", "-o"]),
        // iptables-save(8): `-f, --file FILE` writes the output to FILE.
        _ if name.ends_with("tables-save") || name.ends_with("-save") => {
            saved_to(lits).into_iter().any(critical)
        }
        _ => false,
    }
}

/// The files `iptables-save` writes (getopt_long "bcdt:M:f:V": `--file`
/// by any prefix, `-f` alone, stuck or at the end of a cluster, `-cf
/// FILE`; each `-f` given is opened and emptied, the last one written).
fn saved_to<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    let mut files = Vec::new();
    let mut words = lits.iter();
    while let Some(word) = words.next() {
        if *word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (option, value) = long
                .split_once('=')
                .map_or((long, None), |(o, v)| (o, Some(v)));
            if !option.is_empty() && "file".starts_with(option) {
                files.extend(value.or_else(|| words.next().copied()));
            } else if !option.is_empty()
                && ["table", "modprobe"].iter().any(|o| o.starts_with(option))
                && value.is_none()
            {
                words.next();
            }
            continue;
        }
        let Some(cluster) = word.strip_prefix('-') else {
            continue;
        };
        // A valued option takes the rest of its word, or the next one.
        if let Some((at, c)) = cluster
            .char_indices()
            .find(|(_, c)| matches!(c, 'f' | 't' | 'M'))
        {
            let stuck = &cluster[at + 1..];
            let value = if stuck.is_empty() {
                words.next().copied()
            } else {
                Some(stuck)
            };
            if c == 'f' {
                files.extend(value);
            }
        }
    }
    files
}

/// What a `chmod` mode gives (chmod(1)): others reading, others writing,
/// a set-user-ID bit. (A group's read is how Debian shares its secrets
/// with a service: `shadow`, `ssl-cert`.)
#[derive(Default)]
struct Grants {
    read: bool,
    write: bool,
    setuid: bool,
}

/// A mode as chmod reads it: octal (`666`, `4755`) or symbolic clauses
/// (`o+rw,a+r`, `u+s`; `+w` alone is limited by the umask: not counted).
fn chmod_grants(mode: &str) -> Grants {
    // Octal, with any leading zeros (`00666`), or after an operator
    // (`=644`, `+004`, `+4000`: GNU chmod's octal with `=`, `+`, `-`;
    // thirty-sixth review). (`-` takes rights away: no grant.)
    if let Some(octal) = mode.strip_prefix(['=', '+']).filter(|o| !o.is_empty())
        && octal.chars().all(|c| c.is_digit(8))
    {
        return chmod_grants(octal);
    }
    if !mode.is_empty() && mode.chars().all(|c| c.is_digit(8)) {
        let value = u32::from_str_radix(mode.trim_start_matches('0'), 8).unwrap_or(0);
        return Grants {
            read: value & 0o4 != 0,
            write: value & 0o2 != 0,
            setuid: value & 0o4000 != 0,
        };
    }
    let mut grants = Grants::default();
    for clause in mode.split(',') {
        let Some(op) = clause.find(['+', '=']) else {
            continue;
        };
        let (who, perms) = (&clause[..op], &clause[op + 1..]);
        // No who-letter is `a`, less the umask (022: others keep read);
        // `o=u`, `go=u`, `o=g` copy the owner's (read and write) or the
        // group's (read) rights to others (thirty-third review).
        let others = who.contains(['o', 'a']);
        grants.read |= (others || who.is_empty()) && perms.contains(['r', 'u', 'g']);
        grants.write |= others && perms.contains(['w', 'u']);
        grants.setuid |= (who.is_empty() || who.contains(['u', 'a'])) && perms.contains('s');
    }
    grants
}

/// Why a `chmod` opens what must stay closed: a secret readable by others
/// (`chmod 644 /etc/shadow`), a file the host needs writable by anyone
/// (`chmod 666 /etc/passwd`), or a program run as its owner by anyone
/// (`chmod u+s /bin/bash`).
fn chmod_opens(lits: &[&str]) -> Option<String> {
    // (`--reference FILE`: FILE is no operand.)
    let mut operands = lits
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            !w.starts_with('-') && (*i == 0 || !separate_value(lits[i - 1], "reference", 3))
        })
        .map(|(_, w)| w);
    // `--reference=FILE`: the mode is another file's, only known at run
    // time, and every operand is a file.
    let reference = lits.iter().any(|w| long_named(w, "reference", 3));
    let (mode, grants) = if reference {
        let unknown = Grants {
            read: true,
            write: true,
            setuid: false,
        };
        ("--reference", unknown)
    } else {
        // (No mode holds a `/`: one placed under the working folder is
        // its last part.)
        let mode = operands.next()?;
        let mode = mode.rsplit('/').next().unwrap_or(mode);
        (mode, chmod_grants(mode))
    };
    let files: Vec<&str> = operands.copied().collect();
    if grants.setuid && !files.is_empty() {
        return Some(format!(
            "`chmod {mode}` makes a program run as its owner for anyone who starts it"
        ));
    }
    let secret = files.iter().find(|f| {
        crate::secret_paths::secret_path_any_case(f)
            || (globbed(f) && super::secrets::glob_names_known_secret(f))
    });
    if let Some(file) = secret.filter(|_| grants.read || grants.write) {
        return Some(format!(
            "`chmod {mode}` opens {file}, which holds secrets, to other users"
        ));
    }
    // A folder of secrets (`chmod 777 /root/.ssh`): others may replace
    // what is in it (plant `authorized_keys`), or with `-R` read it all.
    let recursive = lits.iter().any(|w| {
        *w == "--recursive" || (w.starts_with('-') && !w.starts_with("--") && w.contains('R'))
    });
    let secret_folder = files.iter().find(|f| {
        crate::secret_paths::secret_path(&format!("{}/nomos-any-file", f.trim_end_matches('/')))
    });
    if let Some(folder) = secret_folder.filter(|_| grants.write || (grants.read && recursive)) {
        return Some(format!(
            "`chmod {mode}` opens the folder {folder}, whose files are secrets, to other users"
        ));
    }
    // A socket whose server acts as root for whoever connects (a
    // connection needs write permission): anyone becomes root.
    // (A folder of root sockets or pid files made writable, `/run` or
    // `/run/qemu-server`: anyone may replace what is in it.)
    let socket_folder = |f: &str| {
        let folder = format!(
            "{}/",
            crate::secret_paths::normalised(f).trim_end_matches('/')
        );
        ROOT_SOCKETS.iter().any(|s| s.starts_with(&folder))
    };
    if let Some(socket) = files
        .iter()
        .find(|f| root_socket(f) || socket_folder(f))
        .filter(|_| grants.write)
    {
        return Some(format!(
            "`chmod {mode}` lets anyone use {socket}, whose server acts as root for them"
        ));
    }
    let critical = files.iter().find(|f| {
        critical(f)
            || glob_reaches_critical(f)
            || super::persist::runs_code(f, &crate::secret_paths::Folders::home())
    });
    critical
        .filter(|_| grants.write)
        .map(|file| format!("`chmod {mode}` lets anyone write {file}, which the host needs"))
}

/// Sockets whose server does anything root can for whoever connects:
/// Docker's, containerd's, Podman's, libvirt's read-write one, LXD's and
/// Incus's (thirty-first review).
fn root_socket(path: &str) -> bool {
    if globbed(path) {
        return ROOT_SOCKETS
            .iter()
            .any(|socket| crate::secret_paths::glob_matches(path, socket));
    }
    // (As the kernel resolves it: `//run/docker.sock`, `/run/./docker.sock`.)
    let owned = crate::secret_paths::normalised(path);
    let path = owned.strip_prefix("/var").unwrap_or(&owned);
    // Proxmox's QEMU sockets (`/run/qemu-server/100.qmp`, `.qga`, `.vnc`):
    // the guest's whole control, its disks, its agent, its console; Ceph's
    // admin sockets (`config set` on a live daemon); root's own user
    // manager and bus (`systemd-run --user` as root); libvirt's and
    // containerd's sockets, whatever their names (thirty-third review).
    path.starts_with("/run/qemu-server/")
        || (path.starts_with("/run/ceph/") && path.ends_with(".asok"))
        || path.starts_with("/run/user/0/")
        || (path.starts_with("/run/libvirt/") && path.contains("sock"))
        || path.starts_with("/run/containerd/")
        || ROOT_SOCKETS.contains(&path)
}

/// Sockets whose server acts as root for whoever connects, by their
/// usual paths (what a glob is matched against too).
#[rustfmt::skip]
const ROOT_SOCKETS: &[&str] = &[
    "/run/docker.sock", "/var/run/docker.sock", "/run/containerd/containerd.sock",
    "/run/containerd/containerd.sock.ttrpc", "/run/docker/containerd/containerd.sock",
    "/run/k3s/containerd/containerd.sock", "/run/crio/crio.sock", "/run/buildkit/buildkitd.sock",
    "/run/systemd/private", "/run/podman/podman.sock", "/run/libvirt/libvirt-sock",
    "/run/libvirt/virtqemud-sock", "/run/libvirt/libvirt-admin-sock",
    "/run/libvirt/virtproxyd-sock", "/run/incus/unix.socket", "/lib/lxd/unix.socket",
    "/snap/lxd/common/lxd/unix.socket", "/run/openvswitch/db.sock",
    "/run/tailscale/tailscaled.sock", "/run/qemu-server/100.qmp", "/run/qemu-server/100.qga",
    "/run/qemu-server/100.vnc", "/run/ceph/ceph-mon.pve1.asok", "/run/ceph/ceph-osd.0.asok",
    "/run/user/0/bus", "/run/user/0/systemd/private", "/run/cri-dockerd.sock",
];

/// Whether `word` is the long option `--NAME` (with or without `=VALUE`)
/// as getopt_long takes it: the whole name or a prefix of at least `min`
/// letters (`--fro`, `--ref`; coreutils' other options share no longer
/// prefix with these; thirty-fourth review).
fn long_named(word: &str, name: &str, min: usize) -> bool {
    super::abbreviates(word, name)
        && word
            .trim_start_matches('-')
            .split('=')
            .next()
            .is_some_and(|given| given.len() >= min)
}

/// Whether `word` is `--NAME` (as [`long_named`]) without `=VALUE`: the
/// next word is its value.
fn separate_value(word: &str, name: &str, min: usize) -> bool {
    !word.contains('=') && long_named(word, name, min)
}

/// Whether a word is a glob bash expands.
fn globbed(word: &str) -> bool {
    word.contains(['*', '?', '['])
}

/// Whether a glob may name a file or folder of [`CRITICAL`] (`chmod 666
/// /etc/cron.d/*`, `/etc/pass??`).
fn glob_reaches_critical(word: &str) -> bool {
    globbed(word)
        && CRITICAL.iter().any(|c| {
            let c = c.trim_end_matches('/');
            crate::secret_paths::glob_matches(word, c)
                || crate::secret_paths::glob_matches(word, &format!("{c}/x"))
        })
}

/// Why `chown`, `chgrp` or `setfacl` opens what must stay closed: a
/// secret file or a folder of secrets (or a root socket) given to an
/// owner or group other than root's, or a user or group allowed in by
/// an ACL entry, as `chmod 644 /etc/shadow` opens it to others
/// (thirty-first review).
fn owner_opens(name: &str, lits: &[&str]) -> Option<String> {
    // (`--from CURRENT` and `--reference FILE` take the next word.)
    let operands: Vec<&str> = lits
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            !w.starts_with('-')
                && (*i == 0
                    || !(separate_value(lits[i - 1], "from", 1)
                        || separate_value(lits[i - 1], "reference", 3)))
        })
        .map(|(_, w)| *w)
        .collect();
    // `--reference=FILE`: the owner is another file's, known at run time.
    let reference = lits.iter().any(|w| long_named(w, "reference", 3));
    let (grantee, files): (&str, &[&str]) = match name {
        "chown" | "chgrp" if reference => ("(another file's owner)", &operands[..]),
        "chown" | "chgrp" => (operands.first()?, operands.get(1..)?),
        // `setfacl -m u:NAME:rw FILE`: the entries are the option's value.
        "setfacl" => return setfacl_opens(lits),
        _ => return None,
    };
    // `chown user:group`, `chown :group`, `chgrp group`. (No owner holds a
    // `/`: a word placed under the working folder is its last part.)
    let grantee = grantee.rsplit('/').next().unwrap_or(grantee);
    let trusted = |f: &str| {
        grantee
            .split([':', '.'])
            .all(|part| part.is_empty() || trusted_with(part, f))
    };
    files.iter().find(|f| !trusted(f) && opened_by_owner(f)).map(|f| {
        format!(
            "`{name} {grantee}` gives {f}, which holds secrets or acts as root, to another owner"
        )
    })
}

/// Why `setfacl` opens a secret (or a root socket): its entries, however
/// given (`-m ENTRIES`, `-Rm ENTRIES`, `-mENTRIES`, `--modify=ENTRIES`,
/// `--set`), let someone other than root in, or come from a file only
/// known at run time (`-M FILE`, `--set-file`, `--restore`; thirty-second
/// review).
fn setfacl_opens(lits: &[&str]) -> Option<String> {
    let mut entries: Vec<&str> = Vec::new();
    let mut from_file = false;
    let mut files: Vec<&str> = Vec::new();
    let mut words = lits.iter().copied();
    while let Some(w) = words.next() {
        if let Some(v) = w
            .strip_prefix("--modify=")
            .or_else(|| w.strip_prefix("--set="))
        {
            entries.push(v);
        } else if matches!(w, "--modify" | "--set") {
            entries.extend(words.next());
        } else if w.starts_with("--modify-file")
            || w.starts_with("--set-file")
            || w.starts_with("--restore")
        {
            from_file = true;
            if matches!(w, "--modify-file" | "--set-file") {
                words.next();
            }
        } else if let Some(cluster) = w.strip_prefix('-').filter(|c| !c.starts_with('-')) {
            setfacl_cluster(cluster, &mut words, &mut entries, &mut from_file);
        } else if !w.starts_with("--") {
            files.push(w);
        }
    }
    // `--restore=FILE`: ACLs from a file, on the files it names.
    if lits.iter().any(|w| long_named(w, "restore", 3)) {
        return Some("`setfacl --restore` applies ACLs from a file to the files it names".into());
    }
    let opens = |f: &str| {
        from_file
            || entries
                .iter()
                .any(|e| e.split(',').any(|e| acl_entry_opens(e, f)))
    };
    // Write granted to someone else on a file the host needs (`o::rw
    // /etc/passwd`), as `chmod o+w` is.
    let writes = |f: &str| {
        from_file
            || entries.iter().any(|e| {
                e.split(',').any(|e| {
                    let perms = e.rsplit(':').next().unwrap_or("");
                    acl_entry_opens(e, f)
                        && (perms.contains('w')
                            || perms
                                .bytes()
                                .any(|b| matches!(b, b'2' | b'3' | b'6' | b'7')))
                })
            })
    };
    files
        .iter()
        .find(|f| opens(f) && opened_by_owner(f))
        .map(|f| format!("`setfacl` lets another user or group into {f}, which holds secrets"))
        .or_else(|| {
            files
                .iter()
                .find(|f| writes(f) && (critical(f) || glob_reaches_critical(f)))
                .map(|f| {
                    format!("`setfacl` lets another user or group write {f}, which the host needs")
                })
        })
}

/// One cluster of setfacl's short options: `-m`'s entries (stuck or the
/// next word), `-M`'s file (entries only known at run time), `-x`/`-X`'s
/// value skipped.
fn setfacl_cluster<'a>(
    cluster: &'a str,
    words: &mut impl Iterator<Item = &'a str>,
    entries: &mut Vec<&'a str>,
    from_file: &mut bool,
) {
    for (at, c) in cluster.char_indices() {
        let rest = &cluster[at + c.len_utf8()..];
        if !matches!(c, 'm' | 'M' | 'x' | 'X') {
            continue;
        }
        let value = if rest.is_empty() {
            words.next()
        } else {
            Some(rest)
        };
        match c {
            'm' => entries.extend(value),
            'M' => *from_file = true,
            _ => {}
        }
        return;
    }
}

/// Whether a `setfacl` entry lets someone other than root in: a named
/// user or group but root's (`u:nobody:r`, `g:users:rw`), or others
/// (`o::r`, `other::rw`) with any permission; not the owner's, the owning
/// group's or the mask's entries (`u::rw`, `g::r`, `m::r`).
fn acl_entry_opens(entry: &str, file: &str) -> bool {
    let entry = entry
        .strip_prefix("d:")
        .or_else(|| entry.strip_prefix("default:"))
        .unwrap_or(entry);
    let mut fields = entry.split(':');
    let kind = fields.next().unwrap_or("");
    let qualifier = fields.next().unwrap_or("");
    // (Others' and the mask's entries take no qualifier, and their middle
    // colon may go: `o:r`, `other:r`; thirty-third review.)
    let perms = match fields.next() {
        None if matches!(kind, "o" | "other" | "m" | "mask") => qualifier,
        perms => perms.unwrap_or(""),
    };
    let grants = perms.contains(['r', 'w', 'x']) || perms.bytes().any(|b| matches!(b, b'1'..=b'7'));
    match kind {
        "o" | "other" => grants,
        "m" | "mask" => false,
        _ => !qualifier.is_empty() && !trusted_with(qualifier, file),
    }
}

/// Whether a user or group may hold FILE without opening it: root's own
/// account and group, by name or number, and the groups Debian shares a
/// secret with on purpose, for that secret only (`shadow` for the
/// password files, `ssl-cert` for /etc/ssl/private: `chgrp ssl-cert
/// /etc/shadow` lets PostgreSQL's account read every hash; thirty-second
/// review).
fn trusted_with(name: &str, file: &str) -> bool {
    let path = crate::secret_paths::normalised(file);
    match name {
        "" | "root" | "0" => true,
        "shadow" => matches!(
            path.as_str(),
            "/etc/shadow" | "/etc/gshadow" | "/etc/shadow-" | "/etc/gshadow-"
        ),
        "ssl-cert" => path.starts_with("/etc/ssl/private/") || path == "/etc/ssl/private",
        _ => false,
    }
}

/// A secret file, a folder of secrets, a root socket, or a file the
/// system runs as code or trusts for access (`/etc/sudoers`, root's
/// `authorized_keys`: its new owner may rewrite it; thirty-second review).
fn opened_by_owner(path: &str) -> bool {
    // The top system folders themselves: their new owner may rename and
    // replace what is in them (`chown nobody /etc`; thirty-fourth review).
    const TOP: &[&str] = &[
        "/",
        "/etc",
        "/root",
        "/usr",
        "/bin",
        "/sbin",
        "/lib",
        "/lib64",
        "/boot",
        "/var",
        "/run",
        "/etc/ssh",
        "/etc/pve",
        "/usr/local",
        "/etc/docker",
        "/var/lib/docker",
        "/var/backups",
        "/var/lib",
    ];
    let resolved = crate::secret_paths::normalised(path);
    let trimmed = match resolved.trim_end_matches('/') {
        "" => "/",
        t => t,
    };
    if TOP.contains(&trimmed) {
        return true;
    }
    if globbed(path)
        && (super::secrets::glob_names_known_secret(path) || glob_reaches_critical(path))
    {
        return true;
    }
    super::persist::runs_code(path, &crate::secret_paths::Folders::home())
        || crate::secret_paths::secret_path(path)
        || crate::secret_paths::secret_path(&format!(
            "{}/nomos-any-file",
            path.trim_end_matches('/')
        ))
        || root_socket(path)
}

/// `rsync --list-only …` or `rsync SRC` alone lists and writes nothing.
pub(super) fn rsync_only_lists(lits: &[&str]) -> bool {
    // (A dry run, as rsync's own parser reads the line (`-n`, not the
    // value of `--exclude -n` or `-Tn`): it transfers and deletes
    // nothing: `rsync -rcn --itemize-changes BACKUP/ /etc/pve/firewall/`;
    // blind corpus 202, review 127.)
    super::rsync_dry_run(lits)
        || lits.contains(&"--list-only")
        // (One operand, no `--` before a file named like an option.)
        || (!lits.contains(&"--") && lits.iter().filter(|w| !w.starts_with('-')).count() == 1)
}

/// `vim --version`, `gdb --help` and friends only print.
fn only_prints(name: &str, lits: &[&str]) -> bool {
    matches!(lits, ["--version" | "--help" | "-V" | "-v" | "-h"])
        // capsh's report, a mask decoded: nothing runs after them (blind
        // corpus 130).
        || (name == "capsh"
            && !lits.is_empty()
            && lits.iter().all(|w| {
                matches!(*w, "--print" | "--current")
                    || w.starts_with("--decode=")
                    || w.starts_with("--supports=")
            }))
        || (name == "at" && lits.iter().all(|w| matches!(*w, "-l" | "-c")))
        // (`at -l -q b`: one queue's jobs listed.)
        || (name == "at"
            && matches!(lits, ["-l", "-q", queue] if queue.len() == 1 && queue.bytes().all(|b| b.is_ascii_alphabetic())))
        // (`at -c 14`: the job's script printed; blind corpus 203.)
        || (name == "at"
            && matches!(lits.first(), Some(&("-c" | "-l")))
            && lits[1..].iter().all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())))
        // `run-parts --test`/`--list` print the names it would run.
        || (name == "run-parts"
            && lits.iter().any(|w| matches!(*w, "--test" | "--list")))
        // busctl's listing and introspection verbs call no method.
        || (name == "busctl"
            && lits.iter().all(|w| !w.starts_with('-') || matches!(*w, "--no-pager" | "-l" | "--full" | "--system") || w.starts_with("--auto-start="))
            && matches!(
                lits.iter().find(|w| !w.starts_with('-')).copied(),
                None | Some("list" | "status" | "tree" | "introspect" | "get-property" | "help")
            ))
}

/// The words of a literal payload fed to a command: a heredoc's or a
/// here-string's, or one `echo`/`printf` before it in the pipeline,
/// with backslash escapes (`\r`, `\n`) read as blanks.
/// ACME clients told to take their hooks or settings from elsewhere
/// (review 120): acme.sh sources its `account.conf` from `--accountconf`,
/// `--home` or `--config-home`, and a `--dns`/`--deploy-hook` name with
/// a `/` from outside its `dnsapi/` and `deploy/` folders; certbot runs
/// the hooks of `--config-dir`'s `renewal-hooks/` and of a `-c`
/// configuration file's `pre-hook =` lines (its dry runs too).
fn acme_code_elsewhere(name: &str, lits: &[&str]) -> Option<String> {
    // (argparse takes an unambiguous start, `--config-d`, and a short
    // option's value attached, `-c/tmp/x.ini`; review 121.)
    let value = |i: usize, option: &str| -> Option<String> {
        let w = lits[i];
        let (name, attached) = match w.split_once('=') {
            Some((name, v)) => (name, Some(v)),
            None => (w, None),
        };
        let abbreviates =
            name == option || (name_is_prefix(name, option) && name.len() > "--config".len());
        if abbreviates {
            return match attached {
                Some(v) => Some(v.to_string()),
                None => lits.get(i + 1).map(|v| v.to_string()),
            };
        }
        (option.len() == 2 && w.len() > 2 && w.starts_with(option)).then(|| w[2..].to_string())
    };
    let found = |options: &[&str], test: &dyn Fn(&str) -> bool| {
        (0..lits.len()).any(|i| {
            options
                .iter()
                .any(|o| value(i, o).is_some_and(|v| test(&v)))
        })
    };
    match name {
        "acme.sh"
            if found(
                &[
                    "--accountconf",
                    "--home",
                    "--config-home",
                    "--cert-home",
                    "--certhome",
                    "--openssl-bin",
                ],
                &|_| true,
            ) || found(&["--dns", "--deploy-hook", "--notify-hook"], &|v| {
                v.contains('/')
            }) =>
        {
            Some("`acme.sh` sources shell code from a file or folder not on the card".into())
        }
        "certbot"
            if found(&["--config-dir", "-c", "--config"], &|v| {
                v.trim_end_matches('/') != "/etc/letsencrypt"
            }) =>
        {
            Some("`certbot` runs the hooks of a configuration not on the card".into())
        }
        _ => None,
    }
}

/// Whether `name` starts a long option `option` (`--config-d` of
/// `--config-dir`).
fn name_is_prefix(name: &str, option: &str) -> bool {
    name.starts_with("--") && option.starts_with(name)
}

/// Whether ed's input may hold a command beyond printing: input only
/// known at run time, or a line that is not an address with `p`, `n`,
/// `l`, `=` (or `q`, `h`).
fn ed_input_acts(stdin: &Stdin<'_>) -> bool {
    let text = match stdin {
        Stdin::Text(text) => text.to_string(),
        Stdin::Unknown => return true,
        Stdin::Pipe(_) => match fed_text(stdin) {
            Some(text) => text,
            None => return true,
        },
        Stdin::Inherited => return false,
    };
    // (An address then `p`, `n`, `l` or `=`: the address of numbers,
    // `,`, `.`, `$`, `;`, `+`, `-` or one `/RE/`; `w FILE` ends in a
    // letter too; review 121.)
    let address = |a: &str| {
        a.chars()
            .all(|c| c.is_ascii_digit() || ",.$;+- ".contains(c))
            || (a.len() >= 2
                && a.starts_with('/')
                && a.ends_with('/')
                && !a[1..a.len() - 1].contains('/'))
    };
    text.lines().map(str::trim).any(|line| {
        !(line.is_empty()
            || matches!(line, "q" | "Q" | "h" | "H" | "P")
            || line.strip_suffix(['p', 'n', 'l', '=']).is_some_and(address))
    })
}

/// A word of the literal payload a raw connection is fed that names loss
/// (`FLUSHALL`, `DROP`, `shutdown`).
pub(crate) fn sent_loss_word(stdin: &Stdin<'_>) -> Option<String> {
    if let Some(built) = built_payload(stdin) {
        return Some(built);
    }
    let words = payload_words(stdin);
    words
        .iter()
        .find(|w| {
            names_loss(w)
                || STORE_LOSS_COMMANDS
                    .iter()
                    .any(|c| w.eq_ignore_ascii_case(c))
        })
        .or_else(|| {
            // (`CONFIG SET dir /root/.ssh`: the files Redis then writes.)
            words
                .windows(2)
                .find(|p| {
                    p[0].eq_ignore_ascii_case("config")
                        && ["set", "rewrite", "resetstat"]
                            .iter()
                            .any(|v| p[1].eq_ignore_ascii_case(v))
                })
                .map(|p| &p[0])
        })
        .cloned()
}

/// The commands of key-value stores spoken to raw (Redis' and memcached's
/// protocols) that lose keys or the service, or point it elsewhere:
/// deletions, a crash or shutdown, replication to another server, a key
/// moved away, a module loaded (review 141).
const STORE_LOSS_COMMANDS: &[&str] = &[
    "UNLINK",
    "DEL",
    "GETDEL",
    "DEBUG",
    "SHUTDOWN",
    "SLAVEOF",
    "REPLICAOF",
    "MIGRATE",
    "MODULE",
    "RESTORE",
    "RENAME",
    "RENAMENX",
    "EXPIRE",
    "PEXPIRE",
    "EXPIREAT",
    "PEXPIREAT",
    "SWAPDB",
    "FAILOVER",
    "FLUSHDB",
    "FLUSHALL",
    "flush_all",
    "delete",
    "touch",
    "gat",
    "gats",
    // (Scripts and functions that may run any of them; trims and pops;
    // the ACL's users; review 142.)
    "EVAL",
    "EVALSHA",
    "EVAL_RO",
    "FCALL",
    "FUNCTION",
    "SCRIPT",
    "LTRIM",
    "XTRIM",
    "XDEL",
    "ZREMRANGEBYRANK",
    "ZREMRANGEBYSCORE",
    "ZREMRANGEBYLEX",
    "ZREM",
    "ZPOPMIN",
    "ZPOPMAX",
    "SREM",
    "SPOP",
    "HDEL",
    "LREM",
    "LPOP",
    "RPOP",
    "LMPOP",
    "BLPOP",
    "BRPOP",
    "ACL",
    "CLIENT",
    "GETEX",
];

/// A raw payload printf or `echo -e` builds from escapes or conversions
/// (`printf '\106LUSHALL\r\n'`, `printf '%s%s\r\n' FLUSH ALL`): what
/// reaches the service is not on the card as written (review 141). Its
/// text, when built.
fn built_payload(stdin: &Stdin<'_>) -> Option<String> {
    let Stdin::Pipe(stages) = stdin else {
        return None;
    };
    // (Past the stages that pass their input on, `| cat |`; a group or a
    // subshell that writes it in pieces, a decoder that builds it:
    // `{ printf FLUSH; printf ALL; }`, `base64 -d`; review 142.)
    let passes = |c: &&crate::Command| {
        let text = c.to_string();
        let program = text.split_whitespace().next().unwrap_or("");
        matches!(program, "cat" | "head" | "tail" | "tee")
            && !text.contains(['|', '>', '<', '$', '`'])
    };
    let text = stages.iter().rev().find(|c| !passes(c))?.to_string();
    let first = text.split_whitespace().next().unwrap_or("");
    // (Any program that rewrites text on its way: decoders, `tr`'s rot13,
    // `rev`, `sed`; review 143.)
    let decodes = matches!(
        first.rsplit('/').next().unwrap_or(first),
        "base64"
            | "base32"
            | "basenc"
            | "xxd"
            | "openssl"
            | "gunzip"
            | "zcat"
            | "tr"
            | "rev"
            | "sed"
            | "awk"
            | "gawk"
            | "mawk"
            | "perl"
            | "python3"
            | "python"
            | "iconv"
            | "uudecode"
            | "od"
            | "xargs"
            | "envsubst"
            | "m4"
    );
    if text.starts_with(['{', '(']) || decodes {
        return Some(text);
    }
    // (printf by any path, `/usr/bin/printf`; echo with `-e` in any
    // cluster, `-en`; ANSI-C quoting, `$'\x46…'`, whoever writes it;
    // review 142.)
    if text.contains("$'") {
        return Some(text);
    }
    let (program, said) = text.split_once(' ')?;
    let program = program.rsplit('/').next().unwrap_or(program);
    let (printf, said) = match program {
        "printf" => (true, said),
        "echo" => {
            let flags = said.split_whitespace().next().unwrap_or("");
            if !(flags.starts_with('-') && flags.contains('e')) {
                return None;
            }
            (false, said)
        }
        _ => return None,
    };
    if printf && crate::sources::literal_lines(&format!("printf {said}")).is_some() {
        return None;
    }
    let escapes = said
        .split('\\')
        .skip(1)
        .any(|rest| !rest.is_empty() && !rest.starts_with(['n', 'r', 't', '\'', '"', ' ']));
    let conversions = printf && said.contains('%');
    (escapes || conversions).then(|| said.to_string())
}

fn payload_words(stdin: &Stdin<'_>) -> Vec<String> {
    let text = match stdin {
        Stdin::Text(text) => text.to_string(),
        // (The command right before it: what went before that feeds the
        // feeder, not this one.)
        // (Through plain `cat`s: `echo FLUSHALL | cat | nc …`; review
        // 120.)
        Stdin::Pipe(stages) => {
            // (Past the stages that pass their input on: `cat -`, `head`,
            // `tail`, `tee FILE`; review 121.)
            let passes = |c: &&crate::Command| {
                let text = c.to_string();
                let program = text.split_whitespace().next().unwrap_or("");
                matches!(program, "cat" | "head" | "tail" | "tee")
                    && !text.contains(['|', '>', '<', '$', '`'])
            };
            let Some(feeder) = stages.iter().rev().find(|c| !passes(c)) else {
                return Vec::new();
            };
            let text = feeder.to_string();
            // (printf's lines, `printf 'FLUSH%s\n' ALL`.)
            if let Some(lines) = crate::sources::literal_lines(&text) {
                return lines.into_iter().take(64).collect();
            }
            match text
                .strip_prefix("echo ")
                .or_else(|| text.strip_prefix("printf "))
            {
                Some(said) => said.to_string(),
                None => return Vec::new(),
            }
        }
        _ => return Vec::new(),
    };
    // (Quotes taken out as the shell joins the pieces: `'FLUSH''ALL'`.)
    text.replace("\\r", " ")
        .replace("\\n", " ")
        .replace(['\'', '"', '\\'], "")
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|w| !w.is_empty())
        .take(64)
        .map(str::to_string)
        .collect()
}

/// The text a command is fed when it is on the line: a heredoc or
/// here-string, or one `echo`/`printf` of a literal before it in the
/// pipeline (one quoted word, or plain words unquoted; printf's `\n`
/// read as a line break; no other escape, no option, no format).
fn fed_text(stdin: &Stdin<'_>) -> Option<String> {
    match stdin {
        Stdin::Text(text) => Some(text.to_string()),
        Stdin::Pipe([feeder]) => {
            let text = feeder.to_string();
            let (printf, said) = match text.strip_prefix("echo ") {
                Some(said) => (false, said),
                None => (true, text.strip_prefix("printf ")?),
            };
            let said = said.trim();
            // (`echo show stat`: words of letters, digits and `-_./:`.)
            let unquoted = !said.starts_with('-')
                && said.chars().all(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | '/' | ':')
                });
            // One quoted literal, no expansion or escape inside it.
            let inner = said
                .strip_prefix('\'')
                .and_then(|s| s.strip_suffix('\''))
                .or_else(|| said.strip_prefix('"').and_then(|s| s.strip_suffix('"')))
                .or(unquoted.then_some(said))?;
            if inner.contains(['\'', '"', '$', '`', '%']) || inner.replace("\\n", "").contains('\\')
            {
                return None;
            }
            Some(if printf {
                inner.replace("\\n", "\n")
            } else {
                inner.to_string()
            })
        }
        Stdin::Pipe(_) | Stdin::Inherited | Stdin::Unknown => None,
    }
}

/// Whether chezmoi writes managed files into the home folder (its
/// reference): `apply`, `update` (a pull, then an apply), `init --apply`
/// or `--one-shot`, `edit --apply`, `destroy` and `remove` (targets
/// deleted), unless told `--dry-run`; every managed file without targets,
/// else a target the system runs (`~/.bashrc`) (blind corpus 232).
fn chezmoi_applies(lits: &[&str]) -> bool {
    if lits.iter().any(|w| {
        *w == "--dry-run" || (w.starts_with('-') && !w.starts_with("--") && w.contains('n'))
    }) {
        return false;
    }
    let operands: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let Some((verb, targets)) = operands.split_first() else {
        return false;
    };
    let applies = match *verb {
        "apply" | "update" => !lits.contains(&"--apply=false"),
        "init" | "edit" => lits
            .iter()
            .any(|w| matches!(*w, "--apply" | "-a" | "--one-shot")),
        "destroy" | "remove" | "rm" | "purge" => return true,
        _ => false,
    };
    let home = crate::secret_paths::Folders::home();
    applies
        && (targets.is_empty()
            || *verb != "apply"
            || targets
                .iter()
                .any(|t| super::persist::runs_code(t, &home) || critical(t)))
}

/// Whether the monitor commands a `qm monitor` is fed are only HMP `info`
/// queries that report (QEMU 8's `info` list) or its help, one per line: not `info
/// registers`, `mem`, `tlb` (guest memory and CPU state), nor any other
/// command (`quit`, `system_reset`, `drive_del`, `migrate`).
fn monitor_only_queries(stdin: &Stdin<'_>) -> bool {
    #[rustfmt::skip]
    const REPORTS: &[&str] = &[
        "version", "kvm", "name", "uuid", "status", "cpus", "block", "blockstats", "block-jobs",
        "pci", "usb", "usbhost", "spice", "vnc", "balloon", "chardev", "qtree", "mtree", "numa",
        "hotpluggable-cpus", "tpm", "network", "mice", "iothreads", "memdev", "memory-devices",
        "memory_size_summary", "irq", "migrate", "migrate_capabilities", "migrate_parameters",
        "snapshots", "roms", "qdm", "vm-generation-id", "pic", "ramblock", "dump", "history",
        "cpustats", "replay", "jobs", "stats", "sev", "sgx", "sgx_capabilities", "dirty_rate",
        "cryptodev", "virtio", "usernet", "accel", "trace-events",
    ];
    let Some(text) = fed_text(stdin) else {
        return false;
    };
    // (GNU readline, which `qm monitor` reads with, ends a line at `\r`
    // too, and binds other control bytes to its own commands: only
    // printable ASCII and `\n`; review 63.)
    if text
        .bytes()
        .any(|b| !(b == b'\n' || b == b' ' || b.is_ascii_graphic()))
    {
        return false;
    }
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .peekable();
    lines.peek().is_some()
        && lines.all(|line| {
            let mut words = line.split_whitespace();
            // (Or HMP's own help, `help` or `?` with a command's name:
            // text only; review 139.)
            let first = words.next();
            (matches!(first, Some("help" | "?"))
                || (first == Some("info") && words.next().is_some_and(|q| REPORTS.contains(&q))))
                && words.all(|w| {
                    w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                })
        })
}

/// Whether `socat` only asks HAProxy's runtime API to show something:
/// `echo "show stat" | socat stdio /run/haproxy/admin.sock` (blind corpus
/// 53): standard input against the admin socket, and its input text
/// known ([`fed_text`]), every command in it a `show …` (commands split
/// at `;` and line ends; not `set`, `disable`, `shutdown`, `clear`).
fn haproxy_shows(name: &str, lits: &[&str], stdin: &Stdin<'_>) -> Option<bool> {
    let socket = |w: &str| {
        let path = w
            .strip_prefix("unix-connect:")
            .or_else(|| w.strip_prefix("UNIX-CONNECT:"))
            .or_else(|| w.strip_prefix("unix:"))
            .or_else(|| w.strip_prefix("UNIX:"))
            .unwrap_or(w);
        ["/run/haproxy/", "/var/run/haproxy/", "/var/lib/haproxy/"]
            .iter()
            .any(|d| {
                path.strip_prefix(d)
                    .is_some_and(|f| !f.contains(['/', ':', ',']) && f.ends_with(".sock"))
            })
    };
    if name != "socat"
        || !matches!(lits, [io, sock] if matches!(*io, "stdio" | "STDIO" | "-") && socket(sock))
    {
        return None;
    }
    // (No escape but printf's `\n`: `\073` and `\x3b` are `;` to printf,
    // another command to HAProxy; review 55. echo's `\n` stays two
    // characters, which HAProxy reads as an escape: refused.)
    let said = fed_text(stdin)?;
    // Reports only: not `show env` (the process environment), `show
    // tls-keys` (the session-ticket keys), nor `show errors` (rejected
    // requests' raw headers, cookies and Authorization among them;
    // review 56).
    const SHOWS: &[&str] = &[
        // (`show ssl cert`: a certificate's fields, no key.)
        "ssl",
        "info",
        "stat",
        "servers",
        "table",
        "sess",
        "backend",
        "pools",
        "activity",
        "resolvers",
        "threads",
        "version",
        "health",
        "startup-logs",
    ];
    if said.contains(['$', '`', '"', '\'', '|', '&', '>', '<', '\\']) {
        return None;
    }
    let commands: Vec<&str> = said
        .split([';', '\n'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let reports = |c: &&str| {
        *c == "help"
            || c.strip_prefix("show ")
                .is_some_and(|what| SHOWS.contains(&what.split_whitespace().next().unwrap_or("")))
    };
    // (Some(false): only `show` commands, one of them a secret's.)
    if commands.iter().all(reports) {
        Some(true)
    } else if commands.iter().all(|c| c.starts_with("show ")) {
        Some(false)
    } else {
        None
    }
}

/// The files `mv` moves (all operands but the destination, or all of
/// them after `-t DIR`).
fn mv_sources<'a>(lits: &[&'a str]) -> Vec<&'a str> {
    let target_dir = lits
        .windows(2)
        .find(|p| matches!(p[0], "-t" | "--target-directory"))
        .map(|p| p[1]);
    let operands: Vec<&str> = lits
        .iter()
        .filter(|w| !w.starts_with('-') && Some(**w) != target_dir)
        .copied()
        .collect();
    match target_dir {
        Some(_) => operands,
        None => operands[..operands.len().saturating_sub(1)].to_vec(),
    }
}

/// Whether a sed or awk program writes over a file the host needs, or
/// over the file it is reading (awk's `> FILENAME`): after sed's `w`/`W`
/// or awk's `>`, the target.
fn writes_over(program: &str, text: &str) -> bool {
    let marks: &[char] = if program == "sed" {
        &['w', 'W']
    } else {
        &['>']
    };
    text.match_indices(marks).any(|(at, mark)| {
        let target = text[at + mark.len()..]
            .trim_start_matches(['>', ' ', '\t', '"', '\''])
            .split(['"', '\'', ' ', ';', '}', '\n'])
            .next()
            .unwrap_or("");
        target == "FILENAME" || critical(target)
    })
}

fn tar_extracts_over_the_system(lits: &[&str]) -> bool {
    let extracts = lits.iter().any(|w| {
        *w == "--extract"
            || *w == "--get"
            || (w.starts_with('-') && !w.starts_with("--") && w.contains('x'))
            || (!w.starts_with('-') && w.len() <= 6 && w.starts_with('x'))
    });
    // (tar changes folder at each `-C`: the last one is where the members
    // land; review 56.)
    let into = lits
        .iter()
        .enumerate()
        .filter_map(|(i, w)| match *w {
            // (getopt_long: `--dir`, `--directo` are `--directory`.)
            "-C" => lits.get(i + 1).copied(),
            _ if w.len() >= 5 && "--directory".starts_with(*w) => lits.get(i + 1).copied(),
            _ => w
                .split_once('=')
                .filter(|(name, _)| name.len() >= 5 && "--directory".starts_with(name))
                .map(|(_, value)| value)
                // Attached to its option: `-C/etc`.
                .or_else(|| w.strip_prefix("-C").filter(|v| !v.is_empty())),
        })
        .next_back()
        .or_else(|| old_style_directory(lits));
    // (`-C ~`: root's home, as `-C /root`; review 59.)
    let home;
    let into = match into {
        Some(d) if d == "~" || d.starts_with("~/") => {
            home = format!("/root{}", &d[1..]);
            Some(home.as_str())
        }
        // (`~root`, root's home by name; review 60.)
        Some(d) if d == "~root" || d.starts_with("~root/") => {
            home = format!("/root{}", d[5..].trim_end_matches('/'));
            Some(home.as_str())
        }
        other => other,
    };
    // A backup restored where the data is (`tar -xzpf
    // /mnt/backup/vaultwarden-data-2024-06-10.tar.gz -C /opt/vaultwarden`):
    // what is there now is overwritten, unless kept (`-k`,
    // `--skip-old-files`) or the target is a scratch folder (blind
    // corpus 52).
    // (`-O`: to standard output, no file written.)
    let keeps = lits.iter().any(|w| {
        matches!(
            *w,
            "--keep-old-files" | "--skip-old-files" | "--keep-newer-files" | "--to-stdout"
        ) || (w.starts_with('-') && !w.starts_with("--") && w.contains(['k', 'O']))
    });
    // (A later `-U`, `--unlink-first`, `--overwrite` undoes `-k`;
    // review 55.)
    let unlinks = lits.iter().any(|w| {
        matches!(*w, "--unlink-first" | "--overwrite" | "--recursive-unlink")
            || (w.starts_with('-') && !w.starts_with("--") && w.contains('U'))
    });
    let keeps = keeps && !unlinks;
    // (`-P`: members keep their absolute names, wherever `-C` points.)
    // (Old-style letters too, `tar xzPf`; `--abs` is `--absolute-names`.)
    let absolute = lits.iter().enumerate().any(|(i, w)| {
        (w.len() >= 5 && "--absolute-names".starts_with(*w))
            || (w.starts_with('-') && !w.starts_with("--") && w.contains('P'))
            || (i == 0 && !w.starts_with('-') && w.contains('P'))
    });
    let scratch = !absolute
        && !into.is_some_and(|d| d.contains(".."))
        && into.is_some_and(|d| {
            ["/tmp/", "/var/tmp/", "/dev/shm/"]
                .iter()
                .any(|t| d.starts_with(t) || d == t.trim_end_matches('/'))
        });
    let restores_backup = lits.iter().any(|w| backup_archive_name(w));
    // Members sent out of the folder whatever its name: absolute names,
    // a rename that climbs (`--transform s,^,../../etc/,`), an absolute
    // top folder (`--one-top-level=/etc`); new files land anywhere, even
    // with `-k` (review 58). Only `-O` writes none.
    let to_stdout = lits.iter().any(|w| {
        *w == "--to-stdout" || (w.starts_with('-') && !w.starts_with("--") && w.contains('O'))
    });
    let renamed_out = lits.iter().enumerate().any(|(i, w)| {
        // (`--transform` takes its value either way; `--one-top-level`'s
        // is optional, only after `=`.)
        let transform = ["--transform", "--xform"]
            .iter()
            .find_map(|n| match w.strip_prefix(n) {
                Some("") => lits.get(i + 1).copied(),
                Some(v) => v.strip_prefix('='),
                None => None,
            });
        // (getopt_long: `--one-top=/etc` is `--one-top-level=/etc`.)
        let top = w
            .split_once('=')
            .filter(|(name, _)| name.len() >= 7 && "--one-top-level".starts_with(name))
            .map(|(_, value)| value);
        transform.is_some_and(|v| v.contains(".."))
            || top.is_some_and(|v| v.starts_with('/') || v.contains(".."))
    });
    extracts
        && ((absolute || renamed_out) && !to_stdout
            || into.is_some_and(critical)
            || lits.contains(&"--overwrite")
            || (restores_backup && !keeps && !scratch))
}

/// The folder an old-style first word's `C` names (`tar xCf / a.tar`):
/// its letters that take a value take the next words in their order
/// (GNU tar 1.34: `b C f F g H I K L N T V X`); review 59.
fn old_style_directory<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let first = lits.first()?;
    if first.starts_with('-') || !first.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut next = 1;
    for letter in first.chars() {
        if "bCfFgHIKLNTVX".contains(letter) {
            if letter == 'C' {
                return lits.get(next).copied();
            }
            next += 1;
        }
    }
    None
}

/// Whether a word names a backup archive: `backup`, `bak`, `vzdump`,
/// `dump`, `snapshot` in its name, or a date stamp (`2024-06-10`,
/// `2024_06_10`, `20240610`) in an archive's name.
fn backup_archive_name(word: &str) -> bool {
    let name = word.rsplit('/').next().unwrap_or(word).to_ascii_lowercase();
    let archive = [
        ".tar", ".tgz", ".tbz", ".txz", ".tzst", ".tar.gz", ".tar.zst", ".tar.xz", ".tar.bz2",
    ]
    .iter()
    .any(|e| name.contains(e));
    let named = ["backup", "bak", "vzdump", "dump", "snapshot", "restore"]
        .iter()
        .any(|w| name.contains(w));
    let digits: Vec<&str> = name
        .split(|c: char| !c.is_ascii_digit())
        .filter(|d| !d.is_empty())
        .collect();
    let stamped = digits
        .windows(3)
        .any(|w| w[0].len() == 4 && w[0].starts_with("20") && w[1].len() == 2 && w[2].len() == 2)
        || digits.iter().any(|d| d.len() == 8 && d.starts_with("20"));
    archive && (named || stamped)
}

/// Whether `qm|pct set|create` options hand a guest the host: a disk
/// option (`--scsi1`, `--virtio0`, `--sata2`, `--ide1`, `--efidisk0`,
/// `--tpmstate0`, `--dev0`, `--mp0`, `--rootfs`) whose volume is a host
/// block device (`/dev/sda`, `/dev/disk/by-id/…`, `/dev/nvme0n1`, not
/// `/dev/net/tun` or `/dev/dri`) or a host system folder (`/`, `/etc`,
/// `/root`, `/var`, `/usr`, `/boot`, `/dev`, `/proc`, `/sys`, `/run`),
/// or a raw LXC key lifting AppArmor.
fn gives_guest_the_host(lits: &[&str]) -> bool {
    const DISKS: &[&str] = &[
        "scsi", "virtio", "sata", "ide", "efidisk", "tpmstate", "dev", "mp", "rootfs", "unused",
    ];
    // The volume: the first part, or a `volume=`, `file=` or `path=` key
    // anywhere (`mp=/x,volume=/`, `file=/dev/sda`), as the kernel
    // resolves it (`//dev/sda`; thirty-second review).
    let host = |volume: &str| {
        volume
            .split(',')
            .enumerate()
            .any(|(i, part)| match part.split_once('=') {
                // (`import-from=`: a host disk or file copied into a new
                // guest disk; thirty-third review.)
                Some(("volume" | "file" | "path" | "import-from", value)) => host_path(value),
                Some(_) => false,
                None => i == 0 && host_path(part),
            })
    };
    let mut words = lits.iter().peekable();
    while let Some(w) = words.next() {
        let Some(option) = w.strip_prefix("--").or_else(|| w.strip_prefix('-')) else {
            continue;
        };
        let (key, inline) = match option.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (option, None),
        };
        // As Getopt::Long reads PVE's options: any case, and a unique
        // prefix of the disk options that have no numbered kin
        // (`--SCSI1`, `--efi`, `--tpm`, `--rootf`; `--cdrom` is `ide2`;
        // thirty-third review).
        let key = key.to_ascii_lowercase();
        let disk = DISKS.iter().any(|d| {
            key.strip_prefix(d)
                .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
        }) || (key.len() >= 2
            && ["efidisk0", "tpmstate0", "rootfs", "cdrom"]
                .iter()
                .any(|whole| whole.starts_with(key.as_str())));
        let value = inline.or_else(|| words.peek().map(|v| **v));
        if (disk && value.is_some_and(host))
            || (key.len() >= 3
                && "args".starts_with(key.as_str())
                && value.is_some_and(raw_qemu_reaches_host))
        {
            return true;
        }
    }
    lits.iter()
        .any(|w| w.contains("apparmor.profile") && w.contains("unconfined"))
        || lits
            .iter()
            .any(|w| w.contains("lxc.cap.drop") && w.trim_end().ends_with('='))
}

/// Whether an ACL change makes someone Administrator (or PVEAdmin) on
/// `/`: the path as `pveum`'s operand or `pvesh`'s `--path`, the roles as
/// `--roles X`, `--roles=X,Y` (thirty-first review).
fn makes_cluster_admin(lits: &[&str]) -> bool {
    // (`//` is `/` too: PVE normalises the path.)
    let root = |p: &str| p.starts_with('/') && crate::secret_paths::normalised(p) == "/";
    let on_root = lits.iter().any(|w| root(w)) || pve_values(lits, "path").any(root);
    on_root
        && lits.iter().any(|w| {
            let value = w.rsplit('=').next().unwrap_or(w);
            // (A list as pve-common's `split_list` reads it: `,`, `;`,
            // NUL and any blank apart; review 135.)
            value
                .split(|c: char| matches!(c, ',' | ';' | '\0') || c.is_whitespace())
                .any(|r| matches!(r, "Administrator" | "PVEAdmin"))
        })
}

/// Whether an API token is made without privilege separation (a token of
/// root@pam is then root): `--privsep 0`, `--privsep=no`, any of
/// pve-common's false spellings.
fn privsep_off(lits: &[&str]) -> bool {
    pve_values(lits, "privsep").any(|v| {
        ["0", "no", "false", "off"]
            .iter()
            .any(|f| v.eq_ignore_ascii_case(f))
    })
}

/// The values given to a Proxmox CLI option, separate or after `=`.
fn pve_values<'a>(lits: &'a [&str], name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    super::pve_given(lits, name).filter_map(|(i, value)| value.or_else(|| lits.get(i + 1).copied()))
}

/// `qm importdisk VMID SOURCE STORAGE` / `qm disk import …` from a host
/// device or a file under the host's system folders.
fn imports_host_disk(lits: &[&str]) -> bool {
    let operands: Vec<&str> = lits
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let source = match operands.as_slice() {
        ["importdisk", _, source, ..] | ["disk", "import", _, source, ..] => *source,
        _ => return false,
    };
    host_path(source)
}

/// What `pvesh set|create` grants through the API `pct`, `qm` and
/// `pveum` drive: a guest's config given a host disk or folder, a folder
/// mapping of a host system folder, an administrator on `/`, a token
/// without privilege separation.
fn pvesh_grants(lits: &[&str]) -> Option<&'static str> {
    let path = pvesh_path(lits);
    let path = path.trim_end_matches('/');
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let guest = matches!(
        parts.as_slice(),
        ["nodes", _, "qemu" | "lxc"] | ["nodes", _, "qemu" | "lxc", _, "config"]
    );
    if guest && gives_guest_the_host(lits) {
        return Some("gives a guest the host's disk, system folders or unconfined access");
    }
    let mapped = parts.starts_with(&["cluster", "mapping"])
        && pve_values(lits, "map").any(|m| {
            m.split(',')
                .any(|kv| kv.strip_prefix("path=").is_some_and(host_path))
        });
    if mapped {
        return Some("maps a host system folder or device for guests");
    }
    if parts.starts_with(&["access", "acl"]) && makes_cluster_admin(lits) {
        return Some("makes someone an administrator of the whole cluster");
    }
    if parts.starts_with(&["access", "users"]) && parts.contains(&"token") && privsep_off(lits) {
        return Some("makes an API token with all its user's powers (privilege separation off)");
    }
    None
}

/// Whether a guest's volume or a mapping's path is the host's own: a
/// block device, a system folder or anything under one (`/etc/ssh`,
/// `/usr/bin`, `/var/lib/vz` with every guest's disks), or a folder of
/// secrets anywhere (`/home/bob/.ssh`, a password manager's data).
/// Storage volumes (`local-lvm:8`) and data folders (`/tank/media`,
/// `/mnt/pve/nas`) are not (thirty-second review: bind mounts of
/// `/root/.ssh` or `/etc/pve/priv` passed).
fn host_path(path: &str) -> bool {
    const SYSTEM: &[&str] = &[
        "/", "/home", "/var", "/opt", "/srv", "/mnt", "/media", "/rpool", "/mnt/pve",
    ];
    const HOST_TREES: &[&str] = &[
        "/etc",
        "/root",
        "/usr",
        "/boot",
        "/proc",
        "/sys",
        "/run",
        "/var/lib",
        "/var/spool",
        "/var/backups",
        "/lib",
        "/lib32",
        "/lib64",
        "/libx32",
        "/bin",
        "/sbin",
    ];
    if !path.starts_with('/') {
        return false;
    }
    let owned = crate::secret_paths::normalised(path);
    let path = match owned.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    // A disk image file (`/root/debian-12-genericcloud.qcow2`, an ISO) is
    // an image, wherever it was downloaded to; not another guest's disk.
    let lower = path.to_ascii_lowercase();
    let image = [
        ".qcow2", ".img", ".raw", ".vmdk", ".vdi", ".vhd", ".vhdx", ".iso", ".qed",
    ]
    .iter()
    .any(|e| lower.ends_with(e));
    // Another guest's volume, wherever its storage keeps it: its name
    // (`vm-101-disk-0`, `subvol-101-disk-0`, `base-…`), a storage's images
    // folder (`/mnt/pve/nas/images/101`), PVE's default ZFS storage
    // (thirty-fourth review).
    let guest_volume = path.split('/').any(|part| {
        (part.starts_with("vm-") || part.starts_with("subvol-") || part.starts_with("base-"))
            && part.contains("-disk-")
    }) || path.starts_with("/var/lib/vz/images")
        || (path.starts_with("/mnt/pve/") && path.split('/').nth(4) == Some("images"))
        || path == "/rpool/data"
        || path.starts_with("/rpool/data/");
    if guest_volume {
        return true;
    }
    if image && !path.starts_with("/dev/") {
        return crate::secret_paths::secret_path(path);
    }
    let device = path.starts_with("/dev/")
        && ![
            "/dev/net/",
            "/dev/dri",
            "/dev/fuse",
            "/dev/kvm",
            "/dev/tty",
            "/dev/null",
        ]
        .iter()
        .any(|d| path.starts_with(d));
    device
        || path == "/dev"
        || SYSTEM.contains(&path)
        || HOST_TREES.iter().any(|t| {
            path.strip_prefix(t)
                .is_some_and(|r| r.is_empty() || r.starts_with('/'))
        })
        || crate::secret_paths::secret_path(path)
        || crate::secret_paths::secret_path(&format!("{path}/nomos-any-file"))
        || crate::secret_paths::password_manager_path(path)
}

/// Whether raw QEMU options (`qm set --args`, which only root may set)
/// may hand the guest a host file, device or folder, or run something on
/// the host: any option but those that only shape the virtual machine
/// (`-cpu host,+invtsc`, `-smbios type=1,…`, `-global …`).
fn raw_qemu_reaches_host(args: &str) -> bool {
    // (Not `-global`: `DEVICE.romfile=FILE` loads any host file; nor
    // `-display`: `vnc=0.0.0.0:N` opens the console to all; thirty-fourth
    // review.)
    const SHAPES_ONLY: &[&str] = &[
        "-cpu",
        "-smbios",
        "-rtc",
        "-no-hpet",
        "-machine",
        "-M",
        "-accel",
        "-smp",
        "-m",
        "-name",
        "-uuid",
        "-k",
        "-vga",
        "-no-reboot",
        "-no-shutdown",
        "-boot",
        "-nodefaults",
        "-no-user-config",
        "-enable-kvm",
        "-msg",
        "-overcommit",
    ];
    args.split_whitespace()
        .filter(|w| w.starts_with('-'))
        .any(|w| {
            let w = w
                .strip_prefix('-')
                .filter(|w| w.starts_with('-'))
                .unwrap_or(w);
            !SHAPES_ONLY.contains(&w)
        })
}

/// The API path `pvesh VERB PATH` names, as pvesh resolves it: the word
/// after the verb, from `/` whether or not it starts with one (`pvesh set
/// nodes/pve1/qemu/100/config`), `.`, `..` and repeated `/` resolved
/// (thirty-fourth review).
fn pvesh_path(lits: &[&str]) -> String {
    let mut words = lits.iter().filter(|w| !w.starts_with('-'));
    words.next();
    let path = words.next().copied().unwrap_or("");
    crate::secret_paths::normalised(&format!("/{}", path.trim_start_matches('/')))
}

fn pvesh_loses(lits: &[&str]) -> bool {
    let path = pvesh_path(lits);
    let path = path.as_str();
    let wipes = [
        "/disks/zfs",
        "/disks/initgpt",
        "/disks/wipedisk",
        "/disks/lvm",
        "/disks/directory",
    ]
    .iter()
    .any(|p| path.contains(p));
    let blocks = lits.iter().any(|w| matches!(*w, "DROP" | "REJECT"));
    // (Any spelling Getopt::Long takes: `--del unused0`; review 135.)
    let deletes = super::pve_given(lits, "delete").next().is_some();
    let runs = path.contains("/agent/exec") || path.contains("/agent/file-write");
    // A firewall's options with `enable 0` (the cluster's, a node's, a
    // guest's): every port open (thirty-first review); or every packet
    // let in by policy (thirty-sixth review). Or turned on, or its policy
    // set either way: `enable 1` under the default DROP policy shuts SSH
    // and the web UI out (review 119).
    let firewall_switched = path.trim_end_matches('/').ends_with("/firewall/options")
        && ["enable", "policy_in", "policy_out"]
            .iter()
            .any(|name| pve_values(lits, name).next().is_some());
    // (`put` and `post` name the same calls as `set` and `create`: judged
    // alike whether or not this pvesh takes them; blind corpus 127.)
    lits.iter()
        .any(|w| matches!(*w, "create" | "set" | "put" | "post"))
        && (wipes || blocks || deletes || runs || firewall_switched || pvesh_takes_away(path, lits))
}

/// The API twins of the CLIs' loss rules (review 60): a storage disabled,
/// an HA resource stopped, a user disabled or their groups replaced, the
/// NoAccess role given, a role's privileges replaced, a realm sync that
/// removes what vanished, an OSD out, a Ceph flag that pauses or keeps
/// OSDs down, a disk unlinked, a guest suspended to disk, a batch of
/// calls (`/nodes/N/execute`).
fn pvesh_takes_away(path: &str, lits: &[&str]) -> bool {
    // (A trailing `/` names the same method; review 61.)
    let path = path.trim_end_matches('/');
    let off = |v: &str| {
        ["0", "no", "false", "off"]
            .iter()
            .any(|f| v.eq_ignore_ascii_case(f))
    };
    let on = |v: &str| {
        ["1", "yes", "true", "on"]
            .iter()
            .any(|t| v.eq_ignore_ascii_case(t))
    };
    let appends = pve_values(lits, "append").any(|v| !off(v))
        || lits.iter().any(|w| matches!(*w, "--append" | "-append"))
            && !pve_values(lits, "append").any(off);
    (path.starts_with("/storage/") && super::pve_boolean(lits, "disable"))
        || (path.contains("/ha/resources")
            && pve_values(lits, "state").any(|s| matches!(s, "stopped" | "disabled")))
        || (path.starts_with("/access/users/")
            && (pve_values(lits, "enable").any(off)
                || (pve_values(lits, "groups").next().is_some() && !appends)))
        || lits
            .iter()
            .any(|w| {
                w.split(|c: char| matches!(c, ',' | '=' | ';' | '\0') || c.is_whitespace())
                    .any(|r| r == "NoAccess")
            })
        // (Several flags at once: `/cluster/ceph/flags --pause 1`; a
        // user's expiry past; `--purge`, the old remove-vanished.)
        || (path.ends_with("/ceph/flags")
            && ["pause", "noup", "nodown", "noin", "pauserd", "pausewr"]
                .iter()
                .any(|f| pve_values(lits, f).any(on)))
        || (path.starts_with("/access/users/")
            && pve_values(lits, "expire")
                .any(|v| v.parse::<i64>().is_ok_and(|s| (1..1_798_761_600).contains(&s))))
        // (A realm's sync job, which syncs on its schedule; review 135.)
        || ((path.ends_with("/sync") || path.starts_with("/cluster/jobs/realm-sync/"))
            && super::pve_boolean(lits, "purge"))
        || (path.starts_with("/access/roles/") && pve_values(lits, "privs").next().is_some())
        // (HA disarmed: every watchdog released; a backup job made to
        // prune older backups; review 135.)
        || path.ends_with("/disarm-ha")
        || (path.starts_with("/cluster/backup") && super::pve_boolean(lits, "remove"))
        || ((path.ends_with("/sync") || path.starts_with("/cluster/jobs/realm-sync/"))
            && pve_values(lits, "remove-vanished")
                .any(|v| v.split(';').any(|k| matches!(k, "acl" | "entry"))))
        || (path.contains("/ceph/osd/") && path.ends_with("/out"))
        || (path.contains("/ceph/flags/")
            && ["pause", "noup", "nodown", "noin", "pauserd", "pausewr"]
                .iter()
                .any(|f| path.ends_with(f))
            && pve_values(lits, "value").any(on))
        || path.ends_with("/unlink")
        || path.contains("suspend")
        || path.ends_with("/execute")
        // The CLIs' twins (review 92): a restore over an existing guest
        // (`qm restore --force`, `pct restore --force`), vzdump's
        // `--remove` of old backups, a guest made a template.
        || ((path.ends_with("/qemu") || path.ends_with("/lxc"))
            && (pve_values(lits, "archive").next().is_some() || super::pve_boolean(lits, "restore"))
            && super::pve_boolean(lits, "force"))
        || (path.ends_with("/vzdump") && super::pve_boolean(lits, "remove"))
        || path.ends_with("/template")
        || pvesh_cli_twins(path, lits)
}

/// More of the CLIs' twins (review 130): a hook script set (root runs
/// it at every start and stop), vzdump's pruning, stop, hook script and
/// stop-mode (a scheduled job's too), a key sent, a guest's link cut,
/// a replication job's removal, /etc/hosts written, the SDN applied on
/// every node, a Ceph pool left one copy or its minimum raised.
fn pvesh_cli_twins(path: &str, lits: &[&str]) -> bool {
    let given = |name: &str| pve_values(lits, name).next().is_some();
    let backup = path.ends_with("/vzdump") || path.starts_with("/cluster/backup");
    (path.ends_with("/config") && given("hookscript"))
        || (backup
            && (given("prune-backups")
                || given("script")
                || super::pve_boolean(lits, "stop")
                || pve_values(lits, "mode").any(|m| m == "stop")))
        || path.ends_with("/sendkey")
        // (Its boolean in any case, `link_down=TRUE`; review 133.)
        || lits.iter().any(|w| {
            w.split(',').any(|part| {
                part.split_once('=').is_some_and(|(k, v)| {
                    k == "link_down"
                        && ["1", "yes", "true", "on"].iter().any(|t| v.eq_ignore_ascii_case(t))
                })
            })
        })
        || (path.starts_with("/cluster/replication/") && given("remove_job"))
        || path.ends_with("/hosts")
        || path == "/cluster/sdn"
        || (path.starts_with("/access/domains/") && given("tfa"))
        || (path.contains("/ceph/pool")
            && (pve_values(lits, "size").any(|v| v == "1") || given("min_size")))
}

/// The value of an option, attached (`-Pcat`, `--pager=cat`) or next.
fn option_value<'a>(lits: &[&'a str], short: &str, long: &str) -> Option<&'a str> {
    lits.iter().enumerate().find_map(|(i, w)| {
        if *w == short || *w == long {
            return lits.get(i + 1).copied();
        }
        w.strip_prefix(long)
            .and_then(|v| v.strip_prefix('='))
            .or_else(|| w.strip_prefix(short).filter(|v| !v.is_empty()))
    })
}

/// The remote shell `scp -S`, `sftp -S` or `rsync -e`/`--rsh` is given.
fn remote_shell<'a>(lits: &[&'a str]) -> Option<&'a str> {
    option_value(lits, "-e", "--rsh").or_else(|| option_value(lits, "-S", "--rsh"))
}

/// Whether the sqlite3 shell is told to run a program, write or read a
/// file, or load code: a dot-command by any prefix of such a command's
/// name (shell.c compares the letters typed: `.she` is `.shell`, `.o`
/// `.output`), its `edit()` function (runs an editor through
/// `system()`), or `-init FILE` (the file's commands run first); review
/// 124.
/// The text a client reads from its input when the line writes it (a
/// heredoc, a here-string); empty otherwise.
fn written_input<'a>(stdin: &'a Stdin<'_>) -> &'a str {
    match stdin {
        Stdin::Text(text) => text.as_ref(),
        _ => "",
    }
}

fn sqlite_dot_command_acts(lits: &[&str], stdin: &Stdin<'_>) -> bool {
    // Run a program, load code, read commands from a file, extract an
    // archive anywhere, replace the database, move the working folder.
    const RUNS: &[&str] = &[
        "shell", "system", "load", "read", "import", "excel", "testcase", "archive", "ar",
        "restore", "cd",
    ];
    // Write a file: destructive where it is one the host needs or runs,
    // a pipe to a program (`.output |cmd`), or a relative path (the
    // working folder may be any: `cd /etc/cron.d && sqlite3 … '.output
    // x'`; review 125).
    const WRITES: &[&str] = &[
        "output", "once", "backup", "save", "log", "trace", "iotrace", "clone",
    ];
    let input = written_input(stdin);
    let dot_acts = |line: &str| {
        let Some(rest) = line.trim_start().strip_prefix('.') else {
            return false;
        };
        let mut words = rest.split_whitespace();
        let typed = words.next().unwrap_or("").to_ascii_lowercase();
        let prefix_of = |names: &[&str]| {
            !typed.is_empty() && names.iter().any(|c| c.starts_with(typed.as_str()))
        };
        let rest: Vec<&str> = words.collect();
        let target = rest.last().copied().unwrap_or("").trim_matches(['\'', '"']);
        let unsafe_target = target.starts_with('|')
            || !target.starts_with('/')
            || target.contains("..")
            || critical(target);
        prefix_of(RUNS)
            || (prefix_of(WRITES) && unsafe_target)
            // (`.open --new FILE` empties FILE first.)
            || (prefix_of(&["open"]) && rest.iter().any(|w| w.ends_with("new")))
    };
    lits.iter().any(|w| matches!(*w, "-init" | "--init"))
        || lits
            .iter()
            .copied()
            .chain([input])
            .any(|text| text.lines().any(dot_acts) || sqlite_function_acts(text))
}

/// Whether SQL text calls the sqlite3 shell's functions that run an
/// editor, write a file or load code (`edit()`, `writefile()`,
/// `load_extension()`), however spaced or cased (`EDIT (…)`; review 125).
fn sqlite_function_acts(text: &str) -> bool {
    let squeezed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    ["edit(", "writefile(", "load_extension(", "fts3_tokenizer("]
        .iter()
        .any(|f| squeezed.contains(f))
}

/// Whether the mysql client reads one of its long command names (`source
/// FILE`, `system CMD`, `tee FILE`, `pager CMD`, `edit`): the first word
/// of a line or a statement of its `-e` text or its input, or anywhere
/// with `--named-commands`.
fn mysql_named_command(lits: &[&str], stdin: &Stdin<'_>) -> bool {
    const NAMES: &[&str] = &[
        "source", "system", "tee", "pager", "edit", "nopager", "notee",
    ];
    let named = lits.iter().any(|w| {
        *w == "--named-commands" || (w.starts_with('-') && !w.starts_with("--") && w.contains('G'))
    });
    let input = written_input(stdin);
    // (`-eTEXT`, `--execute=TEXT`: the text after the option.)
    let texts = lits.iter().map(|w| {
        w.strip_prefix("--execute=")
            .or_else(|| w.strip_prefix("-e").filter(|_| !w.starts_with("--")))
            .unwrap_or(w)
    });
    let first_word = |line: &str| {
        // (After the comments before it: `/* x */ system reboot;`;
        // review 125.)
        let mut line = line.trim_start();
        while let Some(rest) = line.strip_prefix("/*") {
            line = rest
                .split_once("*/")
                .map_or("", |(_, after)| after)
                .trim_start();
        }
        line.split(|c: char| c.is_whitespace() || c == ';')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    texts.chain([input]).any(|text| {
        // (After a `;` too: the rest of a line may start a command, as
        // the thirty-second review found for `select 1; TEE FILE`.)
        text.split(['\n', ';'])
            .any(|line| NAMES.contains(&first_word(line).as_str()))
            || (named
                && text
                    .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .any(|t| NAMES.contains(&t.to_ascii_lowercase().as_str())))
    })
}

/// A database client: destructive when told to drop, delete, flush or
/// stop, or to leave for a shell; a change otherwise (what it runs is
/// text in another language).
fn database(name: &str, lits: &[&str], stdin: &Stdin<'_>) -> Option<Verdict> {
    // (redis-cli's `--pattern GLOB` is a key pattern, never a command:
    // `--scan --pattern 'del:*'`; review 92.)
    let lits: Vec<&str> = if matches!(name, "redis-cli" | "valkey-cli") {
        lits.iter()
            .enumerate()
            .filter(|(i, _)| i.checked_sub(1).is_none_or(|p| lits[p] != "--pattern"))
            .map(|(_, w)| *w)
            .collect()
    } else {
        lits.to_vec()
    };
    let lits = lits.as_slice();
    let mut text = lits.join(" ").to_ascii_lowercase();
    let input = written_input(stdin);
    if !input.is_empty() {
        text.push(' ');
        text.push_str(&input.to_ascii_lowercase());
    }
    let mut tokens: Vec<&str> = text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .filter(|t| !t.is_empty())
        .collect();
    // (Redis's `DEBUG OBJECT KEY` only reports on a key; blind corpus
    // 102.)
    if matches!(name, "redis-cli" | "valkey-cli") {
        let reports: Vec<usize> = tokens
            .windows(2)
            .enumerate()
            .filter(|(_, pair)| pair == &["debug", "object"])
            .map(|(i, _)| i)
            .collect();
        for i in reports.into_iter().rev() {
            tokens.remove(i);
        }
    }
    let own = CLIENT_LOSS
        .iter()
        .filter(|(clients, _)| clients.contains(&name))
        .flat_map(|(_, words)| words.iter());
    let loses = DATABASE_LOSS.iter().chain(own).any(|w| {
        if w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            tokens.contains(w)
        } else {
            text.contains(w)
        }
    }) || [
        "dropdatabase",
        "deletemany",
        "deleteone",
        "pg_terminate_backend",
    ]
    .iter()
    .any(|w| text.contains(w))
        || (text.contains("--eval") && !evaluates_only_reads(name, lits))
        || server_side_losses(name, &text, &tokens);
    // The mysql client's own commands, in `-e` text or its input: `tee
    // FILE`/`\T FILE` writes everything after to FILE, `pager CMD`/`\P`
    // and `edit`/`\e` run programs (thirty-second review).
    let sqlite_acts = name == "sqlite3" && sqlite_dot_command_acts(lits, stdin);
    // Its long names (`source`, `system`, `tee`, `pager`, `edit`) only
    // as a line's first word, unless `--named-commands` (`-G`): `SELECT
    // source, count(*) …` names a column (review 123).
    let client_writes = matches!(name, "mysql" | "mariadb")
        && (mysql_named_command(lits, stdin)
            || ["\\t", "\\p", "\\e"].iter().any(|c| text.contains(c)));
    if loses
        || client_writes
        || sqlite_acts
        || lits
            .iter()
            .any(|w| matches!(*w, "drop" | "shutdown" | "flushall"))
    {
        return Some(Verdict::destructive(format!(
            "`{name}` is told to drop, delete, flush or stop, to write a file, or to run a shell"
        )));
    }
    None
}

/// What a database server is told that loses, beyond the loss words
/// (review 137): Redis' `SORT … STORE` and `GEORADIUS … STORE` over a
/// key, a Lua script whose command names are built (`'FL'..'USHALL'`);
/// a server-side `COPY … TO 'FILE'` or SQLite's `VACUUM INTO 'FILE'`
/// over a file the host needs; MySQL's global settings that refuse the
/// applications, skip replicated changes or point its logs at a file.
fn server_side_losses(name: &str, text: &str, tokens: &[&str]) -> bool {
    let has = |w: &str| tokens.contains(&w);
    // (A script's command names built at run time: `..`, `string.*`,
    // `table.concat`, anything but a string literal first in
    // `redis.call(…)`; review 138.)
    let built_call = text.match_indices("redis.").any(|(at, _)| {
        let rest = &text[at + "redis.".len()..];
        let rest = rest
            .strip_prefix("pcall")
            .or_else(|| rest.strip_prefix("call"))
            .map(str::trim_start);
        rest.and_then(|r| r.strip_prefix('('))
            .is_some_and(|r| !r.trim_start().starts_with(['\'', '"']))
    }) || text.contains("..")
        || text.contains("string.")
        || text.contains("table.concat");
    let redis = matches!(name, "redis-cli" | "valkey-cli")
        && (((has("sort") || has("georadius") || has("georadiusbymember"))
            && (has("store") || has("storedist")))
            || ((has("eval") || has("eval_ro")) && built_call));
    let files = quoted_after(tokens, text, "copy", "to").is_some_and(critical)
        || quoted_after(tokens, text, "vacuum", "into").is_some_and(critical);
    // (Any assignment of a list, any spacing or comment between the
    // words, `@@global.`, `@@persist.`, `@@persist_only.`; each setting
    // with the values that refuse clients, skip or drop; review 138.)
    let global = has("set")
        && (has("global") || has("persist") || has("persist_only"))
        && (tokens.windows(2).any(|p| refusing_setting(p[0], p[1])) || log_file_elsewhere(text));
    redis || files || global
}

/// Whether a MySQL log file is pointed outside the server's own folders
/// (`general_log_file = '/var/www/html/x.php'`: each statement after
/// written into a file a web server runs); a value not quoted plainly
/// may be any.
fn log_file_elsewhere(text: &str) -> bool {
    ["general_log_file", "slow_query_log_file"]
        .iter()
        .any(|setting| {
            text.match_indices(setting).any(|(at, _)| {
                let rest = text[at + setting.len()..].trim_start();
                let Some(rest) = rest.strip_prefix('=').map(str::trim_start) else {
                    return false;
                };
                let path = rest
                    .strip_prefix(['\'', '"'])
                    .and_then(|r| r.split(['\'', '"']).next());
                !path.is_some_and(|p| {
                    ["/var/log/mysql/", "/var/log/mariadb/", "/var/lib/mysql/"]
                        .iter()
                        .any(|dir| p.starts_with(dir) && !p.contains(".."))
                })
            })
        })
}

/// Whether MySQL's global `setting` set to `value` (its first word)
/// refuses the applications, skips replicated changes, drops the binary
/// logs or moves a log file or the clients' first statement.
fn refusing_setting(setting: &str, value: &str) -> bool {
    let on = matches!(value, "1" | "on" | "true");
    let number = value.parse::<u64>().ok();
    match setting {
        "read_only" | "super_read_only" | "offline_mode" | "require_secure_transport" => on,
        "wsrep_on" => matches!(value, "0" | "off" | "false"),
        "max_connections" | "max_user_connections" => number.is_some_and(|n| n <= 5),
        "binlog_expire_logs_seconds" => number.is_some_and(|n| n < 86_400),
        "expire_logs_days" => number.is_some_and(|n| n < 1),
        "init_connect"
        | "sql_slave_skip_counter"
        | "sql_replica_skip_counter"
        | "wsrep_cluster_address" => true,
        _ => false,
    }
}

/// The text quoted after the words `first … then` of a statement (`COPY
/// t TO '/x'`, `VACUUM INTO E'/x'`): a plain, `E''`, `U&''` or dollar
/// quote, any blanks before it.
fn quoted_after<'a>(tokens: &[&str], text: &'a str, first: &str, then: &str) -> Option<&'a str> {
    if !tokens.contains(&first) || !tokens.contains(&then) {
        return None;
    }
    let at = text.find(first)?;
    let rest = &text[at..];
    let mut from = 0;
    while let Some(found) = rest[from..].find(then) {
        let start = from + found;
        from = start + then.len();
        let before_ok = rest[..start].ends_with(|c: char| !c.is_ascii_alphanumeric() && c != '_');
        let after = rest[from..].trim_start();
        if !before_ok {
            continue;
        }
        let after = after
            .strip_prefix("e'")
            .or_else(|| after.strip_prefix("u&'"))
            .or_else(|| after.strip_prefix('\''))
            .map(|a| a.split('\'').next().unwrap_or(a))
            .or_else(|| {
                after
                    .strip_prefix("$$")
                    .map(|a| a.split("$$").next().unwrap_or(a))
            });
        if let Some(path) = after.filter(|p| !p.is_empty()) {
            return Some(path);
        }
    }
    None
}

/// Directory services' changes that lose: LDIF changes, Samba's tools
/// told to remove, reset, seize or fix.
fn directory_changes(name: &str, lits: &[&str]) -> Option<Verdict> {
    // LDIF changes: a `delete` may stand in them encoded (`changetype::
    // ZGVsZXRl`), folded, from a file or a `printf` argument, and a
    // `replace:` with no value deletes the attribute (review 113);
    // Samba's `ldbdel` deletes. Taken as losses, unless `-n` only shows
    // them (blind corpus 153).
    if matches!(
        name,
        "ldapmodify" | "ldapadd" | "ldbmodify" | "ldbdel" | "ldapdelete"
    ) && !lits.contains(&"-n")
    {
        return Some(Verdict::destructive(format!(
            "`{name}` changes directory entries from LDIF, where a deletion may stand unseen"
        )));
    }
    // samba-tool's changes that lose: members removed, ACLs reset or
    // set, FSMO roles seized, the database's errors fixed (review 113).
    if name == "samba-tool"
        && (lits
            .iter()
            .any(|w| matches!(*w, "removemembers" | "sysvolreset" | "seize" | "--fix"))
            || lits.windows(2).any(|p| p == ["ntacl", "set"]))
    {
        return Some(Verdict::destructive(format!(
            "`{name}` removes members, resets or sets ACLs, seizes roles or rewrites the database"
        )));
    }
    None
}

/// Whether every `--eval` of MongoDB's shell is code that only reads
/// ([`crate::tables::js_only_reads`]); any other program's `--eval` is
/// code run.
fn evaluates_only_reads(name: &str, lits: &[&str]) -> bool {
    if !matches!(name, "mongosh" | "mongo") {
        return false;
    }
    let codes: Vec<Option<&str>> = lits
        .iter()
        .enumerate()
        .filter(|(_, w)| w.starts_with("--eval"))
        .map(|(i, w)| match w.strip_prefix("--eval=") {
            Some(code) => Some(code),
            None => (*w == "--eval").then(|| lits.get(i + 1).copied()).flatten(),
        })
        .collect();
    !codes.is_empty()
        && codes
            .iter()
            .all(|c| c.is_some_and(crate::tables::js_only_reads))
}

/// Whether `chmod` words give everyone write access to a whole tree
/// (`-R 777`, `-R o+w`, `--recursive a+rwx`).
fn tree_opened_to_all(lits: &[&str]) -> bool {
    let to_all = lits.iter().any(|w| {
        // (`7` is `0007`: the last digit is everyone's.)
        let octal = !w.is_empty()
            && w.chars().all(|c| c.is_ascii_digit() && c < '8')
            && w.ends_with(['2', '3', '6', '7']);
        let symbolic = w.split(',').any(|clause| {
            let (who, how) = clause.split_at(clause.find(['+', '=']).unwrap_or(clause.len()));
            (who.contains(['o', 'a'])) && how.len() > 1 && how[1..].contains('w')
        });
        octal || symbolic
    });
    recursive(lits) && to_all
}

/// Whether a dry run is asked for with one of `names`, as pflag reads a
/// line: a word right after an option that may take a value is that
/// value (`--tag -n`, `--exclude --dry-run`), so only one after a plain
/// word, a `--name=value`, or first, counts.
pub(super) fn dry_run_given(lits: &[&str], names: &[&str]) -> bool {
    lits.iter().enumerate().any(|(i, w)| {
        names.contains(w)
            && (i == 0 || {
                let before = lits[i - 1];
                !before.starts_with('-') || before.contains('=')
            })
    })
}

/// `kubectl scale … --replicas=0` (or `--replicas 0`, `--replicas=00`).
fn replicas_zero(lits: &[&str]) -> bool {
    let zero = |v: &str| !v.is_empty() && v.chars().all(|c| c == '0');
    lits.contains(&"scale")
        && (lits
            .iter()
            .any(|w| w.strip_prefix("--replicas=").is_some_and(zero))
            || lits.windows(2).any(|p| p[0] == "--replicas" && zero(p[1])))
}

/// Whether chmod-like words ask for a whole tree (`-R`, `--recursive`).
fn recursive(lits: &[&str]) -> bool {
    lits.iter().any(|w| {
        *w == "--recursive" || w.starts_with('-') && !w.starts_with("--") && w.contains('R')
    })
}

/// Whether a compressor run replaces a configuration or system file:
/// without `-c`/`--stdout`/`-k`/`--keep`/`-t`/`-l`/`--list`, the files it
/// names are removed once compressed (zstd and lz4 keep them unless
/// `--rm`).
fn compresses_away(name: &str, args: &[Arg], lits: &[&str]) -> bool {
    let keeps_by_default = matches!(name, "zstd" | "pzstd" | "lz4");
    let long = |names: &[&str]| lits.iter().any(|w| names.contains(w));
    let kept = compressor_gives(
        args,
        if name == "lz4" { "ckt" } else { "cktl" },
        &["stdout", "to-stdout", "keep", "test", "list"],
    );
    let removes = if keeps_by_default {
        long(&["--rm"])
    } else {
        !kept
    };
    removes
        && lits
            .iter()
            .filter(|w| !w.starts_with('-'))
            .any(|p| system_file_named(p))
}

/// Whether a compressor is given one of the short options `letters` or
/// the long ones `longs` (without dashes), reading its words as getopt
/// does: the value of an option that takes one is no option (`gzip -S
/// -ck FILE` names the suffix `-ck` and replaces FILE, thirty-first
/// review). Options that take a value across gzip, pigz, xz, zstd and
/// lz4 are all read so (a letter taken for a value only makes a command
/// seem to replace its files); a long one as getopt reads it, by any
/// prefix (`--suf -c`).
pub(crate) fn compressor_gives(args: &[Arg], letters: &str, longs: &[&str]) -> bool {
    const VALUED: &str = "SbpJFCMTDoBL";
    #[rustfmt::skip]
    const LONG_VALUED: &[&str] = &[
        "suffix", "format", "check", "memlimit", "memory", "threads", "output", "blocksize",
        "processes", "block-size",
    ];
    let mut skip = false;
    for arg in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        let Some(word) = arg.literal() else { continue };
        if word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            if longs.contains(&long) || compressor_abbreviates(long, longs) {
                return true;
            }
            skip = !long.contains('=') && LONG_VALUED.iter().any(|v| v.starts_with(long));
            continue;
        }
        let Some(cluster) = word.strip_prefix('-') else {
            continue;
        };
        for (at, letter) in cluster.char_indices() {
            if letters.contains(letter) {
                return true;
            }
            if VALUED.contains(letter) {
                skip = at + letter.len_utf8() == cluster.len();
                break;
            }
        }
    }
    false
}

/// Whether `given` is a prefix getopt_long (gzip, xz) takes for one of
/// `longs` and for no other long option any of the compressors has
/// (`--std` is `--stdout`; `--st` might be zstd's `--stream-size`). A
/// program that takes only whole names (zstd, lz4, bzip2) refuses a
/// prefix and does nothing.
fn compressor_abbreviates(given: &str, longs: &[&str]) -> bool {
    #[rustfmt::skip]
    const ALL_LONGS: &[&str] = &[
        "ascii", "to-stdout", "stdout", "decompress", "uncompress", "compress", "force", "help",
        "keep", "list", "license", "no-name", "name", "quiet", "silent", "synchronous",
        "recursive", "suffix", "test", "no-time", "verbose", "version", "fast", "best", "lzw",
        "bits", "rsyncable", "format", "check", "memlimit", "memory", "threads", "output",
        "block-size", "blocksize", "processes", "single-stream", "no-sparse", "sparse", "files",
        "files0", "memlimit-compress", "memlimit-decompress", "memlimit-mt", "no-adjust",
        "info-memory", "robot", "lzma1", "lzma2", "x86", "powerpc", "ia64", "arm", "armthumb",
        "arm64", "sparc", "riscv", "delta", "extreme", "block-list", "flush-timeout",
        "ignore-check", "rm", "trace", "patch-from", "long", "ultra", "adapt", "no-check",
        "content-size", "no-content-size", "exclude-compressed", "stream-size", "size-hint",
        "auto-threads", "priority", "filelist", "output-dir-flat", "output-dir-mirror", "train",
        "dict", "maxdict", "pass-through", "no-progress", "progress", "independent", "alone",
    ];
    let given = given.split_once('=').map_or(given, |(name, _)| name);
    if given.is_empty() {
        return false;
    }
    let mut found: Option<&str> = None;
    for long in ALL_LONGS
        .iter()
        .chain(longs)
        .filter(|l| l.starts_with(given))
    {
        match found {
            Some(seen) if seen != *long => return false,
            _ => found = Some(long),
        }
    }
    found.is_some_and(|only| longs.contains(&only))
}

/// A configuration or system file (not a log or a data file under
/// `/var`, which a compressor or a history write only rotates or fills).
fn system_file_named(path: &str) -> bool {
    !path.starts_with("/var/") && (path.starts_with("/etc/") || critical(path))
}

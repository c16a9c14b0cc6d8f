//! Tools whose effect depends on their flags or subcommands: storage and
//! partitioning, services, packages, containers, Proxmox, ZFS, firewalls,
//! git, text tools with writing modes (sed -i, awk system, sort -o, tee),
//! curl/wget, and the rest of the specific rules.

use super::super::words::Arg;
use super::*;

pub(super) mod ansible_modules;
mod automation;
pub(super) mod curl;
mod databases;
mod disks;
pub(super) mod git;
mod guests;
pub(super) mod httpie;
mod network;
mod packages;
pub(crate) mod php_apps;
mod services;
mod shell;
mod system;
mod text;
mod web_apis;
mod wget;
mod windows;

/// Programs whose effect depends on flags or subcommands.
pub(super) fn specific(w: &mut Walker, name: &str, args: &[Arg], depth: usize) -> Option<Verdict> {
    let de = |why: &str| Verdict::destructive(format!("`{name}` {why}"));
    // Each read by the program's own table, as the program parses it
    // (`-Onormalization=formD` holds no `-n`; `--table --test` is a table
    // named `--test`).
    let dry_run = match name {
        "zfs" | "zpool" => table_gives(name, args, &["n", "dryrun"]),
        "lvremove" | "lvreduce" | "vgremove" | "pvremove" | "lvresize" => {
            table_gives(name, args, &["t", "test"])
        }
        // iptables-restore(8) `--test`: parsed, never committed.
        "iptables-restore" | "ip6tables-restore" => table_gives(name, args, &["t", "test"]),
        // nft(8) `--check`: validity only, nothing applied.
        "nft" => table_gives(name, args, &["c", "check"]),
        _ => false,
    };
    if dry_run {
        // Read-only only where the program's table proves the rest of the
        // line (the subcommand and its options), as for any reader.
        return Some(Verdict::read_only(format!(
            "`{name}` only rehearses (a dry run)"
        )));
    }
    if let Some(option) = runs_a_program(name, args) {
        return Some(de(&format!(
            "runs the program given to `{option}`, which is not on the card"
        )));
    }
    // (man-db's `-C FILE`, the short `--config-file`: its DEFINE lines
    // name the pager and formatters man runs; review 124.)
    if name == "man" && super::has_short(args, 'C', "CLMPSemprEHRT") {
        return Some(de(
            "reads a configuration (`-C`) whose lines name the programs man runs, which is not on the card",
        ));
    }
    shell::judge(w, name, args, depth)
        .or_else(|| disks::judge(w, name, args, depth))
        .or_else(|| system::judge(w, name, args, depth))
        .or_else(|| text::judge(w, name, args, depth))
        .or_else(|| curl::judge(w, name, args, depth))
        .or_else(|| httpie::judge(w, name, args, depth))
        .or_else(|| wget::judge(w, name, args, depth))
        .or_else(|| network::judge(w, name, args, depth))
        .or_else(|| services::judge(w, name, args, depth))
        .or_else(|| packages::judge(w, name, args, depth))
        .or_else(|| guests::judge(w, name, args, depth))
        .or_else(|| databases::judge(w, name, args, depth))
        .or_else(|| git::judge(w, name, args, depth))
        .or_else(|| automation::judge(w, name, args, depth))
        .or_else(|| windows::judge(w, name, args, depth))
}

#[rustfmt::skip]
const SYSTEMCTL_READ: &[&str] = &[
    "status", "show", "cat", "list-units", "list-unit-files", "list-timers", "list-sockets",
    "list-dependencies", "list-jobs", "list-machines", "list-automounts", "list-paths", "is-active",
    "is-enabled", "is-failed", "is-system-running", "get-default", "show-environment", "help",
];

#[rustfmt::skip]
const SYSTEMCTL_DESTRUCTIVE: &[&str] = &[
    "stop", "kill", "isolate", "poweroff", "reboot", "halt", "kexec", "rescue", "emergency",
    "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "soft-reboot", "default",
    "clean", "freeze", "mask",
];

fn signal_of(args: &[Arg]) -> Option<String> {
    if let Some(v) = option_value(args, &["-s", "--signal", "-n"]) {
        return Some(v.trim_start_matches("SIG").to_ascii_uppercase());
    }
    options(args)
        .find(|o| !o.starts_with("--") && o.len() > 1)
        .map(|o| o[1..].trim_start_matches("SIG").to_ascii_uppercase())
        .filter(|s| s.chars().all(|c| c.is_ascii_alphanumeric()) && s != "L")
}

/// The value of an option given as `-X value`, `-Xvalue`, `--name value`
/// or `--name=value`.
fn option_value(args: &[Arg], names: &[&str]) -> Option<String> {
    for (i, a) in args.iter().enumerate() {
        let Some(lit) = a.literal() else { continue };
        for name in names {
            if lit == *name {
                return args.get(i + 1).map(|v| v.raw().to_string());
            }
            if name.starts_with("--") {
                if let Some(v) = lit.strip_prefix(&format!("{name}=")) {
                    return Some(v.to_string());
                }
            } else if lit.len() > name.len() && lit.starts_with(name) {
                return Some(lit[name.len()..].to_string());
            }
        }
    }
    None
}

/// The values of an option that can repeat (`-e SCRIPT -e SCRIPT`).
fn script_args<'a>(args: &'a [Arg], names: &[&str]) -> Vec<&'a str> {
    args.windows(2)
        .filter(|pair| pair[0].literal().is_some_and(|l| names.contains(&l)))
        .filter_map(|pair| pair[1].literal())
        .collect()
}

/// The scripts given with `-e` as getopt reads them: `-e S`, `-eS`, a
/// cluster ending in it (`-ne S`), `--expression S`, `--expression=S`
/// (one reading for every rule: [`super::sed::scripts_and_files`]).
fn sed_expressions(args: &[Arg]) -> Vec<&str> {
    let lits: Vec<&str> = args
        .iter()
        .map(|a| a.literal().unwrap_or(super::search::RUN_TIME))
        .collect();
    super::sed::scripts_and_files(&lits)
        .0
        .into_iter()
        .filter(|s| *s != super::search::RUN_TIME)
        .collect()
}

/// sed's first operand (its script when no `-e` is given).
fn sed_first_operand(args: &[Arg]) -> Option<&Arg> {
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let Some(text) = arg.literal() else {
            return Some(arg);
        };
        if text == "--" {
            return words.next();
        }
        if text == "--line-length" || text == "--file" || text == "--expression" {
            words.next();
        } else if text.starts_with("--") {
        } else if let Some(cluster) = text.strip_prefix('-').filter(|c| !c.is_empty()) {
            if let Some(at) = cluster.find(['e', 'f', 'l'])
                && cluster.len() == at + 1
            {
                words.next();
            }
        } else {
            return Some(arg);
        }
    }
    None
}

/// Where a `find -exec` block that starts at `start` (its command) ends:
/// at `;`, or at `+` right after a `{}` of the block (findutils'
/// `new_insert_exec_ok`); any other `+` is a word of the command
/// (`-exec cat + /etc/shadow ;`). `args.len()` when nothing ends it.
pub(crate) fn exec_block_end(args: &[Arg], start: usize) -> usize {
    (start..args.len())
        .find(|&j| match args[j].literal() {
            Some(";") => true,
            Some("+") => j > start && args[j - 1].literal() == Some("{}"),
            _ => false,
        })
        .unwrap_or(args.len())
}

fn find(w: &mut Walker, args: &[Arg], depth: usize) -> Verdict {
    let mut verdict = Verdict::read_only("`find` only lists");
    let mut i = 0;
    while i < args.len() {
        match args[i].literal() {
            Some("-delete") => return Verdict::destructive("`find -delete` deletes what it finds"),
            Some("-exec" | "-execdir" | "-ok" | "-okdir") => {
                let end = exec_block_end(args, i + 1);
                let inner = &args[i + 1..end];
                if inner.is_empty() {
                    return Verdict::mutation("`find -exec` without a command");
                }
                if inner[0].raw().contains("{}") {
                    return Verdict::destructive("`find -exec {}` runs the files it finds");
                }
                // GNU find puts each name found wherever `{}` appears in
                // a word, not only in a word of its own: `sh -c 'cat {}'`
                // runs whatever a file's name says.
                let inner: Vec<Arg> = inner
                    .iter()
                    .map(|a| match a.literal() {
                        Some(text) if text != "{}" && text.contains("{}") => {
                            Arg::dynamic(format!("<{text} with a found name spliced in>"))
                        }
                        _ => a.clone(),
                    })
                    .collect();
                let v = w
                    .invocation(&inner, Stdin::Unknown, depth)
                    .prefixed("`find -exec` runs: ");
                let execdir = matches!(args[i].literal(), Some("-execdir" | "-okdir"));
                let named = found_by_name(w, args, &inner, execdir, depth);
                verdict = verdict
                    .max(v)
                    .max(named)
                    .max(find_shows_secrets(args, &inner))
                    .max(find_opens_acting(args, &inner, &w.folders));
                i = end;
            }
            Some("-fprint" | "-fprint0" | "-fprintf" | "-fls") => {
                verdict = verdict.max(Verdict::mutation("`find` writes its results to a file"));
            }
            None => {
                verdict = verdict.max(Verdict::mutation(format!(
                    "`find` has an argument only known at run time (`{}`), which could be -delete",
                    args[i].raw()
                )));
            }
            _ => {}
        }
        i += 1;
    }
    verdict
}

/// `find START -name NAME -exec CMD {}` where NAME is a plain name: `{}`
/// is START/NAME (or a folder under START), so CMD is judged once more
/// with that path, and for `-execdir` from START: a loss there counts
/// (`find /etc -maxdepth 1 -name passwd -exec cp /tmp/x {} \;`, review
/// 90). Only a loss is taken: the first judgment already read the rest.
fn found_by_name(
    w: &mut Walker,
    args: &[Arg],
    inner: &[Arg],
    execdir: bool,
    depth: usize,
) -> Verdict {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let head = before_action(&lits);
    let names: Vec<&str> = head
        .windows(2)
        .filter(|p| matches!(p[0], "-name" | "-iname"))
        .map(|p| p[1])
        .filter(|n| !n.is_empty() && !n.contains(['*', '?', '[', '/', '\\']))
        .collect();
    let mut verdict = Verdict::read_only("`find -exec` writes no named file");
    for start in find_starts(&lits).0.into_iter().take(4) {
        for name in names.iter().take(4) {
            let found = format!("{}/{name}", start.trim_end_matches('/'));
            let concrete: Vec<Arg> = inner
                .iter()
                .map(|a| match a.literal() {
                    Some("{}") => Arg::literal_of(found.clone()),
                    _ => a.clone(),
                })
                .collect();
            let kept = w.folders.clone();
            if execdir {
                w.folders.enter(Some(start));
            }
            let v = w.invocation(&concrete, Stdin::Unknown, depth);
            w.folders = kept;
            if v.class == crate::RiskClass::Destructive {
                verdict = verdict.max(v.prefixed("`find -exec` runs, on what it finds: "));
            }
        }
    }
    verdict
}

/// Whether `find … -exec PROGRAM {}` shows the contents of secret files:
/// the names it looks for (`-name '*.key'`) may be secrets, or, with no
/// name to narrow it, the folders it searches hold some (`find /root
/// -exec cat {} \;`).
fn find_shows_secrets(args: &[Arg], inner: &[Arg]) -> Verdict {
    let program = exec_program(inner);
    // (`qemu-img info` reads an image's header: its format and size.)
    // (`openssl x509` prints a certificate, never a key: a file holding
    // only a key fails to load.)
    let sub = inner.get(1).and_then(Arg::literal);
    let header_only = (program == Some("qemu-img") && sub == Some("info"))
        || (program == Some("openssl") && sub == Some("x509"));
    if header_only || !program.is_some_and(|p| secrets::shows_contents(p) || secrets::digests(p)) {
        return Verdict::read_only("`find -exec` shows no contents");
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let head = before_action(&lits);
    let valued = |options: &[&str]| -> Vec<&str> {
        head.windows(2)
            .filter(|p| options.contains(&p[0]))
            .map(|p| p[1])
            .collect()
    };
    let names = valued(&["-name", "-iname"]);
    let paths = valued(&["-path", "-ipath", "-wholename", "-iwholename"]);
    // Whatever the names asked for, a starting folder that holds secrets
    // may hold one that matches (`find /etc/NetworkManager -name
    // '*.nmconnection' -exec grep psk {} +`).
    let starts = find_starts(&lits).0;
    // Nothing narrows the walk to names that are no secret when no name
    // is asked for, or when a regex or an alternative (`-o`, `!`) may
    // take in any other file: then any tree not known public may hold
    // a file secret by its name (`find /srv -exec cat {} +`).
    // Narrowed only by names with a harmless extension (`-name '*.conf'`
    // takes in `wg0.conf`), and no other way in.
    let by_names_only = !names.is_empty()
        && paths.is_empty()
        && !head.iter().any(|w| {
            matches!(
                *w,
                "-regex" | "-iregex" | "-o" | "-or" | "!" | "-not" | "-lname" | "-ilname" | ","
            )
        });
    let narrowed = by_names_only && names.iter().all(|n| super::search::harmless_name_glob(n));
    // A grep that prints only names, counts or its status still tells
    // what the files hold, a pattern at a time (`-exec grep -c '^root:$y$a'`
    // on shadow): it asks where a file secret by its name or folder may
    // be among them, but a tree merely unknown does not make it ask.
    let names_only = grep_names_only(inner);
    // (A digest shows a secret to whoever can guess it: a file secret by
    // its name, not any file of a secret folder a harmless name narrows
    // to, `find / -name '*.log' -exec md5sum {} +`.)
    let digest_narrowed = narrowed && program.is_some_and(secrets::digests);
    // (A grep whose patterns show no credential setting of the files'
    // format, over names narrowed to that format's files: `find
    // /etc/pve/lxc -name '*.conf' -exec grep -H '^hostname:' {} +`; blind
    // corpus 196.)
    let settings_only = by_names_only && grep_shows_no_setting(inner, &starts, &names);
    let start_holds = starts.iter().any(|dir| {
        (crate::secret_paths::folder_holds_secrets(dir) && !digest_narrowed && !settings_only)
            || (!narrowed
                && !names_only
                && !settings_only
                && crate::secret_paths::tree_may_hold_secrets(dir))
    });
    let secret = start_holds
        || (!settings_only
            && names
                .iter()
                .any(|n| crate::secret_paths::name_pattern_names_secret(n)))
        || paths
            .iter()
            .any(|p| crate::secret_paths::names_secret(p, true));
    if secret {
        super::reads_secret("the files `find` finds")
    } else {
        Verdict::read_only("`find -exec` shows no secret")
    }
}

/// Whether a `find -exec` block is a grep that shows no credential
/// setting ([`super::search::shows_no_setting`]) of the settings files
/// each starting folder's names are ([`crate::secret_paths::credential_settings_file`]).
fn grep_shows_no_setting(inner: &[Arg], starts: &[&str], names: &[&str]) -> bool {
    let Some(program) = exec_program(inner).filter(|p| matches!(*p, "grep" | "egrep" | "fgrep"))
    else {
        return false;
    };
    let Some(words) = inner[1..]
        .iter()
        .map(Arg::literal)
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    !starts.is_empty()
        && starts.iter().all(|dir| {
            names.iter().all(|name| {
                let path = format!("{}/{name}", dir.trim_end_matches('/'));
                match crate::secret_paths::credential_settings_file(&path) {
                    Some(format) => super::search::shows_no_setting(program, &words, format),
                    // (pmxcfs' guest folders hold no folder, and a
                    // container's settings no credential: the files found
                    // are the glob's, `cat /etc/pve/lxc/*.conf`; blind
                    // corpus 196.)
                    None => {
                        pmxcfs_guest_folder(dir) && !crate::secret_paths::names_secret(&path, true)
                    }
                }
            })
        })
}

/// A folder of pmxcfs' that holds one guest's settings file per guest
/// and no folder: `/etc/pve/lxc`, `/etc/pve/nodes/NODE/qemu-server`.
fn pmxcfs_guest_folder(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    let Some(rest) = dir.strip_prefix("/etc/pve/") else {
        return false;
    };
    let kind = match rest.split('/').collect::<Vec<_>>().as_slice() {
        [kind] => *kind,
        ["local", kind] => *kind,
        ["nodes", node, kind] if !node.is_empty() && !node.contains(['*', '?', '[', '.']) => *kind,
        _ => return false,
    };
    matches!(kind, "lxc" | "qemu-server")
}

/// Whether a `find -exec` block is a grep that prints only names, counts
/// or nothing (`-l`, `-L`, `-c`, `-q`, alone or in a cluster of flags).
fn grep_names_only(inner: &[Arg]) -> bool {
    if !matches!(
        exec_program(inner),
        Some("grep" | "egrep" | "fgrep" | "zgrep")
    ) {
        return false;
    }
    // As grep's parser reads the line (`-e -l` gives `-e` the pattern
    // `-l`).
    crate::tables::reading("grep", &inner[1..]).is_some_and(|line| {
        line.options.iter().any(|g| {
            matches!(
                g.name,
                "l" | "L"
                    | "c"
                    | "q"
                    | "files-with-matches"
                    | "files-without-match"
                    | "count"
                    | "quiet"
                    | "silent"
            )
        })
    })
}

/// The base name of the program a `find -exec` block runs.
fn exec_program(inner: &[Arg]) -> Option<&str> {
    inner
        .first()
        .and_then(Arg::literal)
        .map(|p| p.rsplit('/').next().unwrap_or(p))
}

/// `find`'s words before its first action: only tests there choose what
/// the action runs on (`find /srv -exec cat {} + -name x` prints every
/// file).
fn before_action<'a, 'w>(lits: &'a [&'w str]) -> &'a [&'w str] {
    let end = lits
        .iter()
        .position(|w| matches!(*w, "-exec" | "-execdir" | "-ok" | "-okdir"))
        .unwrap_or(lits.len());
    &lits[..end]
}

/// `find`'s starting points (after its own options `-P`, `-L`, `-H`, `-D
/// debugopts`, `-Olevel`; `.` when none is given), and whether it follows
/// symbolic links (`-L`).
fn find_starts<'a>(lits: &[&'a str]) -> (Vec<&'a str>, bool) {
    let mut words = lits.iter().peekable();
    let mut follows = false;
    while let Some(w) = words.peek() {
        match **w {
            "-P" | "-H" => {
                words.next();
            }
            "-L" => {
                follows = true;
                words.next();
            }
            "-D" => {
                words.next();
                words.next();
            }
            o if o.starts_with("-O") => {
                words.next();
            }
            _ => break,
        }
    }
    let starts: Vec<&str> = words
        .take_while(|w| !w.starts_with('-') && !matches!(**w, "(" | "!"))
        .copied()
        .collect();
    if starts.is_empty() {
        (vec!["."], follows)
    } else {
        (starts, follows)
    }
}

/// Whether `find … -exec PROGRAM {}` may open a file that acts when
/// opened (a watchdog, a serial line, `/proc/kmsg`): PROGRAM opens the
/// names it is given and the walk may reach one ([`crate::secret_paths::walk_may_reach_acting`];
/// `-L` follows links anywhere, a starting point only known at run time
/// may be anything). Only folders (`-type d` alone) are harmless to open.
fn find_opens_acting(
    args: &[Arg],
    inner: &[Arg],
    folders: &crate::secret_paths::Folders,
) -> Verdict {
    let program = exec_program(inner);
    let given_names = inner.iter().skip(1).any(|a| a.raw().contains("{}"));
    if !given_names || program.is_some_and(|p| !secrets::opens_its_operands(p)) {
        return Verdict::read_only("`find -exec` opens nothing it finds");
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let head = before_action(&lits);
    let alternatives = head
        .iter()
        .any(|w| matches!(*w, "-o" | "-or" | "!" | "-not" | ","));
    if !alternatives && head.windows(2).any(|p| p == ["-type", "d"]) {
        return Verdict::read_only("`find -exec` is given folders only");
    }
    let (starts, follows) = find_starts(&lits);
    let stays = head.iter().any(|w| matches!(*w, "-xdev" | "-mount"));
    let dynamic_start = args
        .iter()
        .take_while(|a| {
            a.literal()
                .is_none_or(|w| !w.starts_with('-') || matches!(w, "-P" | "-L" | "-H"))
        })
        .any(|a| a.literal().is_none());
    if follows
        || dynamic_start
        || starts
            .iter()
            .any(|start| crate::secret_paths::walk_may_reach_acting(start, stays, folders))
    {
        Verdict::mutation(
            "`find -exec` opens what it finds, and its walk may reach a device or kernel file \
             that acts when opened (a watchdog reboots the host, a serial line resets what hangs \
             on it, `/proc/kmsg` is consumed)",
        )
    } else {
        Verdict::read_only("`find -exec` opens no device")
    }
}

fn docker(name: &str, args: &[Arg]) -> Verdict {
    let values = &[
        "-H",
        "--host",
        "--context",
        "-c",
        "--config",
        "-l",
        "--log-level",
        "--tlscacert",
        "--tlscert",
        "--tlskey",
    ];
    let pos = positionals(args, values);
    let Some(first) = pos.first() else {
        return Verdict::read_only(format!("`{name}` without a command prints usage"));
    };
    let Some(verb) = first.literal() else {
        return Verdict::destructive(format!("`{name}` command only known at run time"));
    };
    const READ: &[&str] = &[
        "ps", "images", "inspect", "logs", "stats", "version", "info", "top", "port", "diff",
        "history", "events", "search", "help", "ls", "list", "df", "services",
        // (`docker buildx du`: the build cache's size; blind corpus 83.)
        "du",
    ];
    const DESTRUCTIVE: &[&str] = &[
        "rm", "rmi", "kill", "stop", "prune", "remove", "delete", "pause", "down", "leave",
    ];
    // A node drained, a service scaled to nothing (`--replicas 0`, `scale
    // web=0`): what ran there stops (blind corpus 49).
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let drains = lits.contains(&"drain")
        || lits.windows(2).any(|w| w[0] == "--replicas" && w[1] == "0")
        || lits
            .iter()
            .any(|w| *w == "--replicas=0" || (w.ends_with("=0") && lits.contains(&"scale")));
    if drains {
        return Verdict::destructive(format!(
            "`{name} {verb}` drains a node or scales a service to nothing"
        ));
    }
    match verb {
        "compose" => {
            let i = args
                .iter()
                .position(|a| a.literal() == Some("compose"))
                .map_or(args.len(), |i| i + 1);
            compose(&format!("{name} compose"), &args[i..])
        }
        "container" | "image" | "volume" | "network" | "system" | "builder" | "buildx"
        | "context" | "node" | "service" | "stack" | "plugin" | "secret" | "config" | "swarm"
        | "trust" | "manifest" | "checkpoint" | "machine" | "pod" | "kube" => by_verb(
            &format!("{name} {verb}"),
            pos.get(1).copied(),
            READ,
            DESTRUCTIVE,
        ),
        _ => by_verb(name, Some(first), READ, DESTRUCTIVE),
    }
}

/// Compose's own options that take a value (before its command).
const COMPOSE_VALUED: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--env-file",
    "--profile",
    "--project-directory",
    "--ansi",
    "--parallel",
    "--progress",
];

fn compose(name: &str, args: &[Arg]) -> Verdict {
    // Compose loads `-f oci://REGISTRY/…` and git references (URLs,
    // `USER@HOST:PATH`, `HOST:PATH`, `github.com/…`) from where they
    // point: a file is local only spelled as one.
    if args.iter().any(|a| a.raw().contains("://"))
        || compose_files(args).iter().any(|f| !local_compose_file(f))
    {
        return Verdict::mutation(format!(
            "`{name}` loads a project from a registry or repository, a place it sends a request to"
        ));
    }
    by_verb(
        name,
        positionals(args, COMPOSE_VALUED).first().copied(),
        // (`exec`: its command is judged as itself, by its table.)
        &[
            "ps", "logs", "config", "ls", "images", "top", "version", "port", "events", "help",
            "exec",
        ],
        &["down", "rm", "kill", "stop", "pause"],
    )
}

/// The values of compose's `-f`/`--file` (`--file=F`, `-fF`), as written
/// (a word only known at run time as its raw text).
fn compose_files(args: &[Arg]) -> Vec<&str> {
    // Only compose's own options, before its command (`logs -f` follows).
    let mut out = Vec::new();
    let mut value_next = false;
    for (i, arg) in args.iter().enumerate() {
        let raw = arg.raw();
        if value_next {
            value_next = false;
            continue;
        }
        if !raw.starts_with('-') {
            break;
        }
        value_next = COMPOSE_VALUED.contains(&raw);
        if matches!(raw, "-f" | "--file") {
            out.push(args.get(i + 1).map_or("", Arg::raw));
        } else if let Some(value) = raw.strip_prefix("--file=") {
            out.push(value);
        } else if let Some(value) = raw.strip_prefix("-f").filter(|v| !v.is_empty()) {
            out.push(value);
        }
    }
    out
}

/// Whether a compose file's name is a file here: an absolute or `./`,
/// `../` path, or a relative name with no `:` (buildkit's git reference
/// parser takes `HOST:PATH` and `github.com/…`), nothing only known at
/// run time.
fn local_compose_file(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(['$', '`'])
        && (name.starts_with('/')
            || name.starts_with("./")
            || name.starts_with("../")
            || (!name.contains(':') && !name.starts_with("github.com/")))
}

/// A pager's `+` start command that only moves or searches (`+G`, `+F`,
/// `+50`, `+/error`); anything else (`+!cmd`, `+|cmd`, `+s file`, `+v`)
/// may run a program or write a file.
fn pager_motion(word: &str) -> bool {
    let command = word.trim_start_matches('+');
    matches!(command, "G" | "g" | "F" | "")
        || command.chars().all(|c| c.is_ascii_digit())
        || (command.starts_with('/') && !command.contains(['!', '|']))
}

/// Long options that name a program the tool runs, per tool, each with
/// the shortest prefix GNU's parser takes for it there (`--compress-p=sh`
/// is `--compress-program`; `--checkpoint=1` is an option of its own).
const RUNS_A_PROGRAM: &[(&str, &[(&str, usize)])] = &[
    ("sort", &[("compress-program", 3)]),
    ("rg", &[("pre", 3)]),
    ("ag", &[("pager", 3)]),
    (
        "tar",
        &[
            ("to-command", 4),
            ("use-compress-program", 3),
            ("checkpoint-action", 11),
            ("info-script", 3),
            ("new-volume-script", 4),
            ("rsh-command", 3),
            ("rmt-command", 3),
        ],
    ),
    ("rsync", &[("rsh", 3), ("rsync-path", 3)]),
    (
        "git",
        &[("upload-pack", 3), ("receive-pack", 3), ("exec", 4)],
    ),
    ("man", &[("pager", 3), ("html", 2), ("config-file", 3)]),
    // certbot(1) 2.x: hooks run through the shell as root, now and, saved
    // in the renewal's configuration, at every renewal; `--dry-run` runs
    // the pre and post hooks too (argparse takes any unambiguous prefix;
    // review 119).
    (
        "certbot",
        &[
            ("pre-hook", 4),
            ("post-hook", 3),
            ("deploy-hook", 3),
            ("renew-hook", 7),
            ("manual-auth-hook", 8),
            ("manual-cleanup-hook", 8),
        ],
    ),
    // acme.sh: the reload command runs at once and, saved as
    // `Le_ReloadCmd`, at every renewal (its own parser: names in full).
    // Review 124: restic's password command (pflag: names in full),
    // borg's remote shell, gpg's photo viewer and helper folder, perf
    // stat's hooks, docker's configuration folder (its `cli-plugins`
    // run), man-db's configuration (it names the programs man runs).
    ("restic", &[("password-command", 16)]),
    ("borg", &[("rsh", 3)]),
    ("gpg", &[("photo-viewer", 5), ("exec-path", 6)]),
    ("gpg2", &[("photo-viewer", 5), ("exec-path", 6)]),
    ("perf", &[("pre", 3), ("post", 4)]),
    ("docker", &[("config", 6)]),
    (
        "acme.sh",
        &[
            ("reloadcmd", 9),
            ("reloadCmd", 9),
            ("pre-hook", 8),
            ("post-hook", 9),
            ("renew-hook", 10),
        ],
    ),
];

/// The first option of `args` that names a program `name` runs.
fn runs_a_program(name: &str, args: &[Arg]) -> Option<String> {
    let (_, options) = RUNS_A_PROGRAM.iter().find(|(n, _)| *n == name)?;
    args.iter()
        .filter_map(Arg::literal)
        .take_while(|a| *a != "--")
        .filter_map(|a| a.strip_prefix("--"))
        .map(|a| match a.split_once('=') {
            Some((word, value)) => (word, Some(value)),
            None => (a, None),
        })
        .find(|(word, value)| {
            // A pager that only prints (`--pager=cat`), a decompressor
            // (`tar --use-compress-program=zstd`) run nothing new.
            value.is_none_or(|v| v != "cat" && !crate::tables::decompressor(v))
                && options
                    .iter()
                    .any(|(o, min)| word.len() >= *min && o.starts_with(*word))
        })
        .map(|(word, _)| format!("--{word}"))
}

